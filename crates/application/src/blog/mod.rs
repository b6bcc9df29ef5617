//! The blog: listing, reading and editing posts, with the derived category and tag names, featured
//! posts and view counts. Anonymous callers only ever see live posts: published, and past their
//! publish time when they have one (a scheduled post appears by itself when its time comes: every
//! public read compares with the clock, so no job has to publish it).

#[cfg(test)]
mod fake;
pub mod languages;
mod order;
pub mod ports;
pub mod review;

use std::collections::HashMap;
use std::sync::Arc;

use atelier_domain::id::looks_like_id;
use atelier_domain::post::{Post, PostChanges, PostInput, PostStatus};
use atelier_domain::redirect::RedirectPath;
use atelier_domain::slug::{Slug, is_slug};
use atelier_domain::visitor::Visitor;
use atelier_domain::{EntityId, FieldErrors, Page, PageRequest};
use chrono::{DateTime, Utc};

pub use self::order::{KEPT_SEARCH_DEPTH, MAX_KEPT_IDS, MAX_KEPT_ORDERS, PostOrders};
use self::ports::{PostFilter, PostRepository, TranslationFilter};
use crate::access::Audience;
use crate::categories::ports::{CategoryFilter, CategoryRepository};
use crate::freshness::{ContentGeneration, PerGeneration};
use crate::ports::Clock;
use crate::records::{self, LookupError, RecordRepository, SaveError};
use crate::redirects::ports::RedirectRepository;
use crate::revisions::ports::RevisionRepository;
use crate::revisions::{self, Author, RestoreError, Revision, RevisionSummary, Versioned};
use crate::search::search_term;
use crate::slugs::{SlugChoiceError, choose_slug};
use crate::tags::ports::TagRepository;
use crate::translations::ports::{SiteLanguages, TranslationRepository};
use crate::translations::taken_by_translation;
use atelier_domain::translation::TranslationKind;

/// Where the public site shows a post: `/blog/{slug}`.
pub const POST_ADDRESS: &str = "/blog";
/// The default page size of the public list (`GET /blog/public/posts`).
pub const PUBLIC_DEFAULT_LIMIT: u64 = 12;
/// The default page size of the back office's list (`GET /blog/posts`).
pub const ADMIN_DEFAULT_LIMIT: u64 = 10;
/// The default number of featured posts.
pub const DEFAULT_FEATURED_LIMIT: u64 = 3;

/// A post with the names the pages show beside it.
#[derive(Debug, Clone, PartialEq)]
pub struct PostView {
    pub post: Post,
    /// The category's display name (else its name); empty without a category.
    pub category_name: String,
    /// The tags' names, in the post's order.
    pub tag_names: Vec<String>,
}

/// A list request as the caller sent it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PostQuery {
    pub status: Option<PostStatus>,
    /// Comma-separated category ids or slugs (any of them matches); `all` means no filter.
    pub category: Option<String>,
    pub search: Option<String>,
    pub page: Option<i64>,
    pub limit: Option<i64>,
    /// Only posts whose translation in a language is missing or outdated
    /// ([`BlogCatalog::translation_filter`]).
    pub translation: Option<TranslationFilter>,
}

/// Creating or changing a post failed.
#[derive(Debug, thiserror::Error)]
pub enum PostWriteError {
    #[error("Post not found")]
    NotFound,
    #[error("Validation failed")]
    Invalid(FieldErrors),
    #[error("A post with this slug already exists")]
    DuplicateSlug,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl From<LookupError> for PostWriteError {
    fn from(error: LookupError) -> Self {
        match error {
            LookupError::NotFound(_) => Self::NotFound,
            LookupError::Unexpected(error) => Self::Unexpected(error),
        }
    }
}

impl From<SaveError> for PostWriteError {
    fn from(error: SaveError) -> Self {
        match error {
            SaveError::DuplicateSlug => Self::DuplicateSlug,
            SaveError::Unexpected(error) => Self::Unexpected(error),
        }
    }
}

/// The blog use cases.
#[derive(Debug, Clone)]
pub struct BlogCatalog<S, C> {
    store: S,
    clock: C,
    /// The content generation the category names are kept for ([`Self::remembering`]).
    generation: Option<ContentGeneration>,
    /// Every category's name by id, read once per generation when remembering.
    category_names: PerGeneration<Arc<HashMap<EntityId, String>>>,
}

impl<S, C> BlogCatalog<S, C>
where
    S: PostRepository
        + CategoryRepository
        + TagRepository
        + RevisionRepository<Post>
        + RedirectRepository
        + TranslationRepository
        + crate::translations::ports::TranslationRevisionRepository
        + SiteLanguages,
    C: Clock,
{
    pub fn new(store: S, clock: C) -> Self {
        Self { store, clock, generation: None, category_names: PerGeneration::default() }
    }

    /// Keeps the categories' names while `generation` does not move, instead of reading them for
    /// every post read: a post's read is then its own statements only.
    #[must_use]
    pub fn remembering(mut self, generation: ContentGeneration) -> Self {
        self.generation = Some(generation);
        self
    }

    /// The store the catalogue works on.
    #[cfg(test)]
    pub(crate) fn store(&self) -> &S {
        &self.store
    }

    /// One page of posts, newest first, for the back office (page size 10 by default). Anonymous
    /// callers only ever see published posts.
    pub async fn list(&self, audience: Audience, query: PostQuery) -> anyhow::Result<Page<PostView>> {
        let page = audience.page(query.page, query.limit, ADMIN_DEFAULT_LIMIT);
        self.list_paged(audience, query, page, None).await
    }

    /// One page of published posts, newest first, for the public site (page size 12 by default).
    pub async fn list_public(&self, query: PostQuery) -> anyhow::Result<Page<PostView>> {
        let page = Audience::Public.page(query.page, query.limit, PUBLIC_DEFAULT_LIMIT);
        self.list_paged(Audience::Public, query, page, None).await
    }

    async fn list_paged(
        &self,
        audience: Audience,
        query: PostQuery,
        page: PageRequest,
        kept: Option<(&ContentGeneration, &PostOrders)>,
    ) -> anyhow::Result<Page<PostView>> {
        let (status, live_at) = match audience {
            Audience::Public => (Some(PostStatus::Published), Some(self.clock.now())),
            Audience::Admin => (query.status, None),
        };
        let categories = match query.category.as_deref() {
            Some(tokens) => self.categories_named(tokens).await?,
            None => None,
        };
        if categories.as_ref().is_some_and(Vec::is_empty) {
            return Ok(Page::new(Vec::new(), 0, page));
        }
        let search = search_term(query.search.as_deref());
        let translation = query.translation;
        let filter = PostFilter { status, featured: None, categories, search, live_at, ids: None, translation };
        if let Some(kept) = kept
            && let Some(found) = self.kept_page(kept, &filter, page).await?
        {
            return Ok(found);
        }
        let mut posts = self.store.list_posts(&filter, page).await?;
        let items = self.views(std::mem::take(&mut posts.items)).await?;
        Ok(posts.map(items))
    }

    /// The category ids a comma-separated list of ids or slugs names; `None` when it names no filter.
    async fn categories_named(&self, tokens: &str) -> anyhow::Result<Option<Vec<EntityId>>> {
        let tokens: Vec<&str> = tokens.split(',').map(str::trim).filter(|token| !token.is_empty()).collect();
        if tokens.is_empty() || tokens.contains(&"all") {
            return Ok(None);
        }
        let mut ids: Vec<EntityId> = tokens
            .iter()
            .filter(|token| looks_like_id(token))
            .filter_map(|token| EntityId::parse(token).ok())
            .collect();
        let slugs: Vec<Slug> =
            tokens.iter().filter(|token| is_slug(token)).filter_map(|token| Slug::parse(token).ok()).collect();
        if !slugs.is_empty() {
            ids.extend(self.store.find_categories_by_slugs(&slugs).await?.into_iter().map(|category| category.id));
        }
        Ok(Some(ids))
    }

    /// Live featured posts, newest first, filled up with the newest other live posts when fewer
    /// than `limit` (3 by default) are featured.
    pub async fn featured(&self, limit: Option<i64>) -> anyhow::Result<Vec<PostView>> {
        let page = Audience::Public.page(None, limit, DEFAULT_FEATURED_LIMIT);
        let now = self.clock.now();
        let published = |featured| PostFilter {
            status: Some(PostStatus::Published),
            featured: Some(featured),
            categories: None,
            search: None,
            live_at: Some(now),
            ids: None,
            translation: None,
        };
        let mut posts = self.store.list_posts(&published(true), page).await?.items;
        let missing = page.limit().saturating_sub(posts.len() as u64);
        if missing > 0 {
            let rest = Audience::Public.page(None, i64::try_from(missing).ok(), missing);
            posts.extend(self.store.list_posts(&published(false), rest).await?.items);
        }
        self.views(posts).await
    }

    /// One post by id; a draft or scheduled post is not found for anonymous callers.
    pub async fn get(&self, audience: Audience, id: &str) -> Result<PostView, LookupError> {
        let id = records::parse_id::<Post>(id)?;
        let post = RecordRepository::<Post>::find(&self.store, id).await?;
        self.visible(audience, post).await
    }

    /// One post by slug; a draft or scheduled post is not found for anonymous callers.
    pub async fn get_by_slug(&self, audience: Audience, slug: &str) -> Result<PostView, LookupError> {
        let slug = Slug::parse(slug).map_err(|_| records::not_found::<Post>())?;
        let post = self.store.find_post_by_slug(&slug).await?;
        self.visible(audience, post).await
    }

    async fn visible(&self, audience: Audience, post: Option<Post>) -> Result<PostView, LookupError> {
        match post {
            Some(post) if audience == Audience::Admin || post.is_live(self.clock.now()) => {
                Ok(self.views(vec![post]).await?.remove(0))
            }
            _ => Err(records::not_found::<Post>()),
        }
    }

    /// Counts one view of a live post by `visitor`, unless they viewed it within the same hour; its
    /// view count.
    pub async fn record_view(&self, slug: &str, visitor: &Visitor) -> Result<u64, LookupError> {
        let slug = Slug::parse(slug).map_err(|_| records::not_found::<Post>())?;
        self.store.record_post_view(&slug, self.clock.now(), visitor).await?.ok_or_else(records::not_found::<Post>)
    }

    /// When the public blog next changes by itself: the earliest publish time still to come of a
    /// published post, if any. Public reads are a function of the stored posts and the clock, so an
    /// answer cached now stays right until the next write or this moment, whichever comes first.
    pub async fn next_publication(&self) -> anyhow::Result<Option<DateTime<Utc>>> {
        self.store.next_post_publication(self.clock.now()).await
    }

    /// A new post; it may be a draft or published, never in review (see [`review`]).
    pub async fn create(&self, input: PostInput) -> Result<PostView, PostWriteError> {
        let changes = PostChanges::parse(input, true).map_err(PostWriteError::Invalid)?;
        entered_review(&changes, PostStatus::Draft)?;
        self.check_references(&changes).await?;
        let store = &self.store;
        let chosen = changes.slug().map(Slug::as_str);
        let slug = choose_slug(chosen, changes.title().unwrap_or_default(), |slug| async move {
            Ok(store.find_post_by_slug(&slug).await?.is_some()
                || taken_by_translation(store, TranslationKind::Post, None, &slug).await?)
        })
        .await
        .map_err(slug_error)?;
        let now = self.clock.now();
        let mut post = Post::create(self.clock.new_id(), slug, changes, now);
        self.store.insert(&mut post).await?;
        Ok(self.views(vec![post]).await?.remove(0))
    }

    /// Changes the fields sent; the others keep their values. The slug changes only when one is sent.
    /// The version replaced is kept as a revision saved over by `author`. A post goes into review
    /// only by being submitted ([`review`]); one in review may be taken back to draft or kept there.
    pub async fn update(&self, id: &str, input: PostInput, author: &Author) -> Result<PostView, PostWriteError> {
        let id = records::parse_id::<Post>(id)?;
        let changes = PostChanges::parse(input, false).map_err(PostWriteError::Invalid)?;
        let before = records::found::<Post>(&self.store, id).await?;
        entered_review(&changes, before.status)?;
        self.check_references(&changes).await?;
        if let Some(slug) = changes.slug().filter(|slug| **slug != before.slug)
            && self.default_slug_taken(id, slug).await?
        {
            return Err(PostWriteError::DuplicateSlug);
        }
        let mut post = before.clone();
        post.apply(changes, self.clock.now());
        revisions::keep(&self.store, &self.clock, &before, &post, author).await?;
        if !self.store.update(&mut post).await? {
            return Err(PostWriteError::NotFound);
        }
        self.follow_address(&before, &post).await?;
        Ok(self.views(vec![post]).await?.remove(0))
    }

    /// Deletes the post, its revisions, its translations and theirs.
    pub async fn delete(&self, id: &str) -> Result<(), LookupError> {
        records::delete::<Post>(&self.store, id).await?;
        let id = records::parse_id::<Post>(id)?;
        RevisionRepository::<Post>::delete_revisions(&self.store, id).await?;
        self.store.delete_record_translations(TranslationKind::Post, &id.to_string()).await?;
        self.store.delete_translation_revisions(TranslationKind::Post, id).await?;
        Ok(())
    }

    /// Whether `slug` is another post's address than post `id`'s: its default slug, or its
    /// translated slug in any language (docs/languages.md).
    async fn default_slug_taken(&self, id: EntityId, slug: &Slug) -> anyhow::Result<bool> {
        Ok(self.store.find_post_by_slug(slug).await?.is_some_and(|other| other.id != id)
            || taken_by_translation(&self.store, TranslationKind::Post, Some(&id.to_string()), slug).await?)
    }

    /// The post's kept versions, newest first.
    pub async fn revisions(&self, id: &str) -> Result<Vec<RevisionSummary>, LookupError> {
        let id = records::parse_id::<Post>(id)?;
        records::found::<Post>(&self.store, id).await?;
        Ok(RevisionRepository::<Post>::list_revisions(&self.store, id).await?)
    }

    /// One kept version of the post, with the names of its category and tags as they are now.
    pub async fn revision(&self, id: &str, revision_id: &str) -> Result<Revision<PostView>, LookupError> {
        let id = records::parse_id::<Post>(id)?;
        records::found::<Post>(&self.store, id).await?;
        let revision = revisions::find::<Post>(&self.store, id, revision_id).await?;
        let view = self.views(vec![revision.snapshot.clone()]).await?.remove(0);
        Ok(revision.map(|_| view))
    }

    /// Brings back a kept version: a save by `author` that keeps the version it replaces. A category
    /// or tag deleted since is left out; a slug another post has taken since is a conflict.
    pub async fn restore(&self, id: &str, revision_id: &str, author: &Author) -> Result<PostView, RestoreError> {
        let id = records::parse_id::<Post>(id)?;
        let before = records::found::<Post>(&self.store, id).await?;
        let revision = revisions::find::<Post>(&self.store, id, revision_id).await?;
        let mut post = before.clone();
        post.restore(&revision.snapshot, self.clock.now());
        // Only a submission puts a post into review: a version kept while in review comes back a draft.
        if post.status == PostStatus::InReview && before.status != PostStatus::InReview {
            post.status = PostStatus::Draft;
        }
        if let Some(category) = post.category
            && self.store.find_categories(&[category]).await?.is_empty()
        {
            post.category = None;
        }
        if !post.tags.is_empty() {
            let found = self.store.find_tags(&post.tags).await?;
            post.tags.retain(|id| found.iter().any(|tag| tag.id == *id));
        }
        let taken = || RestoreError::Conflict(PostWriteError::DuplicateSlug.to_string());
        if post.slug != before.slug && self.default_slug_taken(id, &post.slug).await? {
            return Err(taken());
        }
        revisions::keep(&self.store, &self.clock, &before, &post, author).await?;
        match self.store.update(&mut post).await {
            Ok(true) => {
                self.follow_address(&before, &post).await?;
                Ok(self.views(vec![post]).await?.remove(0))
            }
            Ok(false) => Err(RestoreError::NotFound(<Post as records::Record>::LABEL)),
            Err(SaveError::DuplicateSlug) => Err(taken()),
            Err(SaveError::Unexpected(error)) => Err(error.into()),
        }
    }

    /// A live post whose slug changed (and stays live) leaves a redirect from its old address to its
    /// new one ([`crate::redirects::address_moved`]).
    async fn follow_address(&self, before: &Post, after: &Post) -> anyhow::Result<()> {
        let now = self.clock.now();
        if before.slug == after.slug || !before.is_live(now) || !after.is_live(now) {
            return Ok(());
        }
        let (Ok(old), Ok(new)) = (
            RedirectPath::of_slug(POST_ADDRESS, before.slug.as_str()),
            RedirectPath::of_slug(POST_ADDRESS, after.slug.as_str()),
        ) else {
            return Ok(());
        };
        crate::redirects::address_moved(&self.store, &self.clock, &old, &new, &after.title).await
    }

    /// The category and tags the changes name must exist.
    async fn check_references(&self, changes: &PostChanges) -> Result<(), PostWriteError> {
        let mut errors = FieldErrors::new();
        if let Some(Some(category)) = changes.category()
            && self.store.find_categories(&[category]).await?.is_empty()
        {
            errors.add("category", "Category not found");
        }
        if let Some(tags) = changes.tags().filter(|tags| !tags.is_empty()) {
            let found = self.store.find_tags(tags).await?;
            let unknown: Vec<String> =
                tags.iter().filter(|id| !found.iter().any(|tag| tag.id == **id)).map(ToString::to_string).collect();
            if !unknown.is_empty() {
                errors.add("tags", format!("Unknown tags: {}", unknown.join(", ")));
            }
        }
        errors.finish(|| ()).map_err(PostWriteError::Invalid)
    }

    /// Adds the category and tag names to posts with one query for categories and one for tags,
    /// whatever the number of posts.
    async fn views(&self, posts: Vec<Post>) -> anyhow::Result<Vec<PostView>> {
        let mut category_ids: Vec<EntityId> = posts.iter().filter_map(|post| post.category).collect();
        category_ids.sort_unstable();
        category_ids.dedup();
        let mut tag_ids: Vec<EntityId> = posts.iter().flat_map(|post| post.tags.iter().copied()).collect();
        tag_ids.sort_unstable();
        tag_ids.dedup();
        let mut categories: Arc<HashMap<EntityId, String>> = Arc::default();
        if !category_ids.is_empty() && self.generation.is_some() {
            let read = || async {
                let all = self.store.list_categories(CategoryFilter::default()).await?;
                Ok(Arc::new(all.into_iter().map(|category| (category.id, category.label().to_owned())).collect()))
            };
            categories = self.category_names.get(self.generation.as_ref(), self.clock.now(), read).await?;
        }
        // Not kept (not remembering, or a category another instance added since the last poll).
        let missing: Vec<EntityId> = category_ids.into_iter().filter(|id| !categories.contains_key(id)).collect();
        if !missing.is_empty() {
            let found = self.store.find_categories(&missing).await?;
            Arc::make_mut(&mut categories)
                .extend(found.into_iter().map(|category| (category.id, category.label().to_owned())));
        }
        let tags: HashMap<EntityId, String> = if tag_ids.is_empty() {
            HashMap::new()
        } else {
            self.store.find_tags(&tag_ids).await?.into_iter().map(|tag| (tag.id, tag.name)).collect()
        };
        Ok(posts
            .into_iter()
            .map(|post| {
                let category_name = post.category.and_then(|id| categories.get(&id).cloned()).unwrap_or_default();
                let tag_names = post.tags.iter().filter_map(|id| tags.get(id).cloned()).collect();
                PostView { post, category_name, tag_names }
            })
            .collect())
    }
}

/// Refuses changes that would put a post with status `from` into review: only a submission does.
fn entered_review(changes: &PostChanges, from: PostStatus) -> Result<(), PostWriteError> {
    if changes.status() == Some(PostStatus::InReview) && from != PostStatus::InReview {
        let mut errors = FieldErrors::new();
        errors.add("status", "A post goes into review by being submitted for review");
        return Err(PostWriteError::Invalid(errors));
    }
    Ok(())
}

fn slug_error(error: SlugChoiceError) -> PostWriteError {
    match error {
        SlugChoiceError::Taken => PostWriteError::DuplicateSlug,
        SlugChoiceError::Unexpected(error) => PostWriteError::Unexpected(error),
        SlugChoiceError::Invalid(invalid) => {
            let mut errors = FieldErrors::new();
            errors.add("slug", invalid.to_string());
            PostWriteError::Invalid(errors)
        }
        SlugChoiceError::NothingToDeriveFrom => {
            let mut errors = FieldErrors::new();
            errors.add("title", "Title must contain a letter or a digit, or a slug must be given");
            PostWriteError::Invalid(errors)
        }
    }
}

#[cfg(test)]
mod tests;
