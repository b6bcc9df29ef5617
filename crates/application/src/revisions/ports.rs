//! What revision history needs from storage.

use std::future::Future;

use atelier_domain::EntityId;
use atelier_domain::revision::{Revision, RevisionSummary, Versioned};

/// The kept versions of records of kind `T`.
pub trait RevisionRepository<T: Versioned>: Send + Sync + 'static {
    /// Keeps `revision`, then drops the oldest revisions of its record beyond the newest `keep`.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn add_revision(&self, revision: &Revision<T>, keep: usize) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// The revisions of one record, newest first, without their snapshots.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn list_revisions(&self, record_id: EntityId) -> impl Future<Output = anyhow::Result<Vec<RevisionSummary>>> + Send;

    /// One revision of one record; `None` when the record has no revision with this id.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_revision(
        &self,
        record_id: EntityId,
        id: EntityId,
    ) -> impl Future<Output = anyhow::Result<Option<Revision<T>>>> + Send;

    /// Forgets every revision of one record (when it is deleted).
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn delete_revisions(&self, record_id: EntityId) -> impl Future<Output = anyhow::Result<()>> + Send;
}
