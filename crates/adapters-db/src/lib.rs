//! Atelier's storage adapter: SeaORM repositories and migrations, one code path for SQLite and
//! PostgreSQL.
//!
//! [`SeaOrmStore`] implements every repository port of the application. SeaORM models stay in this
//! crate; what leaves it are domain types.

mod accounts;
pub mod archive;
mod audit;
mod backup_runs;
mod categories;
mod connect;
mod contact_details;
mod contacts;
mod content;
mod depths;
mod entities;
mod faqs;
mod generation;
mod home_page;
mod insights;
mod limits;
mod media;
pub mod migrations;
mod newsletter;
mod outbox;
mod page_views;
mod portfolio;
mod post_hashes;
mod post_words;
mod posts;
mod presence;
mod project_requests;
mod query;
mod queue;
mod records;
mod recordset;
mod redirects;
mod revisions;
mod services;
mod settings;
mod shapes;
mod snapshots;
mod spam;
mod sqlite_file;
mod store;
mod tags;
mod team;
mod technologies;
mod testimonials;
mod translation_revisions;
mod translations;
mod two_factor;
mod visitors;
mod webhooks;

pub use connect::{DatabaseKind, connect};
pub use depths::{PoolUse, QueueDepths, pool_use, queue_depths, time_statements};
pub use generation::{CHANGES_CHANNEL, GenerationListener};
pub use sqlite_file::{check_sqlite_integrity, snapshot_sqlite};
pub use store::SeaOrmStore;
