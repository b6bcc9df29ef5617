//! The statistics' answers as the API spells them.

use atelier_application::insights::{Conversion, DayFigures, Overview, PostFigures, PostRank, Ranked, Series};
use atelier_domain::insights::{change_percent, conversion_rate};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// A range of whole UTC days. Both or neither: without them, the last 30 days up to today.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RangeParams {
    /// The first day (`YYYY-MM-DD`, UTC).
    #[param(value_type = Option<String>, format = Date, example = "2026-11-01")]
    pub from: Option<NaiveDate>,
    /// The last day, included (`YYYY-MM-DD`, UTC): not before `from`, at most 1096 days after it,
    /// at most one day after today.
    #[param(value_type = Option<String>, format = Date, example = "2026-11-30")]
    pub to: Option<NaiveDate>,
}

/// One day's numbers.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = InsightsDay)]
pub struct DayDto {
    /// `YYYY-MM-DD`, UTC.
    #[schema(value_type = String, format = Date)]
    pub day: NaiveDate,
    /// Distinct visitors that day.
    pub visitors: u64,
    pub views: u64,
    /// Contact messages and project requests received that day, spam left out.
    pub leads: u64,
}

/// A range's sums. Visitors are the sum of the days' visitors: a visitor is known for one day only.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = InsightsTotals)]
pub struct TotalsDto {
    pub visitors: u64,
    pub views: u64,
    pub leads: u64,
    /// Leads per 100 visitors, one decimal; `null` without visitors.
    pub conversion_rate: Option<f64>,
}

impl From<DayFigures> for TotalsDto {
    fn from(figures: DayFigures) -> Self {
        Self {
            visitors: figures.visitors,
            views: figures.views,
            leads: figures.leads,
            conversion_rate: conversion_rate(figures.leads, figures.visitors),
        }
    }
}

/// The change from the previous range, in percent (one decimal); `null` where the previous range
/// had none.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = InsightsChange)]
pub struct ChangeDto {
    pub visitors: Option<f64>,
    pub views: Option<f64>,
    pub leads: Option<f64>,
}

impl ChangeDto {
    fn between(current: DayFigures, previous: DayFigures) -> Self {
        Self {
            visitors: change_percent(current.visitors, previous.visitors),
            views: change_percent(current.views, previous.views),
            leads: change_percent(current.leads, previous.leads),
        }
    }
}

/// A range's days and sums.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = InsightsSeries)]
pub struct SeriesDto {
    #[schema(value_type = String, format = Date)]
    pub from: NaiveDate,
    #[schema(value_type = String, format = Date)]
    pub to: NaiveDate,
    /// Every day of the range in order, zeros for a day without views.
    pub days: Vec<DayDto>,
    pub totals: TotalsDto,
}

impl From<&Series> for SeriesDto {
    fn from(series: &Series) -> Self {
        Self {
            from: series.range.from(),
            to: series.range.to(),
            days: series
                .days
                .iter()
                .map(|(day, figures)| DayDto {
                    day: *day,
                    visitors: figures.visitors,
                    views: figures.views,
                    leads: figures.leads,
                })
                .collect(),
            totals: series.totals.into(),
        }
    }
}

/// One value of a top list.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = InsightsRow)]
pub struct RankedDto {
    /// The page's path, the referring domain, `source / medium / campaign` or the device class;
    /// `""` for a visit without a referrer.
    pub value: String,
    pub views: u64,
    /// The sum of each day's distinct visitors.
    pub visitors: u64,
}

impl From<Ranked> for RankedDto {
    fn from(row: Ranked) -> Self {
        Self { value: row.value, views: row.views, visitors: row.visitors }
    }
}

/// A blog post among the most read.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = InsightsPost)]
pub struct PostRankDto {
    pub slug: String,
    /// `null` for a slug no post has any more.
    pub title: Option<String>,
    pub views: u64,
    pub visitors: u64,
}

impl From<PostRank> for PostRankDto {
    fn from(row: PostRank) -> Self {
        Self { slug: row.slug, title: row.title, views: row.views, visitors: row.visitors }
    }
}

/// A landing page or source, its visitors and the leads it brought.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = InsightsConversion)]
pub struct ConversionDto {
    /// The landing page's path, or the source (UTM source, else referring domain; `""`: direct).
    pub value: String,
    pub visitors: u64,
    pub leads: u64,
    /// Leads per 100 visitors, one decimal; `null` without visitors.
    pub rate: Option<f64>,
}

impl From<Conversion> for ConversionDto {
    fn from(row: Conversion) -> Self {
        Self { value: row.value, visitors: row.visitors, leads: row.leads, rate: row.rate }
    }
}

/// The statistics of a range, beside the previous range of the same length.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Insights)]
pub struct InsightsDto {
    pub current: SeriesDto,
    /// The range of the same length just before.
    pub previous: SeriesDto,
    pub change: ChangeDto,
    /// The ten most viewed pages.
    pub pages: Vec<RankedDto>,
    /// The ten most viewed blog posts.
    pub posts: Vec<PostRankDto>,
    /// The ten referring domains that sent most views (`""`: none).
    pub referrers: Vec<RankedDto>,
    /// The ten campaigns (UTM) that brought most views.
    pub campaigns: Vec<RankedDto>,
    /// `desktop`, `mobile`, `tablet`, `other`.
    pub devices: Vec<RankedDto>,
    /// The ten landing pages (a visitor's first page of the day) that brought most leads.
    pub landing_pages: Vec<ConversionDto>,
    /// The ten sources that brought most leads.
    pub sources: Vec<ConversionDto>,
    /// The range's leads sent without a recorded visit (the browser declined tracking, or the form
    /// was sent before any page view): counted in `current.totals.leads`, in neither conversion
    /// table.
    pub unattributed_leads: u64,
}

impl From<Overview> for InsightsDto {
    fn from(overview: Overview) -> Self {
        let rows = |rows: Vec<Ranked>| rows.into_iter().map(RankedDto::from).collect();
        let conversions = |rows: Vec<Conversion>| rows.into_iter().map(ConversionDto::from).collect();
        Self {
            change: ChangeDto::between(overview.current.totals, overview.previous.totals),
            current: (&overview.current).into(),
            previous: (&overview.previous).into(),
            pages: rows(overview.pages),
            posts: overview.posts.into_iter().map(PostRankDto::from).collect(),
            referrers: rows(overview.referrers),
            campaigns: rows(overview.campaigns),
            devices: rows(overview.devices),
            landing_pages: conversions(overview.landing_pages),
            sources: conversions(overview.sources),
            unattributed_leads: overview.unattributed_leads,
        }
    }
}

/// A post's own numbers.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = PostInsights)]
pub struct PostInsightsDto {
    pub slug: String,
    /// Its page's views and visitors, and the leads whose visit landed on it.
    pub current: SeriesDto,
    pub previous: SeriesDto,
    pub change: ChangeDto,
}

impl From<PostFigures> for PostInsightsDto {
    fn from(figures: PostFigures) -> Self {
        Self {
            change: ChangeDto::between(figures.current.totals, figures.previous.totals),
            current: (&figures.current).into(),
            previous: (&figures.previous).into(),
            slug: figures.slug,
        }
    }
}

/// Every blog post's views over a range.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = PostViewsList)]
pub struct PostViewsListDto {
    #[schema(value_type = String, format = Date)]
    pub from: NaiveDate,
    #[schema(value_type = String, format = Date)]
    pub to: NaiveDate,
    /// Most viewed first; a post without views is not listed.
    pub posts: Vec<PostViewsDto>,
}

/// A blog post's views over a range, by its slug (its page `/blog/{slug}`).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = PostViews)]
pub struct PostViewsDto {
    pub slug: String,
    pub views: u64,
    pub visitors: u64,
}

impl From<Ranked> for PostViewsDto {
    fn from(row: Ranked) -> Self {
        Self { slug: row.value, views: row.views, visitors: row.visitors }
    }
}
