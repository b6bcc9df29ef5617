//! Email notifications to the agency for every new contact message and project request.
//!
//! A visitor's submission only queues its notice in the outbox (a row in the store, so a restart
//! loses nothing); [`MailDelivery`], run in the background, claims due mails, sends them, records
//! each attempt and retries failures with backoff. Nothing here can delay or fail a submission: a
//! fault while queueing is logged and the submission stands.

#[cfg(test)]
pub(crate) mod fake;
pub mod ports;

use std::sync::Arc;

use atelier_domain::EntityId;
use atelier_domain::notification::{AttemptOutcome, MailStatus, Notice, OutgoingMail};
use chrono::Duration;

use self::ports::{Mailer, OutboxRepository};
use crate::ports::Clock;
use crate::settings::ports::SettingsRepository;

/// How long a claimed mail is left to its sender before another may claim it: far longer than one
/// attempt may take.
pub const LEASE: Duration = Duration::minutes(5);

/// The most mails one delivery pass sends, so a long queue cannot hold a sender forever.
pub const MAX_PER_PASS: u32 = 50;

/// Whether new submissions are notified, and how.
#[derive(Clone, Default)]
pub struct Notifications {
    enabled: bool,
    public_url: Option<String>,
    on_queued: Option<Arc<dyn Fn() + Send + Sync>>,
}

impl std::fmt::Debug for Notifications {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Notifications")
            .field("enabled", &self.enabled)
            .field("public_url", &self.public_url)
            .finish_non_exhaustive()
    }
}

impl Notifications {
    /// Nothing is queued: no mail server is configured.
    pub fn off() -> Self {
        Self::default()
    }

    /// Notices are queued; their links start with the site's public address when it is known
    /// (`https://studio.example`), else they are paths from the site's root.
    pub fn on(public_url: Option<String>) -> Self {
        Self { enabled: true, public_url: public_url.filter(|url| !url.trim().is_empty()), on_queued: None }
    }

    /// Calls `wake` after each mail queued, so a sender waiting for work can start at once.
    #[must_use]
    pub fn waking(mut self, wake: impl Fn() + Send + Sync + 'static) -> Self {
        self.on_queued = Some(Arc::new(wake));
        self
    }

    pub fn is_on(&self) -> bool {
        self.enabled
    }

    /// The site's public address, when known.
    pub fn public_url(&self) -> Option<&str> {
        self.public_url.as_deref()
    }
}

/// Queues a mail to `recipient` (not the agency) when notifications are on; answers whether it did.
///
/// # Errors
/// Only infrastructure faults.
pub(crate) async fn queue_mail_to<S: OutboxRepository>(
    store: &S,
    clock: &impl Clock,
    notifications: &Notifications,
    recipient: &str,
    notice: Notice,
) -> anyhow::Result<bool> {
    if !notifications.enabled {
        return Ok(false);
    }
    let mail = OutgoingMail::queued(clock.new_id(), recipient, notice, clock.now());
    store.enqueue_mail(&mail).await?;
    if let Some(wake) = &notifications.on_queued {
        wake();
    }
    Ok(true)
}

/// Queues the notice of a new submission for the agency (the settings' contact email), when
/// notifications are on and the settings name an address. Never fails: a fault is logged.
pub(crate) async fn queue_notice<S>(
    store: &S,
    clock: &impl Clock,
    notifications: &Notifications,
    notice: impl FnOnce(Option<&str>) -> Notice,
) where
    S: SettingsRepository + OutboxRepository,
{
    if !notifications.enabled {
        return;
    }
    let notice = notice(notifications.public_url.as_deref());
    let about = notice.about;
    match try_queue(store, clock, notice).await {
        Ok(Some(mail_id)) => {
            tracing::debug!(mail = %mail_id, topic = about.topic.as_str(), id = %about.id, "notification queued");
            if let Some(wake) = &notifications.on_queued {
                wake();
            }
        }
        Ok(None) => tracing::warn!(
            topic = about.topic.as_str(),
            id = %about.id,
            "new submission not notified: the site settings have no contact email"
        ),
        Err(error) => tracing::error!(
            topic = about.topic.as_str(),
            id = %about.id,
            error = %format!("{error:#}"),
            "failed to queue the notification of a new submission; the submission is stored"
        ),
    }
}

async fn try_queue<S>(store: &S, clock: &impl Clock, notice: Notice) -> anyhow::Result<Option<EntityId>>
where
    S: SettingsRepository + OutboxRepository,
{
    let Some(settings) = store.load_settings().await? else { return Ok(None) };
    let recipient = settings.contact_email.trim();
    if recipient.is_empty() {
        return Ok(None);
    }
    let mail = OutgoingMail::queued(clock.new_id(), recipient, notice, clock.now());
    store.enqueue_mail(&mail).await?;
    Ok(Some(mail.id))
}

/// What one delivery pass did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DeliveryReport {
    pub sent: u32,
    /// Failed attempts that will be tried again.
    pub retrying: u32,
    /// Mails given up on.
    pub failed: u32,
    /// The pass stopped at [`MAX_PER_PASS`] with mails possibly still due.
    pub more_due: bool,
}

/// Sends the outbox's due mails.
#[derive(Debug, Clone)]
pub struct MailDelivery<S, M, C> {
    store: S,
    mailer: M,
    clock: C,
}

impl<S: OutboxRepository, M: Mailer, C: Clock> MailDelivery<S, M, C> {
    pub fn new(store: S, mailer: M, clock: C) -> Self {
        Self { store, mailer, clock }
    }

    /// Claims the mails due now one at a time, sends each and records the attempt, until
    /// none is due or [`MAX_PER_PASS`] were tried. A failed attempt is rescheduled with backoff, or
    /// given up on after the last one.
    ///
    /// # Errors
    /// When the outbox cannot be read or written; mails tried so far keep their recorded attempts.
    pub async fn deliver_due(&self) -> anyhow::Result<DeliveryReport> {
        let mut report = DeliveryReport::default();
        for _ in 0..MAX_PER_PASS {
            let now = self.clock.now();
            let Some(mut mail) = self.store.claim_due_mail(now, now + LEASE).await? else {
                return Ok(report);
            };
            let result = self.mailer.send(&mail).await;
            let attempt = mail.record_attempt(self.clock.new_id(), result, self.clock.now());
            self.store.record_mail_attempt(&mail, &attempt).await?;
            match (attempt.outcome, mail.status) {
                (AttemptOutcome::Sent, _) => {
                    report.sent += 1;
                    tracing::info!(mail = %mail.id, attempts = mail.attempts, "notification sent");
                }
                (AttemptOutcome::Failed, MailStatus::Failed) => {
                    report.failed += 1;
                    tracing::error!(
                        mail = %mail.id,
                        attempts = mail.attempts,
                        error = %attempt.error,
                        "notification not sent; giving up"
                    );
                }
                (AttemptOutcome::Failed, _) => {
                    report.retrying += 1;
                    tracing::warn!(
                        mail = %mail.id,
                        attempts = mail.attempts,
                        error = %attempt.error,
                        next_attempt = %mail.next_attempt_at,
                        "notification not sent; will retry"
                    );
                }
            }
        }
        report.more_due = true;
        Ok(report)
    }
}

#[cfg(test)]
mod tests {
    use super::fake::{FakeMailer, OutboxOutage};
    use super::*;
    use crate::fake::{FakeClock, InMemoryStore};
    use crate::settings::ports::SettingsRepository;
    use atelier_domain::notification::{About, MAX_ATTEMPTS, Topic};
    use atelier_domain::settings::Settings;
    use chrono::{DateTime, TimeZone, Utc};

    fn t0() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 3, 1, 9, 0, 0).unwrap()
    }

    async fn store_with_contact_email(email: &str) -> InMemoryStore {
        let store = InMemoryStore::default();
        let mut settings = Settings::initial(t0());
        settings.contact_email = email.into();
        store.save_settings(&mut settings).await.unwrap();
        store
    }

    fn notice(id: EntityId) -> Notice {
        let about = About { topic: Topic::ContactMessage, id };
        Notice { about, reply_to: "ana@example.com".into(), subject: "Hi".into(), body: "Hello".into() }
    }

    async fn queue(store: &InMemoryStore, at: DateTime<Utc>) -> OutgoingMail {
        let id = EntityId::generate(at);
        let mail = OutgoingMail::queued(id, "team@studio.example", notice(id), at);
        store.enqueue_mail(&mail).await.unwrap();
        mail
    }

    async fn only_mail_about(store: &InMemoryStore, id: EntityId) -> OutgoingMail {
        let mut mails = store.mails_about(About { topic: Topic::ContactMessage, id }).await.unwrap();
        assert_eq!(mails.len(), 1);
        mails.remove(0)
    }

    #[tokio::test]
    async fn a_notice_is_queued_for_the_settings_contact_email_and_wakes_the_sender() {
        let store = store_with_contact_email("team@studio.example").await;
        let woken = Arc::new(std::sync::atomic::AtomicU32::new(0));
        let counter = woken.clone();
        let notifications = Notifications::on(Some("https://studio.example".into()))
            .waking(move || _ = counter.fetch_add(1, std::sync::atomic::Ordering::SeqCst));
        let id = EntityId::generate(t0());
        queue_notice(&store, &FakeClock::at(t0()), &notifications, |url| {
            assert_eq!(url, Some("https://studio.example"));
            notice(id)
        })
        .await;
        let mail = only_mail_about(&store, id).await;
        assert_eq!((mail.recipient.as_str(), mail.subject.as_str()), ("team@studio.example", "Hi"));
        assert_eq!((mail.status, mail.attempts), (MailStatus::Pending, 0));
        assert_eq!(woken.load(std::sync::atomic::Ordering::SeqCst), 1);
    }

    #[tokio::test]
    async fn nothing_is_queued_without_a_contact_email_or_with_notifications_off() {
        let id = EntityId::generate(t0());
        for store in [InMemoryStore::default(), store_with_contact_email("").await] {
            queue_notice(&store, &FakeClock::at(t0()), &Notifications::on(None), |_| notice(id)).await;
            assert!(store.mails_about(notice(id).about).await.unwrap().is_empty());
        }
        let store = store_with_contact_email("team@studio.example").await;
        queue_notice(&store, &FakeClock::at(t0()), &Notifications::off(), |_| panic!("no notice is written when off"))
            .await;
        assert!(store.mails_about(notice(id).about).await.unwrap().is_empty());
    }

    #[tokio::test]
    async fn due_mails_are_sent_and_their_attempts_recorded() {
        let store = InMemoryStore::default();
        let first = queue(&store, t0()).await;
        let second = queue(&store, t0() + Duration::seconds(1)).await;
        let later = queue(&store, t0() + Duration::minutes(10)).await;
        let mailer = FakeMailer::default();
        let clock = FakeClock::at(t0());
        let delivery = MailDelivery::new(store.clone(), mailer.clone(), clock.clone());

        clock.set(t0() + Duration::minutes(1));
        let report = delivery.deliver_due().await.unwrap();
        assert_eq!(report, DeliveryReport { sent: 2, ..DeliveryReport::default() });
        assert_eq!(mailer.sent_ids(), [first.id, second.id], "due soonest first; the later mail waits");
        let sent = only_mail_about(&store, first.id).await;
        assert_eq!(
            (sent.status, sent.attempts, sent.sent_at),
            (MailStatus::Sent, 1, Some(t0() + Duration::minutes(1)))
        );
        let attempts = store.mail_attempts(first.id).await.unwrap();
        assert_eq!(attempts.len(), 1);
        assert_eq!((attempts[0].outcome, attempts[0].error.as_str()), (AttemptOutcome::Sent, ""));
        assert_eq!(only_mail_about(&store, later.id).await.status, MailStatus::Pending);

        clock.set(t0() + Duration::minutes(2));
        let again = delivery.deliver_due().await.unwrap();
        assert_eq!(again, DeliveryReport::default(), "a sent mail is never sent again");
    }

    #[tokio::test]
    async fn a_failure_is_recorded_and_retried_after_the_backoff_until_given_up() {
        let store = InMemoryStore::default();
        let mail = queue(&store, t0()).await;
        let mailer = FakeMailer::default();
        mailer.fail_with("connection refused", false);
        let clock = FakeClock::at(t0());
        let delivery = MailDelivery::new(store.clone(), mailer.clone(), clock.clone());

        let report = delivery.deliver_due().await.unwrap();
        assert_eq!((report.retrying, report.sent, report.failed), (1, 0, 0));
        let stored = only_mail_about(&store, mail.id).await;
        assert_eq!((stored.status, stored.attempts), (MailStatus::Pending, 1));
        assert_eq!(stored.next_attempt_at, t0() + Duration::minutes(1));
        assert_eq!(stored.last_error, "connection refused");

        clock.set(t0() + Duration::seconds(59));
        let early = delivery.deliver_due().await.unwrap();
        assert_eq!(early, DeliveryReport::default(), "not due before the backoff ends");

        let mut at = t0() + Duration::minutes(1);
        for _ in 1..MAX_ATTEMPTS {
            clock.set(at);
            delivery.deliver_due().await.unwrap();
            at = only_mail_about(&store, mail.id).await.next_attempt_at;
        }
        let given_up = only_mail_about(&store, mail.id).await;
        assert_eq!((given_up.status, given_up.attempts), (MailStatus::Failed, MAX_ATTEMPTS));
        let attempts = store.mail_attempts(mail.id).await.unwrap();
        assert_eq!(attempts.len(), MAX_ATTEMPTS as usize);
        assert!(attempts.iter().all(|attempt| attempt.outcome == AttemptOutcome::Failed));
        assert_eq!(mailer.attempts(), MAX_ATTEMPTS as usize);

        mailer.succeed();
        clock.set(t0() + Duration::days(30));
        let report = delivery.deliver_due().await.unwrap();
        assert_eq!(report, DeliveryReport::default(), "a failed mail is never tried again");
    }

    #[tokio::test]
    async fn a_permanent_refusal_gives_up_at_once() {
        let store = InMemoryStore::default();
        let mail = queue(&store, t0()).await;
        let mailer = FakeMailer::default();
        mailer.fail_with("550 no such user", true);
        let report = MailDelivery::new(store.clone(), mailer, FakeClock::at(t0())).deliver_due().await.unwrap();
        assert_eq!(report.failed, 1);
        assert_eq!(only_mail_about(&store, mail.id).await.status, MailStatus::Failed);
    }

    #[tokio::test]
    async fn a_claimed_mail_is_not_claimed_again_until_its_lease_ends() {
        let store = InMemoryStore::default();
        let mail = queue(&store, t0()).await;
        let claimed = store.claim_due_mail(t0(), t0() + LEASE).await.unwrap().unwrap();
        assert_eq!((claimed.id, claimed.next_attempt_at), (mail.id, t0() + LEASE));
        assert!(store.claim_due_mail(t0() + Duration::minutes(4), t0() + LEASE).await.unwrap().is_none());
        let reclaimed = store.claim_due_mail(t0() + LEASE, t0() + LEASE * 2).await.unwrap();
        assert_eq!(reclaimed.map(|mail| mail.id), Some(mail.id), "a sender that died leaves it to another");
    }

    #[tokio::test]
    async fn a_pass_stops_after_its_limit_and_says_more_are_due() {
        let store = InMemoryStore::default();
        for second in 0..=i64::from(MAX_PER_PASS) {
            queue(&store, t0() + Duration::seconds(second)).await;
        }
        let delivery = MailDelivery::new(store, FakeMailer::default(), FakeClock::at(t0() + Duration::hours(1)));
        let report = delivery.deliver_due().await.unwrap();
        assert_eq!((report.sent, report.more_due), (MAX_PER_PASS, true));
        let rest = delivery.deliver_due().await.unwrap();
        assert_eq!((rest.sent, rest.more_due), (1, false));
    }

    #[tokio::test]
    async fn an_outbox_fault_is_an_error_of_the_pass_not_a_lost_mail() {
        let store = InMemoryStore::default();
        let mail = queue(&store, t0()).await;
        store.with(|tables| tables.private_rows_mut().push(OutboxOutage));
        let delivery = MailDelivery::new(store.clone(), FakeMailer::default(), FakeClock::at(t0()));
        assert!(delivery.deliver_due().await.is_err());
        store.with(|tables| tables.private_rows_mut::<OutboxOutage>().clear());
        assert_eq!(delivery.deliver_due().await.unwrap().sent, 1);
        assert_eq!(only_mail_about(&store, mail.id).await.status, MailStatus::Sent);
    }

    #[test]
    fn a_blank_public_address_is_no_address() {
        assert_eq!(Notifications::on(Some("  ".into())).public_url, None);
        assert!(Notifications::on(None).is_on());
        assert!(!Notifications::off().is_on());
    }
}
