use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{string_null, text_null, timestamp_with_time_zone_null};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// Review of blog posts (status `in_review`): when a post was last submitted, and the note it was
/// last sent back with, by whom (account id and name as they were then) and when. Every post
/// stored before was never submitted and carries no note.
#[derive(DeriveIden)]
enum BlogPosts {
    Table,
    SubmittedAt,
    ReviewNote,
    ReviewNoteById,
    ReviewNoteByName,
    ReviewNoteAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // One column per statement: SQLite alters one at a time.
        let columns = [
            timestamp_with_time_zone_null(BlogPosts::SubmittedAt),
            text_null(BlogPosts::ReviewNote),
            string_null(BlogPosts::ReviewNoteById),
            string_null(BlogPosts::ReviewNoteByName),
            timestamp_with_time_zone_null(BlogPosts::ReviewNoteAt),
        ];
        for mut column in columns {
            manager.alter_table(Table::alter().table(BlogPosts::Table).add_column(&mut column).to_owned()).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .get_connection()
            .execute_unprepared("UPDATE blog_posts SET status = 'draft' WHERE status = 'in_review'")
            .await?;
        let columns = [
            BlogPosts::SubmittedAt,
            BlogPosts::ReviewNote,
            BlogPosts::ReviewNoteById,
            BlogPosts::ReviewNoteByName,
            BlogPosts::ReviewNoteAt,
        ];
        for column in columns {
            manager.alter_table(Table::alter().table(BlogPosts::Table).drop_column(column).to_owned()).await?;
        }
        Ok(())
    }
}
