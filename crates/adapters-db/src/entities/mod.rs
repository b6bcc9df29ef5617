//! SeaORM models of the tables. They never leave this crate.

pub mod service;
pub mod settings;
