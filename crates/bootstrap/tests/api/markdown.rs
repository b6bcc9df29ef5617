//! Markdown as the site shows it: the records' `contentHtml` (and the `…Html` companions) come from
//! the server's one renderer, change with the record at once, and the back office's preview answers
//! with the same HTML.

use serde_json::{Value, json};

use crate::helpers::spawn_app;

const BODY: &str = "Said ==this== with [[Ctrl]] and {success: Shipped}.\n\n<script>alert(1)</script>\n\n- [x] done\n";

fn assert_rendered(html: &Value) {
    let html = html.as_str().unwrap_or_else(|| panic!("HTML expected, got {html}"));
    assert!(html.contains("<mark>this</mark>"), "{html}");
    assert!(html.contains("<kbd>Ctrl</kbd>"), "{html}");
    assert!(html.contains("md-status-success"), "{html}");
    assert!(html.contains("task-list-item-checkbox"), "{html}");
    assert!(!html.contains("<script") && !html.contains("alert(1)"), "{html}");
}

#[tokio::test]
async fn a_post_read_carries_its_rendering_and_an_update_changes_it_at_once() {
    let app = spawn_app().await;
    let path = "/api/blog/public/posts/slug/designing-apis-people-enjoy-using";
    let (status, post) = app.get_json(path).await;
    assert_eq!(status, 200, "{post}");
    let html = post["contentHtml"].as_str().unwrap();
    assert!(html.starts_with('<') && html.len() > 100, "{html}");
    assert!(!html.contains("<h1>Designing APIs People Enjoy Using</h1>"), "the title is the page's: {html}");
    let (_, list) = app.get_json("/api/blog/public/posts").await;
    assert!(list["blogs"].as_array().unwrap().iter().all(|post| post["contentHtml"].is_string()));

    let id = post["_id"].as_str().unwrap();
    let (status, updated) = app.admin().put_json(&format!("/api/blog/posts/{id}"), &json!({"content": BODY})).await;
    assert_eq!(status, 200, "{updated}");
    assert_rendered(&updated["contentHtml"]);
    // The public read was answered (and cached) before the change: it follows the write at once.
    let (_, post) = app.get_json(path).await;
    assert_rendered(&post["contentHtml"]);
    let (_, post) = app.admin().get_json(&format!("/api/blog/posts/{id}")).await;
    assert_rendered(&post["contentHtml"]);
}

#[tokio::test]
async fn a_project_read_carries_the_rendering_of_its_description() {
    let app = spawn_app().await;
    let (_, list) = app.get_json("/api/portfolio?status=published").await;
    let project = &list["projects"][0];
    assert!(project["contentHtml"].as_str().is_some_and(|html| html.contains("<p>")), "{project}");
    let (id, slug) = (project["_id"].as_str().unwrap(), project["slug"].as_str().unwrap());
    let (status, _) = app.get_json(&format!("/api/portfolio/slug/{slug}")).await;
    assert_eq!(status, 200);
    let (status, updated) = app.admin().put_json(&format!("/api/portfolio/{id}"), &json!({"description": BODY})).await;
    assert_eq!(status, 200, "{updated}");
    assert_rendered(&updated["contentHtml"]);
    let (_, project) = app.get_json(&format!("/api/portfolio/slug/{slug}")).await;
    assert_rendered(&project["contentHtml"]);
}

#[tokio::test]
async fn a_policy_page_read_carries_its_rendering_and_an_update_changes_it_at_once() {
    let app = spawn_app().await;
    let (status, page) = app.get_json("/api/content/privacy").await;
    assert_eq!(status, 200, "{page}");
    assert!(page["contentHtml"].as_str().is_some_and(|html| html.contains("<h2>") || html.contains("<p>")), "{page}");
    let (status, saved) = app.admin().put_json("/api/content/privacy", &json!({"content": BODY})).await;
    assert_eq!(status, 200, "{saved}");
    assert_rendered(&saved["contentHtml"]);
    let (_, page) = app.get_json("/api/content/privacy").await;
    assert_rendered(&page["contentHtml"]);
}

#[tokio::test]
async fn services_faqs_and_testimonials_carry_their_renderings() {
    let app = spawn_app().await;
    let (_, services) = app.get_json("/api/services").await;
    for service in services.as_array().unwrap() {
        assert!(service["titleHtml"].is_string() && service["descriptionHtml"].is_string(), "{service}");
        assert!(service["shortDescriptionHtml"].is_string(), "{service}");
        let features = service["features"].as_array().unwrap();
        assert_eq!(service["featuresHtml"].as_array().unwrap().len(), features.len(), "{service}");
        assert!(!service["titleHtml"].as_str().unwrap().starts_with("<p>"), "a title has no paragraph");
    }
    let (_, faqs) = app.get_json("/api/faqs").await;
    assert!(
        faqs["data"]
            .as_array()
            .unwrap()
            .iter()
            .all(|faq| faq["answerHtml"].as_str().is_some_and(|html| html.contains("<p>")))
    );
    let (_, testimonials) = app.get_json("/api/testimonials").await;
    assert!(testimonials["testimonials"].as_array().unwrap().iter().all(|item| item["contentHtml"].is_string()));
}

#[tokio::test]
async fn the_preview_answers_the_sites_rendering_to_the_back_office_only() {
    let app = spawn_app().await;
    let (status, body) = app.admin().post_json("/api/markdown/preview", &json!({"markdown": BODY})).await;
    assert_eq!(status, 200, "{body}");
    assert_rendered(&body["html"]);
    let (_, inline) =
        app.admin().post_json("/api/markdown/preview", &json!({"markdown": "**Web** dev", "inline": true})).await;
    assert_eq!(inline["html"], "<strong>Web</strong> dev");
    let (_, empty) = app.admin().post_json("/api/markdown/preview", &json!({})).await;
    assert_eq!(empty["html"], "");

    let (status, _) = app.anonymous().post_json("/api/markdown/preview", &json!({"markdown": "x"})).await;
    assert_eq!(status, 401);
    let too_long = "a".repeat(200_001);
    let (status, body) = app.admin().post_json("/api/markdown/preview", &json!({"markdown": too_long})).await;
    assert_eq!(status, 422, "{body}");
    assert!(body["errors"]["markdown"].is_string(), "{body}");
    let (status, body) = app.admin().post_json("/api/markdown/preview", &json!({"markdown": "a\u{0}b"})).await;
    assert_eq!(status, 422, "{body}");
    let (status, _) = app.admin().post_json("/api/markdown/preview", &json!({"markdown": 5})).await;
    assert!(status == 400 || status == 422, "{status}");
}

/// A post's text is remembered by the post's identity (id, version, last change), not by a digest of
/// the text: each edit, even to a text of the same length, is read back rendered at once, in the
/// back office and on the public site, and a translation laid over the post is its own.
#[tokio::test]
async fn every_edit_of_a_post_is_read_back_with_its_own_rendering() {
    let app = spawn_app().await;
    let path = "/api/blog/public/posts/slug/designing-apis-people-enjoy-using";
    let (_, post) = app.get_json(path).await;
    let id = post["_id"].as_str().unwrap().to_owned();
    for word in ["alpha", "bravo", "gamma", "alpha"] {
        let content = format!("The word is **{word}**.");
        let (status, saved) =
            app.admin().put_json(&format!("/api/blog/posts/{id}"), &json!({"content": content})).await;
        assert_eq!(status, 200, "{saved}");
        let expected = format!("<p>The word is <strong>{word}</strong>.</p>");
        for (_, read) in [app.get_json(path).await, app.admin().get_json(&format!("/api/blog/posts/{id}")).await] {
            assert_eq!(read["contentHtml"].as_str().map(str::trim_end), Some(expected.as_str()), "{read}");
        }
        let (_, list) = app.admin().get_json("/api/blog/posts?limit=50").await;
        let listed = list["blogs"].as_array().unwrap().iter().find(|post| post["_id"] == id.as_str()).unwrap();
        assert_eq!(listed["contentHtml"].as_str().map(str::trim_end), Some(expected.as_str()), "{listed}");
    }
}

/// Two posts with one text each get its rendering; when one is edited, the other keeps the old one.
#[tokio::test]
async fn two_posts_sharing_a_text_part_when_one_is_edited() {
    let app = spawn_app().await;
    let shared = "Shared *text*.";
    let mut ids = Vec::new();
    for title in ["First twin", "Second twin"] {
        let body = json!({"title": title, "content": shared, "status": "published"});
        let (status, created) = app.admin().post_json("/api/blog/posts", &body).await;
        assert_eq!(status, 201, "{created}");
        assert_eq!(created["contentHtml"].as_str().map(str::trim_end), Some("<p>Shared <em>text</em>.</p>"));
        ids.push(created["_id"].as_str().unwrap().to_owned());
    }
    let edited = json!({"content": "Shared *TEXT*."});
    let (status, _) = app.admin().put_json(&format!("/api/blog/posts/{}", ids[0]), &edited).await;
    assert_eq!(status, 200);
    let read = |id: String| {
        let app = &app;
        async move { app.admin().get_json(&format!("/api/blog/posts/{id}")).await.1["contentHtml"].clone() }
    };
    assert_eq!(read(ids[0].clone()).await.as_str().map(str::trim_end), Some("<p>Shared <em>TEXT</em>.</p>"));
    assert_eq!(read(ids[1].clone()).await.as_str().map(str::trim_end), Some("<p>Shared <em>text</em>.</p>"));
    for (slug, expected) in [("first-twin", "TEXT"), ("second-twin", "text")] {
        let (_, post) = app.get_json(&format!("/api/blog/public/posts/slug/{slug}")).await;
        assert_eq!(
            post["contentHtml"].as_str().map(str::trim_end),
            Some(format!("<p>Shared <em>{expected}</em>.</p>").as_str())
        );
    }
}
