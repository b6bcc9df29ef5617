//! The outbox of email notifications in the `outgoing_mails` table, and each attempt to send one in
//! `mail_attempts`.

use anyhow::Context;
use atelier_application::notifications::ports::OutboxRepository;
use atelier_domain::EntityId;
use atelier_domain::notification::{About, AttemptOutcome, MailAttempt, MailStatus, OutgoingMail, Topic};
use chrono::{DateTime, Utc};
use sea_orm::{ActiveValue::Set, ColumnTrait, Condition, EntityTrait, QueryFilter, QueryOrder, TransactionTrait};

use crate::entities::{mail_attempt, outgoing_mail};
use crate::queue::Queue;
use crate::store::{SeaOrmStore, stored};

impl OutboxRepository for SeaOrmStore {
    async fn enqueue_mail(&self, mail: &OutgoingMail) -> anyhow::Result<()> {
        outgoing_mail::Entity::insert(mail_to_row(mail)?)
            .exec_without_returning(&self.db)
            .await
            .context("failed to queue a mail")?;
        Ok(())
    }

    async fn claim_due_mail(
        &self,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
    ) -> anyhow::Result<Option<OutgoingMail>> {
        use outgoing_mail::{Column, Entity};
        let queue = Queue::<Entity> {
            id: Column::Id,
            status: Column::Status,
            next_attempt_at: Column::NextAttemptAt,
            pending: MailStatus::Pending.as_str(),
            rows: "mails",
        };
        let row = queue.claim_due(&self.db, Condition::all(), now, lease_until).await?;
        row.map(mail_from_row).transpose()
    }

    async fn record_mail_attempt(&self, mail: &OutgoingMail, attempt: &MailAttempt) -> anyhow::Result<()> {
        let transaction = self.db.begin().await.context("failed to begin a transaction")?;
        let mut row = mail_to_row(mail)?;
        row.id = sea_orm::ActiveValue::Unchanged(mail.id.to_string());
        outgoing_mail::Entity::update_many()
            .set(row)
            .filter(outgoing_mail::Column::Id.eq(mail.id.to_string()))
            .exec(&transaction)
            .await
            .context("failed to update a mail after an attempt")?;
        let attempt_row = mail_attempt::ActiveModel {
            id: Set(attempt.id.to_string()),
            mail_id: Set(attempt.mail_id.to_string()),
            attempted_at: Set(attempt.attempted_at),
            outcome: Set(attempt.outcome.as_str().to_owned()),
            error: Set(attempt.error.clone()),
        };
        mail_attempt::Entity::insert(attempt_row)
            .exec_without_returning(&transaction)
            .await
            .context("failed to record a mail attempt")?;
        transaction.commit().await.context("failed to commit a mail attempt")
    }

    async fn mails_about(&self, about: About) -> anyhow::Result<Vec<OutgoingMail>> {
        use outgoing_mail::{Column, Entity};
        let rows = Entity::find()
            .filter(Column::AboutTopic.eq(about.topic.as_str()))
            .filter(Column::AboutId.eq(about.id.to_string()))
            .order_by_asc(Column::CreatedAt)
            .order_by_asc(Column::Id)
            .all(&self.db)
            .await
            .context("failed to read mails")?;
        rows.into_iter().map(mail_from_row).collect()
    }

    async fn mail_attempts(&self, mail_id: EntityId) -> anyhow::Result<Vec<MailAttempt>> {
        use mail_attempt::{Column, Entity};
        let rows = Entity::find()
            .filter(Column::MailId.eq(mail_id.to_string()))
            .order_by_asc(Column::AttemptedAt)
            .order_by_asc(Column::Id)
            .all(&self.db)
            .await
            .context("failed to read mail attempts")?;
        rows.into_iter()
            .map(|row| {
                Ok(MailAttempt {
                    id: stored("mail_attempts.id", EntityId::parse(&row.id))?,
                    mail_id: stored("mail_attempts.mail_id", EntityId::parse(&row.mail_id))?,
                    attempted_at: row.attempted_at,
                    outcome: stored("mail_attempts.outcome", AttemptOutcome::parse(&row.outcome))?,
                    error: row.error,
                })
            })
            .collect()
    }
}

fn mail_to_row(mail: &OutgoingMail) -> anyhow::Result<outgoing_mail::ActiveModel> {
    Ok(outgoing_mail::ActiveModel {
        id: Set(mail.id.to_string()),
        recipient: Set(mail.recipient.clone()),
        reply_to: Set(mail.reply_to.clone()),
        subject: Set(mail.subject.clone()),
        body: Set(mail.body.clone()),
        about_topic: Set(mail.about.topic.as_str().to_owned()),
        about_id: Set(mail.about.id.to_string()),
        status: Set(mail.status.as_str().to_owned()),
        attempts: Set(i32::try_from(mail.attempts).context("mail attempts out of range")?),
        next_attempt_at: Set(mail.next_attempt_at),
        last_error: Set(mail.last_error.clone()),
        created_at: Set(mail.created_at),
        sent_at: Set(mail.sent_at),
    })
}

fn mail_from_row(row: outgoing_mail::Model) -> anyhow::Result<OutgoingMail> {
    Ok(OutgoingMail {
        id: stored("outgoing_mails.id", EntityId::parse(&row.id))?,
        recipient: row.recipient,
        reply_to: row.reply_to,
        subject: row.subject,
        body: row.body,
        about: About {
            topic: stored("outgoing_mails.about_topic", Topic::parse(&row.about_topic))?,
            id: stored("outgoing_mails.about_id", EntityId::parse(&row.about_id))?,
        },
        status: stored("outgoing_mails.status", MailStatus::parse(&row.status))?,
        attempts: stored("outgoing_mails.attempts", u32::try_from(row.attempts))?,
        next_attempt_at: row.next_attempt_at,
        last_error: row.last_error,
        created_at: row.created_at,
        sent_at: row.sent_at,
    })
}
