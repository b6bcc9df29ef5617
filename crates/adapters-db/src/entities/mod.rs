//! SeaORM models of the tables. They never leave this crate.

pub mod portfolio_project;
pub mod portfolio_project_technology;
pub mod service;
pub mod settings;
pub mod technology;
