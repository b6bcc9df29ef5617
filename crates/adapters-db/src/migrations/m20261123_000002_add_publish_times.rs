use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::timestamp_with_time_zone_null;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum BlogPosts {
    Table,
    PublishAt,
}

#[derive(DeriveIden)]
enum PortfolioProjects {
    Table,
    PublishAt,
}

/// When a published post or project goes live: empty for "as soon as it is published". Public
/// reads compare it with the clock, so a scheduled record appears by itself when its time comes.
#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // One change per statement: SQLite alters a table one column at a time.
        manager
            .alter_table(
                Table::alter()
                    .table(BlogPosts::Table)
                    .add_column(timestamp_with_time_zone_null(BlogPosts::PublishAt))
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(PortfolioProjects::Table)
                    .add_column(timestamp_with_time_zone_null(PortfolioProjects::PublishAt))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter().table(PortfolioProjects::Table).drop_column(PortfolioProjects::PublishAt).to_owned(),
            )
            .await?;
        manager.alter_table(Table::alter().table(BlogPosts::Table).drop_column(BlogPosts::PublishAt).to_owned()).await
    }
}
