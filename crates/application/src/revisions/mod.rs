//! Revision history, shared by the blog, the portfolio and the content pages: every save that
//! changes a record's editable fields keeps the version it replaces (at most
//! [`MAX_REVISIONS_PER_RECORD`] per record, the oldest dropped first); a kept version can be read
//! back and restored, and restoring is itself a save that keeps the version it replaces. Each
//! feature's use cases call these steps with their own rules (references that must still exist,
//! slugs that must be free).

#[cfg(test)]
mod fake;
pub mod ports;

use atelier_domain::EntityId;
pub use atelier_domain::revision::{Author, MAX_REVISIONS_PER_RECORD, Revision, RevisionSummary, Versioned};

use self::ports::RevisionRepository;
use crate::ports::Clock;
use crate::records::LookupError;

/// What a revision is called in messages: "Revision not found".
pub const LABEL: &str = "Revision";

/// Restoring a revision failed.
#[derive(Debug, thiserror::Error)]
pub enum RestoreError {
    /// The record, or that revision of it, does not exist ("Post", "Revision").
    #[error("{0} not found")]
    NotFound(&'static str),
    /// The version's slug belongs to another record now; the message says so.
    #[error("{0}")]
    Conflict(String),
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl From<LookupError> for RestoreError {
    fn from(error: LookupError) -> Self {
        match error {
            LookupError::NotFound(label) => Self::NotFound(label),
            LookupError::Unexpected(error) => Self::Unexpected(error),
        }
    }
}

/// Keeps `before` as a revision of its record, saved over by `author` now, unless `after` has the
/// same editable fields (a save that changes nothing keeps nothing).
///
/// # Errors
/// Only infrastructure faults.
pub(crate) async fn keep<T: Versioned>(
    store: &impl RevisionRepository<T>,
    clock: &impl Clock,
    before: &T,
    after: &T,
    author: &Author,
) -> anyhow::Result<()> {
    if before.same_fields(after) {
        return Ok(());
    }
    let revision = Revision::of(clock.new_id(), before.clone(), author.clone(), clock.now());
    store.add_revision(&revision, MAX_REVISIONS_PER_RECORD).await
}

/// The revision with the id a client sent, of the record `record_id`.
///
/// # Errors
/// [`LookupError::NotFound`] ("Revision") for an unknown or malformed id, or a revision of another
/// record.
pub(crate) async fn find<T: Versioned>(
    store: &impl RevisionRepository<T>,
    record_id: EntityId,
    revision_id: &str,
) -> Result<Revision<T>, LookupError> {
    let id = EntityId::parse(revision_id).map_err(|_| LookupError::NotFound(LABEL))?;
    store.find_revision(record_id, id).await?.ok_or(LookupError::NotFound(LABEL))
}

#[cfg(test)]
mod tests;
