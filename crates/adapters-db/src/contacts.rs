//! Contact messages in the `contact_messages` table.

use anyhow::Context;
use atelier_application::ports::{ContactFilter, ContactRepository};
use atelier_domain::contact::{ContactMessage, ContactPriority, ContactStatus};
use atelier_domain::inbox::LeadSource;
use atelier_domain::{EntityId, Page, PageRequest};
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder};

use crate::entities::contact_message::{ActiveModel, Column, Entity, Model};
use crate::query::{contains_any, fetch_page};
use crate::store::{SeaOrmStore, stored};

impl ContactRepository for SeaOrmStore {
    async fn list_contacts(&self, filter: &ContactFilter, page: PageRequest) -> anyhow::Result<Page<ContactMessage>> {
        let mut query = Entity::find();
        if let Some(status) = filter.status {
            query = query.filter(Column::Status.eq(status.as_str()));
        }
        if let Some(term) = &filter.search {
            query = query.filter(contains_any(&[Column::Name, Column::Email, Column::Subject], term));
        }
        let (rows, total) = fetch_page(
            query.order_by_desc(Column::CreatedAt).order_by_desc(Column::Id),
            page,
            &self.db,
            "contact messages",
        )
        .await?;
        let items = rows.into_iter().map(into_domain).collect::<anyhow::Result<_>>()?;
        Ok(Page::new(items, total, page))
    }

    async fn count_unread_contacts(&self) -> anyhow::Result<u64> {
        Entity::find()
            .filter(Column::Status.eq(ContactStatus::New.as_str()))
            .count(&self.db)
            .await
            .context("failed to count unread contact messages")
    }

    async fn find_contact(&self, id: EntityId) -> anyhow::Result<Option<ContactMessage>> {
        let row = Entity::find_by_id(id.to_string()).one(&self.db).await.context("failed to read a contact message")?;
        row.map(into_domain).transpose()
    }

    async fn insert_contact(&self, message: &ContactMessage) -> anyhow::Result<()> {
        Entity::insert(to_active(message)?)
            .exec_without_returning(&self.db)
            .await
            .context("failed to insert a contact message")?;
        Ok(())
    }

    async fn update_contact(&self, message: &ContactMessage) -> anyhow::Result<bool> {
        let mut row = to_active(message)?;
        row.id = sea_orm::ActiveValue::Unchanged(message.id.to_string());
        let result = Entity::update_many()
            .set(row)
            .filter(Column::Id.eq(message.id.to_string()))
            .exec(&self.db)
            .await
            .context("failed to update a contact message")?;
        Ok(result.rows_affected > 0)
    }

    async fn delete_contact(&self, id: EntityId) -> anyhow::Result<bool> {
        let result =
            Entity::delete_by_id(id.to_string()).exec(&self.db).await.context("failed to delete a contact message")?;
        Ok(result.rows_affected > 0)
    }
}

fn to_active(message: &ContactMessage) -> anyhow::Result<ActiveModel> {
    Ok(ActiveModel {
        id: Set(message.id.to_string()),
        name: Set(message.name.clone()),
        email: Set(message.email.clone()),
        phone: Set(message.phone.clone()),
        subject: Set(message.subject.clone()),
        message: Set(message.message.clone()),
        status: Set(message.status.as_str().to_owned()),
        priority: Set(message.priority.as_str().to_owned()),
        source: Set(message.source.as_str().to_owned()),
        tags: Set(serde_json::to_string(&message.tags).context("failed to encode contact message tags")?),
        notes: Set(message.notes.clone()),
        created_at: Set(message.created_at),
        updated_at: Set(message.updated_at),
    })
}

fn into_domain(row: Model) -> anyhow::Result<ContactMessage> {
    Ok(ContactMessage {
        id: stored("contact_messages.id", EntityId::parse(&row.id))?,
        name: row.name,
        email: row.email,
        phone: row.phone,
        subject: row.subject,
        message: row.message,
        status: stored("contact_messages.status", ContactStatus::parse(&row.status))?,
        priority: stored("contact_messages.priority", ContactPriority::parse(&row.priority))?,
        source: stored("contact_messages.source", LeadSource::parse(&row.source))?,
        tags: stored("contact_messages.tags", serde_json::from_str(&row.tags))?,
        notes: row.notes,
        created_at: row.created_at,
        updated_at: row.updated_at,
    })
}
