//! What the portfolio needs from storage.

use std::future::Future;

use atelier_domain::portfolio::{Project, ProjectSort, ProjectStatus};
use atelier_domain::slug::Slug;
use atelier_domain::{EntityId, Page, PageRequest};
use chrono::{DateTime, Utc};

use crate::records::{Record, RecordRepository};

/// Slugs are unique and every listed technology must exist.
impl Record for Project {
    const LABEL: &'static str = "Project";
    type SaveError = ProjectSaveError;
    type DeleteError = anyhow::Error;

    crate::records::record_fields!();

    fn title(&self) -> String {
        self.title.clone()
    }
}

/// Which projects a list call wants.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProjectFilter {
    pub status: Option<ProjectStatus>,
    pub featured: Option<bool>,
    /// Matches the category name exactly, ignoring case.
    pub category: Option<String>,
    /// Matches title, client, short description or description, ignoring case.
    pub search: Option<String>,
    /// Only projects visitors see at this time: published, with no publish time or one not after
    /// it (see [`Project::is_live`]). `None` for every project, scheduled ones included.
    pub live_at: Option<DateTime<Utc>>,
    /// Only these projects (a language that hides untranslated records lists only those
    /// translated there); `None` for every project.
    pub ids: Option<Vec<EntityId>>,
}

/// Why a project could not be saved.
#[derive(Debug, thiserror::Error)]
pub enum ProjectSaveError {
    /// Another project has the slug.
    #[error("a project with this slug already exists")]
    DuplicateSlug,
    /// A listed technology no longer exists (deleted meanwhile).
    #[error("a listed technology does not exist")]
    UnknownTechnology,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// Stored portfolio projects.
pub trait ProjectRepository: RecordRepository<Project> {
    /// One page of the projects matching `filter`, in `sort` order, with the total count.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn list_projects(
        &self,
        filter: ProjectFilter,
        sort: ProjectSort,
        page: PageRequest,
    ) -> impl Future<Output = anyhow::Result<Page<Project>>> + Send;

    /// The project with this slug, if any.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_project_by_slug(&self, slug: &Slug) -> impl Future<Output = anyhow::Result<Option<Project>>> + Send;

    /// Whether a project other than `except` has this slug.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn project_slug_taken(
        &self,
        slug: &Slug,
        except: Option<EntityId>,
    ) -> impl Future<Output = anyhow::Result<bool>> + Send;

    /// The earliest publish time after `now` of a published project: when the public portfolio
    /// next changes by itself, with no write. A cache of public reads expires its entries then.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn next_project_publication(
        &self,
        now: DateTime<Utc>,
    ) -> impl Future<Output = anyhow::Result<Option<DateTime<Utc>>>> + Send;
}
