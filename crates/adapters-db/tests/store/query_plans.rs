//! The blog's list pages read their rows in publication order from an index and stop, instead of
//! sorting the whole table: the plan of each list statement, asked of the database itself, names
//! the index and sorts nothing. On PostgreSQL the planner is told to avoid sequential scans and
//! sorts, which it can only obey when an index serves the statement's filter and order.

use atelier_application::Audience;
use atelier_application::blog::{BlogCatalog, PostQuery};
use atelier_application::demo::seed_if_empty;
use atelier_application::ports::SystemClock;
use atelier_domain::post::PostStatus;
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
        seed_if_empty(&store).await.unwrap();
        let blog = BlogCatalog::new(store.clone(), SystemClock);
        let published = PostQuery { status: Some(PostStatus::Published), ..PostQuery::default() };
        for (name, audience, query, index) in [
            ("admin, every status", Audience::Admin, PostQuery::default(), "idx_blog_posts_publication"),
            ("admin, published", Audience::Admin, published, "idx_blog_posts_status_publication"),
            ("visitors", Audience::Public, PostQuery::default(), "idx_blog_posts_status_publication"),
        ] {
            let (page, statements) = queries.statements_of(blog.list(audience, query)).await;
            assert!(!page.unwrap().items.is_empty(), "{db}, {name}: the demo content has posts");
            let list = statements
                .iter()
                .find(|statement| statement.sql.contains("ORDER BY") && statement.sql.contains("\"blog_posts\""))
                .unwrap_or_else(|| panic!("{db}, {name}: no ordered statement in {statements:?}"));
            let plan = plan(store.connection(), list).await;
            assert!(plan.contains(index), "{db}, {name}: {plan}");
            assert!(!plan.contains("TEMP B-TREE") && !plan.contains("Sort"), "{db}, {name}: sorts\n{plan}");
        }
    })
    .await;
}
