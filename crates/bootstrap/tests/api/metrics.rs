//! `/metrics`: off unless configured; on the main listener only with the bearer token; on a
//! listener of its own without one; the series a dashboard reads.

use crate::helpers::{spawn_app, spawn_app_with};

const TOKEN: &str = "scrape-token-0123456789abcdef";

#[tokio::test]
async fn metrics_are_not_served_unless_configured() {
    let app = spawn_app().await;
    for authorization in [None, Some(format!("Bearer {TOKEN}"))] {
        let mut request = app.client.get(format!("{}/metrics", app.address));
        if let Some(value) = authorization {
            request = request.header("authorization", value);
        }
        let response = request.send().await.unwrap();
        assert_eq!(response.status(), 404);
        let body = response.text().await.unwrap();
        assert!(!body.contains("atelier_http_requests_total"), "{body}");
    }
    assert_eq!(app.metrics_port, None);
}

#[tokio::test]
async fn the_main_listener_serves_metrics_only_with_the_right_token() {
    let app = spawn_app_with(|config| {
        config.observability.metrics_token = Some(TOKEN.to_owned().into());
    })
    .await;
    // Some traffic: a post read twice (the second from the cache) and a slug that names no post.
    let slug = "designing-apis-people-enjoy-using";
    for _ in 0..2 {
        let post = app.client.get(app.url(&format!("/api/blog/public/posts/slug/{slug}"))).send().await.unwrap();
        assert_eq!(post.status(), 200);
    }
    let hostile = app.client.get(app.url("/api/blog/public/posts/slug/%3Cnot-a-post%3E")).send().await.unwrap();
    assert_eq!(hostile.status(), 404);

    let scrape = |authorization: Option<String>| {
        let mut request = app.client.get(format!("{}/metrics", app.address));
        if let Some(value) = authorization {
            request = request.header("authorization", value);
        }
        request.send()
    };
    for wrong in [None, Some(format!("Bearer {TOKEN}x")), Some(format!("Basic {TOKEN}")), Some(TOKEN.to_owned())] {
        let response = scrape(wrong.clone()).await.unwrap();
        assert_eq!(response.status(), 401, "{wrong:?}");
        assert_eq!(response.headers()["www-authenticate"], "Bearer");
        assert!(!response.text().await.unwrap().contains("atelier_"), "{wrong:?}");
    }

    let response = scrape(Some(format!("Bearer {TOKEN}"))).await.unwrap();
    assert_eq!(response.status(), 200);
    assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/plain; version=0.0.4"));
    assert_eq!(response.headers()["cache-control"], "no-store");
    let text = response.text().await.unwrap();
    // Requests by route pattern, never by the path sent.
    assert!(
        text.contains(
            r#"atelier_http_requests_total{method="GET",route="/api/blog/public/posts/slug/{slug}",status="200"} 2"#
        ),
        "{text}"
    );
    assert!(
        text.contains(
            r#"atelier_http_requests_total{method="GET",route="/api/blog/public/posts/slug/{slug}",status="404"} 1"#
        ),
        "{text}"
    );
    assert!(!text.contains("not-a-post") && !text.contains(slug), "{text}");
    assert!(text.contains(
        r#"atelier_http_request_duration_seconds_bucket{method="GET",route="/api/blog/public/posts/slug/{slug}""#
    ));
    // The cache: the post's second read was a hit.
    assert!(text.contains(r#"atelier_response_cache_lookups_total{kind="api",result="hit"}"#), "{text}");
    assert!(text.contains(r#"atelier_response_cache_lookups_total{kind="api",result="miss"}"#), "{text}");
    // The database, the queues and the build.
    assert!(text.contains(r#"atelier_db_statement_duration_seconds_count{outcome="ok"}"#), "{text}");
    assert!(text.contains(r#"atelier_db_pool_connections{state="idle"}"#), "{text}");
    assert!(text.contains("atelier_db_pool_max_connections 8"), "{text}");
    assert!(text.contains(r#"atelier_mail_outbox{status="pending"} 0"#), "{text}");
    assert!(text.contains(r#"atelier_webhook_deliveries{status="failed"} 0"#), "{text}");
    let version = env!("CARGO_PKG_VERSION");
    assert!(text.contains(r#"atelier_build_info{commit=""#), "{text}");
    assert!(text.contains(&format!(r#"version="{version}"}} 1"#)), "{text}");
}

#[tokio::test]
async fn a_metrics_address_serves_them_on_a_listener_of_their_own() {
    let app = spawn_app_with(|config| {
        config.observability.metrics_address = Some("127.0.0.1:0".parse().unwrap());
    })
    .await;
    let port = app.metrics_port.expect("a metrics listener");
    assert_ne!(format!("http://127.0.0.1:{port}"), app.address);
    let page = app.client.get(format!("{}/api/health", app.address)).send().await.unwrap();
    assert_eq!(page.status(), 200);

    let response = app.client.get(format!("http://127.0.0.1:{port}/metrics")).send().await.unwrap();
    assert_eq!(response.status(), 200);
    let text = response.text().await.unwrap();
    assert!(text.contains(r#"route="/api/health",status="200"} 1"#), "{text}");
    let other = app.client.get(format!("http://127.0.0.1:{port}/api/health")).send().await.unwrap();
    assert_eq!(other.status(), 404);
    // Without a token the main listener does not serve them.
    let main = app.client.get(format!("{}/metrics", app.address)).send().await.unwrap();
    assert_eq!(main.status(), 404);
}
