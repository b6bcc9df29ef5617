//! HTTP tests: each starts the real application on port 0 with a fresh database.

mod contact_details;
mod content;
mod errors;
mod faqs;
mod helpers;
mod services;
mod settings;
mod system;
mod team;
mod testimonials;
mod web;
