//! What scheduled backups need from the outside world: a record of the runs shared by every
//! instance (so one of them takes each backup), and a place that writes, lists and drops archives.

use std::future::Future;

use chrono::{DateTime, Utc};

/// Whether an instance took a period's backup on itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Claim {
    /// This instance holds the period's lease: it writes the backup.
    Claimed,
    /// Another instance holds a lease that has not lapsed.
    HeldElsewhere,
    /// The period's backup is done (or failed) already.
    Finished,
}

/// How a run ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RunOutcome {
    /// The archive's name, and its size in bytes.
    Written { archive: String, bytes: u64 },
    /// Why it failed.
    Failed(String),
}

/// One period's run, as recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BackupRun {
    /// The start of the period the backup stands for.
    pub slot: DateTime<Utc>,
    /// The instance that took it.
    pub holder: String,
    pub started_at: DateTime<Utc>,
    /// `None` while it runs.
    pub finished_at: Option<DateTime<Utc>>,
    /// `None` while it runs.
    pub outcome: Option<RunOutcome>,
}

/// The runs, one row per period, shared by every instance on the database. Claiming is one
/// statement that only one instance can win: a new row, or a row whose holder's lease lapsed before
/// it finished (that instance died), as the queues' claims.
pub trait BackupRuns: Clone + Send + Sync + 'static {
    /// Claims the backup of the period starting at `slot` for `holder` until `lease_until`.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn claim_backup(
        &self,
        slot: DateTime<Utc>,
        holder: &str,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
    ) -> impl Future<Output = anyhow::Result<Claim>> + Send;

    /// Records how the run of `slot` ended.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn finish_backup(
        &self,
        slot: DateTime<Utc>,
        at: DateTime<Utc>,
        outcome: &RunOutcome,
    ) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// The latest run that ended, for the operator to see.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn last_finished_backup(&self) -> impl Future<Output = anyhow::Result<Option<BackupRun>>> + Send;
}

/// Where archives go: a folder or a bucket. Each archive appears whole or not at all (written under
/// a temporary name, then renamed or uploaded in one piece).
pub trait BackupArchives: Send + Sync + 'static {
    /// Writes a consistent backup of the site, taken now and stamped `created_at`, as `name`;
    /// returns its size in bytes.
    ///
    /// # Errors
    /// When the database or the media cannot be read or the archive cannot be stored.
    fn write_backup(&self, name: &str, created_at: DateTime<Utc>) -> impl Future<Output = anyhow::Result<u64>> + Send;

    /// The names of every archive there (other files included: the caller picks its own).
    ///
    /// # Errors
    /// When the place cannot be listed.
    fn list_backups(&self) -> impl Future<Output = anyhow::Result<Vec<String>>> + Send;

    /// Drops the archive `name`.
    ///
    /// # Errors
    /// When it cannot be dropped.
    fn remove_backup(&self, name: &str) -> impl Future<Output = anyhow::Result<()>> + Send;
}
