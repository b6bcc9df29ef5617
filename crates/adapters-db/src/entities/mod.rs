//! SeaORM models of the tables. They never leave this crate.

pub mod contact_details;
pub mod content_page;
pub mod faq;
pub mod service;
pub mod settings;
pub mod team_member;
pub mod testimonial;
