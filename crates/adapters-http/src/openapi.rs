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
        api::auth::login,
        api::auth::logout,
        api::auth::verify,
        api::auth::register,
        api::auth::change_password,
        api::auth::update_profile,
        api::health::health,
        api::health::ready,
        api::contacts::list_contacts,
        api::contacts::create_contact,
        api::contacts::get_contact,
        api::contacts::update_contact,
        api::contacts::delete_contact,
        api::contacts::update_contact_status,
        api::project_requests::list_project_requests,
        api::project_requests::create_project_request,
        api::project_requests::project_request_stats,
        api::project_requests::get_project_request,
        api::project_requests::update_project_request,
        api::project_requests::delete_project_request,
        api::project_requests::update_project_request_status,
        api::services::list_services,
        api::services::list_featured_services,
        api::services::get_service,
        api::services::create_service,
        api::services::update_service,
        api::services::delete_service,
        api::settings::get_settings,
        api::settings::update_settings,
        api::settings::update_service_settings,
        api::blog::list_public_posts,
        api::blog::list_featured_posts,
        api::blog::get_public_post_by_slug,
        api::blog::record_view,
        api::blog::list_posts,
        api::blog::get_post,
        api::blog::create_post,
        api::blog::update_post,
        api::blog::delete_post,
        api::categories::list_categories,
        api::categories::create_category,
        api::categories::update_category,
        api::categories::delete_category,
        api::tags::list_tags,
        api::tags::list_popular_tags,
        api::tags::list_blog_tags,
        api::tags::create_tag,
        api::tags::update_tag,
        api::tags::delete_tag,
        api::testimonials::list_testimonials,
        api::testimonials::get_testimonial,
        api::testimonials::create_testimonial,
        api::testimonials::update_testimonial,
        api::testimonials::delete_testimonial,
        api::team::list_team_members,
        api::team::get_team_member,
        api::team::create_team_member,
        api::team::update_team_member,
        api::team::move_team_member,
        api::team::delete_team_member,
        api::faqs::list_faqs,
        api::faqs::get_faq_stats,
        api::faqs::get_faq,
        api::faqs::create_faq,
        api::faqs::update_faq,
        api::faqs::set_faq_status,
        api::faqs::move_faq,
        api::faqs::delete_faq,
        api::content::list_content_pages,
        api::content::get_content_stats,
        api::content::get_content_page,
        api::content::create_content_page,
        api::content::save_content_page,
        api::content::set_content_page_status,
        api::content::delete_content_page,
        api::contact_details::get_contact_details,
        api::contact_details::create_contact_details,
        api::contact_details::update_contact_details,
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
    components(schemas(ErrorBody, api::portfolio::ProjectSortDto)),
    modifiers(&SecurityMarkers),
    tags(
        (name = "auth", description = "Signing in and out, accounts and sessions"),
        (name = "system", description = "Liveness and readiness"),
        (name = "contacts", description = "The contact inbox: messages sent through the public contact form"),
        (name = "project-requests", description = "The sales pipeline: project requests sent through the public quote form"),
        (name = "services", description = "The agency's services"),
        (name = "settings", description = "Site settings"),
        (name = "blog", description = "Blog posts: the public site's published posts and the back office's editing"),
        (name = "blog-categories", description = "Blog categories, with the number of posts in each"),
        (name = "tags", description = "Tags for blog posts and portfolio projects, with how often each is used"),
        (name = "testimonials", description = "What clients say about the agency"),
        (name = "team", description = "The team, in the order the administrator arranges"),
        (name = "faqs", description = "Frequently asked questions"),
        (name = "content", description = "The about page, the policy pages and other content pages"),
        (name = "contact-details", description = "The agency's contact details"),
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
