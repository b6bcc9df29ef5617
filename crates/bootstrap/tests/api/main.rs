//! HTTP tests: each starts the real application on port 0 with a fresh database.

mod blog;
mod blog_categories;
mod errors;
mod helpers;
mod services;
mod settings;
mod system;
mod tags;
mod web;
