//! Where the day's visitor salt is kept: in the store, so every instance hashes visitors alike.

use std::future::Future;

use atelier_domain::visitor::VisitorSalt;
use chrono::NaiveDate;

/// The daily visitor salts.
pub trait VisitorSaltRepository: Send + Sync + 'static {
    /// The salt of `day`: the stored one, or `candidate`, stored now when the day has none yet (of
    /// instances racing to store one, one wins and all answer it). Forgets the salts of every
    /// earlier day.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn daily_salt(
        &self,
        day: NaiveDate,
        candidate: &VisitorSalt,
    ) -> impl Future<Output = anyhow::Result<VisitorSalt>> + Send;
}
