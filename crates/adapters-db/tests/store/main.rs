//! The SeaORM adapter's tests. Every test runs on a fresh SQLite file, and on a fresh PostgreSQL schema
//! when `TEST_DATABASE_URL` names a server.

mod accounts;
mod audit;
mod blog;
mod contact_details;
mod contacts;
mod content;
mod faqs;
mod generation;
mod helpers;
mod home_page;
mod insights;
mod limits;
mod media;
mod newsletter;
mod outbox;
mod page_views;
mod portfolio;
mod presence;
mod project_requests;
mod published_order;
mod query_counts;
mod query_plans;
mod redirects;
mod revisions;
mod services;
mod settings;
mod spam;
mod store;
mod team;
mod technologies;
mod testimonials;
mod two_factor;
mod versions;
mod visitors;
mod webhooks;
