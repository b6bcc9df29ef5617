//! Atelier's HTTP interface: actix-web handlers and DTOs for the JSON API, the OpenAPI document with
//! Swagger UI, and the two web apps with their client-side-routing fallbacks.
//!
//! DTOs live here and convert to and from domain types; nothing here touches the database.

pub mod access;
pub mod api;
pub mod audit_scope;
pub mod cache;
mod caller;
pub mod contract;
pub mod error;
mod extract;
mod form_parts;
mod gate;
pub mod hosts;
pub mod images;
pub mod input;
pub mod markdown;
pub mod metrics;
mod middleware;
pub mod openapi;
pub mod ports;
pub mod proxies;
pub mod responses;
pub mod security;
mod server;
pub mod site;
mod submissions;
pub mod versions;
pub mod web;

pub use openapi::{openapi, openapi_json};
pub use ports::{AccountService, MediaService, Ports};
pub use security::SecurityHeaders;
pub use server::{ServerParts, serve};
pub use site::SitePages;
pub use web::WebAssets;
