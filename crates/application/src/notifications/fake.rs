//! The in-memory outbox, and a mail server that records what it is given.

use std::sync::{Arc, Mutex};

use anyhow::bail;
use atelier_domain::EntityId;
use atelier_domain::notification::{About, MailAttempt, MailStatus, OutgoingMail, SendFailure};
use chrono::{DateTime, Utc};

use super::ports::{Mailer, OutboxRepository};
use crate::fake::{InMemoryStore, Tables};

/// While a row of this is in the store, every outbox call fails, as a database outage would.
#[derive(Debug, Clone, Copy)]
pub struct OutboxOutage;

fn check(tables: &Tables) -> anyhow::Result<()> {
    if tables.rows::<OutboxOutage>().is_empty() { Ok(()) } else { bail!("the outbox is unreachable") }
}

impl OutboxRepository for InMemoryStore {
    async fn enqueue_mail(&self, mail: &OutgoingMail) -> anyhow::Result<()> {
        self.with(|tables| {
            check(tables)?;
            tables.private_rows_mut().push(mail.clone());
            Ok(())
        })
    }

    async fn claim_due_mail(
        &self,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
    ) -> anyhow::Result<Option<OutgoingMail>> {
        self.with(|tables| {
            check(tables)?;
            let due = tables
                .private_rows_mut::<OutgoingMail>()
                .iter_mut()
                .filter(|mail| mail.status == MailStatus::Pending && mail.next_attempt_at <= now)
                .min_by_key(|mail| (mail.next_attempt_at, mail.id));
            Ok(due.map(|mail| {
                mail.next_attempt_at = lease_until;
                mail.clone()
            }))
        })
    }

    async fn record_mail_attempt(&self, mail: &OutgoingMail, attempt: &MailAttempt) -> anyhow::Result<()> {
        self.with(|tables| {
            check(tables)?;
            if let Some(stored) = tables.private_rows_mut::<OutgoingMail>().iter_mut().find(|row| row.id == mail.id) {
                *stored = mail.clone();
            }
            tables.private_rows_mut().push(attempt.clone());
            Ok(())
        })
    }

    async fn mails_about(&self, about: About) -> anyhow::Result<Vec<OutgoingMail>> {
        self.with(|tables| {
            check(tables)?;
            Ok(tables.rows::<OutgoingMail>().iter().filter(|mail| mail.about == about).cloned().collect())
        })
    }

    async fn mail_attempts(&self, mail_id: EntityId) -> anyhow::Result<Vec<MailAttempt>> {
        self.with(|tables| {
            check(tables)?;
            Ok(tables.rows::<MailAttempt>().iter().filter(|attempt| attempt.mail_id == mail_id).cloned().collect())
        })
    }
}

/// A mail server that keeps what it is given and answers as told: success unless told to fail.
#[derive(Debug, Clone, Default)]
pub struct FakeMailer(Arc<Mutex<MailerState>>);

#[derive(Debug, Default)]
struct MailerState {
    failure: Option<SendFailure>,
    received: Vec<OutgoingMail>,
    attempts: usize,
}

impl FakeMailer {
    /// Every send from now on fails with this error.
    pub fn fail_with(&self, error: &str, permanent: bool) {
        self.0.lock().unwrap().failure = Some(SendFailure { error: error.into(), permanent });
    }

    /// Every send from now on succeeds.
    pub fn succeed(&self) {
        self.0.lock().unwrap().failure = None;
    }

    /// The ids of the mails accepted, in order.
    pub fn sent_ids(&self) -> Vec<EntityId> {
        self.0.lock().unwrap().received.iter().map(|mail| mail.id).collect()
    }

    /// The bodies of the mails accepted, in order.
    pub fn sent_bodies(&self) -> Vec<String> {
        self.0.lock().unwrap().received.iter().map(|mail| mail.body.clone()).collect()
    }

    /// How many sends were tried, accepted or not.
    pub fn attempts(&self) -> usize {
        self.0.lock().unwrap().attempts
    }
}

impl Mailer for FakeMailer {
    async fn send(&self, mail: &OutgoingMail) -> Result<(), SendFailure> {
        let mut state = self.0.lock().unwrap();
        state.attempts += 1;
        if let Some(failure) = &state.failure {
            return Err(failure.clone());
        }
        state.received.push(mail.clone());
        Ok(())
    }
}
