use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{
    big_integer, char_len, pk_auto, string_len, string_len_null, timestamp_with_time_zone,
};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// Raw page views (`insights::ports::PageViewRepository`), kept `ATELIER_VIEWS_KEEP_DAYS`: the UTC
/// day and time, the visitor's daily-salted hash (never the address), the path, the referring
/// domain, the UTM values, the device class and the browser's language.
#[derive(DeriveIden)]
enum PageViews {
    Table,
    Id,
    Day,
    At,
    Visitor,
    Path,
    Referrer,
    UtmSource,
    UtmMedium,
    UtmCampaign,
    Device,
    Language,
}

/// Daily totals, kept for ever: per day, per dimension (`total`, `page`, `source`, `referrer`,
/// `campaign`, `device`, `language`, `landing`) and value, the views and distinct visitors.
#[derive(DeriveIden)]
enum PageViewDays {
    Table,
    Day,
    Dimension,
    Value,
    Views,
    Visitors,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(PageViews::Table)
                    .if_not_exists()
                    .col(pk_auto(PageViews::Id))
                    .col(char_len(PageViews::Day, 10))
                    .col(timestamp_with_time_zone(PageViews::At))
                    .col(char_len(PageViews::Visitor, 64))
                    .col(string_len(PageViews::Path, 512))
                    .col(string_len_null(PageViews::Referrer, 253))
                    .col(string_len_null(PageViews::UtmSource, 100))
                    .col(string_len_null(PageViews::UtmMedium, 100))
                    .col(string_len_null(PageViews::UtmCampaign, 100))
                    .col(string_len(PageViews::Device, 8))
                    .col(string_len_null(PageViews::Language, 35))
                    .to_owned(),
            )
            .await?;
        // Rollups and range reads go by day; a post's own numbers by path and day.
        manager
            .create_index(
                Index::create().name("idx_page_views_day").table(PageViews::Table).col(PageViews::Day).to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_page_views_path_day")
                    .table(PageViews::Table)
                    .col(PageViews::Path)
                    .col(PageViews::Day)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(PageViewDays::Table)
                    .if_not_exists()
                    .col(char_len(PageViewDays::Day, 10))
                    .col(string_len(PageViewDays::Dimension, 16))
                    .col(string_len(PageViewDays::Value, 512))
                    .col(big_integer(PageViewDays::Views))
                    .col(big_integer(PageViewDays::Visitors))
                    .primary_key(
                        Index::create().col(PageViewDays::Day).col(PageViewDays::Dimension).col(PageViewDays::Value),
                    )
                    .to_owned(),
            )
            .await?;
        // A range's totals of one dimension: every row the answer sums, in the index itself.
        manager
            .create_index(
                Index::create()
                    .name("idx_page_view_days_dimension")
                    .table(PageViewDays::Table)
                    .col(PageViewDays::Dimension)
                    .col(PageViewDays::Day)
                    .col(PageViewDays::Value)
                    .col(PageViewDays::Views)
                    .col(PageViewDays::Visitors)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(PageViewDays::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(PageViews::Table).to_owned()).await
    }
}
