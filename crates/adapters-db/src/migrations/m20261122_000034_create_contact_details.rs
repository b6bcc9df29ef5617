use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{integer, string_len, text, timestamp_with_time_zone};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ContactDetails {
    Table,
    Id,
    Email,
    Phone,
    Address,
    GoogleMapsUrl,
    SocialMedia,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(ContactDetails::Table)
                    .if_not_exists()
                    .col(integer(ContactDetails::Id).primary_key())
                    .col(string_len(ContactDetails::Email, 254))
                    .col(string_len(ContactDetails::Phone, 50))
                    .col(text(ContactDetails::Address))
                    .col(text(ContactDetails::GoogleMapsUrl))
                    .col(text(ContactDetails::SocialMedia))
                    .col(timestamp_with_time_zone(ContactDetails::UpdatedAt))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(ContactDetails::Table).to_owned()).await
    }
}
