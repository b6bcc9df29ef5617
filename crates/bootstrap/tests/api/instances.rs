//! Several instances on one PostgreSQL database behave as one site: what one instance counts,
//! revokes or changes, the others see. Runs when `TEST_DATABASE_URL` names a PostgreSQL server.

use std::time::{Duration, Instant};

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{ADMIN_EMAIL, ADMIN_PASSWORD, Schema, TestApp, spawn_app_with};
use crate::limits::{BURST, burst, let_through};

/// Two servers on one fresh schema, both believing `X-Forwarded-For` from the test client; `None`
/// without a PostgreSQL server to test on.
async fn two_instances() -> Option<(TestApp, TestApp, Schema)> {
    let schema = Schema::create().await?;
    let on_schema = |url: String| {
        move |config: &mut atelier::Config| {
            config.database_url = url;
            config.trusted_proxies = "127.0.0.0/8".parse().unwrap();
        }
    };
    let first = spawn_app_with(on_schema(schema.url.clone())).await;
    let second = spawn_app_with(on_schema(schema.url.clone())).await;
    Some((first, second, schema))
}

fn message(index: usize) -> Value {
    json!({
        "name": format!("Visitor {index}"),
        "email": format!("visitor{index}@example.com"),
        "subject": "A new website",
        "message": "We would like a quote for a new website."
    })
}

#[tokio::test]
async fn a_session_ended_on_one_instance_is_refused_by_the_other() {
    let Some((first, second, schema)) = two_instances().await else { return };
    let token = first.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let (status, _) = second.with_token(&token).get_json("/api/auth/verify").await;
    assert_eq!(status, 200, "a session opened on one instance works on the other");

    let (status, _) = first.with_token(&token).send_json(Method::POST, "/api/auth/logout", &json!({})).await;
    assert!(status < 300, "signed out: {status}");
    let (status, _) = second.with_token(&token).get_json("/api/auth/verify").await;
    assert_eq!(status, 401, "the other instance refuses the ended session at once");
    schema.drop().await;
}

#[tokio::test]
async fn a_role_changed_on_one_instance_applies_to_the_next_request_on_the_other() {
    let Some((first, second, schema)) = two_instances().await else { return };
    let editor = first.role_token("editor").await;
    let (_, me) = second.with_token(&editor).get_json("/api/auth/verify").await;
    let id = me["user"]["_id"].as_str().unwrap().to_owned();
    let (status, _) = second.with_token(&editor).post_json("/api/services", &json!({"title": "Audits"})).await;
    assert_eq!(status, 201, "an Editor adds services");

    let (status, _) = first.admin().put_json(&format!("/api/admins/{id}/role"), &json!({"role": "sales"})).await;
    assert_eq!(status, 200);
    let (status, body) = second.with_token(&editor).post_json("/api/services", &json!({"title": "More"})).await;
    assert_eq!(
        (status, body["message"].as_str()),
        (403, Some("Editor or higher role required to create a service")),
        "the other instance reads the new role at once"
    );
    schema.drop().await;
}

#[tokio::test]
async fn failed_sign_ins_and_form_submissions_count_across_instances() {
    let Some((first, second, schema)) = two_instances().await else { return };
    // Five failures for one account from one address, spread over both instances, lock that pair
    // on both.
    for attempt in 0..5 {
        let app = if attempt % 2 == 0 { &first } else { &second };
        let wrong = json!({"email": ADMIN_EMAIL, "password": "not-the-password-1"});
        let (status, _) = app.anonymous().post_json("/api/auth/login", &wrong).await;
        assert_eq!(status, 401, "attempt {attempt}");
    }
    let right = json!({"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD});
    for app in [&first, &second] {
        let (status, _) = app.anonymous().post_json("/api/auth/login", &right).await;
        assert_eq!(status, 429, "the lock holds on every instance");
    }
    let owner = first.anonymous().request(Method::POST, "/api/auth/login").json(&right);
    let owner = owner.header("x-forwarded-for", "198.51.100.7").send().await.unwrap();
    assert_eq!(owner.status().as_u16(), 200, "the owner signs in from another address");

    // Five submissions from one address, spread over both instances, fill its window on both.
    for index in 0..5 {
        let app = if index < 3 { &first } else { &second };
        let (status, body) = app.anonymous().post_json("/api/contacts", &message(index)).await;
        assert_eq!(status, 201, "submission {index}: {body}");
    }
    for app in [&first, &second] {
        let (status, body) = app.anonymous().post_json("/api/contacts", &message(9)).await;
        assert_eq!(status, 429, "the form limit holds on every instance: {body}");
    }
    schema.drop().await;
}

#[tokio::test]
async fn a_change_made_through_one_instance_reaches_the_others_public_reads_within_a_second() {
    let Some((first, second, schema)) = two_instances().await else { return };
    let (_, services) = second.anonymous().get_json("/api/services").await;
    let service = services[0].clone();
    let id = service["_id"].as_str().unwrap().to_owned();
    // Warm the second instance's cache with the old answer.
    let (_, again) = second.anonymous().get_json("/api/services").await;
    assert_eq!(again[0]["title"], service["title"]);

    let title = "Rebuilt Service Title";
    let (status, _) = first.admin().put_json(&format!("/api/services/{id}"), &json!({"title": title})).await;
    assert_eq!(status, 200);
    let changed_at = Instant::now();
    loop {
        let (_, now) = second.anonymous().get_json("/api/services").await;
        let seen = now.as_array().unwrap().iter().any(|each| each["title"] == title);
        if seen {
            break;
        }
        assert!(changed_at.elapsed() < Duration::from_secs(1), "the other instance still serves the old list");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    schema.drop().await;
}

/// The limits' class test on two instances: bursts split over both get no more through than one
/// instance would let.
#[tokio::test]
async fn bursts_split_over_two_instances_get_no_more_than_the_limits_through() {
    let Some((first, second, schema)) = two_instances().await else { return };
    let both = |index: usize| if index.is_multiple_of(2) { &first } else { &second };
    let wrong = json!({"email": ADMIN_EMAIL, "password": "not-the-password-1"});
    let from = |index: usize, address: String| {
        both(index).anonymous().request(Method::POST, "/api/auth/login").json(&wrong).header("x-forwarded-for", address)
    };

    let pair = (0..BURST).map(|index| from(index, "203.0.113.66".into()));
    let statuses = burst(pair.collect()).await;
    assert_eq!(let_through("two instances, sign-in per account and address", &statuses, 401), 5);

    let many = (0..BURST + 10).map(|index| from(index, format!("10.9.{}.{}", index / 250, index % 250 + 1)));
    let statuses = burst(many.collect()).await;
    // The five failures of the first burst count against the account too.
    assert_eq!(let_through("two instances, sign-in per account", &statuses, 401), 45);

    // Each post carries its own proof of work, asked for from either instance (another address:
    // a client may ask for 30 challenges in 10 minutes) and sent to the other.
    let mut bodies = Vec::new();
    for index in 0..BURST {
        let mut body = message(index);
        body["proofOfWork"] = both(index + 1).proof_of_work_for(&format!("10.8.0.{}", index / 25)).await;
        bodies.push(body);
    }
    let forms = bodies.iter().enumerate().map(|(index, body)| {
        both(index)
            .anonymous()
            .request(Method::POST, "/api/contacts")
            .json(body)
            .header("x-forwarded-for", "203.0.113.5")
    });
    assert_eq!(let_through("two instances, public forms", &burst(forms.collect()).await, 201), 5);
    schema.drop().await;
}

#[tokio::test]
async fn a_person_editing_on_one_instance_is_seen_on_the_other_until_they_leave() {
    let Some((first, second, schema)) = two_instances().await else { return };
    let admin = first.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let editor = first.role_token("editor").await;
    let post = "/api/presence/post/65f1c2a9b4e8d70012345678";
    let (status, seen) = first.with_token(&admin).send_json(Method::PUT, post, &json!({})).await;
    assert_eq!((status, seen), (200, json!([])));
    let (status, seen) = second.with_token(&editor).send_json(Method::PUT, post, &json!({})).await;
    assert_eq!(status, 200);
    assert_eq!(seen.as_array().map(Vec::len), Some(1), "the other instance sees the administrator: {seen}");

    let (status, _) = first.with_token(&admin).delete(post).await;
    assert_eq!(status, 204);
    let (_, seen) = second.with_token(&editor).send_json(Method::PUT, post, &json!({})).await;
    assert_eq!(seen, json!([]), "gone on both once left");
    schema.drop().await;
}
