//! Versions over HTTP: how an update names the version it started from, and how a stale one is
//! answered.
//!
//! Every editable record's read shape carries `version` (1 at creation, one more at each stored
//! change), `createdBy` and `updatedBy` ([`MetaDto`]). Each operation that changes one record
//! ([`VERSIONED`]) takes the version it started from as the body's `version` field:
//! - missing (or `null`): 428, whoever calls, and nothing changes;
//! - not the record's current version: 409 with `code: "stale"`, the record as it is now, who changed
//!   it last and when ([`StaleBody`]), and nothing changes;
//! - current: the change is stored and the answer carries the next version.
//!
//! The check and the write are one conditional statement in the store, so of two updates from one
//! version exactly one lands. The gate reads `version` with the body's field names
//! ([`crate::audit_scope::context`]) into the request's write scope, where the store finds it
//! ([`atelier_application::audit::take_expected_version`]); the use cases do not take part, as with
//! the audit log. Operations that change many records at once (moving one in an order) are exempt
//! ([`EXEMPT`]). [`document`] writes all of this into the API document.

use std::future::Future;

use actix_web::web;
use atelier_domain::meta::{Editor, RecordMeta};
use serde::Serialize;
use serde_json::{Value, json};
use utoipa::ToSchema;

use crate::error::ApiError;

/// The operations that change one record and so must name the version they started from.
pub const VERSIONED: &[(&str, &str)] = &[
    ("PUT", "/blog/categories/{id}"),
    ("PUT", "/blog/posts/{id}"),
    ("POST", "/blog/posts/{id}/submission"),
    ("POST", "/blog/posts/{id}/review"),
    ("PUT", "/contact-details"),
    ("PUT", "/contacts/{id}"),
    ("PATCH", "/contacts/{id}/status"),
    ("PUT", "/content/{type}"),
    ("PATCH", "/content/{type}/status"),
    ("PUT", "/faqs/{id}"),
    ("PATCH", "/faqs/{id}/status"),
    ("PUT", "/home-page"),
    ("PUT", "/media/{id}"),
    ("PUT", "/portfolio/{id}"),
    ("PUT", "/project-requests/{id}"),
    ("PATCH", "/project-requests/{id}/status"),
    ("PUT", "/redirects/{id}"),
    ("PUT", "/services/{id}"),
    ("PUT", "/settings"),
    ("PUT", "/settings/services"),
    ("PUT", "/tags/{id}"),
    ("PUT", "/team/{id}"),
    ("PUT", "/technologies/{id}"),
    ("PUT", "/testimonials/{id}"),
    ("PUT", "/webhooks/{id}"),
];

/// Writes that change a record without naming a version, and why.
pub const EXEMPT: &[(&str, &str, &str)] = &[
    ("PATCH", "/faqs/{id}/order", "moves one FAQ and shifts the others: an order, not one record's fields"),
    ("PATCH", "/team/{id}/order", "moves one member and shifts the others: an order, not one record's fields"),
    ("PUT", "/admins/{id}/role", "sets an account's one role, which the audit log records"),
    ("PUT", "/presence/{kind}/{id}", "says who has a record open, which changes no record"),
];

/// The operations that write translations: each translation names its own `version` (in the body,
/// or per language in `translations`), needed only to change an existing one; the operation itself
/// answers 428 and the stale 409.
pub const PER_TRANSLATION: &[(&str, &str)] =
    &[("PUT", "/translations/{kind}/{id}"), ("PUT", "/translations/{kind}/{id}/{lang}")];

/// Whether `method template` must name a version.
pub fn required(method: &str, template: &str) -> bool {
    VERSIONED.iter().any(|(m, path)| m.eq_ignore_ascii_case(method) && *path == template)
}

/// The version a JSON body (already read, [`crate::extract::json_value`]) names: `Ok(None)` when it
/// has none (or `null`); a 422 when the body is not an object or the version is not a whole number
/// from 1 (`3.0` is 3, as the handlers read numbers).
pub fn named(body: &Value) -> Result<Option<i64>, ApiError> {
    let Value::Object(fields) = body else {
        return Err(ApiError::invalid_field("body", crate::extract::NOT_AN_OBJECT));
    };
    match fields.get("version") {
        None | Some(Value::Null) => Ok(None),
        Some(value) => {
            let mut value = value.clone();
            crate::extract::whole_numbers(&mut value);
            value
                .as_i64()
                .filter(|version| *version >= 1)
                .map(Some)
                .ok_or_else(|| ApiError::invalid_field("version", VERSION_INVALID))
        }
    }
}

/// The message of a 428.
pub const VERSION_REQUIRED: &str = "Send the record's `version` (from its read shape) with the update, so a change made meanwhile is never overwritten";
/// The 422 message of a `version` that is not a version.
pub const VERSION_INVALID: &str = "version must be a whole number from 1";

/// Someone who created or changed a record.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Editor)]
pub struct EditorDto {
    /// The account's `_id`.
    pub id: String,
    /// The account's name when they made the change.
    pub name: String,
}

impl From<Editor> for EditorDto {
    fn from(editor: Editor) -> Self {
        Self { id: editor.id.to_string(), name: editor.name }
    }
}

/// A record's version and authorship, part of every editable record's read shape.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = RecordMeta)]
pub struct MetaDto {
    /// 1 at creation, one more at each stored change. An update sends the version it started from.
    #[schema(minimum = 1, example = 3)]
    pub version: i64,
    /// Who created the record; `null` for records from before authorship was kept and for what
    /// visitors sent.
    #[schema(required = true)]
    pub created_by: Option<EditorDto>,
    /// Who changed it last; `null` until a signed-in person has.
    #[schema(required = true)]
    pub updated_by: Option<EditorDto>,
}

impl From<RecordMeta> for MetaDto {
    fn from(meta: RecordMeta) -> Self {
        Self {
            version: meta.version,
            created_by: meta.created_by.map(EditorDto::from),
            updated_by: meta.updated_by.map(EditorDto::from),
        }
    }
}

/// The body of a 409 for an update that started from an older version.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StaleBody)]
pub struct StaleBody {
    /// `stale`. (A 409 without it is a taken unique value.)
    #[schema(example = "stale")]
    pub code: String,
    /// What happened, for people.
    pub message: String,
    /// The record as it is now, in the operation's read shape (with its current `version`).
    #[schema(value_type = Object)]
    pub current: Option<Value>,
    /// Who changed it last, when known.
    #[schema(required = true)]
    pub changed_by: Option<EditorDto>,
    /// When it was changed last (the record's `updatedAt`).
    #[schema(required = true)]
    pub changed_at: Option<String>,
}

/// The message of a stale 409.
pub const STALE_MESSAGE: &str =
    "Someone else changed this record since you opened it; nothing was saved. `current` is the record as it is now";

impl StaleBody {
    /// The body for the record as it is now (its read shape as JSON), if found.
    pub fn of(current: Option<Value>) -> Self {
        let field = |name: &str| current.as_ref().and_then(|record| record.get(name)).cloned();
        let changed_by = field("updatedBy").and_then(|editor| serde_json::from_value::<EditorValue>(editor).ok());
        Self {
            code: "stale".into(),
            message: STALE_MESSAGE.into(),
            changed_by: changed_by.map(|editor| EditorDto { id: editor.id, name: editor.name }),
            changed_at: field("updatedAt").and_then(|at| at.as_str().map(str::to_owned)),
            current,
        }
    }
}

#[derive(serde::Deserialize)]
struct EditorValue {
    id: String,
    name: String,
}

/// The answer of an update handler: the updated record in its read shape, or, when the update was
/// stale, a 409 carrying the record as it is now (`current`, read only then) in the same shape.
///
/// # Errors
/// The update's error; for a stale one, [`ApiError::Stale`] with the current record.
pub async fn answer<T, D, E, F>(
    result: Result<T, E>,
    shape: impl Fn(T) -> D,
    current: F,
) -> Result<web::Json<D>, ApiError>
where
    D: Serialize,
    E: Into<ApiError>,
    F: Future<Output = Result<T, E>>,
{
    match result.map_err(Into::into) {
        Ok(record) => Ok(web::Json(shape(record))),
        Err(error) if error.is_stale() => Err(stale(current.await.ok().map(shape))),
        Err(error) => Err(error),
    }
}

/// An update's result, with the record as it is now (`current`, read only then, in the operation's
/// read shape) added to a stale one's 409.
///
/// # Errors
/// The update's error; a stale one as [`ApiError::Stale`] with the current record.
pub async fn or_current<T, D, E, F, Fut>(result: Result<T, E>, current: F) -> Result<T, ApiError>
where
    D: Serialize,
    E: Into<ApiError>,
    F: FnOnce() -> Fut,
    Fut: Future<Output = Result<D, ApiError>>,
{
    match result.map_err(Into::into) {
        Err(error) if error.is_stale() => Err(stale(current().await.ok())),
        other => other,
    }
}

/// A stale update's error with the record as it is now, in its read shape.
pub fn stale<D: Serialize>(current: Option<D>) -> ApiError {
    ApiError::Stale(Box::new(StaleBody::of(current.and_then(|current| serde_json::to_value(current).ok()))))
}

/// Writes the protocol into the API document's JSON: each [`VERSIONED`] operation's body requires
/// `version` (its schema becomes the input's schema and [`VERSION_FIELD`]), answers 428 and the
/// stale 409 too, and says so in its description; each [`EXEMPT`] one says why it needs none.
pub fn document(document: &mut Value) {
    document["components"]["schemas"]["VersionField"] = json!({
        "type": "object",
        "description": "The version of the record this update started from.",
        "required": ["version"],
        "properties": {
            "version": {
                "type": "integer",
                "format": "int64",
                "minimum": 1,
                "description": "The `version` of the record as read when the edit began. A stale one answers 409 \
                    with `code: \"stale\"` and changes nothing; a missing one answers 428."
            }
        }
    });
    document["components"]["responses"]["PreconditionRequired"] = json!({
        "description": "The body did not name the `version` the update started from; nothing changed",
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorBody"}}}
    });
    // The shared 409: a taken unique value, or (with `code: "stale"`) an update from an old version.
    document["components"]["responses"]["Conflict"] = json!({
        "description": "A value that must be unique is taken, or the record is still in use; the message says \
            which. For an update, `code: \"stale\"`: the record changed since `version`, `current` is the record \
            as it is now, and nothing changed",
        "content": {"application/json": {"schema": {"anyOf": [
            {"$ref": "#/components/schemas/ErrorBody"},
            {"$ref": "#/components/schemas/StaleBody"}
        ]}}}
    });
    let Some(paths) = document.get_mut("paths").and_then(Value::as_object_mut) else { return };
    for (path, operations) in paths.iter_mut() {
        let Some(operations) = operations.as_object_mut() else { continue };
        for (method, operation) in operations.iter_mut() {
            let method = method.to_uppercase();
            if required(&method, path) {
                versioned(operation);
            } else if PER_TRANSLATION.iter().any(|(m, p)| *m == method && p == path) {
                let responses = &mut operation["responses"];
                responses["428"] = json!({"$ref": "#/components/responses/PreconditionRequired"});
                responses["409"] = json!({"$ref": "#/components/responses/Conflict"});
            } else if let Some((_, _, why)) = EXEMPT.iter().find(|(m, p, _)| *m == method && p == path) {
                let described = operation["description"].as_str().unwrap_or_default().to_owned();
                operation["description"] = format!("{described}\n\nNeeds no `version`: it {why}.").into();
            }
        }
    }
}

fn versioned(operation: &mut Value) {
    let described = operation["description"].as_str().unwrap_or_default().to_owned();
    operation["description"] = format!(
        "{described}\n\nSend the `version` of the record you started from (its read shape's `version`). A stale one \
         answers 409 with `code: \"stale\"`, the record as it is now (`current`) and who changed it when; nothing \
         changes. A missing one answers 428. The answer carries the next version."
    )
    .into();
    let schema = &mut operation["requestBody"]["content"]["application/json"]["schema"];
    if !schema.is_null() {
        *schema = json!({"allOf": [schema.take(), {"$ref": "#/components/schemas/VersionField"}]});
    }
    let responses = &mut operation["responses"];
    responses["428"] = json!({"$ref": "#/components/responses/PreconditionRequired"});
    responses["409"] = json!({"$ref": "#/components/responses/Conflict"});
}

#[cfg(test)]
mod tests {
    use actix_web::ResponseError;

    use super::*;

    #[test]
    fn a_version_is_a_whole_number_from_one() {
        let status = |body: &[u8]| {
            crate::extract::json_value(body)
                .and_then(|value| named(&value))
                .map_err(|error| error.status_code().as_u16())
        };
        assert_eq!(status(br#"{"version": 3, "title": "x"}"#), Ok(Some(3)));
        assert_eq!(status(br#"{"version": 3.0}"#), Ok(Some(3)));
        assert_eq!(status(br#"{"title": "x"}"#), Ok(None));
        assert_eq!(status(br#"{"version": null}"#), Ok(None));
        for bad in [&br#"{"version": 0}"#[..], br#"{"version": "3"}"#, br#"{"version": 1.5}"#, b"[1]"] {
            assert_eq!(status(bad), Err(422), "{}", String::from_utf8_lossy(bad));
        }
        // Not JSON as the handlers read it (a number beyond f64, a cut document): the same 400.
        for broken in [&br#"{"version": 1e400}"#[..], br#"{"version": 3"#] {
            assert_eq!(status(broken), Err(400), "{}", String::from_utf8_lossy(broken));
        }
    }

    #[test]
    fn every_write_of_the_document_is_versioned_exempt_or_not_a_record_update() {
        let document = crate::openapi::document();
        let paths = document["paths"].as_object().unwrap();
        for (method, path) in VERSIONED {
            let operation = &paths[*path][method.to_lowercase()];
            assert!(operation.is_object(), "{method} {path} is documented");
            assert!(operation["responses"]["428"].is_object(), "{method} {path} answers 428");
            assert!(operation["description"].as_str().unwrap().contains("`version`"), "{method} {path}");
        }
        // Every other PUT or PATCH is listed as exempt or is about the caller's own account.
        for (path, operations) in paths {
            for method in ["put", "patch"] {
                if operations.get(method).is_none() || path.starts_with("/auth/") {
                    continue;
                }
                let upper = method.to_uppercase();
                assert!(
                    required(&upper, path)
                        || EXEMPT.iter().any(|(m, p, _)| *m == upper && p == path)
                        || PER_TRANSLATION.iter().any(|(m, p)| *m == upper && p == path),
                    "{upper} {path} is neither versioned nor exempt"
                );
            }
        }
    }
}
