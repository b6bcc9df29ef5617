use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{boolean, char_len, timestamp_with_time_zone};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// Spam kept out without a third party: contact messages and project requests get a `spam` flag
/// (everything stored before was let in, so `false`), indexed with the creation time for the
/// lists and the purge; and the proof-of-work answers already used, one row per challenge (its
/// hash, the primary key, so a second use fails on every instance) until it expires.
#[derive(DeriveIden)]
enum ContactMessages {
    Table,
    Spam,
    CreatedAt,
}

#[derive(DeriveIden)]
enum ProjectRequests {
    Table,
    Spam,
    CreatedAt,
}

#[derive(DeriveIden)]
enum UsedChallenges {
    Table,
    Challenge,
    ExpiresAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(ContactMessages::Table)
                    .add_column(boolean(ContactMessages::Spam).default(false))
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(ProjectRequests::Table)
                    .add_column(boolean(ProjectRequests::Spam).default(false))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_contact_messages_spam")
                    .table(ContactMessages::Table)
                    .col(ContactMessages::Spam)
                    .col(ContactMessages::CreatedAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_project_requests_spam")
                    .table(ProjectRequests::Table)
                    .col(ProjectRequests::Spam)
                    .col(ProjectRequests::CreatedAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(UsedChallenges::Table)
                    .if_not_exists()
                    .col(char_len(UsedChallenges::Challenge, 64).primary_key())
                    .col(timestamp_with_time_zone(UsedChallenges::ExpiresAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_used_challenges_expires_at")
                    .table(UsedChallenges::Table)
                    .col(UsedChallenges::ExpiresAt)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(UsedChallenges::Table).to_owned()).await?;
        manager
            .drop_index(Index::drop().name("idx_project_requests_spam").table(ProjectRequests::Table).to_owned())
            .await?;
        manager
            .drop_index(Index::drop().name("idx_contact_messages_spam").table(ContactMessages::Table).to_owned())
            .await?;
        manager
            .alter_table(Table::alter().table(ProjectRequests::Table).drop_column(ProjectRequests::Spam).to_owned())
            .await?;
        manager
            .alter_table(Table::alter().table(ContactMessages::Table).drop_column(ContactMessages::Spam).to_owned())
            .await
    }
}
