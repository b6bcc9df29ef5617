//! Testimonials in the `testimonials` table.

use anyhow::Context;
use atelier_application::ports::{TestimonialFilter, TestimonialRepository};
use atelier_domain::testimonial::{Rating, Testimonial, TestimonialStatus};
use atelier_domain::{EntityId, Page, PageRequest};
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QueryOrder};

use crate::entities::testimonial::{ActiveModel, Column, Entity, Model};
use crate::query::{contains_any, fetch_page};
use crate::store::{SeaOrmStore, stored};

impl TestimonialRepository for SeaOrmStore {
    async fn list_testimonials(
        &self,
        filter: TestimonialFilter,
        page: PageRequest,
    ) -> anyhow::Result<Page<Testimonial>> {
        let mut query = Entity::find();
        if let Some(status) = filter.status {
            query = query.filter(Column::Status.eq(status.as_str()));
        }
        if let Some(featured) = filter.featured {
            query = query.filter(Column::Featured.eq(featured));
        }
        if let Some(term) = &filter.search {
            query = query.filter(contains_any(&[Column::Name, Column::Company, Column::Content], term));
        }
        let (rows, total) = fetch_page(
            query.order_by_desc(Column::CreatedAt).order_by_desc(Column::Id),
            page,
            &self.db,
            "testimonials",
        )
        .await?;
        let items = rows.into_iter().map(into_domain).collect::<anyhow::Result<_>>()?;
        Ok(Page::new(items, total, page))
    }

    async fn find_testimonial(&self, id: EntityId) -> anyhow::Result<Option<Testimonial>> {
        let row = Entity::find_by_id(id.to_string()).one(&self.db).await.context("failed to read a testimonial")?;
        row.map(into_domain).transpose()
    }

    async fn insert_testimonial(&self, testimonial: &Testimonial) -> anyhow::Result<()> {
        Entity::insert(to_active(testimonial))
            .exec_without_returning(&self.db)
            .await
            .context("failed to insert a testimonial")?;
        Ok(())
    }

    async fn update_testimonial(&self, testimonial: &Testimonial) -> anyhow::Result<bool> {
        let mut row = to_active(testimonial);
        row.id = sea_orm::ActiveValue::Unchanged(testimonial.id.to_string());
        let result = Entity::update_many()
            .set(row)
            .filter(Column::Id.eq(testimonial.id.to_string()))
            .exec(&self.db)
            .await
            .context("failed to update a testimonial")?;
        Ok(result.rows_affected > 0)
    }

    async fn delete_testimonial(&self, id: EntityId) -> anyhow::Result<bool> {
        let result =
            Entity::delete_by_id(id.to_string()).exec(&self.db).await.context("failed to delete a testimonial")?;
        Ok(result.rows_affected > 0)
    }
}

fn to_active(testimonial: &Testimonial) -> ActiveModel {
    ActiveModel {
        id: Set(testimonial.id.to_string()),
        name: Set(testimonial.name.clone()),
        company: Set(testimonial.company.clone()),
        content: Set(testimonial.content.clone()),
        rating: Set(testimonial.rating.value()),
        status: Set(testimonial.status.as_str().to_owned()),
        featured: Set(testimonial.featured),
        created_at: Set(testimonial.created_at),
        updated_at: Set(testimonial.updated_at),
    }
}

fn into_domain(row: Model) -> anyhow::Result<Testimonial> {
    Ok(Testimonial {
        id: stored("testimonials.id", EntityId::parse(&row.id))?,
        name: row.name,
        company: row.company,
        content: row.content,
        rating: stored("testimonials.rating", Rating::parse(row.rating))?,
        status: stored("testimonials.status", TestimonialStatus::parse(&row.status))?,
        featured: row.featured,
        created_at: row.created_at,
        updated_at: row.updated_at,
    })
}
