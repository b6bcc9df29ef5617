//! The response cache never shows a visitor stale or private content: every write of public content
//! is visible to the very next public read, drafts and administrators' answers never reach anonymous
//! callers, and conditional requests answer 304 only while the content is unchanged.

use std::collections::HashMap;
use std::io::Read;

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app};

/// What the public read must show right after the write.
#[derive(Debug, Clone, Copy)]
enum Expect {
    /// The answer is a 200 whose body contains this text.
    Shows(&'static str),
    /// The answer is a 200 whose body does not contain this text.
    Hides(&'static str),
    /// The answer has this status.
    Status(u16),
    /// The answer differs from the one before the write.
    Changes,
}

/// One write of public content as an administrator, and the public read that must show it.
struct Step {
    write: (Method, &'static str),
    body: Value,
    read: &'static str,
    expect: Expect,
    /// Keep the created record's `_id` under this name, for `{name}` in later paths.
    save_as: Option<&'static str>,
}

fn step(method: Method, path: &'static str, body: Value, read: &'static str, expect: Expect) -> Step {
    Step { write: (method, path), body, read, expect, save_as: None }
}

fn create(path: &'static str, body: Value, read: &'static str, expect: Expect, name: &'static str) -> Step {
    Step { save_as: Some(name), ..step(Method::POST, path, body, read, expect) }
}

/// Every write path of public content, in an order where each builds on the previous ones.
#[allow(clippy::too_many_lines)]
fn every_public_write() -> Vec<Step> {
    use Expect::{Changes, Hides, Shows, Status};
    use Method as M;
    vec![
        // Blog categories and tags.
        create(
            "/api/blog/categories",
            json!({"displayName": "Probe Category", "slug": "probe-category"}),
            "/api/blog/categories",
            Shows("Probe Category"),
            "category",
        ),
        step(
            M::PUT,
            "/api/blog/categories/{category}",
            json!({"displayName": "Probe Category Renamed"}),
            "/api/blog/categories",
            Shows("Probe Category Renamed"),
        ),
        create("/api/tags", json!({"name": "Probetag"}), "/api/tags", Shows("Probetag"), "tag"),
        step(M::PUT, "/api/tags/{tag}", json!({"name": "Probetag Renamed"}), "/api/tags", Shows("Probetag Renamed")),
        // Blog posts.
        create(
            "/api/blog/posts",
            json!({"title": "Probe Post", "excerpt": "Probe excerpt", "content": "Probe body", "status": "published"}),
            "/api/blog/public/posts",
            Shows("Probe Post"),
            "post",
        ),
        step(
            M::PUT,
            "/api/blog/posts/{post}",
            json!({"title": "Probe Post Renamed"}),
            "/api/blog/public/posts/slug/probe-post",
            Shows("Probe Post Renamed"),
        ),
        step(
            M::PUT,
            "/api/blog/posts/{post}",
            json!({"featured": true}),
            "/api/blog/public/posts/featured?limit=1",
            Shows("Probe Post Renamed"),
        ),
        step(
            M::PUT,
            "/api/blog/posts/{post}",
            json!({"status": "draft"}),
            "/api/blog/public/posts/slug/probe-post",
            Status(404),
        ),
        step(
            M::PUT,
            "/api/blog/posts/{post}",
            json!({"status": "published"}),
            "/api/blog/public/posts?limit=3",
            Shows("Probe Post Renamed"),
        ),
        step(M::DELETE, "/api/blog/posts/{post}", Value::Null, "/api/blog/public/posts/slug/probe-post", Status(404)),
        step(
            M::DELETE,
            "/api/blog/categories/{category}",
            Value::Null,
            "/api/blog/categories",
            Hides("Probe Category"),
        ),
        step(M::DELETE, "/api/tags/{tag}", Value::Null, "/api/tags", Hides("Probetag")),
        // Portfolio and technologies.
        create(
            "/api/technologies",
            json!({"name": "Probetech"}),
            "/api/technologies",
            Shows("Probetech"),
            "technology",
        ),
        step(
            M::PUT,
            "/api/technologies/{technology}",
            json!({"name": "Probetech Renamed"}),
            "/api/technologies/{technology}",
            Shows("Probetech Renamed"),
        ),
        step(
            M::PUT,
            "/api/technologies/{technology}",
            json!({"status": "inactive"}),
            "/api/technologies",
            Hides("Probetech"),
        ),
        step(M::DELETE, "/api/technologies/{technology}", Value::Null, "/api/technologies/{technology}", Status(404)),
        create(
            "/api/portfolio",
            json!({"title": "Probe Project", "client": "Acme", "completedAt": "2025-01-01"}),
            "/api/portfolio",
            Shows("Probe Project"),
            "project",
        ),
        step(
            M::PUT,
            "/api/portfolio/{project}",
            json!({"title": "Probe Project Renamed"}),
            "/api/portfolio/slug/probe-project",
            Shows("Probe Project Renamed"),
        ),
        step(M::PUT, "/api/portfolio/{project}", json!({"status": "draft"}), "/api/portfolio/{project}", Status(404)),
        step(
            M::PUT,
            "/api/portfolio/{project}",
            json!({"status": "published"}),
            "/api/portfolio/{project}",
            Shows("Probe Project Renamed"),
        ),
        step(M::DELETE, "/api/portfolio/{project}", Value::Null, "/api/portfolio/slug/probe-project", Status(404)),
        // Services and settings.
        create(
            "/api/services",
            json!({"title": "Probe Service", "icon": "faCloud"}),
            "/api/services",
            Shows("Probe Service"),
            "service",
        ),
        step(
            M::PUT,
            "/api/services/{service}",
            json!({"title": "Probe Service Renamed"}),
            "/api/services/{service}",
            Shows("Probe Service Renamed"),
        ),
        step(
            M::PUT,
            "/api/services/{service}",
            json!({"featured": true}),
            "/api/services/featured",
            Shows("Probe Service Renamed"),
        ),
        step(M::DELETE, "/api/services/{service}", Value::Null, "/api/services/{service}", Status(404)),
        step(M::PUT, "/api/settings", json!({"siteName": "Probe Studio"}), "/api/settings", Shows("Probe Studio")),
        step(
            M::PUT,
            "/api/settings/services",
            json!({"maxServicesDisplay": 3}),
            "/api/settings",
            Shows("\"maxServicesDisplay\":3"),
        ),
        // Testimonials, FAQs and the team.
        create(
            "/api/testimonials",
            json!({"name": "Probe Person", "company": "Probe Co"}),
            "/api/testimonials",
            Shows("Probe Person"),
            "testimonial",
        ),
        step(
            M::PUT,
            "/api/testimonials/{testimonial}",
            json!({"name": "Probe Person Renamed"}),
            "/api/testimonials/{testimonial}",
            Shows("Probe Person Renamed"),
        ),
        step(
            M::PUT,
            "/api/testimonials/{testimonial}",
            json!({"status": "pending"}),
            "/api/testimonials",
            Hides("Probe Person"),
        ),
        step(M::DELETE, "/api/testimonials/{testimonial}", Value::Null, "/api/testimonials/{testimonial}", Status(404)),
        create(
            "/api/faqs",
            json!({"question": "Probe question?", "answer": "Probe answer", "status": "active"}),
            "/api/faqs?status=active&limit=100",
            Shows("Probe question?"),
            "faq",
        ),
        step(
            M::PUT,
            "/api/faqs/{faq}",
            json!({"question": "Probe question renamed?"}),
            "/api/faqs/{faq}",
            Shows("Probe question renamed?"),
        ),
        step(
            M::PATCH,
            "/api/faqs/{faq}/order",
            json!({"direction": "up"}),
            "/api/faqs?status=active&limit=100",
            Changes,
        ),
        step(
            M::PATCH,
            "/api/faqs/{faq}/status",
            json!({"status": "draft"}),
            "/api/faqs?status=active&limit=100",
            Hides("Probe question"),
        ),
        step(M::DELETE, "/api/faqs/{faq}", Value::Null, "/api/faqs/{faq}", Status(404)),
        create(
            "/api/team",
            json!({"name": "Probe Member", "position": "Intern", "email": "probe@atelier.example"}),
            "/api/team",
            Shows("Probe Member"),
            "member",
        ),
        step(
            M::PUT,
            "/api/team/{member}",
            json!({"name": "Probe Member Renamed"}),
            "/api/team/{member}",
            Shows("Probe Member Renamed"),
        ),
        step(M::PATCH, "/api/team/{member}/order", json!({"newOrder": 1}), "/api/team", Changes),
        step(M::DELETE, "/api/team/{member}", Value::Null, "/api/team/{member}", Status(404)),
        // Content pages and contact details.
        step(
            M::PUT,
            "/api/content/privacy",
            json!({"title": "Probe Privacy"}),
            "/api/content/privacy",
            Shows("Probe Privacy"),
        ),
        step(M::PATCH, "/api/content/privacy/status", json!({"status": "draft"}), "/api/content/privacy", Status(404)),
        step(
            M::PATCH,
            "/api/content/privacy/status",
            json!({"status": "published"}),
            "/api/content/privacy",
            Shows("Probe Privacy"),
        ),
        step(M::DELETE, "/api/content/privacy", Value::Null, "/api/content/privacy", Status(404)),
        step(
            M::POST,
            "/api/content",
            json!({"type": "careers", "title": "Probe Careers"}),
            "/api/content/careers",
            Shows("Probe Careers"),
        ),
        step(
            M::PUT,
            "/api/contact-details",
            contact_details("+44 20 7946 0001"),
            "/api/contact-details",
            Shows("+44 20 7946 0001"),
        ),
        step(
            M::POST,
            "/api/contact-details",
            contact_details("+44 20 7946 0002"),
            "/api/contact-details",
            Shows("+44 20 7946 0002"),
        ),
    ]
}

fn contact_details(phone: &str) -> Value {
    json!({"email": "hello@studio.example", "phone": phone, "address": "1 Canal Street, London", "googleMapsUrl": "", "socialMedia": {}})
}

fn fill(template: &str, ids: &HashMap<&str, String>) -> String {
    ids.iter().fold(template.to_owned(), |path, (name, id)| path.replace(&format!("{{{name}}}"), id))
}

/// An anonymous read, as its status and body text.
async fn read(app: &TestApp, path: &str) -> (u16, String) {
    let response = app.get(path).await;
    (response.status().as_u16(), response.text().await.unwrap())
}

#[tokio::test]
async fn every_write_of_public_content_shows_in_the_very_next_public_read() {
    let app = spawn_app().await;
    let mut ids = HashMap::new();
    for (index, step) in every_public_write().into_iter().enumerate() {
        let (method, path) = &step.write;
        let (path, read_path) = (fill(path, &ids), fill(step.read, &ids));
        let label = format!("step {index}: {method} {path}, then GET {read_path}");
        // Read twice, so the answer before the write is the stored one.
        let before = read(&app, &read_path).await;
        assert_eq!(read(&app, &read_path).await, before, "{label}: the stored answer is the computed one");
        let (status, written) = if step.body.is_null() {
            app.admin().delete(&path).await
        } else {
            let body = if [Method::PUT, Method::PATCH].contains(method) {
                app.admin().with_current_version(&path, &step.body).await
            } else {
                step.body.clone()
            };
            app.admin().send_json(method.clone(), &path, &body).await
        };
        assert!((200..300).contains(&status), "{label}: the write answered {status}: {written}");
        if let Some(name) = step.save_as {
            let id = written["_id"].as_str().or_else(|| written["data"]["_id"].as_str());
            ids.insert(name, id.unwrap_or_else(|| panic!("{label}: no id in {written}")).to_owned());
        }
        let after = read(&app, &read_path).await;
        match step.expect {
            Expect::Shows(text) => {
                assert!(after.0 == 200 && after.1.contains(text), "{label}: expected 200 with {text:?}, got {after:?}");
            }
            Expect::Hides(text) => {
                assert!(
                    after.0 == 200 && !after.1.contains(text),
                    "{label}: expected 200 without {text:?}, got {after:?}"
                );
            }
            Expect::Status(status) => assert_eq!(after.0, status, "{label}: {}", after.1),
            Expect::Changes => assert_ne!(after, before, "{label}"),
        }
    }
}

#[tokio::test]
async fn a_scheduled_post_shows_in_a_stored_list_the_moment_its_time_comes() {
    let app = spawn_app().await;
    let at = chrono::Utc::now() + chrono::Duration::milliseconds(2500);
    let body = json!({"title": "Timed Post", "content": "Soon", "status": "published", "publishAt": at.to_rfc3339()});
    let (status, created) = app.admin().post_json("/api/blog/posts", &body).await;
    assert_eq!(status, 201, "{created}");
    let list = "/api/blog/public/posts?limit=3";
    for _ in 0..2 {
        let (status, body) = read(&app, list).await;
        assert!(status == 200 && !body.contains("Timed Post"), "not yet: {body}");
    }
    tokio::time::sleep((at - chrono::Utc::now()).to_std().unwrap_or_default()).await;
    let (status, body) = read(&app, list).await;
    assert!(status == 200 && body.contains("Timed Post"), "its time has come: {body}");
}

#[tokio::test]
async fn a_draft_never_enters_the_cache() {
    let app = spawn_app().await;
    let (status, draft) = app
        .admin()
        .post_json("/api/blog/posts", &json!({"title": "Secret Plans", "content": "Not yet", "status": "draft"}))
        .await;
    assert_eq!(status, 201, "{draft}");
    let id = draft["_id"].as_str().unwrap();
    // The administrator reads the draft, through public paths too, before anyone else.
    for path in [
        format!("/api/blog/posts/{id}"),
        "/api/blog/posts?status=draft".to_owned(),
        "/api/blog/public/posts".to_owned(),
        "/api/blog/public/posts/slug/secret-plans".to_owned(),
    ] {
        app.admin().get_json(&path).await;
    }
    for path in ["/api/blog/public/posts", "/api/blog/public/posts?limit=100", "/api/blog/public/posts/featured"] {
        let (status, body) = read(&app, path).await;
        assert!(status == 200 && !body.contains("Secret Plans"), "{path}: {body}");
    }
    assert_eq!(read(&app, "/api/blog/public/posts/slug/secret-plans").await.0, 404);
    assert_eq!(read(&app, &format!("/api/blog/posts/{id}")).await.0, 401);
    assert_eq!(read(&app, "/api/blog/posts?status=draft").await.0, 401);
}

#[tokio::test]
async fn an_administrators_answer_never_reaches_an_anonymous_caller() {
    let app = spawn_app().await;
    let (_, hidden) = app
        .admin()
        .post_json("/api/faqs", &json!({"question": "Hidden question?", "answer": "Yes", "status": "draft"}))
        .await;
    let id = hidden["_id"].as_str().unwrap();
    let list = "/api/faqs?limit=100";
    let one = format!("/api/faqs/{id}");
    // The administrator first: their answers include the draft and say to keep nothing.
    for path in [list, one.as_str()] {
        let response = app.admin().request(Method::GET, path).send().await.unwrap();
        assert_eq!(response.status(), 200, "{path}");
        assert_eq!(response.headers()["cache-control"], "private, no-store", "{path}");
        assert!(response.headers().get("etag").is_none(), "{path}");
        assert!(response.text().await.unwrap().contains("Hidden question?"), "{path}");
    }
    let (status, body) = read(&app, list).await;
    assert!(status == 200 && !body.contains("Hidden question?"), "{body}");
    assert_eq!(read(&app, &one).await.0, 404);
    // Then the other way round: a stored public answer never reaches the administrator.
    let (_, body) = app.admin().get_json(list).await;
    assert!(body.to_string().contains("Hidden question?"), "{body}");
    // A token that is not valid does not make a caller anonymous to the cache either.
    let response = app.with_token("not-a-token").request(Method::GET, list).send().await.unwrap();
    assert_eq!(response.headers()["cache-control"], "private, no-store");
}

#[tokio::test]
async fn a_public_answer_is_tagged_and_answered_304_while_unchanged() {
    let app = spawn_app().await;
    let path = "/api/faqs?status=active&limit=100";
    let first = app.get(path).await;
    assert_eq!(first.status(), 200);
    assert_eq!(first.headers()["cache-control"], "public, max-age=0, s-maxage=1");
    assert_eq!(first.headers()["vary"], "accept-encoding");
    let etag = first.headers()["etag"].to_str().unwrap().to_owned();
    assert!(etag.starts_with("W/\""), "{etag}");

    let conditional = |tag: String| app.anonymous().request(Method::GET, path).header("if-none-match", tag).send();
    let unchanged = conditional(etag.clone()).await.unwrap();
    assert_eq!(unchanged.status(), 304);
    assert_eq!(unchanged.headers()["etag"].to_str().unwrap(), etag);
    assert!(unchanged.text().await.unwrap().is_empty());
    assert_eq!(conditional("\"something-else\"".to_owned()).await.unwrap().status(), 200);

    app.admin()
        .post_json("/api/faqs", &json!({"question": "New question?", "answer": "New", "status": "active"}))
        .await;
    let changed = conditional(etag.clone()).await.unwrap();
    assert_eq!(changed.status(), 200, "the content changed");
    assert_ne!(changed.headers()["etag"].to_str().unwrap(), etag);
    assert!(changed.text().await.unwrap().contains("New question?"));
}

#[tokio::test]
async fn an_unrelated_write_leaves_an_unchanged_answer_with_its_tag() {
    let app = spawn_app().await;
    let path = "/api/faqs?status=active&limit=100";
    let etag = app.get(path).await.headers()["etag"].clone();
    app.admin().put_json("/api/settings", &json!({"siteName": "Another Studio"})).await;
    let again = app.anonymous().request(Method::GET, path).header("if-none-match", etag).send().await.unwrap();
    assert_eq!(again.status(), 304, "the tag is the body's, not the generation's");
}

#[tokio::test]
async fn a_stored_answer_is_sent_gzip_compressed_to_callers_that_accept_it() {
    let app = spawn_app().await;
    let path = "/api/blog/public/posts?limit=6";
    let plain = read(&app, path).await.1;
    for _ in 0..2 {
        let response =
            app.anonymous().request(Method::GET, path).header("accept-encoding", "gzip, br").send().await.unwrap();
        assert_eq!(response.headers()["content-encoding"], "gzip");
        let compressed = response.bytes().await.unwrap();
        let mut text = String::new();
        flate2::read::GzDecoder::new(&compressed[..]).read_to_string(&mut text).unwrap();
        assert_eq!(text, plain);
    }
}

#[tokio::test]
async fn probes_and_errors_are_never_stored() {
    let app = spawn_app().await;
    let ready = app.get("/api/ready").await;
    assert!(ready.headers().get("etag").is_none());
    let missing = app.get("/api/blog/public/posts/slug/not-there").await;
    assert_eq!(missing.status(), 404);
    assert!(missing.headers().get("etag").is_none());
    let (status, created) = app
        .admin()
        .post_json("/api/blog/posts", &json!({"title": "Not There", "slug": "not-there", "status": "published"}))
        .await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(app.get("/api/blog/public/posts/slug/not-there").await.status(), 200);
}
