//! Tags in the `tags` table, and how many records use each.

use std::collections::HashMap;

use anyhow::Context;
use atelier_application::tags::ports::{TagFilter, TagRepository};
use atelier_domain::EntityId;
use atelier_domain::slug::Slug;
use atelier_domain::tag::{Color, Tag, TagType};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};

use crate::entities::tag::{ActiveModel, Column, Entity, Model};
use crate::entities::{blog_post_tag, portfolio_project};
use crate::query::Unique;
use crate::query::rows_by_ids;
use crate::records::Table;
use crate::store::{SeaOrmStore, stored};

impl TagRepository for SeaOrmStore {
    async fn list_tags(&self, filter: TagFilter) -> anyhow::Result<Vec<Tag>> {
        let mut query = Entity::find();
        if let Some(types) = filter.types {
            query = query.filter(Column::TagType.is_in(types.iter().map(|kind| kind.as_str())));
        }
        if let Some(ids) = filter.ids {
            if ids.is_empty() {
                return Ok(Vec::new());
            }
            query = query.filter(Column::Id.is_in(ids.iter().map(ToString::to_string)));
        }
        let rows = query
            .order_by_asc(Column::Name)
            .order_by_asc(Column::Id)
            .all(&self.db)
            .await
            .context("failed to list tags")?;
        rows.into_iter().map(Tag::from_row).collect()
    }

    async fn find_tags(&self, ids: &[EntityId]) -> anyhow::Result<Vec<Tag>> {
        rows_by_ids::<Entity>(&self.db, Column::Id, ids, "tags").await?.into_iter().map(Tag::from_row).collect()
    }

    async fn find_tag_by_slug(&self, slug: &Slug) -> anyhow::Result<Option<Tag>> {
        let row = Entity::find()
            .filter(Column::Slug.eq(slug.as_str()))
            .unique(&self.db)
            .await
            .context("failed to read a tag by slug")?;
        row.map(Tag::from_row).transpose()
    }

    /// The one place that knows what uses a tag: today blog posts (`blog_post_tags`). Add other
    /// users (portfolio projects) here, and the counts and the delete check follow.
    async fn tag_usage_counts(&self, ids: &[EntityId]) -> anyhow::Result<HashMap<EntityId, u64>> {
        if ids.is_empty() {
            return Ok(HashMap::new());
        }
        let rows: Vec<(String, i64)> = blog_post_tag::Entity::find()
            .select_only()
            .column(blog_post_tag::Column::TagId)
            .column_as(Expr::col(blog_post_tag::Column::PostId).count(), "uses")
            .filter(blog_post_tag::Column::TagId.is_in(ids.iter().map(ToString::to_string)))
            .group_by(blog_post_tag::Column::TagId)
            .into_tuple()
            .all(&self.db)
            .await
            .context("failed to count tag uses")?;
        let mut counts = rows
            .into_iter()
            .map(|(id, uses)| {
                Ok((stored("blog_post_tags.tag_id", EntityId::parse(&id))?, u64::try_from(uses).unwrap_or(0)))
            })
            .collect::<anyhow::Result<HashMap<_, _>>>()?;
        // Projects keep their tag ids as a JSON list: one query reads the lists that are not empty.
        let project_tags: Vec<String> = portfolio_project::Entity::find()
            .select_only()
            .column(portfolio_project::Column::Tags)
            .filter(portfolio_project::Column::Tags.ne("[]"))
            .into_tuple()
            .all(&self.db)
            .await
            .context("failed to read project tags")?;
        for list in project_tags {
            let tags: Vec<String> = stored("portfolio_projects.tags", serde_json::from_str(&list))?;
            for id in tags.iter().filter_map(|id| EntityId::parse(id).ok()).filter(|id| ids.contains(id)) {
                *counts.entry(id).or_insert(0) += 1;
            }
        }
        Ok(counts)
    }
}

impl Table for Tag {
    type Entity = Entity;
    const ID: Column = Column::Id;
    const ROW: &'static str = "a tag";

    fn to_row(&self) -> anyhow::Result<ActiveModel> {
        Ok(ActiveModel {
            id: Set(self.id.to_string()),
            name: Set(self.name.clone()),
            slug: Set(self.slug.to_string()),
            description: Set(self.description.clone()),
            color: Set(self.color.as_str().to_owned()),
            tag_type: Set(self.tag_type.as_str().to_owned()),
            created_at: Set(self.created_at),
            updated_at: Set(self.updated_at),
            ..Default::default()
        })
    }

    fn from_row(row: Model) -> anyhow::Result<Self> {
        Ok(Tag {
            meta: crate::records::row_meta(&row)?,
            id: stored("tags.id", EntityId::parse(&row.id))?,
            name: row.name,
            slug: stored("tags.slug", Slug::parse(&row.slug))?,
            description: row.description,
            color: stored("tags.color", Color::parse(&row.color))?,
            tag_type: stored("tags.tag_type", TagType::parse(&row.tag_type))?,
            created_at: row.created_at,
            updated_at: row.updated_at,
        })
    }
}
