//! Opening the database: a SQLite file (WAL, busy timeout, foreign keys, a pool of several
//! connections) or a PostgreSQL server, chosen by the URL's scheme.

use std::path::Path;
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

/// The file a `sqlite:` URL names; `None` for an in-memory database.
pub(crate) fn sqlite_path(url: &str) -> Option<&Path> {
    let rest = url.trim_start_matches("sqlite:");
    let rest = rest.strip_prefix("//").unwrap_or(rest);
    let path = rest.split('?').next().unwrap_or_default();
    (!path.is_empty() && !path.contains(":memory:")).then(|| Path::new(path))
}

/// Creates `path` empty with mode 0600 when missing (SQLite then fills it); takes read access away
/// from others on an existing file.
#[cfg(unix)]
fn private_file(path: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
    match std::fs::OpenOptions::new().write(true).create_new(true).mode(0o600).open(path) {
        Ok(_) => Ok(()),
        Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => {
            let mode = std::fs::metadata(path)?.permissions().mode();
            if mode & 0o077 != 0 {
                tracing::warn!(path = %path.display(), "the database file was readable by others; now by its owner only");
                std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode & 0o700))?;
            }
            Ok(())
        }
        Err(error) => Err(error),
    }
}

#[cfg(not(unix))]
fn private_file(_path: &Path) -> std::io::Result<()> {
    Ok(())
}

/// How long a SQLite writer waits for another writer before giving up.
const SQLITE_BUSY_TIMEOUT: Duration = Duration::from_secs(5);
const SQLITE_POOL_SIZE: u32 = 8;
/// The most each SQLite connection keeps of the database's pages in its own cache, in KiB (SQLite's
/// `cache_size` pragma, negative for KiB; SQLite's default is 2,000 KiB). A connection's cache is
/// its own, so the pool's eight could hold 16 MiB of a large blog's pages; what a read needs again
/// and again (the indexes' upper pages, the small tables) fits in far less, and the rest is read
/// from the operating system's file cache, which does not count towards the server's memory
/// (docs/performance.md, "Where the memory goes").
const SQLITE_CACHE_KIB: u32 = 1024;
/// PostgreSQL connections, all opened at start: enough for two cores (the server and the database
/// sharing them), few enough that a test run's servers and several instances stay well within the
/// server's default 100.
const POSTGRES_POOL_SIZE: u32 = 8;
/// How long a PostgreSQL connection may have been idle and still be used without a ping first.
const POSTGRES_PING_AFTER_IDLE: Duration = Duration::from_secs(10);

/// Connects to the database the URL names. A SQLite file is created when missing, readable and
/// writable by its owner only (its log and shared-memory files take the same mode from it), and an
/// existing one that others may read is made so.
///
/// # Errors
/// When the URL is unsupported or the database cannot be opened.
pub async fn connect(url: &str) -> anyhow::Result<DatabaseConnection> {
    let kind = DatabaseKind::of_url(url)?;
    if kind == DatabaseKind::Sqlite
        && let Some(path) = sqlite_path(url)
    {
        private_file(path).with_context(|| format!("failed to create the database file {}", path.display()))?;
    }
    let mut options = ConnectOptions::new(url.to_owned());
    options
        .connect_timeout(Duration::from_secs(10))
        .acquire_timeout(Duration::from_secs(10))
        // Statements are not logged: they would drown request logs and may carry personal data.
        // `ATELIER_LOG_STATEMENTS=1` logs each one (target `sqlx::query`, level info) for measuring
        // what a request asks of the database (docs/performance.md, "Cache misses").
        .sqlx_logging(std::env::var_os("ATELIER_LOG_STATEMENTS").is_some_and(|value| value == "1"));
    match kind {
        DatabaseKind::Sqlite => {
            // A connection to a file in this process cannot be dropped by a server or a network,
            // so it is not pinged before each use: sqlx's driver runs each connection on a thread
            // of its own, and a ping is one more round trip to that thread for every statement.
            options.test_before_acquire(false);
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
                    .pragma("cache_size", format!("-{SQLITE_CACHE_KIB}"))
            });
        }
        DatabaseKind::Postgres => {
            // Every connection opened here, on the runtime that opens the database (the server's
            // main one), and kept: a connection's socket belongs to the runtime that opened it, and
            // one opened on demand by an HTTP worker died with that worker's runtime when the server
            // stopped, failing the background workers' last statements (the views' last flush, the
            // content generation's poll) as they finished.
            // A connection is pinged before use only when it has been idle for a while (the server
            // or a proxy may have dropped it meanwhile), not before every statement: a ping is a
            // round trip to the server, as long as the statement's own.
            options
                .max_connections(POSTGRES_POOL_SIZE)
                .min_connections(POSTGRES_POOL_SIZE)
                .test_before_acquire_if_idle_for(POSTGRES_PING_AFTER_IDLE);
        }
    }
    Database::connect(options).await.with_context(|| format!("failed to open the {kind:?} database"))
}

#[cfg(all(test, unix))]
mod tests {
    use std::os::unix::fs::PermissionsExt;

    use super::*;

    fn mode(path: &Path) -> u32 {
        std::fs::metadata(path).unwrap().permissions().mode() & 0o777
    }

    #[tokio::test]
    async fn a_sqlite_database_and_its_log_are_readable_by_their_owner_only() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("atelier.db");
        let db = connect(&format!("sqlite://{}", path.display())).await.unwrap();
        sea_orm::ConnectionTrait::execute_unprepared(&db, "CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1)")
            .await
            .unwrap();
        assert_eq!(mode(&path), 0o600);
        assert_eq!(mode(&folder.path().join("atelier.db-wal")), 0o600);
        db.close().await.unwrap();

        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
        connect(&format!("sqlite://{}?mode=rwc", path.display())).await.unwrap().close().await.unwrap();
        assert_eq!(mode(&path), 0o600, "an existing database readable by others is closed to them");
    }

    #[tokio::test]
    async fn every_sqlite_connection_keeps_a_bounded_cache_of_pages() {
        let folder = tempfile::tempdir().unwrap();
        let db = connect(&format!("sqlite://{}", folder.path().join("atelier.db").display())).await.unwrap();
        let row = sea_orm::ConnectionTrait::query_one_raw(
            &db,
            sea_orm::Statement::from_string(sea_orm::DatabaseBackend::Sqlite, "PRAGMA cache_size"),
        )
        .await
        .unwrap()
        .unwrap();
        let cache_size: i64 = row.try_get_by_index(0).unwrap();
        assert_eq!(cache_size, -i64::from(SQLITE_CACHE_KIB), "negative: a size in KiB");
        db.close().await.unwrap();
    }
}
