use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{boolean, integer, string_len, text, timestamp_with_time_zone};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Settings {
    Table,
    Id,
    SiteName,
    SiteDescription,
    ContactEmail,
    SupportEmail,
    FacebookUrl,
    TwitterUrl,
    LinkedinUrl,
    InstagramUrl,
    GithubUrl,
    ShowPrices,
    DefaultPriceDisplay,
    MaxServicesDisplay,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Settings::Table)
                    .if_not_exists()
                    .col(integer(Settings::Id).primary_key())
                    .col(string_len(Settings::SiteName, 120))
                    .col(text(Settings::SiteDescription))
                    .col(string_len(Settings::ContactEmail, 254))
                    .col(string_len(Settings::SupportEmail, 254))
                    .col(string_len(Settings::FacebookUrl, 2048))
                    .col(string_len(Settings::TwitterUrl, 2048))
                    .col(string_len(Settings::LinkedinUrl, 2048))
                    .col(string_len(Settings::InstagramUrl, 2048))
                    .col(string_len(Settings::GithubUrl, 2048))
                    .col(boolean(Settings::ShowPrices))
                    .col(string_len(Settings::DefaultPriceDisplay, 100))
                    .col(integer(Settings::MaxServicesDisplay))
                    .col(timestamp_with_time_zone(Settings::UpdatedAt))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(Settings::Table).to_owned()).await
    }
}
