//! The in-memory services.

use atelier_domain::PageRequest;
use atelier_domain::service::Service;

use super::ports::{ServiceFilter, ServiceRepository};
use crate::fake::{FakeRecord, InMemoryStore, page_of};

impl FakeRecord for Service {}

impl ServiceRepository for InMemoryStore {
    async fn list_services(&self, filter: ServiceFilter, page: PageRequest) -> anyhow::Result<Vec<Service>> {
        self.with(|tables| {
            let mut services: Vec<_> = tables
                .rows::<Service>()
                .iter()
                .filter(|service| filter.status.is_none_or(|status| service.status == status))
                .filter(|service| filter.featured.is_none_or(|featured| service.featured == featured))
                .filter(|service| filter.ids.as_ref().is_none_or(|ids| ids.contains(&service.id)))
                .cloned()
                .collect();
            services.sort_by(|a, b| a.order.cmp(&b.order).then(a.created_at.cmp(&b.created_at)).then(a.id.cmp(&b.id)));
            Ok(page_of(&services, page))
        })
    }
}
