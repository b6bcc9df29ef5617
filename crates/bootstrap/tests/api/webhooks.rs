//! Webhooks through HTTP: the endpoints' CRUD and roles, a signed delivery to a local receiver
//! (verified here with an HMAC written from SHA-256 alone), retries with growing delays, the
//! address guard, a scheduled post announced at its time, and one delivery per event with two
//! instances on one database.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use reqwest::Method;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

use crate::helpers::{Schema, TestApp, spawn_app, spawn_app_with};

/// One request a receiver got: its headers (lowercased names) and body.
#[derive(Debug, Clone)]
struct Received {
    headers: Vec<(String, String)>,
    body: String,
}

impl Received {
    fn header(&self, name: &str) -> &str {
        self.headers.iter().find(|(key, _)| key == name).map_or("", |(_, value)| value.as_str())
    }
}

/// A receiver on a free loopback port answering `status` to every POST.
struct Receiver {
    url: String,
    got: Arc<Mutex<Vec<Received>>>,
}

impl Receiver {
    async fn start(status: u16) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://127.0.0.1:{}/hooks", listener.local_addr().unwrap().port());
        let got = Arc::new(Mutex::new(Vec::new()));
        let seen = got.clone();
        tokio::spawn(async move {
            while let Ok((mut socket, _)) = listener.accept().await {
                let seen = seen.clone();
                tokio::spawn(async move {
                    let Some(request) = read_request(&mut socket).await else { return };
                    seen.lock().unwrap().push(request);
                    let answer =
                        format!("HTTP/1.1 {status} Answer\r\ncontent-length: 8\r\nconnection: close\r\n\r\nreceived");
                    let _ = socket.write_all(answer.as_bytes()).await;
                });
            }
        });
        Self { url, got }
    }

    fn received(&self) -> Vec<Received> {
        self.got.lock().unwrap().clone()
    }

    /// Waits up to `limit` for `count` requests.
    async fn wait_for(&self, count: usize, limit: Duration) -> Vec<Received> {
        let start = Instant::now();
        while self.received().len() < count && start.elapsed() < limit {
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        self.received()
    }
}

async fn read_request(socket: &mut tokio::net::TcpStream) -> Option<Received> {
    let mut buffer = Vec::new();
    let mut chunk = [0_u8; 4096];
    loop {
        let read = socket.read(&mut chunk).await.ok()?;
        if read == 0 {
            return None;
        }
        buffer.extend_from_slice(&chunk[..read]);
        let text = String::from_utf8_lossy(&buffer).into_owned();
        if let Some(end) = text.find("\r\n\r\n") {
            let head = &text[..end];
            let headers: Vec<(String, String)> = head
                .lines()
                .skip(1)
                .filter_map(|line| line.split_once(':'))
                .map(|(key, value)| (key.trim().to_lowercase(), value.trim().to_owned()))
                .collect();
            let length: usize = headers
                .iter()
                .find(|(key, _)| key == "content-length")
                .and_then(|(_, value)| value.parse().ok())
                .unwrap_or(0);
            if buffer.len() >= end + 4 + length {
                let body = String::from_utf8_lossy(&buffer[end + 4..end + 4 + length]).into_owned();
                return Some(Received { headers, body });
            }
        }
    }
}

/// HMAC-SHA256 (RFC 2104) from SHA-256 alone, to check the server's signatures independently.
fn hmac_sha256(key: &[u8], message: &[u8]) -> Vec<u8> {
    let mut block = [0_u8; 64];
    if key.len() > 64 {
        block[..32].copy_from_slice(&Sha256::digest(key));
    } else {
        block[..key.len()].copy_from_slice(key);
    }
    let inner: Vec<u8> = block.iter().map(|byte| byte ^ 0x36).collect();
    let outer: Vec<u8> = block.iter().map(|byte| byte ^ 0x5c).collect();
    let inner_hash = Sha256::new().chain_update(&inner).chain_update(message).finalize();
    Sha256::new().chain_update(&outer).chain_update(inner_hash).finalize().to_vec()
}

fn expected_signature(secret: &str, request: &Received) -> String {
    let key = STANDARD.decode(secret.strip_prefix("whsec_").unwrap()).unwrap();
    let signed = format!("{}.{}.{}", request.header("webhook-id"), request.header("webhook-timestamp"), request.body);
    format!("v1,{}", STANDARD.encode(hmac_sha256(&key, signed.as_bytes())))
}

#[test]
fn the_tests_hmac_matches_the_standard_webhooks_vector() {
    let request = Received {
        headers: vec![
            ("webhook-id".into(), "msg_p5jXN8AQM9LWM0D4loKWxJek".into()),
            ("webhook-timestamp".into(), "1614265330".into()),
        ],
        body: r#"{"test": 2432232314}"#.into(),
    };
    assert_eq!(
        expected_signature("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", &request),
        "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
    );
}

async fn spawn_allowing_loopback() -> TestApp {
    spawn_app_with(|config| config.webhook_allow_networks = vec!["127.0.0.1/32".parse().unwrap()]).await
}

async fn create_endpoint(app: &TestApp, url: &str, events: &[&str]) -> (String, String) {
    let (status, created) =
        app.admin().post_json("/api/webhooks", &json!({"url": url, "description": "CRM", "events": events})).await;
    assert_eq!(status, 201, "{created}");
    (created["webhook"]["_id"].as_str().unwrap().to_owned(), created["secret"].as_str().unwrap().to_owned())
}

async fn deliveries(app: &TestApp, id: &str) -> Vec<Value> {
    let (status, body) = app.admin().get_json(&format!("/api/webhooks/{id}/deliveries")).await;
    assert_eq!(status, 200, "{body}");
    body["deliveries"].as_array().unwrap().clone()
}

/// Waits up to `limit` for the endpoint's newest delivery to have `attempts` attempts.
async fn wait_for_attempts(app: &TestApp, id: &str, attempts: usize, limit: Duration) -> Value {
    let start = Instant::now();
    loop {
        let list = deliveries(app, id).await;
        if let Some(newest) = list.first()
            && newest["attemptLog"].as_array().unwrap().len() >= attempts
        {
            return newest.clone();
        }
        assert!(start.elapsed() < limit, "no {attempts} attempts within {limit:?}: {list:?}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[tokio::test]
async fn administrators_manage_endpoints_and_others_may_not() {
    let app = spawn_app().await;
    let (status, listed) = app.admin().get_json("/api/webhooks").await;
    assert_eq!(status, 200);
    assert_eq!(listed["webhooks"], json!([]));
    assert_eq!(listed["events"].as_array().unwrap().len(), 20);
    assert!(listed["events"].as_array().unwrap().contains(&json!("project_request.status_changed")));

    let (id, secret) =
        create_endpoint(&app, "https://hooks.example.com/in", &["post.published", "contact.received"]).await;
    assert!(secret.starts_with("whsec_"), "{secret}");
    let (status, one) = app.admin().get_json(&format!("/api/webhooks/{id}")).await;
    assert_eq!(status, 200);
    assert_eq!(one["events"], json!(["post.published", "contact.received"]));
    assert_eq!((one["active"].as_bool(), one["version"].as_i64()), (Some(true), Some(1)));
    assert!(!one.to_string().contains(&secret), "the secret is never shown again");

    let (status, _) =
        app.admin().send_json(Method::PUT, &format!("/api/webhooks/{id}"), &json!({"active": false})).await;
    assert_eq!(status, 428, "an update names its version");
    let (status, updated) = app
        .admin()
        .put_json(&format!("/api/webhooks/{id}"), &json!({"active": false, "description": "Chat", "version": 1}))
        .await;
    assert_eq!(status, 200, "{updated}");
    assert_eq!((updated["active"].as_bool(), updated["description"].as_str()), (Some(false), Some("Chat")));

    let (status, rotated) = app.admin().post_json(&format!("/api/webhooks/{id}/secret"), &json!({})).await;
    assert_eq!(status, 200, "{rotated}");
    assert_ne!(rotated["secret"].as_str(), Some(secret.as_str()));

    for (body, field) in [
        (json!({"url": "ftp://hooks.example.com", "events": ["post.published"]}), "url"),
        (json!({"url": "https://user:pw@hooks.example.com", "events": ["post.published"]}), "url"),
        (json!({"url": "https://hooks.example.com", "events": []}), "events"),
        (json!({"url": "https://hooks.example.com", "events": ["post.exploded"]}), "events"),
        (json!({"events": ["post.published"]}), "url"),
    ] {
        let (status, answer) = app.admin().post_json("/api/webhooks", &body).await;
        assert_eq!(status, 422, "{body}: {answer}");
        assert!(answer["errors"][field].is_string(), "{body}: {answer}");
    }

    let editor = app.role_token("editor").await;
    for (method, path) in [
        (Method::GET, "/api/webhooks".to_owned()),
        (Method::POST, "/api/webhooks".to_owned()),
        (Method::POST, format!("/api/webhooks/{id}/secret")),
        (Method::GET, format!("/api/webhooks/{id}/deliveries")),
    ] {
        let (status, _) = app.with_token(&editor).send_json(method.clone(), &path, &json!({})).await;
        assert_eq!(status, 403, "{method} {path}");
    }
    let (status, _) = app.anonymous().get_json("/api/webhooks").await;
    assert_eq!(status, 401);

    let (status, _) = app.admin().delete(&format!("/api/webhooks/{id}")).await;
    assert_eq!(status, 204);
    let (status, _) = app.admin().get_json(&format!("/api/webhooks/{id}")).await;
    assert_eq!(status, 404);
    let (status, _) = app.admin().post_json("/api/webhooks/not-an-id/test", &json!({})).await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn a_local_receiver_gets_a_signed_delivery_it_can_verify() {
    let app = spawn_allowing_loopback().await;
    let receiver = Receiver::start(200).await;
    let (id, secret) = create_endpoint(&app, &receiver.url, &["contact.received"]).await;
    let message =
        json!({"name": "Nina", "email": "nina@example.com", "subject": "A site", "message": "We need a new website."});
    let (status, created) = app.anonymous().post_json("/api/contacts", &message).await;
    assert_eq!(status, 201, "{created}");

    let got = receiver.wait_for(1, Duration::from_secs(15)).await;
    assert_eq!(got.len(), 1);
    let request = &got[0];
    assert_eq!(request.header("content-type"), "application/json");
    assert_eq!(request.header("webhook-signature"), expected_signature(&secret, request));
    let timestamp: i64 = request.header("webhook-timestamp").parse().unwrap();
    assert!((chrono::Utc::now().timestamp() - timestamp).abs() < 60);
    let body: Value = serde_json::from_str(&request.body).unwrap();
    assert_eq!((body["type"].as_str(), body["version"].as_i64()), (Some("contact.received"), Some(1)));
    assert_eq!(body["data"]["id"], created["_id"]);
    assert_eq!(body["data"]["email"], "nina@example.com");

    let delivery = wait_for_attempts(&app, &id, 1, Duration::from_secs(5)).await;
    assert_eq!(delivery["_id"].as_str(), Some(request.header("webhook-id")));
    assert_eq!(delivery["status"], "delivered");
    assert_eq!(delivery["attemptLog"][0]["status"], 200);
    assert_eq!(delivery["attemptLog"][0]["excerpt"], "received");

    // Redelivery sends the same message again, with the same id.
    let path = format!("/api/webhooks/{id}/deliveries/{}/redeliver", delivery["_id"].as_str().unwrap());
    let (status, _) = app.admin().post_json(&path, &json!({})).await;
    assert_eq!(status, 202);
    let got = receiver.wait_for(2, Duration::from_secs(15)).await;
    assert_eq!(got[1].header("webhook-id"), request.header("webhook-id"));
    assert_eq!(got[1].body, request.body);
    assert_eq!(got[1].header("webhook-signature"), expected_signature(&secret, &got[1]));
}

#[tokio::test]
async fn a_failing_receiver_is_retried_after_growing_delays() {
    let app = spawn_allowing_loopback().await;
    let receiver = Receiver::start(500).await;
    let (id, _) = create_endpoint(&app, &receiver.url, &["post.published"]).await;
    let (status, _) = app.admin().post_json(&format!("/api/webhooks/{id}/test"), &json!({})).await;
    assert_eq!(status, 202);
    let delivery = wait_for_attempts(&app, &id, 2, Duration::from_secs(20)).await;
    assert_eq!(delivery["status"], "pending");
    let at = |value: &Value| chrono::DateTime::parse_from_rfc3339(value.as_str().unwrap()).unwrap();
    let log = delivery["attemptLog"].as_array().unwrap();
    assert_eq!((log[0]["status"].as_u64(), log[1]["status"].as_u64()), (Some(500), Some(500)));
    assert_eq!(log[0]["excerpt"], "received");
    let first_wait = at(&log[1]["attemptedAt"]) - at(&log[0]["attemptedAt"]);
    assert!(first_wait >= chrono::Duration::seconds(5), "{first_wait}");
    let second_wait = at(&delivery["nextAttemptAt"]) - at(&log[1]["attemptedAt"]);
    assert_eq!(second_wait, chrono::Duration::minutes(5), "the next wait is longer");
    assert_eq!(receiver.received().len(), 2);
}

#[tokio::test]
async fn loopback_is_refused_without_the_allow_list() {
    let app = spawn_app().await;
    let receiver = Receiver::start(204).await;
    let (id, _) = create_endpoint(&app, &receiver.url, &["post.published"]).await;
    let (status, _) = app.admin().post_json(&format!("/api/webhooks/{id}/test"), &json!({})).await;
    assert_eq!(status, 202);
    let delivery = wait_for_attempts(&app, &id, 1, Duration::from_secs(15)).await;
    let error = delivery["attemptLog"][0]["error"].as_str().unwrap();
    assert!(error.contains("refused"), "{error}");
    assert_eq!(delivery["attemptLog"][0]["status"], Value::Null);
    assert!(receiver.received().is_empty(), "nothing reached the receiver");
}

#[tokio::test]
async fn a_scheduled_post_is_announced_when_its_time_comes() {
    let app = spawn_allowing_loopback().await;
    let receiver = Receiver::start(204).await;
    create_endpoint(&app, &receiver.url, &["post.published"]).await;
    let publish_at = chrono::Utc::now() + chrono::Duration::seconds(4);
    let body = json!({"title": "Scheduled launch", "status": "published", "publishAt": publish_at.to_rfc3339()});
    let (status, created) = app.admin().post_json("/api/blog/posts", &body).await;
    assert_eq!(status, 201, "{created}");
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert!(receiver.received().is_empty(), "not before its time");
    let got = receiver.wait_for(1, Duration::from_secs(15)).await;
    assert_eq!(got.len(), 1);
    assert!(chrono::Utc::now() >= publish_at);
    let payload: Value = serde_json::from_str(&got[0].body).unwrap();
    assert_eq!(
        (payload["type"].as_str(), payload["data"]["title"].as_str()),
        (Some("post.published"), Some("Scheduled launch"))
    );
}

/// Two instances on one database (SQLite file, and PostgreSQL with `TEST_DATABASE_URL`): six posts
/// published through both reach the receiver six times, each message once.
#[tokio::test]
async fn two_instances_on_one_database_deliver_each_event_once() {
    let shared = tempfile::tempdir().unwrap();
    let sqlite = format!("sqlite://{}?mode=rwc", shared.path().join("shared.db").display());
    let schema = Schema::create().await;
    let mut databases = vec![sqlite];
    databases.extend(schema.as_ref().map(|schema| schema.url.clone()));
    for database in databases {
        let on = |url: String| {
            move |config: &mut atelier::Config| {
                config.database_url = url;
                config.webhook_allow_networks = vec!["127.0.0.1/32".parse().unwrap()];
            }
        };
        let first = spawn_app_with(on(database.clone())).await;
        let second = spawn_app_with(on(database.clone())).await;
        let receiver = Receiver::start(204).await;
        create_endpoint(&first, &receiver.url, &["post.published"]).await;
        for index in 0..6 {
            let app = if index % 2 == 0 { &first } else { &second };
            let body = json!({"title": format!("News {index}"), "status": "published"});
            let (status, created) = app.admin().post_json("/api/blog/posts", &body).await;
            assert_eq!(status, 201, "{created}");
        }
        let got = receiver.wait_for(6, Duration::from_secs(20)).await;
        // Both workers poll every 2 s: give a duplicate the time to show.
        tokio::time::sleep(Duration::from_secs(5)).await;
        let got_after = receiver.received();
        assert_eq!((got.len(), got_after.len()), (6, 6), "{database}");
        let mut ids: Vec<&str> = got_after.iter().map(|request| request.header("webhook-id")).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), 6, "each message once");
    }
    if let Some(schema) = schema {
        schema.drop().await;
    }
}

/// Every write path announces its event, whoever makes it: a project request's status buttons,
/// a page's save, a project published, a post published and deleted; a draft announces nothing.
#[tokio::test]
async fn each_kind_of_change_queues_its_event() {
    let app = spawn_app().await;
    let events = [
        "project_request.status_changed",
        "page.updated",
        "project.published",
        "post.published",
        "post.deleted",
        "contact.received",
    ];
    // The queue is what is checked here (the worker's attempts to this address do not matter).
    let (id, _) = create_endpoint(&app, "https://hooks.example.com/in", &events).await;

    let (_, requests) = app.admin().get_json("/api/project-requests").await;
    let request = requests["projectRequests"][0]["_id"].as_str().expect("a seeded request");
    let path = format!("/api/project-requests/{request}/status");
    let (status, _) = app.admin().patch_json(&path, &json!({"status": "declined"})).await;
    assert_eq!(status, 200);
    let (status, page) = app.admin().put_json("/api/content/about", &json!({"title": "About the studio"})).await;
    assert_eq!(status, 200, "{page}");
    let project =
        json!({"title": "Harbor", "client": "Harbor Health", "completedAt": "2025-03-01", "status": "published"});
    let (status, created) = app.admin().post_json("/api/portfolio", &project).await;
    assert_eq!(status, 201, "{created}");
    let (status, post) =
        app.admin().post_json("/api/blog/posts", &json!({"title": "Gone soon", "status": "published"})).await;
    assert_eq!(status, 201, "{post}");
    let (status, _) = app.admin().delete(&format!("/api/blog/posts/{}", post["_id"].as_str().unwrap())).await;
    assert_eq!(status, 204);
    let (status, _) = app.admin().post_json("/api/blog/posts", &json!({"title": "A draft", "status": "draft"})).await;
    assert_eq!(status, 201);

    let mut queued: Vec<String> =
        deliveries(&app, &id).await.iter().map(|delivery| delivery["eventType"].as_str().unwrap().to_owned()).collect();
    queued.sort();
    let mut expected: Vec<String> = events[..5].iter().map(|event| (*event).to_owned()).collect();
    expected.sort();
    assert_eq!(queued, expected);
}
