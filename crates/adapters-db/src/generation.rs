//! The shared content generation in the `content_generation` table (one row), announced on
//! PostgreSQL to every instance listening on [`CHANGES_CHANNEL`].

use anyhow::Context;
use atelier_application::freshness::ports::GenerationRepository;
use sea_orm::{ConnectionTrait, DbBackend, Statement};

use crate::store::SeaOrmStore;

/// The PostgreSQL channel a new shared generation is announced on (the payload is its value). Channels
/// belong to the whole database, not to a schema: an announcement is only a hint to read the row.
pub const CHANGES_CHANNEL: &str = "atelier_content_changed";

impl GenerationRepository for SeaOrmStore {
    async fn advance_generation(&self) -> anyhow::Result<i64> {
        let backend = self.db.get_database_backend();
        let sql = match backend {
            // The announcement leaves when the statement commits, with the value it committed.
            DbBackend::Postgres => format!(
                "WITH advanced AS (UPDATE content_generation SET value = value + 1 WHERE id = 1 RETURNING value) \
                 SELECT value, pg_notify('{CHANGES_CHANNEL}', value::text) FROM advanced"
            ),
            _ => "UPDATE content_generation SET value = value + 1 WHERE id = 1 RETURNING value".to_owned(),
        };
        let row = self
            .db
            .query_one_raw(Statement::from_string(backend, sql))
            .await
            .context("failed to advance the content generation")?
            .context("the content generation row is missing")?;
        row.try_get_by_index::<i64>(0).context("failed to read the advanced content generation")
    }

    async fn shared_generation(&self) -> anyhow::Result<i64> {
        let backend = self.db.get_database_backend();
        let row = self
            .db
            .query_one_raw(Statement::from_string(backend, "SELECT value FROM content_generation WHERE id = 1"))
            .await
            .context("failed to read the content generation")?
            .context("the content generation row is missing")?;
        row.try_get_by_index::<i64>(0).context("failed to read the content generation")
    }
}

/// Hears the shared generation's announcements on PostgreSQL (a connection of its own).
#[derive(Debug)]
pub struct GenerationListener {
    listener: sea_orm::sqlx::postgres::PgListener,
}

impl GenerationListener {
    /// Starts listening, on PostgreSQL only (`None` on SQLite, whose instances share one machine and
    /// read the row instead).
    ///
    /// # Errors
    /// When the listening connection cannot be opened.
    pub async fn start(store: &SeaOrmStore) -> anyhow::Result<Option<Self>> {
        if store.db.get_database_backend() != DbBackend::Postgres {
            return Ok(None);
        }
        let pool = store.db.get_postgres_connection_pool();
        let mut listener = sea_orm::sqlx::postgres::PgListener::connect_with(pool)
            .await
            .context("failed to open the connection that listens for content changes")?;
        listener.listen(CHANGES_CHANNEL).await.context("failed to listen for content changes")?;
        Ok(Some(Self { listener }))
    }

    /// Waits for an announcement, or for the connection to be lost (it reconnects on the next call,
    /// and announcements made meanwhile are missed). Either way, read the shared generation then.
    ///
    /// # Errors
    /// When the connection fails for good.
    pub async fn wait(&mut self) -> anyhow::Result<()> {
        self.listener.try_recv().await.context("failed to hear content changes")?;
        Ok(())
    }
}
