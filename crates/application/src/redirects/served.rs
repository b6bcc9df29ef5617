//! The redirects served from memory: every stored redirect in a map by from address, read again
//! from the store when the content generation moves ([`crate::freshness`]: after any write through
//! this instance, and within a poll of a write through another), and the hits counted in memory,
//! stored in batches ([`RedirectTable::flush_hits`]).

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError, RwLock};

use atelier_domain::EntityId;
use atelier_domain::redirect::{Redirect, RedirectPath};
use chrono::{DateTime, Utc};

use super::ports::{RedirectHits, RedirectRepository};
use crate::freshness::{ContentGeneration, Stamp};
use crate::ports::Clock;

/// A redirect as a request is answered with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    pub id: EntityId,
    /// The `Location`: a path of this site or an absolute address, as stored (never built from the
    /// request).
    pub location: String,
    /// 301, 302, 307 or 308.
    pub status: u16,
}

impl From<&Redirect> for Found {
    fn from(redirect: &Redirect) -> Self {
        Self { id: redirect.id, location: redirect.to.as_str().to_owned(), status: redirect.status.code() }
    }
}

/// The map as read under one generation.
#[derive(Debug)]
struct Loaded {
    stamp: Stamp,
    by_from: HashMap<RedirectPath, Found>,
}

#[derive(Debug, Default)]
struct State {
    loaded: RwLock<Option<Arc<Loaded>>>,
    /// Whether a request is reading the map again: the others keep using the one they have.
    reloading: AtomicBool,
    /// Hits counted since the last flush: how many, and the last one's time.
    hits: Mutex<HashMap<EntityId, (u64, DateTime<Utc>)>>,
}

/// The redirects in memory, shared by its clones.
#[derive(Debug, Clone)]
pub struct RedirectTable<S, C> {
    store: S,
    clock: C,
    generation: ContentGeneration,
    state: Arc<State>,
}

impl<S: RedirectRepository, C: Clock> RedirectTable<S, C> {
    /// A table kept in step with `generation`; read on first use.
    pub fn new(store: S, clock: C, generation: ContentGeneration) -> Self {
        Self { store, clock, generation, state: Arc::default() }
    }

    /// The redirect from `path` (as the request names it, still percent-encoded; its query is no
    /// part of it). A path no redirect could be from finds none.
    pub async fn find(&self, path: &str) -> Option<Found> {
        let key = RedirectPath::normalise(path).ok()?;
        let loaded = self.current().await?;
        loaded.by_from.get(&key).cloned()
    }

    /// Counts one use of `found` (in memory: see [`Self::flush_hits`]).
    pub fn hit(&self, found: &Found) {
        let now = self.clock.now();
        let mut hits = self.state.hits.lock().unwrap_or_else(PoisonError::into_inner);
        let counted = hits.entry(found.id).or_insert((0, now));
        *counted = (counted.0 + 1, now);
    }

    /// The map for the current generation: read again when the generation moved since it was read,
    /// unless another request is doing so (then the previous map serves meanwhile). When the store
    /// cannot be read, the previous map serves.
    async fn current(&self) -> Option<Arc<Loaded>> {
        let stamp = self.generation.stamp();
        let previous = self.state.loaded.read().unwrap_or_else(PoisonError::into_inner).clone();
        if let Some(loaded) = previous.as_ref().filter(|loaded| loaded.stamp == stamp) {
            return Some(loaded.clone());
        }
        if previous.is_some() && self.state.reloading.swap(true, Ordering::AcqRel) {
            return previous;
        }
        let read = self.store.all_redirects().await;
        self.state.reloading.store(false, Ordering::Release);
        match read {
            Ok(redirects) => {
                let by_from = redirects.iter().map(|redirect| (redirect.from.clone(), Found::from(redirect))).collect();
                let loaded = Arc::new(Loaded { stamp, by_from });
                let mut slot = self.state.loaded.write().unwrap_or_else(PoisonError::into_inner);
                // A slower reader of an older generation never replaces a newer map.
                if slot.as_ref().is_none_or(|held| held.stamp <= stamp) {
                    *slot = Some(loaded.clone());
                }
                Some(loaded)
            }
            Err(error) => {
                tracing::error!(
                    error = format!("{error:#}"),
                    "the redirects could not be read; the last ones read serve"
                );
                previous
            }
        }
    }

    /// The hits of redirect `id` counted here and not stored yet: how many, and the last one's time.
    pub fn pending_hits(&self, id: EntityId) -> Option<(u64, DateTime<Utc>)> {
        self.state.hits.lock().unwrap_or_else(PoisonError::into_inner).get(&id).copied()
    }

    /// `redirect` with the hits counted here and not stored yet added in.
    pub fn with_pending_hits(&self, mut redirect: Redirect) -> Redirect {
        if let Some((count, last)) = self.pending_hits(redirect.id) {
            redirect.hits += count;
            redirect.last_hit_at = redirect.last_hit_at.max(Some(last));
        }
        redirect
    }

    /// Stores the hits counted since the last flush. Run it every few seconds and when the server
    /// stops; counts that could not be stored are kept for the next flush.
    ///
    /// # Errors
    /// When the store cannot be written.
    pub async fn flush_hits(&self) -> anyhow::Result<()> {
        let counted = std::mem::take(&mut *self.state.hits.lock().unwrap_or_else(PoisonError::into_inner));
        if counted.is_empty() {
            return Ok(());
        }
        let batch: Vec<RedirectHits> = counted
            .iter()
            .map(|(id, (count, last_hit_at))| RedirectHits { id: *id, count: *count, last_hit_at: *last_hit_at })
            .collect();
        if let Err(error) = self.store.add_redirect_hits(&batch).await {
            let mut hits = self.state.hits.lock().unwrap_or_else(PoisonError::into_inner);
            for (id, (count, last)) in counted {
                let kept = hits.entry(id).or_insert((0, last));
                *kept = (kept.0 + count, kept.1.max(last));
            }
            return Err(error);
        }
        Ok(())
    }
}
