//! Demo contact details: address, phone, a map and six social links.

use std::collections::BTreeMap;

use atelier_domain::contact_details::{ContactDetails, ContactDetailsInput};
use chrono::{DateTime, Utc};

use crate::contact_details::ports::ContactDetailsRepository;

pub(super) async fn seed(store: &impl ContactDetailsRepository, now: DateTime<Utc>) -> anyhow::Result<()> {
    let social = [
        ("facebook", "https://facebook.com/atelier.studio"),
        ("twitter", "https://twitter.com/atelier_studio"),
        ("linkedin", "https://www.linkedin.com/company/atelier-studio"),
        ("instagram", "https://instagram.com/atelier.studio"),
        ("github", "https://github.com/atelier-studio"),
        ("youtube", "https://www.youtube.com/@atelier-studio"),
    ];
    let input = ContactDetailsInput {
        email: Some("hello@atelier.example".into()),
        phone: Some("+1 (415) 555-0142".into()),
        address: Some("548 Market Street, Suite 300, San Francisco, CA 94104, USA".into()),
        google_maps_url: Some(
            "https://www.google.com/maps/embed?pb=!1m18!1m12!1m3!1d3153.0!2d-122.4013!3d37.7897!2m3!1f0!2f0!3f0!3m2!1i1024!2i768!4f13.1!3m3!1m2!1s0x0%3A0x0!2s548%20Market%20St!5e0!3m2!1sen!2sus!4v1700000000000"
                .into(),
        ),
        social_media: Some(social.iter().map(|(key, url)| ((*key).to_owned(), Some((*url).to_owned()))).collect::<BTreeMap<_, _>>()),
    };
    let mut details = ContactDetails::parse(input, now).expect("the demo contact details are valid");
    store.save_contact_details(&mut details).await
}
