//! Webhooks: endpoints in `webhook_endpoints`, the deliveries queued for them in
//! `webhook_deliveries` and each attempt in `webhook_attempts`.
//!
//! Write paths of records that announce events ([`Announces`]) call [`announce`] with their own
//! transaction, so a delivery is queued exactly when the change it announces commits. The worker's
//! claim is one conditional statement per candidate, as the mail outbox's: of several instances
//! exactly one moves a due delivery's next attempt to the end of its lease.

use anyhow::Context;
use atelier_application::audit::Change;
use atelier_application::webhooks::Announcement;
use atelier_application::webhooks::ports::{EndpointHealth, WebhookRepository};
use atelier_domain::EntityId;
use atelier_domain::webhook::{DeliveryAttempt, DeliveryStatus, EventType, WebhookDelivery, WebhookEndpoint};
use chrono::{DateTime, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
    TransactionTrait,
};

use crate::audit;
use crate::entities::{webhook_attempt, webhook_delivery, webhook_endpoint};
use crate::query::Unique;
use crate::queue::Queue;
use crate::records::Table;
use crate::store::{SeaOrmStore, stored};

/// Queues what `announcements` ask for in the transaction `db`: a delivery per active endpoint
/// subscribed to each event, and the withdrawal of scheduled ones still waiting.
///
/// # Errors
/// When the queue cannot be written: the write it belongs to must then fail too.
pub(crate) async fn announce(db: &impl ConnectionTrait, announcements: Vec<Announcement>) -> anyhow::Result<()> {
    if announcements.is_empty() {
        return Ok(());
    }
    let now = Utc::now();
    let mut endpoints: Option<Vec<WebhookEndpoint>> = None;
    for announcement in announcements {
        match announcement {
            Announcement::Withdraw { event, subject } => {
                use webhook_delivery::{Column, Entity};
                Entity::delete_many()
                    .filter(Column::EventType.eq(event.as_str()))
                    .filter(Column::Subject.eq(subject))
                    .filter(Column::Status.eq(DeliveryStatus::Pending.as_str()))
                    .filter(Column::Attempts.eq(0))
                    .filter(Column::NextAttemptAt.gt(now))
                    .exec(db)
                    .await
                    .context("failed to withdraw a scheduled webhook delivery")?;
            }
            Announcement::Event { event, subject, payload, due } => {
                if endpoints.is_none() {
                    let rows = webhook_endpoint::Entity::find()
                        .filter(webhook_endpoint::Column::Active.eq(true))
                        .all(db)
                        .await
                        .context("failed to read the webhook endpoints")?;
                    endpoints = Some(rows.into_iter().map(WebhookEndpoint::from_row).collect::<anyhow::Result<_>>()?);
                }
                for endpoint in endpoints.iter().flatten().filter(|endpoint| endpoint.subscribes_to(event)) {
                    let delivery = WebhookDelivery::queued(
                        EntityId::generate(now),
                        endpoint.id,
                        event.as_str(),
                        &subject,
                        payload.clone(),
                        due,
                        now,
                    );
                    webhook_delivery::Entity::insert(delivery_to_row(&delivery)?)
                        .exec_without_returning(db)
                        .await
                        .context("failed to queue a webhook delivery")?;
                }
            }
        }
    }
    Ok(())
}

impl WebhookRepository for SeaOrmStore {
    async fn list_webhook_endpoints(&self) -> anyhow::Result<Vec<WebhookEndpoint>> {
        use webhook_endpoint::{Column, Entity};
        let rows = Entity::find()
            .order_by_asc(Column::CreatedAt)
            .order_by_asc(Column::Id)
            .all(&self.db)
            .await
            .context("failed to list webhook endpoints")?;
        rows.into_iter().map(WebhookEndpoint::from_row).collect()
    }

    async fn queue_webhook_delivery(&self, delivery: &WebhookDelivery) -> anyhow::Result<()> {
        let transaction = self.db.begin().await.context("failed to begin a transaction")?;
        webhook_delivery::Entity::insert(delivery_to_row(delivery)?)
            .exec_without_returning(&transaction)
            .await
            .context("failed to queue a webhook delivery")?;
        let recorded = audit::append(&transaction, Change::of(&delivery.endpoint_id)).await?;
        audit::commit(transaction, recorded).await
    }

    async fn find_webhook_delivery(&self, id: EntityId) -> anyhow::Result<Option<WebhookDelivery>> {
        let row = webhook_delivery::Entity::find_by_id(id.to_string())
            .unique(&self.db)
            .await
            .context("failed to read a webhook delivery")?;
        row.map(delivery_from_row).transpose()
    }

    async fn list_webhook_deliveries(&self, endpoint_id: EntityId, limit: u64) -> anyhow::Result<Vec<WebhookDelivery>> {
        use webhook_delivery::{Column, Entity};
        let rows = Entity::find()
            .filter(Column::EndpointId.eq(endpoint_id.to_string()))
            .order_by_desc(Column::CreatedAt)
            .order_by_desc(Column::Id)
            .limit(limit)
            .all(&self.db)
            .await
            .context("failed to list webhook deliveries")?;
        rows.into_iter().map(delivery_from_row).collect()
    }

    async fn webhook_attempts(&self, delivery_ids: &[EntityId]) -> anyhow::Result<Vec<DeliveryAttempt>> {
        use webhook_attempt::{Column, Entity};
        if delivery_ids.is_empty() {
            return Ok(Vec::new());
        }
        let rows = Entity::find()
            .filter(Column::DeliveryId.is_in(delivery_ids.iter().map(ToString::to_string)))
            .order_by_asc(Column::AttemptedAt)
            .order_by_asc(Column::Id)
            .all(&self.db)
            .await
            .context("failed to read webhook attempts")?;
        rows.into_iter()
            .map(|row| {
                Ok(DeliveryAttempt {
                    id: stored("webhook_attempts.id", EntityId::parse(&row.id))?,
                    delivery_id: stored("webhook_attempts.delivery_id", EntityId::parse(&row.delivery_id))?,
                    attempted_at: row.attempted_at,
                    status: row.status.and_then(|status| u16::try_from(status).ok()),
                    excerpt: row.excerpt,
                    error: Some(row.error).filter(|error| !error.is_empty()),
                    duration_ms: u64::try_from(row.duration_ms).unwrap_or(0),
                })
            })
            .collect()
    }

    async fn claim_due_webhook(
        &self,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
    ) -> anyhow::Result<Option<WebhookDelivery>> {
        use webhook_delivery::{Column, Entity};
        let pending = DeliveryStatus::Pending.as_str();
        let active: Vec<String> = webhook_endpoint::Entity::find()
            .select_only()
            .column(webhook_endpoint::Column::Id)
            .filter(webhook_endpoint::Column::Active.eq(true))
            .into_tuple()
            .all(&self.db)
            .await
            .context("failed to read the active webhook endpoints")?;
        if active.is_empty() {
            return Ok(None);
        }
        let queue = Queue::<Entity> {
            id: Column::Id,
            status: Column::Status,
            next_attempt_at: Column::NextAttemptAt,
            pending,
            rows: "webhook deliveries",
        };
        let only = Condition::all().add(Column::EndpointId.is_in(active));
        let row = queue.claim_due(&self.db, only, now, lease_until).await?;
        row.map(delivery_from_row).transpose()
    }

    async fn record_webhook_attempt(
        &self,
        delivery: &WebhookDelivery,
        attempt: &DeliveryAttempt,
        health: EndpointHealth,
    ) -> anyhow::Result<()> {
        let transaction = self.db.begin().await.context("failed to begin a transaction")?;
        save_delivery(&transaction, delivery).await?;
        let row = webhook_attempt::ActiveModel {
            id: Set(attempt.id.to_string()),
            delivery_id: Set(attempt.delivery_id.to_string()),
            attempted_at: Set(attempt.attempted_at),
            status: Set(attempt.status.map(i32::from)),
            excerpt: Set(attempt.excerpt.clone()),
            error: Set(attempt.error.clone().unwrap_or_default()),
            duration_ms: Set(i64::try_from(attempt.duration_ms).unwrap_or(i64::MAX)),
        };
        webhook_attempt::Entity::insert(row)
            .exec_without_returning(&transaction)
            .await
            .context("failed to record a webhook attempt")?;
        webhook_endpoint::Entity::update_many()
            .col_expr(webhook_endpoint::Column::Active, Expr::value(health.active))
            .col_expr(webhook_endpoint::Column::FailingSince, Expr::value(health.failing_since))
            .col_expr(webhook_endpoint::Column::DisabledAt, Expr::value(health.disabled_at))
            .filter(webhook_endpoint::Column::Id.eq(health.endpoint_id.to_string()))
            .exec(&transaction)
            .await
            .context("failed to note a webhook endpoint's health")?;
        transaction.commit().await.context("failed to commit a webhook attempt")
    }

    async fn save_webhook_delivery(&self, delivery: &WebhookDelivery) -> anyhow::Result<()> {
        let transaction = self.db.begin().await.context("failed to begin a transaction")?;
        save_delivery(&transaction, delivery).await?;
        let recorded = audit::append(&transaction, Change::of(&delivery.endpoint_id)).await?;
        audit::commit(transaction, recorded).await
    }
}

async fn save_delivery(db: &impl ConnectionTrait, delivery: &WebhookDelivery) -> anyhow::Result<()> {
    let mut row = delivery_to_row(delivery)?;
    row.id = sea_orm::ActiveValue::Unchanged(delivery.id.to_string());
    webhook_delivery::Entity::update_many()
        .set(row)
        .filter(webhook_delivery::Column::Id.eq(delivery.id.to_string()))
        .exec(db)
        .await
        .context("failed to update a webhook delivery")?;
    Ok(())
}

fn delivery_to_row(delivery: &WebhookDelivery) -> anyhow::Result<webhook_delivery::ActiveModel> {
    Ok(webhook_delivery::ActiveModel {
        id: Set(delivery.id.to_string()),
        endpoint_id: Set(delivery.endpoint_id.to_string()),
        event_type: Set(delivery.event_type.clone()),
        subject: Set(delivery.subject.clone()),
        payload: Set(delivery.payload.clone()),
        status: Set(delivery.status.as_str().to_owned()),
        attempts: Set(i32::try_from(delivery.attempts).context("delivery attempts out of range")?),
        next_attempt_at: Set(delivery.next_attempt_at),
        last_status: Set(delivery.last_status.map(i32::from)),
        created_at: Set(delivery.created_at),
        delivered_at: Set(delivery.delivered_at),
    })
}

fn delivery_from_row(row: webhook_delivery::Model) -> anyhow::Result<WebhookDelivery> {
    Ok(WebhookDelivery {
        id: stored("webhook_deliveries.id", EntityId::parse(&row.id))?,
        endpoint_id: stored("webhook_deliveries.endpoint_id", EntityId::parse(&row.endpoint_id))?,
        event_type: row.event_type,
        subject: row.subject,
        payload: row.payload,
        status: stored("webhook_deliveries.status", DeliveryStatus::parse(&row.status))?,
        attempts: stored("webhook_deliveries.attempts", u32::try_from(row.attempts))?,
        next_attempt_at: row.next_attempt_at,
        last_status: row.last_status.and_then(|status| u16::try_from(status).ok()),
        created_at: row.created_at,
        delivered_at: row.delivered_at,
    })
}

impl Table for WebhookEndpoint {
    type Entity = webhook_endpoint::Entity;
    const ID: webhook_endpoint::Column = webhook_endpoint::Column::Id;
    const ROW: &'static str = "a webhook endpoint";

    fn to_row(&self) -> anyhow::Result<webhook_endpoint::ActiveModel> {
        Ok(webhook_endpoint::ActiveModel {
            id: Set(self.id.to_string()),
            url: Set(self.url.clone()),
            description: Set(self.description.clone()),
            events: Set(self.events.iter().map(|event| event.as_str()).collect::<Vec<_>>().join(",")),
            active: Set(self.active),
            sealed_secret: Set(self.sealed_secret.clone()),
            failing_since: Set(self.failing_since),
            disabled_at: Set(self.disabled_at),
            created_at: Set(self.created_at),
            updated_at: Set(self.updated_at),
            ..Default::default()
        })
    }

    fn from_row(row: webhook_endpoint::Model) -> anyhow::Result<Self> {
        let events = row
            .events
            .split(',')
            .filter(|word| !word.is_empty())
            .map(|word| stored("webhook_endpoints.events", EventType::parse(word)))
            .collect::<anyhow::Result<_>>()?;
        Ok(WebhookEndpoint {
            meta: crate::records::row_meta(&row)?,
            id: stored("webhook_endpoints.id", EntityId::parse(&row.id))?,
            url: row.url,
            description: row.description,
            events,
            active: row.active,
            sealed_secret: row.sealed_secret,
            failing_since: row.failing_since,
            disabled_at: row.disabled_at,
            created_at: row.created_at,
            updated_at: row.updated_at,
        })
    }
}
