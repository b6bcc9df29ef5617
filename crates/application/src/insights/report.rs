//! [`Insights`]: the statistics the back office reads for a range of days and the range before it.
//!
//! Every answer sums the rolled-up days' totals and, for the days not rolled up yet, their raw
//! views, summed by the rollup's own function. Which days are rolled up is read first, the raw
//! days second: a day rolled up in between is taken from its raw views (kept for weeks after the
//! rollup), so each day is counted once, from one source, and the answer is the same whichever
//! instance answers and however far the rollup has come.

use std::collections::BTreeMap;
use std::sync::Arc;

use atelier_domain::insights::{DayRange, fill_days};
use atelier_domain::page_view::{Count, DayTally, DayTotals, Dimension, PagePath};
use atelier_domain::post::Post;
use chrono::NaiveDate;

use super::ports::{InsightsRepository, LeadOrigin, PageViewRepository, ViewsAfter};
use super::tally::{Conversion, Ranked, RawDays, add_up, conversions, leads_by, ranked, unrolled};
use crate::audit::Change;
use crate::audit::ports::AuditRepository;
use crate::blog::ports::PostRepository;
use crate::ports::Clock;
use crate::records::{self, LookupError, RecordRepository};

/// How many rows each top list and conversion table holds on screen.
pub const TOP: usize = 10;

/// The numbers of one day.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DayFigures {
    pub visitors: u64,
    pub views: u64,
    pub leads: u64,
}

impl DayFigures {
    fn add(&mut self, other: Self) {
        self.visitors += other.visitors;
        self.views += other.views;
        self.leads += other.leads;
    }
}

/// A range's days (every day, zeros where nothing happened) and their sum.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Series {
    pub range: DayRange,
    pub days: Vec<(NaiveDate, DayFigures)>,
    pub totals: DayFigures,
}

impl Series {
    fn of(range: DayRange, counts: &[(NaiveDate, Count)], leads: &[LeadOrigin]) -> Self {
        let mut known: BTreeMap<NaiveDate, DayFigures> = BTreeMap::new();
        for (day, count) in counts.iter().filter(|(day, _)| range.contains(*day)) {
            known.entry(*day).or_default().add(DayFigures { visitors: count.visitors, views: count.views, leads: 0 });
        }
        for lead in leads.iter().filter(|lead| range.contains(lead.day)) {
            known.entry(lead.day).or_default().leads += 1;
        }
        let known: Vec<(NaiveDate, DayFigures)> = known.into_iter().collect();
        let days = fill_days(&range, &known);
        let mut totals = DayFigures::default();
        for (_, figures) in &days {
            totals.add(*figures);
        }
        Self { range, days, totals }
    }
}

/// A blog post among the most read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PostRank {
    pub slug: String,
    /// `None` for a post no longer found under that slug.
    pub title: Option<String>,
    pub views: u64,
    pub visitors: u64,
}

/// Everything the Insights screen shows for a range.
#[derive(Debug, Clone, PartialEq)]
pub struct Overview {
    pub current: Series,
    pub previous: Series,
    pub pages: Vec<Ranked>,
    pub posts: Vec<PostRank>,
    /// `""` is a visit without a referring site.
    pub referrers: Vec<Ranked>,
    /// `source / medium / campaign`.
    pub campaigns: Vec<Ranked>,
    pub devices: Vec<Ranked>,
    pub landing_pages: Vec<Conversion>,
    /// The UTM source, else the referring domain; `""` is a direct visit.
    pub sources: Vec<Conversion>,
    /// The range's leads sent without a recorded visit (the browser declined tracking, or the form
    /// was sent before any page view): in the totals, in neither conversion table.
    pub unattributed_leads: u64,
}

/// A post's own numbers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PostFigures {
    pub slug: String,
    pub current: Series,
    pub previous: Series,
}

/// How many days' raw views [`Insights`] keeps summed between calls: today, and yesterday until its
/// rollup.
const HELD_DAYS: usize = 2;

/// A day not rolled up yet, summed from its raw views as far as the view numbered `last`.
#[derive(Debug)]
pub(super) struct HeldDay {
    tally: DayTally,
    pub(super) last: Option<i64>,
    pub(super) totals: DayTotals,
}

impl HeldDay {
    pub(super) fn new(day: NaiveDate) -> Self {
        let tally = DayTally::new(day);
        let totals = tally.totals();
        Self { tally, last: None, totals }
    }

    /// Adds the views read; `false` when they do not make up the day's count (a view numbered
    /// before the last one read was stored since, or the day's views were forgotten): then nothing
    /// is added and the day must be summed again.
    pub(super) fn extend(&mut self, read: &ViewsAfter) -> bool {
        if self.tally.views() + read.views.len() as u64 != read.whole {
            return false;
        }
        if !read.views.is_empty() {
            self.tally.add_all(&read.views);
            self.totals = self.tally.totals();
            self.last = read.last;
        }
        true
    }
}

/// The statistics' use case. Clones share the days held summed.
#[derive(Debug, Clone)]
pub struct Insights<S, C> {
    store: S,
    clock: C,
    /// The days not rolled up yet, summed as far as their views were read: a call reads only the
    /// views stored since the last one, not the whole day again.
    held: Arc<tokio::sync::Mutex<Vec<HeldDay>>>,
}

impl<S, C> Insights<S, C>
where
    S: InsightsRepository + PageViewRepository + PostRepository + RecordRepository<Post> + AuditRepository,
    C: Clock,
{
    pub fn new(store: S, clock: C) -> Self {
        Self { store, clock, held: Arc::default() }
    }

    /// Today, in UTC: the last day a range may end on but one.
    pub fn today(&self) -> NaiveDate {
        self.clock.now().date_naive()
    }

    /// The totals of a day not rolled up yet, from the views stored since the last call (the whole
    /// day when it is not held, or when views were stored out of their numbers' order).
    async fn raw_day(&self, day: NaiveDate) -> anyhow::Result<DayTotals> {
        let mut held = self.held.lock().await;
        let index = if let Some(index) = held.iter().position(|held| held.tally.day() == day) {
            index
        } else {
            if held.len() >= HELD_DAYS {
                let oldest = held.iter().enumerate().min_by_key(|(_, held)| held.tally.day()).map(|(i, _)| i);
                held.swap_remove(oldest.unwrap_or(0));
            }
            held.push(HeldDay::new(day));
            held.len() - 1
        };
        let entry = &mut held[index];
        let read = self.store.page_views_after(day, entry.last).await?;
        if !entry.extend(&read) {
            *entry = HeldDay::new(day);
            let read = self.store.page_views_after(day, None).await?;
            if !entry.extend(&read) {
                anyhow::bail!("a day's page views did not add up to their count");
            }
        }
        Ok(entry.totals.clone())
    }

    /// The rolled-up days' counts of `value` under `dimension` in `range`, and the raw days.
    async fn days_of(
        &self,
        dimension: Dimension,
        value: &str,
        range: DayRange,
    ) -> anyhow::Result<(Vec<(NaiveDate, Count)>, RawDays)> {
        let (rolled, raw) =
            tokio::try_join!(self.store.daily_counts(Dimension::Total, "", range, &[]), self.store.raw_days(range))?;
        let mut raw_days = Vec::new();
        for day in unrolled(&raw, &rolled) {
            raw_days.push(self.raw_day(day).await?);
        }
        let raw_days = RawDays(raw_days);
        let except = raw_days.days();
        let counts = if dimension == Dimension::Total {
            rolled
        } else {
            self.store.daily_counts(dimension, value, range, &except).await?
        };
        let mut counts: Vec<(NaiveDate, Count)> = counts.into_iter().filter(|(day, _)| !except.contains(day)).collect();
        counts.extend(raw_days.daily(dimension, value, range));
        Ok((counts, raw_days))
    }

    /// Per value of `dimension` (starting with `prefix`), the sums over `range`.
    async fn summed(
        &self,
        dimension: Dimension,
        prefix: &str,
        range: DayRange,
        raw: &RawDays,
    ) -> anyhow::Result<BTreeMap<String, Count>> {
        let rolled = self.store.summed_counts(dimension, prefix, range, &raw.days()).await?;
        Ok(add_up(rolled.into_iter().chain(raw.summed(dimension, prefix, range))))
    }

    /// The range's and the previous range's numbers, top lists and conversion tables ([`TOP`] rows
    /// each).
    ///
    /// # Errors
    /// Only infrastructure faults.
    pub async fn overview(&self, range: DayRange) -> anyhow::Result<Overview> {
        self.report(range, TOP).await
    }

    /// As [`Self::overview`], with every row of each list (for a file; posts' titles for the first
    /// hundred posts only), recorded in the audit log as an export of the range's days.
    ///
    /// # Errors
    /// Only infrastructure faults; an export that cannot be recorded is not handed out.
    pub async fn export(&self, range: DayRange) -> anyhow::Result<Overview> {
        let overview = self.report(range, usize::MAX).await?;
        let summary = vec![format!("{} days", range.len()), format!("{} to {}", range.from(), range.to())];
        self.store
            .record_audit_entry(Change { action: Some("export"), changed_fields: Some(summary), ..Change::default() })
            .await?;
        Ok(overview)
    }

    async fn report(&self, range: DayRange, limit: usize) -> anyhow::Result<Overview> {
        let ((counts, raw), leads) = tokio::try_join!(
            self.days_of(Dimension::Total, "", range.with_previous()),
            self.store.leads_in(range.with_previous())
        )?;
        // The sums do not depend on one another: each waits on its own connection, not on the others.
        let (pages, landing, sources, referrers, campaigns, devices) = tokio::try_join!(
            self.summed(Dimension::Page, "", range, &raw),
            self.summed(Dimension::Landing, "", range, &raw),
            self.summed(Dimension::Source, "", range, &raw),
            self.summed(Dimension::Referrer, "", range, &raw),
            self.summed(Dimension::Campaign, "", range, &raw),
            self.summed(Dimension::Device, "", range, &raw),
        )?;
        let top_posts = ranked(post_views(&pages), limit.min(100));
        let slugs: Vec<String> = top_posts.iter().map(|row| row.value.clone()).collect();
        let mut titles = self.store.post_titles(&slugs).await?;
        let posts = top_posts
            .into_iter()
            .map(|row| PostRank {
                title: titles.remove(&row.value),
                slug: row.value,
                views: row.views,
                visitors: row.visitors,
            })
            .collect();
        let current_leads: Vec<LeadOrigin> = leads.iter().filter(|lead| range.contains(lead.day)).cloned().collect();
        Ok(Overview {
            current: Series::of(range, &counts, &leads),
            previous: Series::of(range.previous(), &counts, &leads),
            pages: ranked(pages, limit),
            posts,
            referrers: ranked(referrers, limit),
            campaigns: ranked(campaigns, limit),
            devices: ranked(devices, limit),
            landing_pages: conversions(&landing, &landing_leads(&current_leads), limit),
            sources: conversions(&sources, &source_leads(&current_leads), limit),
            unattributed_leads: current_leads.iter().filter(|lead| lead.attribution.is_none()).count() as u64,
        })
    }

    /// A post's views, visitors and leads (those whose visit landed on it) per day of the range and
    /// of the range before.
    ///
    /// # Errors
    /// `NotFound` for an unknown post.
    pub async fn post(&self, id: &str, range: DayRange) -> Result<PostFigures, LookupError> {
        let id = records::parse_id::<Post>(id)?;
        let post: Post = self.store.find(id).await?.ok_or_else(records::not_found::<Post>)?;
        let path = format!("/blog/{}", post.slug.as_str());
        let (counts, _) = self.days_of(Dimension::Page, &path, range.with_previous()).await?;
        let leads: Vec<LeadOrigin> = self
            .store
            .leads_in(range.with_previous())
            .await?
            .into_iter()
            .filter(|lead| {
                lead.attribution.as_ref().and_then(|a| a.landing_page.post_slug()) == Some(post.slug.as_str())
            })
            .collect();
        Ok(PostFigures {
            slug: post.slug.as_str().to_owned(),
            current: Series::of(range, &counts, &leads),
            previous: Series::of(range.previous(), &counts, &leads),
        })
    }

    /// Every blog post's views and visitors over the range, by slug, most read first.
    ///
    /// # Errors
    /// Only infrastructure faults.
    pub async fn posts(&self, range: DayRange) -> anyhow::Result<Vec<Ranked>> {
        let (_, raw) = self.days_of(Dimension::Total, "", range).await?;
        let pages = self.summed(Dimension::Page, "/blog/", range, &raw).await?;
        Ok(ranked(post_views(&pages), usize::MAX))
    }
}

/// The pages' counts gathered per post slug (`/blog/a` and `/blog/a/` are one post).
fn post_views(pages: &BTreeMap<String, Count>) -> BTreeMap<String, Count> {
    add_up(pages.iter().filter_map(|(path, count)| {
        let path = PagePath::parse(path).ok()?;
        Some((path.post_slug()?.to_owned(), *count))
    }))
}

fn landing_leads(leads: &[LeadOrigin]) -> std::collections::HashMap<String, u64> {
    leads_by(leads, |lead| lead.attribution.as_ref().map(|a| a.landing_page.as_str().to_owned()))
}

fn source_leads(leads: &[LeadOrigin]) -> std::collections::HashMap<String, u64> {
    leads_by(leads, |lead| lead.attribution.as_ref().map(|a| a.source().unwrap_or_default().to_owned()))
}
