//! Atelier's storage adapter: SeaORM repositories and migrations, one code path for SQLite and
//! PostgreSQL.
//!
//! [`SeaOrmStore`] implements every repository port of the application. SeaORM models stay in this
//! crate; what leaves it are domain types.

mod connect;
mod contact_details;
mod content;
mod entities;
mod faqs;
pub mod migrations;
mod query;
mod services;
mod settings;
mod store;
mod team;
mod testimonials;

pub use connect::{DatabaseKind, connect};
pub use store::SeaOrmStore;
