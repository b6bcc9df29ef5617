use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{char_len, char_len_null, string_len, string_len_null, text, timestamp_with_time_zone};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The audit log: one row per recorded change, newest read first, filtered by actor, by kind of
/// record and by date (each filter with the time, for its index to serve the order too).
#[derive(DeriveIden, Clone, Copy)]
enum AuditEntries {
    Table,
    Id,
    At,
    ActorId,
    ActorName,
    ActorEmail,
    Action,
    EntityKind,
    EntityId,
    Operation,
    RequestId,
    ClientAddress,
    Summary,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(AuditEntries::Table)
                    .if_not_exists()
                    .col(char_len(AuditEntries::Id, 24).primary_key())
                    .col(timestamp_with_time_zone(AuditEntries::At))
                    .col(char_len_null(AuditEntries::ActorId, 24))
                    .col(string_len_null(AuditEntries::ActorName, 200))
                    .col(string_len_null(AuditEntries::ActorEmail, 254))
                    .col(string_len(AuditEntries::Action, 40))
                    .col(string_len(AuditEntries::EntityKind, 80))
                    .col(string_len_null(AuditEntries::EntityId, 120))
                    .col(string_len(AuditEntries::Operation, 160))
                    .col(string_len(AuditEntries::RequestId, 80))
                    .col(string_len_null(AuditEntries::ClientAddress, 64))
                    .col(text(AuditEntries::Summary))
                    .to_owned(),
            )
            .await?;
        let indexes: [(&str, &[AuditEntries]); 3] = [
            ("idx_audit_entries_at", &[AuditEntries::At, AuditEntries::Id]),
            ("idx_audit_entries_actor_at", &[AuditEntries::ActorId, AuditEntries::At]),
            ("idx_audit_entries_kind_at", &[AuditEntries::EntityKind, AuditEntries::At]),
        ];
        for (name, columns) in indexes {
            let mut index = Index::create();
            index.name(name).table(AuditEntries::Table);
            for column in columns {
                index.col(*column);
            }
            manager.create_index(index).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(AuditEntries::Table).to_owned()).await
    }
}
