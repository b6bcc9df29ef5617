use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum OutgoingMails {
    Table,
    Body,
    AboutTopic,
    Status,
}

/// Invitation mails kept their one-time link in the outbox after they were sent. From now on the
/// body is replaced once a mail is sent or given up on (`notification::REDACTED_BODY`, whose text
/// at the time of this migration is copied here); this does the same for those already sent or
/// given up on.
#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let redacted = "[This mail carried a one-time invitation link. The text was removed from the outbox once \
                        the mail was sent or given up on; the link is known only to the person invited.]\n";
        manager
            .exec_stmt(
                Query::update()
                    .table(OutgoingMails::Table)
                    .value(OutgoingMails::Body, redacted)
                    .and_where(Expr::col(OutgoingMails::AboutTopic).eq("invitation"))
                    .and_where(Expr::col(OutgoingMails::Status).is_in(["sent", "failed"]))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, _manager: &SchemaManager) -> Result<(), DbErr> {
        // The links are gone for good: nothing to restore.
        Ok(())
    }
}
