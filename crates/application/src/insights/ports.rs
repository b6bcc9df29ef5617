//! Where page views and their daily totals are kept, and how the statistics read them.

use std::collections::HashMap;
use std::future::Future;

use atelier_domain::insights::DayRange;
use atelier_domain::page_view::{Attribution, Count, DayTotals, Dimension, PageView};
use chrono::NaiveDate;

/// The raw page views (kept a few weeks) and their daily totals (kept for ever).
pub trait PageViewRepository: Send + Sync + 'static {
    /// Stores a batch of views at once.
    ///
    /// # Errors
    /// Only infrastructure faults; then nothing of the batch is stored.
    fn insert_page_views(&self, views: &[PageView]) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// The days before `before` that have raw views and no totals yet, oldest first.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn days_to_roll_up(&self, before: NaiveDate) -> impl Future<Output = anyhow::Result<Vec<NaiveDate>>> + Send;

    /// The raw views of `day`.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn page_views_of(&self, day: NaiveDate) -> impl Future<Output = anyhow::Result<Vec<PageView>>> + Send;

    /// Stores a day's totals; totals already stored for the same day and value are replaced, so
    /// instances rolling up the same day at once store the same thing.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn save_day_totals(&self, totals: &DayTotals) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// Deletes the raw views of the days before `day`; answers how many.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn forget_page_views_before(&self, day: NaiveDate) -> impl Future<Output = anyhow::Result<u64>> + Send;
}

/// A lead (a contact message or a project request, spam left out) as the statistics count it: the
/// day it came and where its visit came from, when the form said.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeadOrigin {
    pub day: NaiveDate,
    pub attribution: Option<Attribution>,
}

/// A day's views stored after a given one ([`InsightsRepository::page_views_after`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ViewsAfter {
    pub views: Vec<PageView>,
    /// The number of the last view read, `None` when none was.
    pub last: Option<i64>,
    /// How many views the day had in all when these were read.
    pub whole: u64,
}

/// The reads of the statistics. Daily totals are the rolled-up days' (`page_view_days`); the days
/// in `except` are left out of every sum, as the use case computes them from their raw views.
pub trait InsightsRepository: Send + Sync + 'static {
    /// Per rolled-up day of `range` but those in `except`, the views and visitors of `value` under
    /// `dimension` (`Total` and `""`: the whole site). Days without a row are left out.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn daily_counts(
        &self,
        dimension: Dimension,
        value: &str,
        range: DayRange,
        except: &[NaiveDate],
    ) -> impl Future<Output = anyhow::Result<Vec<(NaiveDate, Count)>>> + Send;

    /// Per value of `dimension` (only those starting with `prefix`), the views and visitors summed
    /// over the rolled-up days of `range` but those in `except`.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn summed_counts(
        &self,
        dimension: Dimension,
        prefix: &str,
        range: DayRange,
        except: &[NaiveDate],
    ) -> impl Future<Output = anyhow::Result<Vec<(String, Count)>>> + Send;

    /// The days of `range` that have raw views, in order.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn raw_days(&self, range: DayRange) -> impl Future<Output = anyhow::Result<Vec<NaiveDate>>> + Send;

    /// The views of `day` stored after the one numbered `after` (every view of the day with `None`),
    /// read at one instant with how many views the day has in all. Views are numbered as they are
    /// stored; a view numbered below `after` may still be stored later (a second instance's batch),
    /// which the caller tells by the day's count.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn page_views_after(
        &self,
        day: NaiveDate,
        after: Option<i64>,
    ) -> impl Future<Output = anyhow::Result<ViewsAfter>> + Send;

    /// The titles of the posts with these slugs, by slug; a slug of no post is left out.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn post_titles(&self, slugs: &[String]) -> impl Future<Output = anyhow::Result<HashMap<String, String>>> + Send;

    /// The leads that came in `range`, spam left out.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn leads_in(&self, range: DayRange) -> impl Future<Output = anyhow::Result<Vec<LeadOrigin>>> + Send;
}
