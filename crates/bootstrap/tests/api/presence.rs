//! Presence: who else has a record open for editing.

use atelier_adapters_db::{SeaOrmStore, connect};
use atelier_application::presence::ports::PresenceRepository;
use atelier_domain::EntityId;
use atelier_domain::presence::RecordRef;
use chrono::{Duration, Utc};
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app};

const POST: &str = "/api/presence/post/65f1c2a9b4e8d70012345678";

async fn account_of(app: &TestApp, token: &str) -> (String, String) {
    let (_, me) = app.with_token(token).get_json("/api/auth/verify").await;
    (me["user"]["_id"].as_str().unwrap().to_owned(), me["user"]["name"].as_str().unwrap().to_owned())
}

async fn heartbeat(app: &TestApp, token: &str, path: &str) -> Value {
    let (status, body) = app.with_token(token).send_json(Method::PUT, path, &json!({})).await;
    assert_eq!(status, 200, "{body}");
    body
}

#[tokio::test]
async fn two_people_see_each_other_not_themselves_until_one_leaves_or_goes_quiet() {
    let app = spawn_app().await;
    let admin = app.sign_in(crate::helpers::ADMIN_EMAIL, crate::helpers::ADMIN_PASSWORD).await;
    let editor = app.role_token("editor").await;
    let (admin_id, admin_name) = account_of(&app, &admin).await;
    let (editor_id, _) = account_of(&app, &editor).await;

    assert_eq!(heartbeat(&app, &admin, POST).await, json!([]), "alone");
    let seen = heartbeat(&app, &editor, POST).await;
    assert_eq!(seen.as_array().unwrap().len(), 1, "{seen}");
    assert_eq!(seen[0]["account"], json!({"id": admin_id, "name": admin_name}));
    let since = seen[0]["since"].as_str().unwrap().to_owned();
    assert!(since.parse::<chrono::DateTime<Utc>>().is_ok(), "{since}");
    let seen = heartbeat(&app, &admin, POST).await;
    assert_eq!(seen[0]["account"]["id"], json!(editor_id), "the other one, not oneself: {seen}");
    assert_eq!(heartbeat(&app, &editor, POST).await[0]["since"], json!(since), "since is kept");
    assert_eq!(heartbeat(&app, &editor, "/api/presence/post/65f1c2a9b4e8d70012345679").await, json!([]));

    let (status, _) = app.with_token(&admin).delete(POST).await;
    assert_eq!(status, 204);
    assert_eq!(heartbeat(&app, &editor, POST).await, json!([]), "gone after leaving");

    // The editor's last heartbeat 31 s ago: gone for the administrator.
    heartbeat(&app, &admin, POST).await;
    let url = format!("sqlite://{}", app.folder.path().join("data/atelier.db").display());
    let store = SeaOrmStore::new(connect(&url).await.unwrap());
    let record = RecordRef::parse("post", "65f1c2a9b4e8d70012345678").unwrap();
    let long_ago = Utc::now() - Duration::hours(1);
    let editor_id = EntityId::parse(&editor_id).unwrap();
    store.touch_presence(&record, editor_id, Utc::now() - Duration::seconds(31), long_ago).await.unwrap();
    assert_eq!(heartbeat(&app, &admin, POST).await, json!([]), "gone 30 s after the last heartbeat");
}

#[tokio::test]
async fn unknown_kinds_bad_ids_and_unreadable_kinds_are_refused_clearly() {
    let app = spawn_app().await;
    let (status, body) = app.admin().put_json("/api/presence/posts/abc", &json!({})).await;
    assert_eq!(status, 400);
    assert!(
        body["message"].as_str().unwrap().starts_with("Unknown record kind 'posts': one of post, project"),
        "{body}"
    );
    let (status, body) = app.admin().put_json("/api/presence/post/ABC%20x", &json!({})).await;
    assert_eq!(
        (status, body["message"].as_str()),
        (400, Some("Invalid record id: 1 to 64 lowercase letters, digits and hyphens"))
    );
    let (status, _) = app.anonymous().put_json(POST, &json!({})).await;
    assert_eq!(status, 401);

    let editor = app.role_token("editor").await;
    let (status, body) =
        app.with_token(&editor).put_json("/api/presence/contact/65f1c2a9b4e8d70012345678", &json!({})).await;
    assert_eq!(status, 403, "an Editor does not read contact messages: {body}");
    let sales = app.role_token("sales").await;
    heartbeat(&app, &sales, "/api/presence/contact/65f1c2a9b4e8d70012345678").await;
    heartbeat(&app, &sales, "/api/presence/home-page/current").await;
    heartbeat(&app, &editor, "/api/presence/page/about").await;
}
