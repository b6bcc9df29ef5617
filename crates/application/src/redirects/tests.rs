//! The redirect use cases against the in-memory fakes.

use atelier_domain::post::PostInput;
use atelier_domain::redirect::{RedirectInput, RedirectPath};

use super::served::RedirectTable;
use super::*;
use crate::blog::BlogCatalog;
use crate::fake::{FakeClock, InMemoryStore, author};
use crate::freshness::{ContentGeneration, GenerationSync};

fn input(from: &str, to: &str) -> RedirectInput {
    RedirectInput { from: Some(from.into()), to: Some(to.into()), ..RedirectInput::default() }
}

fn redirects() -> Redirects<InMemoryStore, FakeClock> {
    Redirects::new(InMemoryStore::default(), FakeClock::default())
}

/// Every stored redirect as `from → to`, by from.
async fn pairs(redirects: &Redirects<InMemoryStore, FakeClock>) -> Vec<String> {
    let query = RedirectQuery { limit: Some(1000), ..RedirectQuery::default() };
    redirects.list(query).await.unwrap().items.iter().map(|r| format!("{} → {}", r.from, r.to.as_str())).collect()
}

fn refused_field(result: Result<Redirect, RedirectWriteError>, field: &str) -> String {
    match result {
        Err(RedirectWriteError::Invalid(errors)) => errors.get(field).expect("the field's message").to_owned(),
        other => panic!("expected {field} to be refused, got {other:?}"),
    }
}

#[tokio::test]
async fn a_redirect_to_a_redirected_address_leads_straight_to_the_end() {
    let redirects = redirects();
    redirects.create(input("/b", "/c")).await.unwrap();
    let added = redirects.create(input("/a/", "/b/")).await.unwrap();
    assert_eq!(added.to.as_str(), "/c");
    assert_eq!(added.status.code(), 301);
    assert_eq!(pairs(&redirects).await, ["/a → /c", "/b → /c"]);
}

#[tokio::test]
async fn redirects_that_led_to_a_newly_redirected_address_move_on_with_it() {
    let redirects = redirects();
    redirects.create(input("/x", "/a")).await.unwrap();
    redirects.create(input("/y", "/a?from=y")).await.unwrap();
    redirects.create(input("/a", "https://example.com/a")).await.unwrap();
    assert_eq!(
        pairs(&redirects).await,
        ["/a → https://example.com/a", "/x → https://example.com/a", "/y → https://example.com/a"]
    );
}

#[tokio::test]
async fn loops_are_refused_directly_and_through_another_redirect() {
    let redirects = redirects();
    let message = refused_field(redirects.create(input("/a", "/a/?x=1")).await, "to");
    assert_eq!(message, LOOP_MESSAGE);
    redirects.create(input("/b", "/a")).await.unwrap();
    refused_field(redirects.create(input("/a", "/b")).await, "to");
    let b = redirects.list(RedirectQuery::default()).await.unwrap().items.remove(0);
    // Turning an existing one round is refused too.
    redirects.create(input("/c", "/d")).await.unwrap();
    refused_field(
        redirects.update(&b.id.to_string(), RedirectInput { to: Some("/b".into()), ..RedirectInput::default() }).await,
        "to",
    );
    assert_eq!(pairs(&redirects).await, ["/b → /a", "/c → /d"]);
}

#[tokio::test]
async fn one_address_has_one_redirect_whatever_its_spelling() {
    let redirects = redirects();
    redirects.create(input("/2019/05/slug/", "/blog/slug")).await.unwrap();
    for spelling in ["/2019/05/slug", "2019/05/slug", "/2019/05/%73lug/", "https://old.example/2019/05/slug/"] {
        assert!(
            matches!(redirects.create(input(spelling, "/blog/other")).await, Err(RedirectWriteError::DuplicateFrom)),
            "{spelling}"
        );
    }
    let other = redirects.create(input("/elsewhere", "/blog/other")).await.unwrap();
    let moved = redirects
        .update(&other.id.to_string(), RedirectInput { from: Some("/2019/05/slug".into()), ..RedirectInput::default() })
        .await;
    assert!(matches!(moved, Err(RedirectWriteError::DuplicateFrom)));
}

#[tokio::test]
async fn reserved_addresses_and_open_redirects_are_refused_by_field() {
    let redirects = redirects();
    refused_field(redirects.create(input("/api/blog", "/blog")).await, "from");
    refused_field(redirects.create(input("/admin/", "/blog")).await, "from");
    refused_field(redirects.create(input("/old", "//evil.example")).await, "to");
    refused_field(redirects.create(RedirectInput { status: Some(200), ..input("/old", "/new") }).await, "status");
    assert!(pairs(&redirects).await.is_empty());
}

#[tokio::test]
async fn adding_in_bulk_skips_addresses_that_already_have_a_redirect_so_a_second_run_adds_nothing() {
    let redirects = redirects();
    redirects.create(input("/kept", "/blog/kept-here")).await.unwrap();
    let batch = vec![
        input("/2019/05/one/", "/blog/one"),
        input("/kept/", "/blog/elsewhere"),
        input("/two", "/blog/two"),
        input("/two/", "/blog/two-again"),
        input("/api/x", "/blog/x"),
    ];
    let first = redirects.add_many(batch.clone()).await.unwrap();
    assert_eq!(first.added.len(), 2);
    let skipped: Vec<&str> = first.skipped.iter().map(RedirectPath::as_str).collect();
    assert_eq!(skipped, ["/kept", "/two"]);
    assert_eq!(first.refused.len(), 1);
    assert_eq!(first.refused[0].0, 4);
    let second = redirects.add_many(batch).await.unwrap();
    assert!(second.added.is_empty());
    assert_eq!(second.skipped.len(), 4);
    assert_eq!(pairs(&redirects).await, ["/2019/05/one → /blog/one", "/kept → /blog/kept-here", "/two → /blog/two"]);
}

async fn published(blog: &BlogCatalog<InMemoryStore, FakeClock>, title: &str, slug: &str) -> String {
    let input = PostInput {
        title: Some(title.into()),
        slug: Some(slug.into()),
        status: Some("published".into()),
        ..PostInput::default()
    };
    blog.create(input).await.unwrap().post.id.to_string()
}

async fn rename(blog: &BlogCatalog<InMemoryStore, FakeClock>, id: &str, slug: &str) {
    blog.update(id, PostInput { slug: Some(slug.into()), ..PostInput::default() }, &author()).await.unwrap();
}

#[tokio::test]
async fn renaming_a_published_posts_slug_redirects_its_old_address_without_chains() {
    let store = InMemoryStore::default();
    let blog = BlogCatalog::new(store.clone(), FakeClock::default());
    let redirects = Redirects::new(store.clone(), FakeClock::default());
    let id = published(&blog, "Designing APIs", "designing-apis").await;
    redirects.create(input("/2019/05/designing-apis/", "/blog/designing-apis")).await.unwrap();

    rename(&blog, &id, "api-design").await;
    assert_eq!(
        pairs(&redirects).await,
        ["/2019/05/designing-apis → /blog/api-design", "/blog/designing-apis → /blog/api-design"]
    );
    let automatic = redirects.list(RedirectQuery::default()).await.unwrap().items.remove(1);
    assert_eq!(automatic.status.code(), 301);
    assert!(automatic.note.contains("Designing APIs"), "{}", automatic.note);

    rename(&blog, &id, "apis").await;
    assert_eq!(
        pairs(&redirects).await,
        ["/2019/05/designing-apis → /blog/apis", "/blog/api-design → /blog/apis", "/blog/designing-apis → /blog/apis"]
    );

    // Back to the first slug: its address is a live page again, so no redirect is left from it.
    rename(&blog, &id, "designing-apis").await;
    assert_eq!(
        pairs(&redirects).await,
        [
            "/2019/05/designing-apis → /blog/designing-apis",
            "/blog/api-design → /blog/designing-apis",
            "/blog/apis → /blog/designing-apis"
        ]
    );
}

#[tokio::test]
async fn a_draft_that_changes_its_slug_leaves_no_redirect() {
    let store = InMemoryStore::default();
    let blog = BlogCatalog::new(store.clone(), FakeClock::default());
    let draft = PostInput { title: Some("Draft".into()), slug: Some("draft".into()), ..PostInput::default() };
    let id = blog.create(draft).await.unwrap().post.id.to_string();
    rename(&blog, &id, "still-a-draft").await;
    assert!(pairs(&Redirects::new(store, FakeClock::default())).await.is_empty());
}

#[tokio::test]
async fn the_served_table_finds_any_spelling_follows_the_generation_and_counts_hits() {
    let store = InMemoryStore::default();
    let clock = FakeClock::default();
    let redirects = Redirects::new(store.clone(), clock.clone());
    let sync = GenerationSync::new(store.clone(), clock.clone(), ContentGeneration::new());
    sync.refresh().await.unwrap();
    let table = RedirectTable::new(store.clone(), clock.clone(), sync.generation().clone());
    let added = redirects.create(input("/2019/05/slug", "/blog/slug")).await.unwrap();

    let found = table.find("/2019/05/slug/?utm_source=feed").await.unwrap();
    assert_eq!((found.location.as_str(), found.status), ("/blog/slug", 301));
    table.hit(&found);
    assert!(table.find("/2019/05/Slug").await.is_none());
    assert!(table.find("//2019/05/slug").await.is_none());

    // Read from memory until the generation moves.
    redirects.create(input("/new-one", "/blog/new")).await.unwrap();
    assert!(table.find("/new-one").await.is_none());
    sync.changed().await.unwrap();
    assert_eq!(table.find("/new-one").await.unwrap().location, "/blog/new");

    table.flush_hits().await.unwrap();
    let stored = redirects.get(&added.id.to_string()).await.unwrap();
    assert_eq!((stored.hits, stored.last_hit_at), (1, Some(FakeClock::start())));
    table.hit(&table.find("/2019/05/slug").await.unwrap());
    table.flush_hits().await.unwrap();
    table.flush_hits().await.unwrap();
    assert_eq!(redirects.get(&added.id.to_string()).await.unwrap().hits, 2);
}

#[tokio::test]
async fn renaming_a_published_projects_slug_redirects_its_old_address_but_a_draft_leaves_none() {
    use crate::portfolio::Portfolio;
    use atelier_domain::portfolio::ProjectInput;

    let store = InMemoryStore::default();
    let portfolio = Portfolio::new(store.clone(), FakeClock::default());
    let project = |title: &str, slug: &str, status: &str| ProjectInput {
        title: Some(title.into()),
        slug: Some(slug.into()),
        client: Some("Acme".into()),
        completed_at: Some("2025-01-01".into()),
        status: Some(status.into()),
        ..ProjectInput::default()
    };
    let live = portfolio.create(project("Harbour App", "harbour-app", "published")).await.unwrap().id.to_string();
    let draft = portfolio.create(project("Ledger", "ledger", "draft")).await.unwrap().id.to_string();
    let rename = |slug: &str| ProjectInput { slug: Some(slug.into()), ..ProjectInput::default() };
    portfolio.update(&live, rename("harbour"), &author()).await.unwrap();
    portfolio.update(&draft, rename("ledger-api"), &author()).await.unwrap();
    assert_eq!(pairs(&Redirects::new(store, FakeClock::default())).await, ["/project/harbour-app → /project/harbour"]);
}
