//! Services in the `services` table.

use anyhow::Context;
use atelier_application::services::ports::{ServiceFilter, ServiceRepository};
use atelier_domain::service::{Service, ServiceIcon, ServiceStatus};
use atelier_domain::{EntityId, PageRequest};
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};

use crate::entities::service::{ActiveModel, Column, Entity, Model};
use crate::records::Table;
use crate::store::{SeaOrmStore, stored};

impl ServiceRepository for SeaOrmStore {
    async fn list_services(&self, filter: ServiceFilter, page: PageRequest) -> anyhow::Result<Vec<Service>> {
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
        let rows = query
            .order_by_asc(Column::DisplayOrder)
            .order_by_asc(Column::CreatedAt)
            .order_by_asc(Column::Id)
            .offset(page.offset())
            .limit(page.limit())
            .all(&self.db)
            .await
            .context("failed to list services")?;
        rows.into_iter().map(Service::from_row).collect()
    }
}

impl Table for Service {
    type Entity = Entity;
    const ID: Column = Column::Id;
    const ROW: &'static str = "a service";

    fn to_row(&self) -> anyhow::Result<ActiveModel> {
        Ok(ActiveModel {
            id: Set(self.id.to_string()),
            title: Set(self.title.clone()),
            description: Set(self.description.clone()),
            short_description: Set(self.short_description.clone()),
            icon: Set(self.icon.as_str().to_owned()),
            features: Set(serde_json::to_string(&self.features).context("failed to encode service features")?),
            price: Set(self.price),
            price_display: Set(self.price_display.clone()),
            show_price: Set(self.show_price),
            status: Set(self.status.as_str().to_owned()),
            featured: Set(self.featured),
            display_order: Set(i32::try_from(self.order).context("service order out of range")?),
            created_at: Set(self.created_at),
            updated_at: Set(self.updated_at),
            ..Default::default()
        })
    }

    fn from_row(row: Model) -> anyhow::Result<Self> {
        Ok(Service {
            meta: crate::records::row_meta(&row)?,
            id: stored("services.id", EntityId::parse(&row.id))?,
            title: row.title,
            description: row.description,
            short_description: row.short_description,
            icon: stored("services.icon", ServiceIcon::parse(&row.icon))?,
            features: stored("services.features", serde_json::from_str(&row.features))?,
            price: row.price,
            price_display: row.price_display,
            show_price: row.show_price,
            status: stored("services.status", ServiceStatus::parse(&row.status))?,
            featured: row.featured,
            order: stored("services.display_order", u32::try_from(row.display_order))?,
            created_at: row.created_at,
            updated_at: row.updated_at,
        })
    }
}
