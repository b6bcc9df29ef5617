//! What email notifications need from the outside world: an outbox that survives restarts, and a
//! mail server.

use std::future::Future;

use atelier_domain::EntityId;
use atelier_domain::notification::{About, MailAttempt, OutgoingMail, SendFailure};
use chrono::{DateTime, Utc};

/// The outbox: mails waiting to be sent, and the record of every attempt.
pub trait OutboxRepository: Send + Sync + 'static {
    /// Stores a new mail.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn enqueue_mail(&self, mail: &OutgoingMail) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// Claims the pending mail due soonest among those due at `now`, if any: in one atomic step its
    /// next attempt moves to `lease_until`, so no other sender (another instance on the same database)
    /// claims it until then. Answers it as claimed. A sender that dies while holding a mail leaves it
    /// to be claimed again once the lease ends.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn claim_due_mail(
        &self,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
    ) -> impl Future<Output = anyhow::Result<Option<OutgoingMail>>> + Send;

    /// Stores the mail as it stands after an attempt, and the attempt, together.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn record_mail_attempt(
        &self,
        mail: &OutgoingMail,
        attempt: &MailAttempt,
    ) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// The mails about one record, oldest first.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn mails_about(&self, about: About) -> impl Future<Output = anyhow::Result<Vec<OutgoingMail>>> + Send;

    /// The attempts made to send one mail, oldest first.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn mail_attempts(&self, mail_id: EntityId) -> impl Future<Output = anyhow::Result<Vec<MailAttempt>>> + Send;
}

/// Sends one mail through a mail server.
pub trait Mailer: Send + Sync + 'static {
    /// # Errors
    /// Why the server could not be reached or refused the mail, and whether that is for good.
    fn send(&self, mail: &OutgoingMail) -> impl Future<Output = Result<(), SendFailure>> + Send;
}
