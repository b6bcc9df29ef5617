use atelier_adapters_db::SeaOrmStore;
use atelier_application::records::RecordRepository;
use atelier_application::webhooks::ports::{EndpointHealth, WebhookRepository};
use atelier_domain::EntityId;
use atelier_domain::post::{ContentInput, Post, PostChanges, PostInput, PostStatus};
use atelier_domain::slug::Slug;
use atelier_domain::webhook::{
    AttemptResult, DeliveryStatus, EventType, WebhookChanges, WebhookDelivery, WebhookEndpoint, WebhookInput,
};
use chrono::{DateTime, Duration, DurationRound, TimeDelta, Utc};

use crate::helpers::{find, on_every_database};

fn now() -> DateTime<Utc> {
    Utc::now().duration_trunc(TimeDelta::microseconds(1)).unwrap()
}

async fn endpoint(store: &SeaOrmStore, events: &[&str], active: bool) -> WebhookEndpoint {
    let input = WebhookInput {
        url: Some("https://hooks.example.com/in".into()),
        description: Some("CRM".into()),
        events: Some(events.iter().map(|event| (*event).to_owned()).collect()),
        active: Some(active),
    };
    let at = now();
    let mut endpoint =
        WebhookEndpoint::create(EntityId::generate(at), WebhookChanges::parse(input, true).unwrap(), vec![1, 2, 3], at);
    store.insert(&mut endpoint).await.unwrap();
    endpoint
}

fn post(slug: &str, status: &str, publish_at: Option<DateTime<Utc>>) -> Post {
    let input = PostInput {
        title: Some(format!("Post {slug}")),
        content: Some(ContentInput::Markdown("Body".into())),
        status: Some(status.into()),
        publish_at: publish_at.map(|at| at.to_rfc3339()),
        ..PostInput::default()
    };
    let at = now();
    Post::create(EntityId::generate(at), Slug::parse(slug).unwrap(), PostChanges::parse(input, true).unwrap(), at)
}

async fn queued(store: &SeaOrmStore, endpoint: &WebhookEndpoint) -> Vec<WebhookDelivery> {
    store.list_webhook_deliveries(endpoint.id, 50).await.unwrap()
}

#[tokio::test]
async fn an_endpoint_reads_back_identical_and_updates_with_its_version() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let mut stored = endpoint(&store, &["post.published", "contact.received"], true).await;
        let found = find::<WebhookEndpoint>(&store, stored.id).await.unwrap();
        assert_eq!(found.as_ref(), Some(&stored), "{db}");
        assert_eq!(stored.events, [EventType::PostPublished, EventType::ContactReceived], "{db}");
        stored.active = false;
        assert!(store.update(&mut stored).await.unwrap(), "{db}");
        assert_eq!(stored.meta.version, 2, "{db}");
        assert_eq!(store.list_webhook_endpoints().await.unwrap(), [stored], "{db}");
    })
    .await;
}

#[tokio::test]
async fn a_write_queues_its_deliveries_for_subscribed_active_endpoints() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let posts = endpoint(&store, &["post.published", "post.unpublished"], true).await;
        let contacts = endpoint(&store, &["contact.received"], true).await;
        let off = endpoint(&store, &["post.published"], false).await;
        let mut draft = post("draft", "draft", None);
        store.insert(&mut draft).await.unwrap();
        assert!(queued(&store, &posts).await.is_empty(), "{db}: a draft announces nothing");

        let mut live = post("live", "published", None);
        store.insert(&mut live).await.unwrap();
        let list = queued(&store, &posts).await;
        assert_eq!(list.len(), 1, "{db}");
        assert_eq!((list[0].event_type.as_str(), list[0].subject.clone()), ("post.published", live.id.to_string()));
        assert!(list[0].payload.contains("\"type\":\"post.published\""), "{db}");
        assert!(queued(&store, &contacts).await.is_empty(), "{db}");
        assert!(queued(&store, &off).await.is_empty(), "{db}");

        live.status = PostStatus::Draft;
        store.update(&mut live).await.unwrap();
        let list = queued(&store, &posts).await;
        assert_eq!(
            list.iter().map(|d| d.event_type.as_str()).collect::<Vec<_>>(),
            ["post.unpublished", "post.published"],
            "{db}"
        );
    })
    .await;
}

#[tokio::test]
async fn a_scheduled_publication_waits_for_its_time_and_is_withdrawn_when_cancelled() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let posts = endpoint(&store, &["post.published"], true).await;
        let at = now() + Duration::hours(2);
        let mut later = post("later", "published", Some(at));
        store.insert(&mut later).await.unwrap();
        let list = queued(&store, &posts).await;
        assert_eq!((list.len(), list[0].next_attempt_at), (1, at), "{db}");
        assert_eq!(store.claim_due_webhook(now(), now() + Duration::minutes(2)).await.unwrap(), None, "{db}");
        assert!(store.claim_due_webhook(at, at + Duration::minutes(2)).await.unwrap().is_some(), "{db}");

        let mut cancelled = post("cancelled", "published", Some(at));
        store.insert(&mut cancelled).await.unwrap();
        assert_eq!(queued(&store, &posts).await.len(), 2, "{db}");
        cancelled.status = PostStatus::Draft;
        store.update(&mut cancelled).await.unwrap();
        assert_eq!(queued(&store, &posts).await.len(), 1, "{db}: withdrawn");
        RecordRepository::<Post>::delete(&store, later.id).await.unwrap();
    })
    .await;
}

#[tokio::test]
async fn of_two_claims_one_wins_and_an_attempt_is_recorded_with_the_endpoints_health() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let mut target = endpoint(&store, &["post.published"], true).await;
        let mut live = post("claimed", "published", None);
        store.insert(&mut live).await.unwrap();
        let start = now() + Duration::seconds(1);
        let lease = start + Duration::minutes(2);
        let (a, b) = tokio::join!(store.claim_due_webhook(start, lease), store.claim_due_webhook(start, lease));
        let claimed: Vec<WebhookDelivery> = [a.unwrap(), b.unwrap()].into_iter().flatten().collect();
        assert_eq!(claimed.len(), 1, "{db}: exactly one claim wins");
        let mut delivery = claimed.into_iter().next().unwrap();
        assert_eq!(delivery.next_attempt_at, lease, "{db}");

        let result = AttemptResult { status: Some(500), excerpt: "oops".into(), error: None, duration_ms: 12 };
        let attempt = delivery.record_attempt(EntityId::generate(start), result, start);
        target.note_attempt(false, start);
        store.record_webhook_attempt(&delivery, &attempt, EndpointHealth::of(&target)).await.unwrap();
        let stored = store.find_webhook_delivery(delivery.id).await.unwrap().unwrap();
        assert_eq!(
            (stored.status, stored.attempts, stored.last_status),
            (DeliveryStatus::Pending, 1, Some(500)),
            "{db}"
        );
        assert_eq!(store.webhook_attempts(&[delivery.id]).await.unwrap(), [attempt], "{db}");
        let health = find::<WebhookEndpoint>(&store, target.id).await.unwrap().unwrap();
        assert_eq!(health.failing_since, Some(start), "{db}");
        assert_eq!(health.meta.version, 1, "{db}: health is not an edit");

        delivery.redeliver(start);
        store.save_webhook_delivery(&delivery).await.unwrap();
        assert_eq!(store.find_webhook_delivery(delivery.id).await.unwrap().unwrap().attempts, 0, "{db}");

        assert!(RecordRepository::<WebhookEndpoint>::delete(&store, target.id).await.unwrap(), "{db}");
        assert_eq!(store.find_webhook_delivery(delivery.id).await.unwrap(), None, "{db}: deliveries go with it");
        assert!(store.webhook_attempts(&[delivery.id]).await.unwrap().is_empty(), "{db}");
    })
    .await;
}
