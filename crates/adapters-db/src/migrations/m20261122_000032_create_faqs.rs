use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{big_integer, boolean, char_len, integer, string_len, text, timestamp_with_time_zone};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Faqs {
    Table,
    Id,
    Question,
    Answer,
    Category,
    Tags,
    Status,
    DisplayOrder,
    Featured,
    Views,
    Helpful,
    NotHelpful,
    CreatedAt,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Faqs::Table)
                    .if_not_exists()
                    .col(char_len(Faqs::Id, 24).primary_key())
                    .col(text(Faqs::Question))
                    .col(text(Faqs::Answer))
                    .col(string_len(Faqs::Category, 16))
                    .col(text(Faqs::Tags))
                    .col(string_len(Faqs::Status, 16))
                    .col(integer(Faqs::DisplayOrder))
                    .col(boolean(Faqs::Featured))
                    .col(big_integer(Faqs::Views))
                    .col(big_integer(Faqs::Helpful))
                    .col(big_integer(Faqs::NotHelpful))
                    .col(timestamp_with_time_zone(Faqs::CreatedAt))
                    .col(timestamp_with_time_zone(Faqs::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_faqs_status_order")
                    .table(Faqs::Table)
                    .col(Faqs::Status)
                    .col(Faqs::DisplayOrder)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(Faqs::Table).to_owned()).await
    }
}
