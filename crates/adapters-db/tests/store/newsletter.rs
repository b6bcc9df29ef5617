use atelier_adapters_db::SeaOrmStore;
use atelier_application::newsletter::ports::{SubscriberFilter, SubscriberRepository, SubscriberSaveError};
use atelier_application::records::RecordRepository;
use atelier_domain::subscriber::{Subscriber, SubscriberStatus};
use atelier_domain::user::Email;
use atelier_domain::{EntityId, PageRequest};
use chrono::{DateTime, DurationRound, TimeDelta, Utc};

use crate::helpers::{find, on_every_database};

fn at(seconds_ago: i64) -> DateTime<Utc> {
    (Utc::now() - TimeDelta::seconds(seconds_ago)).duration_trunc(TimeDelta::microseconds(1)).unwrap()
}

fn subscriber(email: &str, mail_on: bool, seconds_ago: i64) -> Subscriber {
    let now = at(seconds_ago);
    Subscriber::new(EntityId::generate(now), Email::parse(email).unwrap(), mail_on, now)
}

fn all() -> PageRequest {
    PageRequest::clamped(None, Some(1000), 1000, 1000)
}

fn emails(subscribers: &[Subscriber]) -> Vec<&str> {
    subscribers.iter().map(|subscriber| subscriber.email.as_str()).collect()
}

#[tokio::test]
async fn a_stored_address_reads_back_identical_by_id_address_and_token() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let mut original = subscriber("ana@example.com", true, 0);
        store.insert(&mut original).await.unwrap();
        assert_eq!(find::<Subscriber>(&store, original.id).await.unwrap().as_ref(), Some(&original), "{db}");
        let email = Email::parse("ANA@example.com").unwrap();
        assert_eq!(store.find_subscriber_by_email(&email).await.unwrap().as_ref(), Some(&original), "{db}");
        assert_eq!(store.find_subscriber_by_token(&original.token).await.unwrap().as_ref(), Some(&original), "{db}");
        assert_eq!(store.find_subscriber_by_token(&"0".repeat(64)).await.unwrap(), None, "{db}");

        original.confirmation_sent(at(0));
        original.confirm(at(0));
        assert!(store.update(&mut original).await.unwrap(), "{db}");
        assert_eq!(find::<Subscriber>(&store, original.id).await.unwrap(), Some(original), "{db}");
    })
    .await;
}

#[tokio::test]
async fn an_address_is_stored_once() {
    on_every_database(|store: SeaOrmStore, db| async move {
        store.insert(&mut subscriber("ana@example.com", false, 10)).await.unwrap();
        let again = store.insert(&mut subscriber("ana@example.com", false, 0)).await;
        assert!(matches!(again, Err(SubscriberSaveError::DuplicateEmail)), "{db}: {again:?}");
        assert_eq!(store.list_subscribers(&SubscriberFilter::default(), all()).await.unwrap().total_items, 1, "{db}");
    })
    .await;
}

#[tokio::test]
async fn lists_are_newest_first_filtered_searched_paged_and_rows_deleted() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let mut cy = subscriber("cy@example.com", true, 10);
        for mut one in [subscriber("ana@example.com", false, 30), subscriber("ben@studio.example", true, 20)] {
            store.insert(&mut one).await.unwrap();
        }
        cy.confirm(at(5));
        store.insert(&mut cy).await.unwrap();

        let every = store.list_subscribers(&SubscriberFilter::default(), all()).await.unwrap();
        assert_eq!(emails(&every.items), ["cy@example.com", "ben@studio.example", "ana@example.com"], "{db}");
        let confirmed = SubscriberFilter { status: Some(SubscriberStatus::Confirmed), ..SubscriberFilter::default() };
        assert_eq!(emails(&store.list_subscribers(&confirmed, all()).await.unwrap().items), ["cy@example.com"], "{db}");
        let search = SubscriberFilter { search: Some("STUDIO".into()), ..SubscriberFilter::default() };
        assert_eq!(
            emails(&store.list_subscribers(&search, all()).await.unwrap().items),
            ["ben@studio.example"],
            "{db}"
        );
        let page = store
            .list_subscribers(&SubscriberFilter::default(), PageRequest::clamped(Some(2), Some(2), 2, 2))
            .await
            .unwrap();
        assert_eq!((emails(&page.items), page.total_items), (vec!["ana@example.com"], 3), "{db}");

        assert!(RecordRepository::<Subscriber>::delete(&store, cy.id).await.unwrap(), "{db}");
        assert!(!RecordRepository::<Subscriber>::delete(&store, cy.id).await.unwrap(), "{db}");
        assert_eq!(store.find_subscriber_by_token(&cy.token).await.unwrap(), None, "{db}");
    })
    .await;
}
