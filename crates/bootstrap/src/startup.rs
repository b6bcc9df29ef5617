//! Wiring: opens the store, migrates, seeds, and builds the HTTP server on a bound listener.

use std::net::TcpListener;

use anyhow::Context;
use atelier_adapters_db::{SeaOrmStore, connect, migrations};
use atelier_adapters_http::WebAssets;
use atelier_application::demo::{SeedOutcome, seed_if_empty};

use crate::config::{Config, redacted_url};

/// A built application, listening and ready to run.
pub struct Application {
    port: u16,
    server: actix_web::dev::Server,
}

impl std::fmt::Debug for Application {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Application").field("port", &self.port).finish_non_exhaustive()
    }
}

impl Application {
    /// Opens and migrates the database, seeds demo content into an empty one, and binds the listener.
    ///
    /// # Errors
    /// When the database cannot be opened or migrated, or the address cannot be bound.
    pub async fn build(config: &Config) -> anyhow::Result<Self> {
        let store = open_store(config).await?;
        if config.seed_demo {
            match seed_if_empty(&store).await? {
                SeedOutcome::Seeded => tracing::info!("seeded demo content into the empty database"),
                SeedOutcome::AlreadyHasContent => tracing::debug!("database has content; demo content not seeded"),
            }
        }
        let listener = TcpListener::bind((config.host.as_str(), config.port))
            .with_context(|| format!("failed to listen on {}:{}", config.host, config.port))?;
        let port = listener.local_addr().context("failed to read the bound address")?.port();
        let assets = config.web_dir.clone().map_or(WebAssets::Embedded, WebAssets::Directory);
        let server =
            atelier_adapters_http::serve(listener, store, assets).context("failed to start the HTTP server")?;
        tracing::info!(address = %format!("http://{}:{port}", config.host), "Atelier is listening");
        Ok(Self { port, server })
    }

    /// The port actually bound (useful with port 0).
    pub fn port(&self) -> u16 {
        self.port
    }

    /// Serves until SIGTERM or Ctrl-C, then lets in-flight requests finish.
    ///
    /// # Errors
    /// When the server fails.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        self.server.await
    }
}

/// Opens the database (creating the data folder for SQLite) and applies pending migrations.
///
/// # Errors
/// When the data folder cannot be created or the database cannot be opened or migrated.
pub async fn open_store(config: &Config) -> anyhow::Result<SeaOrmStore> {
    if config.uses_sqlite() {
        std::fs::create_dir_all(&config.data_dir)
            .with_context(|| format!("failed to create the data folder {}", config.data_dir.display()))?;
    }
    tracing::info!(database = %redacted_url(&config.database_url), "opening the database");
    let db = connect(&config.database_url).await?;
    migrations::run(&db).await?;
    Ok(SeaOrmStore::new(db))
}
