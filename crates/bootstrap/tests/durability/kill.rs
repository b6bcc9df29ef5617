//! A burst of writes, the server killed with SIGKILL in the middle of it, then restarted on the same
//! data: every write the server acknowledged is there, and the database is sound.

use std::collections::HashSet;
use std::net::{IpAddr, Ipv4Addr};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::proof_of_work::solve;
use crate::server::{PATIENCE, Schema, Server};

/// Acknowledged writes to reach before the kill; the burst keeps going until the process is gone.
const ACKNOWLEDGED_BEFORE_KILL: usize = 60;
/// Concurrent writers signed in as the administrator.
const ADMIN_WRITERS: usize = 6;
/// Visitors sending the public contact form, each from its own loopback address (the form admits 5
/// messages per address per 10 minutes).
const VISITORS: u8 = 3;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Kind {
    Faq,
    Tag,
    Contact,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Acknowledged {
    kind: Kind,
    id: String,
}

#[derive(Default)]
struct Burst {
    acknowledged: Mutex<Vec<Acknowledged>>,
    count: AtomicUsize,
    sent: AtomicUsize,
}

impl Burst {
    fn record(&self, kind: Kind, body: &Value) {
        let id = body["_id"].as_str().unwrap_or_else(|| panic!("an acknowledged write names its id: {body}"));
        self.acknowledged.lock().unwrap().push(Acknowledged { kind, id: id.to_owned() });
        self.count.fetch_add(1, Ordering::SeqCst);
    }
}

fn contact(name: &str) -> Value {
    json!({
        "name": name,
        "email": "visitor@example.com",
        "subject": "A new website",
        "message": "We would like a quote for a new website."
    })
}

/// Sends one write; `None` once the server is gone (no answer, or an answer cut short).
async fn write(
    client: &reqwest::Client,
    burst: &Burst,
    url: String,
    token: Option<&str>,
    body: &Value,
) -> Option<(u16, Value)> {
    burst.sent.fetch_add(1, Ordering::SeqCst);
    let mut request = client.post(url).json(body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.ok()?;
    let status = response.status().as_u16();
    let body = response.json().await.ok()?;
    Some((status, body))
}

/// An administrator writing FAQs, tags and contact messages in turn until the server is gone.
async fn admin_writer(base: String, token: String, writer: usize, burst: Arc<Burst>) {
    let client = reqwest::Client::new();
    for n in 0.. {
        let (kind, path, body) = match n % 3 {
            0 => (
                Kind::Faq,
                "/api/faqs",
                json!({"question": format!("Is write {writer}-{n} kept?"), "answer": "Every acknowledged one."}),
            ),
            1 => (Kind::Tag, "/api/tags", json!({"name": format!("kept {writer} {n}")})),
            _ => {
                // An administrator's own entry sends the proof-of-work field as null, as the back office does.
                let mut body = contact(&format!("Writer {writer}-{n}"));
                body["proofOfWork"] = Value::Null;
                (Kind::Contact, "/api/contacts", body)
            }
        };
        let Some((status, body)) = write(&client, &burst, format!("{base}{path}"), Some(&token), &body).await else {
            return;
        };
        assert_eq!(status, 201, "{path}: {body}");
        burst.record(kind, &body);
    }
}

/// A proof-of-work challenge, as a visitor's browser asks for it; none once the server is gone.
async fn challenge(client: &reqwest::Client, base: &str) -> Option<Value> {
    let response = client.get(format!("{base}/api/challenge")).send().await.ok()?;
    (response.status() == 200).then_some(())?;
    response.json().await.ok()
}

/// A visitor sending the public contact form from its own address, at most 5 times, each with the
/// proof of work its browser found.
async fn visitor(base: String, visitor: u8, burst: Arc<Burst>) {
    let address = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2 + visitor));
    let client = reqwest::Client::builder().local_address(address).build().unwrap();
    for n in 0..5 {
        let mut body = contact(&format!("Visitor {visitor}-{n}"));
        let Some(challenge) = challenge(&client, &base).await else { return };
        body["proofOfWork"] = solve(&challenge);
        let Some((status, body)) = write(&client, &burst, format!("{base}/api/contacts"), None, &body).await else {
            return;
        };
        assert_eq!(status, 201, "visitor {visitor}: {body}");
        burst.record(Kind::Contact, &body);
    }
}

/// Runs the burst, kills the server once enough writes were acknowledged, and answers what was.
async fn burst_then_kill(server: Server) -> Vec<Acknowledged> {
    let token = server.sign_in().await;
    let burst = Arc::new(Burst::default());
    let mut writers = Vec::new();
    for writer in 0..ADMIN_WRITERS {
        writers.push(tokio::spawn(admin_writer(server.address.clone(), token.clone(), writer, burst.clone())));
    }
    for each in 0..VISITORS {
        writers.push(tokio::spawn(visitor(server.address.clone(), each, burst.clone())));
    }
    let started = Instant::now();
    while burst.count.load(Ordering::SeqCst) < ACKNOWLEDGED_BEFORE_KILL {
        assert!(started.elapsed() < PATIENCE, "the burst stalled");
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    server.kill();
    for writer in writers {
        writer.await.expect("a writer ends when the server is gone");
    }
    let acknowledged = burst.acknowledged.lock().unwrap().clone();
    assert!(acknowledged.len() >= ACKNOWLEDGED_BEFORE_KILL);
    let in_flight = burst.sent.load(Ordering::SeqCst) - acknowledged.len();
    eprintln!("SIGKILL with {} writes acknowledged and {in_flight} in flight", acknowledged.len());
    acknowledged
}

/// Checks that the restarted server has every acknowledged write.
async fn assert_all_present(server: &Server, acknowledged: &[Acknowledged]) {
    let token = server.sign_in().await;
    let (status, tags) = server.get_json("/api/tags", Some(&token)).await;
    assert_eq!(status, 200);
    let tags: HashSet<_> =
        tags.as_array().expect("a list").iter().filter_map(|tag| tag["_id"].as_str()).map(str::to_owned).collect();
    for write in acknowledged {
        let present = match write.kind {
            Kind::Tag => tags.contains(&write.id),
            Kind::Faq => server.get_json(&format!("/api/faqs/{}", write.id), Some(&token)).await.0 == 200,
            Kind::Contact => server.get_json(&format!("/api/contacts/{}", write.id), Some(&token)).await.0 == 200,
        };
        assert!(present, "acknowledged but lost after SIGKILL: {write:?}");
    }
}

/// SQLite's integrity check on the file, opened as the server opens it (WAL recovery included).
async fn assert_sqlite_sound(data_dir: &Path) {
    atelier_adapters_db::check_sqlite_integrity(&data_dir.join("atelier.db")).await.expect("the database is sound");
}

#[tokio::test]
async fn acknowledged_writes_survive_sigkill_on_sqlite() {
    let folder = tempfile::tempdir().unwrap();
    let data_dir = folder.path().join("data");
    let acknowledged = burst_then_kill(Server::start(&data_dir, None)).await;
    assert_sqlite_sound(&data_dir).await;
    let server = Server::start(&data_dir, None);
    assert_all_present(&server, &acknowledged).await;
    server.stop();
}

#[tokio::test]
async fn acknowledged_writes_survive_sigkill_on_postgresql() {
    let Some(schema) = Schema::create("durability").await else { return };
    let folder = tempfile::tempdir().unwrap();
    let data_dir = folder.path().join("data");
    let acknowledged = burst_then_kill(Server::start(&data_dir, Some(&schema.url))).await;
    schema.assert_sound().await;
    let server = Server::start(&data_dir, Some(&schema.url));
    assert_all_present(&server, &acknowledged).await;
    server.stop();
    schema.drop().await;
}
