//! What the site archive needs from the store: the content tables' rows read inside one snapshot,
//! and written back inside one transaction.

use std::future::Future;

/// One row of a content table: each column's value as JSON (texts as strings, numbers as numbers,
/// flags as booleans, times as RFC 3339 strings in UTC to the microsecond, days as `YYYY-MM-DD`,
/// `null` for no value).
pub type Row = serde_json::Map<String, serde_json::Value>;

/// The content as it stood at one moment: every read sees the same committed state, whatever is
/// written meanwhile (a read transaction: `REPEATABLE READ` on PostgreSQL).
pub trait ContentSnapshot: Send {
    /// Up to `limit` rows of `table` from `offset` on, in the order of its primary key.
    ///
    /// # Errors
    /// When `table` is no content table, or on infrastructure faults.
    fn rows(&mut self, table: &str, offset: u64, limit: u64) -> impl Future<Output = anyhow::Result<Vec<Row>>> + Send;

    /// The storage keys of every file the media library names (each original and its copies).
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn media_keys(&mut self) -> impl Future<Output = anyhow::Result<Vec<String>>> + Send;

    /// Ends the snapshot.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn finish(self) -> impl Future<Output = anyhow::Result<()>> + Send;
}

/// Rows being written into an empty store, all in one transaction: nothing is kept unless
/// [`ContentLoad::commit`] succeeds.
pub trait ContentLoad: Send {
    /// The content tables that hold rows (within the load's transaction).
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn occupied_tables(&mut self) -> impl Future<Output = anyhow::Result<Vec<String>>> + Send;

    /// Inserts `rows` into `table`, keeping every column as given (ids included).
    ///
    /// # Errors
    /// When a row breaks one of the table's rules (a missing value, a reference to nothing, a
    /// duplicate), or on infrastructure faults.
    fn insert(&mut self, table: &str, rows: &[Row]) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// Keeps everything inserted.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn commit(self) -> impl Future<Output = anyhow::Result<()>> + Send;
}

/// The store as the site archive reads and writes it.
pub trait SiteArchiveRepository: Send + Sync + 'static {
    /// A snapshot of the content.
    type Snapshot: ContentSnapshot;
    /// A load into an empty store.
    type Load: ContentLoad;

    /// The tables an archive carries, in the order they are written and loaded (a table comes after
    /// the tables it refers to).
    fn content_tables(&self) -> &'static [&'static str];

    /// The columns of `table` in this store's schema.
    ///
    /// # Errors
    /// When `table` is no content table, or on infrastructure faults.
    fn content_columns(&self, table: &str) -> impl Future<Output = anyhow::Result<Vec<String>>> + Send;

    /// Starts a snapshot of the content.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn snapshot(&self) -> impl Future<Output = anyhow::Result<Self::Snapshot>> + Send;

    /// Starts a load: its transaction holds the store's write lock until it ends.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn load(&self) -> impl Future<Output = anyhow::Result<Self::Load>> + Send;
}
