use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::string_len;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// Each post's `source_hash` (docs/languages.md): the SHA-256 of its default-language texts, the
/// one its translations remember when they are saved, so the back office's list finds the posts
/// whose translation in a language is outdated in one query. Every post write keeps it; here the
/// existing posts get theirs, computed in Rust as the translations' is (`crate::post_hashes`), the
/// same on SQLite and PostgreSQL.
#[derive(DeriveIden)]
enum BlogPosts {
    Table,
    SourceHash,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let mut column = string_len(BlogPosts::SourceHash, 64).default("").to_owned();
        manager.alter_table(Table::alter().table(BlogPosts::Table).add_column(&mut column).to_owned()).await?;
        crate::post_hashes::refresh_all(manager.get_connection()).await.map(|_| ())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table(BlogPosts::Table).drop_column(BlogPosts::SourceHash).to_owned()).await
    }
}
