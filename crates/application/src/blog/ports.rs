//! What the blog needs from storage.

use std::collections::HashMap;
use std::future::Future;

use atelier_domain::post::{Post, PostStatus};
use atelier_domain::slug::Slug;
use atelier_domain::{EntityId, Page, PageRequest};

use crate::records::{Record, RecordRepository, SaveError};

/// Slugs are unique. An update keeps the stored view count: only
/// [`PostRepository::record_post_view`] changes it.
impl Record for Post {
    const LABEL: &'static str = "Post";
    type SaveError = SaveError;
    type DeleteError = anyhow::Error;

    fn id(&self) -> EntityId {
        self.id
    }
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
pub trait PostRepository: RecordRepository<Post> {
    /// Posts matching `filter`, newest first, one page of them with the total.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn list_posts(
        &self,
        filter: &PostFilter,
        page: PageRequest,
    ) -> impl Future<Output = anyhow::Result<Page<Post>>> + Send;

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
}
