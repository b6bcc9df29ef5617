use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{char_len, timestamp_with_time_zone};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The day's secret salt that visitors are hashed with (`visitors`), one row per day, shared by
/// every instance and deleted when the next day's is made.
#[derive(DeriveIden)]
enum VisitorSalts {
    Table,
    Day,
    Salt,
}

/// Which visitor viewed which post in the current hour: a view is counted only when its row is new,
/// so a visitor counts once per post and hour. Rows of earlier hours are deleted as views arrive.
#[derive(DeriveIden)]
enum PostViews {
    Table,
    PostId,
    Visitor,
    Period,
}

#[derive(DeriveIden)]
enum BlogPosts {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(VisitorSalts::Table)
                    .if_not_exists()
                    .col(char_len(VisitorSalts::Day, 10).primary_key())
                    .col(char_len(VisitorSalts::Salt, 64))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(PostViews::Table)
                    .if_not_exists()
                    .col(char_len(PostViews::PostId, 24))
                    .col(char_len(PostViews::Visitor, 64))
                    .col(timestamp_with_time_zone(PostViews::Period))
                    .primary_key(Index::create().col(PostViews::PostId).col(PostViews::Visitor).col(PostViews::Period))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_post_views_post")
                            .from(PostViews::Table, PostViews::PostId)
                            .to(BlogPosts::Table, BlogPosts::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("idx_post_views_period").table(PostViews::Table).col(PostViews::Period).to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(PostViews::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(VisitorSalts::Table).to_owned()).await
    }
}
