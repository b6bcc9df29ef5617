//! What the site settings need from storage.

use std::future::Future;

use atelier_domain::settings::Settings;

/// The one settings record.
pub trait SettingsRepository: Send + Sync + 'static {
    /// The stored settings, or `None` before anything was saved.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn load_settings(&self) -> impl Future<Output = anyhow::Result<Option<Settings>>> + Send;

    /// Stores the settings, replacing any stored before.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn save_settings(&self, settings: &mut Settings) -> impl Future<Output = anyhow::Result<()>> + Send;
}
