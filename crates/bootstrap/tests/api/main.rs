//! HTTP tests: each starts the real application on port 0 with a fresh database.

mod access;
mod auth;
mod blog;
mod blog_categories;
mod contact_details;
mod contacts;
mod content;
mod errors;
mod faqs;
mod fuzz;
mod helpers;
mod logs;
mod media;
mod notifications;
mod portfolio;
mod project_requests;
mod services;
mod settings;
mod system;
mod tags;
mod team;
mod technologies;
mod testimonials;
mod web;
