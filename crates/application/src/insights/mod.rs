//! The site's own visitor statistics: page views recorded from each public page's beacon, kept in
//! memory and stored in batches ([`PageViews`]), and summed into daily totals that are kept for
//! ever while the raw views are forgotten after a few weeks ([`Rollup`]); read back for a range of
//! days by [`Insights`].
//!
//! A view is counted for a visitor ([`crate::visitors`]: a hash of the address and browser under
//! the day's salt), never for an address; the view of a blog post also counts towards the post's
//! view count (once per visitor and hour, [`crate::blog::ports::PostRepository::record_post_view`]),
//! so the count the post shows is the beacon's.

pub mod ports;
mod report;
mod tally;

#[cfg(test)]
mod fake;
#[cfg(test)]
mod report_tests;
#[cfg(test)]
mod tests;

use std::collections::HashSet;
use std::sync::{Arc, Mutex, PoisonError};

use atelier_domain::page_view::{Beacon, DayTotals, DeviceClass, PageView};
use atelier_domain::slug::Slug;
use atelier_domain::visitor::view_period;
use chrono::{Days, TimeDelta};

use crate::blog::ports::{PostRepository, PostViewSeen};
use crate::ports::Clock;
use crate::visitors::Visitors;
use crate::visitors::ports::VisitorSaltRepository;
use ports::PageViewRepository;
pub use report::{DayFigures, Insights, Overview, PostFigures, PostRank, Series, TOP};
pub use tally::{Conversion, Ranked};

/// The most views held in memory between two flushes; beyond it, views are dropped (a store that
/// cannot be written must not let memory grow without end).
pub const MAX_PENDING: usize = 20_000;

/// How long after midnight (UTC) a day is taken as complete: views still in memory when the day
/// ended are stored within a second, so a day is rolled up only once this has passed.
pub const ROLLUP_GRACE: TimeDelta = TimeDelta::minutes(5);

/// Records page views: in memory first, stored by [`PageViews::flush`] (run every second by the
/// server, and once more when it stops). Clones share the views held.
#[derive(Debug, Clone)]
pub struct PageViews<S, C> {
    store: S,
    clock: C,
    visitors: Visitors<S, C>,
    pending: Arc<Mutex<Vec<PageView>>>,
}

impl<S, C> PageViews<S, C>
where
    S: PageViewRepository + VisitorSaltRepository + PostRepository + Clone,
    C: Clock + Clone,
{
    pub fn new(store: S, clock: C) -> Self {
        let visitors = Visitors::new(store.clone(), clock.clone());
        Self { store, clock, visitors, pending: Arc::default() }
    }

    /// Holds one view of the page `beacon` names by the visitor behind `address` and `user_agent`,
    /// from a `device` of that class, until the next flush. Costs no storage call except reading
    /// the day's salt once a day.
    ///
    /// # Errors
    /// When the day's salt cannot be read.
    pub async fn record(
        &self,
        beacon: Beacon,
        address: &str,
        user_agent: &str,
        device: DeviceClass,
    ) -> anyhow::Result<()> {
        let visitor = self.visitors.identify(address, user_agent).await?;
        let view = PageView::new(beacon, visitor, device, self.clock.now());
        let mut pending = self.pending.lock().unwrap_or_else(PoisonError::into_inner);
        if pending.len() < MAX_PENDING {
            pending.push(view);
        }
        Ok(())
    }

    /// How many views are held, not stored yet.
    pub fn pending(&self) -> usize {
        self.pending.lock().unwrap_or_else(PoisonError::into_inner).len()
    }

    /// Stores the views held, in one batch, and counts the views of blog posts towards their view
    /// counts, also in one batch (the distinct post, visitor and hour of the views, never a query per
    /// view); answers how many were stored. Views that could not be stored or counted are held for
    /// the next flush (up to [`MAX_PENDING`]).
    ///
    /// # Errors
    /// When the store cannot be written.
    pub async fn flush(&self) -> anyhow::Result<usize> {
        let batch = std::mem::take(&mut *self.pending.lock().unwrap_or_else(PoisonError::into_inner));
        if batch.is_empty() {
            return Ok(0);
        }
        // Counted first: counting is idempotent (a visitor's view of a post in one hour counts once),
        // so a batch held again after a failure of either step is counted and stored exactly once.
        let seen = posts_seen(&batch);
        let stored = async {
            if !seen.is_empty() {
                self.store.record_post_views(&seen).await?;
            }
            self.store.insert_page_views(&batch).await
        };
        if let Err(error) = stored.await {
            let mut pending = self.pending.lock().unwrap_or_else(PoisonError::into_inner);
            let room = MAX_PENDING.saturating_sub(pending.len());
            let kept: Vec<PageView> = batch.into_iter().take(room).collect();
            pending.splice(0..0, kept);
            return Err(error);
        }
        Ok(batch.len())
    }
}

/// The views of blog posts in `batch` that can count towards a post's view count: one per post,
/// visitor and period ([`atelier_domain::visitor::view_period`]), the earliest, in the batch's order.
/// The store would ignore the others anyway; leaving them out here keeps its work to the distinct
/// views, and the memory to one entry per view of the batch at most.
fn posts_seen(batch: &[PageView]) -> Vec<PostViewSeen> {
    let mut firsts = HashSet::new();
    batch
        .iter()
        .filter_map(|view| {
            let slug = Slug::parse(view.path.post_slug()?).ok()?;
            firsts.insert((slug.clone(), view_period(view.at), view.visitor.clone())).then(|| PostViewSeen {
                slug,
                at: view.at,
                visitor: view.visitor.clone(),
            })
        })
        .collect()
}

/// What one rollup did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RollupOutcome {
    /// The days whose totals were stored.
    pub days: usize,
    /// The raw views deleted for being older than the retention.
    pub forgotten: u64,
}

/// Sums each complete day's raw views into its daily totals, then forgets the raw views older than
/// `keep_days`. Safe to run on several instances at once: a day's totals are computed from the same
/// raw views and stored by replacing, and raw views are only forgotten once their day is summed.
#[derive(Debug, Clone)]
pub struct Rollup<S, C> {
    store: S,
    clock: C,
    keep_days: u32,
}

impl<S: PageViewRepository, C: Clock> Rollup<S, C> {
    pub fn new(store: S, clock: C, keep_days: u32) -> Self {
        Self { store, clock, keep_days: keep_days.max(1) }
    }

    /// # Errors
    /// When the store cannot be read or written; nothing is forgotten then.
    pub async fn run(&self) -> anyhow::Result<RollupOutcome> {
        let now = self.clock.now();
        let complete_before = (now - ROLLUP_GRACE).date_naive();
        let days = self.store.days_to_roll_up(complete_before).await?;
        for day in &days {
            let views = self.store.page_views_of(*day).await?;
            self.store.save_day_totals(&DayTotals::of(*day, &views)).await?;
        }
        let keep_from =
            now.date_naive().checked_sub_days(Days::new(u64::from(self.keep_days))).unwrap_or(now.date_naive());
        let forgotten = self.store.forget_page_views_before(keep_from.min(complete_before)).await?;
        Ok(RollupOutcome { days: days.len(), forgotten })
    }
}
