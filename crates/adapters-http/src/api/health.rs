//! `/health` and `/ready`: liveness and readiness for load balancers and orchestrators.

use actix_web::{HttpResponse, web};
use atelier_application::health::Readiness;
use atelier_application::store::Store;
use serde::Serialize;
use utoipa::ToSchema;

use crate::error::ErrorBody;

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

pub fn routes<S: Store>(config: &mut web::ServiceConfig) {
    config
        .service(web::resource("/health").get(health).default_service(web::to(super::method_not_allowed)))
        .service(web::resource("/ready").get(ready::<S>).default_service(web::to(super::method_not_allowed)));
}
