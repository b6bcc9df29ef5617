use atelier_adapters_db::SeaOrmStore;
use atelier_application::records::RecordRepository;
use atelier_application::services::ports::{ServiceFilter, ServiceRepository};
use atelier_domain::service::{Service, ServiceChanges, ServiceInput, ServiceStatus};
use atelier_domain::{EntityId, PageRequest};
use chrono::{DurationRound, TimeDelta, Utc};

use crate::helpers::{delete, find, on_every_database, on_every_database_counting};

pub(crate) fn service(title: &str, order: i64, status: &str, featured: bool) -> Service {
    // Databases keep microseconds; truncate so a round trip compares equal.
    let now = Utc::now().duration_trunc(TimeDelta::microseconds(1)).unwrap();
    let input = ServiceInput {
        title: Some(title.into()),
        description: Some("## Markdown\n\n- kept *as written*".into()),
        features: Some(vec!["One".into(), "Two".into()]),
        price: Some(Some(1499.5)),
        order: Some(order),
        status: Some(status.into()),
        featured: Some(featured),
        icon: Some("faRocket".into()),
        ..ServiceInput::default()
    };
    Service::create(EntityId::generate(now), ServiceChanges::parse(input, true).unwrap(), now)
}

fn all() -> PageRequest {
    PageRequest::clamped(None, Some(1000), 1000, 1000)
}

fn titles(services: &[Service]) -> Vec<&str> {
    services.iter().map(|service| service.title.as_str()).collect()
}

#[tokio::test]
async fn a_stored_service_reads_back_identical() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let mut original = service("Web", 3, "active", true);
        store.insert(&mut original).await.unwrap();
        assert_eq!(find::<Service>(&store, original.id).await.unwrap(), Some(original), "{db}");
    })
    .await;
}

#[tokio::test]
async fn a_missing_service_is_none_and_cannot_be_updated_or_deleted() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let mut ghost = service("Ghost", 0, "active", false);
        assert_eq!(find::<Service>(&store, ghost.id).await.unwrap(), None, "{db}");
        assert!(!store.update(&mut ghost).await.unwrap(), "{db}");
        assert!(!delete::<Service>(&store, ghost.id).await.unwrap(), "{db}");
    })
    .await;
}

#[tokio::test]
async fn lists_are_ordered_filtered_and_paged() {
    on_every_database(|store: SeaOrmStore, db| async move {
        for (title, order, status, featured) in [
            ("c", 3, "active", false),
            ("a", 1, "active", true),
            ("hidden", 0, "inactive", true),
            ("b", 2, "active", false),
        ] {
            store.insert(&mut service(title, order, status, featured)).await.unwrap();
        }
        let every = store.list_services(ServiceFilter::default(), all()).await.unwrap();
        assert_eq!(titles(&every), ["hidden", "a", "b", "c"], "{db}");

        let active = ServiceFilter { status: Some(ServiceStatus::Active), ..ServiceFilter::default() };
        assert_eq!(titles(&store.list_services(active, all()).await.unwrap()), ["a", "b", "c"], "{db}");

        let featured_active =
            ServiceFilter { status: Some(ServiceStatus::Active), featured: Some(true), ..ServiceFilter::default() };
        assert_eq!(titles(&store.list_services(featured_active, all()).await.unwrap()), ["a"], "{db}");

        let named = ServiceFilter { ids: Some(vec![every[1].id, every[3].id]), ..ServiceFilter::default() };
        assert_eq!(titles(&store.list_services(named, all()).await.unwrap()), ["a", "c"], "{db}");

        let second_page = PageRequest::clamped(Some(2), Some(2), 2, 100);
        assert_eq!(
            titles(&store.list_services(ServiceFilter::default(), second_page).await.unwrap()),
            ["b", "c"],
            "{db}"
        );
        let far_away = PageRequest::clamped(Some(i64::MAX), Some(100), 2, 100);
        assert!(store.list_services(ServiceFilter::default(), far_away).await.unwrap().is_empty(), "{db}");
    })
    .await;
}

#[tokio::test]
async fn updates_replace_every_field_and_deletes_remove_the_row() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let mut stored = service("Web", 1, "active", false);
        store.insert(&mut stored).await.unwrap();
        stored.title = "Web apps".into();
        stored.features = vec![];
        stored.price = None;
        stored.status = ServiceStatus::Inactive;
        assert!(store.update(&mut stored).await.unwrap(), "{db}");
        assert_eq!(find::<Service>(&store, stored.id).await.unwrap().as_ref(), Some(&stored), "{db}");
        assert!(delete::<Service>(&store, stored.id).await.unwrap(), "{db}");
        assert_eq!(find::<Service>(&store, stored.id).await.unwrap(), None, "{db}");
    })
    .await;
}

#[tokio::test]
async fn unicode_and_long_markdown_survive_a_round_trip() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let mut stored = service("Développement — 移动应用 🚀", 1, "active", false);
        stored.description = "ü".repeat(20_000);
        store.insert(&mut stored).await.unwrap();
        assert_eq!(find::<Service>(&store, stored.id).await.unwrap(), Some(stored), "{db}");
    })
    .await;
}

#[tokio::test]
async fn listing_runs_one_query_whatever_the_page_size() {
    on_every_database_counting(|store: SeaOrmStore, queries, db| async move {
        for order in 0..30 {
            store.insert(&mut service(&format!("s{order}"), order, "active", false)).await.unwrap();
        }
        let small = PageRequest::clamped(None, Some(1), 1, 100);
        let (_, one) = queries.during(store.list_services(ServiceFilter::default(), small)).await;
        let (listed, many) = queries.during(store.list_services(ServiceFilter::default(), all())).await;
        assert_eq!(listed.unwrap().len(), 30, "{db}");
        assert_eq!((one, many), (1, 1), "{db}");
    })
    .await;
}
