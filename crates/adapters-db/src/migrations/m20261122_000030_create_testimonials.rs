use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{boolean, char_len, double, string_len, text, timestamp_with_time_zone};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Testimonials {
    Table,
    Id,
    Name,
    Company,
    Content,
    Rating,
    Status,
    Featured,
    CreatedAt,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Testimonials::Table)
                    .if_not_exists()
                    .col(char_len(Testimonials::Id, 24).primary_key())
                    .col(string_len(Testimonials::Name, 120))
                    .col(string_len(Testimonials::Company, 120))
                    .col(text(Testimonials::Content))
                    .col(double(Testimonials::Rating))
                    .col(string_len(Testimonials::Status, 16))
                    .col(boolean(Testimonials::Featured))
                    .col(timestamp_with_time_zone(Testimonials::CreatedAt))
                    .col(timestamp_with_time_zone(Testimonials::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_testimonials_status_created")
                    .table(Testimonials::Table)
                    .col(Testimonials::Status)
                    .col(Testimonials::CreatedAt)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(Testimonials::Table).to_owned()).await
    }
}
