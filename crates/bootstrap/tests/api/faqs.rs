use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app, spawn_empty_app};

fn questions(list: &Value) -> Vec<String> {
    list["data"].as_array().unwrap().iter().map(|f| f["question"].as_str().unwrap().to_owned()).collect()
}

async fn first_three(app: &TestApp) -> Vec<(String, String, u64)> {
    let (_, list) = app.get_json("/api/faqs?limit=3").await;
    list["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["_id"].as_str().unwrap().to_owned(),
                f["question"].as_str().unwrap().to_owned(),
                f["order"].as_u64().unwrap(),
            )
        })
        .collect()
}

#[tokio::test]
async fn the_seeded_faqs_are_listed_by_order_with_pagination() {
    let app = spawn_app().await;
    let (status, list) = app.get_json("/api/faqs").await;
    assert_eq!(status, 200);
    assert_eq!(list["pagination"], json!({"page": 1, "limit": 10, "total": 12, "totalPages": 2}));
    let orders: Vec<u64> = list["data"].as_array().unwrap().iter().map(|f| f["order"].as_u64().unwrap()).collect();
    assert!(orders.windows(2).all(|pair| pair[0] <= pair[1]), "{orders:?}");
    let first = &list["data"][0];
    for field in [
        "_id",
        "question",
        "answer",
        "category",
        "tags",
        "status",
        "order",
        "featured",
        "views",
        "helpful",
        "notHelpful",
        "createdAt",
        "updatedAt",
    ] {
        assert!(first.get(field).is_some(), "missing {field}");
    }
}

#[tokio::test]
async fn anonymous_callers_only_ever_see_active_faqs() {
    let app = spawn_app().await;
    for query in ["?limit=100", "?status=draft", "?status=inactive"] {
        let (_, list) = app.get_json(&format!("/api/faqs{query}")).await;
        assert!(list["data"].as_array().unwrap().iter().all(|f| f["status"] == "active"), "{query}");
    }
    let (_, created) =
        app.admin().post_json("/api/faqs", &json!({"question": "Hidden?", "answer": "Yes", "status": "draft"})).await;
    let id = created["_id"].as_str().unwrap();
    assert_eq!(app.get_json(&format!("/api/faqs/{id}")).await.0, 404);
    let (status, changed) =
        app.admin().patch_json(&format!("/api/faqs/{id}/status"), &json!({"status": "active"})).await;
    assert_eq!((status, changed["status"].as_str()), (200, Some("active")));
    assert_eq!(app.get_json(&format!("/api/faqs/{id}")).await.0, 200);
    let (status, body) = app.admin().patch_json(&format!("/api/faqs/{id}/status"), &json!({"status": "gone"})).await;
    assert_eq!((status, body["errors"]["status"].is_string()), (422, true));
}

#[tokio::test]
async fn administrators_see_draft_and_inactive_faqs() {
    let app = spawn_app().await;
    let (_, drafts) = app.admin().get_json("/api/faqs?status=draft").await;
    assert_eq!(drafts["pagination"]["total"], 1);
    let (_, all) = app.admin().get_json("/api/faqs?limit=100").await;
    assert_eq!(all["pagination"]["total"], 14);
}

#[tokio::test]
async fn filters_search_and_paging_edges_answer_sensibly() {
    let app = spawn_app().await;
    let (_, billing) = app.get_json("/api/faqs?category=billing").await;
    assert_eq!(questions(&billing), ["How much does a project cost?", "What payment terms do you offer?"]);
    let (_, by_tag) = app.get_json("/api/faqs?search=legal").await;
    assert_eq!(by_tag["pagination"]["total"], 2);
    let (_, by_answer) = app.get_json("/api/faqs?search=OFFLINE-FIRST").await;
    assert_eq!(questions(&by_answer), ["Will my app work offline?"]);
    let (_, page_two) = app.get_json("/api/faqs?page=2&limit=5").await;
    assert_eq!((questions(&page_two).len(), &page_two["pagination"]["page"]), (5, &json!(2)));
    let (_, limit_zero) = app.get_json("/api/faqs?limit=0").await;
    assert_eq!(limit_zero["pagination"]["limit"], 1);
    let (_, huge) = app.get_json("/api/faqs?limit=100000").await;
    assert_eq!((huge["pagination"]["limit"].as_u64(), questions(&huge).len()), (Some(100), 12));
    let (status, past) = app.get_json("/api/faqs?page=40").await;
    assert_eq!((status, past["data"].clone(), past["pagination"]["total"].clone()), (200, json!([]), json!(12)));
    assert_eq!(app.get_json("/api/faqs?category=weather").await.0, 400);
}

#[tokio::test]
async fn moving_an_faq_swaps_it_with_its_neighbour() {
    let app = spawn_app().await;
    let before = first_three(&app).await;
    let (status, moved) =
        app.admin().patch_json(&format!("/api/faqs/{}/order", before[1].0), &json!({"direction": "up"})).await;
    assert_eq!((status, moved["order"].as_u64()), (200, Some(before[0].2)), "{moved}");
    let after = first_three(&app).await;
    assert_eq!((after[0].1.as_str(), after[1].1.as_str()), (before[1].1.as_str(), before[0].1.as_str()));

    let (status, top) =
        app.admin().patch_json(&format!("/api/faqs/{}/order", before[1].0), &json!({"direction": "up"})).await;
    assert_eq!((status, top["order"].as_u64()), (200, Some(before[0].2)), "a no-op at the top");
    let (_, down) =
        app.admin().patch_json(&format!("/api/faqs/{}/order", before[1].0), &json!({"direction": "down"})).await;
    assert_eq!(down["order"].as_u64(), Some(before[1].2));
    assert_eq!(first_three(&app).await, before);

    let (status, body) =
        app.admin().patch_json(&format!("/api/faqs/{}/order", before[0].0), &json!({"direction": "left"})).await;
    assert_eq!((status, body["errors"]["direction"].is_string()), (422, true));
    let (status, _) = app.admin().patch_json("/api/faqs/nope/order", &json!({"direction": "up"})).await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn an_faq_is_created_last_updated_and_deleted() {
    let app = spawn_app().await;
    let (status, created) = app
        .admin()
        .post_json(
            "/api/faqs",
            &json!({"question": " Do you do games? ", "answer": "Not yet.", "tags": ["games", " "]}),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(
        (created["order"].as_u64(), created["category"].as_str(), created["tags"].clone()),
        (Some(15), Some("general"), json!(["games"]))
    );
    assert_eq!(
        (created["views"].as_u64(), created["helpful"].as_u64(), created["notHelpful"].as_u64()),
        (Some(0), Some(0), Some(0))
    );
    let id = created["_id"].as_str().unwrap();
    let (status, updated) = app.admin().put_json(&format!("/api/faqs/{id}"), &json!({"category": "services"})).await;
    assert_eq!(
        (status, updated["category"].as_str(), updated["question"].as_str()),
        (200, Some("services"), Some("Do you do games?"))
    );
    assert_eq!(app.admin().delete(&format!("/api/faqs/{id}")).await.0, 204);
    let (status, body) = app.get_json(&format!("/api/faqs/{id}")).await;
    assert_eq!((status, body["message"].as_str()), (404, Some("FAQ not found")));
}

#[tokio::test]
async fn stats_count_statuses_and_categories() {
    let app = spawn_app().await;
    let (code, stats) = app.admin().get_json("/api/faqs/stats").await;
    assert_eq!(code, 200);
    assert_eq!(
        (stats["total"].as_u64(), stats["active"].as_u64(), stats["inactive"].as_u64(), stats["draft"].as_u64()),
        (Some(14), Some(12), Some(1), Some(1))
    );
    assert_eq!(stats["byCategory"]["billing"], 3);
    assert_eq!(stats["byCategory"].as_object().unwrap().len(), 7);
}

#[tokio::test]
async fn invalid_faqs_are_refused_with_every_field_named() {
    let app = spawn_empty_app().await;
    let (status, body) = app
        .admin()
        .post_json("/api/faqs", &json!({"category": "weather", "status": "live", "order": 0, "views": -1}))
        .await;
    assert_eq!(status, 422, "{body}");
    for field in ["question", "answer", "category", "status", "order", "views"] {
        assert!(body["errors"][field].is_string(), "{field}: {body}");
    }
    assert_eq!(app.get_json("/api/faqs").await.1["pagination"]["total"], 0);
}

#[tokio::test]
async fn unknown_and_malformed_ids_are_not_found() {
    let app = spawn_app().await;
    for id in ["65f1c2a9b4e8d70012345678", "nope"] {
        for method in [Method::GET, Method::PUT, Method::DELETE] {
            let (status, body) = app
                .admin()
                .send_raw(method.clone(), &format!("/api/faqs/{id}"), "application/json", r#"{"version": 1}"#)
                .await;
            assert_eq!(status, 404, "{method} {id}: {body}");
        }
        let (status, _) = app.admin().patch_json(&format!("/api/faqs/{id}/status"), &json!({"status": "active"})).await;
        assert_eq!(status, 404);
    }
}
