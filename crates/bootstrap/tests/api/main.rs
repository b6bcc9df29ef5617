//! HTTP tests: each starts the real application on port 0 with a fresh database.

mod contacts;
mod errors;
mod helpers;
mod project_requests;
mod services;
mod settings;
mod system;
mod web;
