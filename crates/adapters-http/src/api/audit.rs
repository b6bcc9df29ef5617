//! `/audit`: the audit log, read-only. Entries are appended by the store in the transaction of each
//! administrator's write (see `atelier_application::audit`); the API has no operation that changes
//! or deletes one, and old ones are only dropped by the retention period.

use actix_web::web;
use atelier_application::audit::{Actor, AuditEntry, AuditLog, AuditQuery, AuditQueryError};
use atelier_application::ports::SharedClock;
use atelier_application::store::Store;
use atelier_domain::Page;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use crate::contract::Rules;
use crate::error::ApiError;
use crate::ports::Ports;

/// One recorded change.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AuditEntry)]
pub struct AuditEntryDto {
    #[serde(rename = "_id")]
    pub id: String,
    /// When the change was committed.
    pub at: DateTime<Utc>,
    /// The account that made it; none for a failed sign-in.
    pub actor_id: Option<String>,
    /// The account's name at the time.
    pub actor_name: Option<String>,
    /// The account's address at the time; for a failed sign-in, the address typed (at most 100
    /// characters).
    pub actor_email: Option<String>,
    /// `create`, `update`, `delete`, `status`, `reorder`, `restore`, `sign-in`, `sign-in-failed`,
    /// `sign-in-password-accepted`, `sign-out`, `password-change`, `profile-update`,
    /// `two-factor-setup`, `two-factor-enable`, `two-factor-disable`, `invite`…
    pub action: String,
    /// The kind of record: the operation path's literal segments (`services`, `blog/posts`,
    /// `auth/login`).
    pub entity_kind: String,
    /// The record's id (or key, such as a content page's type), when there is one.
    pub entity_id: Option<String>,
    /// The record's title or name as it was when the entry was written (a deleted record's too);
    /// `null` for entries written before titles were kept and for requests about no one record.
    pub entity_title: Option<String>,
    /// The documented operation: `PUT /services/{id}`.
    pub operation: String,
    /// The request's `X-Request-Id`, to find its log lines.
    pub request_id: String,
    pub client_address: Option<String>,
    /// The names of the fields changed (where the record could be compared) or sent; never values.
    pub summary: Vec<String>,
}

impl From<&AuditEntry> for AuditEntryDto {
    fn from(entry: &AuditEntry) -> Self {
        Self {
            id: entry.id.to_string(),
            at: entry.at,
            actor_id: entry.actor_id.map(|id| id.to_string()),
            actor_name: entry.actor_name.clone(),
            actor_email: entry.actor_email.clone(),
            action: entry.action.clone(),
            entity_kind: entry.entity_kind.clone(),
            entity_id: entry.entity_id.clone(),
            entity_title: entry.entity_title.clone(),
            operation: entry.operation.clone(),
            request_id: entry.request_id.clone(),
            client_address: entry.client_address.clone(),
            summary: entry.summary.clone(),
        }
    }
}

/// One page of entries.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AuditEntryList)]
pub struct AuditEntryListDto {
    /// Newest first.
    pub entries: Vec<AuditEntryDto>,
    pub total_items: u64,
    pub total_pages: u64,
    pub current_page: u64,
}

impl From<&Page<AuditEntry>> for AuditEntryListDto {
    fn from(page: &Page<AuditEntry>) -> Self {
        Self {
            entries: page.items.iter().map(AuditEntryDto::from).collect(),
            total_items: page.total_items,
            total_pages: page.total_pages,
            current_page: page.current_page,
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct AuditListParams {
    /// Only entries made by this account (its `_id`).
    pub actor: Option<String>,
    /// Only entries about this kind of record (`services`, `blog/posts`, `auth/login`…).
    pub entity: Option<String>,
    /// Only entries made at or after this instant (RFC 3339).
    pub from: Option<DateTime<Utc>>,
    /// Only entries made before this instant (RFC 3339).
    pub to: Option<DateTime<Utc>>,
    /// Page size: 1 to 1000; 50 by default.
    pub limit: Option<i64>,
    /// Page number from 1.
    pub page: Option<i64>,
}

impl From<AuditQueryError> for ApiError {
    fn from(error: AuditQueryError) -> Self {
        match error {
            AuditQueryError::InvalidActor => Self::bad_request("actor must be an account id"),
            AuditQueryError::InvalidRange => Self::bad_request("to must not be before from"),
            AuditQueryError::Unexpected(error) => Self::Unexpected(error),
        }
    }
}

/// List the audit log
///
/// Every administrator's write, sign-in and failed sign-in, newest first, one page of them, with
/// the total matching the filters. Entries are append-only: no operation changes or deletes one;
/// they are dropped only once older than the retention period (`ATELIER_AUDIT_RETENTION_DAYS`).
#[utoipa::path(
    get, path = "/audit", tag = "audit", operation_id = "listAuditEntries",
    params(AuditListParams),
    responses((status = 200, description = "One page of audit entries", body = AuditEntryListDto))
)]
pub async fn list_audit_entries<S: Store>(
    log: web::Data<AuditLog<S, SharedClock>>,
    params: web::Query<AuditListParams>,
) -> Result<web::Json<AuditEntryListDto>, ApiError> {
    let params = params.into_inner();
    let query = AuditQuery {
        actor: params.actor,
        entity_kind: params.entity,
        from: params.from,
        to: params.to,
        page: params.page,
        limit: params.limit,
    };
    let page = log.list(query).await?;
    Ok(web::Json(AuditEntryListDto::from(&page)))
}

/// A person the log names.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = AuditActor)]
pub struct AuditActorDto {
    /// The account's id, as entries' `actorId` and the list's `actor` filter have it.
    #[serde(rename = "_id")]
    pub id: String,
    /// The name of the person's newest entry.
    pub name: String,
    /// The address of the person's newest entry.
    pub email: String,
}

impl From<Actor> for AuditActorDto {
    fn from(actor: Actor) -> Self {
        Self { id: actor.id.to_string(), name: actor.name, email: actor.email }
    }
}

/// Everyone the audit log names.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = AuditActorList)]
pub struct AuditActorListDto {
    pub actors: Vec<AuditActorDto>,
}

/// List the people the audit log names
///
/// Every account with an entry in the log, current administrators and removed ones alike (entries
/// outlive accounts), by name, each named as in its newest entry: the choices of the list's `actor`
/// filter.
#[utoipa::path(
    get, path = "/audit/actors", tag = "audit", operation_id = "listAuditActors",
    responses((status = 200, description = "The people the log names", body = AuditActorListDto))
)]
pub async fn list_audit_actors<S: Store>(
    log: web::Data<AuditLog<S, SharedClock>>,
) -> Result<web::Json<AuditActorListDto>, ApiError> {
    let actors = log.actors().await?.into_iter().map(AuditActorDto::from).collect();
    Ok(web::Json(AuditActorListDto { actors }))
}

#[derive(Debug, OpenApi)]
#[openapi(
    paths(list_audit_entries, list_audit_actors),
    tags((name = "audit", description = "The audit log: who changed what, read-only")),
)]
pub struct Doc;

/// The rules of the bodies and parameters this resource takes, from the domain's limits
/// ([`crate::contract`]): collected by [`super::rules`].
pub fn rules() -> Rules {
    Rules::none().parameter(&["listAuditEntries"], "actor", &crate::contract::optional_id())
}

pub fn routes<P: Ports>(config: &mut crate::api::Routes, store: &P::Store, clock: &SharedClock) {
    config.app_data(web::Data::new(AuditLog::new(store.clone(), clock.clone())));
    config
        .service(super::resource("/audit").get(list_audit_entries::<P::Store>))
        .service(super::resource("/audit/actors").get(list_audit_actors::<P::Store>));
}
