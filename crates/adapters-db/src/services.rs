//! Services in the `services` table.

use anyhow::Context;
use atelier_application::ports::{ServiceFilter, ServiceRepository};
use atelier_domain::service::{Service, ServiceIcon, ServiceStatus};
use atelier_domain::{EntityId, PageRequest};
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};

use crate::entities::service::{ActiveModel, Column, Entity, Model};
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
        let rows = query
            .order_by_asc(Column::DisplayOrder)
            .order_by_asc(Column::CreatedAt)
            .order_by_asc(Column::Id)
            .offset(page.offset())
            .limit(page.limit())
            .all(&self.db)
            .await
            .context("failed to list services")?;
        rows.into_iter().map(into_domain).collect()
    }

    async fn find_service(&self, id: EntityId) -> anyhow::Result<Option<Service>> {
        let row = Entity::find_by_id(id.to_string()).one(&self.db).await.context("failed to read a service")?;
        row.map(into_domain).transpose()
    }

    async fn insert_service(&self, service: &Service) -> anyhow::Result<()> {
        Entity::insert(to_active(service)?)
            .exec_without_returning(&self.db)
            .await
            .context("failed to insert a service")?;
        Ok(())
    }

    async fn update_service(&self, service: &Service) -> anyhow::Result<bool> {
        let mut row = to_active(service)?;
        row.id = sea_orm::ActiveValue::Unchanged(service.id.to_string());
        let result = Entity::update_many()
            .set(row)
            .filter(Column::Id.eq(service.id.to_string()))
            .exec(&self.db)
            .await
            .context("failed to update a service")?;
        Ok(result.rows_affected > 0)
    }

    async fn delete_service(&self, id: EntityId) -> anyhow::Result<bool> {
        let result = Entity::delete_by_id(id.to_string()).exec(&self.db).await.context("failed to delete a service")?;
        Ok(result.rows_affected > 0)
    }
}

fn to_active(service: &Service) -> anyhow::Result<ActiveModel> {
    Ok(ActiveModel {
        id: Set(service.id.to_string()),
        title: Set(service.title.clone()),
        description: Set(service.description.clone()),
        short_description: Set(service.short_description.clone()),
        icon: Set(service.icon.as_str().to_owned()),
        features: Set(serde_json::to_string(&service.features).context("failed to encode service features")?),
        price: Set(service.price),
        price_display: Set(service.price_display.clone()),
        show_price: Set(service.show_price),
        status: Set(service.status.as_str().to_owned()),
        featured: Set(service.featured),
        display_order: Set(i32::try_from(service.order).context("service order out of range")?),
        created_at: Set(service.created_at),
        updated_at: Set(service.updated_at),
    })
}

fn into_domain(row: Model) -> anyhow::Result<Service> {
    Ok(Service {
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
