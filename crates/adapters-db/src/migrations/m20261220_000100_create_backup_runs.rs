use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{
    big_integer_null, string_len, string_len_null, text_null, timestamp_with_time_zone, timestamp_with_time_zone_null,
};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The scheduled backups' runs (`backups::ports::BackupRuns`): one row per period, claimed by the
/// instance that writes its backup (a lease, as the queues' claims), then the outcome.
#[derive(DeriveIden)]
enum BackupRuns {
    Table,
    Slot,
    Holder,
    StartedAt,
    LeaseUntil,
    FinishedAt,
    Archive,
    Bytes,
    Error,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(BackupRuns::Table)
                    .if_not_exists()
                    .col(timestamp_with_time_zone(BackupRuns::Slot).primary_key())
                    .col(string_len(BackupRuns::Holder, 128))
                    .col(timestamp_with_time_zone(BackupRuns::StartedAt))
                    .col(timestamp_with_time_zone(BackupRuns::LeaseUntil))
                    .col(timestamp_with_time_zone_null(BackupRuns::FinishedAt))
                    .col(string_len_null(BackupRuns::Archive, 128))
                    .col(big_integer_null(BackupRuns::Bytes))
                    .col(text_null(BackupRuns::Error))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(BackupRuns::Table).to_owned()).await
    }
}
