use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{spawn_app, spawn_empty_app};

fn names(list: &Value) -> Vec<&str> {
    list.as_array().unwrap().iter().map(|tag| tag["name"].as_str().unwrap()).collect()
}

#[tokio::test]
async fn tags_are_a_plain_array_by_name_with_use_counts() {
    let app = spawn_app().await;
    let (status, list) = app.get_json("/api/tags").await;
    assert_eq!(status, 200, "{list}");
    let all = names(&list);
    assert_eq!(all.len(), 17);
    let mut sorted = all.clone();
    sorted.sort_unstable();
    assert_eq!(all, sorted);
    let rust = list.as_array().unwrap().iter().find(|tag| tag["name"] == "Rust").unwrap();
    assert_eq!(
        (rust["slug"].as_str(), rust["type"].as_str(), rust["count"].as_u64()),
        (Some("rust"), Some("blog"), Some(2))
    );
    for field in ["_id", "description", "color", "createdAt", "updatedAt"] {
        assert!(rust.get(field).is_some(), "missing {field}");
    }
    let (_, portfolio) = app.get_json("/api/tags?type=portfolio").await;
    assert_eq!(names(&portfolio), ["E-commerce", "Fintech", "Healthcare"]);
    let (status, _) = app.get_json("/api/tags?type=news").await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn blog_tags_are_those_of_type_blog_or_general() {
    let app = spawn_app().await;
    let (status, list) = app.get_json("/api/blog/tags").await;
    assert_eq!(status, 200);
    assert_eq!(list.as_array().unwrap().len(), 14);
    assert!(list.as_array().unwrap().iter().all(|tag| tag["type"] == "blog" || tag["type"] == "general"));
}

#[tokio::test]
async fn popular_tags_are_ranked_by_use_then_name() {
    let app = spawn_app().await;
    let (status, popular) = app.get_json("/api/tags/popular").await;
    assert_eq!(status, 200);
    let list = popular.as_array().unwrap();
    assert_eq!(list.len(), 10);
    assert_eq!(list[0]["name"], "Best Practices");
    let counts: Vec<u64> = list.iter().map(|tag| tag["count"].as_u64().unwrap()).collect();
    assert!(counts.windows(2).all(|pair| pair[0] >= pair[1]), "{counts:?}");
    let (_, three) = app.get_json("/api/tags/popular?limit=3").await;
    assert_eq!(three.as_array().unwrap().len(), 3);
    let (_, one) = app.get_json("/api/tags/popular?limit=0").await;
    assert_eq!(one.as_array().unwrap().len(), 1);
    let (_, every) = app.get_json("/api/tags/popular?limit=100000").await;
    assert_eq!(every.as_array().unwrap().len(), 17);
}

#[tokio::test]
async fn a_tag_is_created_with_a_generated_slug_renamed_and_deleted() {
    let app = spawn_empty_app().await;
    let (status, created) = app.admin().post_json("/api/tags", &json!({"name": " Machine Learning "})).await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(
        (created["slug"].as_str(), created["color"].as_str(), created["type"].as_str(), created["count"].as_u64()),
        (Some("machine-learning"), Some("#10B981"), Some("blog"), Some(0))
    );
    let (_, twin) = app
        .admin()
        .post_json("/api/tags", &json!({"name": "Machine learning!", "type": "general", "color": "#3b82f6"}))
        .await;
    assert_eq!((twin["slug"].as_str(), twin["color"].as_str()), (Some("machine-learning-2"), Some("#3B82F6")));
    let id = created["_id"].as_str().unwrap();

    let (status, renamed) = app.admin().put_json(&format!("/api/tags/{id}"), &json!({"name": "AI"})).await;
    assert_eq!(status, 200);
    assert_eq!((renamed["slug"].as_str(), renamed["type"].as_str()), (Some("ai"), Some("blog")));

    let (status, _) = app.admin().delete(&format!("/api/tags/{id}")).await;
    assert_eq!(status, 204);
    let (_, list) = app.get_json("/api/tags").await;
    assert_eq!(names(&list), ["Machine learning!"]);
}

#[tokio::test]
async fn a_tag_used_by_posts_cannot_be_deleted() {
    let app = spawn_empty_app().await;
    let (_, tag) = app.admin().post_json("/api/tags", &json!({"name": "Rust"})).await;
    let id = tag["_id"].as_str().unwrap();
    let (status, _) = app.admin().post_json("/api/blog/posts", &json!({"title": "One", "tags": [id]})).await;
    assert_eq!(status, 201);
    let (status, body) = app.admin().delete(&format!("/api/tags/{id}")).await;
    assert_eq!((status, body["message"].as_str()), (409, Some("This tag is used by 1 post")));
    let (_, list) = app.get_json("/api/tags").await;
    assert_eq!(list[0]["count"], 1);
}

#[tokio::test]
async fn invalid_tags_are_refused_with_field_errors() {
    let app = spawn_empty_app().await;
    let (status, body) =
        app.admin().post_json("/api/tags", &json!({"color": "green", "type": "news", "description": 5})).await;
    assert_eq!(status, 422, "{body}");
    assert!(body["errors"]["description"].is_string(), "wrong types are named first: {body}");
    let (status, body) = app.admin().post_json("/api/tags", &json!({"color": "green", "type": "news"})).await;
    assert_eq!(status, 422);
    for field in ["name", "color", "type"] {
        assert!(body["errors"][field].is_string(), "{field}: {body}");
    }
    let (status, body) = app.admin().post_json("/api/tags", &json!({"name": "?!"})).await;
    assert_eq!((status, body["errors"]["name"].as_str()), (422, Some("Name must contain a letter or a digit")));
    assert_eq!(app.get_json("/api/tags").await.1, json!([]));
}

#[tokio::test]
async fn unknown_and_malformed_tag_ids_are_not_found() {
    let app = spawn_app().await;
    for id in ["65f1c2a9b4e8d70012345678", "nope", "rust"] {
        for method in [Method::PUT, Method::DELETE] {
            let (status, body) = app
                .admin()
                .send_raw(method.clone(), &format!("/api/tags/{id}"), "application/json", r#"{"version": 1}"#)
                .await;
            assert_eq!(status, 404, "{method} {id}: {body}");
        }
    }
    let (status, _) =
        app.admin().send_raw(Method::DELETE, "/api/tags/popular", "application/json", r#"{"version": 1}"#).await;
    assert_eq!(status, 405);
}
