use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{
    big_integer, char_len, string_len, string_len_null, string_null, text, timestamp_with_time_zone,
    timestamp_with_time_zone_null,
};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// Translations (`translations::ports::TranslationRepository`, docs/languages.md): a record's texts in
/// one language other than the default, one row per record (`kind`, `record_id`) and language
/// (`lang`, its canonical tag). `fields` is a JSON object of field name to text; `slug` the record's
/// address in that language (posts, projects, categories, tags), unique per kind and language where
/// set (a null slug repeats freely on both databases); `status` and `publish_at` a post's
/// publication in that language; `source_hash` the default language's texts when it was saved; and
/// the version and authorship every editable record carries.
#[derive(DeriveIden)]
enum Translations {
    Table,
    Kind,
    RecordId,
    Lang,
    Slug,
    Fields,
    Status,
    PublishAt,
    SourceHash,
    CreatedAt,
    UpdatedAt,
    Version,
    CreatedById,
    CreatedByName,
    UpdatedById,
    UpdatedByName,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Translations::Table)
                    .if_not_exists()
                    .col(string_len(Translations::Kind, 20))
                    .col(string_len(Translations::RecordId, 60))
                    .col(string_len(Translations::Lang, 35))
                    .col(string_len_null(Translations::Slug, 120))
                    .col(text(Translations::Fields))
                    .col(string_len(Translations::Status, 20))
                    .col(timestamp_with_time_zone_null(Translations::PublishAt))
                    .col(char_len(Translations::SourceHash, 64))
                    .col(timestamp_with_time_zone(Translations::CreatedAt))
                    .col(timestamp_with_time_zone(Translations::UpdatedAt))
                    .col(big_integer(Translations::Version).default(1))
                    .col(string_null(Translations::CreatedById))
                    .col(string_null(Translations::CreatedByName))
                    .col(string_null(Translations::UpdatedById))
                    .col(string_null(Translations::UpdatedByName))
                    .primary_key(
                        Index::create().col(Translations::Kind).col(Translations::RecordId).col(Translations::Lang),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_translations_slug")
                    .table(Translations::Table)
                    .col(Translations::Kind)
                    .col(Translations::Lang)
                    .col(Translations::Slug)
                    .unique()
                    .to_owned(),
            )
            .await?;
        // A language's public list reads the records live there (`live_in`).
        manager
            .create_index(
                Index::create()
                    .name("idx_translations_language")
                    .table(Translations::Table)
                    .col(Translations::Kind)
                    .col(Translations::Lang)
                    .col(Translations::Status)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(Translations::Table).to_owned()).await
    }
}
