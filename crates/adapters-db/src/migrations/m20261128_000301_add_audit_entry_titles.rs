use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::string_len_null;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The title or name of the record an audit entry is about, as it was when the entry was written,
/// so the log reads well after the record is renamed or deleted. Entries written before this
/// migration have none; the log then names the record by its kind and id.
#[derive(DeriveIden)]
enum AuditEntries {
    Table,
    EntityTitle,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(AuditEntries::Table)
                    .add_column(string_len_null(AuditEntries::EntityTitle, 200))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(Table::alter().table(AuditEntries::Table).drop_column(AuditEntries::EntityTitle).to_owned())
            .await
    }
}
