//! Review of blog posts: a Contributor submits a draft, an Editor sends it back with a note or
//! publishes it; who may do which, and the mail the Editors get.

use atelier_adapters_db::{SeaOrmStore, connect};
use atelier_application::notifications::ports::OutboxRepository;
use atelier_domain::EntityId;
use atelier_domain::notification::{About, Topic};
use serde_json::{Value, json};

use crate::helpers::{ADMIN_EMAIL, TestApp, closed_port, mail_through, spawn_app, spawn_app_with};

/// A draft written by the account of `token`; its id and version.
async fn draft(app: &TestApp, token: &str, title: &str) -> (String, Value) {
    let (status, post) = app.with_token(token).post_json("/api/blog/posts", &json!({"title": title})).await;
    assert_eq!(status, 201, "{post}");
    (post["_id"].as_str().unwrap().to_owned(), post["version"].clone())
}

async fn submit(app: &TestApp, token: &str, id: &str, version: &Value) -> (u16, Value) {
    app.with_token(token).post_json(&format!("/api/blog/posts/{id}/submission"), &json!({"version": version})).await
}

async fn review(app: &TestApp, token: &str, id: &str, body: Value) -> (u16, Value) {
    app.with_token(token).post_json(&format!("/api/blog/posts/{id}/review"), &body).await
}

async fn public_status(app: &TestApp, slug: &str) -> u16 {
    app.get_json(&format!("/api/blog/public/posts/slug/{slug}")).await.0
}

#[tokio::test]
async fn a_contributors_post_is_sent_back_with_a_note_resubmitted_and_published_by_an_editor() {
    let app = spawn_app().await;
    let (writer, editor) = (app.role_token("contributor").await, app.role_token("editor").await);
    let (id, version) = draft(&app, &writer, "Reviewed words").await;

    let (status, submitted) = submit(&app, &writer, &id, &version).await;
    assert_eq!(status, 200, "{submitted}");
    assert_eq!((&submitted["status"], &submitted["reviewNote"]), (&json!("in_review"), &Value::Null));
    assert!(submitted["submittedAt"].is_string());
    assert_eq!(public_status(&app, "reviewed-words").await, 404, "a post in review is not public");
    let (_, waiting) = app.with_token(&editor).get_json("/api/blog/posts?status=in_review").await;
    assert_eq!(waiting["blogs"].as_array().unwrap().len(), 1, "{waiting}");
    assert_eq!(waiting["blogs"][0]["_id"], id.as_str());

    let missing = json!({"decision": "send_back", "note": " ", "version": submitted["version"]});
    let (status, body) = review(&app, &editor, &id, missing).await;
    assert_eq!((status, body["errors"]["note"].as_str()), (422, Some("A note for the writer is required")));
    let decision = json!({"decision": "send_back", "note": "Open with the example.", "version": submitted["version"]});
    let (status, sent_back) = review(&app, &editor, &id, decision).await;
    assert_eq!(status, 200, "{sent_back}");
    assert_eq!(sent_back["status"], "draft");
    assert_eq!(sent_back["reviewNote"]["text"], "Open with the example.");
    assert_eq!(sent_back["reviewNote"]["by"]["name"], "editor");
    let (_, read) = app.with_token(&writer).get_json(&format!("/api/blog/posts/{id}")).await;
    assert_eq!(read["reviewNote"]["text"], "Open with the example.", "the writer reads the note");

    let (status, edited) = app
        .with_token(&writer)
        .put_json(&format!("/api/blog/posts/{id}"), &json!({"excerpt": "Now with an example"}))
        .await;
    assert_eq!(status, 200, "{edited}");
    let (status, resubmitted) = submit(&app, &writer, &id, &edited["version"]).await;
    assert_eq!((status, &resubmitted["reviewNote"]), (200, &Value::Null), "{resubmitted}");

    let publish = json!({"decision": "publish", "version": resubmitted["version"]});
    let (status, published) = review(&app, &editor, &id, publish).await;
    assert_eq!((status, &published["status"]), (200, &json!("published")), "{published}");
    assert_eq!(public_status(&app, "reviewed-words").await, 200);
}

#[tokio::test]
async fn only_editors_decide_and_writers_submit_only_their_own_drafts() {
    let app = spawn_app().await;
    let writer = app.role_token("contributor").await;
    let (author, sales) = (app.role_token("author").await, app.role_token("sales").await);
    let (id, version) = draft(&app, &writer, "Mine").await;

    let (status, body) = submit(&app, &author, &id, &version).await;
    assert_eq!(status, 403, "another person's draft: {body}");
    let (status, body) = submit(&app, &sales, &id, &version).await;
    assert_eq!(status, 403, "{body}");
    let (status, submitted) = submit(&app, &writer, &id, &version).await;
    assert_eq!(status, 200, "{submitted}");
    let (status, body) = submit(&app, &writer, &id, &submitted["version"]).await;
    assert_eq!((status, body["errors"]["status"].as_str()), (422, Some("Only a draft can be submitted for review")));

    for token in [&writer, &author, &sales] {
        for decision in [json!({"decision": "publish"}), json!({"decision": "send_back", "note": "No"})] {
            let mut body = decision;
            body["version"] = submitted["version"].clone();
            let (status, answer) = review(&app, token, &id, body).await;
            assert_eq!(status, 403, "{answer}");
        }
    }
    let (status, body) =
        app.with_token(&writer).put_json(&format!("/api/blog/posts/{id}"), &json!({"status": "published"})).await;
    assert_eq!(status, 403, "a Contributor never publishes: {body}");
    let (status, body) =
        app.with_token(&writer).post_json("/api/blog/posts", &json!({"title": "Sly", "status": "in_review"})).await;
    assert_eq!((status, body["errors"]["status"].is_string()), (422, true), "{body}");

    let (_, post) = app.with_token(&writer).get_json(&format!("/api/blog/posts/{id}")).await;
    assert_eq!(post["status"], "in_review", "nothing changed");
    let (status, withdrawn) =
        app.with_token(&writer).put_json(&format!("/api/blog/posts/{id}"), &json!({"status": "draft"})).await;
    assert_eq!((status, &withdrawn["status"]), (200, &json!("draft")), "a writer takes it back: {withdrawn}");
    let (status, body) = review(
        &app,
        &app.role_token("editor").await,
        &id,
        json!({"decision": "publish", "version": withdrawn["version"]}),
    )
    .await;
    assert_eq!((status, body["errors"]["status"].as_str()), (422, Some("The post is not in review")));
}

#[tokio::test]
async fn review_steps_name_the_version_they_started_from() {
    let app = spawn_app().await;
    let (id, version) = draft(&app, &app.role_token("author").await, "Versioned").await;
    let path = format!("/api/blog/posts/{id}/submission");
    let (status, body) = app.admin().post_json(&path, &json!({})).await;
    assert_eq!(status, 428, "{body}");
    let (status, submitted) = app.admin().post_json(&path, &json!({"version": version})).await;
    assert_eq!(status, 200, "{submitted}");
    let stale = json!({"decision": "publish", "version": version});
    let (status, body) = app.admin().post_json(&format!("/api/blog/posts/{id}/review"), &stale).await;
    assert_eq!((status, &body["code"], &body["current"]["status"]), (409, &json!("stale"), &json!("in_review")));
}

#[tokio::test]
async fn a_submission_mails_the_editors_administrators_and_owner_but_not_the_writer() {
    let port = closed_port();
    let app = spawn_app_with(|config| {
        config.smtp = Some(mail_through(port));
    })
    .await;
    let editor = app.role_token("editor").await;
    app.role_token("sales").await;
    let (id, version) = draft(&app, &editor, "By an editor").await;
    let (status, body) = submit(&app, &editor, &id, &version).await;
    assert_eq!(status, 200, "{body}");
    let writer = app.role_token("contributor").await;
    let (id, version) = draft(&app, &writer, "By a contributor").await;
    let (status, body) = submit(&app, &writer, &id, &version).await;
    assert_eq!(status, 200, "{body}");

    let file = app.folder.path().join("data").join("atelier.db");
    let store = SeaOrmStore::new(connect(&format!("sqlite://{}", file.display())).await.unwrap());
    let about = About { topic: Topic::PostReview, id: EntityId::parse(&id).unwrap() };
    let mut recipients: Vec<String> =
        store.mails_about(about).await.unwrap().into_iter().map(|mail| mail.recipient).collect();
    recipients.sort();
    assert_eq!(recipients, [ADMIN_EMAIL, "editor@atelier.test"]);
    let mail = store.mails_about(about).await.unwrap().remove(0);
    assert_eq!(mail.subject, "For review: By a contributor");
    assert!(mail.body.contains(&format!("/admin/blog/edit/{id}")), "{}", mail.body);
}
