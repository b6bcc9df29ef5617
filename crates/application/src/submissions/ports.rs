//! Where anonymous form submissions are counted: in the store, so every instance sees the same
//! counts.

use std::future::Future;

use atelier_domain::EntityId;
use chrono::{DateTime, Utc};

/// One counted submission.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CountedSubmission {
    pub id: EntityId,
    pub at: DateTime<Utc>,
}

/// The log of recent anonymous submissions per client.
pub trait SubmissionLog: Send + Sync + 'static {
    /// Counts a submission of `client` at `at`, and forgets every entry at or before `forget_before`.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn record_submission(
        &self,
        id: EntityId,
        client: &str,
        at: DateTime<Utc>,
        forget_before: DateTime<Utc>,
    ) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// The client's submissions at or after `since`, in any order.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn submissions_since(
        &self,
        client: &str,
        since: DateTime<Utc>,
    ) -> impl Future<Output = anyhow::Result<Vec<CountedSubmission>>> + Send;

    /// Takes a counted submission back (one that was refused after all).
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn forget_submission(&self, id: EntityId) -> impl Future<Output = anyhow::Result<()>> + Send;
}
