//! Spam in storage: the used proof-of-work answers (one per challenge, on every instance), the
//! `spam` flag kept out of the lists and counts, and the purge.

use atelier_adapters_db::SeaOrmStore;
use atelier_application::contacts::ports::{ContactFilter, ContactRepository};
use atelier_application::project_requests::ports::{ProjectRequestFilter, ProjectRequestRepository};
use atelier_application::records::RecordRepository;
use atelier_application::spam::ports::{SpamRepository, UsedChallengeRepository};
use atelier_domain::contact::{ContactChanges, ContactInput, ContactMessage};
use atelier_domain::project_request::{ProjectRequest, ProjectRequestChanges, ProjectRequestInput};
use atelier_domain::proof_of_work::Redeemable;
use atelier_domain::{EntityId, PageRequest};
use chrono::{DateTime, Duration, DurationRound, TimeDelta, Utc};

use crate::helpers::{find, on_every_database};

fn now() -> DateTime<Utc> {
    Utc::now().duration_trunc(TimeDelta::microseconds(1)).unwrap()
}

fn redeemable(tag: char, expires_at: DateTime<Utc>) -> Redeemable {
    Redeemable { challenge: tag.to_string().repeat(64), expires_at }
}

fn contact(name: &str, spam: bool, created: DateTime<Utc>) -> ContactMessage {
    let input = ContactInput {
        name: Some(name.into()),
        email: Some("ana@example.com".into()),
        subject: Some("Hello".into()),
        message: Some("Hi".into()),
        spam: Some(spam),
        ..ContactInput::default()
    };
    ContactMessage::create(EntityId::generate(created), ContactChanges::parse(input, true).unwrap(), created)
}

fn request(client: &str, spam: bool, created: DateTime<Utc>) -> ProjectRequest {
    let input = ProjectRequestInput {
        client_name: Some(client.into()),
        company_name: Some("Acme".into()),
        email: Some("ana@example.com".into()),
        project_type: Some("web-app".into()),
        budget: Some("10k-25k".into()),
        timeline: Some("1-3-months".into()),
        description: Some("A shop".into()),
        spam: Some(spam),
        ..ProjectRequestInput::default()
    };
    ProjectRequest::create(EntityId::generate(created), ProjectRequestChanges::parse(input, true).unwrap(), created)
}

fn all() -> PageRequest {
    PageRequest::clamped(None, Some(1000), 1000, 1000)
}

#[tokio::test]
async fn an_answer_is_redeemed_once_even_when_many_try_at_once() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let answer = redeemable('a', now() + Duration::minutes(10));
        let attempts = (0..8).map(|_| {
            let store = store.clone();
            let answer = answer.clone();
            tokio::spawn(async move { store.redeem_challenge(&answer).await.unwrap() })
        });
        let mut firsts = 0;
        for attempt in attempts {
            firsts += usize::from(attempt.await.unwrap());
        }
        assert_eq!(firsts, 1, "{db}");
        assert!(!store.redeem_challenge(&answer).await.unwrap(), "{db}: still used");
        assert!(store.redeem_challenge(&redeemable('b', now())).await.unwrap(), "{db}: another answer is its own");
    })
    .await;
}

#[tokio::test]
async fn expired_answers_are_forgotten_and_the_others_kept() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let now = now();
        store.redeem_challenge(&redeemable('a', now - Duration::seconds(1))).await.unwrap();
        store.redeem_challenge(&redeemable('b', now)).await.unwrap();
        store.redeem_challenge(&redeemable('c', now + Duration::minutes(5))).await.unwrap();
        assert_eq!(store.forget_used_challenges(now).await.unwrap(), 2, "{db}");
        assert!(!store.redeem_challenge(&redeemable('c', now + Duration::minutes(5))).await.unwrap(), "{db}");
        assert!(store.redeem_challenge(&redeemable('a', now + Duration::minutes(5))).await.unwrap(), "{db}");
        assert_eq!(store.forget_used_challenges(now).await.unwrap(), 0, "{db}");
    })
    .await;
}

#[tokio::test]
async fn the_spam_flag_round_trips_and_keeps_spam_out_of_lists_and_counts() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let mut person = contact("Ana", false, now() - Duration::minutes(2));
        let mut bot = contact("Bot", true, now() - Duration::minutes(1));
        store.insert(&mut person).await.unwrap();
        store.insert(&mut bot).await.unwrap();
        assert_eq!(find::<ContactMessage>(&store, bot.id).await.unwrap(), Some(bot.clone()), "{db}");

        let inbox = store.list_contacts(&ContactFilter::default(), all()).await.unwrap();
        assert_eq!(inbox.items.iter().map(|m| m.name.as_str()).collect::<Vec<_>>(), ["Ana"], "{db}");
        let folder = store.list_contacts(&ContactFilter { spam: true, ..ContactFilter::default() }, all()).await;
        assert_eq!(folder.unwrap().items.iter().map(|m| m.id).collect::<Vec<_>>(), [bot.id], "{db}");
        assert_eq!(store.count_unread_contacts().await.unwrap(), 1, "{db}: spam is not unread");

        let mut lead = request("Ana", false, now());
        let mut spam = request("Bot", true, now());
        store.insert(&mut lead).await.unwrap();
        store.insert(&mut spam).await.unwrap();
        assert_eq!(store.project_request_stats().await.unwrap().total, 1, "{db}");
        let pipeline = store.list_project_requests(&ProjectRequestFilter::default(), all()).await.unwrap();
        assert_eq!(pipeline.items.iter().map(|r| r.id).collect::<Vec<_>>(), [lead.id], "{db}");
        let spam_filter = ProjectRequestFilter { spam: true, ..ProjectRequestFilter::default() };
        let kept = store.list_project_requests(&spam_filter, all()).await.unwrap();
        assert_eq!(kept.items.iter().map(|r| r.id).collect::<Vec<_>>(), [spam.id], "{db}");

        bot.spam = false;
        store.update(&mut bot).await.unwrap();
        assert_eq!(store.count_unread_contacts().await.unwrap(), 2, "{db}: not spam after all");
    })
    .await;
}

#[tokio::test]
async fn the_purge_deletes_old_spam_only_and_again_deletes_nothing() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let cutoff = now() - Duration::days(30);
        let mut old_spam = contact("Old bot", true, cutoff - Duration::minutes(1));
        let mut new_spam = contact("New bot", true, cutoff + Duration::minutes(1));
        let mut old_person = contact("Ana", false, cutoff - Duration::days(5));
        let mut old_request = request("Old bot", true, cutoff - Duration::hours(1));
        let mut old_lead = request("Ben", false, cutoff - Duration::hours(1));
        for message in [&mut old_spam, &mut new_spam, &mut old_person] {
            store.insert(message).await.unwrap();
        }
        store.insert(&mut old_request).await.unwrap();
        store.insert(&mut old_lead).await.unwrap();

        assert_eq!(store.purge_spam(cutoff).await.unwrap(), 2, "{db}");
        assert_eq!(find::<ContactMessage>(&store, old_spam.id).await.unwrap(), None, "{db}");
        assert!(find::<ContactMessage>(&store, new_spam.id).await.unwrap().is_some(), "{db}");
        assert!(find::<ContactMessage>(&store, old_person.id).await.unwrap().is_some(), "{db}");
        assert_eq!(find::<ProjectRequest>(&store, old_request.id).await.unwrap(), None, "{db}");
        assert!(find::<ProjectRequest>(&store, old_lead.id).await.unwrap().is_some(), "{db}");
        assert_eq!(store.purge_spam(cutoff).await.unwrap(), 0, "{db}: a second purge, as another instance runs it");
    })
    .await;
}
