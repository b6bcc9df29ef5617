//! The in-memory portfolio projects.

use atelier_domain::portfolio::{Project, ProjectSort, ProjectStatus};
use atelier_domain::slug::Slug;
use atelier_domain::technology::Technology;
use atelier_domain::{EntityId, Page, PageRequest};
use chrono::{DateTime, Utc};

use super::ports::{ProjectFilter, ProjectRepository, ProjectSaveError};
use crate::fake::{FakeRecord, InMemoryStore, Tables, matches, paged};

impl FakeRecord for Project {
    fn check(tables: &Tables, project: &Self) -> Result<(), ProjectSaveError> {
        if tables.rows::<Self>().iter().any(|other| other.id != project.id && other.slug == project.slug) {
            return Err(ProjectSaveError::DuplicateSlug);
        }
        let known = |id: &EntityId| tables.rows::<Technology>().iter().any(|technology| technology.id == *id);
        if project.technologies.iter().all(known) { Ok(()) } else { Err(ProjectSaveError::UnknownTechnology) }
    }
}

impl ProjectRepository for InMemoryStore {
    async fn list_projects(
        &self,
        filter: ProjectFilter,
        sort: ProjectSort,
        page: PageRequest,
    ) -> anyhow::Result<Page<Project>> {
        self.with(|tables| {
            let mut projects: Vec<_> = tables
                .rows::<Project>()
                .iter()
                .filter(|project| filter.status.is_none_or(|status| project.status == status))
                .filter(|project| filter.featured.is_none_or(|featured| project.featured == featured))
                .filter(|project| filter.live_at.is_none_or(|now| project.is_live(now)))
                .filter(|project| filter.ids.as_ref().is_none_or(|ids| ids.contains(&project.id)))
                .filter(|project| {
                    filter
                        .category
                        .as_deref()
                        .is_none_or(|category| project.category.to_lowercase() == category.to_lowercase())
                })
                .filter(|project| {
                    matches(
                        filter.search.as_deref(),
                        &[&project.title, &project.client, &project.short_description, &project.description],
                    )
                })
                .cloned()
                .collect();
            projects.sort_by(|a, b| sort.compare(a, b));
            Ok(paged(&projects, page))
        })
    }

    async fn find_project_by_slug(&self, slug: &Slug) -> anyhow::Result<Option<Project>> {
        self.with(|tables| Ok(tables.rows::<Project>().iter().find(|project| project.slug == *slug).cloned()))
    }

    async fn project_slug_taken(&self, slug: &Slug, except: Option<EntityId>) -> anyhow::Result<bool> {
        self.with(|tables| {
            Ok(tables.rows::<Project>().iter().any(|project| project.slug == *slug && Some(project.id) != except))
        })
    }

    async fn next_project_publication(&self, now: DateTime<Utc>) -> anyhow::Result<Option<DateTime<Utc>>> {
        self.with(|tables| {
            Ok(tables
                .rows::<Project>()
                .iter()
                .filter(|project| project.status == ProjectStatus::Published)
                .filter_map(|project| project.publish_at)
                .filter(|at| *at > now)
                .min())
        })
    }
}
