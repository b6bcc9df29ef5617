//! HTTP tests: each starts the real application on port 0 with a fresh database.

mod errors;
mod helpers;
mod portfolio;
mod services;
mod settings;
mod system;
mod technologies;
mod web;
