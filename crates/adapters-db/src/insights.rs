//! The statistics' reads: the rolled-up days' totals (`page_view_days`), summed in the database;
//! the days of raw views (`page_views`); and the leads' days and attribution (`contact_messages`,
//! `project_requests`, spam left out).

use anyhow::Context;
use std::collections::HashMap;

use atelier_application::insights::ports::{InsightsRepository, LeadOrigin, ViewsAfter};
use atelier_domain::insights::DayRange;
use atelier_domain::page_view::{Count, Dimension};
use chrono::{DateTime, Days, NaiveDate, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbBackend, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect,
    Statement, TransactionTrait, Value,
};

use crate::archive::snapshot_options;
use crate::entities::{blog_post, contact_message, page_view, page_view_day, project_request};
use crate::page_views::{AttributionColumns, attribution_of, day_text, page_view_of};
use crate::store::{SeaOrmStore, stored};

fn count(views: i64, visitors: i64) -> Count {
    Count { views: u64::try_from(views).unwrap_or(0), visitors: u64::try_from(visitors).unwrap_or(0) }
}

fn except_texts(except: &[NaiveDate]) -> Vec<String> {
    except.iter().copied().map(day_text).collect()
}

/// The first instant of `day` and of the day after `range`, in UTC.
fn instants(range: DayRange) -> (DateTime<Utc>, DateTime<Utc>) {
    let start = range.from().and_hms_opt(0, 0, 0).unwrap_or_default().and_utc();
    let end = range.to().checked_add_days(Days::new(1)).unwrap_or(range.to());
    (start, end.and_hms_opt(0, 0, 0).unwrap_or_default().and_utc())
}

/// The distinct days of raw views between two days, found by one index probe per day (a loose
/// index scan), not by reading every view: `$1`/`?` the first day, `$2`/`?` the last.
fn raw_days_statement(backend: DbBackend, range: DayRange) -> Statement {
    let (from, to) = (day_text(range.from()), day_text(range.to()));
    let (sql, values): (String, Vec<Value>) = if backend == DbBackend::Postgres {
        (raw_days_sql("$1", "$2", "$2"), vec![from.into(), to.into()])
    } else {
        (raw_days_sql("?", "?", "?"), vec![from.into(), to.clone().into(), to.into()])
    };
    Statement::from_sql_and_values(backend, sql, values)
}

/// The days are cast to the column's fixed-length type (`bpchar` on PostgreSQL, text on SQLite), as
/// the entities' `save_as` does: compared with `text`, PostgreSQL would cast the column instead and
/// use no index.
fn raw_days_sql(from: &str, to: &str, to_again: &str) -> String {
    format!(
        "WITH RECURSIVE d(day) AS (\
           SELECT MIN(day) FROM page_views WHERE day >= CAST({from} AS bpchar) AND day <= CAST({to} AS bpchar) \
           UNION ALL \
           SELECT (SELECT MIN(p.day) FROM page_views p WHERE p.day > d.day AND p.day <= CAST({to_again} AS bpchar)) \
           FROM d WHERE d.day IS NOT NULL\
         ) SELECT day FROM d WHERE day IS NOT NULL"
    )
}

/// A lead's creation time and attribution columns.
type LeadRow = (DateTime<Utc>, Option<String>, Option<String>, Option<String>, Option<String>, Option<String>);

fn lead_of(table: &str, row: LeadRow) -> anyhow::Result<LeadOrigin> {
    let (at, landing, referrer, source, medium, campaign) = row;
    let columns: AttributionColumns = (landing, referrer, source, medium, campaign);
    Ok(LeadOrigin { day: at.date_naive(), attribution: attribution_of(table, columns)? })
}

/// The origins of one inbox's leads (spam left out) created from `start` to before `end`: contact
/// messages and project requests keep them in columns of the same names.
macro_rules! lead_rows {
    ($entity:ident, $what:literal, $start:expr, $end:expr, $db:expr) => {{
        use $entity::Column;
        $entity::Entity::find()
            .select_only()
            .columns([
                Column::CreatedAt,
                Column::AttributionLandingPage,
                Column::AttributionReferrer,
                Column::AttributionUtmSource,
                Column::AttributionUtmMedium,
                Column::AttributionUtmCampaign,
            ])
            .filter(Column::Spam.eq(false))
            .filter(Column::CreatedAt.gte($start))
            .filter(Column::CreatedAt.lt($end))
            .into_tuple()
            .all($db)
            .await
            .context(concat!("failed to read the ", $what, "' origins"))?
    }};
}

impl InsightsRepository for SeaOrmStore {
    async fn daily_counts(
        &self,
        dimension: Dimension,
        value: &str,
        range: DayRange,
        except: &[NaiveDate],
    ) -> anyhow::Result<Vec<(NaiveDate, Count)>> {
        use page_view_day::Column;
        let rows: Vec<(String, i64, i64)> = page_view_day::Entity::find()
            .select_only()
            .columns([Column::Day, Column::Views, Column::Visitors])
            .filter(Column::Dimension.eq(dimension.as_str()))
            .filter(Column::Value.eq(value))
            .filter(Column::Day.gte(day_text(range.from())))
            .filter(Column::Day.lte(day_text(range.to())))
            .filter(Column::Day.is_not_in(except_texts(except)))
            .order_by_asc(Column::Day)
            .into_tuple()
            .all(&self.db)
            .await
            .context("failed to read daily page view totals")?;
        rows.into_iter()
            .map(|(day, views, visitors)| Ok((stored("page_view_days.day", day.parse())?, count(views, visitors))))
            .collect()
    }

    async fn summed_counts(
        &self,
        dimension: Dimension,
        prefix: &str,
        range: DayRange,
        except: &[NaiveDate],
    ) -> anyhow::Result<Vec<(String, Count)>> {
        use page_view_day::Column;
        let mut query = page_view_day::Entity::find()
            .select_only()
            .column(Column::Value)
            .column_as(Expr::cust("CAST(SUM(views) AS BIGINT)"), "views")
            .column_as(Expr::cust("CAST(SUM(visitors) AS BIGINT)"), "visitors")
            .filter(Column::Dimension.eq(dimension.as_str()))
            .filter(Column::Day.gte(day_text(range.from())))
            .filter(Column::Day.lte(day_text(range.to())))
            .filter(Column::Day.is_not_in(except_texts(except)));
        if !prefix.is_empty() {
            query = query.filter(Column::Value.starts_with(prefix));
        }
        let rows: Vec<(String, i64, i64)> =
            query.group_by(Column::Value).into_tuple().all(&self.db).await.context("failed to sum page view totals")?;
        Ok(rows.into_iter().map(|(value, views, visitors)| (value, count(views, visitors))).collect())
    }

    async fn raw_days(&self, range: DayRange) -> anyhow::Result<Vec<NaiveDate>> {
        let rows = self
            .db
            .query_all_raw(raw_days_statement(self.db.get_database_backend(), range))
            .await
            .context("failed to read the days of raw page views")?;
        rows.iter()
            .map(|row| {
                let day: String = row.try_get("", "day").context("failed to read a day of raw page views")?;
                stored("page_views.day", day.trim().parse::<NaiveDate>())
            })
            .collect()
    }

    async fn page_views_after(&self, day: NaiveDate, after: Option<i64>) -> anyhow::Result<ViewsAfter> {
        use page_view::Column;
        let options = snapshot_options(self.db.get_database_backend());
        let snapshot = self.db.begin_with_options(options).await.context("failed to begin reading page views")?;
        let of_day = page_view::Entity::find().filter(Column::Day.eq(day_text(day)));
        let whole = of_day.clone().count(&snapshot).await.context("failed to count a day's page views")?;
        let mut query = of_day;
        if let Some(after) = after {
            query = query.filter(Column::Id.gt(after));
        }
        let rows = query.order_by_asc(Column::Id).all(&snapshot).await.context("failed to read a day's page views")?;
        snapshot.commit().await.context("failed to end reading page views")?;
        let last = rows.last().map(|row| i64::from(row.id));
        let views = rows.into_iter().map(page_view_of).collect::<anyhow::Result<_>>()?;
        Ok(ViewsAfter { views, last, whole })
    }

    async fn post_titles(&self, slugs: &[String]) -> anyhow::Result<HashMap<String, String>> {
        use blog_post::Column;
        let mut titles = HashMap::new();
        for chunk in slugs.chunks(500) {
            let rows: Vec<(String, String)> = blog_post::Entity::find()
                .select_only()
                .columns([Column::Slug, Column::Title])
                .filter(Column::Slug.is_in(chunk.iter().cloned()))
                .into_tuple()
                .all(&self.db)
                .await
                .context("failed to read the posts' titles")?;
            titles.extend(rows);
        }
        Ok(titles)
    }

    async fn leads_in(&self, range: DayRange) -> anyhow::Result<Vec<LeadOrigin>> {
        let (start, end) = instants(range);
        let contacts: Vec<LeadRow> = lead_rows!(contact_message, "contact messages", start, end, &self.db);
        let requests: Vec<LeadRow> = lead_rows!(project_request, "project requests", start, end, &self.db);
        let contacts = contacts.into_iter().map(|row| lead_of("contact_messages", row));
        let requests = requests.into_iter().map(|row| lead_of("project_requests", row));
        contacts.chain(requests).collect()
    }
}
