//! The audit log over HTTP: administrators' writes and sign-ins are recorded with who, what, the
//! request id and the names of the fields changed; a write that fails leaves no entry; the list is
//! filtered and paged, and nothing in it can be changed through the API.

use crate::multipart::Multipart;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{ADMIN_EMAIL, ADMIN_PASSWORD, TestApp, json_of, spawn_app};

/// Sends a request as the administrator; answers its status, its request id and its body.
async fn send(app: &TestApp, method: Method, path: &str, body: Option<&Value>) -> (u16, String, Value) {
    let mut request = app.admin().request(method.clone(), path);
    if let Some(body) = body {
        // An update sends the version it started from, as the back office does.
        let versioned = [Method::PUT, Method::PATCH].contains(&method);
        let body = if versioned { app.admin().with_current_version(path, body).await } else { body.clone() };
        request = request.json(&body);
    }
    let response = request.send().await.unwrap();
    let request_id = response.headers()["x-request-id"].to_str().unwrap().to_owned();
    let (status, body) = json_of(response).await;
    (status, request_id, body)
}

async fn entries(app: &TestApp, query: &str) -> Vec<Value> {
    let (status, list) = app.admin().get_json(&format!("/api/audit{query}")).await;
    assert_eq!(status, 200, "{list}");
    list["entries"].as_array().unwrap().clone()
}

async fn entry_of(app: &TestApp, request_id: &str) -> Option<Value> {
    entries(app, "?limit=1000").await.into_iter().find(|entry| entry["requestId"] == request_id)
}

async fn first_service_id(app: &TestApp) -> String {
    let (_, services) = app.admin().get_json("/api/services").await;
    services[0]["_id"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn an_update_is_recorded_with_the_actor_the_record_the_request_and_the_changed_fields_only() {
    let app = spawn_app().await;
    let id = first_service_id(&app).await;
    let (_, before, _) = send(&app, Method::GET, &format!("/api/services/{id}"), None).await;
    let current = app.admin().get_json(&format!("/api/services/{id}")).await.1;
    // The form sends every field; only the title changes.
    let mut body = current.clone();
    body["title"] = json!("Renamed service");
    for field in ["_id", "createdAt", "updatedAt"] {
        body.as_object_mut().unwrap().remove(field);
    }
    let (status, request_id, _) = send(&app, Method::PUT, &format!("/api/services/{id}"), Some(&body)).await;
    assert_eq!(status, 200);

    let entry = entry_of(&app, &request_id).await.expect("the update is recorded");
    assert_eq!(entry["actorEmail"], ADMIN_EMAIL);
    assert!(entry["actorId"].is_string() && entry["actorName"].is_string(), "{entry}");
    assert_eq!((entry["action"].as_str(), entry["entityKind"].as_str()), (Some("update"), Some("services")));
    assert_eq!(entry["entityId"], id.as_str());
    assert_eq!(entry["operation"], "PUT /services/{id}");
    assert_eq!(entry["summary"], json!(["title"]), "only the changed field is named");
    assert!(entry_of(&app, &before).await.is_none(), "a read is not recorded");
}

#[tokio::test]
async fn a_post_entry_names_the_post_by_title_and_only_the_fields_changed_even_once_deleted() {
    let app = spawn_app().await;
    let (_, posts) = app.admin().get_json("/api/blog/posts?limit=1").await;
    let post = posts["blogs"][0].clone();
    let id = post["_id"].as_str().unwrap().to_owned();
    let title = post["title"].as_str().unwrap().to_owned();
    // The form sends every field; only the excerpt changes.
    let mut body = post.clone();
    body["excerpt"] = json!("A shorter excerpt");
    let (status, request_id, _) = send(&app, Method::PUT, &format!("/api/blog/posts/{id}"), Some(&body)).await;
    assert_eq!(status, 200);
    let entry = entry_of(&app, &request_id).await.expect("the update is recorded");
    assert_eq!(entry["entityTitle"], title.as_str(), "named by its title, not only its id");
    assert_eq!(entry["summary"], json!(["excerpt"]), "the diff of before and after, not the fields sent");

    let (status, request_id, _) = send(&app, Method::DELETE, &format!("/api/blog/posts/{id}"), None).await;
    assert!(status == 200 || status == 204, "{status}");
    let entry = entry_of(&app, &request_id).await.expect("the deletion is recorded");
    assert_eq!(entry["entityTitle"], title.as_str(), "a deleted post still reads well");
}

#[tokio::test]
async fn a_write_that_fails_leaves_no_entry() {
    let app = spawn_app().await;
    let (status, invalid, _) = send(&app, Method::POST, "/api/services", Some(&json!({"icon": "faUnicorn"}))).await;
    assert_eq!(status, 422);
    let category = json!({"displayName": "Data Engineering", "slug": "data-engineering"});
    let (status, _, body) = send(&app, Method::POST, "/api/blog/categories", Some(&category)).await;
    assert_eq!(status, 201, "{body}");
    let (status, conflict, body) = send(&app, Method::POST, "/api/blog/categories", Some(&category)).await;
    assert_eq!(status, 409, "{body}");
    let missing = "/api/services/65f1c2a9b4e8d70012345678";
    let (status, not_found, _) = send(&app, Method::DELETE, missing, None).await;
    assert_eq!(status, 404);
    for request_id in [invalid, conflict, not_found] {
        assert!(entry_of(&app, &request_id).await.is_none(), "request {request_id} left an entry");
    }
}

#[tokio::test]
async fn sign_ins_and_failed_sign_ins_are_recorded_without_any_password() {
    let app = spawn_app().await;
    let typed = format!("  {}  ", "intruder@example.com");
    let response = app
        .anonymous()
        .request(Method::POST, "/api/auth/login")
        .json(&json!({"email": typed, "password": "wrong-password-123"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 401);
    let failed_id = response.headers()["x-request-id"].to_str().unwrap().to_owned();
    let failed = entry_of(&app, &failed_id).await.expect("the failure is recorded");
    assert_eq!(failed["action"], "sign-in-failed");
    assert_eq!(failed["actorId"], Value::Null);
    assert_eq!(failed["actorEmail"], "intruder@example.com");
    assert!(failed["clientAddress"].is_string());

    app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let signed_in = entries(&app, "?entity=auth/login").await;
    assert!(signed_in.iter().any(|entry| entry["action"] == "sign-in" && entry["actorEmail"] == ADMIN_EMAIL));

    let change = json!({"currentPassword": ADMIN_PASSWORD, "newPassword": "another-long-password-42"});
    let (status, request_id, body) = send(&app, Method::PUT, "/api/auth/change-password", Some(&change)).await;
    assert_eq!(status, 200, "{body}");
    let entry = entry_of(&app, &request_id).await.expect("the password change is recorded");
    assert_eq!(entry["action"], "password-change");
    assert_eq!(entry["summary"], json!(["password"]));
    let everything = app.admin().get_json("/api/audit?limit=1000").await.1.to_string();
    for secret in [ADMIN_PASSWORD, "another-long-password-42", "wrong-password-123"] {
        assert!(!everything.contains(secret), "the log holds a password");
    }
}

#[tokio::test]
async fn the_list_is_filtered_paged_and_read_only() {
    let app = spawn_app().await;
    let id = first_service_id(&app).await;
    for title in ["One", "Two", "Three"] {
        let (status, _, _) =
            send(&app, Method::PUT, &format!("/api/services/{id}"), Some(&json!({"title": title}))).await;
        assert_eq!(status, 200);
    }
    let services = entries(&app, "?entity=services").await;
    assert_eq!(services.len(), 3);
    let actor = services[0]["actorId"].as_str().unwrap().to_owned();
    assert_eq!(entries(&app, &format!("?entity=services&actor={actor}")).await.len(), 3);
    assert!(entries(&app, "?actor=65f1c2a9b4e8d70012345678").await.is_empty());
    let (status, people) = app.admin().get_json("/api/audit/actors").await;
    assert_eq!(status, 200, "{people}");
    let named: Vec<_> = people["actors"].as_array().unwrap().iter().map(|person| person["_id"].clone()).collect();
    assert_eq!(named, [json!(actor)], "the one person with entries: {people}");
    assert_eq!(people["actors"][0]["email"], crate::helpers::ADMIN_EMAIL);
    let (_, page) = app.admin().get_json("/api/audit?entity=services&limit=2&page=2").await;
    assert_eq!((page["totalItems"].as_u64(), page["totalPages"].as_u64()), (Some(3), Some(2)));
    assert_eq!(page["entries"].as_array().unwrap().len(), 1);
    let newest = services[0]["at"].as_str().unwrap();
    let later = entries(&app, &format!("?from={}", newest.replace('+', "%2B"))).await;
    assert!(!later.is_empty() && later.iter().all(|entry| entry["at"].as_str().unwrap() >= newest));
    assert!(entries(&app, "?to=2000-01-01T00:00:00Z").await.is_empty());
    assert_eq!(app.admin().get_json("/api/audit?actor=nobody").await.0, 400);
    assert_eq!(app.admin().get_json("/api/audit?from=2030-01-01T00:00:00Z&to=2020-01-01T00:00:00Z").await.0, 400);

    let entry = services[0]["_id"].as_str().unwrap();
    for method in [Method::PUT, Method::PATCH, Method::DELETE, Method::POST] {
        let (status, _) =
            json_of(app.admin().request(method.clone(), &format!("/api/audit/{entry}")).send().await.unwrap()).await;
        assert_eq!(status, 404, "{method} on an entry");
        let (status, _) = json_of(app.admin().request(method.clone(), "/api/audit").send().await.unwrap()).await;
        assert_eq!(status, 405, "{method} on the log");
    }
}

/// The first `_id` anywhere in a JSON answer (a plain list, `{data: […]}`, `{sessions: […]}`…).
fn first_id(value: &Value) -> Option<String> {
    match value {
        Value::Object(fields) => {
            fields.get("_id").and_then(Value::as_str).map(str::to_owned).or_else(|| fields.values().find_map(first_id))
        }
        Value::Array(items) => items.iter().find_map(first_id),
        _ => None,
    }
}

/// The walk over the API's writes: each step one request, remembered by its operation.
struct Walk<'a> {
    app: &'a TestApp,
    token: String,
    /// (operation, request id) of each step.
    steps: Vec<(String, String)>,
}

impl Walk<'_> {
    /// One step that must succeed: `template` is the documented path, `path` the concrete one.
    async fn step(&mut self, method: Method, template: &str, path: &str, body: Option<Value>) -> Value {
        let caller = self.app.with_token(&self.token);
        let mut request = caller.request(method.clone(), &format!("/api{path}"));
        if let Some(body) = &body {
            // An update sends the version it started from, as the back office does.
            let versioned = [Method::PUT, Method::PATCH].contains(&method);
            let body =
                if versioned { caller.with_current_version(&format!("/api{path}"), body).await } else { body.clone() };
            request = request.json(&body);
        }
        self.send(method, template, request).await
    }

    /// As [`Walk::step`], anonymously.
    async fn anonymous(&mut self, method: Method, template: &str, body: Value) -> Value {
        let request = self.app.anonymous().request(method.clone(), &format!("/api{template}")).json(&body);
        self.send(method, template, request).await
    }

    async fn send(&mut self, method: Method, template: &str, request: reqwest::RequestBuilder) -> Value {
        let response = request.send().await.unwrap();
        let request_id = response.headers()["x-request-id"].to_str().unwrap().to_owned();
        let (status, body) = json_of(response).await;
        assert!((200..300).contains(&status), "{method} {template} answered {status}: {body}");
        self.steps.push((format!("{method} {template}"), request_id));
        body
    }

    /// One export (a CSV file, not JSON) that must succeed.
    async fn export(&mut self, template: &str) {
        let request = self.app.with_token(&self.token).request(Method::GET, &format!("/api{template}"));
        let response = request.send().await.unwrap();
        let request_id = response.headers()["x-request-id"].to_str().unwrap().to_owned();
        let status = response.status().as_u16();
        assert_eq!(status, 200, "GET {template}: {}", response.text().await.unwrap());
        self.steps.push((format!("GET {template}"), request_id));
    }

    async fn get(&self, path: &str) -> Value {
        let (status, body) = self.app.with_token(&self.token).get_json(&format!("/api{path}")).await;
        assert_eq!(status, 200, "GET {path}: {body}");
        body
    }
}

/// A post's translation written one language and several at once, then deleted.
async fn walk_translations(walk: &mut Walk<'_>) {
    let languages = json!({"languages": [{"tag": "en", "name": "English"}, {"tag": "de", "name": "Deutsch"}]});
    walk.step(Method::PUT, "/settings", "/settings", Some(languages)).await;
    let post =
        walk.step(Method::POST, "/blog/posts", "/blog/posts", Some(json!({"title": "Walked translation"}))).await;
    let id = post["_id"].as_str().unwrap();
    let one = format!("/translations/post/{id}/de");
    let german = json!({"fields": {"title": "Übersetzt"}});
    walk.step(Method::PUT, "/translations/{kind}/{id}/{lang}", &one, Some(german)).await;
    let several = json!({"translations": {"de": {"fields": {"title": "Wieder"}, "version": 1}}});
    walk.step(Method::PUT, "/translations/{kind}/{id}", &format!("/translations/post/{id}"), Some(several)).await;
    // The second save kept the first as a revision of the German translation; restoring it is a write.
    let revisions = walk.get(&format!("{one}/revisions")).await;
    let revision = revisions[0]["_id"].as_str().expect("a revision of the German translation");
    let restore = format!("{one}/revisions/{revision}/restore");
    walk.step(
        Method::POST,
        "/translations/{kind}/{id}/{lang}/revisions/{revisionId}/restore",
        &restore,
        Some(json!({})),
    )
    .await;
    walk.step(Method::DELETE, "/translations/{kind}/{id}/{lang}", &one, None).await;
}

/// Every operation the audit log must record, from the API document: the writes that need an
/// administrator's token, and the public ones that sign in or make an account.
fn audited_operations() -> std::collections::BTreeSet<String> {
    let document: Value = serde_json::from_str(&atelier_adapters_http::openapi_json()).unwrap();
    let mut operations = std::collections::BTreeSet::new();
    for (template, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let method = method.to_uppercase();
            let protected = operation["security"].as_array().is_some_and(|security| !security.is_empty());
            if atelier_adapters_http::audit_scope::is_audited(&method, template, protected) {
                operations.insert(format!("{method} {template}"));
            }
        }
    }
    operations
}

#[tokio::test]
async fn every_write_operation_of_the_api_document_is_recorded() {
    let app = spawn_app().await;
    let token = app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let mut walk = Walk { app: &app, token, steps: Vec::new() };
    walk.anonymous(Method::POST, "/auth/login", json!({"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD})).await;
    walk.step(Method::PUT, "/auth/profile", "/auth/profile", Some(json!({"name": "Ada Admin"}))).await;
    walk.step(Method::PUT, "/settings", "/settings", Some(json!({"siteName": "Walked Studio"}))).await;
    walk.step(Method::PUT, "/settings/services", "/settings/services", Some(json!({"maxServicesDisplay": 4}))).await;
    walk_content(&mut walk).await;
    walk_translations(&mut walk).await;
    walk_inboxes_and_media(&mut walk).await;
    walk_accounts(&mut walk).await;
    walk_two_factor(&mut walk).await;
    let change = json!({"currentPassword": ADMIN_PASSWORD, "newPassword": "a-new-walked-password"});
    walk.step(Method::PUT, "/auth/change-password", "/auth/change-password", Some(change)).await;
    walk.step(Method::POST, "/auth/logout", "/auth/logout", Some(json!({}))).await;

    // Every operation the document says is recorded was walked, and each step left its entry.
    let walked: std::collections::BTreeSet<String> =
        walk.steps.iter().map(|(operation, _)| operation.clone()).collect();
    let expected = audited_operations();
    let missing: Vec<_> = expected.difference(&walked).collect();
    assert!(missing.is_empty(), "operations the walk does not make yet (add a step): {missing:?}");
    let token = app.sign_in(ADMIN_EMAIL, "a-new-walked-password").await;
    let (status, log) = app.with_token(&token).get_json("/api/audit?limit=1000").await;
    assert_eq!(status, 200);
    let log = log["entries"].as_array().unwrap();
    for (operation, request_id) in &walk.steps {
        let entry = log.iter().find(|entry| entry["requestId"] == request_id.as_str());
        let entry = entry.unwrap_or_else(|| panic!("{operation} left no entry"));
        assert_eq!(entry["operation"], operation.as_str(), "{entry}");
        assert!(entry["actorId"].is_string(), "{operation}: no actor: {entry}");
    }
}

/// Records with the plain create, update, delete cycle; posts and projects with a revision
/// restored; ordered records; content pages; the contact details.
async fn walk_content(walk: &mut Walk<'_>) {
    let post = Method::POST;
    let put = Method::PUT;
    let patch = Method::PATCH;
    let delete = Method::DELETE;
    // Records with the plain create, update, delete cycle.
    let plain = [
        ("/services", json!({"title": "Walked service"}), json!({"title": "Walked service 2"})),
        ("/blog/categories", json!({"displayName": "Walked", "slug": "walked"}), json!({"description": "Now"})),
        ("/tags", json!({"name": "Walked"}), json!({"name": "Walked too"})),
        ("/testimonials", json!({"name": "Walker", "company": "Co"}), json!({"company": "Other Co"})),
        ("/technologies", json!({"name": "Walkerlang"}), json!({"name": "Walkerlang 2"})),
        ("/redirects", json!({"from": "/walked-away", "to": "/blog"}), json!({"to": "/faq"})),
    ];
    for (base, created, changed) in plain {
        let item = format!("{base}/{{id}}");
        let id = first_id(&walk.step(post.clone(), base, base, Some(created)).await).unwrap();
        walk.step(put.clone(), &item, &format!("{base}/{id}"), Some(changed)).await;
        walk.step(delete.clone(), &item, &format!("{base}/{id}"), None).await;
    }

    // Posts and projects, with a revision restored.
    for (base, created) in [
        ("/blog/posts", json!({"title": "Walked post", "status": "draft"})),
        ("/portfolio", json!({"title": "Walked project", "client": "Acme", "completedAt": "2025-01-01"})),
    ] {
        let id = first_id(&walk.step(post.clone(), base, base, Some(created)).await).unwrap();
        let item = format!("{base}/{id}");
        walk.step(put.clone(), &format!("{base}/{{id}}"), &item, Some(json!({"title": "Walked again"}))).await;
        let revision = first_id(&walk.get(&format!("{item}/revisions")).await).expect("a revision");
        let restore = format!("{base}/{{id}}/revisions/{{revisionId}}/restore");
        walk.step(post.clone(), &restore, &format!("{item}/revisions/{revision}/restore"), Some(json!({}))).await;
        if base == "/blog/posts" {
            let version = json!({"version": walk.get(&item).await["version"]});
            let submission = format!("{item}/submission");
            let submitted = walk.step(post.clone(), "/blog/posts/{id}/submission", &submission, Some(version)).await;
            let decision = json!({"decision": "send_back", "note": "Walk on", "version": submitted["version"]});
            walk.step(post.clone(), "/blog/posts/{id}/review", &format!("{item}/review"), Some(decision)).await;
        }
        walk.step(delete.clone(), &format!("{base}/{{id}}"), &item, None).await;
    }

    // Ordered records.
    let member = json!({"name": "Walker", "position": "Engineer", "email": "walker@atelier.example"});
    let id = first_id(&walk.step(post.clone(), "/team", "/team", Some(member)).await).unwrap();
    walk.step(put.clone(), "/team/{id}", &format!("/team/{id}"), Some(json!({"position": "Lead"}))).await;
    walk.step(patch.clone(), "/team/{id}/order", &format!("/team/{id}/order"), Some(json!({"newOrder": 1}))).await;
    walk.step(delete.clone(), "/team/{id}", &format!("/team/{id}"), None).await;
    let faq = json!({"question": "Walked?", "answer": "Yes", "status": "draft"});
    let id = first_id(&walk.step(post.clone(), "/faqs", "/faqs", Some(faq)).await).unwrap();
    walk.step(put.clone(), "/faqs/{id}", &format!("/faqs/{id}"), Some(json!({"answer": "Indeed"}))).await;
    let active = json!({"status": "active"});
    walk.step(patch.clone(), "/faqs/{id}/status", &format!("/faqs/{id}/status"), Some(active)).await;
    let up = json!({"direction": "up"});
    walk.step(patch.clone(), "/faqs/{id}/order", &format!("/faqs/{id}/order"), Some(up)).await;
    walk.step(delete.clone(), "/faqs/{id}", &format!("/faqs/{id}"), None).await;

    // Content pages, by type.
    let careers = json!({"type": "careers", "title": "Careers", "sections": [{"title": "Roles", "content": "- Rust"}]});
    walk.step(post.clone(), "/content", "/content", Some(careers)).await;
    walk.step(put.clone(), "/content/{type}", "/content/careers", Some(json!({"title": "Join us"}))).await;
    let draft = json!({"status": "draft"});
    walk.step(patch.clone(), "/content/{type}/status", "/content/careers/status", Some(draft)).await;
    let revision = first_id(&walk.get("/content/careers/revisions").await).expect("a revision");
    let restore = "/content/{type}/revisions/{revisionId}/restore";
    walk.step(post.clone(), restore, &format!("/content/careers/revisions/{revision}/restore"), Some(json!({}))).await;
    walk.step(delete.clone(), "/content/{type}", "/content/careers", None).await;

    // The home page: a save, then its first version restored.
    let hero = json!({"footerServices": ["Walking"]});
    walk.step(put.clone(), "/home-page", "/home-page", Some(hero)).await;
    let revision = first_id(&walk.get("/home-page/revisions").await).expect("a home page revision");
    let restore = "/home-page/revisions/{revisionId}/restore";
    walk.step(post.clone(), restore, &format!("/home-page/revisions/{revision}/restore"), Some(json!({}))).await;

    let details = json!({"email": "hello@studio.example", "phone": "+44 20 7946 0000", "address": "1 Canal Street"});
    walk.step(post.clone(), "/contact-details", "/contact-details", Some(details)).await;
    let details = json!({"email": "hi@studio.example", "phone": "+44 20 7946 0000", "address": "1 Canal Street"});
    walk.step(put.clone(), "/contact-details", "/contact-details", Some(details)).await;

    // Webhooks: an endpoint changed, its secret rotated, a test event sent and redelivered.
    let endpoint = json!({"url": "https://hooks.example.com/in", "events": ["post.published"]});
    let id = first_id(&walk.step(post.clone(), "/webhooks", "/webhooks", Some(endpoint)).await).unwrap();
    let item = format!("/webhooks/{id}");
    walk.step(put.clone(), "/webhooks/{id}", &item, Some(json!({"description": "Walked"}))).await;
    walk.step(post.clone(), "/webhooks/{id}/secret", &format!("{item}/secret"), Some(json!({}))).await;
    let test = walk.step(post.clone(), "/webhooks/{id}/test", &format!("{item}/test"), Some(json!({}))).await;
    let redeliver = format!("{item}/deliveries/{}/redeliver", test["_id"].as_str().unwrap());
    let template = "/webhooks/{id}/deliveries/{deliveryId}/redeliver";
    walk.step(post.clone(), template, &redeliver, Some(json!({}))).await;
    walk.step(delete.clone(), "/webhooks/{id}", &item, None).await;
}

/// The inboxes (on seeded messages and requests), media, and a newsletter address.
async fn walk_inboxes_and_media(walk: &mut Walk<'_>) {
    let post = Method::POST;
    let put = Method::PUT;
    let patch = Method::PATCH;
    let delete = Method::DELETE;
    // The inboxes, on seeded messages and requests: exported, then one of each changed and deleted.
    for base in ["/contacts", "/project-requests"] {
        walk.export(&format!("{base}/export")).await;
    }
    for (base, status) in [("/contacts", "replied"), ("/project-requests", "contacted")] {
        let id = first_id(&walk.get(base).await).expect("a seeded one");
        let item = format!("{base}/{id}");
        walk.step(put.clone(), &format!("{base}/{{id}}"), &item, Some(json!({"notes": "Walked"}))).await;
        let change = json!({"status": status});
        walk.step(patch.clone(), &format!("{base}/{{id}}/status"), &format!("{item}/status"), Some(change)).await;
        walk.step(delete.clone(), &format!("{base}/{{id}}"), &item, None).await;
    }

    // Media.
    let png = crate::media::photo(4, 4, 9, image::ImageFormat::Png);
    let form = crate::multipart::Form::new()
        .part("files", crate::multipart::Part::bytes(png).file_name("walk.png").mime_str("image/png"));
    let request = walk.app.with_token(&walk.token).request(post.clone(), "/api/media").multipart(form);
    let id = first_id(&walk.send(post.clone(), "/media", request).await).unwrap();
    walk.step(put.clone(), "/media/{id}", &format!("/media/{id}"), Some(json!({"alt": "A walk"}))).await;
    walk.step(delete.clone(), "/media/{id}", &format!("/media/{id}"), None).await;

    // A newsletter address left by a visitor, deleted.
    let (status, _) =
        walk.app.anonymous().post_json("/api/newsletter/subscribers", &json!({"email": "w@example.com"})).await;
    assert_eq!(status, 202);
    walk.export("/newsletter/subscribers/export").await;
    // The whole site's archive, and the statistics of the last 30 days.
    walk.export("/export").await;
    walk.export("/insights/export").await;
    // A Ghost site of one draft, imported.
    let ghost = json!({"db": [{"data": {"posts": [{
        "id": "1", "title": "Walked in", "slug": "walked-in", "html": "<p>Hello.</p>", "type": "post", "status": "draft"
    }]}}]});
    let form = crate::multipart::Form::new()
        .part("file", crate::multipart::Part::bytes(ghost.to_string().into_bytes()).file_name("ghost.json"));
    let request = walk.app.with_token(&walk.token).request(post.clone(), "/api/import").multipart(form);
    walk.send(post.clone(), "/import", request).await;
    let id = first_id(&walk.get("/newsletter/subscribers").await).unwrap();
    walk.step(delete.clone(), "/newsletter/subscribers/{id}", &format!("/newsletter/subscribers/{id}"), None).await;
}

/// Invitations, a second administrator removed, a contributor registered, given another role and
/// handed ownership, sessions ended.
async fn walk_accounts(walk: &mut Walk<'_>) {
    let post = Method::POST;
    let delete = Method::DELETE;
    // Accounts: invitations, a second administrator, a member, sessions.
    let invited = walk
        .step(post.clone(), "/admins/invitations", "/admins/invitations", Some(json!({"email": "two@atelier.test"})))
        .await;
    let invitation_token = invited["link"].as_str().unwrap().split_once('#').unwrap().1.to_owned();
    let accept = json!({"token": invitation_token, "name": "Second", "password": "second-admin-password"});
    let accepted = walk.anonymous(post.clone(), "/auth/invitations/accept", accept).await;
    let second = accepted["user"]["_id"].as_str().unwrap().to_owned();
    let withdrawn = walk
        .step(post.clone(), "/admins/invitations", "/admins/invitations", Some(json!({"email": "three@atelier.test"})))
        .await;
    let id = first_id(&withdrawn).unwrap();
    walk.step(delete.clone(), "/admins/invitations/{id}", &format!("/admins/invitations/{id}"), None).await;
    let member = json!({
        "name": "Member", "email": "member@atelier.test", "password": "member-password-123", "role": "contributor"
    });
    let registered = walk.step(post.clone(), "/auth/register", "/auth/register", Some(member)).await;
    let member = registered["user"]["_id"].as_str().unwrap().to_owned();
    let role = Some(json!({"role": "sales"}));
    walk.step(Method::PUT, "/admins/{id}/role", &format!("/admins/{member}/role"), role).await;
    walk.step(post.clone(), "/admins/{id}/ownership", &format!("/admins/{member}/ownership"), None).await;
    walk.step(delete.clone(), "/admins/{id}", &format!("/admins/{second}"), None).await;
    walk.app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let sessions = walk.get("/auth/sessions").await;
    let other = sessions["sessions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|session| session["current"] != true)
        .and_then(|session| session["_id"].as_str())
        .unwrap()
        .to_owned();
    walk.step(delete.clone(), "/auth/sessions/{id}", &format!("/auth/sessions/{other}"), None).await;
    walk.step(post.clone(), "/auth/sessions/sign-out-others", "/auth/sessions/sign-out-others", Some(json!({}))).await;
}

/// Two-factor sign-in set up, a sign-in with a recovery code, and turned off.
async fn walk_two_factor(walk: &mut Walk<'_>) {
    use atelier_domain::two_factor::TotpSecret;
    use chrono::Utc;

    let post = Method::POST;
    // Two-factor sign-in: set up, signed in with a recovery code, turned off.
    let setup = walk.step(post.clone(), "/auth/two-factor/setup", "/auth/two-factor/setup", Some(json!({}))).await;
    let secret = TotpSecret::from_bytes(crate::two_factor::base32_decode(setup["manualKey"].as_str().unwrap()));
    let code = |steps: i64| secret.code_at(Utc::now() + chrono::Duration::seconds(30 * steps));
    let confirmed = walk
        .step(post.clone(), "/auth/two-factor/confirm", "/auth/two-factor/confirm", Some(json!({"code": code(0)})))
        .await;
    let recovery = confirmed["recoveryCodes"][0].as_str().unwrap().to_owned();
    let challenge =
        walk.anonymous(post.clone(), "/auth/login", json!({"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD})).await;
    let step = json!({"challenge": challenge["challenge"], "code": recovery});
    walk.anonymous(post.clone(), "/auth/login/two-factor", step).await;
    let off = json!({"password": ADMIN_PASSWORD, "code": code(1)});
    walk.step(post.clone(), "/auth/two-factor/disable", "/auth/two-factor/disable", Some(off)).await;
}
