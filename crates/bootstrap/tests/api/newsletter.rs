//! The newsletter through HTTP: sign-ups stored once, bots and floods kept out, confirmation by
//! mail when a mail server is configured, unsubscribing by the link's token (also RFC 8058's
//! one-click POST), and the administrators' list.

use atelier_adapters_db::{SeaOrmStore, connect};
use atelier_application::notifications::ports::OutboxRepository;
use atelier_domain::EntityId;
use atelier_domain::notification::{About, Topic};
use reqwest::header;
use serde_json::{Value, json};

use crate::helpers::{TestApp, closed_port, mail_through, spawn_app, spawn_app_with};

const SUBSCRIBERS: &str = "/api/newsletter/subscribers";

async fn sign_up(app: &TestApp, body: &Value) -> (u16, Value) {
    app.anonymous().post_json(SUBSCRIBERS, body).await
}

/// The administrators' list at `query` (`?search=…`).
async fn listed(app: &TestApp, query: &str) -> Value {
    let (status, list) = app.admin().get_json(&format!("{SUBSCRIBERS}{query}")).await;
    assert_eq!(status, 200, "{list}");
    list
}

fn emails(list: &Value) -> Vec<&str> {
    list["subscribers"].as_array().unwrap().iter().map(|subscriber| subscriber["email"].as_str().unwrap()).collect()
}

/// The token of a listed subscriber's unsubscribe link.
fn token_of(subscriber: &Value) -> String {
    let url = subscriber["unsubscribeUrl"].as_str().unwrap();
    url.split_once("?token=").unwrap().1.to_owned()
}

#[tokio::test]
async fn the_same_address_twice_in_any_case_is_accepted_quietly_and_stored_once() {
    let app = spawn_app().await;
    let (status, first) = sign_up(&app, &json!({"email": "  Ana.Lima@Example.com "})).await;
    assert_eq!((status, first), (202, json!({"confirmationRequired": false})));
    let (status, second) = sign_up(&app, &json!({"email": "ana.lima@EXAMPLE.COM"})).await;
    assert_eq!((status, second), (202, json!({"confirmationRequired": false})), "the same answer");

    let list = listed(&app, "").await;
    assert_eq!(list["totalItems"], 1);
    let subscriber = &list["subscribers"][0];
    assert_eq!(subscriber["email"], "ana.lima@example.com");
    assert_eq!(subscriber["status"], "unconfirmed", "no mail server: nobody confirmed it");
    assert!(subscriber["confirmedAt"].is_null());
    let unsubscribe = subscriber["unsubscribeUrl"].as_str().unwrap();
    assert!(unsubscribe.starts_with(&format!("{}/newsletter/unsubscribe?token=", app.address)), "{unsubscribe}");
    assert_eq!(token_of(subscriber).len(), 64);
}

#[tokio::test]
async fn a_missing_or_malformed_address_is_a_422_with_the_boxs_message() {
    let app = spawn_app().await;
    for body in [json!({}), json!({"email": ""}), json!({"email": "not-an-email"}), json!({"email": "a@b"})] {
        let (status, error) = sign_up(&app, &body).await;
        assert_eq!((status, error["errors"]["email"].as_str()), (422, Some("Please enter a valid email address")));
    }
    let (status, error) = sign_up(&app, &json!({"email": 42})).await;
    assert!(status == 422 && error["errors"]["email"].is_string(), "a wrongly typed field is named: {error}");
    assert_eq!(listed(&app, "").await["totalItems"], 0);
}

#[tokio::test]
async fn a_filled_honeypot_is_answered_as_usual_and_stores_nothing() {
    let app = spawn_app().await;
    let (status, answer) = sign_up(&app, &json!({"email": "bot@example.com", "website": "https://spam.example"})).await;
    assert_eq!((status, answer), (202, json!({"confirmationRequired": false})));
    assert_eq!(listed(&app, "").await["totalItems"], 0);
}

#[tokio::test]
async fn sign_ups_are_limited_per_address_apart_from_the_contact_forms() {
    let app = spawn_app().await;
    for index in 0..5 {
        let (status, body) = sign_up(&app, &json!({"email": format!("reader{index}@example.com")})).await;
        assert_eq!(status, 202, "{body}");
    }
    let response =
        app.client.post(app.url(SUBSCRIBERS)).json(&json!({"email": "one-more@example.com"})).send().await.unwrap();
    assert_eq!(response.status(), 429);
    let wait: u64 = response.headers()[header::RETRY_AFTER].to_str().unwrap().parse().unwrap();
    assert!((1..=600).contains(&wait), "{wait}");
    assert_eq!(listed(&app, "").await["totalItems"], 5, "the refused sign-up is not stored");

    let contact = json!({"name": "Ana", "email": "ana@example.com", "subject": "Hi", "message": "Hello"});
    assert_eq!(app.anonymous().post_json("/api/contacts", &contact).await.0, 201, "the contact form has its own count");
    let (status, _) = app.admin().post_json(SUBSCRIBERS, &json!({"email": "typed-in@example.com"})).await;
    assert_eq!(status, 202, "administrators are not limited");
}

#[tokio::test]
async fn the_unsubscribe_token_removes_the_address_through_the_api_and_may_be_used_twice() {
    let app = spawn_app().await;
    for email in ["ana@example.com", "ben@example.com"] {
        assert_eq!(sign_up(&app, &json!({"email": email})).await.0, 202);
    }
    let list = listed(&app, "?search=ana").await;
    let token = token_of(&list["subscribers"][0]);
    for _ in 0..2 {
        let (status, body) = app.anonymous().post_json("/api/newsletter/unsubscribe", &json!({"token": token})).await;
        assert_eq!(status, 204, "{body}");
    }
    assert_eq!(emails(&listed(&app, "").await), ["ben@example.com"]);
    let (status, body) = app.anonymous().post_json("/api/newsletter/unsubscribe", &json!({})).await;
    assert_eq!((status, body["errors"]["token"].as_str()), (422, Some("Token is required")));
    let (status, _) = app.anonymous().post_json("/api/newsletter/confirm", &json!({"token": token})).await;
    assert_eq!(status, 404, "a removed address cannot be confirmed");
}

#[tokio::test]
async fn the_unsubscribe_pages_button_and_a_one_click_post_remove_the_address_and_show_the_result_page() {
    let app = spawn_app().await;
    for email in ["ana@example.com", "ben@example.com"] {
        assert_eq!(sign_up(&app, &json!({"email": email})).await.0, 202);
    }
    let list = listed(&app, "").await;
    let tokens: Vec<String> = list["subscribers"].as_array().unwrap().iter().map(token_of).collect();

    // The page's form posts to its own address, with no body.
    let button =
        app.client.post(app.url(&format!("/newsletter/unsubscribe?token={}", tokens[0]))).send().await.unwrap();
    assert_eq!(button.status(), 303);
    assert_eq!(button.headers()[header::LOCATION], "/newsletter/unsubscribed");
    // RFC 8058: a mail client posts `List-Unsubscribe=One-Click` to the link.
    let one_click = app
        .client
        .post(app.url(&format!("/newsletter/unsubscribe?token={}", tokens[1])))
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body("List-Unsubscribe=One-Click")
        .send()
        .await
        .unwrap();
    assert_eq!(one_click.status(), 303);
    assert_eq!(listed(&app, "").await["totalItems"], 0);

    let again = app.client.post(app.url(&format!("/newsletter/unsubscribe?token={}", tokens[0]))).send().await.unwrap();
    assert_eq!(again.status(), 303, "following the link twice is fine");
    let nothing = app.client.post(app.url("/newsletter/unsubscribe")).send().await.unwrap();
    assert_eq!(nothing.status(), 303, "a link without a token removes nothing and says the same");

    let scanner = app.get(&format!("/newsletter/unsubscribe?token={}", tokens[0])).await;
    assert_ne!(scanner.status(), 303, "a GET never removes anything");
}

#[tokio::test]
async fn with_mail_on_the_address_waits_for_the_link_mailed_to_it() {
    let port = closed_port();
    let app = spawn_app_with(|config| {
        config.public_url = Some("https://studio.test".into());
        config.smtp = Some(mail_through(port));
    })
    .await;
    let (status, answer) = sign_up(&app, &json!({"email": "Ana@Example.com"})).await;
    assert_eq!((status, answer), (202, json!({"confirmationRequired": true})));
    let list = listed(&app, "").await;
    let subscriber = &list["subscribers"][0];
    assert_eq!(subscriber["status"], "pending");
    let token = token_of(subscriber);
    assert!(subscriber["unsubscribeUrl"].as_str().unwrap().starts_with("https://studio.test/newsletter/unsubscribe"));

    let file = app.folder.path().join("data").join("atelier.db");
    let store = SeaOrmStore::new(connect(&format!("sqlite://{}", file.display())).await.unwrap());
    let id = EntityId::parse(subscriber["_id"].as_str().unwrap()).unwrap();
    let mails = store.mails_about(About { topic: Topic::NewsletterConfirmation, id }).await.unwrap();
    assert_eq!(mails.len(), 1);
    assert_eq!(mails[0].recipient, "ana@example.com");
    let link = format!("https://studio.test/newsletter/confirm?token={token}");
    assert!(mails[0].body.contains(&link), "{}", mails[0].body);
    assert_eq!(sign_up(&app, &json!({"email": "ana@example.com"})).await.0, 202);
    let mails = store.mails_about(About { topic: Topic::NewsletterConfirmation, id }).await.unwrap();
    assert_eq!(mails.len(), 1, "no second mail within a day");

    let scanner = app.get(&format!("/newsletter/confirm?token={token}")).await;
    assert_ne!(scanner.status(), 303, "opening the link confirms nothing by itself");
    assert_eq!(listed(&app, "").await["subscribers"][0]["status"], "pending");
    let button = app.client.post(app.url(&format!("/newsletter/confirm?token={token}"))).send().await.unwrap();
    assert_eq!(
        (button.status().as_u16(), button.headers()[header::LOCATION].to_str().unwrap()),
        (303, "/newsletter/confirmed")
    );
    let confirmed = &listed(&app, "").await["subscribers"][0];
    assert_eq!(confirmed["status"], "confirmed");
    assert!(confirmed["confirmedAt"].is_string());
    let (status, body) = app.anonymous().post_json("/api/newsletter/confirm", &json!({"token": token})).await;
    assert_eq!((status, body), (200, json!("confirmed")), "confirming twice changes nothing");

    let unknown =
        app.client.post(app.url(&format!("/newsletter/confirm?token={}", "0".repeat(64)))).send().await.unwrap();
    assert_eq!(unknown.headers()[header::LOCATION], "/newsletter/invalid-link");
}

#[tokio::test]
async fn administrators_search_filter_page_count_and_delete() {
    let app = spawn_app().await;
    for email in ["ana@example.com", "ben@studio.example", "cy@example.com"] {
        assert_eq!(app.admin().post_json(SUBSCRIBERS, &json!({"email": email})).await.0, 202);
    }
    let every = listed(&app, "").await;
    assert_eq!(emails(&every), ["cy@example.com", "ben@studio.example", "ana@example.com"]);
    assert_eq!((every["totalItems"].as_u64(), every["totalPages"].as_u64()), (Some(3), Some(1)));
    assert_eq!(emails(&listed(&app, "?search=STUDIO").await), ["ben@studio.example"]);
    assert_eq!(listed(&app, "?status=confirmed").await["totalItems"], 0);
    assert_eq!(listed(&app, "?status=unconfirmed").await["totalItems"], 3);
    let page = listed(&app, "?page=2&limit=2").await;
    assert_eq!((emails(&page), page["currentPage"].as_u64()), (vec!["ana@example.com"], Some(2)));
    let (status, _) = app.admin().get_json(&format!("{SUBSCRIBERS}?status=everyone")).await;
    assert_eq!(status, 400);

    let id = every["subscribers"][1]["_id"].as_str().unwrap();
    assert_eq!(app.admin().delete(&format!("{SUBSCRIBERS}/{id}")).await.0, 204);
    assert_eq!(app.admin().delete(&format!("{SUBSCRIBERS}/{id}")).await.0, 404);
    assert_eq!(emails(&listed(&app, "").await), ["cy@example.com", "ana@example.com"]);
}

#[tokio::test]
async fn the_list_and_deletes_are_refused_to_anonymous_callers_and_to_roles_without_the_newsletter() {
    let app = spawn_app().await;
    assert_eq!(sign_up(&app, &json!({"email": "ana@example.com"})).await.0, 202);
    let id = listed(&app, "").await["subscribers"][0]["_id"].as_str().unwrap().to_owned();
    let member = app.role_token("contributor").await;
    for caller in [app.anonymous(), app.with_token(&member)] {
        let (status, body) = caller.get_json(SUBSCRIBERS).await;
        assert!(status == 401 || status == 403, "{status}: {body}");
        assert!(!body.to_string().contains("ana@example.com"));
        let (status, _) = caller.delete(&format!("{SUBSCRIBERS}/{id}")).await;
        assert!(status == 401 || status == 403, "{status}");
    }
    assert_eq!(listed(&app, "").await["totalItems"], 1);
}
