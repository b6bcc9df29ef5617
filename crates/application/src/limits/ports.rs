//! Where attempts are counted: in the store, so every instance sees the same counts.

use std::future::Future;

use atelier_domain::EntityId;
use atelier_domain::limits::{Limit, LimitKey, RetryAfter};
use chrono::{DateTime, Utc};

/// The log of recent attempts per key, for every limit.
pub trait AttemptLog: Send + Sync + 'static {
    /// Counts an attempt `id` under `key` at `at` unless `limit` is reached, judging and counting
    /// in one atomic step: no other attempt under the same key, on any instance, is judged in
    /// between, so N attempts at once let exactly as many through as the limit has room for. Forgets
    /// every attempt, of any key, at or before `forget_before`.
    ///
    /// # Errors
    /// The outer error is an infrastructure fault; the inner one the wait when the limit is reached
    /// (and nothing was counted).
    fn count_attempt(
        &self,
        id: EntityId,
        key: &LimitKey,
        limit: &Limit,
        at: DateTime<Utc>,
        forget_before: DateTime<Utc>,
    ) -> impl Future<Output = anyhow::Result<Result<(), RetryAfter>>> + Send;

    /// Takes one counted attempt back (refused after all, or one that turned out not to count).
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn take_back_attempt(&self, id: EntityId) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// Forgets every attempt under `key` (a sign-in that succeeded clears its failures).
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn forget_attempts(&self, key: &LimitKey) -> impl Future<Output = anyhow::Result<()>> + Send;
}
