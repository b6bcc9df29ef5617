//! The JSON API under `/api`: one module per resource, each with its DTOs, its documented handlers,
//! its `Doc` (the resource's part of the OpenAPI document), its `rules` (its request bodies' and
//! parameters' rules, from the domain's limits: [`crate::contract`]) and its `routes` (the routes with
//! the use case they call). A resource is declared as a module and registered, routes, documentation
//! and rules together, in [`resources!`]'s list.

pub mod admins;
pub mod audit;
pub mod auth;
pub mod blog;
pub mod categories;
pub mod challenge;
pub mod contact_details;
pub mod contacts;
pub mod content;
pub mod exports;
pub mod faqs;
pub mod health;
pub mod home_page;
pub mod import;
pub mod insights;
pub mod languages;
pub mod markdown;
pub mod media;
pub mod newsletter;
pub mod portfolio;
pub mod presence;
pub mod project_requests;
pub mod redirects;
mod revisions;
pub mod services;
pub mod settings;
pub mod site_export;
pub mod tags;
pub mod team;
pub mod technologies;
pub mod testimonials;
pub mod translations;
pub mod views;
pub mod webhooks;

use actix_web::{HttpRequest, HttpResponse, ResponseError, web};
use atelier_application::ports::SharedClock;
use utoipa::OpenApi;

use crate::contract;
use crate::error::ApiError;
use crate::gate::{self, AccessPolicy};
use crate::ports::Ports;

/// Registers each resource's routes, documentation and rules, in the order of the document's tags.
macro_rules! resources {
    ($($resource:ident),+ $(,)?) => {
        /// Every API route, relative to `/api`, with the use cases the handlers call, on the wiring's clock.
        pub fn routes<P: Ports>(config: &mut web::ServiceConfig, store: &P::Store, clock: &SharedClock) {
            $($resource::routes::<P>(config, store, clock);)+
        }

        /// Every resource's part of the OpenAPI document.
        pub fn documents() -> Vec<utoipa::openapi::OpenApi> {
            vec![$($resource::Doc::openapi()),+]
        }

        /// Every resource's request rules, written into the document's JSON by [`contract::apply`].
        pub fn rules() -> contract::Rules {
            contract::Rules::all([$($resource::rules()),+])
        }
    };
}

resources![
    auth,
    admins,
    audit,
    health,
    challenge,
    exports,
    site_export,
    import,
    contacts,
    project_requests,
    services,
    settings,
    blog,
    categories,
    tags,
    testimonials,
    team,
    faqs,
    content,
    home_page,
    redirects,
    contact_details,
    technologies,
    portfolio,
    media,
    presence,
    translations,
    newsletter,
    views,
    insights,
    webhooks,
    markdown,
];

/// A route at `path` (under `/api`) that answers 405 to the methods it does not take, carrying its
/// pattern for the metrics' route label ([`crate::metrics::RoutePattern`]).
pub(crate) fn resource(path: &str) -> actix_web::Resource {
    web::resource(path)
        .app_data(crate::metrics::RoutePattern::new(&format!("/api{path}")))
        .default_service(web::to(method_not_allowed))
}

/// The answer for an `/api` path that names no route.
pub async fn not_found(request: HttpRequest) -> HttpResponse {
    ApiError::not_found(format!("No API route for {} {}", request.method(), request.path())).error_response()
}

/// The answer for a route called with a method it does not take (the gate answers first for the
/// documented paths), with the methods it does take.
pub async fn method_not_allowed(request: HttpRequest) -> HttpResponse {
    let policy = request.app_data::<web::Data<AccessPolicy>>();
    let allow = policy.and_then(|policy| policy.allowed_methods(request.path()));
    gate::method_not_allowed(request.method().as_str(), request.path(), allow)
}
