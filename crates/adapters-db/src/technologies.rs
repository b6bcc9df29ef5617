//! Technologies in the `technologies` table; their usage comes from `portfolio_project_technologies`.

use std::collections::HashMap;

use anyhow::Context;
use atelier_application::technologies::ports::{TechnologyFilter, TechnologyRepository, TechnologySaveError};

use atelier_domain::technology::{Technology, TechnologyCategory, TechnologyStatus};
use atelier_domain::{EntityId, PageRequest};
use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Expr, Func, Query};
use sea_orm::{ActiveValue::Set, ColumnTrait, DbErr, EntityTrait, Order, QueryFilter, QueryOrder, QuerySelect, SqlErr};

use crate::entities::portfolio_project as project;
use crate::entities::portfolio_project_technology as uses;
use crate::entities::technology::{ActiveModel, Column, Entity, Model};
use crate::query::contains_any;
use crate::records::{FromDbErr, Table};
use crate::store::{SeaOrmStore, stored};

impl TechnologyRepository for SeaOrmStore {
    async fn list_technologies(&self, filter: TechnologyFilter, page: PageRequest) -> anyhow::Result<Vec<Technology>> {
        let mut query = Entity::find();
        if let Some(status) = filter.status {
            query = query.filter(Column::Status.eq(status.as_str()));
        }
        if let Some(category) = filter.category {
            query = query.filter(Column::Category.eq(category.as_str()));
        }
        if let Some(featured) = filter.featured {
            query = query.filter(Column::Featured.eq(featured));
        }
        if let Some(term) = filter.search.as_deref() {
            query = query.filter(contains_any(&[Column::Name, Column::Description], term));
        }
        let rows = query
            .order_by_asc(Column::DisplayOrder)
            .order_by(Expr::expr(Func::lower(Expr::col(Column::Name))), Order::Asc)
            .order_by_asc(Column::Id)
            .offset(page.offset())
            .limit(page.limit())
            .all(&self.db)
            .await
            .context("failed to list technologies")?;
        rows.into_iter().map(Technology::from_row).collect()
    }

    async fn count_technologies_by_category(
        &self,
        status: Option<TechnologyStatus>,
    ) -> anyhow::Result<HashMap<TechnologyCategory, u64>> {
        let mut query = Entity::find()
            .select_only()
            .column(Column::Category)
            .column_as(Expr::expr(Func::count(Expr::col(Column::Id))), "count")
            .group_by(Column::Category);
        if let Some(status) = status {
            query = query.filter(Column::Status.eq(status.as_str()));
        }
        let rows: Vec<(String, i64)> =
            query.into_tuple().all(&self.db).await.context("failed to count technologies by category")?;
        rows.into_iter()
            .map(|(category, count)| {
                let category = stored("technologies.category", TechnologyCategory::parse(&category))?;
                Ok((category, count.unsigned_abs()))
            })
            .collect()
    }

    async fn existing_technologies(&self, ids: &[EntityId]) -> anyhow::Result<Vec<EntityId>> {
        let rows: Vec<String> = Entity::find()
            .select_only()
            .column(Column::Id)
            .filter(Column::Id.is_in(ids.iter().map(ToString::to_string)))
            .into_tuple()
            .all(&self.db)
            .await
            .context("failed to check which technologies exist")?;
        rows.iter().map(|id| stored("technologies.id", EntityId::parse(id))).collect()
    }

    async fn technology_usage(
        &self,
        ids: &[EntityId],
        live_at: Option<DateTime<Utc>>,
    ) -> anyhow::Result<HashMap<EntityId, u64>> {
        let mut query = uses::Entity::find()
            .select_only()
            .column(uses::Column::TechnologyId)
            .column_as(Expr::expr(Func::count(Expr::col(uses::Column::ProjectId))), "count")
            .filter(uses::Column::TechnologyId.is_in(ids.iter().map(ToString::to_string)))
            .group_by(uses::Column::TechnologyId);
        if let Some(now) = live_at {
            let live = Query::select()
                .column(project::Column::Id)
                .from(project::Entity)
                .cond_where(crate::portfolio::live(now))
                .to_owned();
            query = query.filter(uses::Column::ProjectId.in_subquery(live));
        }
        let rows: Vec<(String, i64)> =
            query.into_tuple().all(&self.db).await.context("failed to count technology usage")?;
        rows.into_iter()
            .map(|(id, count)| Ok((stored("technology usage id", EntityId::parse(&id))?, count.unsigned_abs())))
            .collect()
    }
}

/// A unique-index violation is a taken name (the index is on the lowercased name).
impl FromDbErr for TechnologySaveError {
    fn from_db(error: DbErr, context: String) -> Self {
        if matches!(error.sql_err(), Some(SqlErr::UniqueConstraintViolation(_))) {
            Self::DuplicateName
        } else {
            Self::Unexpected(anyhow::Error::from_db(error, context))
        }
    }
}

impl Table for Technology {
    type Entity = Entity;
    const ID: Column = Column::Id;
    const ROW: &'static str = "a technology";

    fn to_row(&self) -> anyhow::Result<ActiveModel> {
        Ok(ActiveModel {
            id: Set(self.id.to_string()),
            name: Set(self.name.clone()),
            name_key: Set(self.name_key()),
            description: Set(self.description.clone()),
            category: Set(self.category.as_str().to_owned()),
            icon: Set(self.icon.clone()),
            color: Set(self.color.clone()),
            website: Set(self.website.clone()),
            status: Set(self.status.as_str().to_owned()),
            featured: Set(self.featured),
            display_order: Set(i32::try_from(self.order).context("technology order out of range")?),
            created_at: Set(self.created_at),
            updated_at: Set(self.updated_at),
            ..Default::default()
        })
    }

    fn from_row(row: Model) -> anyhow::Result<Self> {
        Ok(Technology {
            meta: crate::records::row_meta(&row)?,
            id: stored("technologies.id", EntityId::parse(&row.id))?,
            name: row.name,
            description: row.description,
            category: stored("technologies.category", TechnologyCategory::parse(&row.category))?,
            icon: row.icon,
            color: row.color,
            website: row.website,
            status: stored("technologies.status", TechnologyStatus::parse(&row.status))?,
            featured: row.featured,
            order: stored("technologies.display_order", u32::try_from(row.display_order))?,
            created_at: row.created_at,
            updated_at: row.updated_at,
        })
    }
}
