//! The store: one database connection pool behind every repository port.

use anyhow::Context;
use atelier_application::ports::StoreStatus;
use sea_orm::{DatabaseConnection, EntityTrait, PaginatorTrait};

use crate::entities::{portfolio_project, service, settings, technology};

/// Every repository port, implemented with SeaORM on SQLite or PostgreSQL.
#[derive(Debug, Clone)]
pub struct SeaOrmStore {
    pub(crate) db: DatabaseConnection,
}

impl SeaOrmStore {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }

    /// The connection pool, for migrations and shutdown.
    pub fn connection(&self) -> &DatabaseConnection {
        &self.db
    }
}

impl StoreStatus for SeaOrmStore {
    async fn ping(&self) -> anyhow::Result<()> {
        self.db.ping().await.context("the database did not answer a ping")
    }

    async fn is_empty(&self) -> anyhow::Result<bool> {
        let services = service::Entity::find().count(&self.db).await.context("failed to count services")?;
        let settings = settings::Entity::find().count(&self.db).await.context("failed to count settings")?;
        let technologies = technology::Entity::find().count(&self.db).await.context("failed to count technologies")?;
        let projects = portfolio_project::Entity::find().count(&self.db).await.context("failed to count projects")?;
        Ok(services == 0 && settings == 0 && technologies == 0 && projects == 0)
    }
}

/// Turns a stored text back into a domain value, naming the column when the row is corrupt.
pub(crate) fn stored<T>(column: &str, parsed: Result<T, impl std::fmt::Display>) -> anyhow::Result<T> {
    parsed.map_err(|error| anyhow::anyhow!("stored {column} is invalid: {error}"))
}
