use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{char_len, string_len, timestamp_with_time_zone, timestamp_with_time_zone_null};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The newsletter's addresses: each once (stored lowercased, unique) with its own link token.
#[derive(DeriveIden)]
enum NewsletterSubscribers {
    Table,
    Id,
    Email,
    Status,
    Token,
    CreatedAt,
    ConfirmedAt,
    ConfirmationSentAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(NewsletterSubscribers::Table)
                    .if_not_exists()
                    .col(char_len(NewsletterSubscribers::Id, 24).primary_key())
                    .col(string_len(NewsletterSubscribers::Email, 254).unique_key())
                    .col(string_len(NewsletterSubscribers::Status, 16))
                    .col(char_len(NewsletterSubscribers::Token, 64).unique_key())
                    .col(timestamp_with_time_zone(NewsletterSubscribers::CreatedAt))
                    .col(timestamp_with_time_zone_null(NewsletterSubscribers::ConfirmedAt))
                    .col(timestamp_with_time_zone_null(NewsletterSubscribers::ConfirmationSentAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_newsletter_subscribers_created")
                    .table(NewsletterSubscribers::Table)
                    .col(NewsletterSubscribers::CreatedAt)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(NewsletterSubscribers::Table).to_owned()).await
    }
}
