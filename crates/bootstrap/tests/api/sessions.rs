//! `/auth/sessions`: the signed-in administrator's own sessions.

use serde_json::{Value, json};

use crate::helpers::{ADMIN_EMAIL, ADMIN_PASSWORD, TestApp, json_of, spawn_app};

const FIREFOX: &str = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const IPHONE: &str = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

async fn sign_in_from(app: &TestApp, user_agent: &str) -> String {
    let response = app
        .client
        .post(app.url("/api/auth/login"))
        .header("user-agent", user_agent)
        .json(&json!({"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD}))
        .send()
        .await
        .unwrap();
    let (status, body) = json_of(response).await;
    assert_eq!(status, 200, "{body}");
    body["token"].as_str().unwrap().to_owned()
}

async fn sessions(app: &TestApp, token: &str) -> Vec<Value> {
    let (status, body) = app.with_token(token).get_json("/api/auth/sessions").await;
    assert_eq!(status, 200, "{body}");
    body["sessions"].as_array().unwrap().clone()
}

#[tokio::test]
async fn the_session_list_names_each_device_and_marks_the_current_one() {
    let app = spawn_app().await;
    let laptop = sign_in_from(&app, FIREFOX).await;
    let phone = sign_in_from(&app, IPHONE).await;

    let listed = sessions(&app, &laptop).await;
    let mine: Vec<_> = listed.iter().filter(|s| s["current"] == true).collect();
    assert_eq!(mine.len(), 1);
    assert_eq!(mine[0]["device"], "Firefox on Linux");
    assert_eq!(mine[0]["address"], "127.0.0.1");
    assert_eq!(mine[0]["userAgent"], FIREFOX);
    for field in ["_id", "createdAt", "lastUsedAt", "expiresAt"] {
        assert!(mine[0][field].is_string(), "{field}");
    }
    let phone_session = listed.iter().find(|s| s["device"] == "Safari on iPhone").expect("the phone's session");
    assert_eq!(phone_session["current"], false);
    // The helper's own sign-in has no user agent: it is listed too.
    assert_eq!(listed.len(), 3, "{listed:?}");

    let phone_view = sessions(&app, &phone).await;
    let current: Vec<_> = phone_view.iter().filter(|s| s["current"] == true).map(|s| &s["device"]).collect();
    assert_eq!(current, ["Safari on iPhone"]);
}

#[tokio::test]
async fn signing_out_one_session_ends_its_token_at_once() {
    let app = spawn_app().await;
    let laptop = sign_in_from(&app, FIREFOX).await;
    let phone = sign_in_from(&app, IPHONE).await;
    let phone_id =
        sessions(&app, &laptop).await.iter().find(|s| s["device"] == "Safari on iPhone").unwrap()["_id"].clone();
    let phone_id = phone_id.as_str().unwrap();

    let (status, _) = app.with_token(&laptop).delete(&format!("/api/auth/sessions/{phone_id}")).await;
    assert_eq!(status, 204);
    let (status, _) = app.with_token(&phone).get_json("/api/auth/verify").await;
    assert_eq!(status, 401);
    assert!(sessions(&app, &laptop).await.iter().all(|s| s["_id"] != phone_id));

    let (status, body) = app.with_token(&laptop).delete(&format!("/api/auth/sessions/{phone_id}")).await;
    assert_eq!((status, body["message"].as_str()), (404, Some("Session not found")));
    let (status, _) = app.with_token(&laptop).delete("/api/auth/sessions/not-an-id").await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn one_admin_cannot_sign_out_another_admins_session() {
    let app = spawn_app().await;
    let body = json!({"name": "Grace", "email": "grace@atelier.test", "password": "grace-password-123", "role": "administrator"});
    let (status, _) = app.admin().post_json("/api/auth/register", &body).await;
    assert_eq!(status, 201);
    let grace = app.sign_in("grace@atelier.test", "grace-password-123").await;
    let laptop = sign_in_from(&app, FIREFOX).await;
    let laptop_id = sessions(&app, &laptop).await.iter().find(|s| s["current"] == true).unwrap()["_id"].clone();

    assert!(sessions(&app, &grace).await.iter().all(|s| s["_id"] != laptop_id));
    let (status, _) =
        app.with_token(&grace).delete(&format!("/api/auth/sessions/{}", laptop_id.as_str().unwrap())).await;
    assert_eq!(status, 404);
    let (status, _) = app.with_token(&laptop).get_json("/api/auth/verify").await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn signing_out_everywhere_else_keeps_only_the_callers_session() {
    let app = spawn_app().await;
    let laptop = sign_in_from(&app, FIREFOX).await;
    let phone = sign_in_from(&app, IPHONE).await;
    let (status, body) = app.with_token(&laptop).post_json("/api/auth/sessions/sign-out-others", &json!({})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["signedOut"], 2, "the phone and the helper's own session");
    assert_eq!(body["message"], "2 other sessions signed out");

    let (status, _) = app.with_token(&phone).get_json("/api/auth/verify").await;
    assert_eq!(status, 401);
    let (status, _) = app.admin().get_json("/api/auth/verify").await;
    assert_eq!(status, 401);
    let listed = sessions(&app, &laptop).await;
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0]["current"], true);
}
