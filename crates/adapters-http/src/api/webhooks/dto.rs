//! The webhooks' read and write shapes: an endpoint (with its secret, shown once), the events, and
//! a delivery with its attempts.

use atelier_domain::webhook::{DeliveryAttempt, DeliveryStatus, WebhookDelivery, WebhookEndpoint, WebhookInput};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// An event an endpoint may subscribe to.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
#[schema(as = WebhookEvent)]
pub enum WebhookEventDto {
    #[serde(rename = "post.published")]
    PostPublished,
    #[serde(rename = "post.updated")]
    PostUpdated,
    #[serde(rename = "post.unpublished")]
    PostUnpublished,
    #[serde(rename = "post.deleted")]
    PostDeleted,
    #[serde(rename = "post.translation.published")]
    PostTranslationPublished,
    #[serde(rename = "post.translation.updated")]
    PostTranslationUpdated,
    #[serde(rename = "post.translation.unpublished")]
    PostTranslationUnpublished,
    #[serde(rename = "post.translation.deleted")]
    PostTranslationDeleted,
    #[serde(rename = "project.published")]
    ProjectPublished,
    #[serde(rename = "project.updated")]
    ProjectUpdated,
    #[serde(rename = "project.unpublished")]
    ProjectUnpublished,
    #[serde(rename = "project.deleted")]
    ProjectDeleted,
    #[serde(rename = "page.published")]
    PagePublished,
    #[serde(rename = "page.updated")]
    PageUpdated,
    #[serde(rename = "page.unpublished")]
    PageUnpublished,
    #[serde(rename = "page.deleted")]
    PageDeleted,
    #[serde(rename = "contact.received")]
    ContactReceived,
    #[serde(rename = "project_request.received")]
    ProjectRequestReceived,
    #[serde(rename = "project_request.status_changed")]
    ProjectRequestStatusChanged,
    #[serde(rename = "newsletter.confirmed")]
    NewsletterConfirmed,
}

/// A registered endpoint. Its secret is never shown again after creation or rotation.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Webhook)]
pub struct WebhookDto {
    /// The record's version and who created and last changed it.
    #[serde(flatten)]
    pub meta: crate::versions::MetaDto,
    /// 24 lowercase hexadecimal characters.
    #[serde(rename = "_id")]
    #[schema(example = "65f1c2a9b4e8d70012345678")]
    pub id: String,
    #[schema(example = "https://hooks.example.com/atelier")]
    pub url: String,
    pub description: String,
    /// The events it hears of, among `WebhookEvent`'s.
    #[schema(value_type = Vec<WebhookEventDto>)]
    pub events: Vec<String>,
    /// Whether deliveries are queued and sent to it.
    pub active: bool,
    /// Since when its deliveries have failed with no success between; `null` while healthy.
    pub failing_since: Option<DateTime<Utc>>,
    /// When it was switched off for failing a whole day; `null` unless it was.
    pub disabled_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<WebhookEndpoint> for WebhookDto {
    fn from(endpoint: WebhookEndpoint) -> Self {
        Self {
            meta: endpoint.meta.into(),
            id: endpoint.id.to_string(),
            url: endpoint.url,
            description: endpoint.description,
            events: endpoint.events.iter().map(|event| event.as_str().to_owned()).collect(),
            active: endpoint.active,
            failing_since: endpoint.failing_since,
            disabled_at: endpoint.disabled_at,
            created_at: endpoint.created_at,
            updated_at: endpoint.updated_at,
        }
    }
}

/// Every endpoint, oldest first.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = WebhookList)]
pub struct WebhookListDto {
    pub webhooks: Vec<WebhookDto>,
    /// Every event there is, in the order the screen offers them.
    #[schema(value_type = Vec<WebhookEventDto>)]
    pub events: Vec<String>,
}

/// An endpoint with its signing secret, shown this once.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = WebhookWithSecret)]
pub struct WebhookWithSecretDto {
    pub webhook: WebhookDto,
    /// `whsec_` and the key in base64: the receiver verifies signatures with it. Shown only now.
    #[schema(example = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")]
    pub secret: String,
}

/// The fields of an endpoint to create or change. On creation `url` and `events` are required; on
/// update, fields left out keep their values. Strings are trimmed.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = WebhookInput)]
pub struct WebhookInputDto {
    /// An absolute `http` or `https` URL without a user name or password; at most 2048
    /// characters. Deliveries go only to public addresses (unless the server allows a network).
    pub url: Option<String>,
    /// At most 500 characters; may be empty.
    pub description: Option<String>,
    /// At least one event.
    #[schema(value_type = Option<Vec<WebhookEventDto>>)]
    pub events: Option<Vec<String>>,
    /// `true` by default. Switching a disabled endpoint on forgets its failures.
    pub active: Option<bool>,
}

impl From<WebhookInputDto> for WebhookInput {
    fn from(dto: WebhookInputDto) -> Self {
        Self { url: dto.url, description: dto.description, events: dto.events, active: dto.active }
    }
}

/// Where a delivery stands.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = WebhookDeliveryStatus)]
pub enum DeliveryStatusDto {
    Pending,
    Delivered,
    Failed,
}

impl From<DeliveryStatus> for DeliveryStatusDto {
    fn from(status: DeliveryStatus) -> Self {
        match status {
            DeliveryStatus::Pending => Self::Pending,
            DeliveryStatus::Delivered => Self::Delivered,
            DeliveryStatus::Failed => Self::Failed,
        }
    }
}

/// One attempt to send a delivery.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = WebhookAttempt)]
pub struct AttemptDto {
    pub attempted_at: DateTime<Utc>,
    /// The answer's HTTP status; `null` when none came.
    pub status: Option<u16>,
    /// The start of the answer's body (at most 4 KiB).
    pub excerpt: String,
    /// Why it failed without an acceptable answer (refused address, time-out, redirect…).
    pub error: Option<String>,
    pub duration_ms: u64,
}

impl From<DeliveryAttempt> for AttemptDto {
    fn from(attempt: DeliveryAttempt) -> Self {
        Self {
            attempted_at: attempt.attempted_at,
            status: attempt.status,
            excerpt: attempt.excerpt,
            error: attempt.error,
            duration_ms: attempt.duration_ms,
        }
    }
}

/// One message to one endpoint, with its attempts.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = WebhookDelivery)]
pub struct DeliveryDto {
    /// Also the message's `webhook-id`.
    #[serde(rename = "_id")]
    pub id: String,
    /// A `WebhookEvent`, or `webhook.test`.
    #[schema(example = "post.published")]
    pub event_type: String,
    pub status: DeliveryStatusDto,
    /// Attempts in the current round (a redelivery starts a new one).
    pub attempts: u32,
    /// When a pending delivery is tried next.
    pub next_attempt_at: DateTime<Utc>,
    pub last_status: Option<u16>,
    pub created_at: DateTime<Utc>,
    pub delivered_at: Option<DateTime<Utc>>,
    /// The JSON body sent.
    pub payload: String,
    /// Every attempt, oldest first.
    pub attempt_log: Vec<AttemptDto>,
}

impl DeliveryDto {
    pub(super) fn new(delivery: WebhookDelivery, attempts: Vec<DeliveryAttempt>) -> Self {
        Self {
            id: delivery.id.to_string(),
            event_type: delivery.event_type,
            status: delivery.status.into(),
            attempts: delivery.attempts,
            next_attempt_at: delivery.next_attempt_at,
            last_status: delivery.last_status,
            created_at: delivery.created_at,
            delivered_at: delivery.delivered_at,
            payload: delivery.payload,
            attempt_log: attempts.into_iter().map(AttemptDto::from).collect(),
        }
    }
}

/// An endpoint's latest deliveries (at most 50), newest first.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = WebhookDeliveryList)]
pub struct DeliveryListDto {
    pub deliveries: Vec<DeliveryDto>,
}
