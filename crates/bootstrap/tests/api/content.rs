use serde_json::json;

use crate::helpers::{spawn_app, spawn_empty_app};

#[tokio::test]
async fn the_about_and_policy_pages_are_seeded_and_public() {
    let app = spawn_app().await;
    let (status, about) = app.get_json("/api/content/about").await;
    assert_eq!(status, 200);
    assert_eq!(about["type"], "about");
    assert_eq!(about["values"].as_array().unwrap().len(), 6);
    assert!(about["values"][0].as_str().unwrap().contains(" - "));
    assert!(about["description"].as_str().unwrap().contains("\n\n"));
    assert_eq!((about["content"].as_str(), about["lastUpdated"].is_null()), (Some(""), true));
    for field in ["_id", "title", "subtitle", "mission", "vision", "status", "sections", "createdAt", "updatedAt"] {
        assert!(about.get(field).is_some(), "missing {field}");
    }
    for policy in ["privacy", "terms", "cookies"] {
        let (status, page) = app.get_json(&format!("/api/content/{policy}")).await;
        assert_eq!(status, 200, "{policy}");
        assert!(page["content"].as_str().unwrap().contains("## "), "{policy}");
        assert!(page["lastUpdated"].is_string(), "{policy}");
        assert_eq!((page["mission"].as_str(), page["values"].clone()), (Some(""), json!([])));
    }
}

#[tokio::test]
async fn missing_and_draft_pages_are_not_found_for_visitors() {
    let app = spawn_app().await;
    for page_type in ["careers", "NOT-A-TYPE", "a--b"] {
        assert_eq!(app.get_json(&format!("/api/content/{page_type}")).await.0, 404, "{page_type}");
    }
    let (status, page) = app.admin().patch_json("/api/content/terms/status", &json!({"status": "draft"})).await;
    assert_eq!((status, page["status"].as_str()), (200, Some("draft")));
    assert_eq!(app.get_json("/api/content/terms").await.0, 404);
    let (status, body) = app.admin().patch_json("/api/content/terms/status", &json!({})).await;
    assert_eq!((status, body["errors"]["status"].is_string()), (422, true));
    assert_eq!(app.admin().patch_json("/api/content/careers/status", &json!({"status": "draft"})).await.0, 404);
}

#[tokio::test]
async fn administrators_see_draft_pages() {
    let app = spawn_app().await;
    app.admin().patch_json("/api/content/terms/status", &json!({"status": "draft"})).await;
    assert_eq!(app.admin().get_json("/api/content/terms").await.0, 200);
}

#[tokio::test]
async fn saving_upserts_the_page_of_a_type() {
    let app = spawn_empty_app().await;
    let body = json!({"title": "Privacy Policy", "content": "## Data\n\n- kept", "lastUpdated": "2024-03-15", "mission": "ignored"});
    let (status, created) = app.admin().put_json("/api/content/privacy", &body).await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(
        (created["lastUpdated"].as_str(), created["mission"].as_str()),
        (Some("2024-03-15T00:00:00Z"), Some(""))
    );
    let (status, updated) = app.admin().put_json("/api/content/privacy", &json!({"subtitle": "Your data"})).await;
    assert_eq!(status, 200);
    assert_eq!(
        (updated["_id"].clone(), updated["title"].as_str(), updated["subtitle"].as_str()),
        (created["_id"].clone(), Some("Privacy Policy"), Some("Your data"))
    );
    let (status, body) = app.admin().put_json("/api/content/terms", &json!({"lastUpdated": "yesterday"})).await;
    assert_eq!(status, 422);
    assert!(body["errors"]["title"].is_string() && body["errors"]["lastUpdated"].is_string(), "{body}");
    let (status, body) = app.admin().put_json("/api/content/Bad%20Type", &json!({"title": "x"})).await;
    assert_eq!((status, body["errors"]["type"].is_string()), (422, true));
}

#[tokio::test]
async fn creating_a_type_that_exists_is_a_conflict() {
    let app = spawn_app().await;
    let careers = json!({"type": "careers", "title": "Careers", "sections": [{"title": "Open roles", "content": "- Rust engineer"}]});
    let (status, created) = app.admin().post_json("/api/content", &careers).await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["sections"], json!([{"title": "Open roles", "content": "- Rust engineer"}]));
    let (status, body) = app.admin().post_json("/api/content", &careers).await;
    assert_eq!((status, body["message"].as_str()), (409, Some("Content of type careers already exists")));
    let (status, body) = app.admin().post_json("/api/content", &json!({"type": "stats", "title": "x"})).await;
    assert_eq!((status, body["errors"]["type"].is_string()), (422, true));
    let (status, body) = app.admin().post_json("/api/content", &json!({"type": "careers-2", "title": 5})).await;
    assert_eq!((status, body["errors"]["title"].is_string()), (422, true), "{body}");
    let (status, body) = app.admin().post_json("/api/content", &json!({})).await;
    assert_eq!(status, 422);
    assert!(body["errors"]["type"].is_string() && body["errors"]["title"].is_string(), "{body}");
}

#[tokio::test]
async fn the_admin_list_stats_and_delete_cover_every_page() {
    let app = spawn_app().await;
    let (status, list) = app.admin().get_json("/api/content").await;
    assert_eq!(status, 200);
    let types: Vec<&str> = list.as_array().unwrap().iter().map(|p| p["type"].as_str().unwrap()).collect();
    assert_eq!(types, ["about", "cookies", "privacy", "terms"]);
    app.admin().patch_json("/api/content/cookies/status", &json!({"status": "draft"})).await;
    let (code, counts) = app.admin().get_json("/api/content/stats").await;
    assert_eq!(code, 200);
    assert_eq!(
        counts,
        json!({"total": 4, "published": 3, "draft": 1, "byType": {"about": 1, "cookies": 1, "privacy": 1, "terms": 1}})
    );
    assert_eq!(app.admin().delete("/api/content/cookies").await.0, 204);
    assert_eq!(app.admin().delete("/api/content/cookies").await.0, 404);
    assert_eq!(app.admin().get_json("/api/content").await.1.as_array().unwrap().len(), 3);
}
