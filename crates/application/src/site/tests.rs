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

async fn post_with(store: &InMemoryStore, clock: &FakeClock, title: &str, status: &str, publish_at: Option<&str>) {
    let input = PostInput {
        title: Some(title.into()),
        status: Some(status.into()),
        content: Some(atelier_domain::post::ContentInput::Markdown(format!("The words of {title}."))),
        publish_at: publish_at.map(Into::into),
        ..PostInput::default()
    };
    BlogCatalog::new(store.clone(), clock.clone()).create(input).await.unwrap();
}

#[tokio::test]
async fn the_sitemap_lists_what_visitors_can_read_now_with_when_it_changed() {
    let store = InMemoryStore::default();
    let clock = FakeClock::default();
    let site = PublicSite::new(store.clone(), clock.clone());
    post_with(&store, &clock, "Live Post", "published", None).await;
    post_with(&store, &clock, "Draft Post", "draft", None).await;
    post_with(&store, &clock, "Scheduled Post", "published", Some("2025-03-02T09:00:00Z")).await;
    project(&store, "Shop Redesign", "published").await;
    project(&store, "Secret App", "draft").await;

    let sitemap = site.sitemap().await.unwrap();
    let slugs = |entries: &[SitemapEntry]| entries.iter().map(|entry| entry.slug.clone()).collect::<Vec<_>>();
    assert_eq!(slugs(&sitemap.posts), ["live-post"]);
    assert_eq!(slugs(&sitemap.projects), ["shop-redesign"]);
    assert_eq!(sitemap.posts[0].last_modified, FakeClock::start());

    clock.advance(chrono::Duration::days(2));
    let sitemap = site.sitemap().await.unwrap();
    assert_eq!(slugs(&sitemap.posts), ["scheduled-post", "live-post"], "a scheduled post shows once its time comes");
    let published: DateTime<Utc> = "2025-03-02T09:00:00Z".parse().unwrap();
    assert_eq!(sitemap.posts[0].last_modified, published, "dated by its publication, later than its last save");
    assert_eq!(sitemap.posts_modified(), Some(published));
}

#[tokio::test]
async fn the_sitemap_reads_every_published_post_not_only_a_first_page() {
    let store = InMemoryStore::default();
    let clock = FakeClock::default();
    let site = PublicSite::new(store.clone(), clock.clone());
    for index in 0..1005 {
        let post = Post {
            id: clock.new_id(),
            slug: atelier_domain::slug::Slug::parse(&format!("post-{index}")).unwrap(),
            ..post_record(&clock)
        };
        store.with(|tables| tables.rows_mut::<Post>().push(post));
    }
    assert_eq!(site.sitemap().await.unwrap().posts.len(), 1005);
}

/// A published post as stored, to fill the store quickly.
fn post_record(clock: &FakeClock) -> Post {
    Post {
        meta: atelier_domain::meta::RecordMeta::default(),
        id: clock.new_id(),
        slug: atelier_domain::slug::Slug::parse("post").unwrap(),
        title: "Post".into(),
        excerpt: String::new(),
        content: String::new(),
        featured_image: String::new(),
        category: None,
        tags: Vec::new(),
        author_name: String::new(),
        status: PostStatus::Published,
        featured: false,
        views: 0,
        meta_title: String::new(),
        meta_description: String::new(),
        publish_at: None,
        review: atelier_domain::post_review::PostReview::default(),
        created_at: clock.now(),
        updated_at: clock.now(),
    }
}

#[tokio::test]
async fn the_feed_is_the_newest_twenty_published_posts_whole() {
    let store = InMemoryStore::default();
    let clock = FakeClock::default();
    let site = PublicSite::new(store.clone(), clock.clone());
    for index in 0..22 {
        clock.advance(chrono::Duration::hours(1));
        post_with(&store, &clock, &format!("Post {index}"), "published", None).await;
    }
    post_with(&store, &clock, "Draft", "draft", None).await;
    post_with(&store, &clock, "Later", "published", Some("2030-01-01T00:00:00Z")).await;
    let feed = site.feed().await.unwrap();
    assert_eq!(feed.len(), 20);
    assert_eq!(feed[0].post.title, "Post 21");
    assert_eq!(feed[19].post.title, "Post 2");
    assert_eq!(feed[0].post.content, "The words of Post 21.");
}

#[tokio::test]
async fn the_services_are_the_active_ones_in_display_order() {
    let (site, store) = site();
    let catalog = ServiceCatalog::new(store.clone(), FakeClock::default());
    for (title, status, order) in [("Second", "active", 2), ("Hidden", "inactive", 0), ("First", "active", 1)] {
        let input = atelier_domain::service::ServiceInput {
            title: Some(title.into()),
            status: Some(status.into()),
            order: Some(order),
            ..atelier_domain::service::ServiceInput::default()
        };
        catalog.create(input).await.unwrap();
    }
    let titles: Vec<String> = site.services().await.unwrap().into_iter().map(|service| service.title).collect();
    assert_eq!(titles, ["First", "Second"]);
}

mod languages;
