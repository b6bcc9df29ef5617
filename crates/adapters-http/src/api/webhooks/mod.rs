//! `/webhooks`: the endpoints that hear of Atelier's events, their secrets and their deliveries.

mod dto;

use actix_web::{HttpResponse, web};
use atelier_application::ports::SharedClock;
use atelier_application::store::Store;
use atelier_application::webhooks::{DeliveryLog, Webhooks};
use atelier_domain::webhook::EventType;
use utoipa::OpenApi;

use crate::contract::Rules;
use crate::error::ApiError;
use crate::extract::JsonBody;
use crate::ports::Ports;
use crate::responses::Deleted;

pub use self::dto::*;

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

pub fn routes<P: Ports>(config: &mut crate::api::Routes, _store: &P::Store, _clock: &SharedClock) {
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
