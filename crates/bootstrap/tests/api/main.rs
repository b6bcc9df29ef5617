//! HTTP tests: each starts the real application on port 0 with a fresh database.

mod access;
mod auth;
mod blog;
mod blog_categories;
mod contacts;
mod errors;
mod fuzz;
mod helpers;
mod logs;
mod project_requests;
mod services;
mod settings;
mod system;
mod tags;
mod web;
