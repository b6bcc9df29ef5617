//! `/insights`: the site's own visitor statistics for the back office (Administrators, Editors and
//! Sales): a range of days beside the range before it, the top lists, the conversion of landing
//! pages and sources into leads, a post's own numbers, every post's views, and the range as a CSV
//! file. Read from the rolled-up daily totals and, for the days not rolled up yet, the raw views
//! ([`atelier_application::insights::Insights`]).

mod dto;

use actix_web::{HttpResponse, web};
use atelier_application::insights::{Conversion, Insights, Overview, Ranked};
use atelier_application::ports::SharedClock;
use atelier_application::store::Store;
use atelier_domain::insights::{DayRange, RangeError};
use utoipa::OpenApi;

use super::exports::{ExportClock, attachment, is_formula};
use crate::contract::Rules;
use crate::error::ApiError;
use crate::ports::Ports;
pub use dto::*;

/// How many days a range without `from` and `to` holds.
const DEFAULT_DAYS: u64 = 30;

type Use<S> = web::Data<Insights<S, SharedClock>>;

fn range_of<S: Store>(insights: &Insights<S, SharedClock>, params: &RangeParams) -> Result<DayRange, ApiError> {
    let today = insights.today();
    match (params.from, params.to) {
        (None, None) => Ok(DayRange::last(DEFAULT_DAYS, today)),
        (Some(_), None) => Err(ApiError::invalid_field("to", "to is required with from")),
        (None, Some(_)) => Err(ApiError::invalid_field("from", "from is required with to")),
        (Some(from), Some(to)) => DayRange::new(from, to, today).map_err(|error| {
            let field = match error {
                RangeError::Reversed | RangeError::Future => "to",
                RangeError::TooLong => "from",
            };
            ApiError::invalid_field(field, error.to_string())
        }),
    }
}

/// Read the statistics of a range
///
/// Visitors, views and leads per day (every day of the range, zeros included) and their sums, for
/// the range and the previous range of the same length, with the change between them; the most
/// viewed pages and posts, the referrers, campaigns and devices; the landing pages and sources that
/// brought leads, with their conversion rate (leads per 100 visitors). A visitor is known for one
/// day only (a hash under the day's salt), so a range's visitors are the sum of its days'. Without
/// `from` and `to`, the last 30 days.
#[utoipa::path(
    get, path = "/insights", tag = "insights", operation_id = "getInsights",
    params(RangeParams),
    responses(
        (status = 200, description = "The range's statistics", body = InsightsDto),
        (status = 422, description = "The range is reversed, longer than 1096 days or in the future", body = crate::error::FieldErrorsBody),
    )
)]
pub async fn get_insights<S: Store>(
    insights: Use<S>,
    params: web::Query<RangeParams>,
) -> Result<web::Json<InsightsDto>, ApiError> {
    let range = range_of(&insights, &params)?;
    Ok(web::Json(insights.overview(range).await?.into()))
}

/// Export the statistics of a range as CSV
///
/// The range's days (visitors, views, leads), then every page, referrer, campaign and device with
/// its views and visitors, and every landing page and source with its visitors, leads and
/// conversion rate: one line each, `Section,Item,Visitors,Views,Leads,Conversion rate` (UTF-8 with
/// a byte-order mark; cells that would start a spreadsheet formula are prefixed with `'`). Recorded
/// in the audit log.
#[utoipa::path(
    get, path = "/insights/export", tag = "insights", operation_id = "exportInsights",
    params(RangeParams),
    responses(
        (status = 200, description = "The CSV file, as an attachment", content_type = "text/csv", body = String),
        (status = 422, description = "The range is reversed, longer than 1096 days or in the future", body = crate::error::FieldErrorsBody),
    )
)]
pub async fn export_insights<S: Store>(
    insights: Use<S>,
    clock: web::Data<ExportClock>,
    params: web::Query<RangeParams>,
) -> Result<HttpResponse, ApiError> {
    let range = range_of(&insights, &params)?;
    let overview = insights.export(range).await?;
    let body =
        csv_file(&overview).map_err(|error| ApiError::Unexpected(error.context("failed to write a CSV export")))?;
    Ok(attachment(&clock, &format!("insights-{}-{}", range.from(), range.to()), body))
}

/// Read every post's views
///
/// Each blog post's views and visitors over the range (its page, `/blog/{slug}`), most viewed
/// first: the figure the back office's post list shows. Without `from` and `to`, the last 30 days.
#[utoipa::path(
    get, path = "/insights/posts", tag = "insights", operation_id = "listPostViews",
    params(RangeParams),
    responses(
        (status = 200, description = "Every viewed post's figures", body = PostViewsListDto),
        (status = 422, description = "The range is reversed, longer than 1096 days or in the future", body = crate::error::FieldErrorsBody),
    )
)]
pub async fn list_post_views<S: Store>(
    insights: Use<S>,
    params: web::Query<RangeParams>,
) -> Result<web::Json<PostViewsListDto>, ApiError> {
    let range = range_of(&insights, &params)?;
    let posts = insights.posts(range).await?.into_iter().map(PostViewsDto::from).collect();
    Ok(web::Json(PostViewsListDto { from: range.from(), to: range.to(), posts }))
}

/// Read a post's own numbers
///
/// The post's page views and visitors per day, and the leads whose visit landed on it, for the
/// range and the previous range of the same length. Counted under the post's current slug.
#[utoipa::path(
    get, path = "/insights/posts/{id}", tag = "insights", operation_id = "getPostInsights",
    params(("id" = String, Path, description = "The post's `_id`"), RangeParams),
    responses(
        (status = 200, description = "The post's numbers", body = PostInsightsDto),
        (status = 404, description = "No post has this id", body = crate::error::ErrorBody),
        (status = 422, description = "The range is reversed, longer than 1096 days or in the future", body = crate::error::FieldErrorsBody),
    )
)]
pub async fn get_post_insights<S: Store>(
    insights: Use<S>,
    id: web::Path<String>,
    params: web::Query<RangeParams>,
) -> Result<web::Json<PostInsightsDto>, ApiError> {
    let range = range_of(&insights, &params)?;
    Ok(web::Json(insights.post(&id, range).await?.into()))
}

/// The export's lines (see [`export_insights`]).
fn csv_file(overview: &Overview) -> anyhow::Result<Vec<u8>> {
    let mut file = Vec::from("\u{feff}".as_bytes());
    let mut writer = ::csv::WriterBuilder::new().terminator(::csv::Terminator::CRLF).from_writer(&mut file);
    writer.write_record(["Section", "Item", "Visitors", "Views", "Leads", "Conversion rate"])?;
    let mut line = |section: &str, item: &str, numbers: [String; 4]| {
        let item = if is_formula(item) { format!("'{item}") } else { item.to_owned() };
        let [visitors, views, leads, rate] = numbers;
        writer.write_record([section, item.as_str(), visitors.as_str(), views.as_str(), leads.as_str(), rate.as_str()])
    };
    for (day, figures) in &overview.current.days {
        let numbers = [figures.visitors, figures.views, figures.leads].map(|number| number.to_string());
        let [visitors, views, leads] = numbers;
        line("day", &day.to_string(), [visitors, views, leads, String::new()])?;
    }
    let ranked = |rows: &[Ranked]| {
        rows.iter()
            .map(|row| {
                (row.value.clone(), [row.visitors.to_string(), row.views.to_string(), String::new(), String::new()])
            })
            .collect::<Vec<_>>()
    };
    let converted = |rows: &[Conversion]| {
        rows.iter()
            .map(|row| {
                (
                    row.value.clone(),
                    [
                        row.visitors.to_string(),
                        String::new(),
                        row.leads.to_string(),
                        row.rate.map(|rate| rate.to_string()).unwrap_or_default(),
                    ],
                )
            })
            .collect::<Vec<_>>()
    };
    let sections = [
        ("page", ranked(&overview.pages)),
        ("referrer", ranked(&overview.referrers)),
        ("campaign", ranked(&overview.campaigns)),
        ("device", ranked(&overview.devices)),
        ("landing page", converted(&overview.landing_pages)),
        ("source", converted(&overview.sources)),
    ];
    for (section, rows) in sections {
        for (item, numbers) in rows {
            line(section, &item, numbers)?;
        }
    }
    let unattributed = [String::new(), String::new(), overview.unattributed_leads.to_string(), String::new()];
    line("leads without a recorded visit", "", unattributed)?;
    writer.flush()?;
    drop(writer);
    Ok(file)
}

#[derive(Debug, OpenApi)]
#[openapi(
    paths(get_insights, export_insights, list_post_views, get_post_insights),
    tags((name = "insights", description = "The site's own visitor statistics: no cookie, no third party")),
)]
pub struct Doc;

/// The resource's parameter rules: none beyond the document's date formats.
pub fn rules() -> Rules {
    Rules::none()
}

/// The handlers read the server's one [`Insights`] (`server.rs`), shared by every worker.
pub fn routes<P: Ports>(config: &mut crate::api::Routes, _store: &P::Store, _clock: &SharedClock) {
    config
        .service(super::resource("/insights").get(get_insights::<P::Store>))
        .service(super::resource("/insights/export").get(export_insights::<P::Store>))
        .service(super::resource("/insights/posts").get(list_post_views::<P::Store>))
        .service(super::resource("/insights/posts/{id}").get(get_post_insights::<P::Store>));
}
