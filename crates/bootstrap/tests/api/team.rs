use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app, spawn_empty_app};

fn names(list: &Value) -> Vec<String> {
    list["teamMembers"].as_array().unwrap().iter().map(|m| m["name"].as_str().unwrap().to_owned()).collect()
}

/// Names in display order, asserting the orders are exactly 1..n.
async fn lineup(app: &TestApp) -> Vec<String> {
    let (_, list) = app.get_json("/api/team?limit=100").await;
    let orders: Vec<u64> =
        list["teamMembers"].as_array().unwrap().iter().map(|m| m["order"].as_u64().unwrap()).collect();
    assert_eq!(orders, (1..=orders.len() as u64).collect::<Vec<_>>(), "orders stay 1..n");
    names(&list)
}

async fn id_of(app: &TestApp, name: &str) -> String {
    let (_, list) = app.get_json("/api/team?limit=100").await;
    list["teamMembers"].as_array().unwrap().iter().find(|m| m["name"] == name).unwrap()["_id"]
        .as_str()
        .unwrap()
        .to_owned()
}

#[tokio::test]
async fn the_seeded_team_is_listed_in_display_order_with_totals() {
    let app = spawn_app().await;
    let (status, list) = app.get_json("/api/team").await;
    assert_eq!(status, 200);
    assert_eq!(
        (list["totalItems"].as_u64(), list["totalPages"].as_u64(), list["currentPage"].as_u64()),
        (Some(6), Some(1), Some(1))
    );
    assert_eq!(lineup(&app).await[0], "Elena Vasquez");
    let first = &list["teamMembers"][0];
    for field in [
        "_id",
        "name",
        "position",
        "email",
        "bio",
        "avatar",
        "status",
        "order",
        "socialLinks",
        "skills",
        "department",
        "createdAt",
        "updatedAt",
    ] {
        assert!(first.get(field).is_some(), "missing {field}");
    }
    assert_eq!(first["avatar"], "/images/demo/team-1.svg");
    for link in ["linkedin", "twitter", "github", "website"] {
        assert!(first["socialLinks"][link].is_string(), "{link}");
    }
}

#[tokio::test]
async fn moving_a_member_shifts_its_neighbours() {
    let app = spawn_app().await;
    let original = lineup(&app).await;
    let last = id_of(&app, &original[5]).await;
    let (status, moved) = app.admin().patch_json(&format!("/api/team/{last}/order"), &json!({"newOrder": 1})).await;
    assert_eq!((status, moved["order"].as_u64()), (200, Some(1)), "{moved}");
    let mut expected = original.clone();
    let member = expected.remove(5);
    expected.insert(0, member);
    assert_eq!(lineup(&app).await, expected);

    let (status, moved) = app.admin().patch_json(&format!("/api/team/{last}/order"), &json!({"newOrder": 2})).await;
    assert_eq!((status, moved["order"].as_u64()), (200, Some(2)));
    let (status, moved) = app.admin().patch_json(&format!("/api/team/{last}/order"), &json!({"newOrder": 99})).await;
    assert_eq!((status, moved["order"].as_u64()), (200, Some(6)), "clamped to the end");
    assert_eq!(lineup(&app).await, original);

    let (status, body) = app.admin().patch_json(&format!("/api/team/{last}/order"), &json!({})).await;
    assert_eq!((status, body["errors"]["newOrder"].is_string()), (422, true));
    let (status, body) =
        app.admin().patch_json(&format!("/api/team/{last}/order"), &json!({"newOrder": "first"})).await;
    assert_eq!((status, body["errors"]["newOrder"].is_string()), (422, true));
    let (status, _) = app.admin().patch_json("/api/team/65f1c2a9b4e8d70012345678/order", &json!({"newOrder": 1})).await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn adding_and_deleting_members_keep_orders_one_to_n() {
    let app = spawn_app().await;
    let member = json!({"name": "New Hire", "position": "Engineer", "email": "New.Hire@Atelier.Example", "order": 2});
    let (status, created) = app.admin().post_json("/api/team", &member).await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(
        (created["order"].as_u64(), created["email"].as_str(), created["status"].as_str()),
        (Some(2), Some("new.hire@atelier.example"), Some("active"))
    );
    assert_eq!(lineup(&app).await[1], "New Hire");
    let (_, appended) = app
        .admin()
        .post_json("/api/team", &json!({"name": "Last", "position": "Intern", "email": "last@atelier.example"}))
        .await;
    assert_eq!(appended["order"].as_u64(), Some(8));
    let id = created["_id"].as_str().unwrap();
    assert_eq!(app.admin().delete(&format!("/api/team/{id}")).await.0, 204);
    let after = lineup(&app).await;
    assert_eq!((after.len(), after[1].as_str(), after[6].as_str()), (7, "James Carter", "Last"));
}

#[tokio::test]
async fn filters_and_paging_edges_answer_sensibly() {
    let app = spawn_app().await;
    let (_, engineering) = app.get_json("/api/team?department=Engineering").await;
    assert_eq!(names(&engineering), ["James Carter", "Tomás Lindqvist"]);
    let (_, search) = app.get_json("/api/team?search=designer").await;
    assert_eq!(names(&search), ["Aisha Bello"]);
    let (_, page_two) = app.get_json("/api/team?limit=4&page=2").await;
    assert_eq!((names(&page_two).len(), &page_two["totalPages"]), (2, &json!(2)));
    let (_, limit_zero) = app.get_json("/api/team?limit=0").await;
    assert_eq!(names(&limit_zero).len(), 1);
    let (_, huge) = app.get_json("/api/team?limit=99999").await;
    assert_eq!(names(&huge).len(), 6);
    let (status, past) = app.get_json("/api/team?page=50").await;
    assert_eq!((status, past["teamMembers"].clone()), (200, json!([])));
}

#[tokio::test]
async fn anonymous_callers_never_see_inactive_members() {
    let app = spawn_app().await;
    let id = id_of(&app, "Hannah Kim").await;
    let (status, _) = app.admin().put_json(&format!("/api/team/{id}"), &json!({"status": "inactive"})).await;
    assert_eq!(status, 200);
    for query in ["", "?status=inactive"] {
        let (_, list) = app.get_json(&format!("/api/team{query}")).await;
        assert!(!names(&list).contains(&"Hannah Kim".to_owned()), "{query}");
    }
    assert_eq!(app.get_json(&format!("/api/team/{id}")).await.0, 404);
}

#[tokio::test]
async fn administrators_see_inactive_members() {
    let app = spawn_app().await;
    let id = id_of(&app, "Hannah Kim").await;
    app.admin().put_json(&format!("/api/team/{id}"), &json!({"status": "inactive"})).await;
    let (_, list) = app.admin().get_json("/api/team?status=inactive").await;
    assert_eq!(names(&list), ["Hannah Kim"]);
}

#[tokio::test]
async fn invalid_members_are_refused_with_every_field_named() {
    let app = spawn_empty_app().await;
    let body = json!({"email": "nope", "order": 0, "avatar": "javascript:alert(1)", "socialLinks": {"github": "github.com/x"}, "status": "away"});
    let (status, answer) = app.admin().post_json("/api/team", &body).await;
    assert_eq!(status, 422, "{answer}");
    for field in ["name", "position", "email", "order", "avatar", "socialLinks.github", "status"] {
        assert!(answer["errors"][field].is_string(), "{field}: {answer}");
    }
    assert_eq!(app.get_json("/api/team").await.1["totalItems"], 0);
}

#[tokio::test]
async fn unknown_and_malformed_ids_are_not_found() {
    let app = spawn_app().await;
    for id in ["65f1c2a9b4e8d70012345678", "nope"] {
        for method in [Method::GET, Method::PUT, Method::DELETE] {
            let (status, body) = app
                .admin()
                .send_raw(method.clone(), &format!("/api/team/{id}"), "application/json", r#"{"version": 1}"#)
                .await;
            assert_eq!(status, 404, "{method} {id}: {body}");
        }
    }
}
