//! The OpenAPI document integrators read in Swagger UI and the frontends' client is generated from.

use utoipa::OpenApi;

use crate::access::SecurityMarkers;
use crate::api;
use crate::error::ErrorBody;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Atelier API",
        description = "The JSON API behind Atelier's public site and back office. Every record carries `_id` \
            (24 lowercase hexadecimal characters); field names are camelCase; timestamps are ISO-8601 UTC. \
            Errors are `{\"message\": ..., \"errors\": {field: message}}`.",
    ),
    servers((url = "/api", description = "This server")),
    paths(
        api::health::health,
        api::health::ready,
        api::services::list_services,
        api::services::list_featured_services,
        api::services::get_service,
        api::services::create_service,
        api::services::update_service,
        api::services::delete_service,
        api::settings::get_settings,
        api::settings::update_settings,
        api::settings::update_service_settings,
        api::technologies::list_technologies,
        api::technologies::list_featured_technologies,
        api::technologies::list_technology_categories,
        api::technologies::get_technology,
        api::technologies::create_technology,
        api::technologies::update_technology,
        api::technologies::delete_technology,
        api::portfolio::list_projects,
        api::portfolio::get_project,
        api::portfolio::get_project_by_slug,
        api::portfolio::create_project,
        api::portfolio::update_project,
        api::portfolio::delete_project,
    ),
    components(schemas(ErrorBody)),
    modifiers(&SecurityMarkers),
    tags(
        (name = "system", description = "Liveness and readiness"),
        (name = "services", description = "The agency's services"),
        (name = "settings", description = "Site settings"),
        (name = "technologies", description = "The technologies the agency works with, with usage counts"),
        (name = "portfolio", description = "The agency's portfolio projects"),
    )
)]
struct ApiDoc;

/// The API's OpenAPI 3.1 document.
pub fn openapi() -> utoipa::openapi::OpenApi {
    ApiDoc::openapi()
}

/// The document as pretty-printed JSON with a final newline, as `atelier openapi` prints it.
pub fn openapi_json() -> String {
    let mut json = openapi().to_pretty_json().expect("the OpenAPI document serializes");
    json.push('\n');
    json
}
