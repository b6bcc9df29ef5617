//! `/admins` and `/auth/invitations`: administrators, invitations, removal, and the generated first
//! password that must be changed.

use atelier_adapters_db::SeaOrmStore;
use atelier_application::accounts::ports::UserRepository;
use atelier_domain::user::Email;
use serde_json::{Value, json};

use crate::helpers::{ADMIN_EMAIL, ADMIN_PASSWORD, TestApp, spawn_app};

const INVALID_LINK: &str = "This invitation link is invalid or has expired";

async fn invite(app: &TestApp, email: &str) -> Value {
    let (status, body) = app.admin().post_json("/api/admins/invitations", &json!({"email": email})).await;
    assert_eq!(status, 201, "{body}");
    body
}

fn token_of(invited: &Value) -> String {
    invited["link"].as_str().unwrap().split_once('#').unwrap().1.to_owned()
}

async fn accept(app: &TestApp, token: &str, name: &str, password: &str) -> (u16, Value) {
    let body = json!({"token": token, "name": name, "password": password});
    app.anonymous().post_json("/api/auth/invitations/accept", &body).await
}

#[tokio::test]
async fn an_invited_person_accepts_the_link_once_and_is_signed_in_as_an_administrator() {
    let app = spawn_app().await;
    let invited = invite(&app, "Grace@Atelier.test").await;
    assert!(invited["link"].as_str().unwrap().starts_with("/admin/accept-invite#"));
    assert_eq!(invited["mailed"], false, "mail is off");
    assert_eq!(invited["invitation"]["email"], "grace@atelier.test");
    let token = token_of(&invited);

    let (status, open) = app.get_json("/api/admins/invitations").await;
    assert_eq!(status, 401, "{open}");
    let (_, open) = app.admin().get_json("/api/admins/invitations").await;
    assert_eq!(open["invitations"].as_array().unwrap().len(), 1);
    assert!(open.to_string().find(&token).is_none(), "the token is never listed");

    let (status, offer) = app.anonymous().post_json("/api/auth/invitations/inspect", &json!({"token": token})).await;
    assert_eq!((status, offer["email"].as_str()), (200, Some("grace@atelier.test")));

    let (status, refused) = accept(&app, &token, "", "short").await;
    assert_eq!(status, 422, "{refused}");
    assert_eq!(refused["errors"]["password"], "Password must be at least 12 characters");
    let (status, signed_in) = accept(&app, &token, "Grace Hopper", "grace-password-123").await;
    assert_eq!(status, 201, "{signed_in}");
    assert_eq!(signed_in["user"]["role"], "administrator", "an invitation without a role");
    assert_eq!(signed_in["user"]["mustChangePassword"], false);
    let grace = signed_in["token"].as_str().unwrap();
    let (status, _) = app.with_token(grace).get_json("/api/settings").await;
    assert_eq!(status, 200);

    let (status, again) = accept(&app, &token, "Again", "grace-password-123").await;
    assert_eq!((status, again["message"].as_str()), (404, Some(INVALID_LINK)));
    let (_, admins) = app.with_token(grace).get_json("/api/admins").await;
    let admins = admins["administrators"].as_array().unwrap();
    assert_eq!(admins.len(), 2);
    assert_eq!(admins[1]["name"], "Grace Hopper");
    assert_eq!(admins[1]["isYou"], true);
    assert_eq!(admins[0]["isYou"], false);
}

#[tokio::test]
async fn invitations_refuse_taken_or_malformed_emails_and_can_be_withdrawn() {
    let app = spawn_app().await;
    let (status, body) = app.admin().post_json("/api/admins/invitations", &json!({"email": ADMIN_EMAIL})).await;
    assert_eq!((status, body["message"].as_str()), (409, Some("An account with this email already exists")));
    let (status, body) = app.admin().post_json("/api/admins/invitations", &json!({"email": "nope"})).await;
    assert_eq!(status, 422, "{body}");
    assert!(body["errors"]["email"].is_string());

    let invited = invite(&app, "grace@atelier.test").await;
    let id = invited["invitation"]["_id"].as_str().unwrap();
    let (status, _) = app.admin().delete(&format!("/api/admins/invitations/{id}")).await;
    assert_eq!(status, 204);
    let (status, _) = app.admin().delete(&format!("/api/admins/invitations/{id}")).await;
    assert_eq!(status, 404);
    let (status, body) = accept(&app, &token_of(&invited), "Grace", "grace-password-123").await;
    assert_eq!((status, body["message"].as_str()), (404, Some(INVALID_LINK)));
    for token in [json!("0".repeat(64)), json!(""), Value::Null] {
        let (status, _) = app.anonymous().post_json("/api/auth/invitations/inspect", &json!({"token": token})).await;
        assert_eq!(status, 404, "{token}");
    }
}

#[tokio::test]
async fn removing_an_account_ends_their_sessions_but_the_owners_stays() {
    let app = spawn_app().await;
    let (_, me) = app.admin().get_json("/api/auth/verify").await;
    let my_id = me["user"]["_id"].as_str().unwrap().to_owned();
    let (status, body) = app.admin().delete(&format!("/api/admins/{my_id}")).await;
    assert_eq!(
        (status, body["message"].as_str()),
        (409, Some("The Owner's account cannot be removed: hand ownership over first"))
    );

    let invited = invite(&app, "grace@atelier.test").await;
    let (_, grace) = accept(&app, &token_of(&invited), "Grace", "grace-password-123").await;
    let grace_token = grace["token"].as_str().unwrap();
    let grace_id = grace["user"]["_id"].as_str().unwrap();
    let (status, _) = app.admin().delete(&format!("/api/admins/{grace_id}")).await;
    assert_eq!(status, 204);
    let (status, _) = app.with_token(grace_token).get_json("/api/auth/verify").await;
    assert_eq!(status, 401);
    let (status, _) = app.admin().delete(&format!("/api/admins/{grace_id}")).await;
    assert_eq!(status, 404);
    let (status, _) = app.admin().delete("/api/admins/not-an-id").await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn an_administrator_who_removes_themselves_is_signed_out() {
    let app = spawn_app().await;
    let invited = invite(&app, "grace@atelier.test").await;
    let (_, grace) = accept(&app, &token_of(&invited), "Grace", "grace-password-123").await;
    let grace_token = grace["token"].as_str().unwrap();
    let grace_id = grace["user"]["_id"].as_str().unwrap();
    let (status, _) = app.with_token(grace_token).delete(&format!("/api/admins/{grace_id}")).await;
    assert_eq!(status, 204);
    let (status, _) = app.with_token(grace_token).get_json("/api/auth/verify").await;
    assert_eq!(status, 401);
    let (_, admins) = app.admin().get_json("/api/admins").await;
    assert_eq!(admins["administrators"].as_array().unwrap().len(), 1);
}

/// Marks the seeded administrator as having the generated first password, as `atelier serve` does
/// when no password was configured.
async fn require_password_change(app: &TestApp) {
    let url = format!("sqlite://{}", app.folder.path().join("data/atelier.db").display());
    let store = SeaOrmStore::new(atelier_adapters_db::connect(&url).await.unwrap());
    let mut admin = store.find_user_by_email(&Email::parse(ADMIN_EMAIL).unwrap()).await.unwrap().unwrap();
    admin.must_change_password = true;
    store.update_user(&admin).await.unwrap();
}

#[tokio::test]
async fn a_generated_first_password_must_be_changed_before_anything_else() {
    let app = spawn_app().await;
    require_password_change(&app).await;
    let token = app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let (status, me) = app.with_token(&token).get_json("/api/auth/verify").await;
    assert_eq!((status, me["user"]["mustChangePassword"].as_bool()), (200, Some(true)));
    for path in ["/api/contacts", "/api/admins", "/api/auth/sessions"] {
        let (status, body) = app.with_token(&token).get_json(path).await;
        assert_eq!((status, body["message"].as_str()), (403, Some("Change your password to continue")), "{path}");
    }
    let (status, _) = app.with_token(&token).put_json("/api/settings", &json!({})).await;
    assert_eq!(status, 403);
    // Public reads stay open.
    let (status, _) = app.with_token(&token).get_json("/api/services").await;
    assert_eq!(status, 200);

    let change = json!({"currentPassword": ADMIN_PASSWORD, "newPassword": "my-own-long-passphrase"});
    let (status, body) = app.with_token(&token).put_json("/api/auth/change-password", &change).await;
    assert_eq!(status, 200, "{body}");
    let (_, me) = app.with_token(&token).get_json("/api/auth/verify").await;
    assert_eq!(me["user"]["mustChangePassword"], false);
    let (status, _) = app.with_token(&token).get_json("/api/contacts").await;
    assert_eq!(status, 200);
}
