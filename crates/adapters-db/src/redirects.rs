//! Redirects in the `redirects` table.

use anyhow::Context;
use atelier_application::redirects::ports::{RedirectFilter, RedirectHits, RedirectRepository};
use atelier_domain::redirect::{Redirect, RedirectPath, RedirectStatus, RedirectTarget};
use atelier_domain::{EntityId, Page, PageRequest};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, TransactionTrait};

use crate::entities::redirect::{ActiveModel, Column, Entity, Model};
use crate::query::Unique;
use crate::query::{contains_any, fetch_page};
use crate::records::Table;
use crate::store::{SeaOrmStore, stored};

impl RedirectRepository for SeaOrmStore {
    async fn list_redirects(&self, filter: RedirectFilter, page: PageRequest) -> anyhow::Result<Page<Redirect>> {
        let mut query = Entity::find();
        if let Some(term) = &filter.search {
            query = query.filter(contains_any(&[Column::FromPath, Column::ToTarget, Column::Note], term));
        }
        let (rows, total) =
            fetch_page(query.order_by_asc(Column::FromPath).order_by_asc(Column::Id), page, &self.db, "redirects")
                .await?;
        let items = rows.into_iter().map(Redirect::from_row).collect::<anyhow::Result<_>>()?;
        Ok(Page::new(items, total, page))
    }

    async fn all_redirects(&self) -> anyhow::Result<Vec<Redirect>> {
        let rows = Entity::find().all(&self.db).await.context("failed to read every redirect")?;
        rows.into_iter().map(Redirect::from_row).collect()
    }

    async fn find_redirect_from(&self, from: &RedirectPath) -> anyhow::Result<Option<Redirect>> {
        let row = Entity::find()
            .filter(Column::FromPath.eq(from.as_str()))
            .unique(&self.db)
            .await
            .context("failed to read a redirect by its address")?;
        row.map(Redirect::from_row).transpose()
    }

    async fn redirects_to(&self, path: &RedirectPath) -> anyhow::Result<Vec<Redirect>> {
        let rows = Entity::find()
            .filter(Column::ToPath.eq(path.as_str()))
            .all(&self.db)
            .await
            .context("failed to read the redirects leading to an address")?;
        rows.into_iter().map(Redirect::from_row).collect()
    }

    async fn add_redirect_hits(&self, hits: &[RedirectHits]) -> anyhow::Result<()> {
        if hits.is_empty() {
            return Ok(());
        }
        let transaction = self.db.begin().await.context("failed to begin storing redirect hits")?;
        for counted in hits {
            let count = i64::try_from(counted.count).unwrap_or(i64::MAX);
            // The later of the stored time and this one, in the same statement.
            let newer = Expr::col(Column::LastHitAt).is_null().or(Expr::col(Column::LastHitAt).lt(counted.last_hit_at));
            let later = Expr::case(newer, counted.last_hit_at).finally(Expr::col(Column::LastHitAt));
            Entity::update_many()
                .col_expr(Column::Hits, Expr::col(Column::Hits).add(count))
                .col_expr(Column::LastHitAt, later.into())
                .filter(Column::Id.eq(counted.id.to_string()))
                .exec(&transaction)
                .await
                .context("failed to store redirect hits")?;
        }
        transaction.commit().await.context("failed to commit redirect hits")
    }
}

impl Table for Redirect {
    type Entity = Entity;
    const ID: Column = Column::Id;
    const ROW: &'static str = "a redirect";

    /// Hits are left out: they are counted beside the record ([`RedirectRepository::add_redirect_hits`]),
    /// so an edit never sets them back.
    fn to_row(&self) -> anyhow::Result<ActiveModel> {
        Ok(ActiveModel {
            id: Set(self.id.to_string()),
            from_path: Set(self.from.as_str().to_owned()),
            to_target: Set(self.to.as_str().to_owned()),
            to_path: Set(self.to.local_path().map(|path| path.as_str().to_owned())),
            status: Set(i32::from(self.status.code())),
            note: Set(self.note.clone()),
            created_at: Set(self.created_at),
            updated_at: Set(self.updated_at),
            ..Default::default()
        })
    }

    fn from_row(row: Model) -> anyhow::Result<Self> {
        Ok(Redirect {
            meta: crate::records::row_meta(&row)?,
            id: stored("redirects.id", EntityId::parse(&row.id))?,
            from: stored("redirects.from_path", RedirectPath::stored(&row.from_path))?,
            to: stored("redirects.to_target", RedirectTarget::parse(&row.to_target))?,
            status: stored("redirects.status", RedirectStatus::from_code(i64::from(row.status)))?,
            note: row.note,
            hits: u64::try_from(row.hits).unwrap_or(0),
            last_hit_at: row.last_hit_at,
            created_at: row.created_at,
            updated_at: row.updated_at,
        })
    }
}
