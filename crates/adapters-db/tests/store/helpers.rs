//! Fresh databases for each test.

use std::future::Future;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use atelier_adapters_db::{SeaOrmStore, connect, migrations};
use atelier_application::records::{Record, RecordRepository};
use atelier_domain::EntityId;
use atelier_domain::revision::Author;
use sea_orm::{ConnectionTrait, Statement};

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
    migrated_counting(url, QueryCounter::default()).await
}

/// A migrated SQLite database's file, made once per run: each test's SQLite database starts as a
/// copy of it, as applying the migrations one by one would take most of a test's time. PostgreSQL
/// schemas are migrated each time.
static MIGRATED: tokio::sync::OnceCell<Vec<u8>> = tokio::sync::OnceCell::const_new();

async fn migrated_counting(url: &str, counter: QueryCounter) -> SeaOrmStore {
    if let Some(path) = url.strip_prefix("sqlite://") {
        let migrated = MIGRATED
            .get_or_init(|| async {
                let folder = tempfile::tempdir().expect("a temporary folder");
                migrations::migrated_sqlite_file(&folder.path().join("migrated.db")).await.expect("a migrated database")
            })
            .await;
        std::fs::write(path, migrated).expect("a copy of the migrated database");
    }
    let mut db = connect(url).await.expect("the test database opens");
    migrations::run(&db).await.expect("the migrations apply");
    let (count, statements) = (counter.0.clone(), counter.1.clone());
    db.set_metric_callback(move |info| {
        count.fetch_add(1, Ordering::SeqCst);
        statements.lock().expect("the statement log").push(info.statement.clone());
    });
    SeaOrmStore::new(db)
}

/// Counts the SQL statements a store runs, to prove list calls do a constant number of queries, and
/// keeps them, so a test can ask the database for their plans.
#[derive(Debug, Clone, Default)]
pub struct QueryCounter(Arc<AtomicUsize>, Arc<Mutex<Vec<Statement>>>);

impl QueryCounter {
    /// The statements `work` ran, in order.
    pub async fn statements_of<T>(&self, work: impl Future<Output = T>) -> (T, Vec<Statement>) {
        let before = self.1.lock().expect("the statement log").len();
        let result = work.await;
        (result, self.1.lock().expect("the statement log")[before..].to_vec())
    }

    /// The statements `work` ran.
    pub async fn during<T>(&self, work: impl Future<Output = T>) -> (T, usize) {
        let before = self.0.load(Ordering::SeqCst);
        let result = work.await;
        (result, self.0.load(Ordering::SeqCst) - before)
    }
}

/// Like [`on_every_database`], with a counter of the statements the store runs.
pub async fn on_every_database_counting<F, Fut>(test: F)
where
    F: Fn(SeaOrmStore, QueryCounter, &'static str) -> Fut,
    Fut: Future<Output = ()>,
{
    let folder = tempfile::tempdir().expect("a temporary folder");
    let url = format!("sqlite://{}", folder.path().join("atelier.db").display());
    let counter = QueryCounter::default();
    test(migrated_counting(&url, counter.clone()).await, counter, "sqlite").await;

    if let Ok(server) = std::env::var("TEST_DATABASE_URL") {
        let schema = PostgresSchema::create(&server).await;
        let counter = QueryCounter::default();
        test(migrated_counting(&schema.url, counter.clone()).await, counter, "postgres").await;
        schema.drop().await;
    }
}

/// Like [`on_every_database`], with the migrations applied only up to `migration` (not including
/// it): the test stores what an older installation held, then applies the rest itself
/// ([`migrations::run`]).
pub async fn on_every_database_before<F, Fut>(migration: &str, test: F)
where
    F: Fn(SeaOrmStore, &'static str) -> Fut,
    Fut: Future<Output = ()>,
{
    let folder = tempfile::tempdir().expect("a temporary folder");
    let url = format!("sqlite://{}", folder.path().join("atelier.db").display());
    test(migrated_before(&url, migration).await, "sqlite").await;

    if let Ok(server) = std::env::var("TEST_DATABASE_URL") {
        let schema = PostgresSchema::create(&server).await;
        test(migrated_before(&schema.url, migration).await, "postgres").await;
        schema.drop().await;
    }
}

async fn migrated_before(url: &str, migration: &str) -> SeaOrmStore {
    use sea_orm_migration::MigratorTrait;
    let db = connect(url).await.expect("the test database opens");
    let all = migrations::Migrator::migrations();
    let index = all.iter().position(|m| m.name() == migration).expect("the migration is listed");
    migrations::Migrator::up(&db, Some(u32::try_from(index).unwrap())).await.expect("the earlier migrations apply");
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

/// The stored record of kind `R` with this id: the record port's `find`, with the kind named.
pub async fn find<R: Record>(store: &SeaOrmStore, id: EntityId) -> anyhow::Result<Option<R>>
where
    SeaOrmStore: RecordRepository<R>,
{
    store.find(id).await
}

/// Deletes the record of kind `R` with this id: the record port's `delete`, with the kind named.
pub async fn delete<R: Record>(store: &SeaOrmStore, id: EntityId) -> Result<bool, R::DeleteError>
where
    SeaOrmStore: RecordRepository<R>,
{
    store.delete(id).await
}

/// The administrator whose saves the tests make.
pub fn author() -> Author {
    Author { id: EntityId::from_parts(1, [0, 0, 0, 0, 0, 0, 0, 1]), name: "Ana Admin".into() }
}
