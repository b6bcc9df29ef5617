use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app, spawn_empty_app};

fn clients(list: &Value) -> Vec<&str> {
    list["projectRequests"].as_array().unwrap().iter().map(|request| request["clientName"].as_str().unwrap()).collect()
}

fn request(client: &str) -> Value {
    json!({
        "clientName": client,
        "companyName": "Acme Corp",
        "email": format!("{}@ACME.example", client.to_lowercase()),
        "phone": "+1 555 0100",
        "projectType": "web-app",
        "budget": "10k-25k",
        "timeline": "1-3-months",
        "description": "A customer portal for our wholesale clients.",
        "termsAccepted": true
    })
}

async fn id_of(app: &TestApp, client: &str) -> String {
    let (_, list) = app.admin().get_json("/api/project-requests?limit=100").await;
    let found = list["projectRequests"].as_array().unwrap().iter().find(|r| r["clientName"] == client).unwrap();
    found["_id"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn the_seeded_pipeline_lists_newest_first_with_totals() {
    let app = spawn_app().await;
    let (status, list) = app.admin().get_json("/api/project-requests").await;
    assert_eq!(status, 200);
    assert_eq!(
        (list["totalItems"].as_u64(), list["totalPages"].as_u64(), list["currentPage"].as_u64()),
        (Some(10), Some(1), Some(1))
    );
    assert_eq!(clients(&list)[..3], ["Rachel Green", "Tom Hansen", "Fatima Zahra"]);
    let first = &list["projectRequests"][0];
    assert_eq!(first["_id"].as_str().unwrap().len(), 24);
    for field in [
        "clientName",
        "companyName",
        "email",
        "phone",
        "projectType",
        "budget",
        "timeline",
        "description",
        "status",
        "priority",
        "source",
        "notes",
        "createdAt",
        "updatedAt",
    ] {
        assert!(first.get(field).is_some(), "missing {field}");
    }
}

#[tokio::test]
async fn lists_filter_by_status_priority_and_search_and_page_sensibly() {
    let app = spawn_app().await;
    let (_, contacted) = app.admin().get_json("/api/project-requests?status=contacted").await;
    assert_eq!(clients(&contacted), ["Fatima Zahra", "Aisha Bello"]);
    let (_, urgent) = app.admin().get_json("/api/project-requests?priority=urgent").await;
    assert_eq!(clients(&urgent), ["Tom Hansen", "Fatima Zahra", "Mei Tanaka"]);
    let (_, both) = app.admin().get_json("/api/project-requests?status=contacted&priority=urgent").await;
    assert_eq!(clients(&both), ["Fatima Zahra"]);
    for (term, expected) in [
        ("KUMO", "Mei Tanaka"),
        ("caregiver", "Fatima Zahra"),
        ("oliver.grant@", "Oliver Grant"),
        ("hansen", "Tom Hansen"),
    ] {
        let (_, found) = app.admin().get_json(&format!("/api/project-requests?search={term}")).await;
        assert_eq!(clients(&found), [expected], "{term}");
    }
    let (_, page) = app.admin().get_json("/api/project-requests?limit=4&page=3").await;
    assert_eq!(
        (clients(&page).len(), page["totalPages"].as_u64(), page["currentPage"].as_u64()),
        (2, Some(3), Some(3))
    );
    let (_, past) = app.admin().get_json("/api/project-requests?page=999").await;
    assert!(clients(&past).is_empty());
    assert_eq!(past["totalItems"], 10);
    let (_, one) = app.admin().get_json("/api/project-requests?limit=0").await;
    assert_eq!(clients(&one).len(), 1);
    let (_, huge) = app.admin().get_json("/api/project-requests?limit=99999999").await;
    assert_eq!(clients(&huge).len(), 10);
    for query in ["status=won", "priority=critical", "page=x"] {
        assert_eq!(app.admin().get_json(&format!("/api/project-requests?{query}")).await.0, 400, "{query}");
    }
}

#[tokio::test]
async fn stats_count_every_status_and_priority_including_zeros() {
    let app = spawn_app().await;
    let (code, stats) = app.admin().get_json("/api/project-requests/stats").await;
    assert_eq!(code, 200);
    assert_eq!(stats["total"], 10);
    assert_eq!(
        stats["byStatus"],
        json!({"new_request": 2, "contacted": 2, "proposal_sent": 2, "in_negotiation": 1, "accepted": 1, "declined": 1, "completed": 1})
    );
    assert_eq!(stats["byPriority"], json!({"low": 2, "medium": 3, "high": 2, "urgent": 3}));

    let empty = spawn_empty_app().await;
    let (_, zeros) = empty.admin().get_json("/api/project-requests/stats").await;
    assert_eq!(zeros["total"], 0);
    assert_eq!(zeros["byStatus"].as_object().unwrap().len(), 7);
    assert!(zeros["byStatus"].as_object().unwrap().values().all(|count| count == 0));
    assert_eq!(zeros["byPriority"], json!({"low": 0, "medium": 0, "high": 0, "urgent": 0}));
}

#[tokio::test]
async fn anonymous_requests_are_new_medium_and_from_the_website_whatever_the_body_says() {
    let app = spawn_app().await;
    let mut body = request("Nina");
    body["status"] = json!("accepted");
    body["priority"] = json!("urgent");
    body["source"] = json!("referral");
    body["notes"] = json!("pre-approved");
    let (status, created) = app.anonymous().post_json("/api/project-requests", &body).await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["status"], "new_request");
    assert_eq!(created["priority"], "medium");
    assert_eq!(created["source"], "website");
    assert_eq!(created["notes"], "");
    assert_eq!(created["email"], "nina@acme.example");
    let (status, stored) =
        app.admin().get_json(&format!("/api/project-requests/{}", created["_id"].as_str().unwrap())).await;
    assert_eq!((status, stored), (200, created));
    assert_eq!(app.admin().get_json("/api/project-requests/stats").await.1["byStatus"]["new_request"], 3);
}

#[tokio::test]
async fn a_filled_honeypot_answers_201_and_keeps_the_request_as_spam_out_of_the_pipeline() {
    let app = spawn_app().await;
    let mut body = request("Bot");
    body["website"] = json!("https://spam.example");
    let (status, answer) = app.anonymous().post_json("/api/project-requests", &body).await;
    assert_eq!(status, 201);
    assert_eq!((&answer["status"], &answer["spam"]), (&json!("new_request"), &json!(false)), "the bot is not told");
    let id = answer["_id"].as_str().unwrap();
    assert_eq!(id.len(), 24);
    let (status, stored) = app.admin().get_json(&format!("/api/project-requests/{id}")).await;
    assert_eq!((status, &stored["spam"]), (200, &json!(true)));
    assert_eq!(app.admin().get_json("/api/project-requests/stats").await.1["total"], 10);
    assert_eq!(app.admin().get_json("/api/project-requests").await.1["totalItems"], 10);
    let (_, spam) = app.admin().get_json("/api/project-requests?spam=true").await;
    assert_eq!(spam["projectRequests"][0]["_id"], id);
    assert_eq!(spam["totalItems"], 1);
}

#[tokio::test]
async fn invalid_requests_are_refused_with_the_forms_messages() {
    let app = spawn_empty_app().await;
    let (status, body) = app.anonymous().post_json("/api/project-requests", &json!({"phone": ""})).await;
    assert_eq!(status, 422);
    assert_eq!(
        body["errors"],
        json!({
            "clientName": "Name is required",
            "companyName": "Company name is required",
            "email": "Email is required",
            "projectType": "Please select a project type",
            "budget": "Please select a budget range",
            "timeline": "Please select a timeline",
            "description": "Please provide a brief description"
        })
    );
    let mut oversize = request("Ana");
    oversize["companyName"] = json!("c".repeat(201));
    oversize["description"] = json!("d".repeat(5001));
    oversize["budget"] = json!("b".repeat(101));
    oversize["email"] = json!("ana@");
    oversize["clientName"] = json!("   ");
    let (status, body) = app.anonymous().post_json("/api/project-requests", &oversize).await;
    assert_eq!(status, 422);
    assert_eq!(
        body["errors"],
        json!({
            "clientName": "Name is required",
            "companyName": "Company name must be at most 200 characters",
            "description": "Description must be at most 5000 characters",
            "budget": "Budget must be at most 100 characters",
            "email": "Email is invalid"
        })
    );
    assert_eq!(app.admin().get_json("/api/project-requests").await.1["totalItems"], 0);
}

#[tokio::test]
async fn any_status_may_follow_any_other_and_updates_keep_unsent_fields() {
    let app = spawn_app().await;
    let id = id_of(&app, "Noah Williams").await;
    let path = format!("/api/project-requests/{id}");
    for status in ["new_request", "declined", "in_negotiation", "completed"] {
        let (code, changed) = app.admin().patch_json(&format!("{path}/status"), &json!({"status": status})).await;
        assert_eq!((code, changed["status"].as_str()), (200, Some(status)));
    }
    let (status, body) = app.admin().patch_json(&format!("{path}/status"), &json!({"status": "won"})).await;
    assert_eq!(status, 422);
    assert!(body["errors"]["status"].as_str().unwrap().contains("new_request"));
    let (status, body) = app.admin().patch_json(&format!("{path}/status"), &json!({})).await;
    assert_eq!((status, body["errors"]["status"].as_str()), (422, Some("Status is required")));
    let (status, updated) =
        app.admin().put_json(&path, &json!({"notes": "Phase two agreed", "priority": "urgent"})).await;
    assert_eq!(status, 200);
    assert_eq!((updated["notes"].as_str(), updated["priority"].as_str()), (Some("Phase two agreed"), Some("urgent")));
    assert_eq!(updated["companyName"], "Brightpath Learning");
    assert_eq!(app.admin().delete(&path).await.0, 204);
    assert_eq!(app.admin().get_json(&path).await.0, 404);
    assert_eq!(app.admin().get_json("/api/project-requests/stats").await.1["total"], 9);
}

#[tokio::test]
async fn unknown_and_malformed_ids_are_404() {
    let app = spawn_app().await;
    for id in ["65f1c2a9b4e8d70012345678", "not-an-id"] {
        let path = format!("/api/project-requests/{id}");
        assert_eq!(app.admin().get_json(&path).await.0, 404, "{id}");
        assert_eq!(app.admin().put_json(&path, &json!({"notes": "x"})).await.0, 404, "{id}");
        assert_eq!(app.admin().patch_json(&format!("{path}/status"), &json!({"status": "contacted"})).await.0, 404);
        let (status, body) = app.admin().delete(&path).await;
        assert_eq!((status, body["message"].as_str()), (404, Some("Project request not found")), "{id}");
    }
}

#[tokio::test]
async fn administrators_may_set_status_priority_source_and_notes() {
    let app = spawn_empty_app().await;
    let mut body = request("Walk-in");
    body["status"] = json!("in_negotiation");
    body["priority"] = json!("urgent");
    body["source"] = json!("social_media");
    body["notes"] = json!("Met at the conference");
    let (status, created) = app.admin().post_json("/api/project-requests", &body).await;
    assert_eq!(status, 201);
    assert_eq!(created["status"], "in_negotiation");
    assert_eq!(created["priority"], "urgent");
    assert_eq!(created["source"], "social_media");
    assert_eq!(created["notes"], "Met at the conference");
}
