//! SeaORM models of the tables. They never leave this crate.

pub mod contact_message;
pub mod project_request;
pub mod service;
pub mod settings;
