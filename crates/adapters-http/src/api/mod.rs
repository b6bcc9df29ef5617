//! The JSON API under `/api`: one module per resource, each with its DTOs, documented handlers and
//! routes.

pub mod auth;
pub mod blog;
pub mod categories;
pub mod contact_details;
pub mod contacts;
pub mod content;
pub mod faqs;
pub mod health;
pub mod portfolio;
pub mod project_requests;
pub mod services;
pub mod settings;
pub mod tags;
pub mod team;
pub mod technologies;
pub mod testimonials;

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, ResponseError, web};
use atelier_application::store::Store;

use crate::error::ApiError;

/// Every API route, relative to `/api`.
pub fn routes<S: Store>(config: &mut web::ServiceConfig) {
    auth::routes::<S>(config);
    health::routes::<S>(config);
    contacts::routes::<S>(config);
    project_requests::routes::<S>(config);
    services::routes::<S>(config);
    settings::routes::<S>(config);
    blog::routes::<S>(config);
    categories::routes::<S>(config);
    tags::routes::<S>(config);
    testimonials::routes::<S>(config);
    team::routes::<S>(config);
    faqs::routes::<S>(config);
    content::routes::<S>(config);
    contact_details::routes::<S>(config);
    technologies::routes::<S>(config);
    portfolio::routes::<S>(config);
}

/// The answer for an `/api` path that names no route.
pub async fn not_found(request: HttpRequest) -> HttpResponse {
    ApiError::not_found(format!("No API route for {} {}", request.method(), request.path())).error_response()
}

/// The answer for a route called with a method it does not take.
pub async fn method_not_allowed(request: HttpRequest) -> HttpResponse {
    let message = format!("{} is not allowed on {}", request.method(), request.path());
    ApiError::client(StatusCode::METHOD_NOT_ALLOWED, message).error_response()
}
