//! Atelier's storage adapter: SeaORM repositories and migrations, one code path for SQLite and
//! PostgreSQL.
//!
//! [`SeaOrmStore`] implements every repository port of the application. SeaORM models stay in this
//! crate; what leaves it are domain types.

mod connect;
mod entities;
pub mod migrations;
mod portfolio;
mod query;
mod services;
mod settings;
mod store;
mod technologies;

pub use connect::{DatabaseKind, connect};
pub use store::SeaOrmStore;
