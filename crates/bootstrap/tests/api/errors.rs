use reqwest::Method;

use crate::helpers::{json_of, spawn_app, spawn_app_with};

#[tokio::test]
async fn unknown_api_paths_answer_a_json_404_never_html() {
    let app = spawn_app().await;
    for path in [
        "/api/nope",
        "/api/",
        "/api",
        "/api/services/featured/extra",
        "/api/../api/nope",
        "/api/blog/nope",
        "/api/blogs",
        "/api/views/",
        "/api/site",
    ] {
        let (status, body) = app.get_json(path).await;
        assert_eq!(status, 404, "{path}");
        assert!(body["message"].is_string(), "{path}: {body}");
    }
}

#[tokio::test]
async fn an_unparseable_body_is_a_400_and_a_non_json_body_a_415() {
    let app = spawn_app().await;
    let (status, body) = app.admin().send_raw(Method::POST, "/api/services", "application/json", "{\"title\": ").await;
    assert_eq!(status, 400, "{body}");
    let (status, _) = app.admin().send_raw(Method::POST, "/api/services", "application/json", "").await;
    assert_eq!(status, 400);
    let (status, body) = app.admin().send_raw(Method::POST, "/api/services", "text/plain", "{\"title\": \"x\"}").await;
    assert_eq!(status, 415, "{body}");
    let (status, _) =
        app.admin().send_raw(Method::PUT, "/api/settings", "application/x-www-form-urlencoded", "a=b").await;
    assert_eq!(status, 415);
}

#[tokio::test]
async fn a_body_of_the_wrong_shape_is_a_422() {
    let app = spawn_app().await;
    for body in ["[]", "42", "\"title\"", "null"] {
        let (status, answer) = app.admin().send_raw(Method::POST, "/api/services", "application/json", body).await;
        assert_eq!(status, 422, "{body}: {answer}");
    }
}

#[tokio::test]
async fn an_oversized_body_is_a_413() {
    let app = spawn_app().await;
    let huge = format!("{{\"title\": \"{}\"}}", "x".repeat(2 * 1024 * 1024));
    let (status, body) = app.admin().send_raw(Method::POST, "/api/services", "application/json", &huge).await;
    assert_eq!(status, 413, "{body}");
}

#[tokio::test]
async fn unparseable_query_parameters_are_a_400() {
    let app = spawn_app().await;
    for query in ["limit=abc", "page=1.5", "featured=maybe", "status=published"] {
        let (status, body) = app.get_json(&format!("/api/services?{query}")).await;
        assert_eq!(status, 400, "{query}: {body}");
    }
}

#[tokio::test]
async fn a_method_a_route_does_not_take_is_a_405_with_allow_before_any_authentication() {
    let app = spawn_app().await;
    let (status, body) = app.admin().patch_json("/api/services", &serde_json::json!({})).await;
    assert_eq!(status, 405, "{body}");
    let (status, _) = app.admin().send_raw(Method::POST, "/api/services/featured", "application/json", "{}").await;
    assert_eq!(status, 405);
    let trace = Method::from_bytes(b"TRACE").unwrap();
    for (method, path, allow) in [
        (trace.clone(), "/api/contacts/65f1c2a9b4e8d70012345678", "GET, HEAD, PUT, DELETE"),
        (Method::PATCH, "/api/settings", "GET, HEAD, PUT"),
        (Method::OPTIONS, "/api/blog/categories", "GET, HEAD, POST"),
        (Method::GET, "/api/auth/login", "POST"),
        (trace, "/api/services", "GET, HEAD, POST"),
    ] {
        for caller in [app.anonymous(), app.with_token("not-a-token")] {
            let response = caller.request(method.clone(), path).send().await.unwrap();
            assert_eq!(response.status(), 405, "{method} {path}");
            assert_eq!(response.headers()["allow"], allow, "{method} {path}");
            let (_, body) = json_of(response).await;
            assert!(body["message"].is_string(), "{method} {path}: {body}");
        }
    }
}

#[tokio::test]
async fn head_answers_as_get_without_a_body() {
    let app = spawn_app().await;
    for path in ["/api/services", "/api/services/featured", "/api/settings", "/api/health", "/api/openapi.json", "/"] {
        let get = app.get(path).await;
        let head = app.anonymous().request(Method::HEAD, path).send().await.unwrap();
        assert_eq!(head.status(), get.status(), "{path}");
        assert_eq!(head.headers().get("content-type"), get.headers().get("content-type"), "{path}");
        assert!(head.bytes().await.unwrap().is_empty(), "{path}");
    }
    let head = app.anonymous().request(Method::HEAD, "/api/contacts").send().await.unwrap();
    assert_eq!(head.status(), 401, "a protected read stays protected");
    let head = app.admin().request(Method::HEAD, "/api/contacts").send().await.unwrap();
    assert_eq!(head.status(), 200);
}

#[tokio::test]
async fn every_response_carries_a_request_id_and_security_headers() {
    let app = spawn_app().await;
    let response = app.get("/api/services").await;
    let headers = response.headers();
    assert_eq!(headers["x-request-id"].len(), 36);
    assert_eq!(headers["x-content-type-options"], "nosniff");
    assert_eq!(headers["x-frame-options"], "DENY");
    assert!(headers["permissions-policy"].to_str().unwrap().contains("camera=()"));
    assert!(headers.get("strict-transport-security").is_none(), "not without HTTPS");
}

#[tokio::test]
async fn every_answer_carries_a_content_security_policy_for_its_kind() {
    let app = spawn_app().await;
    for path in ["/api/services", "/api/nope", "/uploads/nothing.png"] {
        let response = app.get(path).await;
        let policy = response.headers()["content-security-policy"].to_str().unwrap().to_owned();
        assert!(policy.starts_with("default-src 'none'"), "{path}: {policy}");
        assert!(policy.contains("frame-ancestors 'none'"), "{path}: {policy}");
    }
    let docs = app.get("/api/docs/").await;
    let policy = docs.headers()["content-security-policy"].to_str().unwrap();
    assert!(policy.contains("script-src 'self';") && policy.contains("img-src 'self' data:"), "{policy}");
}

#[tokio::test]
async fn a_site_served_over_https_tells_browsers_to_keep_to_it() {
    let app = spawn_app_with(|config| config.public_url = Some("https://studio.example".into())).await;
    let response = app.get("/api/health").await;
    assert_eq!(response.headers()["strict-transport-security"], "max-age=31536000; includeSubDomains");
}
