use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum BlogPosts {
    Table,
    Status,
    PublishAt,
}

#[derive(DeriveIden)]
enum PortfolioProjects {
    Table,
    Status,
    PublishAt,
}

/// After every write the cache asks when the next scheduled post or project goes live (the earliest
/// future `publish_at` of a published row). Without these indexes that question scanned the whole
/// table, markdown included, so each write grew slower with the number of posts.
#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_index(
                Index::create()
                    .name("idx_blog_posts_status_publish_at")
                    .table(BlogPosts::Table)
                    .col(BlogPosts::Status)
                    .col(BlogPosts::PublishAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_portfolio_projects_status_publish_at")
                    .table(PortfolioProjects::Table)
                    .col(PortfolioProjects::Status)
                    .col(PortfolioProjects::PublishAt)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_index(
                Index::drop()
                    .name("idx_portfolio_projects_status_publish_at")
                    .table(PortfolioProjects::Table)
                    .to_owned(),
            )
            .await?;
        manager
            .drop_index(Index::drop().name("idx_blog_posts_status_publish_at").table(BlogPosts::Table).to_owned())
            .await
    }
}
