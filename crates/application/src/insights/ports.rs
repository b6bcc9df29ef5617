//! Where page views and their daily totals are kept.

use std::future::Future;

use atelier_domain::page_view::{DayTotals, PageView};
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
