//! Atelier's HTTP interface: actix-web handlers and DTOs for the JSON API, the OpenAPI document with
//! Swagger UI, and the two web apps with their client-side-routing fallbacks.
//!
//! DTOs live here and convert to and from domain types; nothing here touches the database.

pub mod access;
pub mod api;
pub mod auth;
mod caller;
pub mod error;
mod extract;
mod middleware;
pub mod openapi;
mod server;
mod submissions;
pub mod web;

pub use auth::{AccountService, Argon2Hasher, JwtTokens};
pub use openapi::{openapi, openapi_json};
pub use server::serve;
pub use web::WebAssets;
