//! Whole-file operations on a SQLite database, for `atelier backup` and `atelier restore`: a
//! consistent snapshot taken while the server writes, and the integrity check of a snapshot.

use std::path::Path;

use anyhow::Context;
use sea_orm::{ConnectionTrait, Statement};

/// Writes a consistent copy of the SQLite database at `url` to `target` with `VACUUM INTO`, through an
/// ordinary connection: SQLite takes it inside one read transaction, so writes that commit meanwhile
/// are either wholly in it or not at all, and the live file, its WAL and its shared memory are never
/// copied.
///
/// # Errors
/// When the database cannot be opened, `target` is not valid UTF-8 or already exists, or SQLite fails.
pub async fn snapshot_sqlite(url: &str, target: &Path) -> anyhow::Result<()> {
    let target = target.to_str().context("the snapshot's file name is not valid UTF-8")?;
    let db = crate::connect(url).await?;
    db.execute_raw(Statement::from_sql_and_values(db.get_database_backend(), "VACUUM INTO ?", [target.into()]))
        .await
        .context("failed to snapshot the database")?;
    db.close().await.context("failed to close the database")?;
    Ok(())
}

/// Runs `PRAGMA integrity_check` on the SQLite database file at `path`; anything but `ok` is an error.
///
/// # Errors
/// When the file cannot be opened or read, or SQLite finds it damaged.
pub async fn check_sqlite_integrity(path: &Path) -> anyhow::Result<()> {
    let url = format!("sqlite://{}", path.display());
    let db = crate::connect(&url).await?;
    let answer = db
        .query_one_raw(Statement::from_string(db.get_database_backend(), "PRAGMA integrity_check"))
        .await
        .context("failed to check the database")?
        .map(|row| row.try_get_by_index::<String>(0))
        .transpose()
        .context("failed to read the integrity check")?;
    db.close().await.context("failed to close the database")?;
    anyhow::ensure!(answer.as_deref() == Some("ok"), "the backup's database is damaged: {answer:?}");
    Ok(())
}
