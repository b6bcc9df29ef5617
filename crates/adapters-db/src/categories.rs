//! Blog categories in the `blog_categories` table.

use anyhow::Context;
use atelier_application::ports::{CategoryFilter, CategoryRepository, RemoveError, SaveError};
use atelier_domain::EntityId;
use atelier_domain::category::{Category, CategoryStatus};
use atelier_domain::slug::Slug;
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QueryOrder};

use crate::entities::blog_category::{ActiveModel, Column, Entity, Model};
use crate::query::rows_by_ids;
use crate::store::{SeaOrmStore, remove_error, save_error, stored};

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
        rows.into_iter().map(into_domain).collect()
    }

    async fn find_category(&self, id: EntityId) -> anyhow::Result<Option<Category>> {
        let row = Entity::find_by_id(id.to_string()).one(&self.db).await.context("failed to read a blog category")?;
        row.map(into_domain).transpose()
    }

    async fn find_categories(&self, ids: &[EntityId]) -> anyhow::Result<Vec<Category>> {
        rows_by_ids::<Entity>(&self.db, Column::Id, ids, "blog categories")
            .await?
            .into_iter()
            .map(into_domain)
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
        rows.into_iter().map(into_domain).collect()
    }

    async fn insert_category(&self, category: &Category) -> Result<(), SaveError> {
        Entity::insert(to_active(category)?)
            .exec_without_returning(&self.db)
            .await
            .map_err(|error| save_error(error, "failed to insert a blog category"))?;
        Ok(())
    }

    async fn update_category(&self, category: &Category) -> Result<bool, SaveError> {
        let result = Entity::update_many()
            .set(to_active(category)?)
            .filter(Column::Id.eq(category.id.to_string()))
            .exec(&self.db)
            .await
            .map_err(|error| save_error(error, "failed to update a blog category"))?;
        Ok(result.rows_affected > 0)
    }

    async fn delete_category(&self, id: EntityId) -> Result<bool, RemoveError> {
        let result = Entity::delete_by_id(id.to_string())
            .exec(&self.db)
            .await
            .map_err(|error| remove_error(error, "failed to delete a blog category"))?;
        Ok(result.rows_affected > 0)
    }
}

fn to_active(category: &Category) -> anyhow::Result<ActiveModel> {
    Ok(ActiveModel {
        id: Set(category.id.to_string()),
        name: Set(category.name.clone()),
        slug: Set(category.slug.to_string()),
        display_name: Set(category.display_name.clone()),
        description: Set(category.description.clone()),
        featured: Set(category.featured),
        status: Set(category.status.as_str().to_owned()),
        display_order: Set(i32::try_from(category.order).context("category order out of range")?),
        created_at: Set(category.created_at),
        updated_at: Set(category.updated_at),
    })
}

fn into_domain(row: Model) -> anyhow::Result<Category> {
    Ok(Category {
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
