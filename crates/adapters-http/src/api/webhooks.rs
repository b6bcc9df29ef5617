//! `/webhooks`: the endpoints that hear of Atelier's events, their secrets and their deliveries.

use actix_web::{HttpResponse, web};
use atelier_application::ports::SharedClock;
use atelier_application::store::Store;
use atelier_application::webhooks::{DeliveryLog, Webhooks};
use atelier_domain::webhook::{
    DeliveryAttempt, DeliveryStatus, EventType, WebhookDelivery, WebhookEndpoint, WebhookInput,
};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::contract::Rules;
use crate::error::ApiError;
use crate::extract::JsonBody;
use crate::ports::Ports;
use crate::responses::Deleted;

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
    fn new(delivery: WebhookDelivery, attempts: Vec<DeliveryAttempt>) -> Self {
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

type Service<S> = web::Data<Webhooks<S, SharedClock>>;

/// List webhooks
///
/// Every registered endpoint, oldest first, and the events there are.
#[utoipa::path(
    get, path = "/webhooks", tag = "webhooks", operation_id = "listWebhooks",
    responses((status = 200, description = "The endpoints", body = WebhookListDto))
)]
pub async fn list_webhooks<S: Store>(webhooks: Service<S>) -> Result<web::Json<WebhookListDto>, ApiError> {
    let endpoints = webhooks.list().await?;
    Ok(web::Json(WebhookListDto {
        webhooks: endpoints.into_iter().map(WebhookDto::from).collect(),
        events: EventType::ALL.iter().map(|event| event.as_str().to_owned()).collect(),
    }))
}

/// Get a webhook
#[utoipa::path(
    get, path = "/webhooks/{id}", tag = "webhooks", operation_id = "getWebhook",
    params(("id" = String, Path, description = "The endpoint's `_id`")),
    responses((status = 200, description = "The endpoint", body = WebhookDto))
)]
pub async fn get_webhook<S: Store>(
    webhooks: Service<S>,
    id: web::Path<String>,
) -> Result<web::Json<WebhookDto>, ApiError> {
    Ok(web::Json(webhooks.get(&id).await?.into()))
}

/// Create a webhook
///
/// Registers an endpoint with a new signing secret, returned this once: keep it where the receiver
/// verifies signatures.
#[utoipa::path(
    post, path = "/webhooks", tag = "webhooks", operation_id = "createWebhook",
    request_body = WebhookInputDto,
    responses((status = 201, description = "The endpoint and its secret", body = WebhookWithSecretDto))
)]
pub async fn create_webhook<S: Store>(
    webhooks: Service<S>,
    body: JsonBody<WebhookInputDto>,
) -> Result<HttpResponse, ApiError> {
    let (endpoint, secret) = webhooks.create(body.0.into()).await?;
    Ok(HttpResponse::Created().json(WebhookWithSecretDto { webhook: endpoint.into(), secret }))
}

/// Update a webhook
///
/// Changes the fields sent; fields left out keep their values.
#[utoipa::path(
    put, path = "/webhooks/{id}", tag = "webhooks", operation_id = "updateWebhook",
    params(("id" = String, Path, description = "The endpoint's `_id`")),
    request_body = WebhookInputDto,
    responses((status = 200, description = "The updated endpoint", body = WebhookDto))
)]
pub async fn update_webhook<S: Store>(
    webhooks: Service<S>,
    id: web::Path<String>,
    body: JsonBody<WebhookInputDto>,
) -> Result<web::Json<WebhookDto>, ApiError> {
    let updated = webhooks.update(&id, body.0.into()).await;
    let current = || async { Ok(WebhookDto::from(webhooks.get(&id).await?)) };
    Ok(web::Json(crate::versions::or_current(updated, current).await?.into()))
}

/// Delete a webhook
///
/// Removes the endpoint with its deliveries.
#[utoipa::path(
    delete, path = "/webhooks/{id}", tag = "webhooks", operation_id = "deleteWebhook",
    params(("id" = String, Path, description = "The endpoint's `_id`")),
    responses(Deleted)
)]
pub async fn delete_webhook<S: Store>(webhooks: Service<S>, id: web::Path<String>) -> Result<HttpResponse, ApiError> {
    webhooks.delete(&id).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// Rotate a webhook's secret
///
/// Replaces the signing secret with a new one, returned this once; the old one stops working at
/// once (messages still queued are signed with the new one).
#[utoipa::path(
    post, path = "/webhooks/{id}/secret", tag = "webhooks", operation_id = "rotateWebhookSecret",
    params(("id" = String, Path, description = "The endpoint's `_id`")),
    responses((status = 200, description = "The endpoint and its new secret", body = WebhookWithSecretDto))
)]
pub async fn rotate_webhook_secret<S: Store>(
    webhooks: Service<S>,
    id: web::Path<String>,
) -> Result<web::Json<WebhookWithSecretDto>, ApiError> {
    let (endpoint, secret) = webhooks.rotate_secret(&id).await?;
    Ok(web::Json(WebhookWithSecretDto { webhook: endpoint.into(), secret }))
}

/// Send a test event
///
/// Queues a `webhook.test` message for this endpoint alone; it goes out within seconds while the
/// endpoint is active.
#[utoipa::path(
    post, path = "/webhooks/{id}/test", tag = "webhooks", operation_id = "sendWebhookTest",
    params(("id" = String, Path, description = "The endpoint's `_id`")),
    responses((status = 202, description = "The queued delivery", body = DeliveryDto))
)]
pub async fn send_webhook_test<S: Store>(
    webhooks: Service<S>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let delivery = webhooks.send_test(&id).await?;
    Ok(HttpResponse::Accepted().json(DeliveryDto::new(delivery, Vec::new())))
}

/// List a webhook's deliveries
///
/// Its latest 50 deliveries, newest first, each with its attempts.
#[utoipa::path(
    get, path = "/webhooks/{id}/deliveries", tag = "webhooks", operation_id = "listWebhookDeliveries",
    params(("id" = String, Path, description = "The endpoint's `_id`")),
    responses((status = 200, description = "The deliveries", body = DeliveryListDto))
)]
pub async fn list_webhook_deliveries<S: Store>(
    webhooks: Service<S>,
    id: web::Path<String>,
) -> Result<web::Json<DeliveryListDto>, ApiError> {
    let logs = webhooks.deliveries(&id).await?;
    Ok(web::Json(DeliveryListDto {
        deliveries: logs
            .into_iter()
            .map(|DeliveryLog { delivery, attempts }| DeliveryDto::new(delivery, attempts))
            .collect(),
    }))
}

/// Redeliver a message
///
/// Sends one of the endpoint's deliveries again now, with the same `webhook-id` and body and a
/// fresh round of attempts.
#[utoipa::path(
    post, path = "/webhooks/{id}/deliveries/{deliveryId}/redeliver", tag = "webhooks",
    operation_id = "redeliverWebhook",
    params(
        ("id" = String, Path, description = "The endpoint's `_id`"),
        ("deliveryId" = String, Path, description = "The delivery's `_id`"),
    ),
    responses((status = 202, description = "The delivery, queued again", body = DeliveryDto))
)]
pub async fn redeliver_webhook<S: Store>(
    webhooks: Service<S>,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, ApiError> {
    let (id, delivery_id) = path.into_inner();
    let delivery = webhooks.redeliver(&id, &delivery_id).await?;
    Ok(HttpResponse::Accepted().json(DeliveryDto::new(delivery, Vec::new())))
}

/// The operations of this resource, documented: nested into the API document by [`super::documents`].
#[derive(Debug, OpenApi)]
#[openapi(
    paths(
        list_webhooks,
        get_webhook,
        create_webhook,
        update_webhook,
        delete_webhook,
        rotate_webhook_secret,
        send_webhook_test,
        list_webhook_deliveries,
        redeliver_webhook
    ),
    tags((name = "webhooks", description = "Endpoints that hear of Atelier's events, signed per Standard Webhooks")),
)]
pub struct Doc;

/// The rules of the bodies this resource takes, from the domain's limits ([`crate::contract`]):
/// collected by [`super::rules`].
pub fn rules() -> Rules {
    use atelier_domain::webhook;

    use crate::contract::{creating, filled_url, one_of, some_list, text};

    let events: Vec<&str> = EventType::ALL.iter().map(|event| event.as_str()).collect();
    Rules::bodies(vec![creating::<WebhookInputDto>(
        "NewWebhook",
        &["createWebhook"],
        vec![
            ("url", filled_url().required()),
            ("description", text(webhook::MAX_DESCRIPTION_LEN)),
            ("events", some_list(webhook::MAX_EVENTS, one_of(&events)).required()),
        ],
    )])
}

pub fn routes<P: Ports>(config: &mut web::ServiceConfig, _store: &P::Store, _clock: &SharedClock) {
    config
        .service(super::resource("/webhooks").get(list_webhooks::<P::Store>).post(create_webhook::<P::Store>))
        .service(
            super::resource("/webhooks/{id}")
                .get(get_webhook::<P::Store>)
                .put(update_webhook::<P::Store>)
                .delete(delete_webhook::<P::Store>),
        )
        .service(super::resource("/webhooks/{id}/secret").post(rotate_webhook_secret::<P::Store>))
        .service(super::resource("/webhooks/{id}/test").post(send_webhook_test::<P::Store>))
        .service(super::resource("/webhooks/{id}/deliveries").get(list_webhook_deliveries::<P::Store>))
        .service(
            super::resource("/webhooks/{id}/deliveries/{deliveryId}/redeliver").post(redeliver_webhook::<P::Store>),
        );
}
