use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{char_len, string_len, text, timestamp_with_time_zone};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ProjectRequests {
    Table,
    Id,
    ClientName,
    CompanyName,
    Email,
    Phone,
    ProjectType,
    Budget,
    Timeline,
    Description,
    Status,
    Priority,
    Source,
    Notes,
    CreatedAt,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(ProjectRequests::Table)
                    .if_not_exists()
                    .col(char_len(ProjectRequests::Id, 24).primary_key())
                    .col(string_len(ProjectRequests::ClientName, 100))
                    .col(string_len(ProjectRequests::CompanyName, 200))
                    .col(string_len(ProjectRequests::Email, 254))
                    .col(string_len(ProjectRequests::Phone, 40))
                    .col(string_len(ProjectRequests::ProjectType, 100))
                    .col(string_len(ProjectRequests::Budget, 100))
                    .col(string_len(ProjectRequests::Timeline, 100))
                    .col(text(ProjectRequests::Description))
                    .col(string_len(ProjectRequests::Status, 16))
                    .col(string_len(ProjectRequests::Priority, 16))
                    .col(string_len(ProjectRequests::Source, 16))
                    .col(text(ProjectRequests::Notes))
                    .col(timestamp_with_time_zone(ProjectRequests::CreatedAt))
                    .col(timestamp_with_time_zone(ProjectRequests::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_project_requests_status_created")
                    .table(ProjectRequests::Table)
                    .col(ProjectRequests::Status)
                    .col(ProjectRequests::CreatedAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_project_requests_created")
                    .table(ProjectRequests::Table)
                    .col(ProjectRequests::CreatedAt)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(ProjectRequests::Table).to_owned()).await
    }
}
