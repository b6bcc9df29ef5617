use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{char_len, string_len, timestamp_with_time_zone};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// Recent anonymous form submissions per client, counted where every instance sees them.
#[derive(DeriveIden)]
enum FormSubmissions {
    Table,
    Id,
    Client,
    SubmittedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(FormSubmissions::Table)
                    .if_not_exists()
                    .col(char_len(FormSubmissions::Id, 24).primary_key())
                    .col(string_len(FormSubmissions::Client, 64))
                    .col(timestamp_with_time_zone(FormSubmissions::SubmittedAt))
                    .to_owned(),
            )
            .await?;
        // One for the per-client count, one for forgetting old entries.
        manager
            .create_index(
                Index::create()
                    .name("idx_form_submissions_client")
                    .table(FormSubmissions::Table)
                    .col(FormSubmissions::Client)
                    .col(FormSubmissions::SubmittedAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_form_submissions_time")
                    .table(FormSubmissions::Table)
                    .col(FormSubmissions::SubmittedAt)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(FormSubmissions::Table).to_owned()).await
    }
}
