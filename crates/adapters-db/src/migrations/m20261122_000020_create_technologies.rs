use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{boolean, char_len, integer, string_len, text, timestamp_with_time_zone};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Technologies {
    Table,
    Id,
    Name,
    NameKey,
    Description,
    Category,
    Icon,
    Color,
    Website,
    Status,
    Featured,
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
                    .table(Technologies::Table)
                    .if_not_exists()
                    .col(char_len(Technologies::Id, 24).primary_key())
                    .col(string_len(Technologies::Name, 100))
                    .col(string_len(Technologies::NameKey, 400))
                    .col(text(Technologies::Description))
                    .col(string_len(Technologies::Category, 16))
                    .col(string_len(Technologies::Icon, 64))
                    .col(string_len(Technologies::Color, 7))
                    .col(text(Technologies::Website))
                    .col(string_len(Technologies::Status, 16))
                    .col(boolean(Technologies::Featured))
                    .col(integer(Technologies::DisplayOrder))
                    .col(timestamp_with_time_zone(Technologies::CreatedAt))
                    .col(timestamp_with_time_zone(Technologies::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_technologies_name_key")
                    .table(Technologies::Table)
                    .col(Technologies::NameKey)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_technologies_status_order")
                    .table(Technologies::Table)
                    .col(Technologies::Status)
                    .col(Technologies::DisplayOrder)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(Technologies::Table).to_owned()).await
    }
}
