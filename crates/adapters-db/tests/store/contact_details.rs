use std::collections::BTreeMap;

use atelier_adapters_db::SeaOrmStore;
use atelier_application::contact_details::ports::ContactDetailsRepository;
use atelier_domain::contact_details::{ContactDetails, ContactDetailsInput};
use chrono::{DurationRound, TimeDelta, Utc};

use crate::helpers::on_every_database;

fn details(email: &str, links: &[(&str, &str)]) -> ContactDetails {
    let input = ContactDetailsInput {
        email: Some(email.into()),
        phone: Some("+1 555 0100".into()),
        address: Some("1 Main St\nSpringfield".into()),
        google_maps_url: Some("https://www.google.com/maps/embed?pb=!1m18".into()),
        social_media: Some(
            links.iter().map(|(k, v)| ((*k).to_owned(), Some((*v).to_owned()))).collect::<BTreeMap<_, _>>(),
        ),
    };
    ContactDetails::parse(input, Utc::now().duration_trunc(TimeDelta::microseconds(1)).unwrap()).unwrap()
}

#[tokio::test]
async fn contact_details_are_absent_until_saved_then_replaced_whole() {
    on_every_database(|store: SeaOrmStore, db| async move {
        assert_eq!(store.load_contact_details().await.unwrap(), None, "{db}");
        let mut first =
            details("hi@atelier.example", &[("github", "https://github.com/a"), ("mastodon", "https://m.social/@a")]);
        store.save_contact_details(&mut first).await.unwrap();
        assert_eq!(store.load_contact_details().await.unwrap(), Some(first.clone()), "{db}");
        // A save from the version read replaces it; one from an older version changes nothing.
        let mut second = details("new@atelier.example", &[("youtube", "https://youtube.com/@a")]);
        let mut stale = second.clone();
        second.meta = first.meta.clone();
        store.save_contact_details(&mut second).await.unwrap();
        assert_eq!(second.meta.version, 3, "{db}");
        assert_eq!(store.load_contact_details().await.unwrap(), Some(second.clone()), "{db}");
        let refused = store.save_contact_details(&mut stale).await.unwrap_err();
        assert!(atelier_application::records::is_stale(&refused), "{db}: {refused:#}");
        assert_eq!(store.load_contact_details().await.unwrap(), Some(second), "{db}");
    })
    .await;
}
