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
