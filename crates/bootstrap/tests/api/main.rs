//! HTTP tests: each starts the real application on port 0 with a fresh database.

mod access;
mod auth;
mod errors;
mod fuzz;
mod helpers;
mod logs;
mod services;
mod settings;
mod system;
mod web;
