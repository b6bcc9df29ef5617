//! The ports: what the use cases need from the outside world. Adapters implement them; the SeaORM
//! adapter implements all of them on one store type.

use std::collections::HashMap;
use std::future::Future;

use atelier_domain::category::{Category, CategoryStatus};
use atelier_domain::post::{Post, PostStatus};
use atelier_domain::service::{Service, ServiceStatus};
use atelier_domain::settings::Settings;
use atelier_domain::slug::Slug;
use atelier_domain::tag::{Tag, TagType};
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

/// Why a record could not be saved.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// Another record of the same kind already has this slug.
    #[error("slug already in use")]
    DuplicateSlug,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// Why a record could not be deleted.
#[derive(Debug, thiserror::Error)]
pub enum RemoveError {
    /// Other records still refer to it.
    #[error("still in use")]
    InUse,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// Which categories a list call wants.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CategoryFilter {
    pub status: Option<CategoryStatus>,
}

/// Stored blog categories.
pub trait CategoryRepository: Send + Sync + 'static {
    /// Categories matching `filter`, ascending by display order, then name.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn list_categories(&self, filter: CategoryFilter) -> impl Future<Output = anyhow::Result<Vec<Category>>> + Send;

    /// The category with this id, if any.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_category(&self, id: EntityId) -> impl Future<Output = anyhow::Result<Option<Category>>> + Send;

    /// The categories with these ids (unknown ids are skipped), in one query.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_categories(&self, ids: &[EntityId]) -> impl Future<Output = anyhow::Result<Vec<Category>>> + Send;

    /// The categories with these slugs (unknown slugs are skipped), in one query.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_categories_by_slugs(&self, slugs: &[Slug]) -> impl Future<Output = anyhow::Result<Vec<Category>>> + Send;

    /// Stores a new category.
    ///
    /// # Errors
    /// [`SaveError::DuplicateSlug`] when another category has its slug.
    fn insert_category(&self, category: &Category) -> impl Future<Output = Result<(), SaveError>> + Send;

    /// Replaces a stored category; `false` when no category has its id.
    ///
    /// # Errors
    /// [`SaveError::DuplicateSlug`] when another category has its slug.
    fn update_category(&self, category: &Category) -> impl Future<Output = Result<bool, SaveError>> + Send;

    /// Deletes a category; `false` when none had this id.
    ///
    /// # Errors
    /// [`RemoveError::InUse`] when posts still refer to it.
    fn delete_category(&self, id: EntityId) -> impl Future<Output = Result<bool, RemoveError>> + Send;
}

/// Which tags a list call wants.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TagFilter {
    /// Only tags of one of these types; `None` for every type.
    pub types: Option<Vec<TagType>>,
}

/// Stored tags.
pub trait TagRepository: Send + Sync + 'static {
    /// Tags matching `filter`, ascending by name.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn list_tags(&self, filter: TagFilter) -> impl Future<Output = anyhow::Result<Vec<Tag>>> + Send;

    /// The tag with this id, if any.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_tag(&self, id: EntityId) -> impl Future<Output = anyhow::Result<Option<Tag>>> + Send;

    /// The tags with these ids (unknown ids are skipped), in one query.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_tags(&self, ids: &[EntityId]) -> impl Future<Output = anyhow::Result<Vec<Tag>>> + Send;

    /// The tag with this slug, if any.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_tag_by_slug(&self, slug: &Slug) -> impl Future<Output = anyhow::Result<Option<Tag>>> + Send;

    /// How many records use each of these tags, in one query; tags nobody uses are absent.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn tag_usage_counts(&self, ids: &[EntityId])
    -> impl Future<Output = anyhow::Result<HashMap<EntityId, u64>>> + Send;

    /// Stores a new tag.
    ///
    /// # Errors
    /// [`SaveError::DuplicateSlug`] when another tag has its slug.
    fn insert_tag(&self, tag: &Tag) -> impl Future<Output = Result<(), SaveError>> + Send;

    /// Replaces a stored tag; `false` when no tag has its id.
    ///
    /// # Errors
    /// [`SaveError::DuplicateSlug`] when another tag has its slug.
    fn update_tag(&self, tag: &Tag) -> impl Future<Output = Result<bool, SaveError>> + Send;

    /// Deletes a tag; `false` when none had this id.
    ///
    /// # Errors
    /// [`RemoveError::InUse`] when records still refer to it.
    fn delete_tag(&self, id: EntityId) -> impl Future<Output = Result<bool, RemoveError>> + Send;
}

/// Which posts a list call wants.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PostFilter {
    pub status: Option<PostStatus>,
    pub featured: Option<bool>,
    /// Only posts in one of these categories; `None` for any category.
    pub categories: Option<Vec<EntityId>>,
    /// Matches title, excerpt or author name, ignoring case.
    pub search: Option<String>,
}

/// Stored blog posts.
pub trait PostRepository: Send + Sync + 'static {
    /// Posts matching `filter`, newest first, one page of them with the total.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn list_posts(
        &self,
        filter: &PostFilter,
        page: PageRequest,
    ) -> impl Future<Output = anyhow::Result<Page<Post>>> + Send;

    /// The post with this id, if any.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_post(&self, id: EntityId) -> impl Future<Output = anyhow::Result<Option<Post>>> + Send;

    /// The post with this slug, if any.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_post_by_slug(&self, slug: &Slug) -> impl Future<Output = anyhow::Result<Option<Post>>> + Send;

    /// How many posts are filed under each of these categories, in one query; categories without
    /// posts are absent.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn count_posts_by_category(
        &self,
        ids: &[EntityId],
    ) -> impl Future<Output = anyhow::Result<HashMap<EntityId, u64>>> + Send;

    /// Adds one view to the published post with this slug, atomically; its new view count, or `None`
    /// when no published post has this slug.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn record_post_view(&self, slug: &Slug) -> impl Future<Output = anyhow::Result<Option<u64>>> + Send;

    /// Stores a new post.
    ///
    /// # Errors
    /// [`SaveError::DuplicateSlug`] when another post has its slug.
    fn insert_post(&self, post: &Post) -> impl Future<Output = Result<(), SaveError>> + Send;

    /// Replaces a stored post (its view count excepted); `false` when no post has its id.
    ///
    /// # Errors
    /// [`SaveError::DuplicateSlug`] when another post has its slug.
    fn update_post(&self, post: &Post) -> impl Future<Output = Result<bool, SaveError>> + Send;

    /// Deletes a post; `false` when none had this id.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn delete_post(&self, id: EntityId) -> impl Future<Output = anyhow::Result<bool>> + Send;
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
    ServiceRepository + SettingsRepository + CategoryRepository + TagRepository + PostRepository + StoreStatus + Clone
{
}

impl<
    T: ServiceRepository + SettingsRepository + CategoryRepository + TagRepository + PostRepository + StoreStatus + Clone,
> Store for T
{
}
