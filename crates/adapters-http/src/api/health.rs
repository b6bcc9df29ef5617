//! `/health` and `/ready`: liveness and readiness for load balancers and orchestrators.

use actix_web::{HttpResponse, web};
use atelier_application::health::Readiness;
use atelier_application::ports::SharedClock;
use atelier_application::store::Store;
use serde::Serialize;
use utoipa::{OpenApi, ToSchema};

use crate::contract::Rules;
use crate::error::ErrorBody;
use crate::ports::Ports;

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Status)]
pub struct StatusDto {
    #[schema(example = "ok")]
    pub status: &'static str,
}

/// Liveness
///
/// The process is up and answering.
#[utoipa::path(
    get, path = "/health", tag = "system", operation_id = "health",
    responses((status = 200, description = "Alive", body = StatusDto))
)]
pub async fn health() -> web::Json<StatusDto> {
    web::Json(StatusDto { status: "ok" })
}

/// Readiness
///
/// The database answers, so requests can be served.
#[utoipa::path(
    get, path = "/ready", tag = "system", operation_id = "ready",
    responses(
        (status = 200, description = "Ready", body = StatusDto),
        (status = 503, description = "The database does not answer", body = ErrorBody),
    )
)]
pub async fn ready<S: Store>(readiness: web::Data<Readiness<S>>) -> HttpResponse {
    match readiness.check().await {
        Ok(()) => HttpResponse::Ok().json(StatusDto { status: "ready" }),
        Err(error) => {
            tracing::warn!(error = format!("{error:#}"), "not ready");
            HttpResponse::ServiceUnavailable().json(ErrorBody {
                message: "The database does not answer".into(),
                errors: None,
                request_id: None,
            })
        }
    }
}

/// The operations of this resource, documented: nested into the API document by [`super::documents`].
#[derive(Debug, OpenApi)]
#[openapi(
    paths(health, ready),
    tags((name = "system", description = "Liveness and readiness")),
)]
pub struct Doc;

/// This resource's request rules ([`crate::contract`]): none, it takes no body and its parameters'
/// schemas say enough. Collected by [`super::rules`].
pub fn rules() -> Rules {
    Rules::none()
}

pub fn routes<P: Ports>(config: &mut web::ServiceConfig, store: &P::Store, _clock: &SharedClock) {
    config.app_data(web::Data::new(Readiness::new(store.clone())));
    config.service(super::resource("/health").get(health)).service(super::resource("/ready").get(ready::<P::Store>));
}
