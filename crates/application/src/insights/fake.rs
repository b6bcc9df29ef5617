//! Page views and their daily totals in the in-memory store.

use std::collections::{BTreeMap, HashMap};

use atelier_domain::contact::ContactMessage;
use atelier_domain::insights::DayRange;
use atelier_domain::page_view::{Count, DayTotals, Dimension, PageView};
use atelier_domain::post::Post;
use atelier_domain::project_request::ProjectRequest;
use chrono::NaiveDate;

use super::ports::{InsightsRepository, LeadOrigin, PageViewRepository, ViewsAfter};
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

fn summable<'a>(
    tables: &'a mut crate::fake::Tables,
    range: DayRange,
    except: &'a [NaiveDate],
) -> impl Iterator<Item = &'a DayTotals> + 'a {
    tables
        .private_rows_mut::<DayTotals>()
        .iter()
        .filter(move |totals| range.contains(totals.day) && !except.contains(&totals.day))
}

impl InsightsRepository for InMemoryStore {
    async fn daily_counts(
        &self,
        dimension: Dimension,
        value: &str,
        range: DayRange,
        except: &[NaiveDate],
    ) -> anyhow::Result<Vec<(NaiveDate, Count)>> {
        self.with(|tables| {
            let mut days: Vec<(NaiveDate, Count)> = summable(tables, range, except)
                .filter_map(|totals| {
                    totals.counts.get(&(dimension, value.to_owned())).map(|count| (totals.day, *count))
                })
                .collect();
            days.sort_by_key(|(day, _)| *day);
            Ok(days)
        })
    }

    async fn summed_counts(
        &self,
        dimension: Dimension,
        prefix: &str,
        range: DayRange,
        except: &[NaiveDate],
    ) -> anyhow::Result<Vec<(String, Count)>> {
        self.with(|tables| {
            let mut sums: BTreeMap<String, Count> = BTreeMap::new();
            for totals in summable(tables, range, except) {
                for ((held, value), count) in &totals.counts {
                    if *held == dimension && value.starts_with(prefix) {
                        let sum = sums.entry(value.clone()).or_default();
                        sum.views += count.views;
                        sum.visitors += count.visitors;
                    }
                }
            }
            Ok(sums.into_iter().collect())
        })
    }

    async fn raw_days(&self, range: DayRange) -> anyhow::Result<Vec<NaiveDate>> {
        self.with(|tables| {
            let mut days: Vec<NaiveDate> = tables
                .private_rows_mut::<PageView>()
                .iter()
                .map(PageView::day)
                .filter(|day| range.contains(*day))
                .collect();
            days.sort();
            days.dedup();
            Ok(days)
        })
    }

    async fn page_views_after(&self, day: NaiveDate, after: Option<i64>) -> anyhow::Result<ViewsAfter> {
        // Numbered by their place among the day's views: views are only added, and a day's are
        // forgotten all at once.
        self.with(|tables| {
            let views: Vec<&PageView> =
                tables.private_rows_mut::<PageView>().iter().filter(|view| view.day() == day).collect();
            let whole = views.len();
            let skip = after.map_or(0, |after| usize::try_from(after).unwrap_or(0).min(whole));
            Ok(ViewsAfter {
                views: views[skip..].iter().map(|view| (*view).clone()).collect(),
                last: (whole > skip).then(|| i64::try_from(whole).unwrap_or(i64::MAX)),
                whole: whole as u64,
            })
        })
    }

    async fn post_titles(&self, slugs: &[String]) -> anyhow::Result<HashMap<String, String>> {
        self.with(|tables| {
            Ok(tables
                .rows::<Post>()
                .iter()
                .filter(|post| slugs.iter().any(|slug| slug == post.slug.as_str()))
                .map(|post| (post.slug.as_str().to_owned(), post.title.clone()))
                .collect())
        })
    }

    async fn leads_in(&self, range: DayRange) -> anyhow::Result<Vec<LeadOrigin>> {
        self.with(|tables| {
            let contacts = tables
                .rows::<ContactMessage>()
                .iter()
                .filter(|lead| !lead.spam)
                .map(|lead| LeadOrigin { day: lead.created_at.date_naive(), attribution: lead.attribution.clone() });
            let requests = tables
                .rows::<ProjectRequest>()
                .iter()
                .filter(|lead| !lead.spam)
                .map(|lead| LeadOrigin { day: lead.created_at.date_naive(), attribution: lead.attribution.clone() });
            Ok(contacts.chain(requests).filter(|lead| range.contains(lead.day)).collect())
        })
    }
}
