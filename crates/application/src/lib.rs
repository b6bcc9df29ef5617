//! Atelier's use cases.
//!
//! Each use case is a struct generic over the ports it needs (traits in [`ports`]), so it runs the same
//! against the SeaORM adapter in production and against in-memory fakes in tests. Errors are one enum
//! per family of use cases, with business variants and one `Unexpected` for infrastructure faults.

pub mod access;
pub mod accounts;
pub mod blog;
pub mod categories;
pub mod contact_details;
pub mod contacts;
pub mod content;
pub mod demo;
pub mod faqs;
pub mod health;
pub mod portfolio;
pub mod ports;
pub mod project_requests;
pub mod search;
pub mod services;
pub mod settings;
pub mod slugs;
pub mod tags;
pub mod team;
pub mod technologies;
pub mod testimonials;

#[cfg(test)]
pub(crate) mod fakes;

pub use access::Audience;
