//! What the home page needs from storage: one record.

use std::future::Future;

use atelier_domain::home_page::HomePage;

/// The one home page record.
pub trait HomePageRepository: Send + Sync + 'static {
    /// The stored home page, or `None` before one was saved.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn load_home_page(&self) -> impl Future<Output = anyhow::Result<Option<HomePage>>> + Send;

    /// Stores the home page, replacing any stored before.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn save_home_page(&self, home: &mut HomePage) -> impl Future<Output = anyhow::Result<()>> + Send;
}
