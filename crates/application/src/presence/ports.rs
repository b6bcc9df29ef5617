//! Where presence is kept: in the store, so every instance sees who has a record open.

use std::future::Future;

use atelier_domain::EntityId;
use atelier_domain::presence::{Presence, RecordRef};
use chrono::{DateTime, Utc};

/// Heartbeats per record and account.
pub trait PresenceRepository: Send + Sync + 'static {
    /// Records a heartbeat of `account` at `record` at `at`: a new entry (present since `at`), or the
    /// account's entry there seen again (its `since` kept). Parallel heartbeats of one account at
    /// one record leave one entry. Forgets every entry, of any record, last seen at or before
    /// `forget_before`, first.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn touch_presence(
        &self,
        record: &RecordRef,
        account: EntityId,
        at: DateTime<Utc>,
        forget_before: DateTime<Utc>,
    ) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// Every entry kept at `record`.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn presence_at(&self, record: &RecordRef) -> impl Future<Output = anyhow::Result<Vec<Presence>>> + Send;

    /// Removes the entry of `account` at `record` (it left); nothing when there is none.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn leave_presence(&self, record: &RecordRef, account: EntityId) -> impl Future<Output = anyhow::Result<()>> + Send;
}
