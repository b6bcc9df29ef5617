//! Contact messages in the `contact_messages` table.

use anyhow::Context;
use atelier_application::contacts::ports::{ContactFilter, ContactRepository};
use atelier_domain::contact::{ContactMessage, ContactPriority, ContactStatus};
use atelier_domain::inbox::LeadSource;
use atelier_domain::{EntityId, Page, PageRequest};
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder};

use crate::entities::contact_message::{ActiveModel, Column, Entity, Model};
use crate::query::{contains_any, fetch_page};
use crate::records::Table;
use crate::store::{SeaOrmStore, stored};

impl ContactRepository for SeaOrmStore {
    async fn list_contacts(&self, filter: &ContactFilter, page: PageRequest) -> anyhow::Result<Page<ContactMessage>> {
        let mut query = Entity::find().filter(Column::Spam.eq(filter.spam));
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
        let items = rows.into_iter().map(ContactMessage::from_row).collect::<anyhow::Result<_>>()?;
        Ok(Page::new(items, total, page))
    }

    async fn count_unread_contacts(&self) -> anyhow::Result<u64> {
        Entity::find()
            .filter(Column::Status.eq(ContactStatus::New.as_str()))
            .filter(Column::Spam.eq(false))
            .count(&self.db)
            .await
            .context("failed to count unread contact messages")
    }
}

impl Table for ContactMessage {
    type Entity = Entity;
    const ID: Column = Column::Id;
    const ROW: &'static str = "a contact message";

    fn to_row(&self) -> anyhow::Result<ActiveModel> {
        let (landing_page, referrer, utm_source, utm_medium, utm_campaign) =
            crate::page_views::attribution_columns(self.attribution.as_ref());
        Ok(ActiveModel {
            id: Set(self.id.to_string()),
            name: Set(self.name.clone()),
            email: Set(self.email.clone()),
            phone: Set(self.phone.clone()),
            subject: Set(self.subject.clone()),
            message: Set(self.message.clone()),
            status: Set(self.status.as_str().to_owned()),
            priority: Set(self.priority.as_str().to_owned()),
            source: Set(self.source.as_str().to_owned()),
            tags: Set(serde_json::to_string(&self.tags).context("failed to encode contact message tags")?),
            notes: Set(self.notes.clone()),
            spam: Set(self.spam),
            attribution_landing_page: Set(landing_page),
            attribution_referrer: Set(referrer),
            attribution_utm_source: Set(utm_source),
            attribution_utm_medium: Set(utm_medium),
            attribution_utm_campaign: Set(utm_campaign),
            created_at: Set(self.created_at),
            updated_at: Set(self.updated_at),
            ..Default::default()
        })
    }

    fn from_row(row: Model) -> anyhow::Result<Self> {
        Ok(ContactMessage {
            meta: crate::records::row_meta(&row)?,
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
            spam: row.spam,
            attribution: crate::page_views::attribution_of(
                "contact_messages",
                (
                    row.attribution_landing_page,
                    row.attribution_referrer,
                    row.attribution_utm_source,
                    row.attribution_utm_medium,
                    row.attribution_utm_campaign,
                ),
            )?,
            created_at: row.created_at,
            updated_at: row.updated_at,
        })
    }
}
