//! Which requests the audit log records, and what the HTTP layer tells it about each: every
//! operation that needs an administrator's token and is not a read (nor a computation, [`COMPUTATIONS`]), the exports (reads of a whole
//! list, `GET …/export`), plus the public operations that sign someone in or create an account
//! ([`AUDITED_PUBLIC_OPERATIONS`]). The gate runs each such
//! request inside an audit scope ([`atelier_application::audit::scope`]) carrying the caller, the
//! request id, the client address, the operation and the names of the fields sent; the store appends
//! the entry in the write's own transaction.

use actix_web::dev::{Payload, ServiceRequest};
use actix_web::http::{StatusCode, header};
use actix_web::{Error, HttpMessage, web};
use atelier_application::accounts::Principal;
use atelier_application::audit::{Actor, AuditContext};
use tracing_actix_web::RequestId;

use crate::access::PublicOperation;
use crate::error::ApiError;

/// Public operations that are recorded all the same: signing in (each failure too), registering the
/// first account and accepting an invitation.
pub const AUDITED_PUBLIC_OPERATIONS: &[PublicOperation] = &[
    PublicOperation { method: "POST", path: "/auth/login" },
    PublicOperation { method: "POST", path: "/auth/login/two-factor" },
    PublicOperation { method: "POST", path: "/auth/register" },
    PublicOperation { method: "POST", path: "/auth/invitations/accept" },
];

/// Writes that change no record, never recorded whoever calls them: the back office's markdown
/// preview (an answer computed from the body) and presence (who has a record open, said every ten
/// seconds while a form is open).
pub const COMPUTATIONS: &[PublicOperation] = &[
    PublicOperation { method: "POST", path: "/markdown/preview" },
    PublicOperation { method: "PUT", path: "/presence/{kind}/{id}" },
    PublicOperation { method: "DELETE", path: "/presence/{kind}/{id}" },
];

/// Bodies larger than this are not read for their field names (the entry's summary is then empty).
const FIELDS_BODY_LIMIT: u64 = 1024 * 1024;

/// Whether `method path` (a documented path template) is recorded; `admin_only` when the operation
/// needs an administrator's token.
pub fn is_audited(method: &str, template: &str, admin_only: bool) -> bool {
    if is_export(method, template) {
        return admin_only;
    }
    let computation = COMPUTATIONS
        .iter()
        .any(|operation| operation.method.eq_ignore_ascii_case(method) && operation.path == template);
    let write = !matches!(method, "GET" | "HEAD" | "OPTIONS") && !computation;
    write
        && (admin_only
            || AUDITED_PUBLIC_OPERATIONS
                .iter()
                .any(|operation| operation.method.eq_ignore_ascii_case(method) && operation.path == template))
}

/// Whether `method path` hands out a whole list as a file (`GET /contacts/export`).
fn is_export(method: &str, template: &str) -> bool {
    matches!(method, "GET" | "HEAD") && template.ends_with("/export")
}

/// What an operation does, in the audit log's words.
pub fn action(method: &str, template: &str) -> &'static str {
    if is_export(method, template) {
        return "export";
    }
    let named = match (method, template) {
        ("POST", "/auth/login" | "/auth/login/two-factor") => Some("sign-in"),
        ("POST", "/auth/logout") => Some("sign-out"),
        ("POST", "/auth/register") => Some("register"),
        ("PUT", "/auth/change-password") => Some("password-change"),
        ("PUT", "/auth/profile") => Some("profile-update"),
        ("POST", "/auth/sessions/sign-out-others") => Some("sign-out-others"),
        ("DELETE", "/auth/sessions/{id}") => Some("sign-out-session"),
        ("POST", "/auth/two-factor/setup") => Some("two-factor-setup"),
        ("POST", "/auth/two-factor/confirm") => Some("two-factor-enable"),
        ("POST", "/auth/two-factor/disable") => Some("two-factor-disable"),
        ("POST", "/auth/invitations/accept") => Some("invitation-accept"),
        ("POST", "/admins/invitations") => Some("invite"),
        ("DELETE", "/admins/invitations/{id}") => Some("invitation-revoke"),
        ("DELETE", "/admins/{id}") => Some("admin-remove"),
        ("PUT", "/admins/{id}/role") => Some("role-change"),
        ("POST", "/admins/{id}/ownership") => Some("ownership-handover"),
        ("POST", "/blog/posts/{id}/submission") => Some("submit-for-review"),
        ("POST", "/blog/posts/{id}/review") => Some("review"),
        ("POST", "/webhooks/{id}/secret") => Some("secret-rotate"),
        ("POST", "/webhooks/{id}/test") => Some("test"),
        ("POST", "/webhooks/{id}/deliveries/{deliveryId}/redeliver") => Some("redeliver"),
        _ => None,
    };
    if let Some(action) = named {
        return action;
    }
    match (method, template.rsplit('/').next().unwrap_or_default()) {
        (_, "status") => "status",
        (_, "order") => "reorder",
        (_, "restore") => "restore",
        ("POST", _) => "create",
        ("DELETE", _) => "delete",
        _ => "update",
    }
}

/// The kind of record an operation is about: its path's literal segments before the first
/// parameter (`/blog/posts/{id}/revisions/{revisionId}/restore` is about `blog/posts`); an export is
/// about the records it lists (`/contacts/export`: `contacts`).
pub fn entity_kind(template: &str) -> String {
    if template == "/export" {
        // The whole site's archive.
        return "site".to_owned();
    }
    template
        .strip_suffix("/export")
        .unwrap_or(template)
        .trim_start_matches('/')
        .split('/')
        .take_while(|segment| !segment.starts_with('{'))
        .collect::<Vec<_>>()
        .join("/")
}

/// The record the operation names, if any: the path's `{id}` when it has one (a translation's
/// `/translations/{kind}/{id}/{lang}` names its record), else its first parameter.
pub fn entity_id(template: &str, path: &str) -> Option<String> {
    let path = path.strip_prefix("/api").unwrap_or(path);
    let pairs = || template.trim_start_matches('/').split('/').zip(path.trim_start_matches('/').split('/'));
    pairs()
        .find(|(segment, _)| *segment == "{id}")
        .or_else(|| pairs().find(|(segment, _)| segment.starts_with('{')))
        .map(|(_, value)| value.to_owned())
}

/// The names of a JSON object's fields, sorted; none for anything else.
pub fn field_names(body: &serde_json::Value) -> Vec<String> {
    match body {
        serde_json::Value::Object(fields) => fields.keys().cloned().collect(),
        _ => Vec::new(),
    }
}

/// The audit context of a request the gate let through. Reads a JSON body for its field names (and
/// an update's `version`) and puts it back for the handler. `Ok(Err(refusal))` when the request must
/// be refused before it runs: an update that names no version (428) or a malformed one (422).
///
/// # Errors
/// When the body cannot be read.
pub async fn context(
    request: &mut ServiceRequest,
    template: &str,
    principal: Option<&Principal>,
) -> Result<Result<AuditContext, ApiError>, Error> {
    let method = request.method().as_str().to_owned();
    let json = request.content_type().ends_with("json");
    let length = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.parse::<u64>().ok());
    // An update of one record must name the version it started from (`crate::versions`); a body
    // of another type is refused by the handler.
    let versioned = json && crate::versions::required(&method, template);
    let readable = length.is_some_and(|length| length > 0 && length <= FIELDS_BODY_LIMIT);
    let (fields, version) = if json && (readable || (versioned && length.is_none())) {
        let body = request.extract::<web::Bytes>().await?;
        // Read once: the field names for the audit log, the version for the store.
        let parsed = crate::extract::json_value(&body);
        let mut fields = parsed.as_ref().map(field_names).unwrap_or_default();
        fields.retain(|field| field != "version");
        let version = parsed.and_then(|value| crate::versions::named(&value));
        request.set_payload(Payload::from(body));
        (fields, version)
    } else {
        (Vec::new(), Ok(None))
    };
    let version = match version {
        Err(error) if versioned => return Ok(Err(error)),
        Ok(None) if versioned => {
            return Ok(Err(ApiError::client(StatusCode::PRECONDITION_REQUIRED, crate::versions::VERSION_REQUIRED)));
        }
        Ok(version) => version,
        Err(_) => None,
    };
    let actor = principal.map(|principal| Actor {
        id: principal.user.id,
        name: principal.user.name.clone(),
        email: principal.user.email.to_string(),
    });
    Ok(Ok(AuditContext {
        actor,
        request_id: request.extensions().get::<RequestId>().map(ToString::to_string).unwrap_or_default(),
        // The peer's address, or the client's behind a trusted proxy, as sign-in throttling reads it.
        client_address: crate::proxies::client_ip(request.request()).map(|address| address.to_string()),
        action: action(&method, template).to_owned(),
        entity_kind: entity_kind(template),
        entity_id: entity_id(template, request.path()),
        operation: format!("{method} {template}"),
        fields,
        version,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_that_need_a_token_and_sign_ins_are_recorded_reads_and_public_forms_not() {
        assert!(is_audited("PUT", "/services/{id}", true));
        assert!(is_audited("POST", "/auth/login", false));
        assert!(!is_audited("GET", "/contacts", true));
        assert!(!is_audited("POST", "/contacts", false));
        assert!(!is_audited("POST", "/auth/invitations/inspect", false));
        assert!(is_audited("GET", "/contacts/export", true), "an export is recorded");
        assert!(!is_audited("GET", "/contacts/export", false));
    }

    #[test]
    fn actions_kinds_and_ids_come_from_the_operation() {
        assert_eq!(action("PATCH", "/faqs/{id}/order"), "reorder");
        assert_eq!(action("PATCH", "/contacts/{id}/status"), "status");
        assert_eq!(action("POST", "/blog/posts/{id}/revisions/{revisionId}/restore"), "restore");
        assert_eq!(action("PUT", "/settings"), "update");
        assert_eq!(action("DELETE", "/admins/{id}"), "admin-remove");
        assert_eq!(entity_kind("/blog/posts/{id}/revisions/{revisionId}/restore"), "blog/posts");
        assert_eq!(entity_kind("/settings/services"), "settings/services");
        assert_eq!(entity_id("/content/{type}/status", "/api/content/about/status").as_deref(), Some("about"));
        assert_eq!(entity_id("/services", "/api/services"), None);
        assert_eq!(action("GET", "/newsletter/subscribers/export"), "export");
        assert_eq!(entity_kind("/newsletter/subscribers/export"), "newsletter/subscribers");
        assert_eq!(entity_kind("/project-requests/export"), "project-requests");
        assert_eq!(entity_kind("/export"), "site");
        assert_eq!(action("GET", "/export"), "export");
    }

    #[test]
    fn only_field_names_are_kept() {
        let names = |body: &[u8]| crate::extract::json_value(body).map(|value| field_names(&value)).unwrap_or_default();
        assert_eq!(names(br#"{"password":"hunter2hunter2","email":"a@b.c"}"#), ["email", "password"]);
        assert!(names(b"[1,2]").is_empty());
        assert!(names(b"not json").is_empty());
    }
}
