//! Query pieces shared by the repositories.

use anyhow::Context;
use atelier_domain::ordering::Placement;
use atelier_domain::{EntityId, PageRequest};
use chrono::{DateTime, Utc};
use sea_orm::sea_query::{self, Alias, Expr, ExprTrait, Func, LikeExpr, SimpleExpr};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect, QueryTrait, Select,
};

/// `LOWER(column) LIKE '%term%'` with `%`, `_` and `\` in the term matched literally, the same on
/// SQLite and PostgreSQL.
pub(crate) fn contains_ignoring_case(column: impl sea_orm::sea_query::IntoColumnRef, term: &str) -> SimpleExpr {
    let escaped = term.to_lowercase().replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
    Expr::expr(Func::lower(Expr::col(column))).like(LikeExpr::new(format!("%{escaped}%")).escape('\\'))
}

/// Any of `columns` contains `term`, ignoring case (see [`contains_ignoring_case`]).
pub(crate) fn contains_any<C: sea_orm::sea_query::IntoColumnRef + Copy>(columns: &[C], term: &str) -> Condition {
    columns.iter().fold(Condition::any(), |condition, column| condition.add(contains_ignoring_case(*column, term)))
}

/// The row a unique key names (a primary key, a column with a unique index), read without sea-orm's
/// `LIMIT ?`: SQLite lets a bound `LIMIT` shape the plan, so it compiles a statement holding one
/// anew every time a value is bound to it (`sqlite3Reprepare`: parsing and planning on every run,
/// about five times the cost of reading the row; docs/performance.md, "A bound LIMIT"). The key
/// matches at most one row, so the limit adds nothing.
pub(crate) trait Unique {
    type Row;

    /// The one row, or `None`.
    async fn unique<C: ConnectionTrait>(self, db: &C) -> Result<Option<Self::Row>, sea_orm::DbErr>;
}

impl<E: EntityTrait> Unique for Select<E> {
    type Row = E::Model;

    async fn unique<C: ConnectionTrait>(self, db: &C) -> Result<Option<E::Model>, sea_orm::DbErr> {
        Ok(self.all(db).await?.into_iter().next())
    }
}

impl<S: sea_orm::SelectorTrait> Unique for sea_orm::Selector<S> {
    type Row = S::Item;

    async fn unique<C: ConnectionTrait>(self, db: &C) -> Result<Option<S::Item>, sea_orm::DbErr> {
        Ok(self.all(db).await?.into_iter().next())
    }
}

/// The rows of `E` whose `id` column is one of `ids`, in one statement (none for no ids).
pub(crate) async fn rows_by_ids<E>(
    db: &DatabaseConnection,
    id: E::Column,
    ids: &[EntityId],
    what: &str,
) -> anyhow::Result<Vec<E::Model>>
where
    E: EntityTrait,
{
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    E::find()
        .filter(id.is_in(ids.iter().map(ToString::to_string)))
        .all(db)
        .await
        .with_context(|| format!("failed to read {what} by id"))
}

/// One page of an ordered query and the number of rows the query matches in all: one statement when
/// the page is the last one, two otherwise, whatever the page size.
pub(crate) async fn fetch_page<E>(
    query: Select<E>,
    page: PageRequest,
    db: &DatabaseConnection,
    what: &str,
) -> anyhow::Result<(Vec<E::Model>, u64)>
where
    E: EntityTrait,
    E::Model: Sync,
{
    fetch_counted_page(query, page, None, db, what).await.map(|(rows, total, _)| (rows, total))
}

/// Like [`fetch_page`], counting at most `count_limit` matches when one is given: the total, and
/// whether counting stopped at the limit. The count reads no further than the limit, in the table's
/// order, so it costs the same however many rows match.
pub(crate) async fn fetch_counted_page<E>(
    query: Select<E>,
    page: PageRequest,
    count_limit: Option<u64>,
    db: &DatabaseConnection,
    what: &str,
) -> anyhow::Result<(Vec<E::Model>, u64, bool)>
where
    E: EntityTrait,
    E::Model: Sync,
{
    let rows = query
        .clone()
        .offset(page.offset())
        .limit(page.limit())
        .all(db)
        .await
        .with_context(|| format!("failed to list {what}"))?;
    // A page that is not full ends the list, so it tells the total without counting (unless it is
    // an empty page past the end, which says nothing about what comes before it).
    let fetched = rows.len() as u64;
    if fetched < page.limit() && (fetched > 0 || page.offset() == 0) {
        return Ok((rows, page.offset() + fetched, false));
    }
    let Some(limit) = count_limit else {
        let total = query.count(db).await.with_context(|| format!("failed to count {what}"))?;
        return Ok((rows, total, false));
    };
    let mut matches = query.select_only().expr(Expr::val(1)).limit(limit).into_query();
    matches.clear_order_by();
    let statement = sea_query::Query::select()
        .expr_as(Expr::cust("COUNT(*)"), Alias::new("matches"))
        .from_subquery(matches, Alias::new("bounded"))
        .to_owned();
    let total = db
        .query_one(&statement)
        .await
        .with_context(|| format!("failed to count {what}"))?
        .map(|row| row.try_get::<i64>("", "matches"))
        .transpose()
        .with_context(|| format!("failed to read the count of {what}"))?
        .map_or(0, i64::unsigned_abs);
    Ok((rows, total, total >= limit))
}

/// Every row's id and display order, by order, then age, then id: the placements that ordering rules
/// work on, in one statement.
pub(crate) async fn placements<E>(
    db: &DatabaseConnection,
    [id, order, created_at]: [E::Column; 3],
    table: &str,
) -> anyhow::Result<Vec<Placement>>
where
    E: EntityTrait,
{
    let rows: Vec<(String, i32)> = E::find()
        .select_only()
        .column(id)
        .column(order)
        .order_by_asc(order)
        .order_by_asc(created_at)
        .order_by_asc(id)
        .into_tuple()
        .all(db)
        .await
        .with_context(|| format!("failed to read the {table} orders"))?;
    rows.into_iter()
        .map(|(row_id, position)| {
            Ok(Placement::new(
                EntityId::parse(&row_id).map_err(|error| anyhow::anyhow!("stored {table}.id is invalid: {error}"))?,
                u32::try_from(position)
                    .map_err(|error| anyhow::anyhow!("stored {table}.display_order is invalid: {error}"))?,
            ))
        })
        .collect()
}

/// Rows visitors see at `now`: `status` is the published word, and `publish_at` is empty or not after
/// `now` (see `Post::is_live`). The clock is the caller's, so no job ever has to publish a row.
pub(crate) fn live_at<C: ColumnTrait>(status: C, published: &str, publish_at: C, now: DateTime<Utc>) -> Condition {
    Condition::all().add(status.eq(published)).add(Condition::any().add(publish_at.is_null()).add(publish_at.lte(now)))
}

/// The earliest `publish_at` after `now` of a published row of `E`: when what visitors see of `E` next
/// changes by itself.
pub(crate) async fn next_publication<E: EntityTrait>(
    db: &DatabaseConnection,
    [status, publish_at]: [E::Column; 2],
    published: &str,
    now: DateTime<Utc>,
    what: &str,
) -> anyhow::Result<Option<DateTime<Utc>>> {
    // The first row of the (status, publish_at) index after `now`, asked for as such rather than as
    // MIN(publish_at): PostgreSQL plans a prepared statement once for any values once it has run a few
    // times, and a MIN first planned on a small table kept reading every published row of another
    // index (filtering on publish_at) as the table grew; an ordered LIMIT 1 has only this index to go to.
    let next: Option<Option<DateTime<Utc>>> = E::find()
        .select_only()
        .column(publish_at)
        .filter(status.eq(published))
        .filter(publish_at.gt(now))
        .order_by_asc(publish_at)
        .into_tuple()
        .one(db)
        .await
        .with_context(|| format!("failed to read the next publish time of {what}"))?;
    Ok(next.flatten())
}
