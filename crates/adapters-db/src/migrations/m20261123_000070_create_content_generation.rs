use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{big_integer, integer};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The shared content generation: one row whose value every write to public content advances, so
/// each instance on the database learns that what it computed from the content is out of date.
#[derive(DeriveIden)]
enum ContentGeneration {
    Table,
    Id,
    Value,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(ContentGeneration::Table)
                    .if_not_exists()
                    .col(integer(ContentGeneration::Id).primary_key())
                    .col(big_integer(ContentGeneration::Value))
                    .to_owned(),
            )
            .await?;
        manager
            .exec_stmt(
                Query::insert()
                    .into_table(ContentGeneration::Table)
                    .columns([ContentGeneration::Id, ContentGeneration::Value])
                    .values_panic([1.into(), 0.into()])
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(ContentGeneration::Table).to_owned()).await
    }
}
