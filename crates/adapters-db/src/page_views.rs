//! Page views (`page_views`, raw, kept a few weeks) and their daily totals (`page_view_days`).

use anyhow::Context;
use atelier_application::insights::ports::PageViewRepository;
use atelier_domain::page_view::{
    Attribution, Campaign, DayTotals, DeviceClass, Dimension, Language, PagePath, PageView, ReferrerDomain,
};
use atelier_domain::visitor::Visitor;
use chrono::NaiveDate;
use sea_orm::sea_query::OnConflict;
use sea_orm::{
    ActiveValue::{NotSet, Set},
    ColumnTrait, DbBackend, EntityTrait, QueryFilter, QueryOrder, QuerySelect, TransactionTrait,
};
use serde::Serialize;

use crate::entities::{page_view, page_view_day};
use crate::store::{SeaOrmStore, stored};
use crate::{recordset, shapes};

/// PostgreSQL's insert of a batch of page views ([`recordset`]).
const INSERT_PAGE_VIEWS: &str = "INSERT INTO page_views \
    (day, at, visitor, path, referrer, utm_source, utm_medium, utm_campaign, device, language) \
    SELECT day, at, visitor, path, referrer, utm_source, utm_medium, utm_campaign, device, language \
    FROM json_populate_recordset(NULL::page_views, $1::json)";

/// A page view as [`INSERT_PAGE_VIEWS`] reads it: named by column.
#[derive(Serialize)]
struct PageViewRow<'a> {
    day: String,
    at: String,
    visitor: &'a str,
    path: &'a str,
    referrer: Option<&'a str>,
    utm_source: Option<&'a str>,
    utm_medium: Option<&'a str>,
    utm_campaign: Option<&'a str>,
    device: &'a str,
    language: Option<&'a str>,
}

impl<'a> PageViewRow<'a> {
    fn of(view: &'a PageView) -> Self {
        Self {
            day: day_text(view.day()),
            at: recordset::timestamp(view.at),
            visitor: view.visitor.as_str(),
            path: view.path.as_str(),
            referrer: view.referrer.as_ref().map(ReferrerDomain::as_str),
            utm_source: view.campaign.source.as_deref(),
            utm_medium: view.campaign.medium.as_deref(),
            utm_campaign: view.campaign.campaign.as_deref(),
            device: view.device.as_str(),
            language: view.language.as_ref().map(Language::as_str),
        }
    }
}

pub(crate) fn day_text(day: NaiveDate) -> String {
    day.format("%Y-%m-%d").to_string()
}

impl PageViewRepository for SeaOrmStore {
    async fn insert_page_views(&self, views: &[PageView]) -> anyhow::Result<()> {
        if views.is_empty() {
            return Ok(());
        }
        if self.db.get_database_backend() == DbBackend::Postgres {
            // One statement, whatever the batch's size: [`recordset`].
            let rows: Vec<PageViewRow<'_>> = views.iter().map(PageViewRow::of).collect();
            recordset::execute(&self.db, INSERT_PAGE_VIEWS, &rows).await.context("failed to store page views")?;
            return Ok(());
        }
        let transaction = self.db.begin().await.context("failed to begin storing page views")?;
        // In statements of a few fixed sizes (a view has no key to repeat a row on): [`shapes`].
        for chunk in shapes::in_shapes(views, &shapes::INSERTS) {
            let rows = chunk.iter().map(|view| page_view::ActiveModel {
                id: NotSet,
                day: Set(day_text(view.day())),
                at: Set(view.at),
                visitor: Set(view.visitor.as_str().to_owned()),
                path: Set(view.path.as_str().to_owned()),
                referrer: Set(view.referrer.as_ref().map(|referrer| referrer.as_str().to_owned())),
                utm_source: Set(view.campaign.source.clone()),
                utm_medium: Set(view.campaign.medium.clone()),
                utm_campaign: Set(view.campaign.campaign.clone()),
                device: Set(view.device.as_str().to_owned()),
                language: Set(view.language.as_ref().map(|language| language.as_str().to_owned())),
            });
            page_view::Entity::insert_many(rows)
                .exec_without_returning(&transaction)
                .await
                .context("failed to store page views")?;
        }
        transaction.commit().await.context("failed to commit page views")
    }

    async fn days_to_roll_up(&self, before: NaiveDate) -> anyhow::Result<Vec<NaiveDate>> {
        let days: Vec<String> = page_view::Entity::find()
            .select_only()
            .column(page_view::Column::Day)
            .distinct()
            .filter(page_view::Column::Day.lt(day_text(before)))
            .order_by_asc(page_view::Column::Day)
            .into_tuple()
            .all(&self.db)
            .await
            .context("failed to read the days of stored page views")?;
        if days.is_empty() {
            return Ok(Vec::new());
        }
        let rolled: Vec<String> = page_view_day::Entity::find()
            .select_only()
            .column(page_view_day::Column::Day)
            .filter(page_view_day::Column::Dimension.eq("total"))
            .filter(page_view_day::Column::Day.is_in(days.clone()))
            .into_tuple()
            .all(&self.db)
            .await
            .context("failed to read the days already rolled up")?;
        days.into_iter()
            .filter(|day| !rolled.contains(day))
            .map(|day| stored("page_views.day", day.parse::<NaiveDate>()))
            .collect()
    }

    async fn page_views_of(&self, day: NaiveDate) -> anyhow::Result<Vec<PageView>> {
        let rows = page_view::Entity::find()
            .filter(page_view::Column::Day.eq(day_text(day)))
            .order_by_asc(page_view::Column::At)
            .all(&self.db)
            .await
            .context("failed to read a day's page views")?;
        rows.into_iter().map(page_view_of).collect()
    }

    async fn save_day_totals(&self, totals: &DayTotals) -> anyhow::Result<()> {
        let day = day_text(totals.day);
        // The `total` row marks the day as rolled up: written last, in the same transaction.
        let (marker, rest): (Vec<_>, Vec<_>) =
            totals.counts.iter().partition(|((dimension, _), _)| *dimension == Dimension::Total);
        let rows: Vec<page_view_day::ActiveModel> = rest
            .into_iter()
            .chain(marker)
            .map(|((dimension, value), count)| page_view_day::ActiveModel {
                day: Set(day.clone()),
                dimension: Set(dimension.as_str().to_owned()),
                value: Set(value.clone()),
                views: Set(i64::try_from(count.views).unwrap_or(i64::MAX)),
                visitors: Set(i64::try_from(count.visitors).unwrap_or(i64::MAX)),
            })
            .collect();
        let transaction = self.db.begin().await.context("failed to begin storing a day's totals")?;
        for chunk in shapes::in_shapes(&rows, &shapes::INSERTS) {
            page_view_day::Entity::insert_many(chunk.to_vec())
                .on_conflict(
                    OnConflict::columns([
                        page_view_day::Column::Day,
                        page_view_day::Column::Dimension,
                        page_view_day::Column::Value,
                    ])
                    .update_columns([page_view_day::Column::Views, page_view_day::Column::Visitors])
                    .to_owned(),
                )
                .exec_without_returning(&transaction)
                .await
                .context("failed to store a day's totals")?;
        }
        transaction.commit().await.context("failed to commit a day's totals")
    }

    async fn forget_page_views_before(&self, day: NaiveDate) -> anyhow::Result<u64> {
        let deleted = page_view::Entity::delete_many()
            .filter(page_view::Column::Day.lt(day_text(day)))
            .exec(&self.db)
            .await
            .context("failed to forget old page views")?;
        Ok(deleted.rows_affected)
    }
}

pub(crate) fn page_view_of(row: page_view::Model) -> anyhow::Result<PageView> {
    Ok(PageView {
        at: row.at,
        visitor: stored("page_views.visitor", Visitor::from_stored(&row.visitor))?,
        path: stored("page_views.path", PagePath::parse(&row.path))?,
        referrer: match row.referrer {
            Some(referrer) => stored("page_views.referrer", ReferrerDomain::parse(&referrer))?,
            None => None,
        },
        campaign: Campaign { source: row.utm_source, medium: row.utm_medium, campaign: row.utm_campaign },
        device: DeviceClass::from_word(&row.device),
        language: match row.language {
            Some(language) => stored("page_views.language", Language::parse(&language))?,
            None => None,
        },
    })
}

/// A lead's attribution as its five columns: landing page, referrer, UTM source, medium, campaign.
pub(crate) type AttributionColumns = (Option<String>, Option<String>, Option<String>, Option<String>, Option<String>);

/// The columns a lead's attribution is stored in.
pub(crate) fn attribution_columns(attribution: Option<&Attribution>) -> AttributionColumns {
    match attribution {
        None => (None, None, None, None, None),
        Some(attribution) => (
            Some(attribution.landing_page.as_str().to_owned()),
            attribution.referrer.as_ref().map(|referrer| referrer.as_str().to_owned()),
            attribution.campaign.source.clone(),
            attribution.campaign.medium.clone(),
            attribution.campaign.campaign.clone(),
        ),
    }
}

/// A lead's attribution read back from its columns: none without a landing page.
pub(crate) fn attribution_of(table: &str, columns: AttributionColumns) -> anyhow::Result<Option<Attribution>> {
    let (landing_page, referrer, source, medium, campaign) = columns;
    let Some(landing_page) = landing_page else { return Ok(None) };
    Ok(Some(Attribution {
        landing_page: stored(&format!("{table}.attribution_landing_page"), PagePath::parse(&landing_page))?,
        referrer: match referrer {
            Some(referrer) => stored(&format!("{table}.attribution_referrer"), ReferrerDomain::parse(&referrer))?,
            None => None,
        },
        campaign: Campaign { source, medium, campaign },
    }))
}
