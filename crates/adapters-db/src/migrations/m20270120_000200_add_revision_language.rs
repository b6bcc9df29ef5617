use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::string_len_null;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The language of a translation's revision (docs/languages.md): a translation's save keeps the
/// version it replaces in `revisions` with the record's, under kind `post-translation` and the
/// post's id, labelled with its language here; a record's own revisions have none. The index
/// reads one language's revisions of a record newest first.
#[derive(DeriveIden)]
enum Revisions {
    Table,
    Kind,
    RecordId,
    Lang,
    CreatedAt,
}

const INDEX: &str = "idx_revisions_kind_record_lang_created";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let mut column = string_len_null(Revisions::Lang, 35);
        manager.alter_table(Table::alter().table(Revisions::Table).add_column(&mut column).to_owned()).await?;
        manager
            .create_index(
                Index::create()
                    .name(INDEX)
                    .table(Revisions::Table)
                    .col(Revisions::Kind)
                    .col(Revisions::RecordId)
                    .col(Revisions::Lang)
                    .col(Revisions::CreatedAt)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_index(Index::drop().name(INDEX).table(Revisions::Table).to_owned()).await?;
        manager.alter_table(Table::alter().table(Revisions::Table).drop_column(Revisions::Lang).to_owned()).await
    }
}
