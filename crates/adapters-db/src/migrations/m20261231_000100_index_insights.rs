use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum PageViewDays {
    Table,
    Day,
    Dimension,
    Value,
    Views,
    Visitors,
}

/// One value's days (a post's own numbers: `page` and its path, day by day) read from the index
/// alone; a range's totals by dimension already have theirs (`idx_page_view_days_dimension`).
#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_index(
                Index::create()
                    .name("idx_page_view_days_value")
                    .table(PageViewDays::Table)
                    .col(PageViewDays::Dimension)
                    .col(PageViewDays::Value)
                    .col(PageViewDays::Day)
                    .col(PageViewDays::Views)
                    .col(PageViewDays::Visitors)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_index(Index::drop().name("idx_page_view_days_value").table(PageViewDays::Table).to_owned()).await
    }
}
