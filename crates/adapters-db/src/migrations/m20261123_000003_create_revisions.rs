use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{char_len, string_len, text, timestamp_with_time_zone};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The earlier versions of posts, projects and content pages: one row per version kept, its record
/// named by kind and id (no foreign key: the records live in three tables; deleting a record deletes
/// its revisions in the same use case).
#[derive(DeriveIden)]
enum Revisions {
    Table,
    Id,
    Kind,
    RecordId,
    AuthorId,
    AuthorName,
    CreatedAt,
    SavedAt,
    Snapshot,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Revisions::Table)
                    .if_not_exists()
                    .col(char_len(Revisions::Id, 24).primary_key())
                    .col(string_len(Revisions::Kind, 16))
                    .col(char_len(Revisions::RecordId, 24))
                    .col(char_len(Revisions::AuthorId, 24))
                    .col(string_len(Revisions::AuthorName, 120))
                    .col(timestamp_with_time_zone(Revisions::CreatedAt))
                    .col(timestamp_with_time_zone(Revisions::SavedAt))
                    .col(text(Revisions::Snapshot))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_revisions_record_created")
                    .table(Revisions::Table)
                    .col(Revisions::Kind)
                    .col(Revisions::RecordId)
                    .col(Revisions::CreatedAt)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(Revisions::Table).to_owned()).await
    }
}
