use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{char_len, text, timestamp_with_time_zone};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The home page's texts: one row, its sections and texts a JSON document (`home_page.rs`).
#[derive(DeriveIden)]
enum HomePage {
    Table,
    Id,
    Document,
    CreatedAt,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(HomePage::Table)
                    .if_not_exists()
                    .col(char_len(HomePage::Id, 24).primary_key())
                    .col(text(HomePage::Document))
                    .col(timestamp_with_time_zone(HomePage::CreatedAt))
                    .col(timestamp_with_time_zone(HomePage::UpdatedAt))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(HomePage::Table).to_owned()).await
    }
}
