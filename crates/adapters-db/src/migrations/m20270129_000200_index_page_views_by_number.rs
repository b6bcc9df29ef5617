use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum PageViews {
    Table,
    Day,
    Id,
}

/// A day's page views in the order they were numbered, from a given number on (the statistics read
/// only the views stored since their last read: `WHERE day = ? AND id > ? ORDER BY id`), straight
/// from one index with nothing to filter or sort. It replaces the index on the day alone, whose
/// other uses (a day's count, the days that have views) it serves as well.
#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_index(
                Index::create()
                    .name("idx_page_views_day_id")
                    .table(PageViews::Table)
                    .col(PageViews::Day)
                    .col(PageViews::Id)
                    .to_owned(),
            )
            .await?;
        manager.drop_index(Index::drop().name("idx_page_views_day").table(PageViews::Table).to_owned()).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_index(
                Index::create().name("idx_page_views_day").table(PageViews::Table).col(PageViews::Day).to_owned(),
            )
            .await?;
        manager.drop_index(Index::drop().name("idx_page_views_day_id").table(PageViews::Table).to_owned()).await
    }
}
