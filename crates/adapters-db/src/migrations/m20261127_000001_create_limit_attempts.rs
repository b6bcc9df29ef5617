use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{char_len, string_len, timestamp_with_time_zone};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// Every limit's attempts in one table (`limits::AttemptLog`): its key (a hash of what is limited)
/// and when. It replaces the sign-in failures and the form submissions, each counted its own way
/// before; their recent rows are only minutes of throttling, so they are not carried over.
#[derive(DeriveIden)]
enum LimitAttempts {
    Table,
    Id,
    Key,
    At,
}

#[derive(DeriveIden)]
enum LoginFailures {
    Table,
    Id,
    Email,
    Address,
    AttemptedAt,
}

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
                    .table(LimitAttempts::Table)
                    .if_not_exists()
                    .col(char_len(LimitAttempts::Id, 24).primary_key())
                    .col(char_len(LimitAttempts::Key, 64))
                    .col(timestamp_with_time_zone(LimitAttempts::At))
                    .to_owned(),
            )
            .await?;
        // One for a key's count, one for forgetting old attempts.
        manager
            .create_index(
                Index::create()
                    .name("idx_limit_attempts_key")
                    .table(LimitAttempts::Table)
                    .col(LimitAttempts::Key)
                    .col(LimitAttempts::At)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_limit_attempts_at")
                    .table(LimitAttempts::Table)
                    .col(LimitAttempts::At)
                    .to_owned(),
            )
            .await?;
        manager.drop_table(Table::drop().table(LoginFailures::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(FormSubmissions::Table).to_owned()).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(LoginFailures::Table)
                    .if_not_exists()
                    .col(char_len(LoginFailures::Id, 24).primary_key())
                    .col(string_len(LoginFailures::Email, 254))
                    .col(string_len(LoginFailures::Address, 64))
                    .col(timestamp_with_time_zone(LoginFailures::AttemptedAt))
                    .to_owned(),
            )
            .await?;
        for (name, column) in
            [("idx_login_failures_email", LoginFailures::Email), ("idx_login_failures_address", LoginFailures::Address)]
        {
            manager
                .create_index(
                    Index::create()
                        .name(name)
                        .table(LoginFailures::Table)
                        .col(column)
                        .col(LoginFailures::AttemptedAt)
                        .to_owned(),
                )
                .await?;
        }
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
            .await?;
        manager.drop_table(Table::drop().table(LimitAttempts::Table).to_owned()).await
    }
}
