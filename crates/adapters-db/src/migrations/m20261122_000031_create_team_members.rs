use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{char_len, integer, string_len, text, timestamp_with_time_zone};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum TeamMembers {
    Table,
    Id,
    Name,
    Position,
    Email,
    Bio,
    Avatar,
    Status,
    DisplayOrder,
    LinkedinUrl,
    TwitterUrl,
    GithubUrl,
    WebsiteUrl,
    Skills,
    Department,
    CreatedAt,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(TeamMembers::Table)
                    .if_not_exists()
                    .col(char_len(TeamMembers::Id, 24).primary_key())
                    .col(string_len(TeamMembers::Name, 120))
                    .col(string_len(TeamMembers::Position, 120))
                    .col(string_len(TeamMembers::Email, 254))
                    .col(text(TeamMembers::Bio))
                    .col(string_len(TeamMembers::Avatar, 2048))
                    .col(string_len(TeamMembers::Status, 16))
                    .col(integer(TeamMembers::DisplayOrder))
                    .col(string_len(TeamMembers::LinkedinUrl, 2048))
                    .col(string_len(TeamMembers::TwitterUrl, 2048))
                    .col(string_len(TeamMembers::GithubUrl, 2048))
                    .col(string_len(TeamMembers::WebsiteUrl, 2048))
                    .col(text(TeamMembers::Skills))
                    .col(string_len(TeamMembers::Department, 100))
                    .col(timestamp_with_time_zone(TeamMembers::CreatedAt))
                    .col(timestamp_with_time_zone(TeamMembers::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_team_members_order")
                    .table(TeamMembers::Table)
                    .col(TeamMembers::DisplayOrder)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(TeamMembers::Table).to_owned()).await
    }
}
