//! Newsletter addresses in the `newsletter_subscribers` table: one row per address (a unique index
//! on the lowercased address) and per token.

use anyhow::Context;
use atelier_application::newsletter::ports::{SubscriberFilter, SubscriberRepository, SubscriberSaveError};
use atelier_domain::subscriber::{Subscriber, SubscriberStatus};
use atelier_domain::user::Email;
use atelier_domain::{EntityId, Page, PageRequest};
use sea_orm::{ActiveValue::Set, ColumnTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, SqlErr};

use crate::entities::newsletter_subscriber::{ActiveModel, Column, Entity, Model};
use crate::query::Unique;
use crate::query::{contains_any, fetch_page};
use crate::records::{FromDbErr, Table};
use crate::store::{SeaOrmStore, stored};

impl SubscriberRepository for SeaOrmStore {
    async fn list_subscribers(&self, filter: &SubscriberFilter, page: PageRequest) -> anyhow::Result<Page<Subscriber>> {
        let mut query = Entity::find();
        if let Some(status) = filter.status {
            query = query.filter(Column::Status.eq(status.as_str()));
        }
        if let Some(term) = &filter.search {
            query = query.filter(contains_any(&[Column::Email], term));
        }
        let (rows, total) = fetch_page(
            query.order_by_desc(Column::CreatedAt).order_by_desc(Column::Id),
            page,
            &self.db,
            "newsletter subscribers",
        )
        .await?;
        let items = rows.into_iter().map(Subscriber::from_row).collect::<anyhow::Result<_>>()?;
        Ok(Page::new(items, total, page))
    }

    async fn find_subscriber_by_email(&self, email: &Email) -> anyhow::Result<Option<Subscriber>> {
        let row = Entity::find()
            .filter(Column::Email.eq(email.as_str()))
            .unique(&self.db)
            .await
            .context("failed to read a newsletter subscriber by address")?;
        row.map(Subscriber::from_row).transpose()
    }

    async fn find_subscriber_by_token(&self, token: &str) -> anyhow::Result<Option<Subscriber>> {
        let row = Entity::find()
            .filter(Column::Token.eq(token))
            .unique(&self.db)
            .await
            .context("failed to read a newsletter subscriber by token")?;
        row.map(Subscriber::from_row).transpose()
    }
}

/// A unique-index violation is an address already stored (tokens are random and never clash).
impl FromDbErr for SubscriberSaveError {
    fn from_db(error: DbErr, context: String) -> Self {
        if matches!(error.sql_err(), Some(SqlErr::UniqueConstraintViolation(_))) {
            Self::DuplicateEmail
        } else {
            Self::Unexpected(anyhow::Error::from_db(error, context))
        }
    }
}

impl Table for Subscriber {
    type Entity = Entity;
    const ID: Column = Column::Id;
    const ROW: &'static str = "a newsletter subscriber";

    fn to_row(&self) -> anyhow::Result<ActiveModel> {
        Ok(ActiveModel {
            id: Set(self.id.to_string()),
            email: Set(self.email.as_str().to_owned()),
            status: Set(self.status.as_str().to_owned()),
            token: Set(self.token.clone()),
            created_at: Set(self.created_at),
            confirmed_at: Set(self.confirmed_at),
            confirmation_sent_at: Set(self.confirmation_sent_at),
            ..Default::default()
        })
    }

    fn from_row(row: Model) -> anyhow::Result<Self> {
        Ok(Subscriber {
            meta: crate::records::row_meta(&row)?,
            id: stored("newsletter_subscribers.id", EntityId::parse(&row.id))?,
            email: stored("newsletter_subscribers.email", Email::parse(&row.email))?,
            status: stored("newsletter_subscribers.status", SubscriberStatus::parse(&row.status))?,
            token: row.token,
            created_at: row.created_at,
            confirmed_at: row.confirmed_at,
            confirmation_sent_at: row.confirmation_sent_at,
        })
    }
}
