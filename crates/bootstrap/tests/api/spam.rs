//! Spam kept out without a third party, through HTTP: the proof of work every public form carries
//! (`GET /api/challenge`), single use across concurrent requests, the honeypot that files a
//! submission as spam, the Spam folder and "Not spam".

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, solve, spawn_app, spawn_app_with, spawn_empty_app};

fn message(name: &str) -> Value {
    json!({
        "name": name,
        "email": "visitor@example.com",
        "subject": "A new website",
        "message": "We would like a quote for a new website."
    })
}

fn request(client: &str) -> Value {
    json!({
        "clientName": client, "companyName": "Acme", "email": "ana@example.com",
        "projectType": "web-app", "budget": "10k-25k", "timeline": "1-3-months",
        "description": "A shop for our products."
    })
}

fn with_proof(mut body: Value, proof: &Value) -> Value {
    body["proofOfWork"] = proof.clone();
    body
}

async fn stored_contacts(app: &TestApp) -> u64 {
    let inbox = app.admin().get_json("/api/contacts").await.1["totalItems"].as_u64().unwrap();
    let spam = app.admin().get_json("/api/contacts?spam=true").await.1["totalItems"].as_u64().unwrap();
    inbox + spam
}

#[tokio::test]
async fn the_challenge_is_public_altchas_format_new_at_each_call_and_never_cached() {
    let app = spawn_empty_app().await;
    let first = app.get("/api/challenge").await;
    assert_eq!(first.status().as_u16(), 200);
    let cache_control = first.headers().get("cache-control").map(|value| value.to_str().unwrap().to_owned());
    assert!(cache_control.as_deref().is_some_and(|value| value.contains("no-")), "{cache_control:?}");
    let first: Value = first.json().await.unwrap();
    let (_, second) = app.get_json("/api/challenge").await;
    assert_ne!(first["challenge"], second["challenge"]);
    assert_eq!(first["algorithm"], "SHA-256");
    assert_eq!(first["maxnumber"], crate::helpers::CHALLENGE_MAX_NUMBER);
    let salt = first["salt"].as_str().unwrap();
    assert!(salt.contains("?expires="), "{salt}");
    assert_eq!(first["signature"].as_str().unwrap().len(), 64);
    assert!(first["expiresAt"].is_string());
}

#[tokio::test]
async fn a_client_gets_thirty_challenges_in_ten_minutes_then_429() {
    let app = spawn_empty_app().await;
    for index in 0..30 {
        assert_eq!(app.get("/api/challenge").await.status().as_u16(), 200, "challenge {index}");
    }
    let refused = app.get("/api/challenge").await;
    assert_eq!(refused.status().as_u16(), 429);
    assert!(refused.headers().contains_key("retry-after"));
}

#[tokio::test]
async fn a_submission_without_a_proof_is_refused_with_its_message_and_nothing_is_stored() {
    let app = spawn_empty_app().await;
    for body in [with_proof(message("Ana"), &Value::Null), message("Ana")] {
        let response = app.anonymous().request(Method::POST, "/api/contacts").json(&body).send().await.unwrap();
        let (status, answer) = crate::helpers::json_of(response).await;
        assert_eq!(status, 422, "{answer}");
        assert_eq!(answer["errors"]["proofOfWork"], "Proof of work is required");
    }
    let (status, answer) = app.anonymous().post_json("/api/contacts", &with_proof(json!({}), &Value::Null)).await;
    assert_eq!(status, 422);
    assert_eq!(answer["errors"]["name"], "Name is required", "the fields and the proof are named together");
    assert_eq!(answer["errors"]["proofOfWork"], "Proof of work is required");
    assert_eq!(stored_contacts(&app).await, 0);
}

#[tokio::test]
async fn a_wrong_forged_or_altered_proof_is_refused_and_nothing_is_stored() {
    let app = spawn_empty_app().await;
    let proof = app.proof_of_work().await;
    let mut wrong = proof.clone();
    wrong["number"] = json!(proof["number"].as_u64().unwrap() + 1);
    let mut resigned = proof.clone();
    resigned["signature"] = json!("00".repeat(32));
    let mut later = proof.clone();
    later["salt"] = json!(proof["salt"].as_str().unwrap().replace("expires=", "expires=9"));
    let mut foreign = proof.clone();
    foreign["algorithm"] = json!("SHA-1");
    for (name, bad) in [("wrong", wrong), ("resigned", resigned), ("later", later), ("foreign", foreign)] {
        let (status, answer) = app.anonymous().post_json("/api/contacts", &with_proof(message("Bot"), &bad)).await;
        assert_eq!((status, &answer["errors"]["proofOfWork"]), (422, &json!("Proof of work is invalid")), "{name}");
    }
    let (status, answer) =
        app.anonymous().post_json("/api/contacts", &with_proof(message("Bot"), &json!({"number": "x"}))).await;
    assert!((400..500).contains(&status), "a malformed proof is a client error: {status} {answer}");
    assert_eq!(stored_contacts(&app).await, 0);
    let (status, _) = app.anonymous().post_json("/api/contacts", &with_proof(message("Ana"), &proof)).await;
    assert_eq!(status, 201, "the genuine answer still works");
}

#[tokio::test]
async fn a_proof_is_accepted_once_across_the_forms() {
    let app = spawn_empty_app().await;
    let proof = app.proof_of_work().await;
    let (status, _) = app.anonymous().post_json("/api/contacts", &with_proof(message("Ana"), &proof)).await;
    assert_eq!(status, 201);
    for (path, body) in [("/api/contacts", message("Ana")), ("/api/project-requests", request("Ana"))] {
        let (status, answer) = app.anonymous().post_json(path, &with_proof(body, &proof)).await;
        assert_eq!(status, 422, "{path}: {answer}");
        assert_eq!(answer["errors"]["proofOfWork"], "Proof of work was already used; please send the form again");
    }
    let sign_up = with_proof(json!({"email": "ana@example.com"}), &proof);
    let (status, _) = app.anonymous().post_json("/api/newsletter/subscribers", &sign_up).await;
    assert_eq!(status, 422);
    assert_eq!(stored_contacts(&app).await, 1);
    assert_eq!(app.admin().get_json("/api/project-requests").await.1["totalItems"], 0);
    assert_eq!(app.admin().get_json("/api/newsletter/subscribers").await.1["totalItems"], 0);
}

#[tokio::test]
async fn the_same_solution_sent_twice_at_once_stores_exactly_one_message() {
    let app = spawn_empty_app().await;
    let proof = app.proof_of_work().await;
    let body = with_proof(message("Ana"), &proof);
    let send = || app.anonymous().request(Method::POST, "/api/contacts").json(&body).send();
    let (first, second, third) = tokio::join!(send(), send(), send());
    let mut statuses: Vec<u16> =
        [first, second, third].into_iter().map(|response| response.unwrap().status().as_u16()).collect();
    statuses.sort_unstable();
    assert_eq!(statuses, [201, 422, 422]);
    assert_eq!(stored_contacts(&app).await, 1);
}

#[tokio::test]
async fn a_valid_proof_with_the_honeypot_filled_is_kept_as_spam_out_of_the_count_and_the_export() {
    let app = spawn_app().await;
    let before = app.admin().get_json("/api/contacts").await.1;
    let mut body = message("Bot");
    body["website"] = json!("https://spam.example");
    let (status, answer) = app.anonymous().post_json("/api/contacts", &body).await;
    assert_eq!((status, &answer["spam"]), (201, &json!(false)), "answered like a person: {answer}");
    let id = answer["_id"].as_str().unwrap().to_owned();

    let after = app.admin().get_json("/api/contacts").await.1;
    assert_eq!(after["unreadCount"], before["unreadCount"]);
    assert_eq!(after["totalItems"], before["totalItems"]);
    let (_, folder) = app.admin().get_json("/api/contacts?spam=true").await;
    assert_eq!(folder["totalItems"], 1);
    assert_eq!((&folder["contacts"][0]["_id"], &folder["contacts"][0]["spam"]), (&json!(id), &json!(true)));
    assert_eq!(folder["unreadCount"], before["unreadCount"], "the Spam folder's unread count is the inbox's");

    let csv = app.admin().request(Method::GET, "/api/contacts/export").header("accept", "text/csv").send().await;
    let csv = csv.unwrap().text().await.unwrap();
    assert!(!csv.contains("Bot") && !csv.contains(&id), "{csv}");
    let csv = app.admin().request(Method::GET, "/api/contacts/export?spam=true").send().await;
    assert!(!csv.unwrap().text().await.unwrap().contains(&id), "no export of spam, whatever the query");
}

#[tokio::test]
async fn not_spam_moves_a_message_into_the_inbox_as_a_versioned_audited_update() {
    let app = spawn_empty_app().await;
    let mut body = message("Ana");
    body["website"] = json!("autofilled by a browser");
    let id = app.anonymous().post_json("/api/contacts", &body).await.1["_id"].as_str().unwrap().to_owned();
    assert_eq!(app.admin().get_json("/api/contacts").await.1["unreadCount"], 0);

    let path = format!("/api/contacts/{id}");
    let (status, _) = app.admin().send_json(Method::PUT, &path, &json!({"spam": false})).await;
    assert_eq!(status, 428, "an update names the version it started from");
    let (status, moved) = app.admin().put_json(&path, &json!({"spam": false})).await;
    assert_eq!(status, 200, "{moved}");
    assert_eq!((&moved["spam"], &moved["version"]), (&json!(false), &json!(2)));
    let (_, inbox) = app.admin().get_json("/api/contacts").await;
    assert_eq!((&inbox["totalItems"], &inbox["unreadCount"]), (&json!(1), &json!(1)));
    assert_eq!(app.admin().get_json("/api/contacts?spam=true").await.1["totalItems"], 0);

    let (_, audit) = app.admin().get_json("/api/audit?entity=contacts&limit=1000").await;
    let entries = audit["entries"].as_array().unwrap();
    assert!(entries.iter().any(|entry| entry.to_string().contains(&id)), "audited: {audit}");

    let (status, _) = app.admin().delete(&path).await;
    assert_eq!(status, 204);
}

#[tokio::test]
async fn spam_project_requests_stay_out_of_the_pipelines_counts_and_come_back_with_not_spam() {
    let app = spawn_empty_app().await;
    let mut body = request("Bot");
    body["website"] = json!("https://spam.example");
    let id = app.anonymous().post_json("/api/project-requests", &body).await.1["_id"].as_str().unwrap().to_owned();
    assert_eq!(app.admin().get_json("/api/project-requests/stats").await.1["total"], 0);
    assert_eq!(app.admin().get_json("/api/project-requests").await.1["totalItems"], 0);
    assert_eq!(app.admin().get_json("/api/project-requests?spam=true").await.1["totalItems"], 1);
    let (status, moved) = app.admin().put_json(&format!("/api/project-requests/{id}"), &json!({"spam": false})).await;
    assert_eq!((status, &moved["spam"]), (200, &json!(false)));
    assert_eq!(app.admin().get_json("/api/project-requests/stats").await.1["total"], 1);
}

#[tokio::test]
async fn administrators_entries_need_no_proof_but_send_the_field_as_null() {
    let app = spawn_empty_app().await;
    let (status, created) =
        app.admin().post_json("/api/project-requests", &with_proof(request("Ana"), &Value::Null)).await;
    assert_eq!((status, &created["spam"]), (201, &json!(false)), "{created}");

    // The document marks the field required (null allowed) for every caller: leaving it out is refused.
    let forms = [
        ("/api/contacts", message("Ana")),
        ("/api/project-requests", request("Ana")),
        ("/api/newsletter/subscribers", json!({"email": "ana@example.com"})),
    ];
    for (path, body) in forms {
        let (status, answer) = app.admin().send_json(Method::POST, path, &body).await;
        assert_eq!((status, &answer["errors"]["proofOfWork"]), (422, &json!("Proof of work is required")), "{path}");
    }
    assert_eq!(stored_contacts(&app).await, 0);
}

#[tokio::test]
async fn a_newsletter_sign_up_needs_a_proof_too() {
    let app = spawn_empty_app().await;
    let (status, answer) = app
        .anonymous()
        .post_json("/api/newsletter/subscribers", &json!({"email": "ana@example.com", "proofOfWork": null}))
        .await;
    assert_eq!((status, &answer["errors"]["proofOfWork"]), (422, &json!("Proof of work is required")));
    let (status, _) =
        app.anonymous().post_json("/api/newsletter/subscribers", &json!({"email": "ana@example.com"})).await;
    assert_eq!(status, 202);
    assert_eq!(app.admin().get_json("/api/newsletter/subscribers").await.1["totalItems"], 1);
}

#[tokio::test]
async fn the_production_difficulty_is_the_default_and_solvable() {
    let default = atelier_domain::proof_of_work::DEFAULT_MAX_NUMBER;
    let app = spawn_app_with(|config| config.challenge_max_number = default).await;
    let (_, challenge) = app.get_json("/api/challenge").await;
    assert_eq!(challenge["maxnumber"], default);
    let proof = solve(&challenge);
    let (status, answer) = app.anonymous().post_json("/api/contacts", &with_proof(message("Ana"), &proof)).await;
    assert_eq!(status, 201, "{answer}");
}

#[tokio::test]
async fn an_administrators_proof_of_work_is_not_verified_but_its_shape_is_checked() {
    let app = spawn_app().await;
    let unsolved = json!({"algorithm": "SHA-256", "challenge": "c", "number": 1, "salt": "s", "signature": "x"});
    let malformed = [
        json!({"algorithm": "SHA-256", "challenge": "c", "number": 1, "salt": "s", "signature": "x", "took": u64::MAX}),
        json!({"algorithm": "SHA-256", "challenge": "c", "number": u64::MAX, "salt": "s", "signature": "x"}),
    ];
    let forms = [
        ("/api/contacts", message("Ana")),
        ("/api/project-requests", request("Ana")),
        ("/api/newsletter/subscribers", json!({"email": "ana@example.com"})),
    ];
    for (path, body) in &forms {
        for proof in &malformed {
            let (status, answer) = app.admin().post_json(path, &with_proof(body.clone(), proof)).await;
            assert_eq!(status, 422, "{path}: {answer}");
            assert!(answer["errors"]["proofOfWork"].as_str().unwrap().contains("must be at most"), "{answer}");
        }
    }
    // A well-formed proof is still not verified for an administrator, and null is still taken.
    let (status, answer) = app.admin().post_json("/api/contacts", &with_proof(message("Bo"), &unsolved)).await;
    assert_eq!(status, 201, "{answer}");
    let (status, answer) = app.admin().post_json("/api/contacts", &with_proof(message("Cy"), &Value::Null)).await;
    assert_eq!(status, 201, "{answer}");
}
