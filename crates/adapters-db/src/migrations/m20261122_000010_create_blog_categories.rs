use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{boolean, char_len, integer, string_len, text, timestamp_with_time_zone};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum BlogCategories {
    Table,
    Id,
    Name,
    Slug,
    DisplayName,
    Description,
    Featured,
    Status,
    DisplayOrder,
    CreatedAt,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(BlogCategories::Table)
                    .if_not_exists()
                    .col(char_len(BlogCategories::Id, 24).primary_key())
                    .col(string_len(BlogCategories::Name, 120))
                    .col(string_len(BlogCategories::Slug, 120))
                    .col(string_len(BlogCategories::DisplayName, 120))
                    .col(text(BlogCategories::Description))
                    .col(boolean(BlogCategories::Featured))
                    .col(string_len(BlogCategories::Status, 16))
                    .col(integer(BlogCategories::DisplayOrder))
                    .col(timestamp_with_time_zone(BlogCategories::CreatedAt))
                    .col(timestamp_with_time_zone(BlogCategories::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_blog_categories_slug")
                    .table(BlogCategories::Table)
                    .col(BlogCategories::Slug)
                    .unique()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(BlogCategories::Table).to_owned()).await
    }
}
