use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The blog's lists (public and admin) are ordered newest publication first: the publish time, else
/// the creation time, then the id (`Post::publication_date`). Without an index on that expression
/// every page sorted the whole table, markdown included, so a page of ten took longer with each post
/// (300 ms at 100,000 posts on SQLite). With it a page reads its rows in order and stops.
///
/// The expression must stay the one the list query orders by (`adapters-db/src/posts.rs`); the store
/// tests check that both databases use this index for it.
#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // The same statements on SQLite and PostgreSQL; the inner parentheses are PostgreSQL's
        // spelling of an indexed expression that is not a plain function call. The second index
        // serves the lists filtered by status (visitors' and the admin's status tab) without
        // relying on the planner's statistics to prefer the first one.
        let db = manager.get_connection();
        db.execute_unprepared(
            "CREATE INDEX idx_blog_posts_publication ON blog_posts \
             ((COALESCE(publish_at, created_at)) DESC, id DESC)",
        )
        .await?;
        db.execute_unprepared(
            "CREATE INDEX idx_blog_posts_status_publication ON blog_posts \
             (status, (COALESCE(publish_at, created_at)) DESC, id DESC)",
        )
        .await
        .map(|_| ())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for name in ["idx_blog_posts_status_publication", "idx_blog_posts_publication"] {
            manager.drop_index(Index::drop().name(name).table(Alias::new("blog_posts")).to_owned()).await?;
        }
        Ok(())
    }
}
