use atelier_domain::contact::ContactInput;
use atelier_domain::project_request::ProjectRequestInput;
use atelier_domain::proof_of_work::{CHALLENGE_LIFETIME, ChallengeKey, Solution};
use chrono::Duration;

use super::*;
use crate::access::Audience;
use crate::contacts::{ContactInbox, ContactQuery};
use crate::fake::{FakeClock, InMemoryStore};
use crate::project_requests::{ProjectRequestQuery, SalesPipeline};

fn settings() -> ProofSettings {
    ProofSettings { key: ChallengeKey::new([3; 32]), max_number: 200 }
}

type Issuer = Challenges<InMemoryStore, FakeClock>;

fn guarded() -> (ContactInbox<InMemoryStore, FakeClock>, Issuer, FakeClock) {
    let clock = FakeClock::default();
    let store = InMemoryStore::default();
    let inbox = ContactInbox::new(store.clone(), clock.clone()).guarded(settings());
    (inbox, Challenges::new(store, clock.clone(), settings()), clock)
}

/// A challenge issued to a client of its own (each test asks for more than one client may).
async fn solved(challenges: &Issuer) -> Solution {
    static CLIENT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let client = CLIENT.fetch_add(1, std::sync::atomic::Ordering::Relaxed).to_string();
    let challenge = challenges.issue(&client).await.unwrap();
    Solution::to(&challenge, challenge.solve().unwrap())
}

fn message() -> ContactInput {
    ContactInput {
        name: Some("Ana".into()),
        email: Some("ana@example.com".into()),
        subject: Some("Hi".into()),
        message: Some("Hello".into()),
        ..ContactInput::default()
    }
}

fn proof(solution: &Solution) -> Evidence<'_> {
    Evidence { honeypot: None, proof: Some(solution) }
}

async fn stored(inbox: &ContactInbox<InMemoryStore, FakeClock>) -> u64 {
    let inbox_count = inbox.list(Audience::Admin, ContactQuery::default()).await.unwrap().page.total_items;
    let spam = ContactQuery { spam: true, ..ContactQuery::default() };
    inbox_count + inbox.list(Audience::Admin, spam).await.unwrap().page.total_items
}

fn proof_message(error: WriteError) -> String {
    let WriteError::Invalid(errors) = error else { panic!("expected a 422, got {error:?}") };
    errors.get(PROOF_FIELD).expect("the proof's message").to_owned()
}

#[tokio::test]
async fn a_submission_with_a_valid_proof_is_stored_in_the_inbox() {
    let (inbox, challenges, _) = guarded();
    let solution = solved(&challenges).await;
    let message = inbox.submit(Audience::Public, message(), proof(&solution)).await.unwrap();
    assert!(!message.spam);
    assert_eq!(inbox.get(&message.id.to_string()).await.unwrap(), message);
}

#[tokio::test]
async fn a_missing_wrong_or_expired_proof_is_refused_and_nothing_is_stored() {
    let (inbox, challenges, clock) = guarded();
    let missing = inbox.submit(Audience::Public, message(), Evidence::default()).await.unwrap_err();
    assert_eq!(proof_message(missing), "Proof of work is required");

    let mut wrong = solved(&challenges).await;
    wrong.number += 1;
    let refused = inbox.submit(Audience::Public, message(), proof(&wrong)).await.unwrap_err();
    assert_eq!(proof_message(refused), "Proof of work is invalid");

    let late = solved(&challenges).await;
    clock.advance(CHALLENGE_LIFETIME + Duration::seconds(1));
    let expired = inbox.submit(Audience::Public, message(), proof(&late)).await.unwrap_err();
    assert_eq!(proof_message(expired), "Proof of work has expired; please send the form again");
    assert_eq!(stored(&inbox).await, 0);
}

#[tokio::test]
async fn a_proof_is_used_once() {
    let (inbox, challenges, _) = guarded();
    let solution = solved(&challenges).await;
    inbox.submit(Audience::Public, message(), proof(&solution)).await.unwrap();
    let again = inbox.submit(Audience::Public, message(), proof(&solution)).await.unwrap_err();
    assert_eq!(proof_message(again), "Proof of work was already used; please send the form again");
    assert_eq!(stored(&inbox).await, 1);
}

#[tokio::test]
async fn field_errors_and_the_proofs_come_together_and_a_refused_form_keeps_its_proof() {
    let (inbox, challenges, _) = guarded();
    let Err(WriteError::Invalid(errors)) =
        inbox.submit(Audience::Public, ContactInput::default(), Evidence::default()).await
    else {
        panic!("expected a 422")
    };
    assert_eq!(errors.get("name"), Some("Name is required"));
    assert_eq!(errors.get(PROOF_FIELD), Some("Proof of work is required"));

    let solution = solved(&challenges).await;
    let no_name = ContactInput { name: None, ..message() };
    let Err(WriteError::Invalid(errors)) = inbox.submit(Audience::Public, no_name, proof(&solution)).await else {
        panic!("expected a 422")
    };
    assert_eq!(errors.get(PROOF_FIELD), None);
    inbox.submit(Audience::Public, message(), proof(&solution)).await.expect("the answer was not used up");
}

#[tokio::test]
async fn a_valid_proof_with_a_filled_honeypot_is_kept_as_spam() {
    let (inbox, challenges, _) = guarded();
    let solution = solved(&challenges).await;
    let evidence = Evidence { honeypot: Some("https://spam.example"), proof: Some(&solution) };
    let answer = inbox.submit(Audience::Public, message(), evidence).await.unwrap();
    assert!(!answer.spam, "the sender is not told");
    assert!(inbox.get(&answer.id.to_string()).await.unwrap().spam);
    let listing = inbox.list(Audience::Admin, ContactQuery::default()).await.unwrap();
    assert_eq!((listing.page.total_items, listing.unread_count), (0, 0));
}

#[tokio::test]
async fn a_filled_honeypot_without_a_proof_stores_nothing() {
    let (inbox, _, _) = guarded();
    let evidence = Evidence { honeypot: Some("x"), proof: None };
    inbox.submit(Audience::Public, message(), evidence).await.unwrap_err();
    assert_eq!(stored(&inbox).await, 0);
}

#[tokio::test]
async fn administrators_entries_need_no_proof() {
    let (inbox, _, _) = guarded();
    let message = inbox.submit(Audience::Admin, message(), Evidence::default()).await.unwrap();
    assert!(!message.spam);
}

#[tokio::test]
async fn the_quote_form_is_guarded_the_same_way() {
    let clock = FakeClock::default();
    let pipeline = SalesPipeline::new(InMemoryStore::default(), clock.clone()).guarded(settings());
    let challenges = Challenges::new(InMemoryStore::default(), clock, settings());
    let request = ProjectRequestInput {
        client_name: Some("Ana".into()),
        company_name: Some("Acme".into()),
        email: Some("ana@example.com".into()),
        project_type: Some("web-app".into()),
        budget: Some("10k-25k".into()),
        timeline: Some("1-3-months".into()),
        description: Some("A shop".into()),
        ..ProjectRequestInput::default()
    };
    let missing = pipeline.submit(Audience::Public, request.clone(), Evidence::default()).await.unwrap_err();
    assert_eq!(proof_message(missing), "Proof of work is required");
    let solution = solved(&challenges).await;
    let evidence = Evidence { honeypot: Some("x"), proof: Some(&solution) };
    let kept = pipeline.submit(Audience::Public, request, evidence).await.unwrap();
    assert!(pipeline.get(&kept.id.to_string()).await.unwrap().spam);
    let spam = ProjectRequestQuery { spam: true, ..ProjectRequestQuery::default() };
    assert_eq!(pipeline.list(Audience::Admin, spam).await.unwrap().total_items, 1);
}

#[tokio::test]
async fn the_purge_drops_spam_past_thirty_days_and_expired_answers_only() {
    let store = InMemoryStore::default();
    let clock = FakeClock::default();
    let inbox = ContactInbox::new(store.clone(), clock.clone()).guarded(settings());
    let challenges = Challenges::new(store.clone(), clock.clone(), settings());
    let purge = SpamPurge::new(store.clone(), clock.clone());

    let old_spam = solved(&challenges).await;
    let old = inbox
        .submit(Audience::Public, message(), Evidence { honeypot: Some("x"), proof: Some(&old_spam) })
        .await
        .unwrap();
    let person = solved(&challenges).await;
    let kept = inbox.submit(Audience::Public, message(), proof(&person)).await.unwrap();
    assert_eq!(purge.run().await.unwrap(), Purged::default(), "nothing is old yet");

    clock.advance(Duration::days(20));
    let recent_spam = solved(&challenges).await;
    let recent = inbox
        .submit(Audience::Public, message(), Evidence { honeypot: Some("x"), proof: Some(&recent_spam) })
        .await
        .unwrap();
    clock.advance(Duration::days(10) + Duration::seconds(1));
    assert_eq!(purge.run().await.unwrap(), Purged { spam: 1, used_challenges: 3 });
    assert!(inbox.get(&old.id.to_string()).await.is_err(), "spam past 30 days is gone");
    assert!(inbox.get(&recent.id.to_string()).await.is_ok(), "recent spam stays");
    assert!(inbox.get(&kept.id.to_string()).await.is_ok(), "what is not spam is never purged");
    assert_eq!(purge.run().await.unwrap(), Purged::default(), "a second run finds nothing");
}

#[tokio::test]
async fn a_client_gets_thirty_challenges_in_ten_minutes() {
    let clock = FakeClock::default();
    let challenges = Challenges::new(InMemoryStore::default(), clock.clone(), settings());
    for _ in 0..30 {
        challenges.issue("203.0.113.7").await.unwrap();
    }
    assert!(matches!(challenges.issue("203.0.113.7").await, Err(AdmitError::Throttled(_))));
    challenges.issue("203.0.113.8").await.expect("another client has its own count");
    clock.advance(Duration::minutes(10));
    challenges.issue("203.0.113.7").await.expect("the window moved on");
}
