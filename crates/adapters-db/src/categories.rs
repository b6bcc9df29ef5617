//! Blog categories in the `blog_categories` table.

use anyhow::Context;
use atelier_application::categories::ports::{CategoryFilter, CategoryRepository};
use atelier_domain::EntityId;
use atelier_domain::category::{Category, CategoryStatus};
use atelier_domain::slug::Slug;
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QueryOrder};

use crate::entities::blog_category::{ActiveModel, Column, Entity, Model};
use crate::query::rows_by_ids;
use crate::records::Table;
use crate::store::{SeaOrmStore, stored};

impl CategoryRepository for SeaOrmStore {
    async fn list_categories(&self, filter: CategoryFilter) -> anyhow::Result<Vec<Category>> {
        let mut query = Entity::find();
        if let Some(status) = filter.status {
            query = query.filter(Column::Status.eq(status.as_str()));
        }
        let rows = query
            .order_by_asc(Column::DisplayOrder)
            .order_by_asc(Column::Name)
            .order_by_asc(Column::Id)
            .all(&self.db)
            .await
            .context("failed to list blog categories")?;
        rows.into_iter().map(Category::from_row).collect()
    }

    async fn find_categories(&self, ids: &[EntityId]) -> anyhow::Result<Vec<Category>> {
        rows_by_ids::<Entity>(&self.db, Column::Id, ids, "blog categories")
            .await?
            .into_iter()
            .map(Category::from_row)
            .collect()
    }

    async fn find_categories_by_slugs(&self, slugs: &[Slug]) -> anyhow::Result<Vec<Category>> {
        if slugs.is_empty() {
            return Ok(Vec::new());
        }
        let rows = Entity::find()
            .filter(Column::Slug.is_in(slugs.iter().map(ToString::to_string)))
            .all(&self.db)
            .await
            .context("failed to read blog categories by slug")?;
        rows.into_iter().map(Category::from_row).collect()
    }
}

impl Table for Category {
    type Entity = Entity;
    const ID: Column = Column::Id;
    const ROW: &'static str = "a blog category";

    fn to_row(&self) -> anyhow::Result<ActiveModel> {
        Ok(ActiveModel {
            id: Set(self.id.to_string()),
            name: Set(self.name.clone()),
            slug: Set(self.slug.to_string()),
            display_name: Set(self.display_name.clone()),
            description: Set(self.description.clone()),
            featured: Set(self.featured),
            status: Set(self.status.as_str().to_owned()),
            display_order: Set(i32::try_from(self.order).context("category order out of range")?),
            created_at: Set(self.created_at),
            updated_at: Set(self.updated_at),
            ..Default::default()
        })
    }

    fn from_row(row: Model) -> anyhow::Result<Self> {
        Ok(Category {
            meta: crate::records::row_meta(&row)?,
            id: stored("blog_categories.id", EntityId::parse(&row.id))?,
            name: row.name,
            slug: stored("blog_categories.slug", Slug::parse(&row.slug))?,
            display_name: row.display_name,
            description: row.description,
            featured: row.featured,
            status: stored("blog_categories.status", CategoryStatus::parse(&row.status))?,
            order: stored("blog_categories.display_order", u32::try_from(row.display_order))?,
            created_at: row.created_at,
            updated_at: row.updated_at,
        })
    }
}
