//! Notification emails end to end: the real application with its mail worker, a mail server that is
//! down, one that never answers, and one written here that takes messages (all on loopback).

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use atelier_adapters_db::{SeaOrmStore, connect};
use atelier_application::notifications::ports::OutboxRepository;
use atelier_domain::EntityId;
use atelier_domain::notification::{About, AttemptOutcome, MailStatus, OutgoingMail, Topic};
use chrono::Utc;
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

use crate::helpers::{TestApp, closed_port, mail_through, spawn_app, spawn_app_with};

const AGENCY: &str = "team@studio.test";

/// The application sending mail through `port` on loopback, with the settings' contact email set.
async fn app_mailing_to(port: u16) -> TestApp {
    let app = spawn_app_with(|config| {
        config.public_url = Some("https://studio.test".into());
        config.smtp = Some(mail_through(port));
    })
    .await;
    let (status, body) = app.admin().put_json("/api/settings", &json!({"contactEmail": AGENCY})).await;
    assert_eq!(status, 200, "{body}");
    app
}

/// The application's own database, to read its outbox.
async fn outbox(app: &TestApp) -> SeaOrmStore {
    let file = app.folder.path().join("data").join("atelier.db");
    SeaOrmStore::new(connect(&format!("sqlite://{}", file.display())).await.unwrap())
}

fn contact() -> Value {
    json!({"name": "Ana Lima", "email": "ana@example.com", "subject": "A new website", "message": "Hello there."})
}

fn project_request() -> Value {
    json!({
        "clientName": "Ben Ode", "companyName": "Globex", "email": "ben@globex.example", "projectType": "web-app",
        "budget": "10k-25k", "timeline": "1-3-months", "description": "A customer portal.", "termsAccepted": true
    })
}

/// Submits `body` anonymously to `path`; answers the new record's id and how long the answer took.
async fn submit(app: &TestApp, path: &str, body: &Value) -> (EntityId, Duration) {
    let started = Instant::now();
    let (status, created) = app.anonymous().post_json(path, body).await;
    let took = started.elapsed();
    assert_eq!(status, 201, "{created}");
    (EntityId::parse(created["_id"].as_str().unwrap()).unwrap(), took)
}

/// Waits (up to 15 s) until the one mail about `about` satisfies `done`, and answers it.
async fn mail_when(store: &SeaOrmStore, about: About, done: impl Fn(&OutgoingMail) -> bool) -> OutgoingMail {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let mails = store.mails_about(about).await.unwrap();
        assert!(mails.len() <= 1, "one mail per submission: {mails:?}");
        if let Some(mail) = mails.into_iter().next().filter(|mail| done(mail)) {
            return mail;
        }
        assert!(Instant::now() < deadline, "the mail about {about:?} never got there");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A mail server on `port` that takes every message and keeps it as sent after DATA.
async fn start_sink(port: u16) -> Arc<Mutex<Vec<String>>> {
    let listener = TcpListener::bind(("127.0.0.1", port)).await.unwrap();
    let received = Arc::new(Mutex::new(Vec::new()));
    let kept = received.clone();
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            let kept = kept.clone();
            tokio::spawn(async move {
                let (reader, mut writer) = stream.into_split();
                let mut lines = BufReader::new(reader);
                writer.write_all(b"220 sink.test ESMTP\r\n").await.unwrap();
                let mut line = String::new();
                while {
                    line.clear();
                    lines.read_line(&mut line).await.unwrap_or(0) > 0
                } {
                    let command = line.trim_end().to_ascii_uppercase();
                    let reply: &[u8] = if command.starts_with("EHLO") {
                        b"250-sink.test\r\n250 8BITMIME\r\n"
                    } else if command == "DATA" {
                        writer.write_all(b"354 Go ahead\r\n").await.unwrap();
                        let mut data = String::new();
                        while {
                            line.clear();
                            lines.read_line(&mut line).await.unwrap_or(0) > 0 && line != ".\r\n"
                        } {
                            data.push_str(&line);
                        }
                        kept.lock().unwrap().push(data);
                        b"250 Queued\r\n"
                    } else if command == "QUIT" {
                        b"221 Bye\r\n"
                    } else {
                        b"250 OK\r\n"
                    };
                    writer.write_all(reply).await.unwrap();
                }
            });
        }
    });
    received
}

#[tokio::test]
async fn with_the_mail_server_down_a_message_is_stored_at_once_and_its_mail_retried_later() {
    let port = closed_port();
    let app = app_mailing_to(port).await;
    let store = outbox(&app).await;

    let (id, took) = submit(&app, "/api/contacts", &contact()).await;
    assert!(took < Duration::from_secs(3), "the visitor waited {took:?}");
    let (status, stored) = app.admin().get_json(&format!("/api/contacts/{id}")).await;
    assert_eq!((status, stored["name"].as_str()), (200, Some("Ana Lima")));

    let about = About { topic: Topic::ContactMessage, id };
    let failed = mail_when(&store, about, |mail| mail.attempts == 1).await;
    assert_eq!((failed.status, failed.recipient.as_str()), (MailStatus::Pending, AGENCY));
    assert_eq!(failed.subject, "New message from Ana Lima: A new website");
    assert!(failed.body.contains(&format!("https://studio.test/admin/contacts/{id}")), "{}", failed.body);
    let wait = failed.next_attempt_at - Utc::now();
    assert!(wait > chrono::Duration::seconds(40) && wait <= chrono::Duration::minutes(1), "retried in {wait}");
    let attempts = store.mail_attempts(failed.id).await.unwrap();
    assert_eq!(attempts.len(), 1);
    assert_eq!(attempts[0].outcome, AttemptOutcome::Failed);
    assert!(attempts[0].error.to_lowercase().contains("connect"), "{}", attempts[0].error);

    // The server comes back: the worker is still running and mails the next request at once.
    let sink = start_sink(port).await;
    let (request_id, _) = submit(&app, "/api/project-requests", &project_request()).await;
    let request_about = About { topic: Topic::ProjectRequest, id: request_id };
    let sent = mail_when(&store, request_about, |mail| mail.status == MailStatus::Sent).await;
    assert_eq!(sent.attempts, 1);
    // Long lines arrive quoted-printable, with soft breaks ("=" at a line's end) to undo.
    let received: Vec<String> = sink.lock().unwrap().iter().map(|data| data.replace("=\r\n", "")).collect();
    assert_eq!(received.len(), 1, "{received:?}");
    assert!(received[0].contains("Subject: New project request from Ben Ode (Globex): Web Application"));
    assert!(
        received[0].contains(&format!("https://studio.test/admin/project-requests/{request_id}")),
        "{}",
        received[0]
    );

    let waiting = mail_when(&store, about, |_| true).await;
    assert_eq!((waiting.status, waiting.attempts), (MailStatus::Pending, 1), "the first mail waits for its retry");
}

#[tokio::test]
async fn a_mail_server_that_never_answers_does_not_delay_the_visitor() {
    // It accepts connections and says nothing, so an attempt hangs until the SMTP time-out.
    let silent = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = silent.local_addr().unwrap().port();
    let held = Arc::new(Mutex::new(Vec::new()));
    let keep = held.clone();
    tokio::spawn(async move {
        while let Ok((stream, _)) = silent.accept().await {
            keep.lock().unwrap().push(stream);
        }
    });
    let app = app_mailing_to(port).await;
    for _ in 0..2 {
        let (_, took) = submit(&app, "/api/contacts", &contact()).await;
        assert!(took < Duration::from_secs(3), "the visitor waited {took:?}");
    }
    let (_, took) = submit(&app, "/api/project-requests", &project_request()).await;
    assert!(took < Duration::from_secs(3), "the visitor waited {took:?}");
}

#[tokio::test]
async fn without_a_mail_server_nothing_is_queued() {
    let app = spawn_app().await;
    let (status, body) = app.admin().put_json("/api/settings", &json!({"contactEmail": AGENCY})).await;
    assert_eq!(status, 200, "{body}");
    let (id, _) = submit(&app, "/api/contacts", &contact()).await;
    let store = outbox(&app).await;
    assert!(store.mails_about(About { topic: Topic::ContactMessage, id }).await.unwrap().is_empty());
}

#[tokio::test]
async fn an_invitation_mail_is_sent_with_its_link_and_then_kept_without_it() {
    let port = closed_port();
    let received = start_sink(port).await;
    let app = app_mailing_to(port).await;
    let (status, invited) =
        app.admin().post_json("/api/admins/invitations", &json!({"email": "grace@studio.test"})).await;
    assert_eq!(status, 201, "{invited}");
    let link = invited["link"].as_str().unwrap();
    let token = link.split_once('#').unwrap().1;
    let id = EntityId::parse(invited["invitation"]["_id"].as_str().unwrap()).unwrap();
    let store = outbox(&app).await;
    let sent = mail_when(&store, About { topic: Topic::Invitation, id }, |mail| mail.status == MailStatus::Sent).await;
    let delivered = received.lock().unwrap().join("").replace("=\r\n", "");
    assert!(delivered.contains(token), "the person invited gets the link");
    assert!(!sent.body.contains(token), "the outbox no longer holds it: {}", sent.body);
    let (status, _) = app.anonymous().post_json("/api/auth/invitations/inspect", &json!({"token": token})).await;
    assert_eq!(status, 200, "the link still works for the person invited");
}
