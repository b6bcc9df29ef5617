//! Testimonials in the `testimonials` table.

use atelier_application::testimonials::ports::{TestimonialFilter, TestimonialRepository};
use atelier_domain::testimonial::{Rating, Testimonial, TestimonialStatus};
use atelier_domain::{EntityId, Page, PageRequest};
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QueryOrder};

use crate::entities::testimonial::{ActiveModel, Column, Entity, Model};
use crate::query::{contains_any, fetch_page};
use crate::records::Table;
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
        if let Some(ids) = &filter.ids {
            query = query.filter(Column::Id.is_in(ids.iter().map(ToString::to_string)));
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
        let items = rows.into_iter().map(Testimonial::from_row).collect::<anyhow::Result<_>>()?;
        Ok(Page::new(items, total, page))
    }
}

impl Table for Testimonial {
    type Entity = Entity;
    const ID: Column = Column::Id;
    const ROW: &'static str = "a testimonial";

    fn to_row(&self) -> anyhow::Result<ActiveModel> {
        Ok(ActiveModel {
            id: Set(self.id.to_string()),
            name: Set(self.name.clone()),
            company: Set(self.company.clone()),
            content: Set(self.content.clone()),
            rating: Set(self.rating.value()),
            status: Set(self.status.as_str().to_owned()),
            featured: Set(self.featured),
            created_at: Set(self.created_at),
            updated_at: Set(self.updated_at),
            ..Default::default()
        })
    }

    fn from_row(row: Model) -> anyhow::Result<Self> {
        Ok(Testimonial {
            meta: crate::records::row_meta(&row)?,
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
}
