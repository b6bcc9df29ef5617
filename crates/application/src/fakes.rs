//! In-memory fakes of the ports, for use-case tests.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use atelier_domain::portfolio::{Project, ProjectSort, ProjectStatus};
use atelier_domain::service::Service;
use atelier_domain::settings::Settings;
use atelier_domain::slug::Slug;
use atelier_domain::technology::{Technology, TechnologyCategory, TechnologyStatus};
use atelier_domain::{EntityId, Page, PageRequest};

use crate::ports::{
    ProjectFilter, ProjectRepository, ProjectSaveError, ServiceFilter, ServiceRepository, SettingsRepository,
    StoreStatus, TechnologyDeletion, TechnologyFilter, TechnologyRepository, TechnologySaveError,
};

#[derive(Debug, Default)]
struct State {
    services: Vec<Service>,
    settings: Option<Settings>,
    technologies: Vec<Technology>,
    projects: Vec<Project>,
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
        self.with(|state| {
            Ok(state.services.is_empty()
                && state.settings.is_none()
                && state.technologies.is_empty()
                && state.projects.is_empty())
        })
    }
}

fn contains_ignoring_case(text: &str, term: &str) -> bool {
    text.to_lowercase().contains(&term.to_lowercase())
}

impl State {
    fn usage(&self, id: EntityId, status: Option<ProjectStatus>) -> u64 {
        self.projects
            .iter()
            .filter(|project| status.is_none_or(|status| project.status == status))
            .filter(|project| project.technologies.contains(&id))
            .count() as u64
    }

    fn name_taken(&self, technology: &Technology) -> bool {
        self.technologies.iter().any(|other| other.id != technology.id && other.name_key() == technology.name_key())
    }

    fn check_project(&self, project: &Project) -> Result<(), ProjectSaveError> {
        if self.projects.iter().any(|other| other.id != project.id && other.slug == project.slug) {
            return Err(ProjectSaveError::DuplicateSlug);
        }
        let known = |id: &EntityId| self.technologies.iter().any(|technology| technology.id == *id);
        if project.technologies.iter().all(known) { Ok(()) } else { Err(ProjectSaveError::UnknownTechnology) }
    }
}

impl TechnologyRepository for InMemoryStore {
    async fn list_technologies(&self, filter: TechnologyFilter, page: PageRequest) -> anyhow::Result<Vec<Technology>> {
        self.with(|state| {
            let mut technologies: Vec<_> = state
                .technologies
                .iter()
                .filter(|technology| filter.status.is_none_or(|status| technology.status == status))
                .filter(|technology| filter.category.is_none_or(|category| technology.category == category))
                .filter(|technology| filter.featured.is_none_or(|featured| technology.featured == featured))
                .filter(|technology| {
                    filter.search.as_deref().is_none_or(|term| {
                        contains_ignoring_case(&technology.name, term)
                            || contains_ignoring_case(&technology.description, term)
                    })
                })
                .cloned()
                .collect();
            technologies.sort_by(|a, b| {
                a.order.cmp(&b.order).then(a.name.to_lowercase().cmp(&b.name.to_lowercase())).then(a.id.cmp(&b.id))
            });
            Ok(page_of(&technologies, page))
        })
    }

    async fn count_technologies_by_category(
        &self,
        status: Option<TechnologyStatus>,
    ) -> anyhow::Result<HashMap<TechnologyCategory, u64>> {
        self.with(|state| {
            let mut counts = HashMap::new();
            for technology in state.technologies.iter().filter(|t| status.is_none_or(|status| t.status == status)) {
                *counts.entry(technology.category).or_default() += 1;
            }
            Ok(counts)
        })
    }

    async fn find_technology(&self, id: EntityId) -> anyhow::Result<Option<Technology>> {
        self.with(|state| Ok(state.technologies.iter().find(|technology| technology.id == id).cloned()))
    }

    async fn existing_technologies(&self, ids: &[EntityId]) -> anyhow::Result<Vec<EntityId>> {
        self.with(|state| {
            Ok(state.technologies.iter().map(|technology| technology.id).filter(|id| ids.contains(id)).collect())
        })
    }

    async fn technology_usage(
        &self,
        ids: &[EntityId],
        status: Option<ProjectStatus>,
    ) -> anyhow::Result<HashMap<EntityId, u64>> {
        self.with(|state| {
            Ok(ids.iter().map(|id| (*id, state.usage(*id, status))).filter(|(_, count)| *count > 0).collect())
        })
    }

    async fn insert_technology(&self, technology: &Technology) -> Result<(), TechnologySaveError> {
        self.with(|state| {
            if state.name_taken(technology) {
                return Err(TechnologySaveError::DuplicateName);
            }
            state.technologies.push(technology.clone());
            Ok(())
        })
    }

    async fn update_technology(&self, technology: &Technology) -> Result<bool, TechnologySaveError> {
        self.with(|state| {
            if state.name_taken(technology) {
                return Err(TechnologySaveError::DuplicateName);
            }
            match state.technologies.iter_mut().find(|stored| stored.id == technology.id) {
                Some(stored) => {
                    *stored = technology.clone();
                    Ok(true)
                }
                None => Ok(false),
            }
        })
    }

    async fn delete_technology(&self, id: EntityId) -> anyhow::Result<TechnologyDeletion> {
        self.with(|state| {
            if state.usage(id, None) > 0 {
                return Ok(TechnologyDeletion::InUse);
            }
            let before = state.technologies.len();
            state.technologies.retain(|technology| technology.id != id);
            Ok(if state.technologies.len() < before {
                TechnologyDeletion::Deleted
            } else {
                TechnologyDeletion::NotFound
            })
        })
    }
}

impl ProjectRepository for InMemoryStore {
    async fn list_projects(
        &self,
        filter: ProjectFilter,
        sort: ProjectSort,
        page: PageRequest,
    ) -> anyhow::Result<Page<Project>> {
        self.with(|state| {
            let mut projects: Vec<_> = state
                .projects
                .iter()
                .filter(|project| filter.status.is_none_or(|status| project.status == status))
                .filter(|project| filter.featured.is_none_or(|featured| project.featured == featured))
                .filter(|project| {
                    filter
                        .category
                        .as_deref()
                        .is_none_or(|category| project.category.to_lowercase() == category.to_lowercase())
                })
                .filter(|project| {
                    filter.search.as_deref().is_none_or(|term| {
                        [&project.title, &project.client, &project.short_description, &project.description]
                            .into_iter()
                            .any(|text| contains_ignoring_case(text, term))
                    })
                })
                .cloned()
                .collect();
            projects.sort_by(|a, b| sort.compare(a, b));
            Ok(Page::new(page_of(&projects, page), projects.len() as u64, page))
        })
    }

    async fn find_project(&self, id: EntityId) -> anyhow::Result<Option<Project>> {
        self.with(|state| Ok(state.projects.iter().find(|project| project.id == id).cloned()))
    }

    async fn find_project_by_slug(&self, slug: &Slug) -> anyhow::Result<Option<Project>> {
        self.with(|state| Ok(state.projects.iter().find(|project| project.slug == *slug).cloned()))
    }

    async fn project_slug_taken(&self, slug: &Slug, except: Option<EntityId>) -> anyhow::Result<bool> {
        self.with(|state| Ok(state.projects.iter().any(|project| project.slug == *slug && Some(project.id) != except)))
    }

    async fn insert_project(&self, project: &Project) -> Result<(), ProjectSaveError> {
        self.with(|state| {
            state.check_project(project)?;
            state.projects.push(project.clone());
            Ok(())
        })
    }

    async fn update_project(&self, project: &Project) -> Result<bool, ProjectSaveError> {
        self.with(|state| {
            state.check_project(project)?;
            match state.projects.iter_mut().find(|stored| stored.id == project.id) {
                Some(stored) => {
                    *stored = project.clone();
                    Ok(true)
                }
                None => Ok(false),
            }
        })
    }

    async fn delete_project(&self, id: EntityId) -> anyhow::Result<bool> {
        self.with(|state| {
            let before = state.projects.len();
            state.projects.retain(|project| project.id != id);
            Ok(state.projects.len() < before)
        })
    }
}
