use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{spawn_app, spawn_empty_app};

fn slugs(list: &Value) -> Vec<&str> {
    list.as_array().unwrap().iter().map(|category| category["slug"].as_str().unwrap()).collect()
}

#[tokio::test]
async fn categories_are_a_plain_array_in_display_order_with_post_counts() {
    let app = spawn_app().await;
    let (status, list) = app.get_json("/api/blog/categories?type=blog").await;
    assert_eq!(status, 200, "{list}");
    assert_eq!(
        slugs(&list),
        [
            "web-development",
            "mobile-apps",
            "ui-ux-design",
            "seo-growth",
            "cloud-devops",
            "software-architecture",
            "agency-life"
        ]
    );
    let web = &list[0];
    assert_eq!((web["displayName"].as_str(), web["postCount"].as_u64()), (Some("Web Development"), Some(2)));
    assert_eq!(web["name"], "web-development");
    for field in ["_id", "description", "featured", "status", "order", "createdAt", "updatedAt"] {
        assert!(web.get(field).is_some(), "missing {field}");
    }
    let agency = list.as_array().unwrap().iter().find(|c| c["slug"] == "agency-life").unwrap();
    assert_eq!(agency["postCount"], 2, "drafts count too");
}

#[tokio::test]
async fn anonymous_callers_only_see_active_categories() {
    let app = spawn_app().await;
    for query in ["", "?status=inactive", "?status=active"] {
        let (_, list) = app.anonymous().get_json(&format!("/api/blog/categories{query}")).await;
        assert!(!slugs(&list).contains(&"company-news"), "{query}");
        assert!(list.as_array().unwrap().iter().all(|category| category["status"] == "active"), "{query}");
    }
    let (status, _) = app.get_json("/api/blog/categories?status=archived").await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn administrators_see_inactive_categories() {
    let app = spawn_app().await;
    let (_, list) = app.admin().get_json("/api/blog/categories").await;
    assert!(slugs(&list).contains(&"company-news"));
    let (_, inactive) = app.admin().get_json("/api/blog/categories?status=inactive").await;
    assert_eq!(slugs(&inactive), ["company-news"]);
}

#[tokio::test]
async fn a_category_is_created_updated_and_deleted() {
    let app = spawn_empty_app().await;
    let body = json!({"displayName": " Data Engineering ", "slug": "data-engineering", "description": "Pipelines"});
    let (status, created) = app.admin().post_json("/api/blog/categories", &body).await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(
        (
            created["name"].as_str(),
            created["status"].as_str(),
            created["order"].as_u64(),
            created["postCount"].as_u64()
        ),
        (Some("data-engineering"), Some("active"), Some(0), Some(0))
    );
    assert_eq!(
        (created["displayName"].as_str(), created["featured"].as_bool()),
        (Some("Data Engineering"), Some(false))
    );
    let id = created["_id"].as_str().unwrap();

    let (status, conflict) = app.admin().post_json("/api/blog/categories", &body).await;
    assert_eq!(status, 409, "{conflict}");
    assert_eq!(conflict["message"], "A category with this slug already exists");

    let (status, updated) = app
        .admin()
        .put_json(&format!("/api/blog/categories/{id}"), &json!({"order": 3, "featured": true, "status": "inactive"}))
        .await;
    assert_eq!(status, 200, "{updated}");
    assert_eq!((updated["order"].as_u64(), updated["featured"].as_bool()), (Some(3), Some(true)));
    assert_eq!(
        (updated["slug"].as_str(), updated["name"].as_str()),
        (Some("data-engineering"), Some("data-engineering"))
    );

    let (status, _) = app.admin().delete(&format!("/api/blog/categories/{id}")).await;
    assert_eq!(status, 204);
    let (status, _) = app.admin().delete(&format!("/api/blog/categories/{id}")).await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn a_category_used_by_posts_cannot_be_deleted() {
    let app = spawn_app().await;
    let (_, list) = app.get_json("/api/blog/categories").await;
    let web = list.as_array().unwrap().iter().find(|c| c["slug"] == "web-development").unwrap();
    let id = web["_id"].as_str().unwrap();
    let (status, body) = app.admin().delete(&format!("/api/blog/categories/{id}")).await;
    assert_eq!((status, body["message"].as_str()), (409, Some("This category is used by 2 posts")));
    let (_, after) = app.get_json("/api/blog/categories").await;
    assert!(slugs(&after).contains(&"web-development"));
}

#[tokio::test]
async fn invalid_categories_are_refused_with_field_errors() {
    let app = spawn_empty_app().await;
    let (status, body) = app.admin().post_json("/api/blog/categories", &json!({"name": "x"})).await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(body["errors"]["displayName"], "Display name is required");
    assert_eq!(body["errors"]["slug"], "Slug is required");
    let bad = json!({"displayName": "x", "slug": "Bad Slug", "status": "archived", "order": -1});
    let (status, body) = app.admin().post_json("/api/blog/categories", &bad).await;
    assert_eq!(status, 422);
    for field in ["slug", "status", "order"] {
        assert!(body["errors"][field].is_string(), "{field}: {body}");
    }
    let (status, body) =
        app.admin().post_json("/api/blog/categories", &json!({"displayName": "x", "slug": "x", "order": "1"})).await;
    assert_eq!((status, body["errors"]["order"].is_string()), (422, true), "{body}");
    assert_eq!(app.get_json("/api/blog/categories").await.1, json!([]));
}

#[tokio::test]
async fn unknown_and_malformed_category_ids_are_not_found() {
    let app = spawn_app().await;
    for id in ["65f1c2a9b4e8d70012345678", "nope", "web-development"] {
        for method in [Method::PUT, Method::DELETE] {
            let (status, body) = app
                .admin()
                .send_raw(
                    method.clone(),
                    &format!("/api/blog/categories/{id}"),
                    "application/json",
                    r#"{"version": 1}"#,
                )
                .await;
            assert_eq!(status, 404, "{method} {id}: {body}");
        }
    }
}
