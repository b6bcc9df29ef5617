use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{char_len, string_len, text, timestamp_with_time_zone};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Tags {
    Table,
    Id,
    Name,
    Slug,
    Description,
    Color,
    TagType,
    CreatedAt,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Tags::Table)
                    .if_not_exists()
                    .col(char_len(Tags::Id, 24).primary_key())
                    .col(string_len(Tags::Name, 60))
                    .col(string_len(Tags::Slug, 120))
                    .col(text(Tags::Description))
                    .col(string_len(Tags::Color, 7))
                    .col(string_len(Tags::TagType, 16))
                    .col(timestamp_with_time_zone(Tags::CreatedAt))
                    .col(timestamp_with_time_zone(Tags::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(Index::create().name("idx_tags_slug").table(Tags::Table).col(Tags::Slug).unique().to_owned())
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(Tags::Table).to_owned()).await
    }
}
