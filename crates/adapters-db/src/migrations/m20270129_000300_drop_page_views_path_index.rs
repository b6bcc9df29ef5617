use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum PageViews {
    Table,
    Path,
    Day,
}

/// The raw page views are read by day only (a day's views and count, the days that have views): a
/// post's own numbers come from the daily totals and, for the days not rolled up, from the day's
/// views summed in the process. The index on (path, day) answered no statement and cost every
/// stored view an entry of up to 512 characters; no version reads through it.
#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_index(Index::drop().name("idx_page_views_path_day").table(PageViews::Table).to_owned()).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_index(
                Index::create()
                    .name("idx_page_views_path_day")
                    .table(PageViews::Table)
                    .col(PageViews::Path)
                    .col(PageViews::Day)
                    .to_owned(),
            )
            .await
    }
}
