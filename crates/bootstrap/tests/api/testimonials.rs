use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{spawn_app, spawn_empty_app};

fn names(list: &Value) -> Vec<&str> {
    list["testimonials"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect()
}

#[tokio::test]
async fn the_seeded_testimonials_are_listed_newest_first_with_totals() {
    let app = spawn_app().await;
    let (status, list) = app.get_json("/api/testimonials?limit=30").await;
    assert_eq!(status, 200);
    assert_eq!(
        (list["totalItems"].as_u64(), list["totalPages"].as_u64(), list["currentPage"].as_u64()),
        (Some(5), Some(1), Some(1))
    );
    let items = list["testimonials"].as_array().unwrap();
    let created: Vec<&str> = items.iter().map(|t| t["createdAt"].as_str().unwrap()).collect();
    let mut sorted = created.clone();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    assert_eq!(created, sorted, "newest first");
    for field in ["_id", "name", "company", "content", "rating", "status", "featured", "createdAt", "updatedAt"] {
        assert!(items[0].get(field).is_some(), "missing {field}");
    }
    assert!(items.iter().any(|t| t["rating"] == json!(4.5)), "half stars survive");
    assert!(items.iter().any(|t| t["content"] == ""), "one has no content");
}

#[tokio::test]
async fn anonymous_callers_only_ever_see_approved_testimonials() {
    let app = spawn_app().await;
    for query in ["", "?status=pending", "?status=rejected"] {
        let (_, list) = app.get_json(&format!("/api/testimonials{query}")).await;
        assert!(list["testimonials"].as_array().unwrap().iter().all(|t| t["status"] == "approved"), "{query}");
        assert!(!names(&list).contains(&"Marco Bianchi"), "{query}");
    }
    let (_, created) = app
        .admin()
        .post_json("/api/testimonials", &json!({"name": "Hidden", "company": "Co", "status": "pending"}))
        .await;
    let id = created["_id"].as_str().unwrap();
    let (status, _) = app.get_json(&format!("/api/testimonials/{id}")).await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn administrators_see_pending_testimonials() {
    let app = spawn_app().await;
    let (_, list) = app.admin().get_json("/api/testimonials?status=pending").await;
    assert_eq!(names(&list), ["Marco Bianchi"]);
}

#[tokio::test]
async fn filters_search_and_paging_edges_answer_sensibly() {
    let app = spawn_app().await;
    let (_, featured) = app.get_json("/api/testimonials?featured=true").await;
    assert_eq!(featured["totalItems"], 2);
    let (_, not_featured) = app.get_json("/api/testimonials?featured=false").await;
    assert_eq!(not_featured["totalItems"], 3);
    let (_, search) = app.get_json("/api/testimonials?search=KUMO").await;
    assert_eq!(names(&search), ["Mei Tanaka"]);
    let (_, by_content) = app.get_json("/api/testimonials?search=downtime").await;
    assert_eq!(names(&by_content), ["Daniel Okafor"]);
    let (_, default_page) = app.get_json("/api/testimonials").await;
    assert_eq!(default_page["testimonials"].as_array().unwrap().len(), 5);
    let (_, page_two) = app.get_json("/api/testimonials?limit=2&page=2").await;
    assert_eq!(
        (page_two["testimonials"].as_array().unwrap().len(), &page_two["totalPages"], &page_two["currentPage"]),
        (2, &json!(3), &json!(2))
    );
    let (_, limit_zero) = app.get_json("/api/testimonials?limit=0").await;
    assert_eq!(limit_zero["testimonials"].as_array().unwrap().len(), 1);
    let (_, huge) = app.get_json("/api/testimonials?limit=100000").await;
    assert_eq!(huge["testimonials"].as_array().unwrap().len(), 5);
    let (status, past) = app.get_json("/api/testimonials?page=999").await;
    assert_eq!((status, past["testimonials"].clone(), past["totalItems"].clone()), (200, json!([]), json!(5)));
    let (status, _) = app.get_json("/api/testimonials?status=famous").await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn a_testimonial_is_created_read_updated_and_deleted() {
    let app = spawn_empty_app().await;
    let (status, created) =
        app.admin().post_json("/api/testimonials", &json!({"name": " Ada ", "company": "Lovelace Ltd"})).await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(
        (created["name"].as_str(), created["rating"].as_f64(), created["status"].as_str()),
        (Some("Ada"), Some(5.0), Some("approved"))
    );
    assert_eq!(created["content"], "");
    let id = created["_id"].as_str().unwrap();
    assert_eq!(app.get_json(&format!("/api/testimonials/{id}")).await, (200, created.clone()));

    let (status, updated) =
        app.admin().put_json(&format!("/api/testimonials/{id}"), &json!({"rating": 3.5, "featured": true})).await;
    assert_eq!(status, 200);
    assert_eq!(
        (updated["rating"].as_f64(), updated["featured"].as_bool(), updated["name"].as_str()),
        (Some(3.5), Some(true), Some("Ada"))
    );

    assert_eq!(app.admin().delete(&format!("/api/testimonials/{id}")).await.0, 204);
    let (status, body) = app.get_json(&format!("/api/testimonials/{id}")).await;
    assert_eq!((status, body["message"].as_str()), (404, Some("Testimonial not found")));
}

#[tokio::test]
async fn invalid_testimonials_are_refused_with_every_field_named() {
    let app = spawn_empty_app().await;
    let (status, body) =
        app.admin().post_json("/api/testimonials", &json!({"name": "", "rating": 5.5, "status": "famous"})).await;
    assert_eq!(status, 422, "{body}");
    for field in ["name", "company", "rating", "status"] {
        assert!(body["errors"][field].is_string(), "{field}: {body}");
    }
    for rating in [0, 6] {
        let (status, _) =
            app.admin().post_json("/api/testimonials", &json!({"name": "A", "company": "B", "rating": rating})).await;
        assert_eq!(status, 422);
    }
    let (status, body) =
        app.admin().post_json("/api/testimonials", &json!({"name": "A", "company": "B", "rating": "five"})).await;
    assert_eq!((status, body["errors"]["rating"].is_string()), (422, true));
    assert_eq!(app.get_json("/api/testimonials").await.1["totalItems"], 0);
}

#[tokio::test]
async fn unknown_and_malformed_ids_are_not_found() {
    let app = spawn_app().await;
    for id in ["65f1c2a9b4e8d70012345678", "nope", "65F1C2A9B4E8D70012345678"] {
        for method in [Method::GET, Method::PUT, Method::DELETE] {
            let (status, body) = app
                .admin()
                .send_raw(method.clone(), &format!("/api/testimonials/{id}"), "application/json", r#"{"version": 1}"#)
                .await;
            assert_eq!(status, 404, "{method} {id}: {body}");
        }
    }
}
