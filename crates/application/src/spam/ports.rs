//! What the spam guard needs from storage: the answers already used, so each is used once on every
//! instance sharing the database.

use std::future::Future;

use atelier_domain::proof_of_work::Redeemable;
use chrono::{DateTime, Utc};

/// The proof-of-work answers already redeemed, kept until their challenge expires.
pub trait UsedChallengeRepository: Send + Sync + 'static {
    /// Remembers `redeemable` unless it is already remembered, in one atomic step (a unique key):
    /// of two submissions with the same answer at once, on any instances, exactly one gets `true`.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn redeem_challenge(&self, redeemable: &Redeemable) -> impl Future<Output = anyhow::Result<bool>> + Send;

    /// Forgets the answers whose challenge expired at or before `now` (they can no longer verify);
    /// returns how many.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn forget_used_challenges(&self, now: DateTime<Utc>) -> impl Future<Output = anyhow::Result<u64>> + Send;
}

/// Deleting what was kept as spam once it is old.
pub trait SpamRepository: Send + Sync + 'static {
    /// Deletes the contact messages and project requests flagged as spam created before `before`;
    /// returns how many. Deleting what another instance already deleted is harmless.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn purge_spam(&self, before: DateTime<Utc>) -> impl Future<Output = anyhow::Result<u64>> + Send;
}
