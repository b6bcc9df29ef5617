use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app, spawn_empty_app};

fn names(body: &Value) -> Vec<&str> {
    body["data"].as_array().unwrap().iter().map(|technology| technology["name"].as_str().unwrap()).collect()
}

async fn names_for(app: &TestApp, query: &str) -> Vec<String> {
    let (status, body) = app.get_json(&format!("/api/technologies{query}")).await;
    assert_eq!(status, 200, "{query}: {body}");
    names(&body).into_iter().map(str::to_owned).collect()
}

fn id_of<'a>(body: &'a Value, name: &str) -> &'a str {
    body["data"].as_array().unwrap().iter().find(|technology| technology["name"] == name).unwrap()["_id"]
        .as_str()
        .unwrap()
}

#[tokio::test]
async fn the_seeded_technologies_are_listed_by_order_wrapped_in_data_with_usage_counts() {
    let app = spawn_app().await;
    let (status, body) = app.get_json("/api/technologies").await;
    assert_eq!(status, 200);
    assert_eq!(names(&body)[..4], ["React", "TypeScript", "Tailwind CSS", "Node.js"]);
    assert_eq!(names(&body).len(), 16, "the inactive one is hidden");
    let react = &body["data"][0];
    for field in [
        "_id",
        "description",
        "category",
        "icon",
        "color",
        "website",
        "status",
        "featured",
        "order",
        "createdAt",
        "updatedAt",
    ] {
        assert!(react.get(field).is_some(), "missing {field}");
    }
    assert_eq!(react["usageCount"], 4, "anonymous callers count published projects only");
    assert_eq!(react["category"], "frontend");
    let node = body["data"].as_array().unwrap().iter().find(|t| t["name"] == "Node.js").unwrap();
    assert_eq!(node["usageCount"], 4);
}

#[tokio::test]
async fn anonymous_callers_never_see_inactive_technologies() {
    let app = spawn_app().await;
    let (_, body) = app.get_json("/api/technologies?status=inactive").await;
    assert!(body["data"].as_array().unwrap().iter().all(|technology| technology["status"] == "active"));
    assert!(!names(&body).contains(&"jQuery"));

    let (status, created) =
        app.admin().post_json("/api/technologies", &json!({"name": "Backbone", "status": "inactive"})).await;
    assert_eq!(status, 201, "{created}");
    let id = created["data"]["_id"].as_str().unwrap();
    let (status, body) = app.get_json(&format!("/api/technologies/{id}")).await;
    assert_eq!((status, body["message"].as_str()), (404, Some("Technology not found")));
}

#[tokio::test]
async fn featured_technologies_and_categories_are_public() {
    let app = spawn_app().await;
    let (status, featured) = app.get_json("/api/technologies/featured").await;
    assert_eq!(status, 200);
    assert_eq!(names(&featured), ["React", "TypeScript", "Node.js", "Rust", "PostgreSQL", "Flutter", "Figma", "AWS"]);

    let (status, categories) = app.get_json("/api/technologies/categories").await;
    assert_eq!(status, 200);
    let expected = json!([
        {"value": "frontend", "label": "Frontend", "count": 3},
        {"value": "backend", "label": "Backend", "count": 3},
        {"value": "database", "label": "Database", "count": 2},
        {"value": "devops", "label": "DevOps", "count": 3},
        {"value": "mobile", "label": "Mobile", "count": 3},
        {"value": "design", "label": "Design", "count": 1},
        {"value": "other", "label": "Other", "count": 1},
    ]);
    assert_eq!(categories["data"], expected);
}

#[tokio::test]
async fn list_filters_and_paging_edges_answer_sensibly() {
    let app = spawn_app().await;
    assert_eq!(names_for(&app, "?category=backend").await, ["Node.js", "Rust", "GraphQL"]);
    assert_eq!(names_for(&app, "?category=database&featured=true").await, ["PostgreSQL"]);
    assert_eq!(names_for(&app, "?featured=false").await.len(), 8);
    assert_eq!(names_for(&app, "?search=SQL").await, ["PostgreSQL"]);
    assert_eq!(names_for(&app, "?search=native%20ios").await, ["Swift"], "description search");
    assert_eq!(names_for(&app, "?limit=2&page=2").await, ["Tailwind CSS", "Node.js"]);
    assert_eq!(names_for(&app, "?limit=0").await, ["React"]);
    assert_eq!(names_for(&app, "?limit=-3&page=-1").await, ["React"]);
    assert_eq!(names_for(&app, "?limit=1000000000").await.len(), 16);
    assert_eq!(app.get_json("/api/technologies?page=99999999999").await, (200, json!({"data": []})));
    for query in ["category=cloud", "status=gone", "featured=maybe", "page=x"] {
        let (status, body) = app.get_json(&format!("/api/technologies?{query}")).await;
        assert_eq!(status, 400, "{query}: {body}");
    }
}

#[tokio::test]
async fn a_technology_is_created_read_updated_and_deleted() {
    let app = spawn_empty_app().await;
    let (status, created) =
        app.admin().post_json("/api/technologies", &json!({"name": "  Svelte ", "unknown": 1})).await;
    assert_eq!(status, 201, "{created}");
    let data = &created["data"];
    assert_eq!(data["name"], "Svelte");
    assert_eq!(
        (&data["category"], &data["icon"], &data["color"], &data["status"], &data["order"], &data["usageCount"]),
        (&json!("frontend"), &json!("code"), &json!("#3B82F6"), &json!("active"), &json!(0), &json!(0))
    );
    assert_eq!((&data["featured"], &data["website"]), (&json!(false), &json!("")));
    let id = data["_id"].as_str().unwrap();

    assert_eq!(app.get_json(&format!("/api/technologies/{id}")).await, (200, created.clone()));

    let (status, updated) = app
        .admin()
        .put_json(
            &format!("/api/technologies/{id}"),
            &json!({"category": "design", "website": "https://svelte.dev", "order": 3}),
        )
        .await;
    assert_eq!(status, 200, "{updated}");
    assert_eq!(
        (&updated["data"]["category"], &updated["data"]["order"], &updated["data"]["name"]),
        (&json!("design"), &json!(3), &json!("Svelte"))
    );

    let (status, _) = app.admin().delete(&format!("/api/technologies/{id}")).await;
    assert_eq!(status, 204);
    assert_eq!(app.get_json(&format!("/api/technologies/{id}")).await.0, 404);
}

#[tokio::test]
async fn names_are_unique_ignoring_case() {
    let app = spawn_app().await;
    let (status, body) = app.admin().post_json("/api/technologies", &json!({"name": "react"})).await;
    assert_eq!(status, 409, "{body}");
    assert!(body["message"].as_str().unwrap().contains("already exists"));
    let (_, list) = app.get_json("/api/technologies").await;
    let rust = id_of(&list, "Rust");
    let (status, _) = app.admin().put_json(&format!("/api/technologies/{rust}"), &json!({"name": "TYPESCRIPT"})).await;
    assert_eq!(status, 409);
    let (status, _) = app.admin().put_json(&format!("/api/technologies/{rust}"), &json!({"name": "RUST"})).await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn a_technology_used_by_projects_cannot_be_deleted() {
    let app = spawn_app().await;
    let (_, list) = app.get_json("/api/technologies").await;
    let node = id_of(&list, "Node.js");
    let (status, body) = app.admin().delete(&format!("/api/technologies/{node}")).await;
    assert_eq!(status, 409);
    assert_eq!(body["message"], "This technology is used by 6 projects");
    assert_eq!(app.get_json(&format!("/api/technologies/{node}")).await.0, 200);
}

#[tokio::test]
async fn invalid_technologies_are_refused_with_field_errors_and_nothing_is_stored() {
    let app = spawn_empty_app().await;
    let (status, body) = app
        .admin()
        .post_json(
            "/api/technologies",
            &json!({"name": " ", "category": "cloud", "color": "blue", "website": "svelte.dev", "status": "gone", "order": -1}),
        )
        .await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(body["message"], "Validation failed");
    for field in ["name", "category", "color", "website", "status", "order"] {
        assert!(body["errors"][field].is_string(), "no error for {field}: {body}");
    }
    let (status, body) = app.admin().post_json("/api/technologies", &json!({"name": "x", "featured": "yes"})).await;
    assert_eq!(status, 422);
    assert!(body["errors"]["featured"].is_string());
    assert_eq!(app.get_json("/api/technologies").await.1, json!({"data": []}));
}

#[tokio::test]
async fn unknown_and_malformed_ids_are_not_found() {
    let app = spawn_app().await;
    for id in ["65f1c2a9b4e8d70012345678", "nope", "65F1C2A9B4E8D70012345678", "%00"] {
        for method in [Method::GET, Method::PUT, Method::DELETE] {
            let (status, body) = app
                .admin()
                .send_raw(method.clone(), &format!("/api/technologies/{id}"), "application/json", r#"{"version": 1}"#)
                .await;
            assert_eq!(status, 404, "{method} {id}: {body}");
            assert!(body["message"].is_string());
        }
    }
}

#[tokio::test]
async fn administrators_see_inactive_technologies() {
    let app = spawn_app().await;
    let (_, body) = app.admin().get_json("/api/technologies?status=inactive").await;
    assert_eq!(names(&body), ["jQuery"]);
    assert_eq!(body["data"][0]["usageCount"], 1, "administrators count every project");
    let id = body["data"][0]["_id"].as_str().unwrap();
    assert_eq!(app.admin().get_json(&format!("/api/technologies/{id}")).await.0, 200);
    let (_, categories) = app.admin().get_json("/api/technologies/categories").await;
    assert_eq!(categories["data"][0]["count"], 4);
}
