//! Page views and their daily totals in the in-memory store.

use atelier_domain::page_view::{DayTotals, Dimension, PageView};
use chrono::NaiveDate;

use super::ports::PageViewRepository;
use crate::fake::InMemoryStore;

impl PageViewRepository for InMemoryStore {
    async fn insert_page_views(&self, views: &[PageView]) -> anyhow::Result<()> {
        self.with(|tables| tables.private_rows_mut::<PageView>().extend_from_slice(views));
        Ok(())
    }

    async fn days_to_roll_up(&self, before: NaiveDate) -> anyhow::Result<Vec<NaiveDate>> {
        self.with(|tables| {
            let rolled: Vec<NaiveDate> =
                tables.private_rows_mut::<DayTotals>().iter().map(|totals| totals.day).collect();
            let mut days: Vec<NaiveDate> = tables
                .private_rows_mut::<PageView>()
                .iter()
                .map(PageView::day)
                .filter(|day| *day < before && !rolled.contains(day))
                .collect();
            days.sort();
            days.dedup();
            Ok(days)
        })
    }

    async fn page_views_of(&self, day: NaiveDate) -> anyhow::Result<Vec<PageView>> {
        self.with(|tables| {
            Ok(tables.private_rows_mut::<PageView>().iter().filter(|view| view.day() == day).cloned().collect())
        })
    }

    async fn save_day_totals(&self, totals: &DayTotals) -> anyhow::Result<()> {
        self.with(|tables| {
            let stored = tables.private_rows_mut::<DayTotals>();
            match stored.iter_mut().find(|held| held.day == totals.day) {
                Some(held) => held.counts.extend(totals.counts.iter().map(|(key, count)| (key.clone(), *count))),
                None => stored.push(totals.clone()),
            }
            debug_assert!(totals.counts.keys().all(|(dimension, _)| Dimension::ALL.contains(dimension)));
            Ok(())
        })
    }

    async fn forget_page_views_before(&self, day: NaiveDate) -> anyhow::Result<u64> {
        self.with(|tables| {
            let views = tables.private_rows_mut::<PageView>();
            let before = views.len();
            views.retain(|view| view.day() >= day);
            Ok((before - views.len()) as u64)
        })
    }
}

impl InMemoryStore {
    /// The raw views stored (tests).
    pub fn page_views(&self) -> Vec<PageView> {
        self.with(|tables| tables.private_rows_mut::<PageView>().clone())
    }

    /// The daily totals stored (tests).
    pub fn day_totals(&self) -> Vec<DayTotals> {
        self.with(|tables| tables.private_rows_mut::<DayTotals>().clone())
    }
}
