use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{
    big_integer, char_len, integer, string_len, string_len_null, string_null, text, timestamp_with_time_zone,
    timestamp_with_time_zone_null,
};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// Redirects (`redirects::ports::RedirectRepository`): an old address of the site (`from_path`, in
/// the domain's normal form, unique) and where it leads (`to_target`: a path or an absolute address;
/// `to_path`: the path of this site it leads to, in the same normal form, for moving the redirects
/// that lead to an address which gets a redirect of its own), its status, a note, how often it was
/// followed, and the version and authorship every editable record carries.
#[derive(DeriveIden)]
enum Redirects {
    Table,
    Id,
    FromPath,
    ToTarget,
    ToPath,
    Status,
    Note,
    Hits,
    LastHitAt,
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
                    .table(Redirects::Table)
                    .if_not_exists()
                    .col(char_len(Redirects::Id, 24).primary_key())
                    .col(string_len(Redirects::FromPath, 2000))
                    .col(string_len(Redirects::ToTarget, 2000))
                    .col(string_len_null(Redirects::ToPath, 2000))
                    .col(integer(Redirects::Status))
                    .col(text(Redirects::Note))
                    .col(big_integer(Redirects::Hits).default(0))
                    .col(timestamp_with_time_zone_null(Redirects::LastHitAt))
                    .col(timestamp_with_time_zone(Redirects::CreatedAt))
                    .col(timestamp_with_time_zone(Redirects::UpdatedAt))
                    .col(big_integer(Redirects::Version).default(1))
                    .col(string_null(Redirects::CreatedById))
                    .col(string_null(Redirects::CreatedByName))
                    .col(string_null(Redirects::UpdatedById))
                    .col(string_null(Redirects::UpdatedByName))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_redirects_from_path")
                    .table(Redirects::Table)
                    .col(Redirects::FromPath)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("idx_redirects_to_path").table(Redirects::Table).col(Redirects::ToPath).to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(Redirects::Table).to_owned()).await
    }
}
