//! The newsletter use cases against the in-memory fakes.

use atelier_domain::notification::{About, MailStatus, Topic};
use atelier_domain::subscriber::INVALID_EMAIL;
use atelier_domain::user::Email;
use chrono::Duration;

use super::*;
use crate::access::Audience;
use crate::fake::{FakeClock, InMemoryStore};
use crate::notifications::fake::OutboxOutage;
use crate::spam::Evidence;

const BASE: &str = "https://studio.example";

fn newsletter(mail_on: bool) -> (Newsletter<InMemoryStore, FakeClock>, InMemoryStore, FakeClock) {
    let store = InMemoryStore::default();
    let clock = FakeClock::default();
    let mut newsletter = Newsletter::new(store.clone(), clock.clone());
    if mail_on {
        newsletter = newsletter.notifying(Notifications::on(None));
    }
    (newsletter, store, clock)
}

async fn all(newsletter: &Newsletter<InMemoryStore, FakeClock>) -> Vec<Subscriber> {
    newsletter.list(SubscriberQuery::default()).await.unwrap().items
}

async fn stored(store: &InMemoryStore, email: &str) -> Subscriber {
    store.find_subscriber_by_email(&Email::parse(email).unwrap()).await.unwrap().expect("the address is stored")
}

async fn confirmations(store: &InMemoryStore, subscriber: &Subscriber) -> Vec<(String, String, MailStatus)> {
    let about = About { topic: Topic::NewsletterConfirmation, id: subscriber.id };
    let mails = store.mails_about(about).await.unwrap();
    mails.into_iter().map(|mail| (mail.recipient, mail.body, mail.status)).collect()
}

#[tokio::test]
async fn the_same_address_twice_in_any_case_is_accepted_quietly_and_stored_once() {
    let (newsletter, store, _) = newsletter(false);
    let first =
        newsletter.subscribe(Audience::Public, Some(" Ana@Example.com "), Evidence::default(), BASE).await.unwrap();
    let second =
        newsletter.subscribe(Audience::Public, Some("ANA@EXAMPLE.COM"), Evidence::default(), BASE).await.unwrap();
    assert_eq!(first, second, "the answer does not tell a known address from a new one");
    let list = all(&newsletter).await;
    assert_eq!(list.len(), 1);
    assert_eq!(list[0].email.as_str(), "ana@example.com");
    assert_eq!(list[0].status, SubscriberStatus::Unconfirmed, "no mail server: nobody could confirm it");
    assert_eq!(stored(&store, "ana@example.com").await, list[0]);
}

#[tokio::test]
async fn a_missing_or_malformed_address_is_refused_with_the_boxs_message_even_from_a_bot() {
    let (newsletter, _, _) = newsletter(false);
    for (email, honeypot) in [(None, None), (Some("not-an-email"), None), (Some("x@y"), Some("spam"))] {
        let Err(WriteError::Invalid(errors)) =
            newsletter.subscribe(Audience::Public, email, Evidence { honeypot, proof: None }, BASE).await
        else {
            panic!("{email:?} is refused")
        };
        assert_eq!(errors.get("email"), Some(INVALID_EMAIL));
    }
    assert!(all(&newsletter).await.is_empty());
}

#[tokio::test]
async fn a_filled_honeypot_is_answered_like_a_person_but_nothing_is_stored_or_mailed() {
    let (newsletter, _, _) = newsletter(true);
    let answer = newsletter
        .subscribe(
            Audience::Public,
            Some("bot@example.com"),
            Evidence { honeypot: Some("https://spam.example"), proof: None },
            BASE,
        )
        .await
        .unwrap();
    assert_eq!(answer, SignUp { confirmation_required: true });
    assert!(all(&newsletter).await.is_empty());
    newsletter
        .subscribe(Audience::Public, Some("ana@example.com"), Evidence { honeypot: Some("  "), proof: None }, BASE)
        .await
        .unwrap();
    assert_eq!(all(&newsletter).await.len(), 1, "a blank honeypot is a person");
}

#[tokio::test]
async fn with_mail_on_a_new_address_waits_for_the_link_mailed_to_it() {
    let (newsletter, store, clock) = newsletter(true);
    newsletter.subscribe(Audience::Public, Some("ana@example.com"), Evidence::default(), BASE).await.unwrap();
    let subscriber = stored(&store, "ana@example.com").await;
    assert_eq!(subscriber.status, SubscriberStatus::Pending);
    assert_eq!(subscriber.confirmation_sent_at, Some(clock.now()));
    let mails = confirmations(&store, &subscriber).await;
    assert_eq!(mails.len(), 1);
    assert_eq!((mails[0].0.as_str(), mails[0].2), ("ana@example.com", MailStatus::Pending));
    assert!(mails[0].1.contains(&subscriber.confirm_link(BASE)), "{}", mails[0].1);

    let confirmed = newsletter.confirm(&subscriber.token).await.unwrap();
    assert_eq!((confirmed.status, confirmed.confirmed_at), (SubscriberStatus::Confirmed, Some(clock.now())));
    assert_eq!(stored(&store, "ana@example.com").await, confirmed);
    clock.advance(Duration::hours(1));
    assert_eq!(newsletter.confirm(&subscriber.token).await.unwrap(), confirmed, "a second click changes nothing");
}

#[tokio::test]
async fn signing_up_again_resends_the_link_at_most_once_a_day_and_never_once_confirmed() {
    let (newsletter, store, clock) = newsletter(true);
    newsletter.subscribe(Audience::Public, Some("ana@example.com"), Evidence::default(), BASE).await.unwrap();
    let subscriber = stored(&store, "ana@example.com").await;
    newsletter.subscribe(Audience::Public, Some("ana@example.com"), Evidence::default(), BASE).await.unwrap();
    assert_eq!(confirmations(&store, &subscriber).await.len(), 1, "not twice within a day");
    clock.advance(Duration::hours(25));
    newsletter.subscribe(Audience::Public, Some("ana@example.com"), Evidence::default(), BASE).await.unwrap();
    assert_eq!(confirmations(&store, &subscriber).await.len(), 2);
    newsletter.confirm(&subscriber.token).await.unwrap();
    clock.advance(Duration::days(3));
    newsletter.subscribe(Audience::Public, Some("ana@example.com"), Evidence::default(), BASE).await.unwrap();
    assert_eq!(confirmations(&store, &subscriber).await.len(), 2, "a confirmed address is left alone");
    assert_eq!(stored(&store, "ana@example.com").await.status, SubscriberStatus::Confirmed);
}

#[tokio::test]
async fn a_failure_to_queue_the_confirmation_does_not_fail_the_sign_up() {
    let (newsletter, store, _) = newsletter(true);
    store.with(|tables| tables.private_rows_mut().push(OutboxOutage));
    newsletter.subscribe(Audience::Public, Some("ana@example.com"), Evidence::default(), BASE).await.unwrap();
    let subscriber = stored(&store, "ana@example.com").await;
    assert_eq!((subscriber.status, subscriber.confirmation_sent_at), (SubscriberStatus::Pending, None));
}

#[tokio::test]
async fn the_unsubscribe_link_removes_the_address_and_may_be_followed_twice() {
    let (newsletter, store, _) = newsletter(false);
    newsletter.subscribe(Audience::Public, Some("ana@example.com"), Evidence::default(), BASE).await.unwrap();
    newsletter.subscribe(Audience::Public, Some("ben@example.com"), Evidence::default(), BASE).await.unwrap();
    let ana = stored(&store, "ana@example.com").await;
    assert!(newsletter.unsubscribe(&ana.token).await.unwrap());
    assert!(!newsletter.unsubscribe(&ana.token).await.unwrap());
    let left: Vec<String> = all(&newsletter).await.iter().map(|subscriber| subscriber.email.to_string()).collect();
    assert_eq!(left, ["ben@example.com"]);
    assert!(matches!(newsletter.confirm(&ana.token).await, Err(LookupError::NotFound(_))));
    newsletter.subscribe(Audience::Public, Some("ana@example.com"), Evidence::default(), BASE).await.unwrap();
    assert_ne!(stored(&store, "ana@example.com").await.token, ana.token, "signing up again gives new links");
}

#[tokio::test]
async fn tokens_of_another_shape_are_never_looked_up() {
    let (newsletter, store, _) = newsletter(false);
    newsletter.subscribe(Audience::Public, Some("ana@example.com"), Evidence::default(), BASE).await.unwrap();
    let token = stored(&store, "ana@example.com").await.token;
    for other in ["", "nope", &token.to_uppercase(), &token[..63]] {
        assert!(!newsletter.unsubscribe(other).await.unwrap(), "{other}");
        assert!(matches!(newsletter.confirm(other).await, Err(LookupError::NotFound(_))), "{other}");
    }
    assert!(newsletter.unsubscribe(&format!(" {token} ")).await.unwrap(), "surrounding spaces are trimmed");
}

#[tokio::test]
async fn an_export_holds_every_address_the_filters_let_through_and_is_recorded() {
    let (newsletter, store, clock) = newsletter(false);
    for email in ["ana@example.com", "ben@studio.example", "cy@studio.example"] {
        clock.advance(Duration::minutes(1));
        newsletter.subscribe(Audience::Public, Some(email), Evidence::default(), BASE).await.unwrap();
    }
    let query =
        SubscriberQuery { search: Some("studio".into()), page: Some(2), limit: Some(1), ..SubscriberQuery::default() };
    let rows = crate::audit::scope(crate::export::testing::context("newsletter/subscribers"), newsletter.export(query))
        .await
        .unwrap();
    let emails: Vec<_> = rows.iter().map(|row| row.email.to_string()).collect();
    assert_eq!(emails, ["cy@studio.example", "ben@studio.example"], "every page, newest first");
    let entries = crate::export::testing::entries(&store);
    assert_eq!(entries.len(), 1);
    assert_eq!(
        (entries[0].action.as_str(), entries[0].summary.clone()),
        ("export", vec!["2 rows".into(), "search".into()])
    );
}

#[tokio::test]
async fn administrators_list_newest_first_search_filter_page_and_delete() {
    let (newsletter, store, clock) = newsletter(false);
    for email in ["ana@example.com", "ben@studio.example", "cy@example.com"] {
        clock.advance(Duration::minutes(1));
        newsletter.subscribe(Audience::Public, Some(email), Evidence::default(), BASE).await.unwrap();
    }
    let emails = |page: &Page<Subscriber>| page.items.iter().map(|s| s.email.to_string()).collect::<Vec<_>>();
    let everything = newsletter.list(SubscriberQuery::default()).await.unwrap();
    assert_eq!(emails(&everything), ["cy@example.com", "ben@studio.example", "ana@example.com"]);
    let search = SubscriberQuery { search: Some(" STUDIO ".into()), ..SubscriberQuery::default() };
    assert_eq!(emails(&newsletter.list(search).await.unwrap()), ["ben@studio.example"]);

    newsletter.confirm(&stored(&store, "cy@example.com").await.token).await.unwrap();
    let confirmed = SubscriberQuery { status: Some(SubscriberStatus::Confirmed), ..SubscriberQuery::default() };
    assert_eq!(emails(&newsletter.list(confirmed).await.unwrap()), ["cy@example.com"]);

    let paged = SubscriberQuery { page: Some(2), limit: Some(2), ..SubscriberQuery::default() };
    let page = newsletter.list(paged).await.unwrap();
    assert_eq!((emails(&page), page.total_items, page.total_pages), (vec!["ana@example.com".to_owned()], 3, 2));

    let ben = stored(&store, "ben@studio.example").await.id.to_string();
    newsletter.delete(&ben).await.unwrap();
    assert!(matches!(newsletter.delete(&ben).await, Err(LookupError::NotFound(_))));
    assert!(matches!(newsletter.delete("nope").await, Err(LookupError::NotFound(_))));
    assert_eq!(all(&newsletter).await.len(), 2);
}
