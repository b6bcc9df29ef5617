//! The in-memory endpoints and deliveries, the fake store's side of announcements, and a sender that
//! records what it is given.

use std::sync::{Arc, Mutex};

use atelier_domain::EntityId;
use atelier_domain::webhook::{AttemptResult, DeliveryAttempt, DeliveryStatus, WebhookDelivery, WebhookEndpoint};
use chrono::{DateTime, Utc};

use super::events::Announcement;
use super::ports::{EndpointHealth, OutgoingWebhook, WebhookRepository, WebhookSender};
use crate::fake::{FakeRecord, InMemoryStore, Tables};

impl FakeRecord for WebhookEndpoint {}

/// Queues the deliveries `announcements` ask for, as the database adapter does in a write's
/// transaction (here the write and its deliveries share the store's lock).
pub fn announce(tables: &mut Tables, announcements: Vec<Announcement>) {
    let now = Utc::now();
    for announcement in announcements {
        match announcement {
            Announcement::Withdraw { event, subject } => {
                tables.private_rows_mut::<WebhookDelivery>().retain(|delivery| {
                    !(delivery.event_type == event.as_str()
                        && delivery.subject == subject
                        && delivery.status == DeliveryStatus::Pending
                        && delivery.attempts == 0
                        && delivery.next_attempt_at > now)
                });
            }
            Announcement::Event { event, subject, payload, due } => {
                let endpoints: Vec<EntityId> = tables
                    .rows::<WebhookEndpoint>()
                    .iter()
                    .filter(|endpoint| endpoint.subscribes_to(event))
                    .map(|endpoint| endpoint.id)
                    .collect();
                for endpoint in endpoints {
                    let delivery = WebhookDelivery::queued(
                        EntityId::generate(now),
                        endpoint,
                        event.as_str(),
                        &subject,
                        payload.clone(),
                        due,
                        now,
                    );
                    tables.private_rows_mut().push(delivery);
                }
            }
        }
    }
}

impl WebhookRepository for InMemoryStore {
    async fn list_webhook_endpoints(&self) -> anyhow::Result<Vec<WebhookEndpoint>> {
        self.with(|tables| Ok(tables.rows::<WebhookEndpoint>().to_vec()))
    }

    async fn queue_webhook_delivery(&self, delivery: &WebhookDelivery) -> anyhow::Result<()> {
        self.with(|tables| tables.private_rows_mut().push(delivery.clone()));
        Ok(())
    }

    async fn find_webhook_delivery(&self, id: EntityId) -> anyhow::Result<Option<WebhookDelivery>> {
        self.with(|tables| Ok(tables.rows::<WebhookDelivery>().iter().find(|delivery| delivery.id == id).cloned()))
    }

    async fn list_webhook_deliveries(&self, endpoint_id: EntityId, limit: u64) -> anyhow::Result<Vec<WebhookDelivery>> {
        self.with(|tables| {
            let mut deliveries: Vec<WebhookDelivery> = tables
                .rows::<WebhookDelivery>()
                .iter()
                .filter(|delivery| delivery.endpoint_id == endpoint_id)
                .cloned()
                .collect();
            deliveries.sort_by(|a, b| b.created_at.cmp(&a.created_at).then(b.id.cmp(&a.id)));
            deliveries.truncate(usize::try_from(limit).unwrap_or(usize::MAX));
            Ok(deliveries)
        })
    }

    async fn webhook_attempts(&self, delivery_ids: &[EntityId]) -> anyhow::Result<Vec<DeliveryAttempt>> {
        self.with(|tables| {
            Ok(tables
                .rows::<DeliveryAttempt>()
                .iter()
                .filter(|attempt| delivery_ids.contains(&attempt.delivery_id))
                .cloned()
                .collect())
        })
    }

    async fn claim_due_webhook(
        &self,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
    ) -> anyhow::Result<Option<WebhookDelivery>> {
        self.with(|tables| {
            let active: Vec<EntityId> =
                tables.rows::<WebhookEndpoint>().iter().filter(|endpoint| endpoint.active).map(|e| e.id).collect();
            let due = tables
                .private_rows_mut::<WebhookDelivery>()
                .iter_mut()
                .filter(|delivery| {
                    delivery.status == DeliveryStatus::Pending
                        && delivery.next_attempt_at <= now
                        && active.contains(&delivery.endpoint_id)
                })
                .min_by_key(|delivery| (delivery.next_attempt_at, delivery.id));
            Ok(due.map(|delivery| {
                delivery.next_attempt_at = lease_until;
                delivery.clone()
            }))
        })
    }

    async fn record_webhook_attempt(
        &self,
        delivery: &WebhookDelivery,
        attempt: &DeliveryAttempt,
        health: EndpointHealth,
    ) -> anyhow::Result<()> {
        self.with(|tables| {
            if let Some(stored) =
                tables.private_rows_mut::<WebhookDelivery>().iter_mut().find(|row| row.id == delivery.id)
            {
                *stored = delivery.clone();
            }
            tables.private_rows_mut().push(attempt.clone());
            if let Some(endpoint) =
                tables.rows_mut::<WebhookEndpoint>().iter_mut().find(|endpoint| endpoint.id == health.endpoint_id)
            {
                endpoint.active = health.active;
                endpoint.failing_since = health.failing_since;
                endpoint.disabled_at = health.disabled_at;
            }
        });
        Ok(())
    }

    async fn save_webhook_delivery(&self, delivery: &WebhookDelivery) -> anyhow::Result<()> {
        self.with(|tables| {
            if let Some(stored) =
                tables.private_rows_mut::<WebhookDelivery>().iter_mut().find(|row| row.id == delivery.id)
            {
                *stored = delivery.clone();
            }
        });
        Ok(())
    }
}

/// A message as the fake sender received it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Received {
    pub url: String,
    pub id: String,
    pub timestamp: i64,
    pub body: String,
    pub secret: String,
}

/// A sender that keeps what it is given and answers with the status it is told (204 by default).
#[derive(Debug, Clone, Default)]
pub struct FakeSender(Arc<Mutex<SenderState>>);

#[derive(Debug, Default)]
struct SenderState {
    status: Option<u16>,
    received: Vec<Received>,
}

impl FakeSender {
    /// Every send from now on is answered with `status`.
    pub fn answer(&self, status: u16) {
        self.0.lock().unwrap().status = Some(status);
    }

    pub fn received(&self) -> Vec<Received> {
        self.0.lock().unwrap().received.clone()
    }
}

impl WebhookSender for FakeSender {
    async fn send(&self, message: OutgoingWebhook<'_>) -> AttemptResult {
        let mut state = self.0.lock().unwrap();
        state.received.push(Received {
            url: message.url.to_owned(),
            id: message.id.to_owned(),
            timestamp: message.timestamp,
            body: message.body.to_owned(),
            secret: message.secret.to_owned(),
        });
        let status = state.status.unwrap_or(204);
        AttemptResult { status: Some(status), excerpt: format!("answered {status}"), error: None, duration_ms: 1 }
    }
}
