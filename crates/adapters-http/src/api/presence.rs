//! `/presence/{kind}/{id}`: who else has a record open for editing. The back office's edit forms
//! send `PUT` every 10 s while open and `DELETE` when closed; each `PUT` answers the other people
//! seen there within the last 30 s.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use atelier_application::ports::SharedClock;
use atelier_application::presence::{Editor, Presences};
use atelier_application::store::Store;
use atelier_domain::presence::{RecordKind, RecordRef, RecordRefError};
use atelier_domain::user::Role;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::access::{self, Verdict};
use crate::caller::SignedIn;
use crate::contract::Rules;
use crate::error::ApiError;
use crate::ports::Ports;
use crate::responses::Deleted;

/// The kinds of record the back office edits in a form.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
#[schema(as = PresenceKind)]
pub enum PresenceKindDto {
    Post,
    Project,
    Page,
    HomePage,
    Service,
    Category,
    Tag,
    Technology,
    TeamMember,
    Testimonial,
    Faq,
    Media,
    ContactDetails,
    Settings,
    Contact,
    ProjectRequest,
}

/// The account of a person present.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = PresenceAccount)]
pub struct PresenceAccountDto {
    /// The account's `_id`.
    pub id: String,
    pub name: String,
}

/// Another person with the record open.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = PresenceEntry)]
pub struct PresenceDto {
    pub account: PresenceAccountDto,
    /// When they opened the record.
    pub since: DateTime<Utc>,
}

impl From<Editor> for PresenceDto {
    fn from(editor: Editor) -> Self {
        Self { account: PresenceAccountDto { id: editor.account.to_string(), name: editor.name }, since: editor.since }
    }
}

/// The operation that reads records of `kind`: who may read it may be present at its records.
const fn read_operation(kind: RecordKind) -> &'static str {
    match kind {
        RecordKind::Post => "/blog/posts/{id}",
        RecordKind::Project => "/portfolio/{id}",
        RecordKind::Page => "/content",
        RecordKind::HomePage => "/home-page",
        RecordKind::Service => "/services/{id}",
        RecordKind::Category => "/blog/categories",
        RecordKind::Tag => "/tags",
        RecordKind::Technology => "/technologies/{id}",
        RecordKind::TeamMember => "/team/{id}",
        RecordKind::Testimonial => "/testimonials/{id}",
        RecordKind::Faq => "/faqs/{id}",
        RecordKind::Media => "/media/{id}",
        RecordKind::ContactDetails => "/contact-details",
        RecordKind::Settings => "/settings",
        RecordKind::Contact => "/contacts/{id}",
        RecordKind::ProjectRequest => "/project-requests/{id}",
    }
}

/// Whether `role` may read records of `kind` (and so be present at them).
pub fn may_read(kind: RecordKind, role: Role) -> bool {
    let path = read_operation(kind);
    access::is_public("GET", path) || access::permission("GET", path).verdict(role) == Verdict::Allowed
}

/// The record named by the path, for a caller who may read its kind.
fn record(path: &(String, String), signed_in: &SignedIn) -> Result<RecordRef, ApiError> {
    let record = RecordRef::parse(&path.0, &path.1).map_err(|error| match error {
        RecordRefError::UnknownKind(kind) => {
            let kinds: Vec<&str> = RecordKind::ALL.iter().map(|kind| kind.as_str()).collect();
            ApiError::bad_request(format!("Unknown record kind '{kind}': one of {}", kinds.join(", ")))
        }
        RecordRefError::InvalidId => {
            ApiError::bad_request("Invalid record id: 1 to 64 lowercase letters, digits and hyphens")
        }
    })?;
    let role = signed_in.0.role();
    if !may_read(record.kind, role) {
        let permission = access::permission("GET", read_operation(record.kind));
        return Err(ApiError::client(StatusCode::FORBIDDEN, permission.refusal("read these records")));
    }
    Ok(record)
}

/// Say you are editing a record
///
/// A heartbeat: marks the caller present at the record (since the first heartbeat of this stay)
/// and answers the other people seen there within the last 30 s, the longest there first, the
/// caller left out. Send it every 10 s while the record's form is open; without one for 30 s the
/// caller is gone. Records are named by kind and id (a page by its type, a one-record screen such
/// as the home page by `current`).
#[utoipa::path(
    put, path = "/presence/{kind}/{id}", tag = "presence", operation_id = "touchPresence",
    params(
        ("kind" = PresenceKindDto, Path, description = "The record's kind"),
        ("id" = String, Path, description = "The record's `_id`, a page's type, or `current` for a one-record screen"),
    ),
    responses(
        (status = 200, description = "The other people with the record open", body = [PresenceDto]),
        (status = 400, description = "Unknown kind or invalid id"),
    )
)]
pub async fn touch_presence<S: Store>(
    presences: web::Data<Presences<S, SharedClock>>,
    signed_in: SignedIn,
    path: web::Path<(String, String)>,
) -> Result<web::Json<Vec<PresenceDto>>, ApiError> {
    let record = record(&path, &signed_in)?;
    let editors = presences.heartbeat(signed_in.0.user.id, &record).await?;
    Ok(web::Json(editors.into_iter().map(PresenceDto::from).collect()))
}

/// Say you stopped editing a record
///
/// Removes the caller's presence at once (closing the form, leaving the page).
#[utoipa::path(
    delete, path = "/presence/{kind}/{id}", tag = "presence", operation_id = "leavePresence",
    params(
        ("kind" = PresenceKindDto, Path, description = "The record's kind"),
        ("id" = String, Path, description = "The record's `_id`, a page's type, or `current` for a one-record screen"),
    ),
    responses(Deleted, (status = 400, description = "Unknown kind or invalid id"))
)]
pub async fn leave_presence<S: Store>(
    presences: web::Data<Presences<S, SharedClock>>,
    signed_in: SignedIn,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, ApiError> {
    let record = record(&path, &signed_in)?;
    presences.leave(signed_in.0.user.id, &record).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// The operations of this resource, documented: nested into the API document by [`super::documents`].
#[derive(Debug, OpenApi)]
#[openapi(
    paths(touch_presence, leave_presence),
    components(schemas(PresenceKindDto)),
    tags((name = "presence", description = "Who else has a record open for editing")),
)]
pub struct Doc;

/// The rules of the bodies and parameters this resource takes, from the domain's limits
/// ([`crate::contract`]): collected by [`super::rules`].
pub fn rules() -> Rules {
    Rules::none().parameter(&["touchPresence", "leavePresence"], "id", &crate::contract::presence_key())
}

pub fn routes<P: Ports>(config: &mut crate::api::Routes, store: &P::Store, clock: &SharedClock) {
    config.app_data(web::Data::new(Presences::new(store.clone(), clock.clone())));
    config.service(
        super::resource("/presence/{kind}/{id}").put(touch_presence::<P::Store>).delete(leave_presence::<P::Store>),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_is_named_alike_in_the_document_and_the_domain() {
        for kind in RecordKind::ALL {
            let dto: PresenceKindDto = serde_json::from_value(serde_json::json!(kind.as_str())).unwrap();
            assert_eq!(serde_json::to_value(dto).unwrap(), kind.as_str());
        }
    }

    #[test]
    fn everyone_may_be_present_at_content_and_only_sales_at_the_inbox() {
        for role in Role::ALL {
            assert!(may_read(RecordKind::Post, role), "{role:?}");
            assert!(may_read(RecordKind::HomePage, role), "{role:?}");
        }
        assert!(may_read(RecordKind::Contact, Role::Sales));
        assert!(!may_read(RecordKind::Contact, Role::Editor));
        assert!(!may_read(RecordKind::ProjectRequest, Role::Contributor));
    }
}
