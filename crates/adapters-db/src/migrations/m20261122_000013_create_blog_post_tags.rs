use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{char_len, integer};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// Which tags a post carries, in the order chosen: one row per post and tag, so tag use counts are
/// one `GROUP BY` and a tag in use cannot be deleted.
#[derive(DeriveIden)]
enum BlogPostTags {
    Table,
    PostId,
    TagId,
    Position,
}

#[derive(DeriveIden)]
enum BlogPosts {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Tags {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(BlogPostTags::Table)
                    .if_not_exists()
                    .col(char_len(BlogPostTags::PostId, 24))
                    .col(char_len(BlogPostTags::TagId, 24))
                    .col(integer(BlogPostTags::Position))
                    .primary_key(Index::create().col(BlogPostTags::PostId).col(BlogPostTags::TagId))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_blog_post_tags_post")
                            .from(BlogPostTags::Table, BlogPostTags::PostId)
                            .to(BlogPosts::Table, BlogPosts::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_blog_post_tags_tag")
                            .from(BlogPostTags::Table, BlogPostTags::TagId)
                            .to(Tags::Table, Tags::Id)
                            .on_delete(ForeignKeyAction::Restrict),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_blog_post_tags_tag")
                    .table(BlogPostTags::Table)
                    .col(BlogPostTags::TagId)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(BlogPostTags::Table).to_owned()).await
    }
}
