use serde_json::json;

use crate::helpers::{ADMIN_EMAIL, ADMIN_PASSWORD, spawn_app, spawn_empty_app};

#[tokio::test]
async fn the_seeded_admin_signs_in_and_verifies() {
    let app = spawn_app().await;
    let (status, body) =
        app.anonymous().post_json("/api/auth/login", &json!({"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD})).await;
    assert_eq!(status, 200, "{body}");
    assert!(body["token"].as_str().is_some_and(|token| token.split('.').count() == 3));
    assert_eq!(body["user"]["role"], "owner");
    assert!(body["user"]["permissions"].as_array().unwrap().iter().any(|id| id == "handOverOwnership"));
    assert!(body["user"].get("passwordHash").is_none() && body["user"].get("password_hash").is_none());
    let token = body["token"].as_str().unwrap();
    let (status, verified) = app.with_token(token).get_json("/api/auth/verify").await;
    assert_eq!((status, &verified["user"]["email"]), (200, &json!(ADMIN_EMAIL)));
}

#[tokio::test]
async fn an_unknown_email_and_a_wrong_password_get_the_same_answer() {
    let app = spawn_app().await;
    let wrong = app
        .anonymous()
        .post_json("/api/auth/login", &json!({"email": ADMIN_EMAIL, "password": "wrong-password-1"}))
        .await;
    let unknown = app
        .anonymous()
        .post_json("/api/auth/login", &json!({"email": "nobody@atelier.test", "password": ADMIN_PASSWORD}))
        .await;
    let empty = app.anonymous().post_json("/api/auth/login", &json!({})).await;
    assert_eq!(wrong, (401, json!({"message": "Invalid email or password"})));
    assert_eq!(unknown, wrong);
    assert_eq!(empty, wrong);
}

#[tokio::test]
async fn six_wrong_passwords_answer_429_with_retry_after() {
    let app = spawn_app().await;
    for attempt in 1..=5 {
        let (status, _) = app
            .anonymous()
            .post_json("/api/auth/login", &json!({"email": ADMIN_EMAIL, "password": "wrong-password-1"}))
            .await;
        assert_eq!(status, 401, "attempt {attempt}");
    }
    let response = app
        .anonymous()
        .request(reqwest::Method::POST, "/api/auth/login")
        .json(&json!({"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 429);
    let retry_after: u64 = response.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((800..=900).contains(&retry_after), "{retry_after}");
    let body: serde_json::Value = response.json().await.unwrap();
    assert!(body["message"].as_str().unwrap().contains("Too many failed sign-in attempts"));
}

#[tokio::test]
async fn a_token_stops_working_after_logout() {
    let app = spawn_app().await;
    let token = app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    assert_eq!(app.with_token(&token).get_json("/api/auth/verify").await.0, 200);
    assert_eq!(app.with_token(&token).post_json("/api/auth/logout", &json!({})).await.0, 200);
    assert_eq!(app.with_token(&token).get_json("/api/auth/verify").await.0, 401);
    assert_eq!(app.with_token(&token).post_json("/api/services", &json!({"title": "x"})).await.0, 401);
    assert_eq!(app.admin().get_json("/api/auth/verify").await.0, 200, "other sessions stay signed in");
}

#[tokio::test]
async fn changing_the_password_revokes_the_other_tokens_only() {
    let app = spawn_app().await;
    let current = app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let other = app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let body = json!({"currentPassword": ADMIN_PASSWORD, "newPassword": "an-entirely-new-passphrase"});
    let (status, answer) = app.with_token(&current).put_json("/api/auth/change-password", &body).await;
    assert_eq!(status, 200, "{answer}");
    assert!(answer["message"].is_string());
    assert_eq!(app.with_token(&current).get_json("/api/auth/verify").await.0, 200);
    assert_eq!(app.with_token(&other).get_json("/api/auth/verify").await.0, 401);
    app.sign_in(ADMIN_EMAIL, "an-entirely-new-passphrase").await;
}

#[tokio::test]
async fn a_password_change_needs_the_current_password_and_12_characters() {
    let app = spawn_app().await;
    let (status, body) = app
        .admin()
        .put_json("/api/auth/change-password", &json!({"currentPassword": "nope", "newPassword": "short"}))
        .await;
    assert_eq!(status, 422);
    assert_eq!(body["errors"]["currentPassword"], "Current password is incorrect");
    assert_eq!(body["errors"]["newPassword"], "Password must be at least 12 characters");
}

#[tokio::test]
async fn registration_is_open_only_on_an_empty_installation() {
    let app = spawn_app().await;
    let body = json!({"name": "Eve", "email": "eve@atelier.test", "password": "a-long-enough-password"});
    let (status, answer) = app.anonymous().post_json("/api/auth/register", &body).await;
    assert_eq!(status, 401, "{answer}");
    let editor = app.role_token("editor").await;
    let (status, refused) = app.with_token(&editor).post_json("/api/auth/register", &body).await;
    assert_eq!(
        (status, refused["message"].as_str()),
        (403, Some("Administrator or higher role required to add accounts"))
    );
    let (status, created) = app.admin().post_json("/api/auth/register", &body).await;
    assert_eq!((status, &created["user"]["role"]), (201, &json!("contributor")), "the least a role may do");
    let owner =
        json!({"name": "Eve", "email": "eve2@atelier.test", "password": "a-long-enough-password", "role": "owner"});
    let (status, refused) = app.admin().post_json("/api/auth/register", &owner).await;
    assert_eq!(status, 422, "only a handover makes an Owner: {refused}");
    let (status, _) = app.admin().post_json("/api/auth/register", &body).await;
    assert_eq!(status, 409, "emails are unique");
}

#[tokio::test]
async fn registration_reports_every_invalid_field() {
    let app = spawn_empty_app().await;
    let (status, body) =
        app.admin().post_json("/api/auth/register", &json!({"email": "bad", "password": "short"})).await;
    assert_eq!(status, 422);
    for field in ["name", "email", "password"] {
        assert!(body["errors"][field].is_string(), "{field}: {body}");
    }
}

#[tokio::test]
async fn the_profile_can_be_renamed_and_emails_stay_unique() {
    let app = spawn_app().await;
    app.role_token("sales").await;
    let (status, body) = app.admin().put_json("/api/auth/profile", &json!({"name": "Ada Lovelace"})).await;
    assert_eq!((status, &body["user"]["name"]), (200, &json!("Ada Lovelace")));
    let (status, _) = app.admin().put_json("/api/auth/profile", &json!({"email": "SALES@atelier.test"})).await;
    assert_eq!(status, 409);
}

#[tokio::test]
async fn a_contributor_signs_in_and_is_told_what_it_may_call() {
    let app = spawn_app().await;
    let contributor = app.role_token("contributor").await;
    let (status, body) = app.with_token(&contributor).get_json("/api/auth/verify").await;
    assert_eq!((status, &body["user"]["role"]), (200, &json!("contributor")));
    let permissions = body["user"]["permissions"].as_array().unwrap();
    assert!(permissions.iter().any(|id| id == "createBlogPost"));
    assert!(!permissions.iter().any(|id| id == "updateBlogPost" || id == "listContacts"));
    assert!(body["user"]["ownPermissions"].as_array().unwrap().iter().any(|id| id == "updateBlogPost"));
    let (status, body) = app.with_token(&contributor).get_json("/api/contacts").await;
    assert_eq!(
        (status, body["message"].as_str()),
        (403, Some("Owner, Administrator or Sales role required to list contact messages"))
    );
}
