//! In-memory fakes of the ports, for use-case tests.

use std::sync::{Arc, Mutex};

use atelier_domain::service::Service;
use atelier_domain::settings::Settings;
use atelier_domain::{EntityId, PageRequest};

use crate::ports::{ServiceFilter, ServiceRepository, SettingsRepository, StoreStatus};

#[derive(Debug, Default)]
struct State {
    services: Vec<Service>,
    settings: Option<Settings>,
}

/// A store that keeps everything in memory, shared between clones.
#[derive(Debug, Clone, Default)]
pub struct InMemoryStore(Arc<Mutex<State>>);

impl InMemoryStore {
    fn with<T>(&self, f: impl FnOnce(&mut State) -> T) -> T {
        f(&mut self.0.lock().expect("the fake store's lock is never poisoned"))
    }
}

fn page_of<T: Clone>(items: &[T], page: PageRequest) -> Vec<T> {
    let offset = usize::try_from(page.offset()).unwrap_or(usize::MAX);
    let limit = usize::try_from(page.limit()).unwrap_or(usize::MAX);
    items.iter().skip(offset).take(limit).cloned().collect()
}

impl ServiceRepository for InMemoryStore {
    async fn list_services(&self, filter: ServiceFilter, page: PageRequest) -> anyhow::Result<Vec<Service>> {
        self.with(|state| {
            let mut services: Vec<_> = state
                .services
                .iter()
                .filter(|service| filter.status.is_none_or(|status| service.status == status))
                .filter(|service| filter.featured.is_none_or(|featured| service.featured == featured))
                .cloned()
                .collect();
            services.sort_by(|a, b| a.order.cmp(&b.order).then(a.created_at.cmp(&b.created_at)).then(a.id.cmp(&b.id)));
            Ok(page_of(&services, page))
        })
    }

    async fn find_service(&self, id: EntityId) -> anyhow::Result<Option<Service>> {
        self.with(|state| Ok(state.services.iter().find(|service| service.id == id).cloned()))
    }

    async fn insert_service(&self, service: &Service) -> anyhow::Result<()> {
        self.with(|state| state.services.push(service.clone()));
        Ok(())
    }

    async fn update_service(&self, service: &Service) -> anyhow::Result<bool> {
        self.with(|state| match state.services.iter_mut().find(|stored| stored.id == service.id) {
            Some(stored) => {
                *stored = service.clone();
                Ok(true)
            }
            None => Ok(false),
        })
    }

    async fn delete_service(&self, id: EntityId) -> anyhow::Result<bool> {
        self.with(|state| {
            let before = state.services.len();
            state.services.retain(|service| service.id != id);
            Ok(state.services.len() < before)
        })
    }
}

impl SettingsRepository for InMemoryStore {
    async fn load_settings(&self) -> anyhow::Result<Option<Settings>> {
        self.with(|state| Ok(state.settings.clone()))
    }

    async fn save_settings(&self, settings: &Settings) -> anyhow::Result<()> {
        self.with(|state| state.settings = Some(settings.clone()));
        Ok(())
    }
}

impl StoreStatus for InMemoryStore {
    async fn ping(&self) -> anyhow::Result<()> {
        Ok(())
    }

    async fn is_empty(&self) -> anyhow::Result<bool> {
        self.with(|state| Ok(state.services.is_empty() && state.settings.is_none()))
    }
}
