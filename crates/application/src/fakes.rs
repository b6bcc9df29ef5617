//! In-memory fakes of the ports, for use-case tests.

use std::sync::{Arc, Mutex};

use atelier_domain::contact::{ContactMessage, unread_count};
use atelier_domain::project_request::{ProjectRequest, ProjectRequestStats};
use atelier_domain::service::Service;
use atelier_domain::settings::Settings;
use atelier_domain::{EntityId, Page, PageRequest};

use crate::ports::{
    ContactFilter, ContactRepository, ProjectRequestFilter, ProjectRequestRepository, ServiceFilter, ServiceRepository,
    SettingsRepository, StoreStatus,
};

#[derive(Debug, Default)]
struct State {
    services: Vec<Service>,
    settings: Option<Settings>,
    contacts: Vec<ContactMessage>,
    project_requests: Vec<ProjectRequest>,
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

/// Whether any of `fields` contains `term`, ignoring case.
fn matches(term: Option<&str>, fields: &[&str]) -> bool {
    term.is_none_or(|term| {
        let term = term.to_lowercase();
        fields.iter().any(|field| field.to_lowercase().contains(&term))
    })
}

/// Replaces the item with the same id; `false` when there is none.
fn replace<T: Clone>(items: &mut [T], item: &T, same: impl Fn(&T) -> bool) -> bool {
    match items.iter_mut().find(|stored| same(stored)) {
        Some(stored) => {
            *stored = item.clone();
            true
        }
        None => false,
    }
}

/// Removes the items matching `same`; `true` when one was removed.
fn remove<T>(items: &mut Vec<T>, same: impl Fn(&T) -> bool) -> bool {
    let before = items.len();
    items.retain(|item| !same(item));
    items.len() < before
}

impl ContactRepository for InMemoryStore {
    async fn list_contacts(&self, filter: &ContactFilter, page: PageRequest) -> anyhow::Result<Page<ContactMessage>> {
        self.with(|state| {
            let mut found: Vec<_> = state
                .contacts
                .iter()
                .filter(|message| filter.status.is_none_or(|status| message.status == status))
                .filter(|message| matches(filter.search.as_deref(), &[&message.name, &message.email, &message.subject]))
                .cloned()
                .collect();
            found.sort_by(|a, b| b.created_at.cmp(&a.created_at).then(b.id.cmp(&a.id)));
            Ok(Page::new(page_of(&found, page), found.len() as u64, page))
        })
    }

    async fn count_unread_contacts(&self) -> anyhow::Result<u64> {
        self.with(|state| Ok(unread_count(state.contacts.iter().map(|message| message.status))))
    }

    async fn find_contact(&self, id: EntityId) -> anyhow::Result<Option<ContactMessage>> {
        self.with(|state| Ok(state.contacts.iter().find(|message| message.id == id).cloned()))
    }

    async fn insert_contact(&self, message: &ContactMessage) -> anyhow::Result<()> {
        self.with(|state| state.contacts.push(message.clone()));
        Ok(())
    }

    async fn update_contact(&self, message: &ContactMessage) -> anyhow::Result<bool> {
        self.with(|state| Ok(replace(&mut state.contacts, message, |stored| stored.id == message.id)))
    }

    async fn delete_contact(&self, id: EntityId) -> anyhow::Result<bool> {
        self.with(|state| Ok(remove(&mut state.contacts, |message| message.id == id)))
    }
}

impl ProjectRequestRepository for InMemoryStore {
    async fn list_project_requests(
        &self,
        filter: &ProjectRequestFilter,
        page: PageRequest,
    ) -> anyhow::Result<Page<ProjectRequest>> {
        self.with(|state| {
            let mut found: Vec<_> = state
                .project_requests
                .iter()
                .filter(|request| filter.status.is_none_or(|status| request.status == status))
                .filter(|request| filter.priority.is_none_or(|priority| request.priority == priority))
                .filter(|request| {
                    matches(
                        filter.search.as_deref(),
                        &[&request.client_name, &request.company_name, &request.email, &request.description],
                    )
                })
                .cloned()
                .collect();
            found.sort_by(|a, b| b.created_at.cmp(&a.created_at).then(b.id.cmp(&a.id)));
            Ok(Page::new(page_of(&found, page), found.len() as u64, page))
        })
    }

    async fn project_request_stats(&self) -> anyhow::Result<ProjectRequestStats> {
        self.with(|state| {
            let statuses: Vec<_> = state.project_requests.iter().map(|request| (request.status, 1)).collect();
            let priorities: Vec<_> = state.project_requests.iter().map(|request| (request.priority, 1)).collect();
            Ok(ProjectRequestStats::from_counts(&statuses, &priorities))
        })
    }

    async fn find_project_request(&self, id: EntityId) -> anyhow::Result<Option<ProjectRequest>> {
        self.with(|state| Ok(state.project_requests.iter().find(|request| request.id == id).cloned()))
    }

    async fn insert_project_request(&self, request: &ProjectRequest) -> anyhow::Result<()> {
        self.with(|state| state.project_requests.push(request.clone()));
        Ok(())
    }

    async fn update_project_request(&self, request: &ProjectRequest) -> anyhow::Result<bool> {
        self.with(|state| Ok(replace(&mut state.project_requests, request, |stored| stored.id == request.id)))
    }

    async fn delete_project_request(&self, id: EntityId) -> anyhow::Result<bool> {
        self.with(|state| Ok(remove(&mut state.project_requests, |request| request.id == id)))
    }
}

impl StoreStatus for InMemoryStore {
    async fn ping(&self) -> anyhow::Result<()> {
        Ok(())
    }

    async fn is_empty(&self) -> anyhow::Result<bool> {
        self.with(|state| {
            Ok(state.services.is_empty()
                && state.settings.is_none()
                && state.contacts.is_empty()
                && state.project_requests.is_empty())
        })
    }
}
