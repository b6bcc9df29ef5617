//! The ports: what the use cases need from the outside world. Adapters implement them; the SeaORM
//! adapter implements all of them on one store type.

use std::collections::HashMap;
use std::future::Future;

use atelier_domain::portfolio::{Project, ProjectSort, ProjectStatus};
use atelier_domain::service::{Service, ServiceStatus};
use atelier_domain::settings::Settings;
use atelier_domain::slug::Slug;
use atelier_domain::technology::{Technology, TechnologyCategory, TechnologyStatus};
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

/// Which technologies a list call wants.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TechnologyFilter {
    pub status: Option<TechnologyStatus>,
    pub category: Option<TechnologyCategory>,
    pub featured: Option<bool>,
    /// Matches name or description, ignoring case.
    pub search: Option<String>,
}

/// Why a technology could not be saved.
#[derive(Debug, thiserror::Error)]
pub enum TechnologySaveError {
    /// Another technology has the same name, ignoring case.
    #[error("a technology with this name already exists")]
    DuplicateName,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// What deleting a technology did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TechnologyDeletion {
    Deleted,
    NotFound,
    /// Projects still list it; nothing was deleted.
    InUse,
}

/// Stored technologies.
pub trait TechnologyRepository: Send + Sync + 'static {
    /// Technologies matching `filter`, ascending by display order then name (ignoring case), one page
    /// of them.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn list_technologies(
        &self,
        filter: TechnologyFilter,
        page: PageRequest,
    ) -> impl Future<Output = anyhow::Result<Vec<Technology>>> + Send;

    /// How many technologies with `status` (any status when `None`) each category holds; categories
    /// without any are left out.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn count_technologies_by_category(
        &self,
        status: Option<TechnologyStatus>,
    ) -> impl Future<Output = anyhow::Result<HashMap<TechnologyCategory, u64>>> + Send;

    /// The technology with this id, if any.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_technology(&self, id: EntityId) -> impl Future<Output = anyhow::Result<Option<Technology>>> + Send;

    /// Which of `ids` name stored technologies.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn existing_technologies(&self, ids: &[EntityId]) -> impl Future<Output = anyhow::Result<Vec<EntityId>>> + Send;

    /// How many projects (with `status`, or any status when `None`) list each of `ids`, in one
    /// query; technologies no such project lists are left out.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn technology_usage(
        &self,
        ids: &[EntityId],
        status: Option<ProjectStatus>,
    ) -> impl Future<Output = anyhow::Result<HashMap<EntityId, u64>>> + Send;

    /// Stores a new technology.
    ///
    /// # Errors
    /// [`TechnologySaveError::DuplicateName`] when the name is taken, ignoring case.
    fn insert_technology(
        &self,
        technology: &Technology,
    ) -> impl Future<Output = Result<(), TechnologySaveError>> + Send;

    /// Replaces a stored technology; `false` when no technology has its id.
    ///
    /// # Errors
    /// [`TechnologySaveError::DuplicateName`] when another technology has the name, ignoring case.
    fn update_technology(
        &self,
        technology: &Technology,
    ) -> impl Future<Output = Result<bool, TechnologySaveError>> + Send;

    /// Deletes a technology unless a project lists it.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn delete_technology(&self, id: EntityId) -> impl Future<Output = anyhow::Result<TechnologyDeletion>> + Send;
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
pub trait ProjectRepository: Send + Sync + 'static {
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

    /// The project with this id, if any.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_project(&self, id: EntityId) -> impl Future<Output = anyhow::Result<Option<Project>>> + Send;

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

    /// Stores a new project.
    ///
    /// # Errors
    /// [`ProjectSaveError::DuplicateSlug`] when the slug is taken; [`ProjectSaveError::UnknownTechnology`]
    /// when a listed technology does not exist.
    fn insert_project(&self, project: &Project) -> impl Future<Output = Result<(), ProjectSaveError>> + Send;

    /// Replaces a stored project; `false` when no project has its id.
    ///
    /// # Errors
    /// As [`ProjectRepository::insert_project`].
    fn update_project(&self, project: &Project) -> impl Future<Output = Result<bool, ProjectSaveError>> + Send;

    /// Deletes a project; `false` when none had this id.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn delete_project(&self, id: EntityId) -> impl Future<Output = anyhow::Result<bool>> + Send;
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
    ServiceRepository + SettingsRepository + TechnologyRepository + ProjectRepository + StoreStatus + Clone
{
}

impl<T> Store for T where
    T: ServiceRepository + SettingsRepository + TechnologyRepository + ProjectRepository + StoreStatus + Clone
{
}
