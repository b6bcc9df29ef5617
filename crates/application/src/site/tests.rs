//! The public site's facts against the in-memory fakes.

use super::*;
use crate::contact_details::ContactInfo;
use crate::fake::{FakeClock, InMemoryStore};
use atelier_domain::contact_details::ContactDetailsInput;
use atelier_domain::faq::FaqInput;
use atelier_domain::portfolio::ProjectInput;
use atelier_domain::post::PostInput;
use atelier_domain::settings::SettingsInput;

fn site() -> (PublicSite<InMemoryStore, FakeClock>, InMemoryStore) {
    let store = InMemoryStore::default();
    (PublicSite::new(store.clone(), FakeClock::default()), store)
}

async fn post(store: &InMemoryStore, title: &str, status: &str) -> PostView {
    let input = PostInput { title: Some(title.into()), status: Some(status.into()), ..PostInput::default() };
    BlogCatalog::new(store.clone(), FakeClock::default()).create(input).await.unwrap()
}

async fn project(store: &InMemoryStore, title: &str, status: &str) -> Project {
    let input = ProjectInput {
        title: Some(title.into()),
        client: Some("Acme".into()),
        completed_at: Some("2025-01-01".into()),
        status: Some(status.into()),
        ..ProjectInput::default()
    };
    Portfolio::new(store.clone(), FakeClock::default()).create(input).await.unwrap()
}

#[tokio::test]
async fn the_publisher_is_the_initial_settings_until_saved_and_then_the_stored_ones() {
    let (site, store) = site();
    let first = site.publisher().await.unwrap();
    assert_eq!(first.settings.site_name, "Atelier");
    assert_eq!(first.contact, None);

    let name = SettingsInput { site_name: Some("Studio North".into()), ..SettingsInput::default() };
    SiteSettings::new(store.clone(), FakeClock::default()).update(name).await.unwrap();
    let details = ContactDetailsInput {
        email: Some("hello@north.example".into()),
        phone: Some("+1 555 0100".into()),
        address: Some("1 Main Street".into()),
        ..ContactDetailsInput::default()
    };
    ContactInfo::new(store.clone(), FakeClock::default()).save(details).await.unwrap();

    let saved = site.publisher().await.unwrap();
    assert_eq!(saved.settings.site_name, "Studio North");
    assert_eq!(saved.contact.map(|contact| contact.phone).as_deref(), Some("+1 555 0100"));
}

#[tokio::test]
async fn only_published_posts_are_found_and_drafts_unknown_or_malformed_slugs_are_absent() {
    let (site, store) = site();
    let live = post(&store, "Live Post", "published").await;
    post(&store, "Secret Post", "draft").await;

    assert_eq!(site.post(live.post.slug.as_str()).await.unwrap().map(|view| view.post.title), Some("Live Post".into()));
    assert_eq!(site.post("secret-post").await.unwrap(), None);
    assert_eq!(site.post("no-such-post").await.unwrap(), None);
    assert_eq!(site.post("Not A Slug!").await.unwrap(), None);
}

#[tokio::test]
async fn projects_are_found_by_slug_or_id_only_when_published() {
    let (site, store) = site();
    let live = project(&store, "Shop Redesign", "published").await;
    let draft = project(&store, "Secret App", "draft").await;

    assert_eq!(site.project("shop-redesign").await.unwrap().map(|project| project.id), Some(live.id));
    assert_eq!(site.project(&live.id.to_string()).await.unwrap().map(|project| project.id), Some(live.id));
    assert_eq!(site.project("secret-app").await.unwrap(), None);
    assert_eq!(site.project(&draft.id.to_string()).await.unwrap(), None);
    assert_eq!(site.project("0123456789abcdef01234567").await.unwrap(), None);
    assert_eq!(site.project("../etc").await.unwrap(), None);
}

#[tokio::test]
async fn the_faqs_are_the_active_ones_in_order() {
    let (site, store) = site();
    let faqs = Faqs::new(store.clone(), FakeClock::default());
    for (question, status, order) in [("Second?", "active", 2), ("Hidden?", "inactive", 1), ("First?", "active", 1)] {
        let input = FaqInput {
            question: Some(question.into()),
            answer: Some("An answer.".into()),
            status: Some(status.into()),
            order: Some(order),
            ..FaqInput::default()
        };
        faqs.create(input).await.unwrap();
    }
    let questions: Vec<String> = site.faqs().await.unwrap().into_iter().map(|faq| faq.question).collect();
    assert_eq!(questions, ["First?", "Second?"]);
}
