use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{
    big_integer, char_len, integer_null, string_len, string_len_uniq, text, timestamp_with_time_zone,
};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum MediaItems {
    Table,
    Id,
    StorageKey,
    Format,
    Kind,
    FileName,
    Title,
    Alt,
    Tags,
    Size,
    Width,
    Height,
    Variants,
    CreatedAt,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(MediaItems::Table)
                    .if_not_exists()
                    .col(char_len(MediaItems::Id, 24).primary_key())
                    .col(string_len_uniq(MediaItems::StorageKey, 128))
                    .col(string_len(MediaItems::Format, 32))
                    .col(string_len(MediaItems::Kind, 16))
                    .col(string_len(MediaItems::FileName, 255))
                    .col(string_len(MediaItems::Title, 200))
                    .col(string_len(MediaItems::Alt, 500))
                    .col(text(MediaItems::Tags))
                    .col(big_integer(MediaItems::Size))
                    .col(integer_null(MediaItems::Width))
                    .col(integer_null(MediaItems::Height))
                    .col(text(MediaItems::Variants))
                    .col(timestamp_with_time_zone(MediaItems::CreatedAt))
                    .col(timestamp_with_time_zone(MediaItems::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_media_items_kind_created")
                    .table(MediaItems::Table)
                    .col(MediaItems::Kind)
                    .col(MediaItems::CreatedAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_media_items_created")
                    .table(MediaItems::Table)
                    .col(MediaItems::CreatedAt)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(MediaItems::Table).to_owned()).await
    }
}
