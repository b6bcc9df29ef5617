//! `/health` and `/ready`: liveness and readiness for load balancers and orchestrators. Liveness
//! also tells how the scheduled backups go, when they are on.

use actix_web::{HttpResponse, web};
use atelier_application::backups::ports::BackupRuns;
use atelier_application::backups::status::{BackupMonitor, BackupStatus, LastOutcome};
use atelier_application::health::Readiness;
use atelier_application::ports::SharedClock;
use atelier_application::store::Store;
use chrono::{DateTime, Utc};
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

/// Liveness, and the scheduled backups' state.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Health)]
pub struct HealthDto {
    #[schema(example = "ok")]
    pub status: &'static str,
    /// The scheduled backups (`ATELIER_BACKUP_EVERY`); absent when they are off.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub backups: Option<BackupsHealthDto>,
}

/// How the last scheduled backup ended: `none` before the first, `unknown` when the record of the
/// runs could not be read in time.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = BackupOutcome)]
pub enum BackupOutcomeDto {
    None,
    Written,
    Failed,
    Unknown,
}

/// The scheduled backups' state, shared by every instance: never where they go or why one failed
/// (the log and the `backup_runs` table say that).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = BackupsHealth)]
pub struct BackupsHealthDto {
    /// The period between backups, in seconds.
    #[schema(example = 21600)]
    pub every_seconds: u64,
    /// When the last scheduled backup ended, by any instance; null before the first.
    pub last_run_at: Option<DateTime<Utc>>,
    pub last_outcome: BackupOutcomeDto,
    /// The start of the first period whose backup has not ended: now or past when the current
    /// period's is still to be written (an instance takes it within half a minute).
    pub next_due_at: DateTime<Utc>,
}

impl From<BackupStatus> for BackupsHealthDto {
    fn from(status: BackupStatus) -> Self {
        Self {
            every_seconds: status.every.as_secs(),
            last_run_at: status.last_run_at,
            last_outcome: match status.last_outcome {
                LastOutcome::None => BackupOutcomeDto::None,
                LastOutcome::Written => BackupOutcomeDto::Written,
                LastOutcome::Failed => BackupOutcomeDto::Failed,
                LastOutcome::Unknown => BackupOutcomeDto::Unknown,
            },
            next_due_at: status.next_due_at,
        }
    }
}

/// The scheduled backups' monitor, when they are on.
pub type Backups<S> = Option<BackupMonitor<S, SharedClock>>;

/// Liveness
///
/// The process is up and answering (whether the database answers or not), with the scheduled
/// backups' state when they are on.
#[utoipa::path(
    get, path = "/health", tag = "system", operation_id = "health",
    responses((status = 200, description = "Alive", body = HealthDto))
)]
pub async fn health<S: Store + BackupRuns>(backups: web::Data<Backups<S>>) -> web::Json<HealthDto> {
    let backups = match backups.get_ref() {
        Some(monitor) => Some(monitor.status().await.into()),
        None => None,
    };
    web::Json(HealthDto { status: "ok", backups })
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

pub fn routes<P: Ports>(config: &mut crate::api::Routes, store: &P::Store, _clock: &SharedClock) {
    config.app_data(web::Data::new(Readiness::new(store.clone())));
    config
        .service(super::resource("/health").get(health::<P::Store>))
        .service(super::resource("/ready").get(ready::<P::Store>));
}
