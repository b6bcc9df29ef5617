use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{
    char_len, string_len, string_len_uniq, text, timestamp_with_time_zone, timestamp_with_time_zone_null,
};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ContentPages {
    Table,
    Id,
    PageType,
    Title,
    Subtitle,
    Description,
    Mission,
    Vision,
    PageValues,
    Content,
    LastUpdated,
    Status,
    Sections,
    CreatedAt,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(ContentPages::Table)
                    .if_not_exists()
                    .col(char_len(ContentPages::Id, 24).primary_key())
                    .col(string_len_uniq(ContentPages::PageType, 50))
                    .col(string_len(ContentPages::Title, 200))
                    .col(string_len(ContentPages::Subtitle, 300))
                    .col(text(ContentPages::Description))
                    .col(text(ContentPages::Mission))
                    .col(text(ContentPages::Vision))
                    .col(text(ContentPages::PageValues))
                    .col(text(ContentPages::Content))
                    .col(timestamp_with_time_zone_null(ContentPages::LastUpdated))
                    .col(string_len(ContentPages::Status, 16))
                    .col(text(ContentPages::Sections))
                    .col(timestamp_with_time_zone(ContentPages::CreatedAt))
                    .col(timestamp_with_time_zone(ContentPages::UpdatedAt))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(ContentPages::Table).to_owned()).await
    }
}
