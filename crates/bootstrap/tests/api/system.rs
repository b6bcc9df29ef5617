use atelier_application::ports::{Clock, SharedClock};
use chrono::{DateTime, DurationRound, TimeDelta, Utc};
use serde_json::json;

use crate::helpers::{spawn_app, spawn_demo_app_on, spawn_empty_app_on, write_prerendered_pages};

/// A clock stopped at one moment.
#[derive(Debug, Clone)]
struct Stopped(DateTime<Utc>);

impl Clock for Stopped {
    fn now(&self) -> DateTime<Utc> {
        self.0
    }
}

#[tokio::test]
async fn the_application_goes_by_the_clock_it_is_built_on() {
    // A day ahead, so the tokens it signs are still good by the computer's clock.
    let at = (Utc::now() + TimeDelta::days(1)).duration_trunc(TimeDelta::seconds(1)).unwrap();
    let app = spawn_empty_app_on(SharedClock::new(Stopped(at))).await;
    let (status, faq) = app.admin().post_json("/api/faqs", &json!({"question": "When?", "answer": "Then."})).await;
    assert_eq!(status, 201, "{faq}");
    for field in ["createdAt", "updatedAt"] {
        let stamped: DateTime<Utc> = faq[field].as_str().unwrap().parse().unwrap();
        assert_eq!(stamped, at, "{field}");
    }
    let seconds = format!("{:08x}", at.timestamp());
    assert!(faq["_id"].as_str().unwrap().starts_with(&seconds), "the id is made on the same clock: {faq}");
}

#[tokio::test]
async fn what_a_visitor_and_an_administrator_read_is_dated_by_that_clock() {
    // Years away from the computer's clock: tokens, the demo's dates, the footer and the exports'
    // file names must all go by the application's.
    let at: DateTime<Utc> = "2031-06-15T12:00:00Z".parse().unwrap();
    let app = spawn_demo_app_on(SharedClock::new(Stopped(at))).await;
    write_prerendered_pages(&app);

    let exported = app.admin().request(reqwest::Method::GET, "/api/contacts/export").send().await.unwrap();
    assert_eq!(exported.status(), 200, "a token signed on that clock is good on it");
    let disposition = exported.headers()["content-disposition"].to_str().unwrap().to_owned();
    assert!(disposition.contains("contact-messages-2031-06-15.csv"), "{disposition}");

    let page = app.get("/about").await.text().await.unwrap();
    assert!(page.contains("© 2031 "), "the footer's year is the clock's");

    let (status, posts) = app.get_json("/api/blog/public/posts?limit=100").await;
    assert_eq!(status, 200);
    let dates: Vec<DateTime<Utc>> = posts["blogs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|post| post["createdAt"].as_str().unwrap().parse().unwrap())
        .collect();
    assert!(!dates.is_empty(), "the demo's posts are live on that clock");
    assert!(dates.iter().all(|date| *date <= at && at - *date < TimeDelta::days(400)), "{dates:?}");
}

#[tokio::test]
async fn health_and_readiness_answer_ok() {
    let app = spawn_app().await;
    assert_eq!(app.get_json("/api/health").await, (200, json!({"status": "ok"})));
    assert_eq!(app.get_json("/api/ready").await, (200, json!({"status": "ready"})));
}

#[tokio::test]
async fn the_openapi_document_is_served_and_matches_the_exported_one() {
    let app = spawn_app().await;
    let (status, served) = app.get_json("/api/openapi.json").await;
    assert_eq!(status, 200);
    let exported: serde_json::Value = serde_json::from_str(&atelier_adapters_http::openapi_json()).unwrap();
    assert_eq!(served, exported);
    assert_eq!(served["servers"][0]["url"], "/api");
}

#[tokio::test]
async fn every_operation_is_documented_with_an_id_a_summary_a_description_and_described_responses() {
    let document: serde_json::Value = serde_json::from_str(&atelier_adapters_http::openapi_json()).unwrap();
    let mut seen = std::collections::HashSet::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let id = operation["operationId"].as_str().unwrap_or_else(|| panic!("{method} {path} has no operationId"));
            assert!(seen.insert(id.to_owned()), "duplicate operationId {id}");
            assert!(operation["summary"].as_str().is_some_and(|s| !s.is_empty()), "{method} {path} has no summary");
            assert!(
                operation["description"].as_str().is_some_and(|s| !s.is_empty()),
                "{method} {path} has no description"
            );
            for (code, response) in operation["responses"].as_object().unwrap() {
                let response = match response["$ref"].as_str() {
                    Some(reference) => resolve(&document, reference),
                    None => response,
                };
                assert!(response["description"].as_str().is_some_and(|d| !d.is_empty()), "{method} {path} {code}");
            }
        }
    }
}

#[tokio::test]
async fn swagger_ui_is_served_under_api_docs() {
    let app = spawn_app().await;
    let redirect = app.get("/api/docs").await;
    assert_eq!(redirect.status().as_u16(), 308);
    let page = app.get("/api/docs/").await;
    assert_eq!(page.status().as_u16(), 200);
    assert!(page.text().await.unwrap().contains("swagger"));
}

#[tokio::test]
async fn the_exported_document_in_the_repository_is_current() {
    let committed = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../openapi/openapi.json"))
        .expect("openapi/openapi.json exists");
    assert!(committed == atelier_adapters_http::openapi_json(), "openapi/openapi.json is stale: run `just generate`");
}

#[tokio::test]
async fn every_reference_in_the_document_resolves() {
    fn references(value: &serde_json::Value, found: &mut Vec<String>) {
        match value {
            serde_json::Value::Object(fields) => {
                for (key, value) in fields {
                    match (key.as_str(), value.as_str()) {
                        ("$ref", Some(reference)) => found.push(reference.to_owned()),
                        _ => references(value, found),
                    }
                }
            }
            serde_json::Value::Array(items) => items.iter().for_each(|item| references(item, found)),
            _ => {}
        }
    }
    let document: serde_json::Value = serde_json::from_str(&atelier_adapters_http::openapi_json()).unwrap();
    let mut found = Vec::new();
    references(&document, &mut found);
    assert!(!found.is_empty());
    for reference in found {
        assert!(
            reference.starts_with("#/components/schemas/") || reference.starts_with("#/components/responses/"),
            "{reference}"
        );
        assert!(resolve(&document, &reference).is_object(), "{reference} does not resolve");
    }
}

/// The value a local `$ref` (`#/components/...`) points at.
fn resolve<'a>(document: &'a serde_json::Value, reference: &str) -> &'a serde_json::Value {
    let pointer = reference.strip_prefix('#').expect("a local reference");
    document.pointer(pointer).unwrap_or(&serde_json::Value::Null)
}
