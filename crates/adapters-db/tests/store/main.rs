//! The SeaORM adapter's tests. Every test runs on a fresh SQLite file, and on a fresh PostgreSQL schema
//! when `TEST_DATABASE_URL` names a server.

mod helpers;
mod portfolio;
mod services;
mod settings;
mod store;
mod technologies;
