//! The gate, proved over every operation of the application's own OpenAPI document: a new route
//! that is not on the public list is protected, or this test fails; and every role is refused
//! exactly the protected operations the permission table refuses it.

use crate::multipart::Multipart;
use atelier_adapters_crypto::JwtTokens;
use atelier_adapters_http::access::{PERMISSIONS, Verdict, is_public, owned_kind, permission};
use atelier_application::ports::{TokenClaims, TokenIssuer};
use atelier_domain::EntityId;
use atelier_domain::presence::RecordKind;
use atelier_domain::user::Role;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{Duration, Utc};
use reqwest::Method;
use serde_json::Value;

use crate::helpers::{ADMIN_EMAIL, ADMIN_PASSWORD, TOKEN_SECRET, TestApp, json_of, spawn_app};
use crate::media::photo;

/// Every documented operation as (method, concrete path).
fn operations() -> Vec<(Method, String, String)> {
    let document: Value = serde_json::from_str(&atelier_adapters_http::openapi_json()).unwrap();
    let mut operations = Vec::new();
    for (template, item) in document["paths"].as_object().unwrap() {
        for method in item.as_object().unwrap().keys() {
            let concrete = template
                .split('/')
                .map(|segment| if segment.starts_with('{') { "65f1c2a9b4e8d70012345678" } else { segment })
                .collect::<Vec<_>>()
                .join("/");
            let method = Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
            operations.push((method, template.clone(), format!("/api{concrete}")));
        }
    }
    operations
}

fn protected_operations() -> Vec<(Method, String)> {
    operations()
        .into_iter()
        .filter(|(method, template, _)| !is_public(method.as_str(), template))
        .map(|(method, _, path)| (method, path))
        .collect()
}

async fn call(app: &TestApp, method: &Method, path: &str, token: Option<&str>) -> (u16, Value) {
    let mut request = app.client.request(method.clone(), app.url(path));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    if [Method::POST, Method::PUT, Method::PATCH].contains(method) {
        request = request.json(&serde_json::json!({}));
    }
    json_of(request.send().await.unwrap()).await
}

async fn assert_every_protected_operation_answers(app: &TestApp, token: Option<&str>, expected: u16, what: &str) {
    let operations = protected_operations();
    assert!(operations.len() >= 8, "the document lists the protected operations");
    for (method, path) in operations {
        let (status, body) = call(app, &method, &path, token).await;
        assert_eq!(status, expected, "{what}: {method} {path} answered {status}: {body}");
        assert!(body["message"].is_string(), "{what}: {method} {path} answered no JSON message");
    }
}

/// As [`call`], for answers that may be files (the exports): the body as JSON when it is JSON.
async fn call_any(app: &TestApp, method: &Method, path: &str, token: &str) -> (u16, Value) {
    let mut request = app.client.request(method.clone(), app.url(path)).bearer_auth(token);
    if [Method::POST, Method::PUT, Method::PATCH].contains(method) {
        request = request.json(&serde_json::json!({}));
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    let text = response.text().await.unwrap();
    (status, serde_json::from_str(&text).unwrap_or(Value::String(text.chars().take(200).collect())))
}

fn forged(claims: &TokenClaims, secret: &str) -> String {
    JwtTokens::new(secret.as_bytes()).unwrap().issue(claims).unwrap()
}

#[test]
fn the_walk_covers_the_two_factor_operations() {
    let protected = protected_operations();
    for (method, path) in [
        (Method::GET, "/api/auth/two-factor"),
        (Method::POST, "/api/auth/two-factor/setup"),
        (Method::POST, "/api/auth/two-factor/confirm"),
        (Method::POST, "/api/auth/two-factor/disable"),
    ] {
        assert!(protected.contains(&(method.clone(), path.to_owned())), "{method} {path} is walked as protected");
    }
    assert!(is_public("POST", "/auth/login/two-factor"), "the code step is open: its challenge is the credential");
}

#[test]
fn the_walk_covers_the_audit_log() {
    assert!(protected_operations().contains(&(Method::GET, "/api/audit".to_owned())), "GET /audit is walked");
}

#[tokio::test]
async fn every_protected_operation_refuses_a_caller_without_a_token() {
    let app = spawn_app().await;
    assert_every_protected_operation_answers(&app, None, 401, "no token").await;
}

#[tokio::test]
async fn every_protected_operation_refuses_expired_tampered_unsigned_and_foreign_tokens() {
    let app = spawn_app().await;
    let (_, verify) = app.admin().get_json("/api/auth/verify").await;
    let user_id = EntityId::parse(verify["user"]["_id"].as_str().unwrap()).unwrap();
    let now = Utc::now();
    let expired = TokenClaims {
        session_id: EntityId::generate(now),
        user_id,
        issued_at: now - Duration::hours(13),
        expires_at: now - Duration::hours(1),
    };
    let expired = forged(&expired, TOKEN_SECRET);

    let valid = app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let mut tampered = valid.clone();
    let last = tampered.pop().unwrap();
    tampered.push(if last == 'A' { 'B' } else { 'A' });

    let payload = valid.split('.').nth(1).unwrap();
    let none_header = URL_SAFE_NO_PAD.encode(br#"{"alg":"none","typ":"JWT"}"#);
    let unsigned = format!("{none_header}.{payload}.");

    let claims = TokenClaims {
        session_id: EntityId::generate(now),
        user_id,
        issued_at: now,
        expires_at: now + Duration::hours(1),
    };
    let foreign = forged(&claims, "some-other-secret-that-is-32-bytes-long!");
    let unknown_session = forged(&claims, TOKEN_SECRET);

    for (what, token) in [
        ("expired", expired.as_str()),
        ("tampered", tampered.as_str()),
        ("alg none", unsigned.as_str()),
        ("foreign secret", foreign.as_str()),
        ("unknown session", unknown_session.as_str()),
        ("garbage", "not-a-token"),
    ] {
        assert_every_protected_operation_answers(&app, Some(token), 401, what).await;
    }
}

#[tokio::test]
async fn every_protected_operation_refuses_a_revoked_token() {
    let app = spawn_app().await;
    let token = app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let (status, _) = app.with_token(&token).post_json("/api/auth/logout", &serde_json::json!({})).await;
    assert_eq!(status, 200);
    assert_every_protected_operation_answers(&app, Some(&token), 401, "revoked").await;
}

/// The matrix: for every role and every documented protected operation, a call with that role's
/// token (an empty body, a made-up id) answers 403 exactly when the table refuses the role (any other
/// answer, 400, 404 or 422 among them, means the gate let it through), and the 403 names the role
/// required and the operation. The operations come from the document, the verdicts from the table.
#[tokio::test]
async fn every_role_is_refused_exactly_what_the_permission_table_refuses_it() {
    let app = spawn_app().await;
    let document: Value = serde_json::from_str(&atelier_adapters_http::openapi_json()).unwrap();
    let mut walk: Vec<(Method, String, String)> =
        operations().into_iter().filter(|(method, template, _)| !is_public(method.as_str(), template)).collect();
    // Signing out ends the token the rest of the walk uses: last.
    walk.sort_by_key(|(method, template, _)| *method == Method::POST && template == "/auth/logout");
    // Every token first: a walk signs its own account's other sessions out, the seeded one's too.
    let mut tokens = Vec::new();
    for role in Role::ALL {
        tokens.push(match role {
            Role::Owner => app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await,
            role => app.role_token(role.as_str()).await,
        });
    }
    let mut checked = 0;
    for (role, token) in Role::ALL.into_iter().zip(tokens) {
        for (method, template, path) in &walk {
            let permission = permission(method.as_str(), template);
            // An own-only operation on a record that does not exist is let through (to its 404).
            let refused = permission.verdict(role) == Verdict::Denied;
            let (status, body) = call_any(&app, method, path, &token).await;
            let what = format!("{} {method} {template} answered {status}: {body}", role.as_str());
            assert_eq!(status == 403, refused, "{what}");
            assert_ne!(status, 401, "{what}");
            if refused {
                let summary = document["paths"][template][method.as_str().to_lowercase()]["summary"].as_str().unwrap();
                assert_eq!(body["message"].as_str(), Some(permission.refusal(summary).as_str()), "{what}");
            }
            checked += 1;
        }
    }
    assert!(checked >= Role::ALL.len() * 90, "the walk covers the document: {checked} calls");
}

/// A record of `kind` created by the account of `token`: its `_id`. `seed` tells uploads apart.
async fn create_record(app: &TestApp, kind: RecordKind, token: &str, seed: u8) -> String {
    let caller = app.with_token(token);
    let (status, body) = match kind {
        RecordKind::Post => {
            caller.post_json("/api/blog/posts", &serde_json::json!({"title": format!("Post {seed}")})).await
        }
        RecordKind::Project => {
            let project =
                serde_json::json!({"title": format!("Project {seed}"), "client": "Acme", "completedAt": "2025-01-01"});
            caller.post_json("/api/portfolio", &project).await
        }
        RecordKind::Media => {
            let file = photo(40, 30, seed, image::ImageFormat::Png);
            let part = crate::multipart::Part::bytes(file).file_name(format!("photo-{seed}.png"));
            let form = crate::multipart::Form::new().part("files", part);
            let (status, body) =
                json_of(caller.request(Method::POST, "/api/media").multipart(form).send().await.unwrap()).await;
            (status, body["items"][0]["media"].clone())
        }
        other => panic!("no record of kind {} is anyone's own", other.as_str()),
    };
    assert_eq!(status, 201, "{body}");
    body["_id"].as_str().unwrap().to_owned()
}

/// Every operation the table allows some roles on their own records only, walked both ways for each
/// of those roles: on a record the role created the gate lets the call through (any answer but
/// 403); on the Owner's record it answers 403 naming the roles that may change anyone's.
#[tokio::test]
async fn own_only_operations_let_a_role_through_on_its_own_records_and_refuse_anothers() {
    let app = spawn_app().await;
    let document: Value = serde_json::from_str(&atelier_adapters_http::openapi_json()).unwrap();
    let owner = app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let mut tokens = Vec::new();
    for role in [Role::Author, Role::Contributor] {
        tokens.push((role, app.role_token(role.as_str()).await));
    }
    let mut seed = 0u8;
    let mut checked = 0;
    for entry in PERMISSIONS.iter().filter(|entry| !entry.own.is_empty()) {
        // A translation is its record's: walked on posts.
        let translation = entry.path.starts_with("/translations/{kind}/{id}");
        let kind = if translation { Some(RecordKind::Post) } else { owned_kind(entry.path) };
        let kind = kind.unwrap_or_else(|| panic!("{} names no owned record", entry.path));
        let method = Method::from_bytes(entry.method.as_bytes()).unwrap();
        let summary = document["paths"][entry.path][entry.method.to_lowercase()]["summary"].as_str().unwrap();
        let concrete = |id: &str| {
            let path = entry
                .path
                .replace("{id}", id)
                .replace("{revisionId}", "65f1c2a9b4e8d70012345678")
                .replace("{kind}", "post")
                .replace("{lang}", "de");
            format!("/api{path}")
        };
        seed += 1;
        let anothers = create_record(&app, kind, &owner, seed).await;
        for (role, token) in tokens.iter().filter(|(role, _)| entry.own.contains(role)) {
            seed += 1;
            let own = create_record(&app, kind, token, seed).await;
            let what = format!("{} {} {}", role.as_str(), entry.method, entry.path);
            let (status, body) = call_any(&app, &method, &concrete(&own), token).await;
            assert_ne!(status, 403, "{what} on their own record: {body}");
            let (status, body) = call_any(&app, &method, &concrete(&anothers), token).await;
            assert_eq!(status, 403, "{what} on the Owner's record: {body}");
            assert_eq!(body["message"].as_str(), Some(entry.own_refusal(summary).as_str()), "{what}");
            checked += 1;
        }
    }
    assert!(checked >= 10, "the walk covers every own-only operation: {checked} pairs");
}

#[tokio::test]
async fn the_document_marks_exactly_the_protected_operations_with_the_bearer_scheme() {
    let document: Value = serde_json::from_str(&atelier_adapters_http::openapi_json()).unwrap();
    assert_eq!(document["components"]["securitySchemes"]["bearerAuth"]["scheme"], "bearer");
    for (template, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let secured = operation.get("security").is_some();
            assert_eq!(secured, !is_public(method, template), "{method} {template}");
        }
    }
}

#[test]
fn the_newsletters_list_export_and_deletes_are_protected_and_only_its_visitor_operations_are_public() {
    let newsletter: Vec<(Method, String)> = operations()
        .into_iter()
        .filter(|(_, template, _)| template.starts_with("/newsletter"))
        .map(|(method, template, _)| (method, template))
        .collect();
    assert_eq!(newsletter.len(), 6, "{newsletter:?}");
    let protected = protected_operations();
    for (method, template) in newsletter {
        let public = matches!(
            (method.as_str(), template.as_str()),
            ("POST", "/newsletter/subscribers" | "/newsletter/confirm" | "/newsletter/unsubscribe")
        );
        assert_eq!(is_public(method.as_str(), &template), public, "{method} {template}");
        let concrete = template.replace("{id}", "65f1c2a9b4e8d70012345678");
        let walked = protected.iter().any(|(m, path)| *m == method && *path == format!("/api{concrete}"));
        assert_eq!(walked, !public, "{method} {template} is walked by the protection tests");
    }
}

#[tokio::test]
async fn public_operations_answer_anonymous_callers_and_ignore_bad_tokens() {
    let app = spawn_app().await;
    for path in ["/api/services", "/api/settings"] {
        let (status, _) = app.anonymous().get_json(path).await;
        assert_eq!(status, 200, "{path}");
        let (status, _) = app.with_token("not-a-token").get_json(path).await;
        assert_eq!(status, 200, "{path} with a stale token");
    }
}
