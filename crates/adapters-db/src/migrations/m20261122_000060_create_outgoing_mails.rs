use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{
    char_len, integer, string_len, text, timestamp_with_time_zone, timestamp_with_time_zone_null,
};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The outbox of email notifications.
#[derive(DeriveIden)]
enum OutgoingMails {
    Table,
    Id,
    Recipient,
    ReplyTo,
    Subject,
    Body,
    AboutTopic,
    AboutId,
    Status,
    Attempts,
    NextAttemptAt,
    LastError,
    CreatedAt,
    SentAt,
}

/// Every attempt to send an outgoing mail.
#[derive(DeriveIden)]
enum MailAttempts {
    Table,
    Id,
    MailId,
    AttemptedAt,
    Outcome,
    Error,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(OutgoingMails::Table)
                    .if_not_exists()
                    .col(char_len(OutgoingMails::Id, 24).primary_key())
                    .col(string_len(OutgoingMails::Recipient, 254))
                    .col(string_len(OutgoingMails::ReplyTo, 254))
                    .col(string_len(OutgoingMails::Subject, 255))
                    .col(text(OutgoingMails::Body))
                    .col(string_len(OutgoingMails::AboutTopic, 32))
                    .col(char_len(OutgoingMails::AboutId, 24))
                    .col(string_len(OutgoingMails::Status, 16))
                    .col(integer(OutgoingMails::Attempts))
                    .col(timestamp_with_time_zone(OutgoingMails::NextAttemptAt))
                    .col(text(OutgoingMails::LastError))
                    .col(timestamp_with_time_zone(OutgoingMails::CreatedAt))
                    .col(timestamp_with_time_zone_null(OutgoingMails::SentAt))
                    .to_owned(),
            )
            .await?;
        // The sender's query: pending mails by due time.
        manager
            .create_index(
                Index::create()
                    .name("idx_outgoing_mails_status_next_attempt")
                    .table(OutgoingMails::Table)
                    .col(OutgoingMails::Status)
                    .col(OutgoingMails::NextAttemptAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_outgoing_mails_about")
                    .table(OutgoingMails::Table)
                    .col(OutgoingMails::AboutTopic)
                    .col(OutgoingMails::AboutId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(MailAttempts::Table)
                    .if_not_exists()
                    .col(char_len(MailAttempts::Id, 24).primary_key())
                    .col(char_len(MailAttempts::MailId, 24))
                    .col(timestamp_with_time_zone(MailAttempts::AttemptedAt))
                    .col(string_len(MailAttempts::Outcome, 16))
                    .col(text(MailAttempts::Error))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_mail_attempts_mail")
                            .from(MailAttempts::Table, MailAttempts::MailId)
                            .to(OutgoingMails::Table, OutgoingMails::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_mail_attempts_mail")
                    .table(MailAttempts::Table)
                    .col(MailAttempts::MailId)
                    .col(MailAttempts::AttemptedAt)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(MailAttempts::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(OutgoingMails::Table).to_owned()).await
    }
}
