//! The order of the posts visitors see, kept per content generation ([`PublishedOrder`]): a page of
//! the public list, however deep, is a slice of it, and its total is its length.
//!
//! Read from the database, a page at `OFFSET` n walks the n posts before it, and its count walks
//! them all: a crawler reading every page of a large blog made each page cost as much as the blog.
//! The visitors' posts change only with the content generation (every write moves it, and it ends
//! when a scheduled post's time comes), so their ids in list order are read once per generation
//! (from an index alone: `published_post_ids`) and a page reads only its own posts by id.

use std::sync::{Arc, Mutex, PoisonError};

use atelier_domain::post::Post;
use atelier_domain::{EntityId, Page, PageRequest};
use chrono::{DateTime, Utc};

use super::ports::PostRepository;
use super::{BlogCatalog, PUBLIC_DEFAULT_LIMIT, PostQuery, PostView};
use crate::access::Audience;
use crate::categories::ports::CategoryRepository;
use crate::freshness::{ContentGeneration, Stamp};
use crate::ports::Clock;
use crate::redirects::ports::RedirectRepository;
use crate::revisions::ports::RevisionRepository;
use crate::tags::ports::TagRepository;

impl<S, C> BlogCatalog<S, C>
where
    S: PostRepository
        + CategoryRepository
        + TagRepository
        + RevisionRepository<Post>
        + RedirectRepository
        + crate::translations::ports::TranslationRepository
        + crate::translations::ports::TranslationRevisionRepository
        + crate::translations::ports::SiteLanguages,
    C: Clock,
{
    /// [`Self::list_public`], with a page of the whole list (no category, no search) cut from the
    /// visitors' posts in order as kept in `order` for the current `generation`: a deep page costs
    /// what the first one does. The same page, item for item, as [`Self::list_public`] gives.
    ///
    /// # Errors
    /// Only infrastructure faults.
    pub async fn list_public_in(
        &self,
        query: PostQuery,
        generation: &ContentGeneration,
        order: &PublishedOrder,
    ) -> anyhow::Result<Page<PostView>> {
        let page = Audience::Public.page(query.page, query.limit, PUBLIC_DEFAULT_LIMIT);
        self.list_paged(Audience::Public, query, page, Some((generation, order))).await
    }

    /// The page of the visitors' posts at `now` cut from the order kept; `None` when none can be kept.
    pub(super) async fn kept_page(
        &self,
        (generation, order): (&ContentGeneration, &PublishedOrder),
        now: DateTime<Utc>,
        page: PageRequest,
    ) -> anyhow::Result<Option<Page<PostView>>> {
        let Some(ids) = order.ids(&self.store, generation, now).await? else {
            return Ok(None);
        };
        let start = usize::try_from(page.offset()).unwrap_or(usize::MAX).min(ids.len());
        let end = start.saturating_add(usize::try_from(page.limit()).unwrap_or(usize::MAX)).min(ids.len());
        let posts = self.store.posts_by_ids(&ids[start..end]).await?;
        Ok(Some(Page::counted(self.views(posts).await?, ids.len() as u64, false, page)))
    }
}

/// The published posts' ids in order, with the stamp of the generation they were read under.
type Kept = Option<(Stamp, Arc<[EntityId]>)>;

/// The ids of the posts visitors see, newest publication first, as read under one generation;
/// shared by every worker (clones share it).
#[derive(Debug, Clone, Default)]
pub struct PublishedOrder {
    kept: Arc<Mutex<Kept>>,
    /// Held while the order of a new generation is read, so that the requests arriving meanwhile
    /// wait for that one reading instead of each reading the whole order.
    reading: Arc<tokio::sync::Mutex<()>>,
}

impl PublishedOrder {
    pub fn new() -> Self {
        Self::default()
    }

    /// The order kept, while its generation is current at `now`.
    fn current(&self, generation: &ContentGeneration, now: DateTime<Utc>) -> Option<Arc<[EntityId]>> {
        let kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        kept.as_ref().filter(|(stamp, _)| generation.is_current_at(*stamp, now)).map(|(_, ids)| ids.clone())
    }

    /// The ids of the posts visitors see at `now`, in list order: the order kept for the current
    /// generation, else read from `store` and kept. `None` while the generation is not trusted
    /// (nothing computed now could be kept): the caller then reads its page from the store.
    ///
    /// # Errors
    /// Only infrastructure faults.
    pub async fn ids<S: PostRepository>(
        &self,
        store: &S,
        generation: &ContentGeneration,
        now: DateTime<Utc>,
    ) -> anyhow::Result<Option<Arc<[EntityId]>>> {
        if let Some(ids) = self.current(generation, now) {
            return Ok(Some(ids));
        }
        let _reading = self.reading.lock().await;
        if let Some(ids) = self.current(generation, now) {
            return Ok(Some(ids));
        }
        // Taken before reading: a write meanwhile makes what is read out of date at once.
        let stamp = generation.stamp();
        if !generation.is_current_at(stamp, now) {
            return Ok(None);
        }
        let ids: Arc<[EntityId]> = store.published_post_ids(now).await?.into();
        *self.kept.lock().unwrap_or_else(PoisonError::into_inner) = Some((stamp, ids.clone()));
        Ok(Some(ids))
    }
}
