use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{char_len, integer};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum PortfolioProjectTechnologies {
    Table,
    ProjectId,
    Position,
    TechnologyId,
}

#[derive(DeriveIden)]
enum PortfolioProjects {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Technologies {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(PortfolioProjectTechnologies::Table)
                    .if_not_exists()
                    .col(char_len(PortfolioProjectTechnologies::ProjectId, 24))
                    .col(integer(PortfolioProjectTechnologies::Position))
                    .col(char_len(PortfolioProjectTechnologies::TechnologyId, 24))
                    .primary_key(
                        Index::create()
                            .col(PortfolioProjectTechnologies::ProjectId)
                            .col(PortfolioProjectTechnologies::Position),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_portfolio_project_technologies_project")
                            .from(PortfolioProjectTechnologies::Table, PortfolioProjectTechnologies::ProjectId)
                            .to(PortfolioProjects::Table, PortfolioProjects::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        // A technology that projects list cannot be deleted. `NO ACTION` rather than
                        // `RESTRICT`: SQLite reports both as a foreign-key failure only with `NO ACTION`.
                        ForeignKey::create()
                            .name("fk_portfolio_project_technologies_technology")
                            .from(PortfolioProjectTechnologies::Table, PortfolioProjectTechnologies::TechnologyId)
                            .to(Technologies::Table, Technologies::Id)
                            .on_delete(ForeignKeyAction::NoAction),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_portfolio_project_technologies_technology")
                    .table(PortfolioProjectTechnologies::Table)
                    .col(PortfolioProjectTechnologies::TechnologyId)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(PortfolioProjectTechnologies::Table).to_owned()).await
    }
}
