//! The orders of the posts' lists, kept per content generation ([`PostOrders`]): a page of a list,
//! however deep, is a slice of its order, and its total is the order's length.
//!
//! Read from the database, a page at `OFFSET` n walks the n posts before it, and its count walks
//! them all: a crawler reading every page of a large blog (or of one of its categories) made each
//! page cost as much as the list. The posts change only with the content generation (every write
//! moves it, and it ends when a scheduled post's time comes), so the ids of a list, in list order,
//! are read once per generation for each list asked for (`post_ids`: the whole public list from an
//! index alone) and a page reads only its own posts by id.
//!
//! Which lists are kept: the visitors' whole list, their lists by category, and the back office's
//! lists by status and category, always; a search's list only once a page past
//! [`KEPT_SEARCH_DEPTH`] is asked for (a search's first pages read no more than they show, while its
//! order reads every match). A list by translation status is never kept (translations change it).
//!
//! Memory: at most [`MAX_KEPT_IDS`] ids (12 bytes each: 4 MiB) in at most [`MAX_KEPT_ORDERS`]
//! orders. A new order makes room by dropping the orders read least recently; an order longer than
//! the bound is not kept, and that list is read from the database for the rest of the generation. A
//! new generation drops every order at its first reading.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, PoisonError};

use atelier_domain::post::{Post, PostStatus};
use atelier_domain::{EntityId, Page, PageRequest};
use chrono::{DateTime, Utc};

use super::ports::{PostFilter, PostRepository};
use super::{ADMIN_DEFAULT_LIMIT, BlogCatalog, PUBLIC_DEFAULT_LIMIT, PostQuery, PostView};
use crate::access::Audience;
use crate::categories::ports::CategoryRepository;
use crate::freshness::{ContentGeneration, Stamp};
use crate::ports::Clock;
use crate::redirects::ports::RedirectRepository;
use crate::revisions::ports::RevisionRepository;
use crate::tags::ports::TagRepository;

/// The most post ids kept in all orders together (12 bytes each: 4 MiB).
pub const MAX_KEPT_IDS: usize = 4 * 1024 * 1024 / size_of::<EntityId>();

/// The most orders kept at once.
pub const MAX_KEPT_ORDERS: usize = 64;

/// A search's order is read and kept only for a page that starts this deep (or once it is kept):
/// nearer the top, the database's page reads no more than the page and its bounded count.
pub const KEPT_SEARCH_DEPTH: u64 = 120;

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
    /// [`Self::list_public`], with the page cut from the list's order as kept in `orders` for the
    /// current `generation` (see the module's documentation for which lists are kept): a deep page
    /// costs what the first one does. The same page, item for item and total for total, as
    /// [`Self::list_public`] gives.
    ///
    /// # Errors
    /// Only infrastructure faults.
    pub async fn list_public_in(
        &self,
        query: PostQuery,
        generation: &ContentGeneration,
        orders: &PostOrders,
    ) -> anyhow::Result<Page<PostView>> {
        let page = Audience::Public.page(query.page, query.limit, PUBLIC_DEFAULT_LIMIT);
        self.list_paged(Audience::Public, query, page, Some((generation, orders))).await
    }

    /// [`Self::list`], with the page cut from the list's order as kept in `orders` for the current
    /// `generation`, as [`Self::list_public_in`]. The same page as [`Self::list`] gives.
    ///
    /// # Errors
    /// Only infrastructure faults.
    pub async fn list_in(
        &self,
        audience: Audience,
        query: PostQuery,
        generation: &ContentGeneration,
        orders: &PostOrders,
    ) -> anyhow::Result<Page<PostView>> {
        let page = audience.page(query.page, query.limit, ADMIN_DEFAULT_LIMIT);
        self.list_paged(audience, query, page, Some((generation, orders))).await
    }

    /// The page of the posts `filter` names, cut from the order kept; `None` when the order is not
    /// kept (not worth reading, too long, or the generation is not trusted): the caller then reads
    /// its page from the store.
    ///
    /// The total is what the store's page tells: a page that is not full (and not an empty page past
    /// the end) tells the number of posts; otherwise the count, which for a search stops at the
    /// page's [`PageRequest::count_limit`] (then capped), as [`PostRepository::list_posts`] counts.
    pub(super) async fn kept_page(
        &self,
        (generation, orders): (&ContentGeneration, &PostOrders),
        filter: &PostFilter,
        page: PageRequest,
    ) -> anyhow::Result<Option<Page<PostView>>> {
        if filter.translation.is_some() || filter.featured.is_some() || filter.ids.is_some() {
            return Ok(None);
        }
        let read = filter.search.is_none() || page.offset() >= orders.search_depth;
        let now = self.clock.now();
        let Some(ids) = orders.ids(&self.store, generation, now, filter, read).await? else {
            return Ok(None);
        };
        let matches = ids.len() as u64;
        let start = usize::try_from(page.offset()).unwrap_or(usize::MAX).min(ids.len());
        let end = start.saturating_add(usize::try_from(page.limit()).unwrap_or(usize::MAX)).min(ids.len());
        let fetched = (end - start) as u64;
        let (total, capped) = if fetched < page.limit() && (fetched > 0 || page.offset() == 0) {
            (matches, false)
        } else if filter.search.is_some() {
            let limit = page.count_limit();
            (matches.min(limit), matches >= limit)
        } else {
            (matches, false)
        };
        let posts = self.store.posts_by_ids(&ids[start..end]).await?;
        Ok(Some(Page::counted(self.views(posts).await?, total, capped, page)))
    }
}

/// Which list an order is kept for: everything of a [`PostFilter`] that decides its posts, apart
/// from the time (the generation ends when a scheduled post's time comes).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct OrderKey {
    /// The visitors' rule (published, publish time passed).
    live: bool,
    status: Option<&'static str>,
    categories: Option<Vec<EntityId>>,
    search: Option<String>,
}

impl OrderKey {
    fn of(filter: &PostFilter) -> Self {
        Self {
            live: filter.live_at.is_some(),
            status: filter.status.map(PostStatus::as_str),
            categories: filter.categories.clone().map(|mut ids| {
                ids.sort_unstable();
                ids.dedup();
                ids
            }),
            search: filter.search.clone(),
        }
    }
}

/// One kept order and when it was last read (a number that grows with every reading).
#[derive(Debug)]
struct Order {
    ids: Arc<[EntityId]>,
    used: u64,
}

/// The orders kept under one generation.
#[derive(Debug, Default)]
struct Kept {
    stamp: Option<Stamp>,
    orders: HashMap<OrderKey, Order>,
    /// How many ids the orders hold together.
    ids: usize,
    /// The lists whose order is longer than [`MAX_KEPT_IDS`]: read from the database.
    too_long: HashSet<OrderKey>,
    reads: u64,
}

impl Kept {
    /// Drops everything when `stamp` is a later generation than the one kept.
    fn renew(&mut self, stamp: Stamp) {
        if self.stamp != Some(stamp) {
            *self = Self { stamp: Some(stamp), reads: self.reads, ..Self::default() };
        }
    }

    fn find(&mut self, key: &OrderKey) -> Option<Arc<[EntityId]>> {
        self.reads += 1;
        let reads = self.reads;
        self.orders.get_mut(key).map(|order| {
            order.used = reads;
            Arc::clone(&order.ids)
        })
    }

    /// Keeps `ids` as the order of `key`, dropping the orders read least recently to make room.
    fn keep(&mut self, key: OrderKey, ids: Arc<[EntityId]>) {
        if ids.len() > MAX_KEPT_IDS {
            self.too_long.insert(key);
            return;
        }
        while self.ids + ids.len() > MAX_KEPT_IDS || self.orders.len() >= MAX_KEPT_ORDERS {
            let Some(oldest) = self.orders.iter().min_by_key(|(_, order)| order.used).map(|(key, _)| key.clone())
            else {
                break;
            };
            if let Some(order) = self.orders.remove(&oldest) {
                self.ids -= order.ids.len();
            }
        }
        self.reads += 1;
        self.ids += ids.len();
        self.orders.insert(key, Order { ids, used: self.reads });
    }
}

/// The posts' ids in list order for the lists asked for, as read under one generation; shared by
/// every worker (clones share them).
#[derive(Debug, Clone)]
pub struct PostOrders {
    kept: Arc<Mutex<Kept>>,
    /// Held while an order is read, so that the requests arriving meanwhile wait for that one
    /// reading instead of each reading the whole order.
    reading: Arc<tokio::sync::Mutex<()>>,
    /// From which offset a search's order is read ([`KEPT_SEARCH_DEPTH`]).
    search_depth: u64,
}

impl Default for PostOrders {
    fn default() -> Self {
        Self::keeping_searches_from(KEPT_SEARCH_DEPTH)
    }
}

impl PostOrders {
    pub fn new() -> Self {
        Self::default()
    }

    /// Orders that read a search's order for a page starting at `depth` or deeper (the tests use 0,
    /// so that every page of a search is cut from its order).
    pub fn keeping_searches_from(depth: u64) -> Self {
        Self { kept: Arc::default(), reading: Arc::default(), search_depth: depth }
    }

    /// The order of `key` kept, while its generation is current at `now`; `Err` when the list is
    /// known to be too long to keep in this generation.
    fn current(&self, generation: &ContentGeneration, now: DateTime<Utc>, key: &OrderKey) -> Current {
        let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        match kept.stamp {
            Some(stamp) if generation.is_current_at(stamp, now) => {}
            _ => return Current::Missing,
        }
        if kept.too_long.contains(key) {
            return Current::TooLong;
        }
        kept.find(key).map_or(Current::Missing, Current::Kept)
    }

    /// The ids of the posts `filter` names (its `live_at` is `now` when it has one), in list order:
    /// the order kept for the current generation, else, when `read`, read from `store` and kept.
    /// `None` while the generation is not trusted, when the list is too long to keep, or when the
    /// order is not kept and not to be read: the caller then reads its page from the store.
    ///
    /// # Errors
    /// Only infrastructure faults.
    pub async fn ids<S: PostRepository>(
        &self,
        store: &S,
        generation: &ContentGeneration,
        now: DateTime<Utc>,
        filter: &PostFilter,
        read: bool,
    ) -> anyhow::Result<Option<Arc<[EntityId]>>> {
        let key = OrderKey::of(filter);
        match self.current(generation, now, &key) {
            Current::Kept(ids) => return Ok(Some(ids)),
            Current::TooLong => return Ok(None),
            Current::Missing if !read => return Ok(None),
            Current::Missing => {}
        }
        let _reading = self.reading.lock().await;
        match self.current(generation, now, &key) {
            Current::Kept(ids) => return Ok(Some(ids)),
            Current::TooLong => return Ok(None),
            Current::Missing => {}
        }
        // Taken before reading: a write meanwhile makes what is read out of date at once.
        let stamp = generation.stamp();
        if !generation.is_current_at(stamp, now) {
            return Ok(None);
        }
        let filter =
            PostFilter { categories: key.categories.clone(), live_at: filter.live_at.map(|_| now), ..filter.clone() };
        let ids: Arc<[EntityId]> = store.post_ids(&filter).await?.into();
        let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        if kept.stamp.is_some_and(|kept| kept > stamp) {
            return Ok(Some(ids));
        }
        kept.renew(stamp);
        kept.keep(key, Arc::clone(&ids));
        Ok(Some(ids))
    }
}

/// What is kept for one list.
enum Current {
    Kept(Arc<[EntityId]>),
    TooLong,
    Missing,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(search: &str) -> OrderKey {
        OrderKey { live: true, status: None, categories: None, search: Some(search.into()) }
    }

    fn ids(count: usize) -> Arc<[EntityId]> {
        let at = DateTime::UNIX_EPOCH;
        (0..count).map(|_| EntityId::generate(at)).collect()
    }

    #[test]
    fn the_orders_read_least_recently_make_room_for_a_new_one() {
        let mut kept = Kept::default();
        let third = MAX_KEPT_IDS / 3;
        kept.keep(key("a"), ids(third));
        kept.keep(key("b"), ids(third));
        kept.keep(key("c"), ids(third));
        assert!(kept.find(&key("a")).is_some());
        kept.keep(key("d"), ids(third));
        assert!(kept.find(&key("b")).is_none(), "the one read least recently is dropped");
        assert!(kept.find(&key("a")).is_some() && kept.find(&key("c")).is_some() && kept.find(&key("d")).is_some());
        assert!(kept.ids <= MAX_KEPT_IDS);
    }

    #[test]
    fn an_order_longer_than_the_bound_is_not_kept_and_drops_nothing() {
        let mut kept = Kept::default();
        kept.keep(key("a"), ids(10));
        kept.keep(key("long"), ids(MAX_KEPT_IDS + 1));
        assert!(kept.find(&key("long")).is_none());
        assert!(kept.too_long.contains(&key("long")));
        assert!(kept.find(&key("a")).is_some());
    }

    #[test]
    fn no_more_than_the_most_orders_are_kept() {
        let mut kept = Kept::default();
        for index in 0..=MAX_KEPT_ORDERS {
            kept.keep(key(&index.to_string()), ids(1));
        }
        assert_eq!(kept.orders.len(), MAX_KEPT_ORDERS);
        assert!(kept.find(&key("0")).is_none());
    }
}
