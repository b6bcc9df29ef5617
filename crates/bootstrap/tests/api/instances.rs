//! Several instances on one PostgreSQL database behave as one site: what one instance counts,
//! revokes or changes, the others see. Runs when `TEST_DATABASE_URL` names a PostgreSQL server.

use std::time::{Duration, Instant};

use reqwest::Method;
use sea_orm::ConnectionTrait;
use serde_json::{Value, json};

use crate::helpers::{ADMIN_EMAIL, ADMIN_PASSWORD, TestApp, spawn_app_with};

/// A schema of its own on the test server, dropped at the end.
struct Schema {
    admin: sea_orm::DatabaseConnection,
    name: String,
    url: String,
}

impl Schema {
    async fn create() -> Option<Self> {
        let server = std::env::var("TEST_DATABASE_URL").ok()?;
        let admin = atelier_adapters_db::connect(&server).await.expect("the PostgreSQL test server answers");
        let name = format!("instances_{}", atelier_domain::EntityId::generate(chrono::Utc::now()));
        admin.execute_unprepared(&format!("CREATE SCHEMA \"{name}\"")).await.expect("a fresh schema");
        let separator = if server.contains('?') { '&' } else { '?' };
        let url = format!("{server}{separator}options=-c%20search_path%3D{name}");
        Some(Self { admin, name, url })
    }

    async fn drop(self) {
        self.admin.execute_unprepared(&format!("DROP SCHEMA \"{}\" CASCADE", self.name)).await.expect("dropped");
    }
}

/// Two servers on one fresh schema; `None` without a PostgreSQL server to test on.
async fn two_instances() -> Option<(TestApp, TestApp, Schema)> {
    let schema = Schema::create().await?;
    let url = schema.url.clone();
    let first = spawn_app_with(|config| config.database_url = url).await;
    let url = schema.url.clone();
    let second = spawn_app_with(|config| config.database_url = url).await;
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
async fn failed_sign_ins_and_form_submissions_count_across_instances() {
    let Some((first, second, schema)) = two_instances().await else { return };
    // Five failures for one email, spread over both instances, lock it on both.
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
