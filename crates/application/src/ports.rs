//! The ports: what the use cases need from the outside world. Adapters implement them; the SeaORM
//! adapter implements all of them on one store type.

use std::future::Future;

use atelier_domain::contact::{ContactMessage, ContactStatus};
use atelier_domain::project_request::{ProjectPriority, ProjectRequest, ProjectRequestStats, ProjectRequestStatus};
use atelier_domain::service::{Service, ServiceStatus};
use atelier_domain::settings::Settings;
use atelier_domain::{EntityId, Page, PageRequest};

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

/// Which contact messages a list call wants.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ContactFilter {
    pub status: Option<ContactStatus>,
    /// Matched case-insensitively anywhere in the name, email or subject.
    pub search: Option<String>,
}

/// Stored contact messages.
pub trait ContactRepository: Send + Sync + 'static {
    /// Messages matching `filter`, newest first, one page of them with the total that matched.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn list_contacts(
        &self,
        filter: &ContactFilter,
        page: PageRequest,
    ) -> impl Future<Output = anyhow::Result<Page<ContactMessage>>> + Send;

    /// How many stored messages have status `new`, across the whole inbox.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn count_unread_contacts(&self) -> impl Future<Output = anyhow::Result<u64>> + Send;

    /// The message with this id, if any.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_contact(&self, id: EntityId) -> impl Future<Output = anyhow::Result<Option<ContactMessage>>> + Send;

    /// Stores a new message.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn insert_contact(&self, message: &ContactMessage) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// Replaces a stored message; `false` when no message has its id.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn update_contact(&self, message: &ContactMessage) -> impl Future<Output = anyhow::Result<bool>> + Send;

    /// Deletes a message; `false` when none had this id.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn delete_contact(&self, id: EntityId) -> impl Future<Output = anyhow::Result<bool>> + Send;
}

/// Which project requests a list call wants.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProjectRequestFilter {
    pub status: Option<ProjectRequestStatus>,
    pub priority: Option<ProjectPriority>,
    /// Matched case-insensitively anywhere in the client name, company name, email or description.
    pub search: Option<String>,
}

/// Stored project requests.
pub trait ProjectRequestRepository: Send + Sync + 'static {
    /// Requests matching `filter`, newest first, one page of them with the total that matched.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn list_project_requests(
        &self,
        filter: &ProjectRequestFilter,
        page: PageRequest,
    ) -> impl Future<Output = anyhow::Result<Page<ProjectRequest>>> + Send;

    /// How many requests there are per status and per priority (grouped counts, zeros included).
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn project_request_stats(&self) -> impl Future<Output = anyhow::Result<ProjectRequestStats>> + Send;

    /// The request with this id, if any.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_project_request(&self, id: EntityId)
    -> impl Future<Output = anyhow::Result<Option<ProjectRequest>>> + Send;

    /// Stores a new request.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn insert_project_request(&self, request: &ProjectRequest) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// Replaces a stored request; `false` when no request has its id.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn update_project_request(&self, request: &ProjectRequest) -> impl Future<Output = anyhow::Result<bool>> + Send;

    /// Deletes a request; `false` when none had this id.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn delete_project_request(&self, id: EntityId) -> impl Future<Output = anyhow::Result<bool>> + Send;
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
pub trait Store:
    ServiceRepository + SettingsRepository + ContactRepository + ProjectRequestRepository + StoreStatus + Clone
{
}

impl<T> Store for T where
    T: ServiceRepository + SettingsRepository + ContactRepository + ProjectRequestRepository + StoreStatus + Clone
{
}
