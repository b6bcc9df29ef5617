//! Blog categories, tags and posts: round trips, list queries and the derived counts.

use atelier_adapters_db::{SeaOrmStore, migrations};
use atelier_application::blog::ports::{PostFilter, PostRepository, PostViewSeen};
use atelier_application::categories::ports::{CategoryFilter, CategoryRepository};
use atelier_application::records::{RecordRepository, RemoveError, SaveError};
use atelier_application::tags::ports::{TagFilter, TagRepository};
use atelier_domain::category::{Category, CategoryChanges, CategoryInput, CategoryStatus};
use atelier_domain::post::{ContentInput, Post, PostChanges, PostInput, PostStatus};
use atelier_domain::slug::Slug;
use atelier_domain::tag::{Tag, TagChanges, TagInput, TagType};
use atelier_domain::visitor::{Visitor, VisitorSalt};
use atelier_domain::{EntityId, PageRequest};
use chrono::{DateTime, Duration, DurationRound, TimeDelta, Utc};

use crate::helpers::{
    QueryCounter, delete, find, on_every_database, on_every_database_before, on_every_database_counting,
};

fn now() -> DateTime<Utc> {
    // Databases keep microseconds; truncate so a round trip compares equal.
    Utc::now().duration_trunc(TimeDelta::microseconds(1)).unwrap()
}

fn category(slug: &str, order: i64, status: &str) -> Category {
    let input = CategoryInput {
        display_name: Some(format!("{slug} display")),
        slug: Some(slug.into()),
        description: Some("About it".into()),
        featured: Some(true),
        status: Some(status.into()),
        order: Some(order),
        ..CategoryInput::default()
    };
    Category::create(EntityId::generate(now()), CategoryChanges::parse(input, true).unwrap(), now())
}

fn tag(name: &str, kind: &str) -> Tag {
    let input = TagInput {
        name: Some(name.into()),
        description: Some("A tag".into()),
        color: Some("#3b82f6".into()),
        tag_type: Some(kind.into()),
    };
    let slug = Slug::from_title(name).unwrap();
    Tag::create(EntityId::generate(now()), slug, TagChanges::parse(input, true).unwrap(), now())
}

pub(crate) fn post(title: &str, status: &str, category: Option<&Category>, tags: &[&Tag], age_days: i64) -> Post {
    let created = now() - Duration::days(age_days);
    let input = PostInput {
        title: Some(title.into()),
        excerpt: Some(format!("Excerpt of {title}")),
        content: Some(ContentInput::Markdown("# Heading\n\n**bold** ünïcødé 🚀".into())),
        featured_image: Some("/images/demo/blog-1.svg".into()),
        category: Some(category.map(|category| category.id.to_string()).unwrap_or_default()),
        tags: Some(tags.iter().map(|tag| tag.id.to_string()).collect()),
        author_name: Some("Ana Lima".into()),
        status: Some(status.into()),
        featured: Some(false),
        meta_title: Some(title.into()),
        meta_description: Some("Meta".into()),
        ..PostInput::default()
    };
    let slug = Slug::from_title(title).unwrap();
    Post::create(EntityId::generate(created), slug, PostChanges::parse(input, true).unwrap(), created)
}

fn all() -> PageRequest {
    PageRequest::clamped(None, Some(1000), 1000, 1000)
}

fn titles(posts: &[Post]) -> Vec<&str> {
    posts.iter().map(|post| post.title.as_str()).collect()
}

#[tokio::test]
async fn categories_round_trip_list_in_order_and_refuse_duplicate_slugs() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let mut web = category("web", 2, "active");
        let mut mobile = category("mobile", 1, "active");
        let mut hidden = category("hidden", 2, "inactive");
        for category in [&mut web, &mut mobile, &mut hidden] {
            store.insert(category).await.unwrap();
        }
        assert_eq!(find::<Category>(&store, web.id).await.unwrap().as_ref(), Some(&web), "{db}");
        let slugs = |list: Vec<Category>| list.into_iter().map(|c| c.slug.to_string()).collect::<Vec<_>>();
        assert_eq!(slugs(store.list_categories(CategoryFilter::default()).await.unwrap()), ["mobile", "hidden", "web"]);
        let active = CategoryFilter { status: Some(CategoryStatus::Active) };
        assert_eq!(slugs(store.list_categories(active).await.unwrap()), ["mobile", "web"], "{db}");
        assert_eq!(store.find_categories(&[web.id, mobile.id]).await.unwrap().len(), 2, "{db}");
        let by_slug = store.find_categories_by_slugs(&[Slug::parse("web").unwrap()]).await.unwrap();
        assert_eq!(slugs(by_slug), ["web"], "{db}");
        assert!(store.find_categories(&[]).await.unwrap().is_empty());

        let mut clash = category("web", 0, "active");
        assert!(matches!(store.insert(&mut clash).await, Err(SaveError::DuplicateSlug)), "{db}");
        let mut renamed = mobile.clone();
        renamed.slug = Slug::parse("web").unwrap();
        assert!(matches!(store.update(&mut renamed).await, Err(SaveError::DuplicateSlug)), "{db}");
        renamed.slug = Slug::parse("apps").unwrap();
        assert!(store.update(&mut renamed).await.unwrap(), "{db}");
        assert_eq!(find::<Category>(&store, mobile.id).await.unwrap(), Some(renamed), "{db}");
        assert!(!store.update(&mut clash).await.unwrap(), "{db}");
        assert!(delete::<Category>(&store, hidden.id).await.unwrap(), "{db}");
        assert!(!delete::<Category>(&store, hidden.id).await.unwrap(), "{db}");
    })
    .await;
}

#[tokio::test]
async fn tags_round_trip_filter_by_type_and_refuse_duplicate_slugs() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let mut rust = tag("Rust", "blog");
        let mut study = tag("Case Study", "portfolio");
        let mut news = tag("News", "general");
        for tag in [&mut rust, &mut study, &mut news] {
            store.insert(tag).await.unwrap();
        }
        assert_eq!(find::<Tag>(&store, rust.id).await.unwrap().as_ref(), Some(&rust), "{db}");
        assert_eq!(store.find_tag_by_slug(&Slug::parse("case-study").unwrap()).await.unwrap(), Some(study.clone()));
        let names = |list: Vec<Tag>| list.into_iter().map(|t| t.name).collect::<Vec<_>>();
        assert_eq!(names(store.list_tags(TagFilter::default()).await.unwrap()), ["Case Study", "News", "Rust"], "{db}");
        let blog = TagFilter { types: Some(vec![TagType::Blog, TagType::General]), ..TagFilter::default() };
        assert_eq!(names(store.list_tags(blog).await.unwrap()), ["News", "Rust"], "{db}");
        assert_eq!(store.find_tags(&[rust.id, news.id]).await.unwrap().len(), 2, "{db}");

        assert!(matches!(store.insert(&mut tag("Rust", "general")).await, Err(SaveError::DuplicateSlug)), "{db}");
        let mut renamed = news.clone();
        renamed.name = "Updates".into();
        renamed.slug = Slug::parse("updates").unwrap();
        assert!(store.update(&mut renamed).await.unwrap(), "{db}");
        assert_eq!(find::<Tag>(&store, news.id).await.unwrap(), Some(renamed), "{db}");
        assert!(delete::<Tag>(&store, news.id).await.unwrap(), "{db}");
        assert!(!delete::<Tag>(&store, news.id).await.unwrap(), "{db}");
    })
    .await;
}

#[tokio::test]
async fn posts_round_trip_with_their_tags_in_order() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let mut web = category("web", 0, "active");
        store.insert(&mut web).await.unwrap();
        let (mut a, mut b) = (tag("Zeta", "blog"), tag("Alpha", "blog"));
        store.insert(&mut a).await.unwrap();
        store.insert(&mut b).await.unwrap();
        let mut original = post("Typed APIs", "published", Some(&web), &[&a, &b], 0);
        store.insert(&mut original).await.unwrap();
        assert_eq!(find::<Post>(&store, original.id).await.unwrap().as_ref(), Some(&original), "{db}");
        let by_slug = store.find_post_by_slug(&original.slug).await.unwrap();
        assert_eq!(by_slug.as_ref(), Some(&original), "{db}");
        // Tags in their own order, not their ids' (read in the post's statement: by slug, by ids).
        let mut reversed = post("Tags reversed", "published", None, &[&b, &a], 0);
        store.insert(&mut reversed).await.unwrap();
        let mut bare = post("No tags", "published", None, &[], 0);
        store.insert(&mut bare).await.unwrap();
        assert_eq!(store.find_post_by_slug(&reversed.slug).await.unwrap().unwrap().tags, [b.id, a.id], "{db}");
        let by_ids = store.posts_by_ids(&[bare.id, reversed.id, original.id]).await.unwrap();
        assert_eq!(by_ids, [bare.clone(), reversed.clone(), original.clone()], "{db}");
        assert!(delete::<Post>(&store, reversed.id).await.unwrap() && delete::<Post>(&store, bare.id).await.unwrap());

        let mut changed = original.clone();
        changed.tags = vec![b.id];
        changed.category = None;
        changed.title = "Typed APIs, revised".into();
        assert!(store.update(&mut changed).await.unwrap(), "{db}");
        assert_eq!(find::<Post>(&store, original.id).await.unwrap(), Some(changed.clone()), "{db}");

        let mut clash = post("Typed APIs", "draft", None, &[], 0);
        assert!(matches!(store.insert(&mut clash).await, Err(SaveError::DuplicateSlug)), "{db}");
        assert!(!store.update(&mut clash).await.unwrap(), "{db}");

        assert!(delete::<Post>(&store, original.id).await.unwrap(), "{db}");
        assert_eq!(find::<Post>(&store, original.id).await.unwrap(), None, "{db}");
        assert!(!delete::<Post>(&store, original.id).await.unwrap(), "{db}");
        assert!(delete::<Tag>(&store, b.id).await.unwrap(), "the deleted post no longer uses its tag ({db})");
    })
    .await;
}

#[tokio::test]
async fn post_lists_filter_search_page_and_sort_newest_first() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let mut web = category("web", 0, "active");
        let mut mobile = category("mobile", 0, "active");
        store.insert(&mut web).await.unwrap();
        store.insert(&mut mobile).await.unwrap();
        let mut featured = post("Featured 100%_done", "published", Some(&web), &[], 3);
        featured.featured = true;
        featured.author_name = "Zoë Ortega".into();
        for post in [
            &featured,
            &post("Oldest", "published", Some(&mobile), &[], 9),
            &post("Newest", "published", None, &[], 1),
            &post("Draft", "draft", Some(&web), &[], 0),
        ] {
            store.insert(&mut post.clone()).await.unwrap();
        }
        let every = store.list_posts(&PostFilter::default(), all()).await.unwrap();
        assert_eq!(titles(&every.items), ["Draft", "Newest", "Featured 100%_done", "Oldest"], "{db}");
        assert_eq!((every.total_items, every.total_pages, every.current_page), (4, 1, 1), "{db}");

        let published = PostFilter { status: Some(PostStatus::Published), ..PostFilter::default() };
        let list = store.list_posts(&published, all()).await.unwrap();
        assert_eq!(titles(&list.items), ["Newest", "Featured 100%_done", "Oldest"], "{db}");

        let in_web = PostFilter { categories: Some(vec![web.id]), ..published.clone() };
        assert_eq!(titles(&store.list_posts(&in_web, all()).await.unwrap().items), ["Featured 100%_done"], "{db}");
        let in_both = PostFilter { categories: Some(vec![web.id, mobile.id]), ..PostFilter::default() };
        assert_eq!(store.list_posts(&in_both, all()).await.unwrap().total_items, 3, "{db}");
        let in_none = PostFilter { categories: Some(vec![]), ..PostFilter::default() };
        assert_eq!(store.list_posts(&in_none, all()).await.unwrap().total_items, 0, "{db}");

        let only_featured = PostFilter { featured: Some(true), ..published.clone() };
        assert_eq!(store.list_posts(&only_featured, all()).await.unwrap().total_items, 1, "{db}");

        for (term, expected) in [("ZOË", 1), ("100%", 1), ("%", 1), ("_", 1), ("excerpt of old", 1), ("nothing", 0)] {
            let search = PostFilter { search: Some(term.into()), ..PostFilter::default() };
            assert_eq!(store.list_posts(&search, all()).await.unwrap().total_items, expected, "{term} ({db})");
        }

        let second = store.list_posts(&PostFilter::default(), PageRequest::clamped(Some(2), Some(3), 3, 100)).await;
        let second = second.unwrap();
        assert_eq!((titles(&second.items), second.total_items, second.total_pages), (vec!["Oldest"], 4, 2), "{db}");
        // A full page may not be the last: its total is counted, not guessed.
        let full = store.list_posts(&PostFilter::default(), PageRequest::clamped(Some(2), Some(2), 3, 100)).await;
        let full = full.unwrap();
        assert_eq!((full.items.len(), full.total_items, full.total_pages), (2, 4, 2), "{db}");
        let first = store.list_posts(&PostFilter::default(), PageRequest::clamped(Some(1), Some(3), 3, 100)).await;
        assert_eq!(first.unwrap().total_items, 4, "{db}");
        let far = PageRequest::clamped(Some(i64::MAX), Some(100), 10, 100);
        let beyond = store.list_posts(&PostFilter::default(), far).await.unwrap();
        assert!(beyond.items.is_empty() && beyond.total_items == 4, "{db}");
    })
    .await;
}

#[tokio::test]
async fn derived_counts_come_from_one_grouped_query() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let mut web = category("web", 0, "active");
        let mut empty = category("empty", 0, "active");
        store.insert(&mut web).await.unwrap();
        store.insert(&mut empty).await.unwrap();
        let (mut rust, mut go, mut unused) = (tag("Rust", "blog"), tag("Go", "blog"), tag("Unused", "general"));
        for tag in [&mut rust, &mut go, &mut unused] {
            store.insert(tag).await.unwrap();
        }
        store.insert(&mut post("One", "published", Some(&web), &[&rust], 1)).await.unwrap();
        store.insert(&mut post("Two", "draft", Some(&web), &[&rust, &go], 2)).await.unwrap();
        store.insert(&mut post("Three", "published", None, &[&go], 3)).await.unwrap();

        let posts = store.count_posts_by_category(&[web.id, empty.id]).await.unwrap();
        assert_eq!((posts.get(&web.id), posts.get(&empty.id)), (Some(&2), None), "{db}");
        let uses = store.tag_usage_counts(&[rust.id, go.id, unused.id]).await.unwrap();
        assert_eq!((uses.get(&rust.id), uses.get(&go.id), uses.get(&unused.id)), (Some(&2), Some(&2), None), "{db}");
        assert!(store.count_posts_by_category(&[]).await.unwrap().is_empty());

        let refused = delete::<Category>(&store, web.id).await;
        assert!(matches!(refused, Err(RemoveError::InUse)), "{db}: {refused:?}");
        assert!(matches!(delete::<Tag>(&store, rust.id).await, Err(RemoveError::InUse)), "{db}");
        assert!(delete::<Tag>(&store, unused.id).await.unwrap(), "{db}");
    })
    .await;
}

#[tokio::test]
async fn views_are_counted_atomically_once_per_visitor_and_hour_for_published_posts_only() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let mut live = post("Live", "published", None, &[], 0);
        let mut draft = post("Hidden", "draft", None, &[], 0);
        store.insert(&mut live).await.unwrap();
        store.insert(&mut draft).await.unwrap();
        let views = futures_join(&store, &live.slug, |index| visitor(&format!("10.0.0.{index}"))).await;
        assert_eq!(views, 10, "ten visitors at once ({db})");
        let views = futures_join(&store, &live.slug, |_| visitor("10.0.0.1")).await;
        assert_eq!(views, 10, "one visitor again, ten times at once ({db})");
        let next_hour = now() + Duration::hours(1);
        assert_eq!(
            store.record_post_view(&live.slug, next_hour, &visitor("10.0.0.1")).await.unwrap(),
            Some(11),
            "{db}"
        );
        assert_eq!(find::<Post>(&store, live.id).await.unwrap().unwrap().views, 11, "{db}");
        assert_eq!(store.record_post_view(&draft.slug, now(), &visitor("a")).await.unwrap(), None, "{db}");
        let nope = Slug::parse("nope").unwrap();
        assert_eq!(store.record_post_view(&nope, now(), &visitor("a")).await.unwrap(), None, "{db}");

        let mut edited = find::<Post>(&store, live.id).await.unwrap().unwrap();
        edited.views = 0;
        edited.title = "Live, edited".into();
        store.update(&mut edited).await.unwrap();
        assert_eq!(find::<Post>(&store, live.id).await.unwrap().unwrap().views, 11, "an edit keeps the views ({db})");
    })
    .await;
}

async fn seen_views(store: &SeaOrmStore, batch: &[PostViewSeen]) {
    store.record_post_views(batch).await.unwrap();
}

#[tokio::test]
async fn a_batch_of_views_counts_each_visitor_once_per_post_and_hour_in_statements_that_do_not_grow_with_it() {
    on_every_database_counting(|store: SeaOrmStore, queries: QueryCounter, db| async move {
        let mut one = post("One", "published", None, &[], 0);
        let mut two = post("Two", "published", None, &[], 0);
        let mut draft = post("Unseen", "draft", None, &[], 0);
        let mut soon = post("Soon", "published", None, &[], 0);
        soon.publish_at = Some(now() + Duration::minutes(30));
        for post in [&mut one, &mut two, &mut draft, &mut soon] {
            store.insert(post).await.unwrap();
        }
        let seen = |post: &Post, who: &str, at: DateTime<Utc>| PostViewSeen {
            slug: post.slug.clone(),
            at,
            visitor: visitor(who),
        };
        let t0 = now();
        let small: Vec<PostViewSeen> = vec![seen(&one, "a", t0), seen(&two, "a", t0)];
        let ((), few) = queries.during(seen_views(&store, &small)).await;
        // A thousand views of the same two posts: 500 visitors each, every one twice, and views of
        // posts that do not count (a draft, one not live yet, an unknown slug).
        let mut large: Vec<PostViewSeen> =
            (0..1000).map(|n| seen(if n % 2 == 0 { &one } else { &two }, &format!("v{}", n % 500), t0)).collect();
        large.push(seen(&draft, "a", t0));
        large.push(seen(&soon, "a", t0));
        large.push(PostViewSeen { slug: Slug::parse("nope").unwrap(), at: t0, visitor: visitor("a") });
        let ((), many) = queries.during(seen_views(&store, &large)).await;
        assert!(many <= few, "{db}: {few} statements for 2 views, {many} for {}", large.len());
        let views = |post: &Post| {
            let (store, id) = (store.clone(), post.id);
            async move { find::<Post>(&store, id).await.unwrap().unwrap().views }
        };
        // "v0".."v499": each views one post ("vN" with N even views `one`, odd `two`) in both rounds.
        assert_eq!((views(&one).await, views(&two).await), (1 + 250, 1 + 250), "{db}");
        assert_eq!((views(&draft).await, views(&soon).await), (0, 0), "{db}");

        seen_views(&store, &large).await;
        assert_eq!(views(&one).await, 251, "the same hour again counts nothing ({db})");
        seen_views(&store, &[seen(&one, "v0", t0 + Duration::hours(1)), seen(&soon, "a", t0 + Duration::hours(1))])
            .await;
        assert_eq!((views(&one).await, views(&soon).await), (252, 1), "the next hour counts again ({db})");
        seen_views(&store, &[]).await;
    })
    .await;
}

#[tokio::test]
async fn views_of_every_batch_size_are_counted_in_a_few_statement_shapes() {
    // Each connection keeps its prepared statements by their text: one text per batch size would
    // keep a statement of thousands of bound values for every size a flush ever had.
    on_every_database_counting(|store: SeaOrmStore, queries: QueryCounter, db| async move {
        let mut posts = Vec::new();
        for n in 0..8 {
            let mut live = post(&format!("Counted {n}"), "published", None, &[], 0);
            store.insert(&mut live).await.unwrap();
            posts.push(live);
        }
        let t0 = now();
        let mut texts = std::collections::BTreeSet::new();
        let mut counted = 0;
        for size in (1..=70).chain([1024, 1100]) {
            let batch: Vec<PostViewSeen> = (0..size)
                .map(|n| PostViewSeen {
                    slug: posts[n % posts.len()].slug.clone(),
                    at: t0,
                    visitor: visitor(&format!("s{size}-{n}")),
                })
                .collect();
            let ((), statements) = queries.statements_of(seen_views(&store, &batch)).await;
            texts.extend(
                statements
                    .into_iter()
                    .map(|statement| statement.sql)
                    .filter(|sql| sql.contains("post_views") || sql.contains(" IN (")),
            );
            counted += size as u64;
        }
        let mut total = 0;
        for live in &posts {
            total += find::<Post>(&store, live.id).await.unwrap().unwrap().views;
        }
        assert_eq!(total, counted, "every visitor's view counted once ({db})");
        assert!(texts.len() <= 8, "{db}: {} texts: {texts:#?}", texts.len());
    })
    .await;
}

fn visitor(address: &str) -> Visitor {
    let salt = VisitorSalt::from_hex(&"ab".repeat(32)).unwrap();
    Visitor::identify(&salt, address, "Firefox")
}

/// Ten concurrent views, the `index`th by `who(index)`; the highest count any of them saw.
async fn futures_join(store: &SeaOrmStore, slug: &Slug, who: impl Fn(usize) -> Visitor) -> u64 {
    let mut handles = Vec::new();
    for index in 0..10 {
        let (store, slug, visitor) = (store.clone(), slug.clone(), who(index));
        handles
            .push(tokio::spawn(async move { store.record_post_view(&slug, now(), &visitor).await.unwrap().unwrap() }));
    }
    let mut highest = 0;
    for handle in handles {
        highest = highest.max(handle.await.unwrap());
    }
    highest
}

#[tokio::test]
async fn a_scheduled_post_is_listed_viewed_and_dated_by_its_publish_time() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let t0 = now();
        let mut soon = post("Soon", "published", None, &[], 5);
        soon.publish_at = Some(t0 + Duration::minutes(10));
        let mut later = post("Later", "published", None, &[], 6);
        later.publish_at = Some(t0 + Duration::days(3));
        let mut past = post("Backdated", "published", None, &[], 0);
        past.publish_at = Some(t0 - Duration::days(2));
        let mut draft = post("Draft", "draft", None, &[], 0);
        draft.publish_at = Some(t0 + Duration::minutes(1));
        let mut plain = post("Plain", "published", None, &[], 1);
        for post in [&mut soon, &mut later, &mut past, &mut draft, &mut plain] {
            store.insert(post).await.unwrap();
        }
        assert_eq!(find::<Post>(&store, soon.id).await.unwrap().unwrap().publish_at, soon.publish_at, "{db}");

        let live = |at| PostFilter { live_at: Some(at), ..PostFilter::default() };
        assert_eq!(titles(&store.list_posts(&live(t0), all()).await.unwrap().items), ["Plain", "Backdated"], "{db}");
        let at_ten = t0 + Duration::minutes(10);
        let shown = store.list_posts(&live(at_ten), all()).await.unwrap();
        assert_eq!((titles(&shown.items), shown.total_items), (vec!["Soon", "Plain", "Backdated"], 3), "{db}");
        let every = store.list_posts(&PostFilter::default(), all()).await.unwrap();
        assert_eq!(titles(&every.items), ["Later", "Soon", "Draft", "Plain", "Backdated"], "{db}");

        assert_eq!(store.record_post_view(&soon.slug, t0, &visitor("a")).await.unwrap(), None, "{db}");
        assert_eq!(store.record_post_view(&soon.slug, at_ten, &visitor("a")).await.unwrap(), Some(1), "{db}");
        assert_eq!(store.next_post_publication(t0).await.unwrap(), soon.publish_at, "{db}");
        assert_eq!(store.next_post_publication(at_ten).await.unwrap(), later.publish_at, "{db}");
        assert_eq!(store.next_post_publication(t0 + Duration::days(3)).await.unwrap(), None, "{db}");
    })
    .await;
}

#[tokio::test]
async fn a_search_counts_its_matches_only_so_far_past_the_page() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let limit = PageRequest::clamped(Some(2), Some(5), 5, 100);
        let matching = usize::try_from(limit.count_limit()).unwrap() + 3;
        for n in 0..matching {
            store.insert(&mut post(&format!("Typography {n}"), "draft", None, &[], 1)).await.unwrap();
        }
        store.insert(&mut post("Colour theory", "draft", None, &[], 1)).await.unwrap();

        let search = PostFilter { search: Some("typography".into()), ..PostFilter::default() };
        let page = store.list_posts(&search, limit).await.unwrap();
        assert_eq!(page.items.len(), 5, "{db}");
        assert_eq!((page.total_items, page.total_capped), (limit.count_limit(), true), "{db}");
        assert_eq!(page.total_pages, limit.count_limit().div_ceil(5), "{db}");

        // Fewer matches than the limit are counted exactly, and a list without a search always is.
        let rare = PostFilter { search: Some("colour".into()), ..PostFilter::default() };
        let page = store.list_posts(&rare, PageRequest::clamped(None, Some(5), 5, 100)).await.unwrap();
        assert_eq!((page.total_items, page.total_capped), (1, false), "{db}");
        let every = store.list_posts(&PostFilter::default(), limit).await.unwrap();
        assert_eq!((every.total_items, every.total_capped), (u64::try_from(matching).unwrap() + 1, false), "{db}");
    })
    .await;
}

/// Every search term of [`word_index_searches_find_what_the_texts_hold_and_follow_every_write`] under
/// every filter, page by page, against what the stored posts' texts hold.
async fn searches_match_the_texts(
    store: SeaOrmStore,
    db: &'static str,
    label: &'static str,
    t0: DateTime<Utc>,
    web: EntityId,
) {
    let terms = [
        "typ",
        "TYPE",
        "graph",
        "grapher",
        "typography",
        "été",
        "ÉTÉ",
        "montr",
        "docious",
        "expialidocioussuper",
        "ab",
        "word",
        "word1",
        "excerpt",
        "first",
        "time",
        "nothing",
        "e",
        "a",
        "same time",
    ];
    let every = store.list_posts(&PostFilter::default(), all()).await.unwrap().items;
    for term in terms {
        for (name, filter) in [
            ("any status", PostFilter::default()),
            ("drafts", PostFilter { status: Some(PostStatus::Draft), ..PostFilter::default() }),
            ("visitors", PostFilter { live_at: Some(t0), ..PostFilter::default() }),
            ("featured", PostFilter { featured: Some(true), ..PostFilter::default() }),
            ("in web", PostFilter { categories: Some(vec![web]), ..PostFilter::default() }),
            ("in no category", PostFilter { categories: Some(vec![]), ..PostFilter::default() }),
        ] {
            let expected: Vec<EntityId> = every
                .iter()
                .filter(|post| filter.status.is_none_or(|status| post.status == status))
                .filter(|post| filter.live_at.is_none_or(|at| post.is_live(at)))
                .filter(|post| filter.featured.is_none_or(|featured| post.featured == featured))
                .filter(|post| {
                    filter.categories.as_ref().is_none_or(|ids| post.category.is_some_and(|id| ids.contains(&id)))
                })
                .filter(|post| {
                    [&post.title, &post.excerpt, &post.author_name]
                        .iter()
                        .any(|text| text.to_lowercase().contains(&term.to_lowercase()))
                })
                .map(|post| post.id)
                .collect();
            let search = PostFilter { search: Some(term.into()), ..filter };
            let mut found = Vec::new();
            for page in 1..=expected.len().div_ceil(2).max(1) {
                let request = PageRequest::clamped(i64::try_from(page).ok(), Some(2), 2, 100);
                let listed = store.list_posts(&search, request).await.unwrap();
                assert_eq!(listed.total_items, expected.len() as u64, "{db}, {label}, {name}: {term}");
                found.extend(listed.items.into_iter().map(|post| post.id));
            }
            assert_eq!(found, expected, "{db}, {label}, {name}: {term}");
        }
    }
}

/// Searches answered by the word index find what reading the texts finds, in list order, page by
/// page, with every filter they combine with, and follow every write at once: terms inside words,
/// across case and accents, inside very long words, terms found in many words (read from the texts
/// instead) and terms no post holds.
#[tokio::test]
async fn word_index_searches_find_what_the_texts_hold_and_follow_every_write() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let t0 = now();
        let mut web = category("web", 0, "active");
        store.insert(&mut web).await.unwrap();
        let long = "Supercalifragilisticexpialidocious".repeat(3);
        let mut posts = vec![
            post("Typography that breathes", "published", Some(&web), &[], 1),
            post("Colour and TYPE", "draft", Some(&web), &[], 2),
            post("Prototype review", "published", None, &[], 3),
            post(&format!("A {long} word"), "published", None, &[], 4),
            post("Été à Montréal", "published", None, &[], 5),
            post("Same time, first", "published", None, &[], 6),
            post("Same time, second", "published", None, &[], 6),
        ];
        posts[1].author_name = "Typo Grapher".into();
        posts[2].featured = true;
        posts[5].featured = true;
        posts[2].publish_at = Some(t0 + Duration::days(2));
        posts[6].created_at = posts[5].created_at;
        for (n, excerpt) in (0..20).map(|n| (n, format!("ab{n}x word{n}"))) {
            let mut many = post(&format!("Many words {n}"), "published", None, &[], 7 + n);
            many.excerpt = excerpt;
            posts.push(many);
        }
        for post in &mut posts {
            store.insert(post).await.unwrap();
        }
        let check = |label: &'static str| searches_match_the_texts(store.clone(), db, label, t0, web.id);
        check("as stored").await;

        // An edit replaces the post's words and moves it in the order; a deletion removes it.
        let mut edited = find::<Post>(&store, posts[0].id).await.unwrap().unwrap();
        edited.title = "Grids that breathe".into();
        edited.publish_at = Some(t0 - Duration::days(30));
        store.update(&mut edited).await.unwrap();
        let mut published = find::<Post>(&store, posts[1].id).await.unwrap().unwrap();
        published.status = PostStatus::Published;
        published.featured = true;
        published.category = None;
        store.update(&mut published).await.unwrap();
        assert!(delete::<Post>(&store, posts[4].id).await.unwrap(), "{db}");
        check("after writes").await;
    })
    .await;
}

/// An installation that held posts before the word index finds them by word once it is migrated:
/// the migration indexes every existing post, in batches, long words included.
#[tokio::test]
async fn the_migration_indexes_the_posts_already_stored() {
    on_every_database_before("m20261126_000001_create_blog_word_index", |store: SeaOrmStore, db| async move {
        use sea_orm::ConnectionTrait;
        use sea_orm::sea_query::{Alias, Query};
        let long = "Typography".repeat(12);
        let stored: Vec<Post> = (0..250)
            .map(|n| {
                let mut post = post(&format!("Post {n}"), if n % 3 == 0 { "draft" } else { "published" }, None, &[], n);
                if n % 2 == 0 {
                    post.excerpt = format!("On typography, part {n}");
                }
                if n == 7 {
                    post.excerpt = format!("x{long}y");
                }
                post
            })
            .collect();
        for post in &stored {
            let columns = [
                "id",
                "slug",
                "title",
                "excerpt",
                "content",
                "featured_image",
                "author_name",
                "status",
                "featured",
                "views",
                "meta_title",
                "meta_description",
                "publish_at",
                "created_at",
                "updated_at",
            ];
            let insert = Query::insert()
                .into_table(Alias::new("blog_posts"))
                .columns(columns.map(Alias::new))
                .values_panic([
                    post.id.to_string().into(),
                    post.slug.to_string().into(),
                    post.title.clone().into(),
                    post.excerpt.clone().into(),
                    post.content.clone().into(),
                    post.featured_image.clone().into(),
                    post.author_name.clone().into(),
                    post.status.as_str().into(),
                    post.featured.into(),
                    0_i64.into(),
                    post.meta_title.clone().into(),
                    post.meta_description.clone().into(),
                    post.publish_at.into(),
                    post.created_at.into(),
                    post.updated_at.into(),
                ])
                .to_owned();
            store.connection().execute(&insert).await.unwrap();
        }
        migrations::run(store.connection()).await.unwrap();

        let every = store.list_posts(&PostFilter::default(), all()).await.unwrap().items;
        for (term, status) in
            [("typography", None), ("graph", Some(PostStatus::Draft)), ("yTYPO", None), ("xtypography", None)]
        {
            let expected: Vec<EntityId> = every
                .iter()
                .filter(|post| status.is_none_or(|status| post.status == status))
                .filter(|post| post.excerpt.to_lowercase().contains(&term.to_lowercase()))
                .map(|post| post.id)
                .collect();
            assert!(!expected.is_empty(), "{db}: {term}");
            let search = PostFilter { search: Some(term.into()), status, ..PostFilter::default() };
            let found = store.list_posts(&search, all()).await.unwrap();
            let found: Vec<EntityId> = found.items.iter().map(|post| post.id).collect();
            assert_eq!(found, expected, "{db}: {term}");
        }
    })
    .await;
}

/// Writers adding the same new words at the same time all succeed (on PostgreSQL they wait for each
/// other's word rows instead of deadlocking), and every post is found by each of its words.
#[tokio::test]
async fn concurrent_writers_sharing_new_words_all_succeed() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let words = ["quartz", "zephyr", "ochre", "lumen", "basalt", "cobalt", "umber", "sienna"];
        let mut handles = Vec::new();
        for n in 0..16 {
            let store = store.clone();
            // Each writer names the shared words in its own order.
            let mut title: Vec<&str> = words.to_vec();
            title.rotate_left(n % words.len());
            if n % 2 == 1 {
                title.reverse();
            }
            let mut post = post(&format!("{} {n}", title.join(" ")), "published", None, &[], 1);
            handles.push(tokio::spawn(async move { store.insert(&mut post).await }));
        }
        for handle in handles {
            handle.await.unwrap().unwrap();
        }
        for word in words {
            let search = PostFilter { search: Some(word.into()), ..PostFilter::default() };
            assert_eq!(store.list_posts(&search, all()).await.unwrap().total_items, 16, "{db}: {word}");
        }
    })
    .await;
}

/// A post's review state round-trips: when it was submitted, and the note it was sent back with.
#[tokio::test]
async fn a_posts_review_state_is_kept_and_the_in_review_filter_finds_it() {
    on_every_database(|store, db| async move {
        let mut waiting = post("Waiting", "draft", None, &[], 1);
        store.insert(&mut waiting).await.unwrap();
        store.insert(&mut post("Other draft", "draft", None, &[], 2)).await.unwrap();
        waiting.submit_for_review(now()).unwrap();
        let editor = atelier_domain::meta::Editor { id: EntityId::generate(now()), name: "Eve".into() };
        let note = atelier_domain::post_review::ReviewDecision::SendBack("Shorter, please".into());
        waiting.decide_review(note, editor, now()).unwrap();
        waiting.submit_for_review(now()).unwrap();
        waiting.review.sent_back = Some(atelier_domain::post_review::SentBack {
            note: "Kept".into(),
            by: atelier_domain::meta::Editor { id: EntityId::generate(now()), name: "Eve".into() },
            at: now(),
        });
        assert!(RecordRepository::<Post>::update(&store, &mut waiting).await.unwrap(), "{db}");
        let stored = find::<Post>(&store, waiting.id).await.unwrap().unwrap();
        assert_eq!((stored.status, &stored.review), (PostStatus::InReview, &waiting.review), "{db}");

        let filter = PostFilter { status: Some(PostStatus::InReview), ..PostFilter::default() };
        let listed = store.list_posts(&filter, all()).await.unwrap();
        let titles: Vec<&str> = listed.items.iter().map(|post| post.title.as_str()).collect();
        assert_eq!(titles, ["Waiting"], "{db}");
    })
    .await;
}

#[tokio::test]
async fn popular_tags_in_a_language_that_hides_untranslated_ones_fill_their_limit() {
    use std::collections::BTreeMap;

    use atelier_application::ports::SystemClock;
    use atelier_application::tags::TagCatalog;
    use atelier_application::translations::ports::{TranslationRepository, TranslationWrite};
    use atelier_domain::language::LanguageTag;
    use atelier_domain::translation::{Translation, TranslationChanges, TranslationInput, TranslationKind};

    on_every_database(|store: SeaOrmStore, db| async move {
        let mut tags = [tag("Alpha", "blog"), tag("Beta", "blog"), tag("Gamma", "portfolio"), tag("Delta", "blog")];
        for tag in &mut tags {
            store.insert(tag).await.unwrap();
        }
        let german = LanguageTag::parse("de").unwrap();
        // Every tag but Alpha, the first by name, is translated into German.
        let mut writes: Vec<TranslationWrite> = tags[1..]
            .iter()
            .map(|tag| {
                let input = TranslationInput {
                    fields: Some(BTreeMap::from([("name".to_owned(), format!("{} (de)", tag.name))])),
                    slug: Some(format!("{}-de", tag.slug.as_str())),
                    publication: None,
                    publish_at: None,
                };
                let changes = TranslationChanges::parse(TranslationKind::Tag, input).unwrap();
                let translation = Translation::create(
                    TranslationKind::Tag,
                    tag.id.to_string(),
                    german.clone(),
                    changes,
                    "a".repeat(64),
                    now(),
                );
                TranslationWrite { translation, expected_version: None, previous: None }
            })
            .collect();
        store.save_translations(&mut writes).await.unwrap();
        let ids: Vec<EntityId> = store
            .live_in(TranslationKind::Tag, &german, Utc::now())
            .await
            .unwrap()
            .iter()
            .map(|id| EntityId::parse(id).unwrap())
            .collect();
        assert_eq!(ids.len(), 3, "{db}");

        let names = |list: Vec<Tag>| list.into_iter().map(|t| t.name).collect::<Vec<_>>();
        let only = TagFilter { types: None, ids: Some(ids.clone()) };
        assert_eq!(names(store.list_tags(only).await.unwrap()), ["Beta", "Delta", "Gamma"], "{db}");
        let blog_only = TagFilter { types: Some(vec![TagType::Blog]), ids: Some(ids.clone()) };
        assert_eq!(names(store.list_tags(blog_only).await.unwrap()), ["Beta", "Delta"], "{db}");
        let none = TagFilter { types: None, ids: Some(Vec::new()) };
        assert!(store.list_tags(none).await.unwrap().is_empty(), "{db}");

        // The limit counts the translated tags only: two asked, two answered.
        let catalog = TagCatalog::new(store.clone(), SystemClock);
        let popular = catalog.popular_among(None, Some(2), Some(ids)).await.unwrap();
        let popular: Vec<_> = popular.into_iter().map(|view| view.tag.name).collect();
        assert_eq!(popular, ["Beta", "Delta"], "{db}");
    })
    .await;
}
