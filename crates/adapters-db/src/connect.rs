//! Opening the database: a SQLite file (WAL, busy timeout, foreign keys, a pool of several
//! connections) or a PostgreSQL server, chosen by the URL's scheme.

use std::time::Duration;

use anyhow::Context;
use sea_orm::sqlx::sqlite::{SqliteJournalMode, SqliteSynchronous};
use sea_orm::{ConnectOptions, Database, DatabaseConnection};

/// Which database a URL selects.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DatabaseKind {
    Sqlite,
    Postgres,
}

impl DatabaseKind {
    /// The kind named by a database URL's scheme.
    ///
    /// # Errors
    /// When the scheme is neither `sqlite:` nor `postgres:`/`postgresql:`.
    pub fn of_url(url: &str) -> anyhow::Result<Self> {
        if url.starts_with("sqlite:") {
            Ok(Self::Sqlite)
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Ok(Self::Postgres)
        } else {
            anyhow::bail!("unsupported database URL scheme (expected sqlite: or postgres://)")
        }
    }
}

/// How long a SQLite writer waits for another writer before giving up.
const SQLITE_BUSY_TIMEOUT: Duration = Duration::from_secs(5);
const SQLITE_POOL_SIZE: u32 = 8;
const POSTGRES_POOL_SIZE: u32 = 16;

/// Connects to the database the URL names. A SQLite file is created when missing.
///
/// # Errors
/// When the URL is unsupported or the database cannot be opened.
pub async fn connect(url: &str) -> anyhow::Result<DatabaseConnection> {
    let kind = DatabaseKind::of_url(url)?;
    let mut options = ConnectOptions::new(url.to_owned());
    options
        .connect_timeout(Duration::from_secs(10))
        .acquire_timeout(Duration::from_secs(10))
        // Statements are not logged: they would drown request logs and may carry personal data.
        .sqlx_logging(false);
    match kind {
        DatabaseKind::Sqlite => {
            options.max_connections(SQLITE_POOL_SIZE).min_connections(1).map_sqlx_sqlite_opts(|sqlite| {
                sqlite
                    .create_if_missing(true)
                    // Durability: a write is acknowledged only after its transaction commits. WAL
                    // keeps readers off the writer's back and makes a commit one append to the log;
                    // with `synchronous = FULL` that append is fsynced before the commit returns, so
                    // an acknowledged write survives the process being killed (which `NORMAL`
                    // already guarantees) and also the machine losing power (which `NORMAL` does
                    // not: it syncs only at checkpoints). The cost, one fsync a commit, is small for
                    // a site's write rate. Proved by crates/bootstrap/tests/durability/kill.rs.
                    .journal_mode(SqliteJournalMode::Wal)
                    .synchronous(SqliteSynchronous::Full)
                    .busy_timeout(SQLITE_BUSY_TIMEOUT)
                    .foreign_keys(true)
            });
        }
        DatabaseKind::Postgres => {
            options.max_connections(POSTGRES_POOL_SIZE);
        }
    }
    Database::connect(options).await.with_context(|| format!("failed to open the {kind:?} database"))
}
