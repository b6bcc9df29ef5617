//! Fresh databases for each test.

use std::future::Future;

use atelier_adapters_db::{SeaOrmStore, connect, migrations};
use sea_orm::ConnectionTrait;

/// Runs `test` against a fresh, migrated SQLite database, then against a fresh, migrated PostgreSQL
/// schema when `TEST_DATABASE_URL` is set. The label names the database in assertion messages.
pub async fn on_every_database<F, Fut>(test: F)
where
    F: Fn(SeaOrmStore, &'static str) -> Fut,
    Fut: Future<Output = ()>,
{
    let folder = tempfile::tempdir().expect("a temporary folder");
    let url = format!("sqlite://{}", folder.path().join("atelier.db").display());
    test(migrated(&url).await, "sqlite").await;

    if let Ok(server) = std::env::var("TEST_DATABASE_URL") {
        let schema = PostgresSchema::create(&server).await;
        test(migrated(&schema.url).await, "postgres").await;
        schema.drop().await;
    }
}

async fn migrated(url: &str) -> SeaOrmStore {
    let db = connect(url).await.expect("the test database opens");
    migrations::run(&db).await.expect("the migrations apply");
    SeaOrmStore::new(db)
}

/// A schema of its own on the test server, so tests never share tables.
struct PostgresSchema {
    admin: sea_orm::DatabaseConnection,
    name: String,
    url: String,
}

impl PostgresSchema {
    async fn create(server: &str) -> Self {
        let admin = connect(server).await.expect("the PostgreSQL test server answers");
        // A fresh id is as unique as a schema name needs to be.
        let name = format!("test_{}", atelier_domain::EntityId::generate(chrono::Utc::now()));
        admin.execute_unprepared(&format!("CREATE SCHEMA \"{name}\"")).await.expect("a fresh schema");
        let separator = if server.contains('?') { '&' } else { '?' };
        let url = format!("{server}{separator}options=-c%20search_path%3D{name}");
        Self { admin, name, url }
    }

    async fn drop(self) {
        self.admin.execute_unprepared(&format!("DROP SCHEMA \"{}\" CASCADE", self.name)).await.expect("schema dropped");
    }
}
