use std::collections::HashSet;

use atelier_adapters_db::SeaOrmStore;
use atelier_application::notifications::ports::OutboxRepository;
use atelier_domain::EntityId;
use atelier_domain::notification::{About, AttemptOutcome, MailStatus, Notice, OutgoingMail, SendFailure, Topic};
use chrono::{DateTime, Duration, DurationRound, TimeDelta, Utc};

use crate::helpers::on_every_database;

fn t0() -> DateTime<Utc> {
    // Databases keep microseconds; truncate so a round trip compares equal.
    Utc::now().duration_trunc(TimeDelta::microseconds(1)).unwrap()
}

fn mail(topic: Topic, queued_at: DateTime<Utc>) -> OutgoingMail {
    let about = About { topic, id: EntityId::generate(queued_at) };
    let notice = Notice {
        about,
        reply_to: "ana@example.com".into(),
        subject: "New message from Ana: Café — 你好".into(),
        body: "Ana <ana@example.com> sent a message.\n\nÜber café 🚀\r\n.\r\nSecond paragraph.\n".into(),
    };
    OutgoingMail::queued(EntityId::generate(queued_at), "team@studio.example", notice, queued_at)
}

async fn stored(store: &SeaOrmStore, mail: &OutgoingMail) -> OutgoingMail {
    let mut found = store.mails_about(mail.about).await.unwrap();
    assert_eq!(found.len(), 1);
    found.remove(0)
}

#[tokio::test]
async fn a_queued_mail_and_its_attempts_read_back_identical() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let now = t0();
        let mut original = mail(Topic::ProjectRequest, now);
        store.enqueue_mail(&original).await.unwrap();
        assert_eq!(stored(&store, &original).await, original, "{db}");

        let failure = SendFailure { error: "connection refused".into(), permanent: false };
        let first = original.record_attempt(EntityId::generate(now), Err(failure), now);
        store.record_mail_attempt(&original, &first).await.unwrap();
        let later = now + Duration::minutes(1);
        let second = original.record_attempt(EntityId::generate(later), Ok(()), later);
        store.record_mail_attempt(&original, &second).await.unwrap();

        let after = stored(&store, &original).await;
        assert_eq!(after, original, "{db}");
        assert_eq!((after.status, after.attempts, after.sent_at), (MailStatus::Sent, 2, Some(later)), "{db}");
        let attempts = store.mail_attempts(original.id).await.unwrap();
        assert_eq!(attempts, [first, second], "{db}");
        assert_eq!(attempts[0].outcome, AttemptOutcome::Failed, "{db}");
        assert!(store.mail_attempts(EntityId::generate(now)).await.unwrap().is_empty(), "{db}");
        let other = About { topic: Topic::ContactMessage, id: original.about.id };
        assert!(store.mails_about(other).await.unwrap().is_empty(), "{db}: the topic is part of what a mail is about");
    })
    .await;
}

#[tokio::test]
async fn claims_take_due_pending_mails_soonest_first_and_hold_them_for_the_lease() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let now = t0();
        let lease = now + Duration::minutes(5);
        let second = mail(Topic::ContactMessage, now - Duration::minutes(1));
        let first = mail(Topic::ContactMessage, now - Duration::minutes(2));
        let future = mail(Topic::ContactMessage, now + Duration::seconds(1));
        let mut sent = mail(Topic::ContactMessage, now - Duration::minutes(3));
        for queued in [&second, &first, &future] {
            store.enqueue_mail(queued).await.unwrap();
        }
        store.enqueue_mail(&sent).await.unwrap();
        let attempt = sent.record_attempt(EntityId::generate(now), Ok(()), now);
        store.record_mail_attempt(&sent, &attempt).await.unwrap();

        let claimed = store.claim_due_mail(now, lease).await.unwrap().expect("a due mail");
        assert_eq!((claimed.id, claimed.next_attempt_at), (first.id, lease), "{db}");
        assert_eq!(stored(&store, &first).await.next_attempt_at, lease, "{db}: the lease is stored");
        assert_eq!(store.claim_due_mail(now, lease).await.unwrap().map(|mail| mail.id), Some(second.id), "{db}");
        assert_eq!(store.claim_due_mail(now, lease).await.unwrap(), None, "{db}: sent and future mails stay");

        let mut reclaimed = Vec::new();
        while let Some(mail) = store.claim_due_mail(lease, lease + Duration::minutes(5)).await.unwrap() {
            reclaimed.push(mail.id);
        }
        assert_eq!(
            reclaimed,
            [future.id, first.id, second.id],
            "{db}: unfinished claims are taken again after the lease"
        );
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn racing_senders_never_claim_the_same_mail_twice() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let now = t0();
        let mut queued = HashSet::new();
        for second in 0..24 {
            let mail = mail(Topic::ContactMessage, now - Duration::seconds(second));
            store.enqueue_mail(&mail).await.unwrap();
            queued.insert(mail.id);
        }
        let senders: Vec<_> = (0..6)
            .map(|_| {
                let store = store.clone();
                tokio::spawn(async move {
                    let mut claimed = Vec::new();
                    while let Some(mail) = store.claim_due_mail(now, now + Duration::minutes(5)).await.unwrap() {
                        claimed.push(mail.id);
                    }
                    claimed
                })
            })
            .collect();
        let mut claimed = Vec::new();
        for sender in senders {
            claimed.extend(sender.await.unwrap());
        }
        assert_eq!(claimed.len(), queued.len(), "{db}: every mail claimed exactly once");
        assert_eq!(claimed.into_iter().collect::<HashSet<_>>(), queued, "{db}");
    })
    .await;
}

#[tokio::test]
async fn a_sent_invitation_mail_is_stored_without_its_link() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let now = t0();
        let mut original = mail(Topic::Invitation, now);
        original.body = "Open this link: /admin/accept-invite#0123456789abcdef\n".into();
        store.enqueue_mail(&original).await.unwrap();
        let attempt = original.record_attempt(EntityId::generate(now), Ok(()), now);
        store.record_mail_attempt(&original, &attempt).await.unwrap();
        let after = stored(&store, &original).await;
        assert_eq!(after.body, atelier_domain::notification::REDACTED_BODY, "{db}");
        assert_eq!(after.subject, original.subject, "{db}");
    })
    .await;
}
