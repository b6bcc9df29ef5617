//! What the blog needs from storage.

use std::collections::HashMap;
use std::future::Future;

use atelier_domain::language::LanguageTag;
use atelier_domain::post::{Post, PostStatus};
use atelier_domain::slug::Slug;
use atelier_domain::visitor::Visitor;
use atelier_domain::{EntityId, Page, PageRequest};
use chrono::{DateTime, Utc};

use crate::records::{Record, RecordRepository, SaveError};

/// Slugs are unique. An update keeps the stored view count: only
/// [`PostRepository::record_post_view`] changes it.
impl Record for Post {
    const LABEL: &'static str = "Post";
    type SaveError = SaveError;
    type DeleteError = anyhow::Error;

    crate::records::record_fields!();

    fn title(&self) -> String {
        self.title.clone()
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
    /// Only posts visitors see at this time: published, with no publish time or one not after it
    /// (see [`Post::is_live`]). `None` for every post, scheduled ones included.
    pub live_at: Option<DateTime<Utc>>,
    /// Only posts with these ids (those with a live translation in a language that hides the
    /// others); `None` for any post.
    pub ids: Option<Vec<EntityId>>,
    /// Only posts whose translation in a language is missing or outdated (the back office's list).
    pub translation: Option<TranslationFilter>,
}

/// Where a post's translation in one language stands, as the back office's list filters it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TranslationState {
    /// The post has no translation in the language.
    Missing,
    /// It has one, saved against other default-language texts than the post's now: the
    /// translation's `source_hash` differs from the post's.
    Outdated,
}

/// Only the posts whose translation in `lang` is in `state`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TranslationFilter {
    pub state: TranslationState,
    /// One of the site's languages other than the default.
    pub lang: LanguageTag,
}

/// One visitor's view of a blog post, as a batch of views counts it
/// ([`PostRepository::record_post_views`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PostViewSeen {
    pub slug: Slug,
    pub at: DateTime<Utc>,
    pub visitor: Visitor,
}

/// Stored blog posts.
pub trait PostRepository: RecordRepository<Post> {
    /// Posts matching `filter`, newest first by publication date (the publish time, else the
    /// creation; see [`Post::publication_date`]), then by id; one page of them with the total. With
    /// a search term the total is counted only up to [`PageRequest::count_limit`]
    /// (`Page::total_capped` says when it stopped there), so that a search costs the same however
    /// many posts match.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn list_posts(
        &self,
        filter: &PostFilter,
        page: PageRequest,
    ) -> impl Future<Output = anyhow::Result<Page<Post>>> + Send;

    /// The ids of every post matching `filter`, in the lists' order: newest publication first, then
    /// by id (as [`Self::list_posts`] with that filter orders them), so that the page at any offset
    /// is a slice of them. The visitors' whole list (published, live at a time, nothing else) is
    /// read from an index alone; a search the word index answers, from the index's entries.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn post_ids(&self, filter: &PostFilter) -> impl Future<Output = anyhow::Result<Vec<EntityId>>> + Send;

    /// The posts with these ids, in the order given; an id of no post is left out.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn posts_by_ids(&self, ids: &[EntityId]) -> impl Future<Output = anyhow::Result<Vec<Post>>> + Send;

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

    /// Adds one view by `visitor` to the post with this slug if it is live at `now` and the visitor
    /// has not viewed it in the same period ([`atelier_domain::visitor::view_period`]), atomically
    /// (two requests of one visitor at once count once); the post's view count, or `None` when no
    /// post live at `now` has this slug. Forgets the views of earlier periods.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn record_post_view(
        &self,
        slug: &Slug,
        now: DateTime<Utc>,
        visitor: &Visitor,
    ) -> impl Future<Output = anyhow::Result<Option<u64>>> + Send;

    /// Counts a batch of views at once, as [`PostRepository::record_post_view`] would one by one in
    /// order: each view adds one to its post's count if the post is live at the view's time and its
    /// visitor has not viewed it in the same period; views of other slugs are ignored. Atomically,
    /// in a number of statements that does not grow with the batch's views (one per post counted
    /// at most), never a query per view. Forgets the views of periods before the batch's first.
    ///
    /// # Errors
    /// Only infrastructure faults; then no view of the batch is counted.
    fn record_post_views(&self, views: &[PostViewSeen]) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// The earliest publish time after `now` of a published post: when the public blog next changes
    /// by itself, with no write. A cache of public reads expires its entries then.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn next_post_publication(
        &self,
        now: DateTime<Utc>,
    ) -> impl Future<Output = anyhow::Result<Option<DateTime<Utc>>>> + Send;
}
