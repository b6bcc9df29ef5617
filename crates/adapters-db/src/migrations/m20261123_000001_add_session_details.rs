use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{string_len, timestamp_with_time_zone_null};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// Where each session was opened and when it was last used, for the account screen's list of
/// sessions. Sessions opened before this migration read as last used when they were opened.
#[derive(DeriveIden)]
enum Sessions {
    Table,
    UserAgent,
    Address,
    LastUsedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // One column per statement: SQLite adds only one at a time.
        for column in [
            string_len(Sessions::UserAgent, 512).default("").to_owned(),
            string_len(Sessions::Address, 64).default("").to_owned(),
            timestamp_with_time_zone_null(Sessions::LastUsedAt),
        ] {
            manager.alter_table(Table::alter().table(Sessions::Table).add_column(column).to_owned()).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for column in [Sessions::LastUsedAt, Sessions::Address, Sessions::UserAgent] {
            manager.alter_table(Table::alter().table(Sessions::Table).drop_column(column).to_owned()).await?;
        }
        Ok(())
    }
}
