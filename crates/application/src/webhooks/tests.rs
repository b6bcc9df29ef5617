use std::sync::Arc;

use atelier_domain::EntityId;
use atelier_domain::post::{ContentInput, Post, PostChanges, PostInput};
use atelier_domain::slug::Slug;
use atelier_domain::webhook::{DeliveryStatus, MAX_ATTEMPTS, RETRY_DELAYS, WebhookEndpoint, WebhookInput};
use chrono::{DateTime, Duration, Utc};

use super::fake::FakeSender;
use super::ports::WebhookRepository;
use super::*;
use crate::fake::{FakeClock, FakeSealer, InMemoryStore};
use crate::records::RecordRepository;

struct World {
    store: InMemoryStore,
    clock: FakeClock,
    sender: FakeSender,
    webhooks: Webhooks<InMemoryStore, FakeClock>,
    dispatch: WebhookDispatch<InMemoryStore, FakeSender, FakeClock>,
}

fn world() -> World {
    let store = InMemoryStore::default();
    // The store decides events by the wall clock, as the database adapter does.
    let clock = FakeClock::at(Utc::now());
    let sender = FakeSender::default();
    let sealer: Arc<dyn crate::ports::SecretSealer> = Arc::new(FakeSealer);
    World {
        webhooks: Webhooks::new(store.clone(), sealer.clone(), clock.clone()),
        dispatch: WebhookDispatch::new(store.clone(), sender.clone(), sealer, clock.clone()),
        store,
        clock,
        sender,
    }
}

fn endpoint_input(events: &[&str]) -> WebhookInput {
    WebhookInput {
        url: Some("https://hooks.example/in".into()),
        description: Some("CRM".into()),
        events: Some(events.iter().map(|event| (*event).to_owned()).collect()),
        active: None,
    }
}

fn post(status: &str, publish_at: Option<DateTime<Utc>>) -> Post {
    let input = PostInput {
        title: Some("Launch".into()),
        content: Some(ContentInput::Markdown("Body".into())),
        status: Some(status.into()),
        publish_at: publish_at.map(|at| at.to_rfc3339()),
        ..PostInput::default()
    };
    let now = Utc::now();
    let id = EntityId::generate(now);
    let slug = Slug::parse(&format!("launch-{id}")).unwrap();
    Post::create(id, slug, PostChanges::parse(input, true).unwrap(), now)
}

/// Moves the fake clock up to the wall clock, which the store decides events by.
fn catch_up(world: &World) {
    world.clock.set(world.clock.now().max(Utc::now()));
}

async fn deliveries(world: &World, endpoint: &WebhookEndpoint) -> Vec<DeliveryLog> {
    world.webhooks.deliveries(&endpoint.id.to_string()).await.unwrap()
}

#[tokio::test]
async fn the_secret_is_shown_once_and_kept_sealed() {
    let world = world();
    let (endpoint, secret) = world.webhooks.create(endpoint_input(&["post.published"])).await.unwrap();
    assert!(secret.starts_with("whsec_"));
    let stored = world.webhooks.get(&endpoint.id.to_string()).await.unwrap();
    assert_ne!(stored.sealed_secret, secret.as_bytes(), "never stored in the clear");
    let (_, rotated) = world.webhooks.rotate_secret(&endpoint.id.to_string()).await.unwrap();
    assert_ne!(rotated, secret);
    let mut published = post("published", None);
    world.store.insert(&mut published).await.unwrap();
    catch_up(&world);
    world.dispatch.deliver_due().await.unwrap();
    assert_eq!(world.sender.received()[0].secret, rotated, "signed with the current secret");
}

#[tokio::test]
async fn a_write_queues_one_delivery_per_subscribed_active_endpoint() {
    let world = world();
    let (posts, _) = world.webhooks.create(endpoint_input(&["post.published", "post.deleted"])).await.unwrap();
    let (contacts, _) = world.webhooks.create(endpoint_input(&["contact.received"])).await.unwrap();
    let mut off = endpoint_input(&["post.published"]);
    off.active = Some(false);
    let (inactive, _) = world.webhooks.create(off).await.unwrap();

    let mut published = post("published", None);
    world.store.insert(&mut published).await.unwrap();
    catch_up(&world);
    let mut draft = post("draft", None);
    world.store.insert(&mut draft).await.unwrap();
    catch_up(&world);

    let queued = deliveries(&world, &posts).await;
    assert_eq!(queued.len(), 1, "the draft announces nothing");
    assert_eq!(queued[0].delivery.event_type, "post.published");
    assert!(deliveries(&world, &contacts).await.is_empty());
    assert!(deliveries(&world, &inactive).await.is_empty());

    let report = world.dispatch.deliver_due().await.unwrap();
    assert_eq!((report.delivered, report.retrying), (1, 0));
    let received = world.sender.received();
    assert_eq!(received.len(), 1);
    assert_eq!(received[0].id, queued[0].delivery.id.to_string());
    assert_eq!(received[0].url, "https://hooks.example/in");
    let body: serde_json::Value = serde_json::from_str(&received[0].body).unwrap();
    assert_eq!((body["type"].as_str(), body["data"]["title"].as_str()), (Some("post.published"), Some("Launch")));
    let log = deliveries(&world, &posts).await;
    assert_eq!((log[0].delivery.status, log[0].attempts.len()), (DeliveryStatus::Delivered, 1));
    assert_eq!(log[0].attempts[0].status, Some(204));
}

#[tokio::test]
async fn failures_are_retried_with_growing_delays_until_given_up_and_can_be_redelivered() {
    let world = world();
    let (endpoint, _) = world.webhooks.create(endpoint_input(&["post.published"])).await.unwrap();
    world.sender.answer(500);
    let mut published = post("published", None);
    world.store.insert(&mut published).await.unwrap();
    catch_up(&world);
    let mut waits = Vec::new();
    for _ in 0..MAX_ATTEMPTS {
        let before = world.clock.now();
        world.dispatch.deliver_due().await.unwrap();
        let delivery = deliveries(&world, &endpoint).await.remove(0).delivery;
        if delivery.status == DeliveryStatus::Pending {
            waits.push(delivery.next_attempt_at - before);
            // Nothing is due before the wait is over.
            assert_eq!(world.dispatch.deliver_due().await.unwrap(), DispatchReport::default());
            world.clock.set(delivery.next_attempt_at);
        }
    }
    assert_eq!(waits, RETRY_DELAYS);
    let log = deliveries(&world, &endpoint).await.remove(0);
    assert_eq!((log.delivery.status, log.attempts.len()), (DeliveryStatus::Failed, 8));
    assert_eq!(log.attempts[0].excerpt, "answered 500");

    // A day of failures switched the endpoint off: it is switched back on before redelivering.
    assert!(!world.webhooks.get(&endpoint.id.to_string()).await.unwrap().active);
    let on = WebhookInput { active: Some(true), ..WebhookInput::default() };
    world.webhooks.update(&endpoint.id.to_string(), on).await.unwrap();
    world.sender.answer(200);
    let again = world.webhooks.redeliver(&endpoint.id.to_string(), &log.delivery.id.to_string()).await.unwrap();
    assert_eq!(again.id, log.delivery.id, "the same message id");
    world.dispatch.deliver_due().await.unwrap();
    let log = deliveries(&world, &endpoint).await.remove(0);
    assert_eq!((log.delivery.status, log.attempts.len()), (DeliveryStatus::Delivered, 9));
    let other = world.webhooks.create(endpoint_input(&["post.published"])).await.unwrap().0;
    assert!(matches!(
        world.webhooks.redeliver(&other.id.to_string(), &log.delivery.id.to_string()).await,
        Err(LookupError::NotFound(_))
    ));
}

#[tokio::test]
async fn an_endpoint_failing_for_a_day_is_switched_off() {
    let world = world();
    let (endpoint, _) = world.webhooks.create(endpoint_input(&["post.published"])).await.unwrap();
    world.sender.answer(503);
    let mut published = post("published", None);
    world.store.insert(&mut published).await.unwrap();
    catch_up(&world);
    let mut disabled = 0;
    for _ in 0..MAX_ATTEMPTS {
        disabled += world.dispatch.deliver_due().await.unwrap().disabled;
        let delivery = deliveries(&world, &endpoint).await.remove(0).delivery;
        world.clock.set(delivery.next_attempt_at);
    }
    assert_eq!(disabled, 1);
    let stored = world.webhooks.get(&endpoint.id.to_string()).await.unwrap();
    assert!(!stored.active);
    assert!(stored.disabled_at.is_some());
}

#[tokio::test]
async fn two_dispatchers_on_one_store_send_each_delivery_once() {
    let world = world();
    world.webhooks.create(endpoint_input(&["post.published"])).await.unwrap();
    let sealer: Arc<dyn crate::ports::SecretSealer> = Arc::new(FakeSealer);
    let second = WebhookDispatch::new(world.store.clone(), world.sender.clone(), sealer, world.clock.clone());
    for _ in 0..5 {
        let mut published = post("published", None);
        world.store.insert(&mut published).await.unwrap();
        catch_up(&world);
    }
    let (a, b) = tokio::join!(world.dispatch.deliver_due(), second.deliver_due());
    assert_eq!(a.unwrap().delivered + b.unwrap().delivered, 5);
    let mut ids: Vec<String> = world.sender.received().into_iter().map(|received| received.id).collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), 5);
}

#[tokio::test]
async fn a_scheduled_post_is_announced_when_its_time_comes_and_not_if_unscheduled() {
    let world = world();
    let (endpoint, _) = world.webhooks.create(endpoint_input(&["post.published"])).await.unwrap();
    let at = Utc::now() + Duration::hours(2);
    let mut scheduled = post("published", Some(at));
    world.store.insert(&mut scheduled).await.unwrap();
    catch_up(&world);
    assert_eq!(world.dispatch.deliver_due().await.unwrap().delivered, 0, "not before its time");
    world.clock.set(at);
    assert_eq!(world.dispatch.deliver_due().await.unwrap().delivered, 1);
    assert_eq!(deliveries(&world, &endpoint).await.len(), 1);

    let mut withdrawn = post("published", Some(Utc::now() + Duration::hours(5)));
    world.store.insert(&mut withdrawn).await.unwrap();
    catch_up(&world);
    assert_eq!(deliveries(&world, &endpoint).await.len(), 2);
    withdrawn.status = atelier_domain::post::PostStatus::Draft;
    world.store.update(&mut withdrawn).await.unwrap();
    catch_up(&world);
    assert_eq!(deliveries(&world, &endpoint).await.len(), 1, "the draft's scheduled announcement is withdrawn");
}

#[tokio::test]
async fn a_test_event_goes_to_its_endpoint_alone() {
    let world = world();
    let (endpoint, _) = world.webhooks.create(endpoint_input(&["contact.received"])).await.unwrap();
    world.webhooks.create(endpoint_input(&["contact.received"])).await.unwrap();
    let delivery = world.webhooks.send_test(&endpoint.id.to_string()).await.unwrap();
    assert_eq!(delivery.event_type, "webhook.test");
    assert_eq!(world.dispatch.deliver_due().await.unwrap().delivered, 1);
    assert_eq!(world.sender.received().len(), 1);
    assert!(world.webhooks.send_test("nope").await.is_err());
    assert_eq!(world.store.list_webhook_endpoints().await.unwrap().len(), 2);
}
