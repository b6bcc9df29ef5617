//! The blog use cases against the in-memory fakes.

use super::*;
use crate::categories::CategoryCatalog;
use crate::fake::{FakeClock, InMemoryStore, author};
use crate::tags::TagCatalog;
use atelier_domain::category::CategoryInput;
use atelier_domain::tag::TagInput;
use chrono::{DateTime, Utc};

fn post(title: &str, status: &str) -> PostInput {
    PostInput { title: Some(title.into()), status: Some(status.into()), ..PostInput::default() }
}

fn titles(views: &[PostView]) -> Vec<&str> {
    views.iter().map(|view| view.post.title.as_str()).collect()
}

async fn blog_with(posts: &[PostInput]) -> BlogCatalog<InMemoryStore, FakeClock> {
    let blog = BlogCatalog::new(InMemoryStore::default(), FakeClock::default());
    for post in posts {
        blog.create(post.clone()).await.unwrap();
    }
    blog
}

async fn category(store: &InMemoryStore, display_name: &str, slug: &str) -> String {
    let input =
        CategoryInput { display_name: Some(display_name.into()), slug: Some(slug.into()), ..CategoryInput::default() };
    CategoryCatalog::new(store.clone(), FakeClock::default()).create(input).await.unwrap().category.id.to_string()
}

async fn tag(store: &InMemoryStore, name: &str) -> String {
    let input = TagInput { name: Some(name.into()), ..TagInput::default() };
    TagCatalog::new(store.clone(), FakeClock::default()).create(input).await.unwrap().tag.id.to_string()
}

#[tokio::test]
async fn anonymous_callers_never_see_drafts_in_lists_by_slug_or_by_id() {
    let blog = blog_with(&[post("Live", "published")]).await;
    let draft = blog.create(post("Secret", "draft")).await.unwrap().post;
    let drafts = PostQuery { status: Some(PostStatus::Draft), ..PostQuery::default() };
    assert_eq!(titles(&blog.list(Audience::Public, drafts.clone()).await.unwrap().items), ["Live"]);
    assert_eq!(titles(&blog.list_public(drafts.clone()).await.unwrap().items), ["Live"]);
    assert_eq!(titles(&blog.list(Audience::Admin, drafts).await.unwrap().items), ["Secret"]);

    let id = draft.id.to_string();
    assert!(matches!(blog.get(Audience::Public, &id).await, Err(LookupError::NotFound(_))));
    assert!(matches!(blog.get_by_slug(Audience::Public, "secret").await, Err(LookupError::NotFound(_))));
    assert!(matches!(blog.record_view("secret", &visitor("a")).await, Err(LookupError::NotFound(_))));
    assert_eq!(blog.get(Audience::Admin, &id).await.unwrap().post.title, "Secret");
    assert_eq!(blog.get_by_slug(Audience::Admin, "secret").await.unwrap().post.title, "Secret");
}

#[tokio::test]
async fn generated_slugs_take_suffixes_and_chosen_duplicates_conflict() {
    let blog = blog_with(&[]).await;
    let slugs = [
        blog.create(post("Hello World", "draft")).await.unwrap().post.slug,
        blog.create(post("Hello, world!", "draft")).await.unwrap().post.slug,
        blog.create(post("hello world", "draft")).await.unwrap().post.slug,
    ];
    assert_eq!(slugs.map(|slug| slug.to_string()), ["hello-world", "hello-world-2", "hello-world-3"]);

    let chosen = PostInput { slug: Some("hello-world".into()), ..post("Other", "draft") };
    assert!(matches!(blog.create(chosen).await, Err(PostWriteError::DuplicateSlug)));

    let other = blog.create(post("Other", "draft")).await.unwrap().post.id.to_string();
    let steal = PostInput { slug: Some("hello-world-2".into()), ..PostInput::default() };
    assert!(matches!(blog.update(&other, steal, &author()).await, Err(PostWriteError::DuplicateSlug)));
    let keep = PostInput { slug: Some("other".into()), title: Some("Renamed".into()), ..PostInput::default() };
    let updated = blog.update(&other, keep, &author()).await.unwrap().post;
    assert_eq!((updated.slug.as_str(), updated.title.as_str()), ("other", "Renamed"));
}

#[tokio::test]
async fn derived_names_come_from_the_category_and_tags() {
    let store = InMemoryStore::default();
    let web = category(&store, "Web Development", "web").await;
    let rust = tag(&store, "Rust").await;
    let api = tag(&store, "APIs").await;
    let blog = BlogCatalog::new(store.clone(), FakeClock::default());
    let input = PostInput {
        category: Some(web.clone()),
        tags: Some(vec![rust.clone(), api.clone()]),
        ..post("Typed APIs", "published")
    };
    let created = blog.create(input).await.unwrap();
    assert_eq!(created.category_name, "Web Development");
    assert_eq!(created.tag_names, ["Rust", "APIs"]);
    let listed = blog.list_public(PostQuery::default()).await.unwrap();
    assert_eq!(listed.items[0].tag_names, ["Rust", "APIs"]);
    assert_eq!(listed.items[0].category_name, "Web Development");
}

#[tokio::test]
async fn remembering_keeps_the_category_names_for_the_generation_and_reads_an_unknown_one() {
    let store = InMemoryStore::default();
    let clock = FakeClock::default();
    let sync = crate::freshness::GenerationSync::new(store.clone(), clock.clone(), ContentGeneration::new());
    sync.refresh().await.unwrap();
    let web = category(&store, "Web Development", "web").await;
    let blog = BlogCatalog::new(store.clone(), clock.clone()).remembering(sync.generation().clone());
    blog.create(PostInput { category: Some(web.clone()), ..post("Typed APIs", "published") }).await.unwrap();
    let name = async |slug: &str| blog.get_by_slug(Audience::Public, slug).await.unwrap().category_name;
    assert_eq!(name("typed-apis").await, "Web Development");

    // A rename that has not moved the generation yet (another instance's, before the next poll).
    let rename = CategoryInput { display_name: Some("Web".into()), ..CategoryInput::default() };
    CategoryCatalog::new(store.clone(), clock.clone()).update(&web, rename).await.unwrap();
    assert_eq!(name("typed-apis").await, "Web Development", "kept for the generation");
    // A category added meanwhile is read, not left without a name.
    let mobile = category(&store, "Mobile", "mobile").await;
    blog.create(PostInput { category: Some(mobile), ..post("Apps", "published") }).await.unwrap();
    assert_eq!(name("apps").await, "Mobile");

    sync.changed().await.unwrap();
    assert_eq!(name("typed-apis").await, "Web", "a new generation reads the names again");
    let listed = blog.list_public(PostQuery::default()).await.unwrap();
    let mut names: Vec<&str> = listed.items.iter().map(|view| view.category_name.as_str()).collect();
    names.sort_unstable();
    assert_eq!(names, ["Mobile", "Web"]);
}

#[tokio::test]
async fn unknown_categories_and_tags_are_field_errors() {
    let store = InMemoryStore::default();
    let blog = BlogCatalog::new(store.clone(), FakeClock::default());
    let ghost = "65f1c2a9b4e8d70012345678".to_owned();
    let input = PostInput { category: Some(ghost.clone()), tags: Some(vec![ghost]), ..post("x", "draft") };
    let Err(PostWriteError::Invalid(errors)) = blog.create(input).await else { panic!("expected 422") };
    assert_eq!(errors.get("category"), Some("Category not found"));
    assert!(errors.get("tags").is_some());
    assert_eq!(blog.list(Audience::Admin, PostQuery::default()).await.unwrap().total_items, 0);
}

#[tokio::test]
async fn lists_filter_by_category_ids_or_slugs_search_and_page() {
    let store = InMemoryStore::default();
    let web = category(&store, "Web", "web").await;
    let mobile = category(&store, "Mobile", "mobile").await;
    let blog = BlogCatalog::new(store.clone(), FakeClock::default());
    for (title, category, author) in
        [("React tips", &web, "Ana"), ("Swift tips", &mobile, "Ben"), ("Uncategorised", &String::new(), "Cleo")]
    {
        let input = PostInput {
            category: Some(category.clone()),
            author_name: Some(author.into()),
            ..post(title, "published")
        };
        blog.create(input).await.unwrap();
    }
    let by = |category: &str| PostQuery { category: Some(category.into()), ..PostQuery::default() };
    assert_eq!(titles(&blog.list_public(by("web")).await.unwrap().items), ["React tips"]);
    assert_eq!(titles(&blog.list_public(by(&mobile)).await.unwrap().items), ["Swift tips"]);
    assert_eq!(titles(&blog.list_public(by(&format!("web, {mobile}"))).await.unwrap().items).len(), 2);
    assert_eq!(blog.list_public(by("nothing-here")).await.unwrap().total_items, 0);
    assert_eq!(blog.list_public(by("all")).await.unwrap().total_items, 3);

    let search = PostQuery { search: Some(" CLEO ".into()), ..PostQuery::default() };
    assert_eq!(titles(&blog.list_public(search).await.unwrap().items), ["Uncategorised"]);

    let paged = blog.list_public(PostQuery { page: Some(2), limit: Some(2), ..PostQuery::default() }).await.unwrap();
    assert_eq!((paged.items.len(), paged.total_items, paged.total_pages, paged.current_page), (1, 3, 2, 2));
}

#[tokio::test]
async fn featured_posts_are_filled_up_with_the_newest_others() {
    let blog = blog_with(&[
        PostInput { featured: Some(true), ..post("Featured old", "published") },
        post("Plain old", "published"),
        PostInput { featured: Some(true), ..post("Featured draft", "draft") },
        post("Plain new", "published"),
    ])
    .await;
    assert_eq!(titles(&blog.featured(None).await.unwrap()), ["Featured old", "Plain new", "Plain old"]);
    assert_eq!(titles(&blog.featured(Some(1)).await.unwrap()), ["Featured old"]);
}

#[tokio::test]
async fn views_are_counted_for_published_posts_once_per_visitor_and_hour() {
    let clock = FakeClock::default();
    let blog = BlogCatalog::new(InMemoryStore::default(), clock.clone());
    blog.create(post("Counted", "published")).await.unwrap();
    blog.create(post("Other", "published")).await.unwrap();
    assert_eq!(blog.record_view("counted", &visitor("a")).await.unwrap(), 1);
    assert_eq!(blog.record_view("counted", &visitor("a")).await.unwrap(), 1, "the same visitor again");
    assert_eq!(blog.record_view("counted", &visitor("b")).await.unwrap(), 2);
    assert_eq!(blog.record_view("other", &visitor("a")).await.unwrap(), 1, "another post");
    clock.advance(chrono::Duration::hours(1));
    assert_eq!(blog.record_view("counted", &visitor("a")).await.unwrap(), 3, "an hour later");
    assert!(matches!(blog.record_view("Not A Slug", &visitor("a")).await, Err(LookupError::NotFound(_))));
}

fn visitor(address: &str) -> Visitor {
    let salt = atelier_domain::visitor::VisitorSalt::from_hex(&"ab".repeat(32)).unwrap();
    Visitor::identify(&salt, address, "Firefox")
}

#[tokio::test]
async fn malformed_and_unknown_ids_are_not_found() {
    let blog = blog_with(&[]).await;
    for id in ["nope", "65f1c2a9b4e8d70012345678"] {
        assert!(matches!(blog.get(Audience::Admin, id).await, Err(LookupError::NotFound(_))));
        assert!(matches!(blog.delete(id).await, Err(LookupError::NotFound(_))));
        assert!(matches!(blog.update(id, PostInput::default(), &author()).await, Err(PostWriteError::NotFound)));
    }
}

#[tokio::test]
async fn a_post_takes_its_times_and_id_from_the_clock() {
    let clock = FakeClock::default();
    let blog = BlogCatalog::new(InMemoryStore::default(), clock.clone());
    let created = blog.create(post("Clockwork", "draft")).await.unwrap().post;
    assert_eq!((created.created_at, created.updated_at), (FakeClock::start(), FakeClock::start()));
    assert_eq!(i64::from(created.id.seconds()), FakeClock::start().timestamp());

    clock.advance(chrono::Duration::hours(2));
    let changed =
        blog.update(&created.id.to_string(), post("Clockwork, wound", "draft"), &author()).await.unwrap().post;
    assert_eq!(changed.created_at, FakeClock::start());
    assert_eq!(changed.updated_at, FakeClock::start() + chrono::Duration::hours(2));
}

#[tokio::test]
async fn a_scheduled_post_stays_off_every_public_read_until_its_publish_time() {
    let clock = FakeClock::default();
    let blog = BlogCatalog::new(InMemoryStore::default(), clock.clone());
    blog.create(post("Live", "published")).await.unwrap();
    let at = FakeClock::start() + chrono::Duration::hours(1);
    let scheduled = |title: &str, at: DateTime<Utc>| PostInput {
        publish_at: Some(at.to_rfc3339()),
        featured: Some(true),
        ..post(title, "published")
    };
    let soon = blog.create(scheduled("Soon", at)).await.unwrap().post;
    blog.create(scheduled("Later", at + chrono::Duration::days(2))).await.unwrap();
    let id = soon.id.to_string();

    assert_eq!(titles(&blog.list_public(PostQuery::default()).await.unwrap().items), ["Live"]);
    assert_eq!(blog.list_public(PostQuery::default()).await.unwrap().total_items, 1);
    assert_eq!(titles(&blog.list(Audience::Public, PostQuery::default()).await.unwrap().items), ["Live"]);
    assert_eq!(titles(&blog.featured(None).await.unwrap()), ["Live"], "scheduled featured posts wait too");
    assert!(matches!(blog.get(Audience::Public, &id).await, Err(LookupError::NotFound(_))));
    assert!(matches!(blog.get_by_slug(Audience::Public, "soon").await, Err(LookupError::NotFound(_))));
    assert!(matches!(blog.record_view("soon", &visitor("a")).await, Err(LookupError::NotFound(_))));
    let admin = blog.list(Audience::Admin, PostQuery::default()).await.unwrap();
    assert_eq!(titles(&admin.items), ["Later", "Soon", "Live"], "newest publication first");
    assert_eq!(blog.next_publication().await.unwrap(), Some(at));

    clock.set(at);
    assert_eq!(titles(&blog.list_public(PostQuery::default()).await.unwrap().items), ["Soon", "Live"]);
    assert_eq!(titles(&blog.featured(None).await.unwrap()), ["Soon", "Live"]);
    assert_eq!(blog.get(Audience::Public, &id).await.unwrap().post.title, "Soon");
    assert_eq!(blog.get_by_slug(Audience::Public, "soon").await.unwrap().post.title, "Soon");
    assert_eq!(blog.record_view("soon", &visitor("a")).await.unwrap(), 1);
    assert_eq!(blog.next_publication().await.unwrap(), Some(at + chrono::Duration::days(2)));

    let unscheduled = PostInput { publish_at: Some(String::new()), ..PostInput::default() };
    let later = blog.get_by_slug(Audience::Admin, "later").await.unwrap().post.id.to_string();
    blog.update(&later, unscheduled, &author()).await.unwrap();
    assert_eq!(blog.next_publication().await.unwrap(), None);
    let dated_by_creation = ["Soon", "Later", "Live"];
    assert_eq!(titles(&blog.list_public(PostQuery::default()).await.unwrap().items), dated_by_creation);
}

#[tokio::test]
async fn a_post_goes_into_review_only_by_being_submitted() {
    let blog = BlogCatalog::new(InMemoryStore::default(), FakeClock::default());
    let refused = blog.create(post("Sneaky", "in_review")).await;
    assert!(matches!(refused, Err(PostWriteError::Invalid(errors)) if errors.get("status").is_some()));
    let draft = blog.create(post("Draft", "draft")).await.unwrap().post;
    let id = draft.id.to_string();
    let status = |status: &str| PostInput { status: Some(status.into()), ..PostInput::default() };
    let refused = blog.update(&id, status("in_review"), &author()).await;
    assert!(matches!(refused, Err(PostWriteError::Invalid(errors)) if errors.get("status").is_some()));

    let mut in_review = RecordRepository::<Post>::find(blog.store(), draft.id).await.unwrap().unwrap();
    in_review.submit_for_review(FakeClock::start()).unwrap();
    assert!(RecordRepository::<Post>::update(blog.store(), &mut in_review).await.unwrap());
    let kept = blog.update(&id, status("in_review"), &author()).await.unwrap();
    assert_eq!(kept.post.status, PostStatus::InReview, "a post in review may be edited and stay there");
    let withdrawn = blog.update(&id, status("draft"), &author()).await.unwrap();
    assert_eq!(withdrawn.post.status, PostStatus::Draft, "and be taken back to draft");
}

/// What a reader sees of a page: the posts, in order, and the totals.
fn seen(page: &Page<PostView>) -> (Vec<String>, u64, u64, u64, bool) {
    let items = page.items.iter().map(|view| format!("{} {}", view.post.slug, view.post.status.as_str()));
    (items.collect(), page.total_items, page.total_pages, page.current_page, page.total_capped)
}

#[tokio::test]
async fn a_page_cut_from_a_kept_order_is_the_page_the_store_reads_its_total_capped_alike() {
    use crate::freshness::GenerationSync;
    let store = InMemoryStore::default();
    let clock = FakeClock::default();
    let blog = BlogCatalog::new(store.clone(), clock.clone());
    let sync = GenerationSync::new(store.clone(), clock.clone(), ContentGeneration::new());
    let generation = sync.generation().clone();
    let orders = PostOrders::keeping_searches_from(0);
    let news = category(&store, "News", "news").await;
    // More matches than a search counts past a first page (1,000), all at one instant: the order is
    // the ids'. Every third is in News, every seventh a draft.
    for index in 0..1_030 {
        let status = if index % 7 == 0 { "draft" } else { "published" };
        let category = (index % 3 == 0).then(|| news.clone());
        let input = PostInput { category, ..post(&format!("Match {index}"), status) };
        blog.create(input).await.unwrap();
    }
    blog.create(post("Other", "published")).await.unwrap();
    sync.changed().await.unwrap();
    let queries = |page: i64, limit: i64| {
        let query = PostQuery { page: Some(page), limit: Some(limit), ..PostQuery::default() };
        [
            PostQuery { search: Some("match".into()), ..query.clone() },
            PostQuery { search: Some("atch 1".into()), ..query.clone() },
            PostQuery { category: Some("news".into()), ..query.clone() },
            PostQuery { category: Some("news".into()), search: Some("MATCH".into()), ..query.clone() },
            PostQuery { status: Some(PostStatus::Draft), ..query.clone() },
            query,
        ]
    };
    let mut capped = 0;
    for limit in [7_i64, 100] {
        for page in (1..=3).chain([9, 10, 11, 140, 147, 148, 149, 1_000]) {
            for query in queries(page, limit) {
                let plain = blog.list_public(query.clone()).await.unwrap();
                let kept = blog.list_public_in(query.clone(), &generation, &orders).await.unwrap();
                assert_eq!(seen(&kept), seen(&plain), "public {query:?}");
                capped += usize::from(plain.total_capped);
                let plain = blog.list(Audience::Admin, query.clone()).await.unwrap();
                let kept = blog.list_in(Audience::Admin, query.clone(), &generation, &orders).await.unwrap();
                assert_eq!(seen(&kept), seen(&plain), "admin {query:?}");
                capped += usize::from(plain.total_capped);
            }
        }
    }
    assert!(capped > 0, "some totals were capped");

    // A write moves the generation: the orders are read again.
    let first = blog.list(Audience::Admin, PostQuery::default()).await.unwrap().items[0].post.id.to_string();
    blog.update(&first, PostInput { status: Some("draft".into()), ..PostInput::default() }, &author()).await.unwrap();
    sync.changed().await.unwrap();
    for query in queries(1, 7).into_iter().chain(queries(148, 7)) {
        let plain = blog.list_public(query.clone()).await.unwrap();
        let kept = blog.list_public_in(query.clone(), &generation, &orders).await.unwrap();
        assert_eq!(seen(&kept), seen(&plain), "after a write, {query:?}");
    }
}
