use atelier_domain::inbox::MAX_SUBMISSIONS_PER_WINDOW;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, json_of, spawn_app, spawn_empty_app};

fn names(list: &Value) -> Vec<&str> {
    list["contacts"].as_array().unwrap().iter().map(|message| message["name"].as_str().unwrap()).collect()
}

fn message(name: &str) -> Value {
    json!({
        "name": name,
        "email": format!("{}@Example.COM", name.to_lowercase()),
        "subject": "A new website",
        "message": "We would like a quote for a new website."
    })
}

/// The id of the seeded message from `name`.
async fn id_of(app: &TestApp, name: &str) -> String {
    let (_, list) = app.admin().get_json("/api/contacts?limit=100").await;
    let found = list["contacts"].as_array().unwrap().iter().find(|message| message["name"] == name).unwrap();
    found["_id"].as_str().unwrap().to_owned()
}

async fn unread_count(app: &TestApp) -> u64 {
    app.admin().get_json("/api/contacts").await.1["unreadCount"].as_u64().unwrap()
}

#[tokio::test]
async fn the_seeded_inbox_lists_newest_first_with_totals_and_the_unread_count() {
    let app = spawn_app().await;
    let (status, list) = app.admin().get_json("/api/contacts").await;
    assert_eq!(status, 200);
    assert_eq!(
        (list["totalItems"].as_u64(), list["totalPages"].as_u64(), list["currentPage"].as_u64()),
        (Some(9), Some(1), Some(1))
    );
    assert_eq!(list["unreadCount"], 3);
    assert_eq!(names(&list)[..3], ["Sofia Martinez", "James O'Connor", "Amara Okafor"]);
    let dates: Vec<&str> =
        list["contacts"].as_array().unwrap().iter().map(|m| m["createdAt"].as_str().unwrap()).collect();
    assert!(dates.windows(2).all(|pair| pair[0] >= pair[1]), "newest first: {dates:?}");
    let first = &list["contacts"][0];
    assert_eq!(first["_id"].as_str().unwrap().len(), 24);
    for field in [
        "name",
        "email",
        "phone",
        "subject",
        "message",
        "status",
        "priority",
        "source",
        "tags",
        "notes",
        "createdAt",
        "updatedAt",
    ] {
        assert!(first.get(field).is_some(), "missing {field}");
    }
}

#[tokio::test]
async fn paging_edges_answer_sensibly() {
    let app = spawn_app().await;
    let (_, third) = app.admin().get_json("/api/contacts?limit=4&page=3").await;
    assert_eq!(names(&third), ["Chloé Dubois"]);
    assert_eq!((third["totalPages"].as_u64(), third["currentPage"].as_u64()), (Some(3), Some(3)));
    let (status, past) = app.admin().get_json("/api/contacts?page=99999999999").await;
    assert_eq!(status, 200);
    assert!(names(&past).is_empty());
    assert_eq!((past["totalItems"].as_u64(), past["unreadCount"].as_u64()), (Some(9), Some(3)));
    let (_, one) = app.admin().get_json("/api/contacts?limit=0").await;
    assert_eq!(names(&one).len(), 1);
    let (_, huge) = app.admin().get_json("/api/contacts?limit=1000000000&page=-2").await;
    assert_eq!((names(&huge).len(), huge["currentPage"].as_u64()), (9, Some(1)));
}

#[tokio::test]
async fn lists_filter_by_status_and_search_name_email_and_subject() {
    let app = spawn_app().await;
    let (_, unread) = app.admin().get_json("/api/contacts?status=new").await;
    assert_eq!(names(&unread), ["Sofia Martinez", "James O'Connor", "Amara Okafor"]);
    let (_, closed) = app.admin().get_json("/api/contacts?status=closed").await;
    assert_eq!((names(&closed).len(), closed["unreadCount"].as_u64()), (2, Some(3)), "the count covers the inbox");
    for (term, expected) in
        [("HEALTHBRIDGE", "Amara Okafor"), ("seo audit", "Lukas Becker"), ("becker", "Lukas Becker")]
    {
        let (_, found) = app.admin().get_json(&format!("/api/contacts?search={}", term.replace(' ', "%20"))).await;
        assert_eq!(names(&found), [expected], "{term}");
    }
    let (_, both) = app.admin().get_json("/api/contacts?status=read&search=wearable").await;
    assert_eq!(names(&both), ["Marcus Webb"]);
    let (_, none) = app.admin().get_json("/api/contacts?search=message%20body%20only").await;
    assert!(names(&none).is_empty());
    let (status, _) = app.admin().get_json("/api/contacts?status=archived").await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn anonymous_messages_are_stored_new_medium_from_the_website_whatever_the_body_says() {
    let app = spawn_app().await;
    let mut body = message("Nina");
    for (field, value) in [
        ("status", json!("closed")),
        ("priority", json!("high")),
        ("source", json!("referral")),
        ("tags", json!(["vip"])),
        ("notes", json!("pre-approved")),
        ("phone", json!(" +1 555 0100 ")),
    ] {
        body[field] = value;
    }
    let (status, created) = app.anonymous().post_json("/api/contacts", &body).await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["status"], "new");
    assert_eq!(created["priority"], "medium");
    assert_eq!(created["source"], "website");
    assert_eq!((created["tags"].clone(), created["notes"].clone()), (json!([]), json!("")));
    assert_eq!((created["email"].as_str(), created["phone"].as_str()), (Some("nina@example.com"), Some("+1 555 0100")));
    let (status, stored) = app.admin().get_json(&format!("/api/contacts/{}", created["_id"].as_str().unwrap())).await;
    assert_eq!((status, stored), (200, created));
    assert_eq!(unread_count(&app).await, 4);
}

#[tokio::test]
async fn a_filled_honeypot_answers_201_and_keeps_the_message_as_spam_out_of_the_inbox() {
    let app = spawn_app().await;
    let mut body = message("Bot");
    body["website"] = json!("https://spam.example");
    let (status, answer) = app.anonymous().post_json("/api/contacts", &body).await;
    assert_eq!(status, 201);
    let id = answer["_id"].as_str().unwrap();
    assert!(id.len() == 24 && id.chars().all(|c| c.is_ascii_hexdigit()));
    assert_eq!((answer["name"].as_str(), answer["status"].as_str()), (Some("Bot"), Some("new")));
    assert_eq!(answer["spam"], false, "the bot is not told");
    let (status, stored) = app.admin().get_json(&format!("/api/contacts/{id}")).await;
    assert_eq!((status, &stored["spam"]), (200, &json!(true)));
    let (_, list) = app.admin().get_json("/api/contacts").await;
    assert_eq!((list["totalItems"].as_u64(), list["unreadCount"].as_u64()), (Some(9), Some(3)));
}

#[tokio::test]
async fn invalid_messages_are_refused_naming_every_field() {
    let app = spawn_empty_app().await;
    let (status, body) = app.anonymous().post_json("/api/contacts", &json!({})).await;
    assert_eq!(status, 422);
    assert_eq!(body["message"], "Validation failed");
    assert_eq!(
        body["errors"],
        json!({
            "name": "Name is required",
            "email": "Email is required",
            "subject": "Subject is required",
            "message": "Message is required"
        })
    );
    let mut oversize = message("Ana");
    oversize["name"] = json!("n".repeat(101));
    oversize["message"] = json!("m".repeat(5001));
    oversize["phone"] = json!("1".repeat(41));
    oversize["email"] = json!("not-an-email");
    let (status, body) = app.anonymous().post_json("/api/contacts", &oversize).await;
    assert_eq!(status, 422);
    assert_eq!(body["errors"]["name"], "Name must be at most 100 characters");
    assert_eq!(body["errors"]["message"], "Message must be at most 5000 characters");
    assert_eq!(body["errors"]["phone"], "Phone must be at most 40 characters");
    assert_eq!(body["errors"]["email"], "Email is invalid");
    let (status, body) = app.anonymous().post_json("/api/contacts", &json!({"name": 7})).await;
    assert_eq!(status, 422);
    assert!(body["errors"]["name"].is_string());
    assert_eq!(app.admin().get_json("/api/contacts").await.1["totalItems"], 0);
}

#[tokio::test]
async fn the_sixth_submission_within_ten_minutes_is_refused_with_retry_after() {
    let app = spawn_empty_app().await;
    let request = json!({
        "clientName": "Ana", "companyName": "Acme", "email": "ana@acme.example", "projectType": "web-app",
        "budget": "5k-10k", "timeline": "asap", "description": "A new site"
    });
    for index in 0..MAX_SUBMISSIONS_PER_WINDOW {
        let (path, mut body) =
            if index % 2 == 0 { ("/api/contacts", message("Ana")) } else { ("/api/project-requests", request.clone()) };
        body["proofOfWork"] = app.proof_of_work().await;
        // A client-chosen forwarding header never changes the address a submission is counted under.
        let response = app
            .anonymous()
            .request(Method::POST, path)
            .header("x-forwarded-for", format!("198.51.100.{index}"))
            .json(&body)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status().as_u16(), 201, "submission {index}");
    }
    for (path, body) in [("/api/contacts", message("Ana")), ("/api/project-requests", request)] {
        let response = app.anonymous().request(Method::POST, path).json(&body).send().await.unwrap();
        let retry_after: u64 = response.headers()["retry-after"].to_str().unwrap().parse().unwrap();
        assert!((590..=600).contains(&retry_after), "{retry_after}");
        let (status, body) = json_of(response).await;
        assert_eq!(status, 429);
        assert_eq!(body, json!({"message": "Too many submissions. Please try again in 10 minutes."}));
    }
    let (_, list) = app.admin().get_json("/api/contacts").await;
    assert_eq!(list["totalItems"], 3, "refused submissions are not stored");
    assert_eq!(app.get_json("/api/health").await.0, 200, "reads are not limited");
}

#[tokio::test]
async fn status_changes_and_notes_are_saved_and_reading_never_marks_a_message_read() {
    let app = spawn_app().await;
    let id = id_of(&app, "Sofia Martinez").await;
    let path = format!("/api/contacts/{id}");
    let (_, read) = app.admin().get_json(&path).await;
    assert_eq!(read["status"], "new");
    assert_eq!(unread_count(&app).await, 3, "selecting a message does not change its status");

    let (status, changed) = app.admin().patch_json(&format!("{path}/status"), &json!({"status": "read"})).await;
    assert_eq!((status, changed["status"].as_str()), (200, Some("read")));
    assert_eq!(unread_count(&app).await, 2);
    let (status, noted) = app.admin().put_json(&path, &json!({"notes": "Call her on Monday"})).await;
    assert_eq!(status, 200);
    assert_eq!(
        (noted["notes"].as_str(), noted["status"].as_str(), noted["subject"].as_str()),
        (Some("Call her on Monday"), Some("read"), Some("Redesign of our online store"))
    );
    let (_, back) = app.admin().patch_json(&format!("{path}/status"), &json!({"status": "new"})).await;
    assert_eq!(back["status"], "new");
    assert_eq!(unread_count(&app).await, 3);

    let (status, body) = app.admin().patch_json(&format!("{path}/status"), &json!({})).await;
    assert_eq!((status, body["errors"]["status"].as_str()), (422, Some("Status is required")));
    let (status, body) = app.admin().patch_json(&format!("{path}/status"), &json!({"status": "archived"})).await;
    assert_eq!((status, body["errors"]["status"].as_str()), (422, Some("Status must be new, read, replied or closed")));
    let (status, body) = app.admin().put_json(&path, &json!({"email": "nope", "priority": "urgent"})).await;
    assert_eq!(status, 422);
    assert!(body["errors"]["email"].is_string() && body["errors"]["priority"].is_string());
}

#[tokio::test]
async fn deleting_a_new_message_lowers_the_unread_count() {
    let app = spawn_app().await;
    let id = id_of(&app, "James O'Connor").await;
    let path = format!("/api/contacts/{id}");
    assert_eq!(app.admin().delete(&path).await.0, 204);
    assert_eq!(app.admin().get_json(&path).await.0, 404);
    assert_eq!(app.admin().delete(&path).await.0, 404);
    let (_, list) = app.admin().get_json("/api/contacts").await;
    assert_eq!((list["totalItems"].as_u64(), list["unreadCount"].as_u64()), (Some(8), Some(2)));
}

#[tokio::test]
async fn unknown_and_malformed_ids_are_404() {
    let app = spawn_app().await;
    for id in ["65f1c2a9b4e8d70012345678", "not-an-id", "65F1C2A9B4E8D70012345678"] {
        let path = format!("/api/contacts/{id}");
        assert_eq!(app.admin().get_json(&path).await.0, 404, "{id}");
        assert_eq!(app.admin().put_json(&path, &json!({"notes": "x"})).await.0, 404, "{id}");
        assert_eq!(app.admin().patch_json(&format!("{path}/status"), &json!({"status": "read"})).await.0, 404, "{id}");
        let (status, body) = app.admin().delete(&path).await;
        assert_eq!((status, body["message"].as_str()), (404, Some("Contact message not found")), "{id}");
    }
}

#[tokio::test]
async fn administrators_may_set_status_priority_source_tags_and_notes() {
    let app = spawn_empty_app().await;
    let mut body = message("Walk-in");
    body["status"] = json!("replied");
    body["priority"] = json!("high");
    body["source"] = json!("phone");
    body["tags"] = json!(["vip", " vip ", ""]);
    body["notes"] = json!("Called the office");
    let (status, created) = app.admin().post_json("/api/contacts", &body).await;
    assert_eq!(status, 201);
    assert_eq!(created["status"], "replied");
    assert_eq!(created["priority"], "high");
    assert_eq!(created["source"], "phone");
    assert_eq!(created["tags"], json!(["vip"]));
    assert_eq!(created["notes"], "Called the office");
}

#[tokio::test]
async fn administrators_are_not_rate_limited() {
    let app = spawn_empty_app().await;
    for index in 0..=MAX_SUBMISSIONS_PER_WINDOW * 2 {
        assert_eq!(app.admin().post_json("/api/contacts", &message("Ana")).await.0, 201, "submission {index}");
    }
}

#[tokio::test]
async fn behind_a_trusted_proxy_each_forwarded_client_is_counted_apart() {
    let app = crate::helpers::spawn_app_with(|config| config.trusted_proxies = "127.0.0.0/8".parse().unwrap()).await;
    let submit = async |forwarded_for: &'static str| {
        let mut body = message("Ana");
        body["proofOfWork"] = app.proof_of_work().await;
        app.anonymous()
            .request(Method::POST, "/api/contacts")
            .header("x-forwarded-for", forwarded_for)
            .json(&body)
            .send()
            .await
    };
    for index in 0..MAX_SUBMISSIONS_PER_WINDOW {
        // The leftmost entries are the client's own writing: only the one the proxy appended counts.
        let forwarded_for = ["203.0.113.7", "1.1.1.1, 203.0.113.7", "2.2.2.2,203.0.113.7"][index % 3];
        assert_eq!(submit(forwarded_for).await.unwrap().status().as_u16(), 201, "submission {index}");
    }
    assert_eq!(submit("9.9.9.9, 203.0.113.7").await.unwrap().status().as_u16(), 429, "the same client");
    assert_eq!(submit("203.0.113.8").await.unwrap().status().as_u16(), 201, "another client behind the proxy");

    let response = app
        .anonymous()
        .request(Method::POST, "/api/auth/login")
        .header("x-forwarded-for", "203.0.113.9")
        .json(&json!({"email": crate::helpers::ADMIN_EMAIL, "password": crate::helpers::ADMIN_PASSWORD}))
        .send()
        .await
        .unwrap();
    let (_, body) = json_of(response).await;
    let token = body["token"].as_str().unwrap();
    let (_, sessions) = app.with_token(token).get_json("/api/auth/sessions").await;
    let current = sessions["sessions"].as_array().unwrap().iter().find(|s| s["current"] == true).unwrap().clone();
    assert_eq!(current["address"], "203.0.113.9", "the session list shows the client, not the proxy");
}
