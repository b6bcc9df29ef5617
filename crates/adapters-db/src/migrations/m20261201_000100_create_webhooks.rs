use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{
    big_integer, blob, boolean, char_len, integer, integer_null, string, string_len, string_null, text,
    timestamp_with_time_zone, timestamp_with_time_zone_null,
};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// Webhooks: the endpoints an administrator registers (editable records with a version), the
/// deliveries queued for them in the transaction of the change they announce, and each attempt to
/// send one. An endpoint's deliveries and their attempts go with it.
#[derive(DeriveIden)]
enum WebhookEndpoints {
    Table,
    Id,
    Url,
    Description,
    /// The event names it subscribes to, comma-separated.
    Events,
    Active,
    SealedSecret,
    FailingSince,
    DisabledAt,
    CreatedAt,
    UpdatedAt,
    Version,
    CreatedById,
    CreatedByName,
    UpdatedById,
    UpdatedByName,
}

#[derive(DeriveIden)]
enum WebhookDeliveries {
    Table,
    Id,
    EndpointId,
    EventType,
    Subject,
    Payload,
    Status,
    Attempts,
    NextAttemptAt,
    LastStatus,
    CreatedAt,
    DeliveredAt,
}

#[derive(DeriveIden)]
enum WebhookAttempts {
    Table,
    Id,
    DeliveryId,
    AttemptedAt,
    Status,
    Excerpt,
    Error,
    DurationMs,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(WebhookEndpoints::Table)
                    .if_not_exists()
                    .col(char_len(WebhookEndpoints::Id, 24).primary_key())
                    .col(string_len(WebhookEndpoints::Url, 2048))
                    .col(text(WebhookEndpoints::Description))
                    .col(text(WebhookEndpoints::Events))
                    .col(boolean(WebhookEndpoints::Active))
                    .col(blob(WebhookEndpoints::SealedSecret))
                    .col(timestamp_with_time_zone_null(WebhookEndpoints::FailingSince))
                    .col(timestamp_with_time_zone_null(WebhookEndpoints::DisabledAt))
                    .col(timestamp_with_time_zone(WebhookEndpoints::CreatedAt))
                    .col(timestamp_with_time_zone(WebhookEndpoints::UpdatedAt))
                    .col(big_integer(WebhookEndpoints::Version).default(1))
                    .col(string_null(WebhookEndpoints::CreatedById))
                    .col(string_null(WebhookEndpoints::CreatedByName))
                    .col(string_null(WebhookEndpoints::UpdatedById))
                    .col(string_null(WebhookEndpoints::UpdatedByName))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(WebhookDeliveries::Table)
                    .if_not_exists()
                    .col(char_len(WebhookDeliveries::Id, 24).primary_key())
                    .col(char_len(WebhookDeliveries::EndpointId, 24))
                    .col(string_len(WebhookDeliveries::EventType, 64))
                    .col(string(WebhookDeliveries::Subject))
                    .col(text(WebhookDeliveries::Payload))
                    .col(string_len(WebhookDeliveries::Status, 16))
                    .col(integer(WebhookDeliveries::Attempts))
                    .col(timestamp_with_time_zone(WebhookDeliveries::NextAttemptAt))
                    .col(integer_null(WebhookDeliveries::LastStatus))
                    .col(timestamp_with_time_zone(WebhookDeliveries::CreatedAt))
                    .col(timestamp_with_time_zone_null(WebhookDeliveries::DeliveredAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_webhook_deliveries_endpoint")
                            .from(WebhookDeliveries::Table, WebhookDeliveries::EndpointId)
                            .to(WebhookEndpoints::Table, WebhookEndpoints::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        // The worker's claim: pending deliveries by due time.
        manager
            .create_index(
                Index::create()
                    .name("idx_webhook_deliveries_due")
                    .table(WebhookDeliveries::Table)
                    .col(WebhookDeliveries::Status)
                    .col(WebhookDeliveries::NextAttemptAt)
                    .to_owned(),
            )
            .await?;
        // An endpoint's latest deliveries.
        manager
            .create_index(
                Index::create()
                    .name("idx_webhook_deliveries_endpoint")
                    .table(WebhookDeliveries::Table)
                    .col(WebhookDeliveries::EndpointId)
                    .col(WebhookDeliveries::CreatedAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(WebhookAttempts::Table)
                    .if_not_exists()
                    .col(char_len(WebhookAttempts::Id, 24).primary_key())
                    .col(char_len(WebhookAttempts::DeliveryId, 24))
                    .col(timestamp_with_time_zone(WebhookAttempts::AttemptedAt))
                    .col(integer_null(WebhookAttempts::Status))
                    .col(text(WebhookAttempts::Excerpt))
                    .col(text(WebhookAttempts::Error))
                    .col(big_integer(WebhookAttempts::DurationMs))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_webhook_attempts_delivery")
                            .from(WebhookAttempts::Table, WebhookAttempts::DeliveryId)
                            .to(WebhookDeliveries::Table, WebhookDeliveries::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_webhook_attempts_delivery")
                    .table(WebhookAttempts::Table)
                    .col(WebhookAttempts::DeliveryId)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(WebhookAttempts::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(WebhookDeliveries::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(WebhookEndpoints::Table).to_owned()).await
    }
}
