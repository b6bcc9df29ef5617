//! The content generation: one number that changes whenever what an anonymous visitor can read may
//! have changed. Anything computed from public content (cached API answers, page heads filled by the
//! server, the sitemap, the feed) is tagged with the [`Stamp`] taken *before* reading the content, and
//! served only while [`ContentGeneration::is_current_at`] says that stamp still holds.
//!
//! The generation changes (see docs/caching.md for the reasoning):
//! - after every write an administrator makes through this instance: [`GenerationSync::changed`],
//!   which the HTTP layer awaits before the answer leaves, so the writer's next read is fresh;
//! - when another instance on the same database made a change: every change advances a shared
//!   number in the store, which [`GenerationSync::refresh`] reads at least every [`POLL_INTERVAL`]
//!   (and at once when the database announces a change);
//! - when the next scheduled publication time comes (a published post or project whose `publishAt` is
//!   still to come goes live then, with no write): the earliest one caps the generation's life;
//! - when a new year begins (UTC): the pages show the current year (the footer's copyright line), so
//!   what was filled in the old year is not served in the new one.
//!
//! A generation is trusted only until its *valid-until* moment: the next scheduled publication, and
//! at most [`LEASE`] after the shared number was last confirmed. An instance cut off from its
//! database therefore stops serving what it computed instead of serving it stale.

#[cfg(test)]
pub(crate) mod fake;
pub mod ports;

use std::future::Future;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use chrono::{DateTime, Utc};

use self::ports::GenerationRepository;
use crate::blog::ports::PostRepository;
use crate::portfolio::ports::ProjectRepository;
use crate::ports::Clock;

/// How often an instance reads the shared generation at the latest.
pub const POLL_INTERVAL: Duration = Duration::from_millis(500);

/// How long after its last confirmation a generation stays trusted: a few missed polls.
pub const LEASE: Duration = Duration::from_secs(2);

/// Which generation something was computed under; a later generation is greater.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Stamp(u64);

/// A value read from the store once per content generation and kept while the generation holds:
/// what every read needs and only a write changes (the blog's category names, what every page is
/// filled from). Never kept while the generation is not trusted, nor when a write came while it was
/// being read. Clones share what is kept.
#[derive(Debug)]
pub struct PerGeneration<T>(Arc<Mutex<Option<(Stamp, T)>>>);

impl<T> Clone for PerGeneration<T> {
    fn clone(&self) -> Self {
        Self(Arc::clone(&self.0))
    }
}

impl<T> Default for PerGeneration<T> {
    fn default() -> Self {
        Self(Arc::default())
    }
}

impl<T: Clone> PerGeneration<T> {
    /// The value kept for `generation` as it is at `now`, else what `read` answers (then kept when
    /// the generation did not move meanwhile). Without a generation, always what `read` answers.
    ///
    /// # Errors
    /// `read`'s.
    pub async fn get<F, Fut>(
        &self,
        generation: Option<&ContentGeneration>,
        now: DateTime<Utc>,
        read: F,
    ) -> anyhow::Result<T>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = anyhow::Result<T>>,
    {
        let Some(generation) = generation else { return read().await };
        if let Some((stamp, value)) = self.lock().as_ref()
            && generation.is_current_at(*stamp, now)
        {
            return Ok(value.clone());
        }
        // Taken before reading: a write meanwhile makes what is read out of date at once.
        let stamp = generation.stamp();
        let value = read().await?;
        if generation.is_current_at(stamp, now) {
            let mut kept = self.lock();
            if kept.as_ref().is_none_or(|(kept, _)| *kept <= stamp) {
                *kept = Some((stamp, value.clone()));
            }
        }
        Ok(value)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Option<(Stamp, T)>> {
        self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// This instance's content generation, shared by its clones. Reading it ([`Self::stamp`],
/// [`Self::is_current_at`]) costs two atomic loads.
#[derive(Debug, Clone, Default)]
pub struct ContentGeneration(Arc<State>);

#[derive(Debug, Default)]
struct State {
    generation: AtomicU64,
    /// Until when (milliseconds since the epoch) the current generation is trusted; 0 while not known.
    valid_until_ms: AtomicI64,
    control: Mutex<Control>,
}

/// What the changes of generation are decided from; held only briefly, never across an await.
#[derive(Debug, Default)]
struct Control {
    /// The shared generation last seen.
    shared: Option<i64>,
    /// The current generation's next scheduled publication, once known.
    next_publication: Option<DateTime<Utc>>,
    /// Whether [`Self::next_publication`] was computed for the current generation.
    schedule_known: bool,
    /// Changes through this instance that the shared generation may not count yet.
    unshared: u32,
}

impl ContentGeneration {
    /// A generation not trusted yet: nothing is current until a first [`GenerationSync::refresh`].
    pub fn new() -> Self {
        Self::default()
    }

    /// The generation now: take it before reading the content a result is computed from.
    pub fn stamp(&self) -> Stamp {
        Stamp(self.0.generation.load(Ordering::Acquire))
    }

    /// Whether a result computed under `stamp` may still be served at `now`, read from the clock the
    /// server's use cases decide publication by.
    pub fn is_current_at(&self, stamp: Stamp, now: DateTime<Utc>) -> bool {
        stamp.0 == self.0.generation.load(Ordering::Acquire)
            && now.timestamp_millis() < self.0.valid_until_ms.load(Ordering::Acquire)
    }

    /// Until when the current generation is trusted, when it is.
    pub fn valid_until(&self) -> Option<DateTime<Utc>> {
        match self.0.valid_until_ms.load(Ordering::Acquire) {
            0 => None,
            millis => DateTime::from_timestamp_millis(millis),
        }
    }

    fn control(&self) -> std::sync::MutexGuard<'_, Control> {
        self.0.control.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Starts a new generation, not trusted until [`Self::settle`]d. Everything stamped before is
    /// no longer current from here on.
    fn begin(&self, control: &mut Control) -> u64 {
        control.schedule_known = false;
        control.next_publication = None;
        // Distrust first: a reader that sees the new number also sees the zero.
        self.0.valid_until_ms.store(0, Ordering::Release);
        self.0.generation.fetch_add(1, Ordering::AcqRel) + 1
    }

    /// A change made through this instance: a new generation, and one the shared number must count.
    fn begin_local_change(&self) -> u64 {
        let mut control = self.control();
        control.unshared += 1;
        self.begin(&mut control)
    }

    /// The shared number after this instance advanced it to `value`, which counts every change begun
    /// here before. When it moved by more than one, another instance changed something too, which the
    /// current generation may not include.
    fn advanced(&self, value: i64, pending: u32) -> u64 {
        let mut control = self.control();
        control.unshared = control.unshared.saturating_sub(pending);
        let other_change = control.shared.is_none_or(|last| value != last + 1);
        if control.shared.is_none_or(|last| value > last) {
            control.shared = Some(value);
        }
        if other_change { self.begin(&mut control) } else { self.0.generation.load(Ordering::Acquire) }
    }

    /// The shared number read (or announced) as `value` at `now`: a new generation when it moved or
    /// a scheduled publication has come. Answers the generation and whether it is new.
    fn observed(&self, value: i64, now: DateTime<Utc>) -> (u64, bool) {
        let mut control = self.control();
        let moved = control.shared.is_none_or(|last| value > last);
        if moved {
            control.shared = Some(value);
        }
        let published = control.next_publication.is_some_and(|at| at <= now);
        if moved || published || !control.schedule_known {
            (self.begin(&mut control), true)
        } else {
            (self.0.generation.load(Ordering::Acquire), false)
        }
    }

    /// Trusts `generation`, if it is still the current one, until its next scheduled publication
    /// and at most [`LEASE`] after `confirmed_at`. `next_publication` is `Some(..)` when it was
    /// computed for this generation, `None` to keep the one known (a confirmation only).
    fn settle(
        &self,
        generation: u64,
        next_publication: Option<Option<DateTime<Utc>>>,
        confirmed_at: DateTime<Utc>,
    ) -> bool {
        let mut control = self.control();
        if self.0.generation.load(Ordering::Acquire) != generation {
            return false;
        }
        match next_publication {
            Some(next) => {
                control.next_publication = next;
                control.schedule_known = true;
            }
            None if !control.schedule_known => return false,
            None => {}
        }
        let lease = chrono::Duration::from_std(LEASE).unwrap_or(chrono::Duration::MAX);
        let mut until = confirmed_at + lease;
        if let Some(next) = control.next_publication {
            until = until.min(next);
        }
        // 0 means "not trusted": an instant at the epoch stays untrusted.
        self.0.valid_until_ms.store(until.timestamp_millis().max(0), Ordering::Release);
        true
    }

    /// How many changes through this instance the shared number may not count yet.
    fn unshared(&self) -> u32 {
        self.control().unshared
    }
}

/// Midnight (UTC) at the start of the year after `now`'s: the year the pages show changes then.
fn next_new_year(now: DateTime<Utc>) -> Option<DateTime<Utc>> {
    use chrono::Datelike;
    chrono::NaiveDate::from_ymd_opt(now.year().checked_add(1)?, 1, 1)?.and_hms_opt(0, 0, 0).map(|at| at.and_utc())
}

/// Keeps an instance's [`ContentGeneration`] in step with the store: after its own writes, with the
/// other instances' writes, and with the publication schedule.
#[derive(Debug, Clone)]
pub struct GenerationSync<S, C> {
    store: S,
    clock: C,
    generation: ContentGeneration,
}

impl<S: GenerationRepository + PostRepository + ProjectRepository, C: Clock> GenerationSync<S, C> {
    pub fn new(store: S, clock: C, generation: ContentGeneration) -> Self {
        Self { store, clock, generation }
    }

    /// The generation this keeps in step.
    pub fn generation(&self) -> &ContentGeneration {
        &self.generation
    }

    /// After a write through this instance (await it before acknowledging the write): what was
    /// computed before is no longer current, here at once and on the other instances as soon as
    /// they read the shared number. The new generation is trusted once its schedule is known.
    ///
    /// # Errors
    /// When the store cannot count the change; [`Self::refresh`] tries again.
    pub async fn changed(&self) -> anyhow::Result<()> {
        self.generation.begin_local_change();
        self.share(1).await
    }

    /// Counts `pending` changes made here in the shared number, then learns the new generation's
    /// schedule.
    async fn share(&self, pending: u32) -> anyhow::Result<()> {
        let value = self.store.advance_generation().await?;
        let generation = self.generation.advanced(value, pending);
        self.settle_with_schedule(generation, self.clock.now()).await
    }

    async fn settle_with_schedule(&self, generation: u64, confirmed_at: DateTime<Utc>) -> anyhow::Result<()> {
        let now = self.clock.now();
        let post = self.store.next_post_publication(now).await?;
        let project = self.store.next_project_publication(now).await?;
        let next = post.into_iter().chain(project).chain(next_new_year(now)).min();
        self.generation.settle(generation, Some(next), confirmed_at);
        Ok(())
    }

    /// Reads the shared number: a change elsewhere or a scheduled publication come starts a new
    /// generation; otherwise the current one is confirmed for another [`LEASE`]. Run it at least
    /// every [`POLL_INTERVAL`].
    ///
    /// # Errors
    /// When the store does not answer; the generation then stops being trusted when its lease ends.
    pub async fn refresh(&self) -> anyhow::Result<()> {
        let pending = self.generation.unshared();
        if pending > 0 {
            return self.share(pending).await;
        }
        let asked_at = self.clock.now();
        let value = self.store.shared_generation().await?;
        match self.generation.observed(value, asked_at) {
            (generation, true) => self.settle_with_schedule(generation, asked_at).await,
            (generation, false) => {
                self.generation.settle(generation, None, asked_at);
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use chrono::Duration;

    use atelier_domain::post::PostInput;

    use super::*;
    use crate::blog::BlogCatalog;
    use crate::fake::{FakeClock, InMemoryStore};
    use crate::ports::SystemClock;

    fn sync(store: &InMemoryStore) -> GenerationSync<InMemoryStore, SystemClock> {
        GenerationSync::new(store.clone(), SystemClock, ContentGeneration::new())
    }

    /// A post published with its publication time at `at`.
    async fn schedule(store: &InMemoryStore, clock: &FakeClock, title: &str, at: DateTime<Utc>) {
        let post = PostInput {
            title: Some(title.into()),
            status: Some("published".into()),
            publish_at: Some(at.to_rfc3339()),
            ..PostInput::default()
        };
        BlogCatalog::new(store.clone(), clock.clone()).create(post).await.unwrap();
    }

    #[tokio::test]
    async fn a_value_is_read_once_per_generation_and_never_kept_while_untrusted_or_overtaken() {
        let store = InMemoryStore::default();
        let sync = sync(&store);
        let kept: PerGeneration<u32> = PerGeneration::default();
        let reads = std::sync::atomic::AtomicU32::new(0);
        let read = || async { Ok(reads.fetch_add(1, Ordering::SeqCst) + 1) };
        let get = |generation| kept.get(generation, Utc::now(), read);
        assert_eq!(get(Some(sync.generation())).await.unwrap(), 1, "not trusted yet: read");
        assert_eq!(get(Some(sync.generation())).await.unwrap(), 2, "and not kept");
        sync.refresh().await.unwrap();
        assert_eq!(get(Some(sync.generation())).await.unwrap(), 3);
        assert_eq!(get(Some(sync.generation())).await.unwrap(), 3, "kept for the generation");
        assert_eq!(get(None).await.unwrap(), 4, "without a generation: always read");
        sync.changed().await.unwrap();
        // A write while the value is being read: what was read is answered, not kept.
        let value = kept
            .get(Some(sync.generation()), Utc::now(), || async {
                sync.changed().await.unwrap();
                Ok(99)
            })
            .await
            .unwrap();
        assert_eq!(value, 99);
        assert_eq!(get(Some(sync.generation())).await.unwrap(), 5, "read again after the writes");
        assert_eq!(get(Some(sync.generation())).await.unwrap(), 5);
        assert_eq!(kept.clone().get(Some(sync.generation()), Utc::now(), read).await.unwrap(), 5, "clones share");
    }

    #[tokio::test]
    async fn nothing_is_current_before_the_first_refresh() {
        let sync = sync(&InMemoryStore::default());
        let stamp = sync.generation().stamp();
        assert!(!sync.generation().is_current_at(stamp, Utc::now()));
        sync.refresh().await.unwrap();
        assert!(!sync.generation().is_current_at(stamp, Utc::now()), "the first refresh starts a generation");
        assert!(sync.generation().is_current_at(sync.generation().stamp(), Utc::now()));
    }

    #[tokio::test]
    async fn a_change_here_ends_the_generation_at_once_and_advances_the_shared_number() {
        let store = InMemoryStore::default();
        let sync = sync(&store);
        sync.refresh().await.unwrap();
        let before = sync.generation().stamp();
        sync.changed().await.unwrap();
        assert!(!sync.generation().is_current_at(before, Utc::now()));
        assert!(sync.generation().is_current_at(sync.generation().stamp(), Utc::now()));
        assert_eq!(store.shared_generation().await.unwrap(), 1);
    }

    #[tokio::test]
    async fn a_change_through_another_instance_ends_the_generation_at_the_next_refresh() {
        let store = InMemoryStore::default();
        let (here, there) = (sync(&store), sync(&store));
        here.refresh().await.unwrap();
        there.refresh().await.unwrap();
        let stamp = here.generation().stamp();
        here.refresh().await.unwrap();
        assert!(here.generation().is_current_at(stamp, Utc::now()), "no change: the same generation, confirmed");
        there.changed().await.unwrap();
        assert!(here.generation().is_current_at(stamp, Utc::now()), "not seen yet");
        here.refresh().await.unwrap();
        assert!(!here.generation().is_current_at(stamp, Utc::now()));
        assert!(here.generation().is_current_at(here.generation().stamp(), Utc::now()));
    }

    #[tokio::test]
    async fn a_change_elsewhere_between_two_of_ours_is_not_missed() {
        let store = InMemoryStore::default();
        let (here, there) = (sync(&store), sync(&store));
        here.refresh().await.unwrap();
        // The other instance counts a change the moment before this one counts its own: this one's
        // shared number jumps by two, so the generation it began before the other change ends too.
        there.changed().await.unwrap();
        here.generation().begin_local_change();
        let began = here.generation().stamp();
        here.share(1).await.unwrap();
        assert!(!here.generation().is_current_at(began, Utc::now()));
        assert!(here.generation().is_current_at(here.generation().stamp(), Utc::now()));
    }

    #[tokio::test]
    async fn a_generation_ends_when_its_lease_does() {
        let sync = sync(&InMemoryStore::default());
        sync.refresh().await.unwrap();
        let stamp = sync.generation().stamp();
        let lease = Duration::from_std(LEASE).unwrap();
        let now = Utc::now();
        assert!(sync.generation().is_current_at(stamp, now));
        assert!(!sync.generation().is_current_at(stamp, now + lease + Duration::milliseconds(10)));
    }

    #[tokio::test]
    async fn a_scheduled_publication_ends_the_generation_when_its_time_comes() {
        let store = InMemoryStore::default();
        let clock = FakeClock::default();
        let at = FakeClock::start() + Duration::minutes(5);
        schedule(&store, &clock, "Soon", at).await;
        let sync = GenerationSync::new(store.clone(), clock.clone(), ContentGeneration::new());
        sync.refresh().await.unwrap();
        let stamp = sync.generation().stamp();
        clock.set(at - Duration::seconds(1));
        sync.refresh().await.unwrap();
        assert_eq!(sync.generation().valid_until(), Some(at), "the lease is capped at the publication");
        assert!(sync.generation().is_current_at(stamp, at - Duration::milliseconds(1)));
        assert!(!sync.generation().is_current_at(stamp, at), "nothing computed before is served from then on");
        clock.set(at);
        sync.refresh().await.unwrap();
        assert_ne!(sync.generation().stamp(), stamp, "the publication began a new generation");
        assert!(sync.generation().is_current_at(sync.generation().stamp(), at));
    }

    #[tokio::test]
    async fn a_new_year_ends_the_generation_so_pages_show_the_current_year() {
        let store = InMemoryStore::default();
        let clock = FakeClock::default();
        let new_year = chrono::NaiveDate::from_ymd_opt(2027, 1, 1).unwrap().and_hms_opt(0, 0, 0).unwrap().and_utc();
        clock.set(new_year - Duration::seconds(1));
        let sync = GenerationSync::new(store.clone(), clock.clone(), ContentGeneration::new());
        sync.refresh().await.unwrap();
        let stamp = sync.generation().stamp();
        assert_eq!(sync.generation().valid_until(), Some(new_year), "the lease is capped at midnight");
        assert!(!sync.generation().is_current_at(stamp, new_year));
        clock.set(new_year);
        sync.refresh().await.unwrap();
        assert_ne!(sync.generation().stamp(), stamp, "the new year began a new generation");
        let lease = Duration::from_std(LEASE).unwrap();
        assert_eq!(sync.generation().valid_until(), Some(new_year + lease), "and the next cap is a year away");
    }

    #[tokio::test]
    async fn a_write_that_schedules_a_publication_caps_the_new_generation_at_its_time() {
        let store = InMemoryStore::default();
        let clock = FakeClock::default();
        let sync = GenerationSync::new(store.clone(), clock.clone(), ContentGeneration::new());
        sync.refresh().await.unwrap();
        let at = FakeClock::start() + Duration::seconds(1);
        schedule(&store, &clock, "Soon", at).await;
        schedule(&store, &clock, "Later", at + Duration::seconds(1)).await;
        sync.changed().await.unwrap();
        assert_eq!(sync.generation().valid_until(), Some(at), "the earliest publication");
    }

    #[tokio::test]
    async fn a_confirmation_racing_a_change_does_not_trust_the_new_generation_early() {
        let store = InMemoryStore::default();
        let sync = sync(&store);
        sync.refresh().await.unwrap();
        // A change has begun but is not counted yet: a refresh must not settle it.
        let generation = sync.generation().begin_local_change();
        assert!(!sync.generation().settle(generation, None, Utc::now()));
        assert!(!sync.generation().is_current_at(sync.generation().stamp(), Utc::now()));
        sync.refresh().await.unwrap();
        assert!(
            sync.generation().is_current_at(sync.generation().stamp(), Utc::now()),
            "the refresh counted the change"
        );
        assert_eq!(store.shared_generation().await.unwrap(), 1);
    }
}
