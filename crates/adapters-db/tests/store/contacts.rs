use atelier_adapters_db::SeaOrmStore;
use atelier_application::contacts::ports::{ContactFilter, ContactRepository};
use atelier_application::records::RecordRepository;
use atelier_domain::contact::{ContactChanges, ContactInput, ContactMessage, ContactStatus};
use atelier_domain::{EntityId, PageRequest};
use chrono::{DateTime, Duration, DurationRound, TimeDelta, Utc};

use crate::helpers::{delete, find, on_every_database};

fn base_time() -> DateTime<Utc> {
    // Databases keep microseconds; truncate so a round trip compares equal.
    Utc::now().duration_trunc(TimeDelta::microseconds(1)).unwrap()
}

fn message(name: &str, subject: &str, status: &str, minutes_ago: i64) -> ContactMessage {
    let created = base_time() - Duration::minutes(minutes_ago);
    let input = ContactInput {
        name: Some(name.into()),
        email: Some(format!("{}@Example.com", name.split(' ').next().unwrap())),
        phone: Some("+1 555 0100".into()),
        subject: Some(subject.into()),
        message: Some("Über café — 你好 🚀\n\nSecond paragraph.".into()),
        status: Some(status.into()),
        priority: Some("high".into()),
        source: Some("social_media".into()),
        tags: Some(vec!["lead".into(), "web".into()]),
        notes: Some("Call on Monday".into()),
        spam: None,
        attribution: Some(atelier_domain::page_view::AttributionInput {
            landing_page: Some("/blog/shipping-rust".into()),
            referrer: Some("news.example.com".into()),
            utm_source: Some("newsletter".into()),
            utm_medium: None,
            utm_campaign: Some("winter".into()),
        }),
    };
    ContactMessage::create(EntityId::generate(created), ContactChanges::parse(input, true).unwrap(), created)
}

fn all() -> PageRequest {
    PageRequest::clamped(None, Some(1000), 1000, 1000)
}

fn names(messages: &[ContactMessage]) -> Vec<&str> {
    messages.iter().map(|message| message.name.as_str()).collect()
}

fn search(term: &str) -> ContactFilter {
    ContactFilter { search: Some(term.into()), ..ContactFilter::default() }
}

#[tokio::test]
async fn a_stored_message_reads_back_identical() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let mut original = message("Ana Lima", "Website", "replied", 0);
        store.insert(&mut original).await.unwrap();
        assert_eq!(find::<ContactMessage>(&store, original.id).await.unwrap(), Some(original), "{db}");
    })
    .await;
}

#[tokio::test]
async fn lists_are_newest_first_filtered_searched_and_paged_with_totals() {
    on_every_database(|store: SeaOrmStore, db| async move {
        for (name, subject, status, minutes_ago) in [
            ("Ana Lima", "New website", "new", 30),
            ("Ben Ode", "Mobile APP", "read", 20),
            ("Cy Park", "SEO_audit 100%", "new", 10),
            ("Dee Ray", "Invoice", "closed", 0),
        ] {
            store.insert(&mut message(name, subject, status, minutes_ago)).await.unwrap();
        }
        let every = store.list_contacts(&ContactFilter::default(), all()).await.unwrap();
        assert_eq!(names(&every.items), ["Dee Ray", "Cy Park", "Ben Ode", "Ana Lima"], "{db}");
        assert_eq!(every.total_items, 4, "{db}");

        let new = ContactFilter { status: Some(ContactStatus::New), ..ContactFilter::default() };
        assert_eq!(names(&store.list_contacts(&new, all()).await.unwrap().items), ["Cy Park", "Ana Lima"], "{db}");

        assert_eq!(names(&store.list_contacts(&search("mobile app"), all()).await.unwrap().items), ["Ben Ode"], "{db}");
        assert_eq!(names(&store.list_contacts(&search("ANA@"), all()).await.unwrap().items), ["Ana Lima"], "{db}");
        assert_eq!(names(&store.list_contacts(&search("PARK"), all()).await.unwrap().items), ["Cy Park"], "{db}");
        assert_eq!(names(&store.list_contacts(&search("100%"), all()).await.unwrap().items), ["Cy Park"], "{db}");
        assert!(store.list_contacts(&search("n_w"), all()).await.unwrap().items.is_empty(), "{db}: _ is literal");
        assert!(store.list_contacts(&search("paragraph"), all()).await.unwrap().items.is_empty(), "{db}");

        let both = ContactFilter { status: Some(ContactStatus::New), search: Some("website".into()), spam: false };
        assert_eq!(names(&store.list_contacts(&both, all()).await.unwrap().items), ["Ana Lima"], "{db}");

        let second = store
            .list_contacts(&ContactFilter::default(), PageRequest::clamped(Some(2), Some(3), 3, 100))
            .await
            .unwrap();
        assert_eq!(names(&second.items), ["Ana Lima"], "{db}");
        assert_eq!((second.total_items, second.total_pages, second.current_page), (4, 2, 2), "{db}");
        let far = PageRequest::clamped(Some(i64::MAX), Some(100), 10, 100);
        let beyond = store.list_contacts(&ContactFilter::default(), far).await.unwrap();
        assert!(beyond.items.is_empty(), "{db}");
        assert_eq!(beyond.total_items, 4, "{db}");
    })
    .await;
}

#[tokio::test]
async fn the_unread_count_is_the_number_of_stored_new_messages() {
    on_every_database(|store: SeaOrmStore, db| async move {
        assert_eq!(store.count_unread_contacts().await.unwrap(), 0, "{db}");
        let mut first = message("Ana", "One", "new", 2);
        let mut second = message("Ben", "Two", "new", 1);
        store.insert(&mut first).await.unwrap();
        store.insert(&mut second).await.unwrap();
        store.insert(&mut message("Cy", "Three", "closed", 0)).await.unwrap();
        assert_eq!(store.count_unread_contacts().await.unwrap(), 2, "{db}");
        first.status = ContactStatus::Read;
        store.update(&mut first).await.unwrap();
        assert_eq!(store.count_unread_contacts().await.unwrap(), 1, "{db}");
        delete::<ContactMessage>(&store, second.id).await.unwrap();
        assert_eq!(store.count_unread_contacts().await.unwrap(), 0, "{db}");
    })
    .await;
}

#[tokio::test]
async fn updates_replace_every_field_and_missing_messages_are_reported() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let mut stored = message("Ana", "One", "new", 0);
        store.insert(&mut stored).await.unwrap();
        stored.notes = "Replied by email".into();
        stored.tags = vec![];
        stored.status = ContactStatus::Replied;
        assert!(store.update(&mut stored).await.unwrap(), "{db}");
        assert_eq!(find::<ContactMessage>(&store, stored.id).await.unwrap().as_ref(), Some(&stored), "{db}");
        assert!(delete::<ContactMessage>(&store, stored.id).await.unwrap(), "{db}");
        assert_eq!(find::<ContactMessage>(&store, stored.id).await.unwrap(), None, "{db}");
        assert!(!store.update(&mut stored).await.unwrap(), "{db}");
        assert!(!delete::<ContactMessage>(&store, stored.id).await.unwrap(), "{db}");
    })
    .await;
}
