//! The blog's list pages read their rows in publication order from an index and stop, instead of
//! sorting the whole table: the plan of each list statement, asked of the database itself, names
//! the index and sorts nothing. On PostgreSQL the planner is told to avoid sequential scans and
//! sorts, which it can only obey when an index serves the statement's filter and order; the plan it
//! keeps for a prepared statement once it plans it for any values (`generic_plan`) must name the same
//! index with nothing forbidden.

use atelier_application::Audience;
use atelier_application::blog::ports::{PostFilter, PostRepository};
use atelier_application::blog::{BlogCatalog, PostQuery};
use atelier_application::demo::seed_if_empty;
use atelier_application::insights::ports::InsightsRepository;
use atelier_application::portfolio::ports::ProjectRepository;
use atelier_application::ports::SystemClock;
use atelier_domain::insights::DayRange;
use atelier_domain::page_view::Dimension;
use atelier_domain::post::{Post, PostStatus};
use sea_orm::sea_query::{PostgresQueryBuilder, QueryBuilder};
use sea_orm::{ConnectionTrait, Statement, TransactionTrait};

use crate::helpers::on_every_database_counting;

/// The database's plan for `statement`, as text.
async fn plan(connection: &sea_orm::DatabaseConnection, statement: &Statement) -> String {
    let sqlite = connection.get_database_backend() == sea_orm::DatabaseBackend::Sqlite;
    let transaction = connection.begin().await.unwrap();
    if !sqlite {
        transaction.execute_unprepared("SET LOCAL enable_seqscan = off").await.unwrap();
        transaction.execute_unprepared("SET LOCAL enable_sort = off").await.unwrap();
    }
    let explain = if sqlite { "EXPLAIN QUERY PLAN" } else { "EXPLAIN" };
    let sql = format!("{explain} {}", statement.sql);
    let explained = Statement { sql, ..statement.clone() };
    let rows = transaction.query_all_raw(explained).await.unwrap();
    transaction.rollback().await.unwrap();
    rows.iter()
        .map(|row| row.try_get::<String>("", if sqlite { "detail" } else { "QUERY PLAN" }).unwrap())
        .collect::<Vec<_>>()
        .join("\n")
}

#[tokio::test]
async fn blog_list_pages_are_read_in_order_from_an_index() {
    on_every_database_counting(|store, queries, db| async move {
        seed_if_empty(&store, chrono::Utc::now()).await.unwrap();
        let blog = BlogCatalog::new(store.clone(), SystemClock);
        let published = PostQuery { status: Some(PostStatus::Published), ..PostQuery::default() };
        for (name, audience, query, index) in [
            ("admin, every status", Audience::Admin, PostQuery::default(), "idx_blog_posts_publication"),
            ("admin, published", Audience::Admin, published, "idx_blog_posts_status_publication_cover"),
            ("visitors", Audience::Public, PostQuery::default(), "idx_blog_posts_status_publication_cover"),
        ] {
            let (page, statements) = queries.statements_of(blog.list(audience, query)).await;
            assert!(!page.unwrap().items.is_empty(), "{db}, {name}: the demo content has posts");
            let list = statements
                .iter()
                .find(|statement| statement.sql.contains("ORDER BY") && statement.sql.contains("\"blog_posts\""))
                .unwrap_or_else(|| panic!("{db}, {name}: no ordered statement in {statements:?}"));
            for plan in [plan(store.connection(), list).await, generic_plan(store.connection(), list).await] {
                assert!(plan.contains(index), "{db}, {name}: {plan}");
                assert!(!plan.contains("TEMP B-TREE") && !plan.contains("Sort"), "{db}, {name}: sorts\n{plan}");
            }
        }
    })
    .await;
}

/// A one-word search finds the words holding its term by a range of the endings' key, reads each
/// word's posts newest first from the word index's key, and never reads the posts' texts: its plans
/// name the keys and scan nothing whole, for the admin
/// (every status, one status) and for visitors. Its statements stay few whatever the page size.
#[tokio::test]
async fn a_one_word_search_reads_the_word_index_by_its_key() {
    on_every_database_counting(|store, queries, db| async move {
        seed_if_empty(&store, chrono::Utc::now()).await.unwrap();
        let blog = BlogCatalog::new(store.clone(), SystemClock);
        let newest =
            blog.list(Audience::Public, PostQuery::default()).await.unwrap().items[0].post.title.to_lowercase();
        let word = newest.split(|c: char| !c.is_alphanumeric()).max_by_key(|run| run.len()).unwrap().to_owned();
        let sqlite = store.connection().get_database_backend() == sea_orm::DatabaseBackend::Sqlite;
        for (name, audience, status) in [
            ("admin, every status", Audience::Admin, None),
            ("admin, published", Audience::Admin, Some(PostStatus::Published)),
            ("visitors", Audience::Public, None),
        ] {
            let query = PostQuery { search: Some(word.clone()), status, limit: Some(1), ..PostQuery::default() };
            let (page, statements) = queries.statements_of(blog.list(audience, query)).await;
            assert_eq!(page.unwrap().items.len(), 1, "{db}, {name}: {word:?} is in the newest post");
            // The words holding the term, the page, its count, the page's posts, their tags, and the
            // categories and tags they name.
            assert!(statements.len() <= 7, "{db}, {name}: {} statements: {statements:#?}", statements.len());
            assert!(
                !statements
                    .iter()
                    .any(|statement| statement.sql.contains("LIKE") && statement.sql.contains("\"blog_posts\"")),
                "{db}, {name}: the posts' texts were read: {statements:?}"
            );
            let searches: Vec<_> = statements
                .iter()
                .filter(|statement| {
                    statement.sql.contains("FROM \"blog_post_words\"")
                        || statement.sql.contains("FROM \"blog_search_words\"")
                })
                .collect();
            assert_eq!(searches.len(), 3, "{db}, {name}: the words, the page and its count: {statements:?}");
            for statement in searches {
                let table =
                    if statement.sql.contains("blog_search_words") { "blog_search_words" } else { "blog_post_words" };
                for plan in
                    [plan(store.connection(), statement).await, generic_plan(store.connection(), statement).await]
                {
                    if sqlite {
                        assert!(plan.contains(&format!("SEARCH {table} USING PRIMARY KEY")), "{db}, {name}: {plan}");
                        assert!(!plan.contains(&format!("SCAN {table}")), "{db}, {name}: {plan}");
                    } else {
                        assert!(plan.contains(&format!("{table}_pkey")), "{db}, {name}: {plan}");
                        assert!(!plan.contains("Seq Scan"), "{db}, {name}: {plan}");
                    }
                }
            }
        }
    })
    .await;
}

/// The plan PostgreSQL keeps for a prepared statement once it stops planning it per call: made
/// for any values, from what the tables held then. SQLite plans every statement alone.
async fn generic_plan(connection: &sea_orm::DatabaseConnection, statement: &Statement) -> String {
    if connection.get_database_backend() == sea_orm::DatabaseBackend::Sqlite {
        return plan(connection, statement).await;
    }
    let values = statement.values.as_ref().map(|values| values.0.clone()).unwrap_or_default();
    let arguments: Vec<String> = values.iter().map(|value| PostgresQueryBuilder.value_to_string(value)).collect();
    let transaction = connection.begin().await.unwrap();
    transaction.execute_unprepared("SET LOCAL plan_cache_mode = force_generic_plan").await.unwrap();
    transaction.execute_unprepared(&format!("PREPARE generic AS {}", statement.sql)).await.unwrap();
    let explain = format!("EXPLAIN EXECUTE generic({})", arguments.join(", "));
    let rows = transaction.query_all_raw(Statement::from_string(sea_orm::DatabaseBackend::Postgres, explain)).await;
    transaction.execute_unprepared("DEALLOCATE generic").await.unwrap();
    transaction.rollback().await.unwrap();
    rows.unwrap().iter().map(|row| row.try_get::<String>("", "QUERY PLAN").unwrap()).collect::<Vec<_>>().join("\n")
}

/// When visitors' view of posts and projects next changes by itself (asked after every write) is
/// the first entry after now of the (`status`, `publish_at`) index, whatever the table held when the
/// statement was first planned: planned on an empty table, as on a new site, it must not read the
/// published rows of another index and filter them (that grew with every post: 50 ms a write at 16,000
/// posts).
#[tokio::test]
async fn the_next_publication_is_one_step_into_its_index_however_small_the_table_was() {
    on_every_database_counting(|store, queries, db| async move {
        let now = chrono::Utc::now();
        let (next, posts) = queries.statements_of(store.next_post_publication(now)).await;
        assert_eq!(next.unwrap(), None, "{db}");
        let (next, projects) = queries.statements_of(store.next_project_publication(now)).await;
        assert_eq!(next.unwrap(), None, "{db}");
        for (table, statements) in [("blog_posts", posts), ("portfolio_projects", projects)] {
            assert_eq!(statements.len(), 1, "{db}, {table}: {statements:?}");
            let plan = generic_plan(store.connection(), &statements[0]).await;
            let index = format!("idx_{table}_status_publish_at");
            assert!(plan.contains(&index), "{db}, {table}: {plan}");
            assert!(
                !plan.contains("Filter") && !plan.contains("Sort") && !plan.contains("TEMP B-TREE"),
                "{db}, {table}: {plan}"
            );
        }
    })
    .await;
}

/// The visitors' posts in list order (kept per content generation for the public list's pages) are
/// read from the covering index alone, in its order: no table row, no sort.
#[tokio::test]
async fn the_visitors_order_is_read_from_the_index_alone() {
    on_every_database_counting(|store, queries, db| async move {
        seed_if_empty(&store, chrono::Utc::now()).await.unwrap();
        if db == "postgres" {
            // An index-only scan needs the table's pages marked all-visible, as autovacuum keeps them.
            store.connection().execute_unprepared("VACUUM ANALYZE blog_posts").await.unwrap();
        }
        let visitors = PostFilter {
            status: Some(PostStatus::Published),
            live_at: Some(chrono::Utc::now()),
            ..PostFilter::default()
        };
        let (ids, statements) = queries.statements_of(store.post_ids(&visitors)).await;
        assert!(!ids.unwrap().is_empty(), "{db}: the demo content has published posts");
        assert_eq!(statements.len(), 1, "{db}: one statement");
        // The whole order is read: on a table as small as the demo's, PostgreSQL would rather scan it
        // and sort; told not to, it must have this index to go to.
        let plan = plan(store.connection(), &statements[0]).await;
        let whole = if db == "sqlite" { "USING COVERING INDEX" } else { "Index Only Scan" };
        assert!(plan.contains(whole) && plan.contains("idx_blog_posts_status_publication_cover"), "{db}: {plan}");
        assert!(!plan.contains("TEMP B-TREE") && !plan.contains("Sort"), "{db}: sorts\n{plan}");
    })
    .await;
}

/// The driver sends every text value as `text`. On PostgreSQL a key of a fixed-length type
/// (`character(n)`: the ids, the views' days and visitors, the hashes) compares with `text` only
/// by casting the column, which no index answers: each lookup by id then read a whole table or index
/// (a day's page views counted in 60 ms instead of 2). The entities cast their values to the
/// column's type (`save_as = "bpchar"`). The statements as the driver sends them (`plan`, with
/// their values) read a post and its tags by id, count and read a day's page views, and sum a year's
/// daily totals, from their indexes, with nothing filtered after.
#[tokio::test]
async fn keys_sent_as_text_are_looked_up_in_their_indexes() {
    on_every_database_counting(|store, queries, db| async move {
        seed_if_empty(&store, chrono::Utc::now()).await.unwrap();
        let sqlite = store.connection().get_database_backend() == sea_orm::DatabaseBackend::Sqlite;
        let id = store.post_ids(&PostFilter::default()).await.unwrap()[0];
        let (post, by_id) = queries.statements_of(crate::helpers::find::<Post>(&store, id)).await;
        assert!(post.unwrap().is_some(), "{db}");
        let day = chrono::Utc::now().date_naive();
        let (_, views) = queries.statements_of(store.page_views_after(day, None)).await;
        let range = DayRange::last(365, day);
        let (_, daily) = queries.statements_of(store.daily_counts(Dimension::Total, "", range, &[])).await;
        let (_, summed) = queries.statements_of(store.summed_counts(Dimension::Page, "", range, &[])).await;
        let lookups: Vec<&Statement> = by_id
            .iter()
            .chain(&views)
            .chain(&daily)
            .chain(&summed)
            .filter(|statement| statement.sql.contains("WHERE") && statement.sql.starts_with("SELECT"))
            .collect();
        assert!(lookups.len() >= 5, "{db}: the post, its tags, the day's count and views, the sums: {lookups:#?}");
        for statement in lookups {
            let plan = plan(store.connection(), statement).await;
            if sqlite {
                assert!(plan.contains("USING"), "{db}: {}\n{plan}", statement.sql);
            } else {
                assert!(plan.contains("Index Cond"), "{db}: {}\n{plan}", statement.sql);
                assert!(!plan.contains("Filter:"), "{db}: a key compared cast: {}\n{plan}", statement.sql);
            }
        }
    })
    .await;
}
