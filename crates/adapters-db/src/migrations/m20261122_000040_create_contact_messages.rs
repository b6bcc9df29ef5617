use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{char_len, string_len, text, timestamp_with_time_zone};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ContactMessages {
    Table,
    Id,
    Name,
    Email,
    Phone,
    Subject,
    Message,
    Status,
    Priority,
    Source,
    Tags,
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
                    .table(ContactMessages::Table)
                    .if_not_exists()
                    .col(char_len(ContactMessages::Id, 24).primary_key())
                    .col(string_len(ContactMessages::Name, 100))
                    .col(string_len(ContactMessages::Email, 254))
                    .col(string_len(ContactMessages::Phone, 40))
                    .col(string_len(ContactMessages::Subject, 200))
                    .col(text(ContactMessages::Message))
                    .col(string_len(ContactMessages::Status, 16))
                    .col(string_len(ContactMessages::Priority, 16))
                    .col(string_len(ContactMessages::Source, 16))
                    .col(text(ContactMessages::Tags))
                    .col(text(ContactMessages::Notes))
                    .col(timestamp_with_time_zone(ContactMessages::CreatedAt))
                    .col(timestamp_with_time_zone(ContactMessages::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_contact_messages_status_created")
                    .table(ContactMessages::Table)
                    .col(ContactMessages::Status)
                    .col(ContactMessages::CreatedAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_contact_messages_created")
                    .table(ContactMessages::Table)
                    .col(ContactMessages::CreatedAt)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(ContactMessages::Table).to_owned()).await
    }
}
