//! Page views and SIGTERM: the views in memory when the server is asked to stop are stored before it
//! exits, with nothing logged as failed; and views sent faster than one flush stores them (many
//! batches' worth) are all stored, each visitor counted once towards the post's view count.

use std::time::{Duration, Instant};

use sea_orm::{ConnectionTrait, DatabaseConnection, Statement};
use serde_json::{Value, json};

use crate::server::{PATIENCE, Schema, Server};

/// A browser of its own for each view: a new visitor each time (as `scripts/bench/beacon.lua` sends).
fn browser(build: usize) -> String {
    format!("Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0.{build}")
}

/// Publishes a post; answers its slug and id.
async fn publish_post(server: &Server, token: &str) -> (String, String) {
    let response = server
        .client()
        .post(server.url("/api/blog/posts"))
        .bearer_auth(token)
        .json(&json!({"title": "Counted views", "content": "Read me.", "status": "published"}))
        .send()
        .await
        .expect("answered");
    assert_eq!(response.status(), 201, "the post is published");
    let post: Value = response.json().await.expect("JSON");
    (post["slug"].as_str().expect("a slug").to_owned(), post["_id"].as_str().expect("an id").to_owned())
}

/// Sends `count` beacons for `path`, `concurrency` at a time, each from a new browser.
async fn send_views(server: &Server, path: &str, count: usize, concurrency: usize) {
    let url = server.url("/api/views");
    let body = json!({"path": path}).to_string();
    let mut senders = tokio::task::JoinSet::new();
    for lane in 0..concurrency {
        let (client, url, body) = (server.client().clone(), url.clone(), body.clone());
        senders.spawn(async move {
            for view in (lane..count).step_by(concurrency) {
                let response = client
                    .post(&url)
                    .header("user-agent", browser(view))
                    .header("content-type", "application/json")
                    .body(body.clone())
                    .send()
                    .await
                    .expect("answered");
                assert_eq!(response.status(), 204, "the beacon is taken");
            }
        });
    }
    while let Some(sent) = senders.join_next().await {
        sent.expect("a sender");
    }
}

async fn database(data_dir: &std::path::Path, schema: Option<&Schema>) -> DatabaseConnection {
    let url = match schema {
        Some(schema) => schema.url.clone(),
        None => format!("sqlite://{}?mode=rwc", data_dir.join("atelier.db").display()),
    };
    atelier_adapters_db::connect(&url).await.expect("the database opens")
}

async fn count(db: &DatabaseConnection, sql: &str) -> i64 {
    let row = db.query_one_raw(Statement::from_string(db.get_database_backend(), sql)).await.unwrap().expect("a row");
    row.try_get_by_index::<i64>(0).unwrap()
}

async fn post_views(db: &DatabaseConnection, id: &str) -> i64 {
    count(db, &format!("SELECT views FROM blog_posts WHERE id = '{id}'")).await
}

async fn views_held_at_sigterm_are_stored_before_the_server_exits(schema: Option<&Schema>) {
    let folder = tempfile::tempdir().unwrap();
    let data_dir = folder.path().join("data");
    let server = Server::start(&data_dir, schema.map(|schema| schema.url.as_str()));
    let token = server.sign_in().await;
    let (slug, id) = publish_post(&server, &token).await;
    // Warm every HTTP worker's connections, so the stop meets pooled connections they opened.
    send_views(&server, "/", 40, 8).await;
    tokio::time::sleep(Duration::from_millis(1500)).await;

    send_views(&server, &format!("/blog/{slug}"), 60, 8).await;
    server.terminate();
    let warnings = server.warnings();
    let status = server.wait_for_exit();
    assert_eq!(status.code(), Some(0), "a graceful stop exits 0");

    let db = database(&data_dir, schema).await;
    assert_eq!(count(&db, "SELECT count(*) FROM page_views").await, 100, "every view is stored");
    assert_eq!(post_views(&db, &id).await, 60, "each visitor's view of the post counts once");
    tokio::time::sleep(Duration::from_millis(200)).await; // the log's last lines read
    let warnings = warnings.lock().unwrap().clone();
    assert!(warnings.is_empty(), "nothing failed, the stop included: {warnings:#?}");
}

#[tokio::test]
async fn views_held_at_sigterm_are_stored_before_the_server_exits_on_sqlite() {
    views_held_at_sigterm_are_stored_before_the_server_exits(None).await;
}

#[tokio::test]
async fn views_held_at_sigterm_are_stored_before_the_server_exits_on_postgresql() {
    let Some(schema) = Schema::create("views_stop").await else { return };
    views_held_at_sigterm_are_stored_before_the_server_exits(Some(&schema)).await;
    schema.drop().await;
}

async fn views_sent_faster_than_a_flush_are_all_stored(schema: Option<&Schema>) {
    const VIEWS: usize = 3_000;
    let stored = i64::try_from(VIEWS).expect("a small count");
    let folder = tempfile::tempdir().unwrap();
    let data_dir = folder.path().join("data");
    let server = Server::start(&data_dir, schema.map(|schema| schema.url.as_str()));
    let token = server.sign_in().await;
    let (slug, id) = publish_post(&server, &token).await;
    let started = Instant::now();
    send_views(&server, &format!("/blog/{slug}"), VIEWS, 16).await;
    let sending = started.elapsed();

    let db = database(&data_dir, schema).await;
    let waiting = Instant::now();
    while count(&db, "SELECT count(*) FROM page_views").await < stored {
        assert!(waiting.elapsed() < PATIENCE, "views are still missing");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(count(&db, "SELECT count(*) FROM page_views").await, stored, "every view, once");
    assert_eq!(post_views(&db, &id).await, stored, "each new visitor counts once towards the post");
    eprintln!("{VIEWS} views sent in {sending:?}, stored {:?} later", waiting.elapsed());
    let warnings = server.warnings();
    server.stop();
    let warnings = warnings.lock().unwrap().clone();
    assert!(warnings.is_empty(), "nothing failed: {warnings:#?}");
}

#[tokio::test]
async fn views_sent_faster_than_a_flush_are_all_stored_on_sqlite() {
    views_sent_faster_than_a_flush_are_all_stored(None).await;
}

#[tokio::test]
async fn views_sent_faster_than_a_flush_are_all_stored_on_postgresql() {
    let Some(schema) = Schema::create("views_burst").await else { return };
    views_sent_faster_than_a_flush_are_all_stored(Some(&schema)).await;
    schema.drop().await;
}
