use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The visitors' list reads posts in publication order among the published ones, filtered on
/// `publish_at` (scheduled posts are not shown before their time). With
/// `idx_blog_posts_status_publication` (status, publication, id) the filter needed each row from
/// the table, so a deep page (`OFFSET` 3,000) read 3,000 rows whole, markdown included, only to skip
/// them, and the count read every one. This index holds every column those statements name
/// (`publish_at` and `created_at` after the key), so the order of the visitors' posts, their count
/// and the ids of a page are read from the index alone (PostgreSQL: an index-only scan; SQLite: a
/// covering index). It replaces the one it extends, whose key is its prefix.
///
/// The expression must stay the one the list query orders by (`adapters-db/src/posts.rs`); the store
/// tests check that both databases use this index for it.
#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        db.execute_unprepared(
            "CREATE INDEX idx_blog_posts_status_publication_cover ON blog_posts \
             (status, (COALESCE(publish_at, created_at)) DESC, id DESC, publish_at, created_at)",
        )
        .await?;
        db.execute_unprepared("DROP INDEX idx_blog_posts_status_publication").await.map(|_| ())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        db.execute_unprepared(
            "CREATE INDEX idx_blog_posts_status_publication ON blog_posts \
             (status, (COALESCE(publish_at, created_at)) DESC, id DESC)",
        )
        .await?;
        db.execute_unprepared("DROP INDEX idx_blog_posts_status_publication_cover").await.map(|_| ())
    }
}
