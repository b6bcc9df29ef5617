use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{boolean, char_len, string_len, text, timestamp_with_time_zone};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum PortfolioProjects {
    Table,
    Id,
    Slug,
    Title,
    Client,
    Category,
    Description,
    ShortDescription,
    Image,
    Tags,
    DemoUrl,
    GithubUrl,
    CompletedAt,
    Featured,
    Status,
    CreatedAt,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(PortfolioProjects::Table)
                    .if_not_exists()
                    .col(char_len(PortfolioProjects::Id, 24).primary_key())
                    .col(string_len(PortfolioProjects::Slug, 120))
                    .col(string_len(PortfolioProjects::Title, 200))
                    .col(string_len(PortfolioProjects::Client, 200))
                    .col(string_len(PortfolioProjects::Category, 100))
                    .col(text(PortfolioProjects::Description))
                    .col(text(PortfolioProjects::ShortDescription))
                    .col(text(PortfolioProjects::Image))
                    .col(text(PortfolioProjects::Tags))
                    .col(text(PortfolioProjects::DemoUrl))
                    .col(text(PortfolioProjects::GithubUrl))
                    .col(timestamp_with_time_zone(PortfolioProjects::CompletedAt))
                    .col(boolean(PortfolioProjects::Featured))
                    .col(string_len(PortfolioProjects::Status, 16))
                    .col(timestamp_with_time_zone(PortfolioProjects::CreatedAt))
                    .col(timestamp_with_time_zone(PortfolioProjects::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_portfolio_projects_slug")
                    .table(PortfolioProjects::Table)
                    .col(PortfolioProjects::Slug)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_portfolio_projects_status_completed")
                    .table(PortfolioProjects::Table)
                    .col(PortfolioProjects::Status)
                    .col(PortfolioProjects::CompletedAt)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(PortfolioProjects::Table).to_owned()).await
    }
}
