//! The ports: what the use cases need from the outside world. Adapters implement them; the SeaORM
//! adapter implements all of them on one store type.

use std::future::Future;

use atelier_domain::service::{Service, ServiceStatus};
use atelier_domain::settings::Settings;
use atelier_domain::{EntityId, PageRequest};

/// Which services a list call wants.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ServiceFilter {
    pub status: Option<ServiceStatus>,
    pub featured: Option<bool>,
}

/// Stored services.
pub trait ServiceRepository: Send + Sync + 'static {
    /// Services matching `filter`, ascending by display order then creation time, one page of them.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn list_services(
        &self,
        filter: ServiceFilter,
        page: PageRequest,
    ) -> impl Future<Output = anyhow::Result<Vec<Service>>> + Send;

    /// The service with this id, if any.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_service(&self, id: EntityId) -> impl Future<Output = anyhow::Result<Option<Service>>> + Send;

    /// Stores a new service.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn insert_service(&self, service: &Service) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// Replaces a stored service; `false` when no service has its id.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn update_service(&self, service: &Service) -> impl Future<Output = anyhow::Result<bool>> + Send;

    /// Deletes a service; `false` when none had this id.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn delete_service(&self, id: EntityId) -> impl Future<Output = anyhow::Result<bool>> + Send;
}

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
    fn save_settings(&self, settings: &Settings) -> impl Future<Output = anyhow::Result<()>> + Send;
}

/// The store as a whole.
pub trait StoreStatus: Send + Sync + 'static {
    /// Succeeds when the store answers a trivial query.
    ///
    /// # Errors
    /// When the store cannot be reached.
    fn ping(&self) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// Whether no content at all has been stored yet (the condition for seeding demo content).
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn is_empty(&self) -> impl Future<Output = anyhow::Result<bool>> + Send;
}

/// Everything the application needs from its storage: the bound the HTTP layer and the wiring use.
pub trait Store: ServiceRepository + SettingsRepository + StoreStatus + Clone {}

impl<T: ServiceRepository + SettingsRepository + StoreStatus + Clone> Store for T {}
