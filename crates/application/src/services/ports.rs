//! What the service catalogue needs from storage.

use std::future::Future;

use atelier_domain::service::{Service, ServiceStatus};
use atelier_domain::{EntityId, PageRequest};

use crate::records::{Record, RecordRepository};

impl Record for Service {
    const LABEL: &'static str = "Service";
    type SaveError = anyhow::Error;
    type DeleteError = anyhow::Error;

    fn id(&self) -> atelier_domain::EntityId {
        self.id
    }

    fn meta(&self) -> &atelier_domain::meta::RecordMeta {
        &self.meta
    }

    fn meta_mut(&mut self) -> &mut atelier_domain::meta::RecordMeta {
        &mut self.meta
    }

    fn title(&self) -> String {
        self.title.clone()
    }
}

/// Which services a list call wants.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ServiceFilter {
    pub status: Option<ServiceStatus>,
    pub featured: Option<bool>,
    /// Only these services (a language that hides untranslated records lists only those
    /// translated there); `None` for every one.
    pub ids: Option<Vec<EntityId>>,
}

/// Stored services.
pub trait ServiceRepository: RecordRepository<Service> {
    /// Services matching `filter`, ascending by display order then creation time, one page of them.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn list_services(
        &self,
        filter: ServiceFilter,
        page: PageRequest,
    ) -> impl Future<Output = anyhow::Result<Vec<Service>>> + Send;
}
