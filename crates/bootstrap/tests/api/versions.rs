//! The version protocol of every update, table-driven over every kind of record that has one: a
//! missing `version` answers 428, a stale one 409 with `code: "stale"`, the record as it is now and
//! who changed it, a current one 200 with the next version; of two parallel updates from one version
//! exactly one lands. On SQLite, and on PostgreSQL when `TEST_DATABASE_URL` names a server.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{Schema, TestApp, spawn_app, spawn_app_with};

/// One update operation: its method, how to find the path of a demo record it changes (`{id}` in
/// `path` is the `_id` of the first record `list` answers), and a body it accepts.
struct Kind {
    name: &'static str,
    method: Method,
    list: Option<&'static str>,
    path: &'static str,
    body: fn(u32) -> Value,
}

fn kinds() -> Vec<Kind> {
    record_kinds().into_iter().chain(inbox_kinds()).chain(single_kinds()).collect()
}

/// The records found in a list.
fn record_kinds() -> Vec<Kind> {
    let kind = |name, method, list, path, body| Kind { name, method, list, path, body };
    vec![
        kind(
            "service",
            Method::PUT,
            Some("/api/services"),
            "/api/services/{id}",
            |n| json!({"title": format!("Service {n}")}),
        ),
        kind(
            "category",
            Method::PUT,
            Some("/api/blog/categories"),
            "/api/blog/categories/{id}",
            |n| json!({"description": format!("Category {n}")}),
        ),
        kind("tag", Method::PUT, Some("/api/tags"), "/api/tags/{id}", |n| json!({"name": format!("Tag {n}")})),
        kind(
            "technology",
            Method::PUT,
            Some("/api/technologies"),
            "/api/technologies/{id}",
            |n| json!({"description": format!("Technology {n}")}),
        ),
        kind(
            "testimonial",
            Method::PUT,
            Some("/api/testimonials"),
            "/api/testimonials/{id}",
            |n| json!({"company": format!("Company {n}")}),
        ),
        kind(
            "redirect",
            Method::PUT,
            Some("/api/redirects"),
            "/api/redirects/{id}",
            |n| json!({"note": format!("Note {n}")}),
        ),
        kind(
            "faq",
            Method::PUT,
            Some("/api/faqs"),
            "/api/faqs/{id}",
            |n| json!({"question": format!("Question {n}?")}),
        ),
        kind(
            "faq status",
            Method::PATCH,
            Some("/api/faqs"),
            "/api/faqs/{id}/status",
            |n| json!({"status": if n % 2 == 0 { "active" } else { "inactive" }}),
        ),
        kind(
            "team member",
            Method::PUT,
            Some("/api/team"),
            "/api/team/{id}",
            |n| json!({"position": format!("Role {n}")}),
        ),
        kind(
            "post",
            Method::PUT,
            Some("/api/blog/posts"),
            "/api/blog/posts/{id}",
            |n| json!({"excerpt": format!("Post {n}")}),
        ),
        kind(
            "project",
            Method::PUT,
            Some("/api/portfolio"),
            "/api/portfolio/{id}",
            |n| json!({"client": format!("Client {n}")}),
        ),
        kind(
            "media details",
            Method::PUT,
            Some("/api/media"),
            "/api/media/{id}",
            |n| json!({"title": format!("Brief {n}")}),
        ),
    ]
}

/// The inbox's records: what visitors sent, with their status and notes.
fn inbox_kinds() -> Vec<Kind> {
    let kind = |name, method, list, path, body| Kind { name, method, list, path, body };
    vec![
        kind(
            "contact message",
            Method::PUT,
            Some("/api/contacts"),
            "/api/contacts/{id}",
            |n| json!({"notes": format!("Notes {n}")}),
        ),
        kind(
            "contact status",
            Method::PATCH,
            Some("/api/contacts"),
            "/api/contacts/{id}/status",
            |n| json!({"status": if n % 2 == 0 { "read" } else { "new" }}),
        ),
        kind(
            "project request",
            Method::PUT,
            Some("/api/project-requests"),
            "/api/project-requests/{id}",
            |n| json!({"notes": format!("Notes {n}")}),
        ),
        kind(
            "project request status",
            Method::PATCH,
            Some("/api/project-requests"),
            "/api/project-requests/{id}/status",
            |n| json!({"status": if n % 2 == 0 { "contacted" } else { "new_request" }}),
        ),
    ]
}

/// The records of which there is one, and the content pages, named by their path.
fn single_kinds() -> Vec<Kind> {
    let kind = |name, method, list, path, body| Kind { name, method, list, path, body };
    vec![
        kind("content page", Method::PUT, None, "/api/content/about", |n| json!({"subtitle": format!("About {n}")})),
        kind(
            "content status",
            Method::PATCH,
            None,
            "/api/content/about/status",
            |n| json!({"status": if n % 2 == 0 { "draft" } else { "published" }}),
        ),
        kind("home page", Method::PUT, None, "/api/home-page", |n| json!({"footerServices": [format!("Service {n}")]})),
        kind("settings", Method::PUT, None, "/api/settings", |n| json!({"siteDescription": format!("Site {n}")})),
        kind(
            "service settings",
            Method::PUT,
            None,
            "/api/settings/services",
            |n| json!({"maxServicesDisplay": 3 + n % 3}),
        ),
        kind(
            "contact details",
            Method::PUT,
            None,
            "/api/contact-details",
            |n| json!({"email": "hello@atelier.example", "address": "1 Studio Lane", "phone": format!("+44 20 7946 00{n:02}")}),
        ),
    ]
}

/// The first array in a list's answer (a plain array, or under `data`, `items`, …).
fn first_of(list: &Value) -> Option<&Value> {
    match list {
        Value::Array(items) => items.first(),
        Value::Object(fields) => fields.values().find_map(|value| value.as_array()).and_then(|items| items.first()),
        _ => None,
    }
}

/// The path of a demo record `kind` changes.
async fn path_of(app: &TestApp, kind: &Kind) -> String {
    let Some(list) = kind.list else { return kind.path.to_owned() };
    let (status, listed) = app.admin().get_json(list).await;
    assert_eq!(status, 200, "{}: {listed}", kind.name);
    let id = first_of(&listed)
        .and_then(|item| item["_id"].as_str())
        .unwrap_or_else(|| panic!("{}: a demo record", kind.name));
    kind.path.replace("{id}", id)
}

/// The record an answer carries (technologies wrap theirs in `data`).
fn record(answer: &Value) -> &Value {
    if answer.get("data").is_some_and(Value::is_object) { &answer["data"] } else { answer }
}

/// The version of the record `path` changes, as a client reads it.
async fn version_of(app: &TestApp, path: &str) -> i64 {
    let body = app.admin().with_current_version(path, &json!({})).await;
    body["version"].as_i64().unwrap_or_else(|| panic!("{path}: a version in the read shape"))
}

fn with_version(body: Value, version: i64) -> Value {
    let mut body = body;
    body["version"] = json!(version);
    body
}

async fn every_update_follows_the_protocol(app: &TestApp) {
    // The demo has no media: one upload gives the media details their record.
    let (status, uploaded) = crate::media::upload(app, &[("brief.pdf", crate::media::pdf())]).await;
    assert_eq!(status, 201, "{uploaded}");
    for kind in kinds() {
        let name = kind.name;
        let path = path_of(app, &kind).await;
        let admin = app.admin();
        // No version: refused, whoever calls.
        let (status, body) = admin.send_json(kind.method.clone(), &path, &(kind.body)(1)).await;
        assert_eq!(status, 428, "{name}: {body}");
        assert!(body["message"].as_str().unwrap().contains("version"), "{name}: {body}");
        // The current version: stored, one version on, changed by the administrator.
        let version = version_of(app, &path).await;
        let (status, body) = admin.send_json(kind.method.clone(), &path, &with_version((kind.body)(2), version)).await;
        assert_eq!(status, 200, "{name}: {body}");
        let saved = record(&body);
        assert_eq!(saved["version"], version + 1, "{name}: {saved}");
        assert!(saved["updatedBy"]["name"].is_string() && saved["updatedBy"]["id"].is_string(), "{name}: {saved}");
        // The version it had before: refused with the record as it is now; nothing changes.
        let (status, body) = admin.send_json(kind.method.clone(), &path, &with_version((kind.body)(3), version)).await;
        assert_eq!(status, 409, "{name}: {body}");
        assert_eq!(body["code"], "stale", "{name}: {body}");
        assert_eq!(body["current"]["version"], version + 1, "{name}: {body}");
        assert_eq!(body["changedBy"], saved["updatedBy"], "{name}: {body}");
        assert_eq!(body["changedAt"], body["current"]["updatedAt"], "{name}: {body}");
        assert_eq!(version_of(app, &path).await, version + 1, "{name}: a stale update changes nothing");
    }
}

#[tokio::test]
async fn every_update_needs_the_version_it_started_from() {
    let app = spawn_app().await;
    every_update_follows_the_protocol(&app).await;
}

#[tokio::test]
async fn every_update_needs_the_version_it_started_from_on_postgresql() {
    let Some(schema) = Schema::create().await else { return };
    let url = schema.url.clone();
    let app = spawn_app_with(move |config| config.database_url = url).await;
    every_update_follows_the_protocol(&app).await;
    schema.drop().await;
}

#[tokio::test]
async fn of_two_parallel_updates_from_one_version_one_lands_and_one_is_stale() {
    let app = spawn_app().await;
    for kind in kinds().into_iter().filter(|kind| ["service", "post", "settings"].contains(&kind.name)) {
        let path = path_of(&app, &kind).await;
        let version = version_of(&app, &path).await;
        let admin = app.admin();
        let (first, second) = (with_version((kind.body)(4), version), with_version((kind.body)(5), version));
        let (one, two) = tokio::join!(
            admin.send_json(kind.method.clone(), &path, &first),
            admin.send_json(kind.method.clone(), &path, &second),
        );
        let mut statuses = [one.0, two.0];
        statuses.sort_unstable();
        assert_eq!(statuses, [200, 409], "{}: {one:?} {two:?}", kind.name);
        assert_eq!(version_of(&app, &path).await, version + 1, "{}", kind.name);
    }
}

#[tokio::test]
async fn a_version_that_is_not_one_is_refused_and_the_document_says_so() {
    let app = spawn_app().await;
    let kind = kinds().remove(0);
    let path = path_of(&app, &kind).await;
    let (status, body) = app.admin().send_json(Method::PUT, &path, &json!({"title": "x", "version": "1"})).await;
    assert_eq!(status, 422, "{body}");
    assert!(body["errors"]["version"].is_string(), "{body}");
    // A body no handler could read is the malformed document it is, not a missing version.
    for broken in [r#"{"title": "x", "version": 1e400}"#, r#"{"title": "x", "version": 1"#] {
        let response = app
            .admin()
            .request(Method::PUT, &path)
            .header("content-type", "application/json")
            .body(broken)
            .send()
            .await
            .expect("the server answers");
        assert_eq!(response.status(), 400, "{broken}");
    }
    let (_, document) = app.get_json("/api/openapi.json").await;
    let update = &document["paths"]["/services/{id}"]["put"];
    assert!(update["responses"]["428"].is_object() && update["responses"]["409"].is_object(), "{update}");
    let schema = &update["requestBody"]["content"]["application/json"]["schema"]["allOf"][1]["$ref"];
    assert_eq!(schema, "#/components/schemas/VersionField");
    assert_eq!(document["components"]["schemas"]["VersionField"]["required"], json!(["version"]));
}

#[tokio::test]
async fn the_fuzzer_expects_the_answers_of_a_version_from_every_versioned_operation() {
    let app = spawn_app().await;
    let (_, document) = app.get_json("/api/openapi.json").await;
    let block = crate::helpers::fuzzer_block(&["\"updateBlogPost\"", "\"428\""]);
    for (method, path) in atelier_adapters_http::versions::VERSIONED {
        let id = document["paths"][path][method.to_lowercase()]["operationId"].as_str().expect("documented");
        assert!(block.contains(&format!("\"{id}\"")), "{method} {path} ({id}) is missing from the versioned block");
    }
}
