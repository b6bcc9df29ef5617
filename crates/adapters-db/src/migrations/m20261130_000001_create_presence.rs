use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{char_len, string_len, timestamp_with_time_zone};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// Who has a record open for editing (`presence::ports::PresenceRepository`): one row per record
/// and account, refreshed by each heartbeat (`last_seen`) and forgotten once 30 s old, so every
/// instance on the database sees the same people. An account's rows go with it.
#[derive(DeriveIden)]
enum Presence {
    Table,
    Kind,
    RecordId,
    AccountId,
    Since,
    LastSeen,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Presence::Table)
                    .if_not_exists()
                    .col(string_len(Presence::Kind, 32))
                    .col(string_len(Presence::RecordId, 64))
                    .col(char_len(Presence::AccountId, 24))
                    .col(timestamp_with_time_zone(Presence::Since))
                    .col(timestamp_with_time_zone(Presence::LastSeen))
                    .primary_key(Index::create().col(Presence::Kind).col(Presence::RecordId).col(Presence::AccountId))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_presence_account")
                            .from(Presence::Table, Presence::AccountId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        // For forgetting old heartbeats.
        manager
            .create_index(
                Index::create()
                    .name("idx_presence_last_seen")
                    .table(Presence::Table)
                    .col(Presence::LastSeen)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(Presence::Table).to_owned()).await
    }
}
