use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{boolean, char_len, double_null, integer, string_len, text, timestamp_with_time_zone};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Services {
    Table,
    Id,
    Title,
    Description,
    ShortDescription,
    Icon,
    Features,
    Price,
    PriceDisplay,
    ShowPrice,
    Status,
    Featured,
    DisplayOrder,
    CreatedAt,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Services::Table)
                    .if_not_exists()
                    .col(char_len(Services::Id, 24).primary_key())
                    .col(string_len(Services::Title, 200))
                    .col(text(Services::Description))
                    .col(text(Services::ShortDescription))
                    .col(string_len(Services::Icon, 32))
                    .col(text(Services::Features))
                    .col(double_null(Services::Price))
                    .col(string_len(Services::PriceDisplay, 100))
                    .col(boolean(Services::ShowPrice))
                    .col(string_len(Services::Status, 16))
                    .col(boolean(Services::Featured))
                    .col(integer(Services::DisplayOrder))
                    .col(timestamp_with_time_zone(Services::CreatedAt))
                    .col(timestamp_with_time_zone(Services::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_services_status_order")
                    .table(Services::Table)
                    .col(Services::Status)
                    .col(Services::DisplayOrder)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(Services::Table).to_owned()).await
    }
}
