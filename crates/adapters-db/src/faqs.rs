//! FAQs in the `faqs` table.

use anyhow::Context;
use atelier_application::audit::Change;
use atelier_application::faqs::ports::{FaqFilter, FaqRepository};
use atelier_domain::faq::{Faq, FaqCategory, FaqStats, FaqStatus};
use atelier_domain::ordering::Placement;
use atelier_domain::{EntityId, Page, PageRequest};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, TransactionTrait};

use crate::audit;
use crate::entities::faq::{ActiveModel, Column, Entity, Model};
use crate::query::{contains_any, fetch_page, placements};
use crate::records::Table;
use crate::store::{SeaOrmStore, stored};

impl FaqRepository for SeaOrmStore {
    async fn list_faqs(&self, filter: FaqFilter, page: PageRequest) -> anyhow::Result<Page<Faq>> {
        let mut query = Entity::find();
        if let Some(status) = filter.status {
            query = query.filter(Column::Status.eq(status.as_str()));
        }
        if let Some(category) = filter.category {
            query = query.filter(Column::Category.eq(category.as_str()));
        }
        if let Some(ids) = &filter.ids {
            query = query.filter(Column::Id.is_in(ids.iter().map(ToString::to_string)));
        }
        if let Some(term) = &filter.search {
            query = query.filter(contains_any(&[Column::Question, Column::Answer, Column::Tags], term));
        }
        let (rows, total) = fetch_page(
            query.order_by_asc(Column::DisplayOrder).order_by_asc(Column::CreatedAt).order_by_asc(Column::Id),
            page,
            &self.db,
            "FAQs",
        )
        .await?;
        let items = rows.into_iter().map(Faq::from_row).collect::<anyhow::Result<_>>()?;
        Ok(Page::new(items, total, page))
    }

    async fn faq_placements(&self) -> anyhow::Result<Vec<Placement>> {
        placements::<Entity>(&self.db, [Column::Id, Column::DisplayOrder, Column::CreatedAt], "faqs").await
    }

    async fn reorder_faqs(&self, placements: &[Placement]) -> anyhow::Result<()> {
        let transaction = self.db.begin().await.context("failed to start a transaction")?;
        for placement in placements {
            Entity::update_many()
                .col_expr(
                    Column::DisplayOrder,
                    Expr::value(i32::try_from(placement.order).context("FAQ order out of range")?),
                )
                .filter(Column::Id.eq(placement.id.to_string()))
                .exec(&transaction)
                .await
                .context("failed to move an FAQ")?;
        }
        let recorded = audit::append(&transaction, Change::default()).await?;
        audit::commit(transaction, recorded).await.context("failed to commit new FAQ orders")
    }

    async fn faq_stats(&self) -> anyhow::Result<FaqStats> {
        let by_status: Vec<(String, i64)> = Entity::find()
            .select_only()
            .column(Column::Status)
            .column_as(Column::Id.count(), "count")
            .group_by(Column::Status)
            .into_tuple()
            .all(&self.db)
            .await
            .context("failed to count FAQs by status")?;
        let by_category: Vec<(String, i64)> = Entity::find()
            .select_only()
            .column(Column::Category)
            .column_as(Column::Id.count(), "count")
            .group_by(Column::Category)
            .into_tuple()
            .all(&self.db)
            .await
            .context("failed to count FAQs by category")?;
        let count = |rows: &[(String, i64)], key: &str| {
            rows.iter().find(|(name, _)| name == key).map_or(0, |(_, count)| count.unsigned_abs())
        };
        Ok(FaqStats {
            total: by_status.iter().map(|(_, count)| count.unsigned_abs()).sum(),
            active: count(&by_status, FaqStatus::Active.as_str()),
            inactive: count(&by_status, FaqStatus::Inactive.as_str()),
            draft: count(&by_status, FaqStatus::Draft.as_str()),
            by_category: FaqCategory::ALL
                .into_iter()
                .map(|category| (category, count(&by_category, category.as_str())))
                .collect(),
        })
    }
}

impl Table for Faq {
    type Entity = Entity;
    const ID: Column = Column::Id;
    const ROW: &'static str = "an FAQ";

    fn to_row(&self) -> anyhow::Result<ActiveModel> {
        Ok(ActiveModel {
            id: Set(self.id.to_string()),
            question: Set(self.question.clone()),
            answer: Set(self.answer.clone()),
            category: Set(self.category.as_str().to_owned()),
            tags: Set(serde_json::to_string(&self.tags).context("failed to encode FAQ tags")?),
            status: Set(self.status.as_str().to_owned()),
            display_order: Set(i32::try_from(self.order).context("FAQ order out of range")?),
            featured: Set(self.featured),
            views: Set(i64::from(self.views)),
            helpful: Set(i64::from(self.helpful)),
            not_helpful: Set(i64::from(self.not_helpful)),
            created_at: Set(self.created_at),
            updated_at: Set(self.updated_at),
            ..Default::default()
        })
    }

    fn from_row(row: Model) -> anyhow::Result<Self> {
        Ok(Faq {
            meta: crate::records::row_meta(&row)?,
            id: stored("faqs.id", EntityId::parse(&row.id))?,
            question: row.question,
            answer: row.answer,
            category: stored("faqs.category", FaqCategory::parse(&row.category))?,
            tags: stored("faqs.tags", serde_json::from_str(&row.tags))?,
            status: stored("faqs.status", FaqStatus::parse(&row.status))?,
            order: stored("faqs.display_order", u32::try_from(row.display_order))?,
            featured: row.featured,
            views: stored("faqs.views", u32::try_from(row.views))?,
            helpful: stored("faqs.helpful", u32::try_from(row.helpful))?,
            not_helpful: stored("faqs.not_helpful", u32::try_from(row.not_helpful))?,
            created_at: row.created_at,
            updated_at: row.updated_at,
        })
    }
}
