use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{
    big_integer, boolean, char_len, char_len_null, string_len, text, timestamp_with_time_zone,
};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum BlogPosts {
    Table,
    Id,
    Slug,
    Title,
    Excerpt,
    Content,
    FeaturedImage,
    CategoryId,
    AuthorName,
    Status,
    Featured,
    Views,
    MetaTitle,
    MetaDescription,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum BlogCategories {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(BlogPosts::Table)
                    .if_not_exists()
                    .col(char_len(BlogPosts::Id, 24).primary_key())
                    .col(string_len(BlogPosts::Slug, 120))
                    .col(string_len(BlogPosts::Title, 200))
                    .col(text(BlogPosts::Excerpt))
                    .col(text(BlogPosts::Content))
                    .col(string_len(BlogPosts::FeaturedImage, 2048))
                    .col(char_len_null(BlogPosts::CategoryId, 24))
                    .col(string_len(BlogPosts::AuthorName, 120))
                    .col(string_len(BlogPosts::Status, 16))
                    .col(boolean(BlogPosts::Featured))
                    .col(big_integer(BlogPosts::Views))
                    .col(string_len(BlogPosts::MetaTitle, 200))
                    .col(text(BlogPosts::MetaDescription))
                    .col(timestamp_with_time_zone(BlogPosts::CreatedAt))
                    .col(timestamp_with_time_zone(BlogPosts::UpdatedAt))
                    // A category still used by posts cannot be deleted.
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_blog_posts_category")
                            .from(BlogPosts::Table, BlogPosts::CategoryId)
                            .to(BlogCategories::Table, BlogCategories::Id)
                            .on_delete(ForeignKeyAction::Restrict),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_blog_posts_slug")
                    .table(BlogPosts::Table)
                    .col(BlogPosts::Slug)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_blog_posts_status_created")
                    .table(BlogPosts::Table)
                    .col(BlogPosts::Status)
                    .col(BlogPosts::CreatedAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_blog_posts_category")
                    .table(BlogPosts::Table)
                    .col(BlogPosts::CategoryId)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(BlogPosts::Table).to_owned()).await
    }
}
