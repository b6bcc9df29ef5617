//! The lists cut from the posts kept in order per content generation (`PostOrders`) give the same
//! pages as the lists read from the database, on both databases: every page of several sizes, the
//! pages past the end, and the totals, after publishing, unpublishing, scheduling, a scheduled post's
//! time coming and a deletion; by category, by search (the word index's one word and several, and
//! the texts' search), and the back office's lists by status. The whole public list's order is read
//! once per generation, from the index alone.

use std::sync::{Arc, Mutex};

use atelier_adapters_db::SeaOrmStore;
use atelier_application::Audience;
use atelier_application::blog::ports::{PostFilter, PostRepository};
use atelier_application::blog::{BlogCatalog, PostOrders, PostQuery};
use atelier_application::categories::CategoryCatalog;
use atelier_application::freshness::{ContentGeneration, GenerationSync};
use atelier_application::ports::Clock;
use atelier_domain::category::CategoryInput;
use atelier_domain::post::{PostInput, PostStatus};
use atelier_domain::revision::Author;
use atelier_domain::{EntityId, Page};
use chrono::{DateTime, Duration, DurationRound, TimeDelta, Utc};

use crate::helpers::on_every_database_counting;

/// A clock the test moves.
#[derive(Debug, Clone)]
struct Movable(Arc<Mutex<DateTime<Utc>>>);

impl Clock for Movable {
    fn now(&self) -> DateTime<Utc> {
        *self.0.lock().unwrap()
    }
}

impl Movable {
    fn advance(&self, by: Duration) {
        *self.0.lock().unwrap() += by;
    }
}

/// What a visitor reads of a page: the posts' slugs, views and tags, and the totals.
fn read(page: &Page<atelier_application::blog::PostView>) -> (Vec<String>, u64, u64, u64, bool) {
    let items = page.items.iter().map(|view| format!("{} {} {:?}", view.post.slug, view.post.views, view.tag_names));
    (items.collect(), page.total_items, page.total_pages, page.current_page, page.total_capped)
}

/// Every page (and two past the end) of every size, both ways, compared.
async fn same_pages(
    blog: &BlogCatalog<SeaOrmStore, Movable>,
    generation: &ContentGeneration,
    orders: &PostOrders,
    when: &str,
) -> u64 {
    let mut total = 0;
    for limit in [1_i64, 2, 3, 6, 7, 50] {
        for page in 1..=(24 / limit + 3) {
            let query = || PostQuery { page: Some(page), limit: Some(limit), ..PostQuery::default() };
            let plain = blog.list_public(query()).await.unwrap();
            let kept = blog.list_public_in(query(), generation, orders).await.unwrap();
            assert_eq!(read(&kept), read(&plain), "{when}: page {page} of {limit}");
            total = plain.total_items;
        }
    }
    total
}

fn post(title: &str, status: &str, publish_at: Option<DateTime<Utc>>) -> PostInput {
    PostInput {
        title: Some(title.to_owned()),
        status: Some(status.to_owned()),
        publish_at: publish_at.map(|at| at.to_rfc3339()),
        ..PostInput::default()
    }
}

#[tokio::test]
async fn pages_cut_from_the_kept_order_are_the_pages_read_from_the_database() {
    on_every_database_counting(|store, queries, db| async move {
        let start = Utc::now().duration_trunc(TimeDelta::seconds(1)).unwrap();
        let clock = Movable(Arc::new(Mutex::new(start)));
        let blog = BlogCatalog::new(store.clone(), clock.clone());
        let sync = GenerationSync::new(store.clone(), clock.clone(), ContentGeneration::new());
        let generation = sync.generation().clone();
        let orders = PostOrders::new();
        let author = Author { id: EntityId::generate(start), name: "Editor".into() };
        // Twenty published posts, some sharing a publish time (ordered by id then), a draft, and
        // two scheduled an hour and a day ahead.
        let mut ids = Vec::new();
        for index in 0..20 {
            let at = start - Duration::minutes(60 - (index / 3) * 5);
            ids.push(blog.create(post(&format!("Post {index}"), "published", Some(at))).await.unwrap().post.id);
        }
        blog.create(post("Without a time", "published", None)).await.unwrap();
        blog.create(post("A draft", "draft", None)).await.unwrap();
        blog.create(post("In an hour", "published", Some(start + Duration::hours(1)))).await.unwrap();
        blog.create(post("Tomorrow", "published", Some(start + Duration::days(1)))).await.unwrap();
        sync.changed().await.unwrap();
        let reads_of_the_order = |statements: &[sea_orm::Statement]| {
            let read = |sql: &str| sql.starts_with("SELECT \"blog_posts\".\"id\" FROM") && sql.contains("ORDER BY");
            statements.iter().filter(|statement| read(&statement.sql)).count()
        };
        let (total, statements) =
            queries.statements_of(same_pages(&blog, &generation, &orders, &format!("{db}, at first"))).await;
        assert_eq!(total, 21);
        assert_eq!(reads_of_the_order(&statements), 1, "{db}: the order is read once for the generation");
        let (_, statements) = queries.statements_of(same_pages(&blog, &generation, &orders, db)).await;
        assert_eq!(reads_of_the_order(&statements), 0, "{db}: and then kept");

        let edit = |id: EntityId, input: PostInput| {
            let (blog, author) = (&blog, &author);
            async move { blog.update(&id.to_string(), input, author).await.unwrap() }
        };
        edit(ids[4], PostInput { status: Some("draft".into()), ..PostInput::default() }).await;
        sync.changed().await.unwrap();
        assert_eq!(same_pages(&blog, &generation, &orders, &format!("{db}, after unpublishing")).await, 20);

        edit(ids[4], PostInput { status: Some("published".into()), ..PostInput::default() }).await;
        edit(
            ids[9],
            PostInput { publish_at: Some((start + Duration::minutes(30)).to_rfc3339()), ..PostInput::default() },
        )
        .await;
        sync.changed().await.unwrap();
        assert_eq!(same_pages(&blog, &generation, &orders, &format!("{db}, after scheduling")).await, 20);

        // The scheduled times come: the generation ends with the first, and the next refresh reads
        // the order again.
        clock.advance(Duration::minutes(45));
        assert_eq!(
            same_pages(&blog, &generation, &orders, &format!("{db}, at the first time, before a refresh")).await,
            21
        );
        sync.refresh().await.unwrap();
        assert_eq!(same_pages(&blog, &generation, &orders, &format!("{db}, at the first time")).await, 21);
        clock.advance(Duration::minutes(30));
        sync.refresh().await.unwrap();
        assert_eq!(same_pages(&blog, &generation, &orders, &format!("{db}, an hour later")).await, 22);

        blog.delete(&ids[0].to_string()).await.unwrap();
        sync.changed().await.unwrap();
        assert_eq!(same_pages(&blog, &generation, &orders, &format!("{db}, after a deletion")).await, 21);

        let visitors =
            PostFilter { status: Some(PostStatus::Published), live_at: Some(clock.now()), ..PostFilter::default() };
        let kept = store.post_ids(&visitors).await.unwrap();
        assert_eq!(kept.len(), 21, "{db}");
        let posts = store.posts_by_ids(&[kept[3], EntityId::generate(start), kept[1]]).await.unwrap();
        let found: Vec<EntityId> = posts.iter().map(|post| post.id).collect();
        assert_eq!(found, [kept[3], kept[1]], "{db}: in the order asked, an unknown id left out");
    })
    .await;
}

/// Every page (and two past the end) of every size of each list, read from the database and cut
/// from the kept orders, compared: the visitors' lists by category and search, and the back
/// office's by status, category and search.
async fn same_filtered_pages(
    blog: &BlogCatalog<SeaOrmStore, Movable>,
    generation: &ContentGeneration,
    orders: &PostOrders,
    news: &str,
    when: &str,
) -> Vec<u64> {
    let lists = [
        PostQuery { category: Some(news.to_owned()), ..PostQuery::default() },
        PostQuery { category: Some(format!("{news},reviews")), ..PostQuery::default() },
        PostQuery { category: Some("news, missing".to_owned()), search: Some("Alpha".into()), ..PostQuery::default() },
        PostQuery { search: Some("alpha".into()), ..PostQuery::default() },
        PostQuery { search: Some("ta".into()), ..PostQuery::default() },
        PostQuery { search: Some("post 1".into()), ..PostQuery::default() },
        PostQuery { search: Some("nothing".into()), ..PostQuery::default() },
        PostQuery { status: Some(PostStatus::Draft), ..PostQuery::default() },
        PostQuery { status: Some(PostStatus::Published), category: Some("reviews".into()), ..PostQuery::default() },
    ];
    let mut totals = Vec::new();
    for list in lists {
        for limit in [1_i64, 2, 3, 7, 50] {
            for page in 1..=(30 / limit + 3) {
                let query = PostQuery { page: Some(page), limit: Some(limit), ..list.clone() };
                let plain = blog.list_public(query.clone()).await.unwrap();
                let kept = blog.list_public_in(query.clone(), generation, orders).await.unwrap();
                assert_eq!(read(&kept), read(&plain), "{when}: public {query:?}");
                let plain_admin = blog.list(Audience::Admin, query.clone()).await.unwrap();
                let kept = blog.list_in(Audience::Admin, query.clone(), generation, orders).await.unwrap();
                assert_eq!(read(&kept), read(&plain_admin), "{when}: admin {query:?}");
                if page == 1 && limit == 1 {
                    totals.extend([plain.total_items, plain_admin.total_items]);
                }
            }
        }
    }
    totals
}

#[tokio::test]
async fn filtered_pages_cut_from_kept_orders_are_the_pages_read_from_the_database() {
    on_every_database_counting(|store, queries, db| async move {
        let start = Utc::now().duration_trunc(TimeDelta::seconds(1)).unwrap();
        let clock = Movable(Arc::new(Mutex::new(start)));
        let blog = BlogCatalog::new(store.clone(), clock.clone());
        let sync = GenerationSync::new(store.clone(), clock.clone(), ContentGeneration::new());
        let generation = sync.generation().clone();
        // Every page of a search is cut from its order here, the first ones included.
        let orders = PostOrders::keeping_searches_from(0);
        let categories = CategoryCatalog::new(store.clone(), clock.clone());
        let category = |name: &str| {
            let input = CategoryInput {
                display_name: Some(name.into()),
                slug: Some(name.to_lowercase()),
                ..CategoryInput::default()
            };
            let categories = &categories;
            async move { categories.create(input).await.unwrap().category.id.to_string() }
        };
        let (news, reviews) = (category("News").await, category("Reviews").await);
        let author = Author { id: EntityId::generate(start), name: "Editor".into() };
        // Twenty-four posts, three to a publish time (ordered by id then), a third of them drafts,
        // in News, Reviews or neither, with words the index finds ("alpha", and "ta" inside "beta"
        // and "delta") and a phrase the texts' search finds ("post 1").
        let mut ids = Vec::new();
        for index in 0..24_i64 {
            let at = start - Duration::minutes(60 - (index / 3) * 5);
            let word = ["alpha", "beta", "delta", "gamma"][usize::try_from(index % 4).unwrap()];
            let status = if index % 3 == 1 { "draft" } else { "published" };
            let category =
                [Some(news.clone()), Some(reviews.clone()), None][usize::try_from(index % 3).unwrap()].clone();
            let input = PostInput { category, ..post(&format!("Post {index} {word}"), status, Some(at)) };
            ids.push(blog.create(input).await.unwrap().post.id);
        }
        blog.create(post("Scheduled alpha", "published", Some(start + Duration::hours(1)))).await.unwrap();
        sync.changed().await.unwrap();
        let at_first = same_filtered_pages(&blog, &generation, &orders, &news, &format!("{db}, at first")).await;
        assert!(at_first.iter().any(|total| *total > 7), "{db}: lists longer than a page: {at_first:?}");
        let (_, statements) = queries
            .statements_of(same_filtered_pages(&blog, &generation, &orders, &news, &format!("{db}, kept")))
            .await;
        let orders_read = statements.iter().filter(|statement| {
            let sql = &statement.sql;
            (sql.starts_with("SELECT \"blog_posts\".\"id\" FROM") || sql.contains("\"post_id\" FROM"))
                && !sql.contains("LIMIT")
        });
        assert_eq!(orders_read.count(), 0, "{db}: no order is read again in the same generation");

        // Writes move the generation: a post changes category and status, another is deleted.
        let news_id = EntityId::parse(&news).unwrap();
        let input =
            PostInput { category: Some(news_id.to_string()), status: Some("published".into()), ..PostInput::default() };
        blog.update(&ids[1].to_string(), input, &author).await.unwrap();
        blog.delete(&ids[6].to_string()).await.unwrap();
        sync.changed().await.unwrap();
        let after = same_filtered_pages(&blog, &generation, &orders, &news, &format!("{db}, after writes")).await;
        assert_ne!(after, at_first, "{db}: the writes changed the lists");
    })
    .await;
}
