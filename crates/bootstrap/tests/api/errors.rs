use reqwest::Method;

use crate::helpers::spawn_app;

#[tokio::test]
async fn unknown_api_paths_answer_a_json_404_never_html() {
    let app = spawn_app().await;
    for path in ["/api/nope", "/api/", "/api", "/api/services/featured/extra", "/api/../api/nope"] {
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
async fn a_method_a_route_does_not_take_is_a_405() {
    let app = spawn_app().await;
    let (status, body) = app.admin().patch_json("/api/services", &serde_json::json!({})).await;
    assert_eq!(status, 405, "{body}");
    let (status, _) = app.admin().send_raw(Method::POST, "/api/services/featured", "application/json", "{}").await;
    assert_eq!(status, 405);
}

#[tokio::test]
async fn every_response_carries_a_request_id_and_security_headers() {
    let app = spawn_app().await;
    let response = app.get("/api/services").await;
    let headers = response.headers();
    assert_eq!(headers["x-request-id"].len(), 36);
    assert_eq!(headers["x-content-type-options"], "nosniff");
    assert_eq!(headers["x-frame-options"], "DENY");
}
