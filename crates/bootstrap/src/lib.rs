//! Atelier's wiring: configuration, logging, and the application that ties the adapters together.
//! `main.rs` only parses the command line and calls in here.

pub mod allocator;
pub mod backup;
pub mod cli;
pub mod config;
pub mod export;
pub mod freshness;
pub mod mail;
pub mod observability;
pub mod redirects;
pub mod scheduled_backups;
pub mod secret;
pub mod startup;
pub mod telemetry;
pub mod views;
pub mod webhooks;

pub use config::Config;
pub use startup::Application;
