//! What the webhooks need: the store of endpoints and deliveries, and a sender that signs and posts
//! one message.

use std::future::Future;

use atelier_domain::EntityId;
use atelier_domain::meta::RecordMeta;
use atelier_domain::webhook::{AttemptResult, DeliveryAttempt, WebhookDelivery, WebhookEndpoint};
use chrono::{DateTime, Utc};

use crate::records::{Record, RecordRepository};

impl Record for WebhookEndpoint {
    const LABEL: &'static str = "Webhook";
    type SaveError = anyhow::Error;
    type DeleteError = anyhow::Error;

    fn id(&self) -> EntityId {
        self.id
    }

    fn meta(&self) -> &RecordMeta {
        &self.meta
    }

    fn meta_mut(&mut self) -> &mut RecordMeta {
        &mut self.meta
    }

    fn title(&self) -> String {
        self.url.clone()
    }
}

/// An endpoint's health after an attempt, written with the attempt (not an edit: its version and
/// last editor stay).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EndpointHealth {
    pub endpoint_id: EntityId,
    pub active: bool,
    pub failing_since: Option<DateTime<Utc>>,
    pub disabled_at: Option<DateTime<Utc>>,
}

impl EndpointHealth {
    pub fn of(endpoint: &WebhookEndpoint) -> Self {
        Self {
            endpoint_id: endpoint.id,
            active: endpoint.active,
            failing_since: endpoint.failing_since,
            disabled_at: endpoint.disabled_at,
        }
    }
}

/// Stored endpoints (records with versions) and their deliveries. Deliveries of the content's
/// events are queued by the store itself, in the write's own transaction (see
/// [`super::Announcement`]); the ones here are for the test event and the worker.
pub trait WebhookRepository: RecordRepository<WebhookEndpoint> {
    /// Every endpoint, oldest first.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn list_webhook_endpoints(&self) -> impl Future<Output = anyhow::Result<Vec<WebhookEndpoint>>> + Send;

    /// Queues one delivery.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn queue_webhook_delivery(&self, delivery: &WebhookDelivery) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// # Errors
    /// Only infrastructure faults.
    fn find_webhook_delivery(
        &self,
        id: EntityId,
    ) -> impl Future<Output = anyhow::Result<Option<WebhookDelivery>>> + Send;

    /// An endpoint's latest deliveries, newest first, at most `limit`.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn list_webhook_deliveries(
        &self,
        endpoint_id: EntityId,
        limit: u64,
    ) -> impl Future<Output = anyhow::Result<Vec<WebhookDelivery>>> + Send;

    /// The attempts of these deliveries, oldest first.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn webhook_attempts(
        &self,
        delivery_ids: &[EntityId],
    ) -> impl Future<Output = anyhow::Result<Vec<DeliveryAttempt>>> + Send;

    /// Claims one pending delivery due by `now` for an active endpoint, moving its next attempt to
    /// `lease_until` in the same conditional write, so of several instances exactly one gets it.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn claim_due_webhook(
        &self,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
    ) -> impl Future<Output = anyhow::Result<Option<WebhookDelivery>>> + Send;

    /// Stores a delivery as it now stands with its attempt, and the endpoint's health, together.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn record_webhook_attempt(
        &self,
        delivery: &WebhookDelivery,
        attempt: &DeliveryAttempt,
        health: EndpointHealth,
    ) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// Stores a delivery set to go again ([`WebhookDelivery::redeliver`]).
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn save_webhook_delivery(&self, delivery: &WebhookDelivery) -> impl Future<Output = anyhow::Result<()>> + Send;
}

/// One signed message to send.
#[derive(Debug, Clone, Copy)]
pub struct OutgoingWebhook<'a> {
    pub url: &'a str,
    /// The `webhook-id`.
    pub id: &'a str,
    /// The `webhook-timestamp`: seconds since the epoch, at the attempt.
    pub timestamp: i64,
    /// The JSON body, signed byte for byte.
    pub body: &'a str,
    /// The endpoint's `whsec_…` secret.
    pub secret: &'a str,
}

/// Signs a message (Standard Webhooks: `webhook-id`, `webhook-timestamp`, `webhook-signature`) and
/// posts it, refusing addresses the configuration does not allow. Never fails: what went wrong is
/// in the result.
pub trait WebhookSender: Send + Sync + 'static {
    fn send(&self, message: OutgoingWebhook<'_>) -> impl Future<Output = AttemptResult> + Send;
}
