//! HTTP tests: each starts the real application on port 0 with a fresh database.

mod errors;
mod helpers;
mod services;
mod settings;
mod system;
mod web;
