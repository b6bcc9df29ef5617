//! PostgreSQL's batches of page views sent as one statement: the rows as one JSON parameter, spread
//! into the table's own row type by the server (`json_populate_recordset(NULL::table, $1::json)`).
//!
//! A flush under load is a few statements, whatever its size, where [`crate::shapes`]' ladders made
//! it one statement per piece: each statement is a round trip to the server's process, and on a
//! machine whose cores the requests keep busy each round trip waits for that process to be
//! scheduled, so a flush of 6,000 views in 30 pieces fell behind the views coming in and the views
//! held were dropped (`MAX_PENDING`). One text per table also keeps one prepared statement per
//! connection, whatever the batch's size. SQLite is in the process: its pieces stay as they are.

use anyhow::Context;
use chrono::{DateTime, Utc};
use sea_orm::{ConnectionTrait, DbBackend, Statement};
use serde::Serialize;

/// Runs `sql`, whose only parameter `$1` is `rows` as a JSON array of objects named by column.
pub(crate) async fn execute<T: Serialize>(db: &impl ConnectionTrait, sql: &str, rows: &[T]) -> anyhow::Result<u64> {
    let json = serde_json::to_string(rows).context("failed to write a batch as JSON")?;
    let statement = Statement::from_sql_and_values(DbBackend::Postgres, sql, [json.into()]);
    Ok(db.execute_raw(statement).await?.rows_affected())
}

/// A time as PostgreSQL reads it into `timestamptz`, to the microsecond it keeps (truncated, as
/// the driver binds a time).
pub(crate) fn timestamp(at: DateTime<Utc>) -> String {
    at.format("%Y-%m-%dT%H:%M:%S%.6fZ").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_time_is_written_to_the_microsecond_truncated() {
        let at = DateTime::parse_from_rfc3339("2026-11-29T05:06:07.123456789Z").unwrap().with_timezone(&Utc);
        assert_eq!(timestamp(at), "2026-11-29T05:06:07.123456Z");
        let whole = DateTime::parse_from_rfc3339("2026-11-29T05:06:07Z").unwrap().with_timezone(&Utc);
        assert_eq!(timestamp(whole), "2026-11-29T05:06:07.000000Z");
    }
}
