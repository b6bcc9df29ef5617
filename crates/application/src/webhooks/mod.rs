//! Webhooks: endpoints an administrator registers, and the durable, signed delivery of events to
//! them.
//!
//! A write that matters to subscribers (a post published, a contact message received…) queues its
//! deliveries in the store, inside the write's own transaction ([`events`]); [`WebhookDispatch`],
//! run in the background by every instance, claims due deliveries one at a time with a lease (so
//! each goes out once however many instances run), signs and sends them through the
//! [`ports::WebhookSender`], records each attempt and retries failures on the domain's schedule.
//! A publication scheduled for later is a delivery due at that time: the same claim sends it once.
//!
//! Secrets are sealed at rest ([`SecretSealer`], the endpoint's id as context) and shown only when
//! made: on creation and on rotation.

pub mod events;
#[cfg(test)]
pub(crate) mod fake;
pub mod ports;
#[cfg(test)]
mod tests;
mod translation_events;

use std::sync::Arc;

use atelier_domain::EntityId;
use atelier_domain::webhook::{
    self, DeliveryAttempt, DeliveryStatus, TEST_EVENT, WebhookChanges, WebhookDelivery, WebhookEndpoint, WebhookInput,
};
use chrono::Duration;
use serde_json::json;

pub use self::events::{Announcement, Announces};
use self::ports::{EndpointHealth, OutgoingWebhook, WebhookRepository, WebhookSender};
use crate::ports::{Clock, SecretSealer};
use crate::records::{self, LookupError, RecordRepository, WriteError};

/// How long a claimed delivery is left to its sender before another instance may claim it: far
/// longer than one attempt may take.
pub const LEASE: Duration = Duration::minutes(2);

/// The most deliveries one pass sends, so a long queue cannot hold a sender forever.
pub const MAX_PER_PASS: u32 = 50;

/// How many of an endpoint's latest deliveries its screen lists.
pub const DELIVERIES_SHOWN: u64 = 50;

/// A delivery with its attempts, oldest first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeliveryLog {
    pub delivery: WebhookDelivery,
    pub attempts: Vec<DeliveryAttempt>,
}

/// The seal's context for an endpoint's secret: sealed bytes copied to another endpoint do not open.
fn context(id: EntityId) -> Vec<u8> {
    format!("webhook:{id}").into_bytes()
}

/// Managing endpoints: the back office's use cases.
#[derive(Clone)]
pub struct Webhooks<S, C> {
    store: S,
    sealer: Arc<dyn SecretSealer>,
    clock: C,
}

impl<S, C> std::fmt::Debug for Webhooks<S, C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Webhooks").finish_non_exhaustive()
    }
}

impl<S: WebhookRepository, C: Clock> Webhooks<S, C> {
    pub fn new(store: S, sealer: Arc<dyn SecretSealer>, clock: C) -> Self {
        Self { store, sealer, clock }
    }

    /// Every endpoint, oldest first.
    ///
    /// # Errors
    /// Only infrastructure faults.
    pub async fn list(&self) -> anyhow::Result<Vec<WebhookEndpoint>> {
        self.store.list_webhook_endpoints().await
    }

    /// # Errors
    /// [`LookupError::NotFound`] for an unknown id.
    pub async fn get(&self, id: &str) -> Result<WebhookEndpoint, LookupError> {
        records::get(&self.store, id, |_| true).await
    }

    /// Registers an endpoint with a new secret; the secret is returned this once.
    ///
    /// # Errors
    /// [`WriteError::Invalid`] for a bad field.
    pub async fn create(&self, input: WebhookInput) -> Result<(WebhookEndpoint, String), WriteError> {
        let changes = WebhookChanges::parse(input, true).map_err(WriteError::Invalid)?;
        let id = self.clock.new_id();
        let secret = webhook::new_secret();
        let sealed = self.sealer.seal(secret.as_bytes(), &context(id))?;
        let mut endpoint = WebhookEndpoint::create(id, changes, sealed, self.clock.now());
        self.store.insert(&mut endpoint).await?;
        Ok((endpoint, secret))
    }

    /// Changes the fields sent; the others keep their values.
    ///
    /// # Errors
    /// [`WriteError::Invalid`] for a bad field, [`WriteError::NotFound`] for an unknown id.
    pub async fn update(&self, id: &str, input: WebhookInput) -> Result<WebhookEndpoint, WriteError> {
        let id = records::parse_id::<WebhookEndpoint>(id)?;
        let changes = WebhookChanges::parse(input, false).map_err(WriteError::Invalid)?;
        records::update(&self.store, id, |endpoint: &mut WebhookEndpoint| endpoint.apply(changes, self.clock.now()))
            .await
    }

    /// # Errors
    /// [`LookupError::NotFound`] for an unknown id.
    pub async fn delete(&self, id: &str) -> Result<(), LookupError> {
        records::delete::<WebhookEndpoint>(&self.store, id).await
    }

    /// Replaces the endpoint's secret with a new one, returned this once; messages already queued
    /// are signed with the new one when sent.
    ///
    /// # Errors
    /// [`LookupError::NotFound`] for an unknown id.
    pub async fn rotate_secret(&self, id: &str) -> Result<(WebhookEndpoint, String), WriteError> {
        let id = records::parse_id::<WebhookEndpoint>(id)?;
        let secret = webhook::new_secret();
        let sealed = self.sealer.seal(secret.as_bytes(), &context(id))?;
        let now = self.clock.now();
        let endpoint = records::update::<_, WriteError>(&self.store, id, |endpoint: &mut WebhookEndpoint| {
            endpoint.sealed_secret = sealed;
            endpoint.updated_at = now;
        })
        .await?;
        Ok((endpoint, secret))
    }

    /// Queues a `webhook.test` message for the endpoint alone, due now.
    ///
    /// # Errors
    /// [`LookupError::NotFound`] for an unknown id.
    pub async fn send_test(&self, id: &str) -> Result<WebhookDelivery, LookupError> {
        let endpoint = self.get(id).await?;
        let now = self.clock.now();
        let data = json!({ "endpointId": endpoint.id.to_string(), "message": "A test event from Atelier" });
        let payload = events::payload(TEST_EVENT, now, &data);
        let delivery = WebhookDelivery::queued(
            self.clock.new_id(),
            endpoint.id,
            TEST_EVENT,
            &endpoint.id.to_string(),
            payload,
            now,
            now,
        );
        self.store.queue_webhook_delivery(&delivery).await?;
        Ok(delivery)
    }

    /// The endpoint's latest deliveries, newest first, each with its attempts.
    ///
    /// # Errors
    /// [`LookupError::NotFound`] for an unknown id.
    pub async fn deliveries(&self, id: &str) -> Result<Vec<DeliveryLog>, LookupError> {
        let endpoint = self.get(id).await?;
        let listed = self.store.list_webhook_deliveries(endpoint.id, DELIVERIES_SHOWN).await?;
        let ids: Vec<EntityId> = listed.iter().map(|delivery| delivery.id).collect();
        let mut attempts = self.store.webhook_attempts(&ids).await?;
        // The deliveries again, read after their attempts: an attempt is written with its
        // delivery's next state, so a delivery read before that write beside attempts read after
        // it would show the new attempt with the claim's lease as the next attempt. Read again,
        // each delivery is at least as new as its attempts.
        let deliveries = self.store.list_webhook_deliveries(endpoint.id, DELIVERIES_SHOWN).await?;
        Ok(deliveries
            .into_iter()
            .map(|delivery| {
                let (mine, rest): (Vec<_>, Vec<_>) =
                    attempts.drain(..).partition(|attempt| attempt.delivery_id == delivery.id);
                attempts = rest;
                DeliveryLog { delivery, attempts: mine }
            })
            .collect())
    }

    /// Sends one of the endpoint's deliveries again, now, with a fresh round of attempts.
    ///
    /// # Errors
    /// [`LookupError::NotFound`] for an unknown endpoint or a delivery of another endpoint.
    pub async fn redeliver(&self, id: &str, delivery_id: &str) -> Result<WebhookDelivery, LookupError> {
        let endpoint = self.get(id).await?;
        let not_found = || LookupError::NotFound("Delivery");
        let delivery_id = EntityId::parse(delivery_id).map_err(|_| not_found())?;
        let mut delivery = self
            .store
            .find_webhook_delivery(delivery_id)
            .await?
            .filter(|delivery| delivery.endpoint_id == endpoint.id)
            .ok_or_else(not_found)?;
        delivery.redeliver(self.clock.now());
        self.store.save_webhook_delivery(&delivery).await?;
        Ok(delivery)
    }
}

/// What one dispatch pass did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DispatchReport {
    pub delivered: u32,
    /// Failed attempts that will be tried again.
    pub retrying: u32,
    /// Deliveries given up on.
    pub failed: u32,
    /// Endpoints switched off for failing a day.
    pub disabled: u32,
    /// The pass stopped at [`MAX_PER_PASS`] with deliveries possibly still due.
    pub more_due: bool,
}

/// Sends the due deliveries: the background worker's use case.
#[derive(Clone)]
pub struct WebhookDispatch<S, W, C> {
    store: S,
    sender: W,
    sealer: Arc<dyn SecretSealer>,
    clock: C,
}

impl<S, W, C> std::fmt::Debug for WebhookDispatch<S, W, C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WebhookDispatch").finish_non_exhaustive()
    }
}

impl<S: WebhookRepository, W: WebhookSender, C: Clock> WebhookDispatch<S, W, C> {
    pub fn new(store: S, sender: W, sealer: Arc<dyn SecretSealer>, clock: C) -> Self {
        Self { store, sender, sealer, clock }
    }

    /// Claims the deliveries due now one at a time, sends each and records the attempt, until none
    /// is due or [`MAX_PER_PASS`] were tried.
    ///
    /// # Errors
    /// When the store cannot be read or written; deliveries tried so far keep their attempts.
    pub async fn deliver_due(&self) -> anyhow::Result<DispatchReport> {
        let mut report = DispatchReport::default();
        for _ in 0..MAX_PER_PASS {
            let now = self.clock.now();
            let Some(mut delivery) = self.store.claim_due_webhook(now, now + LEASE).await? else {
                return Ok(report);
            };
            let Some(mut endpoint) =
                RecordRepository::<WebhookEndpoint>::find(&self.store, delivery.endpoint_id).await?
            else {
                continue;
            };
            let result = match self.sealer.open(&endpoint.sealed_secret, &context(endpoint.id)) {
                Ok(secret) => {
                    let secret = String::from_utf8_lossy(&secret).into_owned();
                    let id = delivery.id.to_string();
                    let message = OutgoingWebhook {
                        url: &endpoint.url,
                        id: &id,
                        timestamp: now.timestamp(),
                        body: &delivery.payload,
                        secret: &secret,
                    };
                    self.sender.send(message).await
                }
                Err(_) => webhook::AttemptResult {
                    status: None,
                    excerpt: String::new(),
                    error: Some("the endpoint's secret cannot be opened with this server's key: rotate it".into()),
                    duration_ms: 0,
                },
            };
            let at = self.clock.now();
            let succeeded = result.succeeded();
            let attempt = delivery.record_attempt(self.clock.new_id(), result, at);
            let disabled = endpoint.note_attempt(succeeded, at);
            self.store.record_webhook_attempt(&delivery, &attempt, EndpointHealth::of(&endpoint)).await?;
            match delivery.status {
                DeliveryStatus::Delivered => report.delivered += 1,
                DeliveryStatus::Pending => report.retrying += 1,
                DeliveryStatus::Failed => report.failed += 1,
            }
            if disabled {
                report.disabled += 1;
                tracing::warn!(endpoint = %endpoint.id, url = %endpoint.url, "webhook endpoint switched off after a day of failures");
            }
            tracing::info!(
                delivery = %delivery.id,
                endpoint = %endpoint.id,
                event = %delivery.event_type,
                status = ?attempt.status,
                error = ?attempt.error,
                outcome = delivery.status.as_str(),
                "webhook attempt"
            );
        }
        report.more_due = true;
        Ok(report)
    }
}
