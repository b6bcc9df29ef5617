//! The site archive's rows: which tables are the site's content, and their rows read in one snapshot
//! and written back in one transaction, on SQLite and PostgreSQL alike.
//!
//! Every table of the schema is in exactly one of [`CONTENT_TABLES`] (carried by the archive) and
//! [`EXCLUDED_TABLES`] (left out, with the reason); a test fails on a table in neither, so each new
//! table is classified when it is added. The columns and their types are read from the schema
//! itself, so a column added by a migration travels without a line here.
//!
//! A value leaves the database as database-neutral JSON: texts as strings, integers as numbers,
//! flags as booleans, doubles as numbers, times as RFC 3339 in UTC to the microsecond (PostgreSQL's
//! precision), days as `YYYY-MM-DD`. It goes back in bound as the column's type, so an archive
//! written on SQLite loads on PostgreSQL and the other way round.

use anyhow::Context;
use atelier_application::site_archive::ports::{ContentLoad, ContentSnapshot, Row, SiteArchiveRepository};
use chrono::{DateTime, NaiveDate, SecondsFormat, Utc};
use sea_orm::sea_query::{Alias, Query};
use sea_orm::{
    AccessMode, ConnectionTrait, DatabaseTransaction, DbBackend, EntityTrait, IsolationLevel, QueryResult,
    SqliteTransactionMode, Statement, TransactionOptions, TransactionTrait, Value,
};
use serde_json::Value as Json;

use crate::entities::media_item;
use crate::records::Table as _;
use crate::store::SeaOrmStore;

/// The site's content, in the order it is written and loaded: a table after those it refers to.
/// Revisions, the media library and the blog's word index (derived from the posts, carried so a
/// search answers the same at once) are content; so are the inbox, the project requests and the
/// newsletter list (the agency's own records), and the redirects of old addresses (with their hits).
pub const CONTENT_TABLES: &[&str] = &[
    "settings",
    "contact_details",
    "home_page",
    "content_pages",
    "services",
    "faqs",
    "testimonials",
    "team_members",
    "technologies",
    "portfolio_projects",
    "portfolio_project_technologies",
    "blog_categories",
    "tags",
    "blog_posts",
    "blog_post_tags",
    "blog_post_words",
    "blog_search_words",
    "revisions",
    "media_items",
    "contact_messages",
    "project_requests",
    "newsletter_subscribers",
    "redirects",
    "translations",
];

/// The tables an archive leaves out, each with the reason: accounts, secrets and sessions never
/// travel (docs/export.md), nor what belongs to one running instance.
pub const EXCLUDED_TABLES: &[(&str, &str)] = &[
    ("users", "accounts: the importing instance has its own"),
    ("sessions", "sessions of accounts"),
    ("invitations", "one-time links to create accounts"),
    ("two_factor_credentials", "secrets of accounts, sealed with the instance's key"),
    ("recovery_codes", "secrets of accounts"),
    ("sign_in_challenges", "sign-ins under way"),
    ("limit_attempts", "the limits' counters, about this instance's visitors and accounts"),
    ("outgoing_mails", "the outbox: mail still to send from this instance (invitation links among it)"),
    ("mail_attempts", "the outbox's delivery log"),
    ("audit_entries", "this instance's log of what its accounts did"),
    ("presence", "who has a form open right now"),
    ("backup_runs", "this instance's record of its scheduled backups"),
    ("visitor_salts", "the secret daily salts of visitors' hashes"),
    ("post_views", "visitors' hashed views of the day, kept to count each view once"),
    ("page_views", "visitor statistics: hashed page views of the last weeks, about visitors, not the site's content"),
    (
        "page_view_days",
        "visitor statistics: daily totals, about visitors, not content (an import starts counting afresh)",
    ),
    ("content_generation", "this instance's cache counter (an import advances it)"),
    ("seaql_migrations", "the schema's own migration log"),
    ("webhook_endpoints", "integrations: each holds a signing secret sealed with the instance's key"),
    ("webhook_deliveries", "events still to send from this instance to its endpoints"),
    ("webhook_attempts", "the webhooks' delivery log"),
    ("used_challenges", "proof-of-work answers already used, kept only until they expire"),
];

/// How a column's values are read and bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Text,
    SmallInteger,
    Integer,
    BigInteger,
    Boolean,
    Double,
    Timestamp,
    Date,
}

/// A column of a content table.
#[derive(Debug, Clone)]
struct Column {
    name: String,
    kind: Kind,
}

/// The kind of a column from the type the schema declares.
fn kind(backend: DbBackend, declared: &str) -> Option<Kind> {
    let declared = declared.to_ascii_lowercase();
    if backend == DbBackend::Postgres {
        return match declared.as_str() {
            "text" | "character varying" | "character" => Some(Kind::Text),
            "smallint" => Some(Kind::SmallInteger),
            "integer" => Some(Kind::Integer),
            "bigint" => Some(Kind::BigInteger),
            "boolean" => Some(Kind::Boolean),
            "double precision" => Some(Kind::Double),
            "timestamp with time zone" => Some(Kind::Timestamp),
            "date" => Some(Kind::Date),
            _ => None,
        };
    }
    // SQLite keeps the declared names SeaORM writes (`timestamp_with_timezone_text`, `date_text`, …).
    if declared.contains("timestamp") || declared.contains("datetime") {
        Some(Kind::Timestamp)
    } else if declared.starts_with("date") {
        Some(Kind::Date)
    } else if declared.contains("bool") {
        Some(Kind::Boolean)
    } else if declared.contains("int") {
        Some(Kind::BigInteger)
    } else if declared.contains("double") || declared.contains("real") || declared.contains("float") {
        Some(Kind::Double)
    } else if declared.contains("char") || declared.contains("text") || declared.contains("string") {
        Some(Kind::Text)
    } else {
        None
    }
}

fn is_content(table: &str) -> anyhow::Result<()> {
    anyhow::ensure!(CONTENT_TABLES.contains(&table), "{table:?} is not a content table");
    Ok(())
}

/// Quotes an identifier taken from [`CONTENT_TABLES`] or from the schema.
fn quoted(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

/// Every table of the schema (the migration log included).
///
/// # Errors
/// Only infrastructure faults.
pub async fn schema_tables(db: &impl ConnectionTrait) -> anyhow::Result<Vec<String>> {
    let backend = db.get_database_backend();
    let sql = match backend {
        DbBackend::Postgres => {
            "SELECT table_name::text FROM information_schema.tables WHERE table_schema = current_schema() AND \
             table_type = 'BASE TABLE' ORDER BY 1"
        }
        _ => "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY 1",
    };
    let rows = db.query_all_raw(Statement::from_string(backend, sql)).await.context("failed to list the tables")?;
    rows.iter().map(|row| row.try_get_by_index::<String>(0).context("failed to read a table name")).collect()
}

/// The columns of `table` in schema order, and its primary key's columns.
async fn columns(db: &impl ConnectionTrait, table: &str) -> anyhow::Result<(Vec<Column>, Vec<String>)> {
    let backend = db.get_database_backend();
    let (columns, key) = if backend == DbBackend::Postgres {
        let columns = db
            .query_all_raw(Statement::from_sql_and_values(
                backend,
                "SELECT column_name::text, data_type::text FROM information_schema.columns \
                 WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position",
                [table.into()],
            ))
            .await
            .with_context(|| format!("failed to read the columns of {table}"))?
            .iter()
            .map(|row| Ok((row.try_get_by_index::<String>(0)?, row.try_get_by_index::<String>(1)?)))
            .collect::<Result<Vec<_>, sea_orm::DbErr>>()?;
        let key = db
            .query_all_raw(Statement::from_sql_and_values(
                backend,
                "SELECT a.attname::text FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND \
                 a.attnum = ANY(i.indkey) WHERE i.indrelid = to_regclass(quote_ident($1)) AND i.indisprimary \
                 ORDER BY a.attnum",
                [table.into()],
            ))
            .await
            .with_context(|| format!("failed to read the primary key of {table}"))?
            .iter()
            .map(|row| row.try_get_by_index::<String>(0))
            .collect::<Result<Vec<_>, _>>()?;
        (columns, key)
    } else {
        let rows = db
            .query_all_raw(Statement::from_sql_and_values(
                backend,
                "SELECT name, type, pk FROM pragma_table_info(?) ORDER BY cid",
                [table.into()],
            ))
            .await
            .with_context(|| format!("failed to read the columns of {table}"))?;
        let mut columns = Vec::new();
        let mut key = Vec::new();
        for row in &rows {
            let name = row.try_get_by_index::<String>(0)?;
            let declared = row.try_get_by_index::<String>(1)?;
            if row.try_get_by_index::<i64>(2)? > 0 {
                key.push((row.try_get_by_index::<i64>(2)?, name.clone()));
            }
            columns.push((name, declared));
        }
        key.sort();
        (columns, key.into_iter().map(|(_, name)| name).collect())
    };
    anyhow::ensure!(!columns.is_empty(), "the table {table} does not exist");
    let columns = columns
        .into_iter()
        .map(|(name, declared)| {
            let kind = kind(backend, &declared)
                .with_context(|| format!("column {table}.{name} has a type an archive cannot carry: {declared}"))?;
            Ok(Column { name, kind })
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    Ok((columns, key))
}

/// One value of `row` as JSON.
fn read(row: &QueryResult, column: &Column) -> Result<Json, sea_orm::DbErr> {
    let name = column.name.as_str();
    Ok(match column.kind {
        Kind::Text => row.try_get::<Option<String>>("", name)?.map_or(Json::Null, Json::String),
        Kind::SmallInteger => row.try_get::<Option<i16>>("", name)?.map_or(Json::Null, Json::from),
        // Only PostgreSQL has 32-bit columns; SQLite's integers are all read as 64-bit ones.
        Kind::Integer => row.try_get::<Option<i32>>("", name)?.map_or(Json::Null, Json::from),
        Kind::BigInteger => row.try_get::<Option<i64>>("", name)?.map_or(Json::Null, Json::from),
        Kind::Boolean => row.try_get::<Option<bool>>("", name)?.map_or(Json::Null, Json::Bool),
        Kind::Double => row
            .try_get::<Option<f64>>("", name)?
            .and_then(serde_json::Number::from_f64)
            .map_or(Json::Null, Json::Number),
        Kind::Timestamp => row
            .try_get::<Option<DateTime<Utc>>>("", name)?
            .map_or(Json::Null, |time| Json::String(time.to_rfc3339_opts(SecondsFormat::Micros, true))),
        Kind::Date => row
            .try_get::<Option<NaiveDate>>("", name)?
            .map_or(Json::Null, |day| Json::String(day.format("%Y-%m-%d").to_string())),
    })
}

/// One JSON value bound as `column`'s type.
fn bind(table: &str, column: &Column, value: &Json) -> anyhow::Result<Value> {
    let wrong = || anyhow::anyhow!("{table}.{} holds a value of the wrong type: {value}", column.name);
    Ok(match (column.kind, value) {
        (Kind::Text, Json::Null) => Value::String(None),
        (Kind::Text, Json::String(text)) => Value::String(Some(text.clone())),
        (Kind::SmallInteger, Json::Null) => Value::SmallInt(None),
        (Kind::SmallInteger, Json::Number(number)) => {
            Value::SmallInt(Some(number.as_i64().and_then(|n| i16::try_from(n).ok()).ok_or_else(wrong)?))
        }
        (Kind::Integer, Json::Null) => Value::Int(None),
        (Kind::Integer, Json::Number(number)) => {
            Value::Int(Some(number.as_i64().and_then(|n| i32::try_from(n).ok()).ok_or_else(wrong)?))
        }
        (Kind::BigInteger, Json::Null) => Value::BigInt(None),
        (Kind::BigInteger, Json::Number(number)) => Value::BigInt(Some(number.as_i64().ok_or_else(wrong)?)),
        (Kind::Boolean, Json::Null) => Value::Bool(None),
        (Kind::Boolean, Json::Bool(flag)) => Value::Bool(Some(*flag)),
        (Kind::Double, Json::Null) => Value::Double(None),
        (Kind::Double, Json::Number(number)) => Value::Double(Some(number.as_f64().ok_or_else(wrong)?)),
        (Kind::Timestamp, Json::Null) => Value::ChronoDateTimeUtc(None),
        (Kind::Timestamp, Json::String(text)) => {
            Value::ChronoDateTimeUtc(Some(DateTime::parse_from_rfc3339(text).map_err(|_| wrong())?.with_timezone(&Utc)))
        }
        (Kind::Date, Json::Null) => Value::ChronoDate(None),
        (Kind::Date, Json::String(text)) => {
            Value::ChronoDate(Some(NaiveDate::parse_from_str(text, "%Y-%m-%d").map_err(|_| wrong())?))
        }
        _ => return Err(wrong()),
    })
}

/// The content read inside one read transaction.
#[derive(Debug)]
pub struct SeaOrmSnapshot {
    transaction: DatabaseTransaction,
}

impl ContentSnapshot for SeaOrmSnapshot {
    async fn rows(&mut self, table: &str, offset: u64, limit: u64) -> anyhow::Result<Vec<Row>> {
        is_content(table)?;
        let db = &self.transaction;
        let (columns, key) = columns(db, table).await?;
        let order = if key.is_empty() {
            columns.iter().map(|column| quoted(&column.name)).collect::<Vec<_>>()
        } else {
            key.iter().map(|name| quoted(name)).collect()
        };
        let sql =
            format!("SELECT * FROM {} ORDER BY {} LIMIT {limit} OFFSET {offset}", quoted(table), order.join(", "));
        let rows = db
            .query_all_raw(Statement::from_string(db.get_database_backend(), sql))
            .await
            .with_context(|| format!("failed to read {table}"))?;
        rows.iter()
            .map(|row| {
                columns
                    .iter()
                    .map(|column| Ok((column.name.clone(), read(row, column)?)))
                    .collect::<Result<Row, sea_orm::DbErr>>()
                    .with_context(|| format!("failed to read a row of {table}"))
            })
            .collect()
    }

    async fn media_keys(&mut self) -> anyhow::Result<Vec<String>> {
        let rows =
            media_item::Entity::find().all(&self.transaction).await.context("failed to read the media library")?;
        let mut keys = Vec::new();
        for row in rows {
            keys.extend(atelier_domain::media::MediaItem::from_row(row)?.keys());
        }
        Ok(keys)
    }

    async fn finish(self) -> anyhow::Result<()> {
        self.transaction.rollback().await.context("failed to end the snapshot")
    }
}

/// Rows being loaded, in one write transaction.
#[derive(Debug)]
pub struct SeaOrmLoad {
    transaction: DatabaseTransaction,
}

impl ContentLoad for SeaOrmLoad {
    async fn occupied_tables(&mut self) -> anyhow::Result<Vec<String>> {
        let db = &self.transaction;
        let mut occupied = Vec::new();
        for table in CONTENT_TABLES {
            let sql = format!("SELECT 1 FROM {} LIMIT 1", quoted(table));
            let any = db
                .query_one_raw(Statement::from_string(db.get_database_backend(), sql))
                .await
                .with_context(|| format!("failed to read {table}"))?;
            if any.is_some() {
                occupied.push((*table).to_owned());
            }
        }
        Ok(occupied)
    }

    async fn insert(&mut self, table: &str, rows: &[Row]) -> anyhow::Result<()> {
        is_content(table)?;
        let db = &self.transaction;
        let (columns, _) = columns(db, table).await?;
        for (number, row) in rows.iter().enumerate() {
            let present: Vec<&Column> = columns.iter().filter(|column| row.contains_key(&column.name)).collect();
            if let Some(unknown) = row.keys().find(|name| !columns.iter().any(|column| &column.name == *name)) {
                anyhow::bail!("{table} has no column {unknown:?}");
            }
            let values = present
                .iter()
                .map(|column| bind(table, column, &row[&column.name]))
                .collect::<anyhow::Result<Vec<_>>>()?;
            let mut insert = Query::insert();
            insert
                .into_table(Alias::new(table))
                .columns(present.iter().map(|column| Alias::new(column.name.as_str())))
                .values(values.into_iter().map(Into::into))
                .with_context(|| format!("failed to write a row of {table}"))?;
            db.execute(&insert).await.with_context(|| format!("row {} of this page was refused", number + 1))?;
        }
        Ok(())
    }

    async fn commit(self) -> anyhow::Result<()> {
        // The posts' source hashes are derived from their texts: an archive from before them (or
        // one edited by hand) holds none or wrong ones, so they are computed afresh.
        crate::post_hashes::refresh_all(&self.transaction).await.context("failed to hash the imported posts' texts")?;
        self.transaction.commit().await.context("failed to commit the import")
    }
}

impl SiteArchiveRepository for SeaOrmStore {
    type Snapshot = SeaOrmSnapshot;
    type Load = SeaOrmLoad;

    fn content_tables(&self) -> &'static [&'static str] {
        CONTENT_TABLES
    }

    async fn content_columns(&self, table: &str) -> anyhow::Result<Vec<String>> {
        is_content(table)?;
        Ok(columns(&self.db, table).await?.0.into_iter().map(|column| column.name).collect())
    }

    async fn snapshot(&self) -> anyhow::Result<SeaOrmSnapshot> {
        let options = snapshot_options(self.db.get_database_backend());
        let transaction = self.db.begin_with_options(options).await.context("failed to begin a snapshot")?;
        Ok(SeaOrmSnapshot { transaction })
    }

    async fn load(&self) -> anyhow::Result<SeaOrmLoad> {
        let options = if self.db.get_database_backend() == DbBackend::Postgres {
            TransactionOptions::default()
        } else {
            TransactionOptions { sqlite_transaction_mode: Some(SqliteTransactionMode::Immediate), ..Default::default() }
        };
        let transaction = self.db.begin_with_options(options).await.context("failed to begin the import")?;
        Ok(SeaOrmLoad { transaction })
    }
}

/// A read-only transaction in which every read sees the database as it was at one instant.
pub(crate) fn snapshot_options(backend: DbBackend) -> TransactionOptions {
    if backend == DbBackend::Postgres {
        TransactionOptions {
            isolation_level: Some(IsolationLevel::RepeatableRead),
            access_mode: Some(AccessMode::ReadOnly),
            sqlite_transaction_mode: None,
        }
    } else {
        // A deferred transaction: its first read fixes what every later read sees (WAL mode).
        TransactionOptions::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_table_is_both_content_and_excluded() {
        for table in CONTENT_TABLES {
            assert!(!EXCLUDED_TABLES.iter().any(|(excluded, _)| excluded == table), "{table}");
        }
    }

    #[test]
    fn sqlite_declared_types_have_kinds() {
        let sqlite = DbBackend::Sqlite;
        assert_eq!(kind(sqlite, "timestamp_with_timezone_text"), Some(Kind::Timestamp));
        assert_eq!(kind(sqlite, "date_text"), Some(Kind::Date));
        assert_eq!(kind(sqlite, "varchar(120)"), Some(Kind::Text));
        assert_eq!(kind(sqlite, "char(24)"), Some(Kind::Text));
        assert_eq!(kind(sqlite, "bigint"), Some(Kind::BigInteger));
        assert_eq!(kind(sqlite, "boolean"), Some(Kind::Boolean));
        assert_eq!(kind(sqlite, "double"), Some(Kind::Double));
        assert_eq!(kind(sqlite, "blob"), None);
        assert_eq!(kind(DbBackend::Postgres, "bytea"), None);
    }

    #[test]
    fn a_value_of_the_wrong_type_is_refused() {
        let column = Column { name: "views".into(), kind: Kind::BigInteger };
        assert!(bind("faqs", &column, &Json::String("1".into())).is_err());
        let column = Column { name: "at".into(), kind: Kind::Timestamp };
        assert!(bind("faqs", &column, &Json::String("yesterday".into())).is_err());
        assert!(bind("faqs", &column, &Json::String("2026-11-27T10:00:00.123456Z".into())).is_ok());
    }
}
