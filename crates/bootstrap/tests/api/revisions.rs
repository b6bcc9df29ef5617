//! Revision history over HTTP: every save keeps the version it replaces, with its author; a kept
//! version reads back whole and restores as a new save; only administrators reach any of it.

use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app};

async fn post_id(app: &TestApp, slug: &str) -> String {
    let (status, post) = app.admin().get_json("/api/blog/posts?limit=100").await;
    assert_eq!(status, 200, "{post}");
    let found = post["blogs"].as_array().unwrap().iter().find(|post| post["slug"] == slug).expect("the demo post");
    found["_id"].as_str().unwrap().to_owned()
}

fn ids(list: &Value) -> Vec<&str> {
    list.as_array().unwrap().iter().map(|revision| revision["_id"].as_str().unwrap()).collect()
}

#[tokio::test]
async fn a_post_keeps_each_replaced_version_and_restores_one_as_a_new_save() {
    let app = spawn_app().await;
    let id = post_id(&app, "designing-apis-people-enjoy-using").await;
    let base = format!("/api/blog/posts/{id}");
    let (_, original) = app.admin().get_json(&base).await;
    let (status, list) = app.admin().get_json(&format!("{base}/revisions")).await;
    assert_eq!((status, list), (200, json!([])), "seeded posts start without history");

    let (status, _) = app.admin().put_json(&base, &json!({"content": "Second version"})).await;
    assert_eq!(status, 200);
    let (status, _) = app.admin().put_json(&base, &json!({"content": "Third version", "title": "Renamed"})).await;
    assert_eq!(status, 200);
    let (_, unchanged) = app.admin().put_json(&base, &json!({"content": "Third version"})).await;
    assert_eq!(unchanged["content"], "Third version");

    let (_, list) = app.admin().get_json(&format!("{base}/revisions")).await;
    assert_eq!(ids(&list).len(), 2, "a save that changes nothing keeps nothing: {list}");
    let newest = &list[0];
    assert_eq!((&newest["recordId"], &newest["authorName"]), (&json!(id), &json!("Administrator")));
    assert!(newest["authorId"].as_str().is_some_and(|author| author.len() == 24));
    assert!(newest["createdAt"].as_str() >= list[1]["createdAt"].as_str());
    assert_eq!(list[1]["savedAt"], original["updatedAt"], "the oldest revision is the seeded version");
    assert!(newest.get("snapshot").is_none(), "lists carry no content");

    let oldest = list[1]["_id"].as_str().unwrap();
    let (status, revision) = app.admin().get_json(&format!("{base}/revisions/{oldest}")).await;
    assert_eq!(status, 200, "{revision}");
    assert_eq!(revision["revision"]["_id"], oldest);
    assert_eq!(revision["snapshot"]["content"], original["content"]);
    assert_eq!(revision["snapshot"]["title"], original["title"]);
    assert_eq!(revision["snapshot"]["categoryName"], "Web Development");

    let (status, restored) = app.admin().post_json(&format!("{base}/revisions/{oldest}/restore"), &json!({})).await;
    assert_eq!(status, 200, "{restored}");
    assert_eq!((&restored["content"], &restored["title"]), (&original["content"], &original["title"]));
    assert_eq!(restored["views"], original["views"]);
    let (_, public) = app.get_json("/api/blog/public/posts/slug/designing-apis-people-enjoy-using").await;
    assert_eq!(public["content"], original["content"]);

    let (_, list) = app.admin().get_json(&format!("{base}/revisions")).await;
    assert_eq!(ids(&list).len(), 3, "the restore kept the version it replaced");
    let (_, replaced) = app.admin().get_json(&format!("{base}/revisions/{}", ids(&list)[0])).await;
    assert_eq!(replaced["snapshot"]["content"], "Third version");

    let (status, _) = app.admin().delete(&base).await;
    assert_eq!(status, 204);
    assert_eq!(app.admin().get_json(&format!("{base}/revisions")).await.0, 404);
}

#[tokio::test]
async fn unknown_records_and_revisions_are_not_found() {
    let app = spawn_app().await;
    let id = post_id(&app, "designing-apis-people-enjoy-using").await;
    app.admin().put_json(&format!("/api/blog/posts/{id}"), &json!({"excerpt": "Changed"})).await;
    let (_, list) = app.admin().get_json(&format!("/api/blog/posts/{id}/revisions")).await;
    let revision = ids(&list)[0].to_owned();
    let other = post_id(&app, "shipping-a-react-native-app-in-12-weeks").await;
    let unknown = "65f1c2a9b4e8d70012345678";
    for path in [
        format!("/api/blog/posts/{unknown}/revisions"),
        "/api/blog/posts/not-an-id/revisions".to_owned(),
        format!("/api/blog/posts/{id}/revisions/{unknown}"),
        format!("/api/blog/posts/{id}/revisions/not-an-id"),
        format!("/api/blog/posts/{other}/revisions/{revision}"),
        format!("/api/portfolio/{unknown}/revisions"),
        "/api/content/nothing-here/revisions".to_owned(),
    ] {
        let (status, body) = app.admin().get_json(&path).await;
        assert_eq!(status, 404, "{path}: {body}");
        assert!(body["message"].as_str().unwrap().ends_with("not found"), "{path}: {body}");
    }
    let (status, body) =
        app.admin().post_json(&format!("/api/blog/posts/{other}/revisions/{revision}/restore"), &json!({})).await;
    assert_eq!((status, body["message"].as_str()), (404, Some("Revision not found")));
}

#[tokio::test]
async fn every_signed_in_role_reads_revisions_and_only_editors_and_higher_restore_them() {
    let app = spawn_app().await;
    let id = post_id(&app, "designing-apis-people-enjoy-using").await;
    app.admin().put_json(&format!("/api/blog/posts/{id}"), &json!({"excerpt": "Changed"})).await;
    let (_, list) = app.admin().get_json(&format!("/api/blog/posts/{id}/revisions")).await;
    let revision = ids(&list)[0].to_owned();
    let member = app.role_token("sales").await;
    let reads = [
        format!("/api/blog/posts/{id}/revisions"),
        format!("/api/blog/posts/{id}/revisions/{revision}"),
        "/api/content/about/revisions".to_owned(),
    ];
    for path in &reads {
        assert_eq!(app.anonymous().get_json(path).await.0, 401, "{path}");
        assert_eq!(app.with_token(&member).get_json(path).await.0, 200, "{path}");
    }
    let restore = format!("/api/blog/posts/{id}/revisions/{revision}/restore");
    assert_eq!(app.anonymous().post_json(&restore, &json!({})).await.0, 401);
    assert_eq!(app.with_token(&member).post_json(&restore, &json!({})).await.0, 403);
    let (_, post) = app.admin().get_json(&format!("/api/blog/posts/{id}")).await;
    assert_eq!(post["excerpt"], "Changed", "nothing was restored");
}

#[tokio::test]
async fn projects_and_content_pages_keep_and_restore_their_versions() {
    let app = spawn_app().await;
    let (_, projects) = app.admin().get_json("/api/portfolio?limit=1").await;
    let project = &projects["projects"][0];
    let base = format!("/api/portfolio/{}", project["_id"].as_str().unwrap());
    app.admin().put_json(&base, &json!({"featured": !project["featured"].as_bool().unwrap()})).await;
    let (_, list) = app.admin().get_json(&format!("{base}/revisions")).await;
    assert_eq!(ids(&list).len(), 1, "the featured toggle is a save too");
    let revision = ids(&list)[0];
    let (_, kept) = app.admin().get_json(&format!("{base}/revisions/{revision}")).await;
    assert_eq!(kept["snapshot"]["featured"], project["featured"]);
    let (status, restored) = app.admin().post_json(&format!("{base}/revisions/{revision}/restore"), &json!({})).await;
    assert_eq!((status, &restored["featured"]), (200, &project["featured"]));

    let (_, about) = app.admin().get_json("/api/content/about").await;
    let (status, _) = app.admin().put_json("/api/content/about", &json!({"mission": "A new mission"})).await;
    assert_eq!(status, 200);
    let (status, _) = app.admin().patch_json("/api/content/about/status", &json!({"status": "draft"})).await;
    assert_eq!(status, 200);
    let (_, list) = app.admin().get_json("/api/content/about/revisions").await;
    assert_eq!(ids(&list).len(), 2);
    let first = ids(&list)[1];
    let (_, kept) = app.admin().get_json(&format!("/api/content/about/revisions/{first}")).await;
    assert_eq!((&kept["snapshot"]["mission"], &kept["snapshot"]["type"]), (&about["mission"], &json!("about")));
    let (status, restored) =
        app.admin().post_json(&format!("/api/content/about/revisions/{first}/restore"), &json!({})).await;
    assert_eq!(status, 200, "{restored}");
    assert_eq!((&restored["mission"], &restored["status"]), (&about["mission"], &json!("published")));
    assert_eq!(app.get_json("/api/content/about").await.1["mission"], about["mission"]);
}
