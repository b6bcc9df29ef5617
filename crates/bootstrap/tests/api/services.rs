use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{spawn_app, spawn_empty_app};

fn titles(list: &Value) -> Vec<&str> {
    list.as_array().unwrap().iter().map(|service| service["title"].as_str().unwrap()).collect()
}

#[tokio::test]
async fn the_seeded_services_are_listed_in_display_order_as_a_plain_array() {
    let app = spawn_app().await;
    let (status, list) = app.get_json("/api/services").await;
    assert_eq!(status, 200);
    assert_eq!(
        titles(&list),
        [
            "Mobile App Development",
            "Web Development",
            "UI/UX Design",
            "SEO Services",
            "Custom Software",
            "API Integration",
            "Cloud Migration"
        ]
    );
    let first = &list[0];
    assert_eq!(first["icon"], "faMobileAlt");
    assert!(first["_id"].as_str().unwrap().chars().all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase()));
    assert_eq!(first["_id"].as_str().unwrap().len(), 24);
    for field in [
        "description",
        "shortDescription",
        "features",
        "price",
        "priceDisplay",
        "showPrice",
        "status",
        "featured",
        "order",
        "createdAt",
        "updatedAt",
    ] {
        assert!(first.get(field).is_some(), "missing {field}");
    }
}

#[tokio::test]
async fn anonymous_callers_never_see_inactive_services() {
    let app = spawn_app().await;
    let (_, list) = app.get_json("/api/services?status=inactive").await;
    assert!(!titles(&list).contains(&"Legacy Support"));
    assert!(list.as_array().unwrap().iter().all(|service| service["status"] == "active"));
}

#[tokio::test]
async fn featured_services_are_capped_by_the_settings() {
    let app = spawn_app().await;
    let (_, featured) = app.get_json("/api/services/featured").await;
    assert_eq!(featured.as_array().unwrap().len(), 6);
    app.admin().put_json("/api/settings/services", &json!({"maxServicesDisplay": 2})).await;
    let (_, featured) = app.get_json("/api/services/featured").await;
    assert_eq!(titles(&featured), ["Mobile App Development", "Web Development"]);
}

#[tokio::test]
async fn list_filters_and_paging_edges_answer_sensibly() {
    let app = spawn_app().await;
    let (_, not_featured) = app.get_json("/api/services?featured=false").await;
    assert_eq!(titles(&not_featured), ["Cloud Migration"]);
    let (_, page_two) = app.get_json("/api/services?limit=2&page=2").await;
    assert_eq!(titles(&page_two), ["UI/UX Design", "SEO Services"]);
    for query in ["limit=0", "limit=-4", "page=0", "page=-1", "limit=1000000000"] {
        let (status, list) = app.get_json(&format!("/api/services?{query}")).await;
        assert_eq!(status, 200, "{query}");
        assert!(!list.as_array().unwrap().is_empty(), "{query}");
    }
    let (status, past_the_end) = app.get_json("/api/services?page=99999999999").await;
    assert_eq!((status, past_the_end), (200, json!([])));
}

#[tokio::test]
async fn a_service_is_created_read_updated_and_deleted() {
    let app = spawn_empty_app().await;
    let (status, created) = app
        .admin()
        .post_json("/api/services", &json!({"title": "  Data Engineering ", "icon": "faCloud", "features": ["ETL", " ", "Dashboards"], "unknown": 1}))
        .await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["title"], "Data Engineering");
    assert_eq!(created["features"], json!(["ETL", "Dashboards"]));
    assert_eq!(
        (created["status"].as_str(), created["showPrice"].as_bool(), created["order"].as_u64()),
        (Some("active"), Some(true), Some(0))
    );
    let id = created["_id"].as_str().unwrap();

    let (status, fetched) = app.get_json(&format!("/api/services/{id}")).await;
    assert_eq!((status, &fetched), (200, &created));

    let (status, updated) =
        app.admin().put_json(&format!("/api/services/{id}"), &json!({"order": 4, "price": 1200})).await;
    assert_eq!(status, 200);
    assert_eq!(
        (updated["order"].as_u64(), updated["price"].as_f64(), updated["title"].as_str()),
        (Some(4), Some(1200.0), Some("Data Engineering"))
    );

    let (status, cleared) = app.admin().put_json(&format!("/api/services/{id}"), &json!({"price": null})).await;
    assert_eq!((status, &cleared["price"]), (200, &Value::Null));

    let (status, _) = app.admin().delete(&format!("/api/services/{id}")).await;
    assert_eq!(status, 204);
    let (status, body) = app.get_json(&format!("/api/services/{id}")).await;
    assert_eq!((status, body["message"].as_str()), (404, Some("Service not found")));
}

#[tokio::test]
async fn invalid_services_are_refused_with_field_errors_and_nothing_is_stored() {
    let app = spawn_empty_app().await;
    let (status, body) = app
        .admin()
        .post_json(
            "/api/services",
            &json!({"title": "", "icon": "faUnicorn", "status": "published", "order": -1, "price": -3}),
        )
        .await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(body["message"], "Validation failed");
    for field in ["title", "icon", "status", "order", "price"] {
        assert!(body["errors"][field].is_string(), "no error for {field}: {body}");
    }
    assert_eq!(app.get_json("/api/services").await.1, json!([]));
}

#[tokio::test]
async fn fields_of_the_wrong_type_are_named() {
    let app = spawn_empty_app().await;
    for (body, field) in [
        (json!({"title": 5}), "title"),
        (json!({"title": "x", "features": "not a list"}), "features"),
        (json!({"title": "x", "features": [1]}), "features[0]"),
        (json!({"title": "x", "order": 1.5}), "order"),
        (json!({"title": "x", "featured": "yes"}), "featured"),
    ] {
        let (status, answer) = app.admin().post_json("/api/services", &body).await;
        assert_eq!(status, 422, "{body} → {answer}");
        assert!(answer["errors"][field].is_string(), "{body} → {answer}");
    }
}

#[tokio::test]
async fn unknown_and_malformed_ids_are_not_found() {
    let app = spawn_app().await;
    for id in ["65f1c2a9b4e8d70012345678", "nope", "65F1C2A9B4E8D70012345678", "%00", "..%2F..%2Fetc"] {
        for method in [Method::GET, Method::PUT, Method::DELETE] {
            let (status, body) = app
                .admin()
                .send_raw(method.clone(), &format!("/api/services/{id}"), "application/json", r#"{"version": 1}"#)
                .await;
            assert_eq!(status, 404, "{method} {id}: {body}");
            assert!(body["message"].is_string());
        }
    }
}

#[tokio::test]
async fn an_invalid_update_changes_nothing() {
    let app = spawn_app().await;
    let (_, list) = app.get_json("/api/services").await;
    let original = &list[0];
    let id = original["_id"].as_str().unwrap();
    let (status, _) =
        app.admin().put_json(&format!("/api/services/{id}"), &json!({"title": "Renamed", "icon": "bad"})).await;
    assert_eq!(status, 422);
    assert_eq!(&app.get_json(&format!("/api/services/{id}")).await.1, original);
}
