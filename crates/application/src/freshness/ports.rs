//! What the content generation needs from the store besides the publication schedule (the blog's
//! and the portfolio's ports): the shared generation, one number every instance on the database
//! advances after a write.

use std::future::Future;

/// The shared generation.
pub trait GenerationRepository: Send + Sync + 'static {
    /// Advances the shared generation by one, tells the other instances listening on the database,
    /// and answers the new value.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn advance_generation(&self) -> impl Future<Output = anyhow::Result<i64>> + Send;

    /// The shared generation as the database holds it now.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn shared_generation(&self) -> impl Future<Output = anyhow::Result<i64>> + Send;
}
