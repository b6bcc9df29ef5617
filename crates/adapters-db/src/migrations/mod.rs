//! Schema migrations, run at start and by `atelier migrate`. Never edit one that has landed; add a new
//! one.

use sea_orm_migration::prelude::*;

mod m20261122_000001_create_services;
mod m20261122_000002_create_settings;
mod m20261122_000020_create_technologies;
mod m20261122_000021_create_portfolio_projects;
mod m20261122_000022_create_portfolio_project_technologies;

/// Every migration, in order.
#[derive(Debug)]
pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m20261122_000001_create_services::Migration),
            Box::new(m20261122_000002_create_settings::Migration),
            Box::new(m20261122_000020_create_technologies::Migration),
            Box::new(m20261122_000021_create_portfolio_projects::Migration),
            Box::new(m20261122_000022_create_portfolio_project_technologies::Migration),
        ]
    }
}

/// Applies every pending migration.
///
/// # Errors
/// When a migration fails; the database is left at the last migration that succeeded.
pub async fn run(db: &sea_orm::DatabaseConnection) -> anyhow::Result<()> {
    use anyhow::Context;
    Migrator::up(db, None).await.context("failed to apply database migrations")
}
