//! The OpenAPI document integrators read in Swagger UI and the frontends' client is generated from.

use utoipa::{Modify, OpenApi};

use crate::access::SecurityMarkers;
use crate::api;
use crate::error::{ErrorBody, FieldErrorsBody};
use crate::responses::StandardResponses;
use crate::versions::{EditorDto, MetaDto, StaleBody};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Atelier API",
        description = "The JSON API behind Atelier's public site and back office. Every record carries `_id` \
            (24 lowercase hexadecimal characters); field names are camelCase; timestamps are ISO-8601 UTC. \
            Errors are `{\"message\": ..., \"errors\": {field: message}}`.",
    ),
    servers((url = "/api", description = "This server")),
    components(schemas(ErrorBody, FieldErrorsBody, StaleBody, MetaDto, EditorDto)),
)]
struct ApiDoc;

/// The API's OpenAPI 3.1 document: the general part above, each resource's part (its paths,
/// schemas and tag, in the order [`api::documents`] lists them, and last the site's own,
/// [`crate::site::api`]), then the security markers and the
/// error responses each operation's kind implies. The request bodies' rules are added to its JSON
/// ([`document`]): some of their keywords have no place in utoipa's types.
pub fn openapi() -> utoipa::openapi::OpenApi {
    let mut document = ApiDoc::openapi();
    for part in api::documents().into_iter().chain([crate::site::api::Doc::openapi()]) {
        document.merge(part);
    }
    SecurityMarkers.modify(&mut document);
    StandardResponses.modify(&mut document);
    document
}

/// The document as served and printed: [`openapi`] with the request bodies' rules and every
/// request string's text rule ([`crate::contract`]).
pub fn document() -> serde_json::Value {
    let mut document = serde_json::to_value(openapi()).expect("the OpenAPI document serializes");
    crate::contract::apply(&mut document, &api::rules());
    crate::contract::text_patterns(&mut document);
    crate::versions::document(&mut document);
    document
}

/// The document as pretty-printed JSON with a final newline, as `atelier openapi` prints it.
pub fn openapi_json() -> String {
    let mut json = serde_json::to_string_pretty(&document()).expect("the OpenAPI document serializes");
    json.push('\n');
    json
}

/// The document as `atelier openapi` printed it into `openapi/openapi.json`, built into the binary:
/// the server serves it and reads its gate's policy from it, so it never runs the code that builds
/// the document (every operation's and schema's, spread over the binary: megabytes of code mapped
/// for nothing at start). A test holds it equal to what the code makes ([`document`]); `just
/// generate` writes it again.
pub const COMMITTED_JSON: &str = include_str!("../../../openapi/openapi.json");

/// [`COMMITTED_JSON`], parsed.
///
/// # Panics
/// Never for a binary whose tests passed: the file is the code's own document.
pub fn committed() -> serde_json::Value {
    serde_json::from_str(COMMITTED_JSON).expect("openapi/openapi.json is JSON")
}

/// The operations of a path of the document, as `(method, operation)`: GET, POST, PUT, PATCH,
/// DELETE, in that order, those it documents.
pub fn operations_of(item: &serde_json::Value) -> impl Iterator<Item = (&'static str, &serde_json::Value)> {
    [("GET", "get"), ("POST", "post"), ("PUT", "put"), ("PATCH", "patch"), ("DELETE", "delete")]
        .into_iter()
        .filter_map(move |(method, key)| item.get(key).filter(|operation| operation.is_object()).map(|op| (method, op)))
}

/// The paths of the document (template and item), in its order.
pub fn paths_of(document: &serde_json::Value) -> impl Iterator<Item = (&String, &serde_json::Value)> {
    document.get("paths").and_then(serde_json::Value::as_object).into_iter().flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_document_built_into_the_binary_is_the_one_the_code_makes() {
        assert!(
            committed() == document(),
            "openapi/openapi.json is not what the code makes: run `just generate` and commit it"
        );
        assert_eq!(COMMITTED_JSON, openapi_json(), "printed as `atelier openapi` prints it");
    }
}
