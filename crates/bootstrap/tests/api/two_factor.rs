//! Two-factor sign-in through HTTP: setting it up, the two-step sign-in, replays, throttling,
//! recovery codes, turning it off, the site-wide requirement, and the secret at rest.

use atelier_adapters_db::{SeaOrmStore, connect};
use atelier_application::accounts::ports::{TwoFactorRepository, UserRepository};
use atelier_domain::two_factor::TotpSecret;
use atelier_domain::user::Email;
use chrono::{Duration, Utc};
use serde_json::{Value, json};

use crate::helpers::{ADMIN_EMAIL, ADMIN_PASSWORD, TestApp, spawn_app, spawn_app_with};

/// RFC 4648 base32 without padding, as the manual key is written (spaces ignored).
pub fn base32_decode(text: &str) -> Vec<u8> {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
    let (mut bits, mut value, mut bytes) = (0_u32, 0_u32, Vec::new());
    for symbol in text.bytes().filter(|b| !b.is_ascii_whitespace()) {
        let index = ALPHABET.iter().position(|a| *a == symbol).expect("a base32 symbol");
        value = (value << 5) | u32::try_from(index).unwrap();
        bits += 5;
        if bits >= 8 {
            bits -= 8;
            bytes.push(u8::try_from((value >> bits) & 0xff).unwrap());
        }
    }
    bytes
}

/// The authenticator app: its secret, read from the manual key the server answered.
pub struct App(TotpSecret);

impl App {
    /// The code `steps` 30-second steps from now.
    pub fn code(&self, steps: i64) -> String {
        self.0.code_at(Utc::now() + Duration::seconds(30 * steps))
    }
}

/// Sets two-factor sign-in up for the caller with `token`; answers the app and the recovery codes.
pub async fn enrol(app: &TestApp, token: &str) -> (App, Vec<String>) {
    let (status, setup) = app.with_token(token).post_json("/api/auth/two-factor/setup", &json!({})).await;
    assert_eq!(status, 200, "{setup}");
    let key = setup["manualKey"].as_str().unwrap();
    let uri = setup["otpauthUri"].as_str().unwrap();
    assert!(uri.starts_with("otpauth://totp/"), "{uri}");
    assert!(uri.contains(&format!("secret={}", key.replace(' ', ""))), "{uri}");
    let authenticator = App(TotpSecret::from_bytes(base32_decode(key)));
    let (status, confirmed) =
        app.with_token(token).post_json("/api/auth/two-factor/confirm", &json!({"code": authenticator.code(0)})).await;
    assert_eq!(status, 200, "{confirmed}");
    let codes = confirmed["recoveryCodes"].as_array().unwrap().iter().map(|c| c.as_str().unwrap().to_owned()).collect();
    (authenticator, codes)
}

async fn password_step(app: &TestApp) -> (u16, Value) {
    app.anonymous().post_json("/api/auth/login", &json!({"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD})).await
}

pub async fn challenge(app: &TestApp) -> String {
    let (status, body) = password_step(app).await;
    assert_eq!(status, 202, "{body}");
    body["challenge"].as_str().unwrap().to_owned()
}

async fn code_step(app: &TestApp, challenge: &str, code: &str) -> (u16, Value) {
    app.anonymous().post_json("/api/auth/login/two-factor", &json!({"challenge": challenge, "code": code})).await
}

async fn status_of(app: &TestApp, token: &str) -> Value {
    let (status, body) = app.with_token(token).get_json("/api/auth/two-factor").await;
    assert_eq!(status, 200, "{body}");
    body
}

fn wrong(right: &str) -> &'static str {
    if right == "000000" { "111111" } else { "000000" }
}

#[tokio::test]
async fn an_administrator_sets_it_up_and_then_signs_in_in_two_steps() {
    let app = spawn_app().await;
    let token = app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let off = status_of(&app, &token).await;
    assert_eq!(off, json!({"enabled": false, "enabledAt": null, "recoveryCodesLeft": 0, "required": false}));

    let (status, body) = app.with_token(&token).post_json("/api/auth/two-factor/confirm", &json!({"code": "1"})).await;
    assert_eq!((status, body["message"].as_str()), (409, Some("Start the set-up of two-factor sign-in first")));
    let (status, setup) = app.with_token(&token).post_json("/api/auth/two-factor/setup", &json!({})).await;
    assert_eq!(status, 200);
    let authenticator = App(TotpSecret::from_bytes(base32_decode(setup["manualKey"].as_str().unwrap())));
    let (status, body) = app
        .with_token(&token)
        .post_json("/api/auth/two-factor/confirm", &json!({"code": wrong(&authenticator.code(0))}))
        .await;
    assert_eq!((status, body["errors"]["code"].as_str()), (422, Some("Invalid authentication code")), "{body}");
    let (status, confirmed) =
        app.with_token(&token).post_json("/api/auth/two-factor/confirm", &json!({"code": authenticator.code(0)})).await;
    assert_eq!(status, 200, "{confirmed}");
    assert_eq!(confirmed["recoveryCodes"].as_array().unwrap().len(), 10);
    let on = status_of(&app, &token).await;
    assert_eq!((on["enabled"].as_bool(), on["recoveryCodesLeft"].as_u64()), (Some(true), Some(10)));
    let (status, _) = app.with_token(&token).post_json("/api/auth/two-factor/setup", &json!({})).await;
    assert_eq!(status, 409, "on already");

    let (status, step) = password_step(&app).await;
    assert_eq!(status, 202, "{step}");
    assert_eq!(step["twoFactorRequired"], true);
    assert!(step.get("token").is_none() && step.get("user").is_none(), "no session yet: {step}");
    let challenge = step["challenge"].as_str().unwrap();
    let (status, _) = app.with_token(challenge).get_json("/api/auth/verify").await;
    assert_eq!(status, 401, "a challenge is no bearer token");

    let (status, body) = code_step(&app, challenge, wrong(&authenticator.code(1))).await;
    assert_eq!((status, body["message"].as_str()), (401, Some("Invalid authentication code")));
    let (status, signed_in) = code_step(&app, challenge, &authenticator.code(1)).await;
    assert_eq!(status, 200, "{signed_in}");
    assert_eq!(signed_in["user"]["email"], ADMIN_EMAIL);
    let new_token = signed_in["token"].as_str().unwrap();
    let (status, _) = app.with_token(new_token).get_json("/api/contacts").await;
    assert_eq!(status, 200);

    let (status, body) = code_step(&app, challenge, &authenticator.code(1)).await;
    assert_eq!((status, body["message"].as_str()), (404, Some("This sign-in has expired. Sign in again.")));
}

/// The answer for a right code already used, word for word (the sign-in screen shows it as is).
const USED_CODE: &str = "This code has already been used. Each code works once: wait for the next code in your authenticator app and enter it.";

#[tokio::test]
async fn a_code_is_accepted_once_and_each_recovery_code_once() {
    let app = spawn_app().await;
    let token = app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let (authenticator, codes) = enrol(&app, &token).await;
    let (status, body) = code_step(&app, &challenge(&app).await, &authenticator.code(0)).await;
    assert_eq!(status, 401, "the code that confirmed the set-up is spent");
    assert_eq!(body["message"].as_str(), Some(USED_CODE), "and the answer says to wait for the next one");
    let next = authenticator.code(1);
    let (status, _) = code_step(&app, &challenge(&app).await, &next).await;
    assert_eq!(status, 200);
    let (status, body) = code_step(&app, &challenge(&app).await, &next).await;
    assert_eq!((status, body["message"].as_str()), (401, Some(USED_CODE)), "replayed");
    let (status, body) = code_step(&app, &challenge(&app).await, wrong(&authenticator.code(1))).await;
    assert_eq!(
        (status, body["message"].as_str()),
        (401, Some("Invalid authentication code")),
        "a wrong code reads differently"
    );

    let (status, _) = code_step(&app, &challenge(&app).await, &codes[0].to_uppercase()).await;
    assert_eq!(status, 200, "a recovery code, however it is typed");
    let (status, _) = code_step(&app, &challenge(&app).await, &codes[0]).await;
    assert_eq!(status, 401, "used once");
    assert_eq!(status_of(&app, &token).await["recoveryCodesLeft"], 9);
}

#[tokio::test]
async fn wrong_codes_are_throttled_with_retry_after() {
    let app = spawn_app().await;
    let token = app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let (authenticator, _) = enrol(&app, &token).await;
    let first = challenge(&app).await;
    let second = challenge(&app).await;
    let bad = wrong(&authenticator.code(1));
    for attempt in 1..=5 {
        let (status, _) = code_step(&app, &first, bad).await;
        assert_eq!(status, 401, "attempt {attempt}");
    }
    let (status, _) = code_step(&app, &first, &authenticator.code(1)).await;
    assert_eq!(status, 404, "five wrong codes wear a challenge out");
    let response = app
        .anonymous()
        .request(reqwest::Method::POST, "/api/auth/login/two-factor")
        .json(&json!({"challenge": second, "code": authenticator.code(1)}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 429, "even the right code, with another challenge");
    let retry_after: u64 = response.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((800..=900).contains(&retry_after), "{retry_after}");
    let (status, _) = password_step(&app).await;
    assert_eq!(status, 429, "and the password step");
}

#[tokio::test]
async fn the_code_step_refuses_bad_bodies_without_a_fault() {
    let app = spawn_app().await;
    for body in [json!({}), json!({"challenge": "nope", "code": "123456"}), json!({"challenge": "", "code": ""})] {
        let (status, answer) = app.anonymous().post_json("/api/auth/login/two-factor", &body).await;
        assert_eq!(status, 404, "{body}: {answer}");
    }
    let (status, _) = app.anonymous().post_json("/api/auth/login/two-factor", &json!({"code": 5})).await;
    assert_eq!(status, 422);
}

#[tokio::test]
async fn turning_it_off_needs_the_password_and_a_code() {
    let app = spawn_app().await;
    let token = app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let (status, body) =
        app.with_token(&token).post_json("/api/auth/two-factor/disable", &json!({"password": ADMIN_PASSWORD})).await;
    assert_eq!((status, body["message"].as_str()), (409, Some("Two-factor sign-in is off")));
    let (authenticator, _) = enrol(&app, &token).await;
    let wrong_password = json!({"password": "not-the-password", "code": authenticator.code(1)});
    let (status, body) = app.with_token(&token).post_json("/api/auth/two-factor/disable", &wrong_password).await;
    assert_eq!((status, body["errors"]["password"].as_str()), (422, Some("Password is incorrect")));
    let wrong_code = json!({"password": ADMIN_PASSWORD, "code": wrong(&authenticator.code(1))});
    let (status, body) = app.with_token(&token).post_json("/api/auth/two-factor/disable", &wrong_code).await;
    assert_eq!((status, body["errors"]["code"].as_str()), (422, Some("Invalid authentication code")));

    let right = json!({"password": ADMIN_PASSWORD, "code": authenticator.code(1)});
    let (status, body) = app.with_token(&token).post_json("/api/auth/two-factor/disable", &right).await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = password_step(&app).await;
    assert_eq!(status, 200, "one step again: {body}");
    assert!(body["token"].is_string());
}

#[tokio::test]
async fn setting_it_up_signs_out_every_other_session() {
    let app = spawn_app().await;
    let token = app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let other = app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    enrol(&app, &token).await;
    let (status, _) = app.with_token(&other).get_json("/api/auth/verify").await;
    assert_eq!(status, 401);
    let (status, _) = app.with_token(&token).get_json("/api/auth/verify").await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn when_required_an_administrator_without_it_must_set_it_up_before_anything_else() {
    let app = spawn_app_with(|config| config.require_two_factor = true).await;
    let token = app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let (status, me) = app.with_token(&token).get_json("/api/auth/verify").await;
    assert_eq!((status, me["user"]["mustEnrolTwoFactor"].as_bool()), (200, Some(true)));
    for path in ["/api/contacts", "/api/admins", "/api/auth/sessions"] {
        let (status, body) = app.with_token(&token).get_json(path).await;
        assert_eq!((status, body["message"].as_str()), (403, Some("Set up two-factor sign-in to continue")), "{path}");
    }
    let (status, _) = app.with_token(&token).post_json("/api/auth/two-factor/disable", &json!({})).await;
    assert_eq!(status, 403);
    let member = json!({"name": "Sam", "email": "sam@atelier.test", "password": "long-enough-password"});
    let (status, body) = app.with_token(&token).post_json("/api/auth/register", &member).await;
    assert_eq!(status, 403, "adding accounts (a public operation) waits too: {body}");
    let (status, _) = app.with_token(&token).get_json("/api/services").await;
    assert_eq!(status, 200, "public reads stay open");
    assert_eq!(status_of(&app, &token).await["required"], true);

    let (authenticator, _) = enrol(&app, &token).await;
    let (_, me) = app.with_token(&token).get_json("/api/auth/verify").await;
    assert_eq!(me["user"]["mustEnrolTwoFactor"], false);
    let (status, _) = app.with_token(&token).get_json("/api/contacts").await;
    assert_eq!(status, 200);
    let (status, signed_in) = code_step(&app, &challenge(&app).await, &authenticator.code(1)).await;
    assert_eq!((status, signed_in["user"]["mustEnrolTwoFactor"].as_bool()), (200, Some(false)));
}

#[tokio::test]
async fn without_the_requirement_nobody_is_held_to_it() {
    let app = spawn_app().await;
    let (status, body) = password_step(&app).await;
    assert_eq!((status, body["user"]["mustEnrolTwoFactor"].as_bool()), (200, Some(false)));
}

#[tokio::test]
async fn the_secret_is_stored_sealed() {
    let app = spawn_app().await;
    let token = app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let (authenticator, codes) = enrol(&app, &token).await;
    let url = format!("sqlite://{}", app.folder.path().join("data/atelier.db").display());
    let store = SeaOrmStore::new(connect(&url).await.unwrap());
    let admin = store.find_user_by_email(&Email::parse(ADMIN_EMAIL).unwrap()).await.unwrap().unwrap();
    let stored = store.find_two_factor(admin.id).await.unwrap().unwrap();
    let secret = authenticator.0.expose();
    assert!(!stored.sealed_secret.windows(secret.len()).any(|window| window == secret), "never in the clear");
    assert!(stored.sealed_secret.len() > secret.len());
    let data = app.folder.path().join("data");
    let mut file = std::fs::read(data.join("atelier.db")).unwrap();
    file.extend(std::fs::read(data.join("atelier.db-wal")).unwrap_or_default());
    let hashed = atelier_domain::two_factor::recovery_code_hash(&codes[0]).unwrap();
    assert!(file.windows(hashed.len()).any(|window| window == hashed.as_bytes()), "the hashes are there");
    for code in &codes {
        let plain = code.as_bytes();
        assert!(!file.windows(plain.len()).any(|window| window == plain), "recovery codes are stored hashed");
    }
}

/// Runs `atelier reset-two-factor` on the application's database, as its operator would.
fn reset_from_the_command_line(app: &TestApp, email: &str) -> std::process::Output {
    let data_dir = app.folder.path().join("data");
    std::process::Command::new(env!("CARGO_BIN_EXE_atelier"))
        .args(["reset-two-factor", "--email", email])
        .env("DATABASE_URL", format!("sqlite://{}", data_dir.join("atelier.db").display()))
        .env("ATELIER_DATA_DIR", &data_dir)
        .env("ATELIER_JWT_SECRET", crate::helpers::TOKEN_SECRET)
        .env("ATELIER_LOG", "off")
        .output()
        .expect("the binary runs")
}

#[tokio::test]
async fn the_operator_turns_a_lost_authenticator_off_from_the_command_line() {
    let app = spawn_app().await;
    let token = app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    enrol(&app, &token).await;
    let (status, _) = password_step(&app).await;
    assert_eq!(status, 202, "two steps while it is on");

    let output = reset_from_the_command_line(&app, ADMIN_EMAIL);
    let printed = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{printed}{}", String::from_utf8_lossy(&output.stderr));
    assert!(printed.contains(&format!("Two-factor sign-in is off for {ADMIN_EMAIL}")), "{printed}");
    let (status, _) = app.with_token(&token).get_json("/api/auth/verify").await;
    assert_eq!(status, 401, "the sessions of the account ended");
    let (status, body) = password_step(&app).await;
    assert_eq!(status, 200, "the password alone signs in: {body}");
    assert_eq!(status_of(&app, body["token"].as_str().unwrap()).await["enabled"], false);

    let output = reset_from_the_command_line(&app, ADMIN_EMAIL);
    assert!(output.status.success());
    assert!(String::from_utf8_lossy(&output.stdout).contains("has no two-factor sign-in; nothing changed"));
    let output = reset_from_the_command_line(&app, "nobody@atelier.test");
    assert!(!output.status.success(), "an unknown account is an error");
    assert!(String::from_utf8_lossy(&output.stderr).contains("no account has the email nobody@atelier.test"));
}
