//! The JSON API under `/api`: one module per resource, each with its DTOs, documented handlers and
//! routes.

pub mod health;
pub mod portfolio;
pub mod services;
pub mod settings;
pub mod technologies;

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, ResponseError, web};
use atelier_application::ports::Store;

use crate::error::ApiError;

/// Every API route, relative to `/api`.
pub fn routes<S: Store>(config: &mut web::ServiceConfig) {
    health::routes::<S>(config);
    services::routes::<S>(config);
    settings::routes::<S>(config);
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
