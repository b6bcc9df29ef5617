//! What a cached answer is keyed by, as a class: every input its body depends on (the site's
//! address, the path, the query parameters its operation reads) and nothing else. Request headers,
//! unknown parameters, their order and spelling never change a stored body nor make an entry of
//! their own, and the host of one request never shows in the answer to another.

use reqwest::Method;
use serde_json::Value;

use crate::helpers::{TestApp, spawn_app, spawn_app_with, write_prerendered_pages};

/// Request headers an attacker may send, none of which a cached answer depends on.
const HEADERS: [(&str, &str); 16] = [
    ("accept-language", "fr-FR,fr;q=0.9"),
    ("x-forwarded-host", "evil.example"),
    ("x-forwarded-proto", "https"),
    ("x-forwarded-port", "8443"),
    ("x-forwarded-for", "203.0.113.9"),
    ("forwarded", "for=203.0.113.9;host=evil.example;proto=https"),
    ("x-host", "evil.example"),
    ("x-original-url", "/api/settings"),
    ("x-rewrite-url", "/api/settings"),
    ("x-http-method-override", "DELETE"),
    ("origin", "https://evil.example"),
    ("referer", "https://evil.example/page"),
    ("cookie", "session=evil"),
    ("user-agent", "evil.example-bot"),
    ("accept", "text/html"),
    ("if-none-match", "\"evil\""),
];

/// Query strings an operation does not read, to add to its own.
const UNKNOWN_PARAMETERS: [&str; 5] =
    ["utm_source=evil.example", "cachebust=1", "cachebust=2", "PATH=/evil", "x=%7B%7D"];

/// The public, cacheable reads of the document with a path on the demo content (path parameters
/// resolved to real records) and the query their required parameters need.
async fn cached_reads(app: &TestApp) -> Vec<String> {
    let (_, document) = app.get_json("/api/openapi.json").await;
    let mut reads = Vec::new();
    for (template, item) in document["paths"].as_object().unwrap() {
        let Some(operation) = item.get("get") else { continue };
        // The probes and the proof-of-work challenge are never stored: each call answers afresh.
        if operation.get("security").is_some()
            || atelier_adapters_http::access::UNCACHED_PUBLIC_READS.contains(&template.as_str())
        {
            continue;
        }
        let mut path = String::from("/api");
        for segment in template.split('/').filter(|segment| !segment.is_empty()) {
            path.push('/');
            match segment {
                "{type}" => path.push_str("about"),
                "{slug}" | "{id}" => {
                    let parent = path.trim_end_matches('/').trim_end_matches("/slug");
                    let (_, list) = app.get_json(parent).await;
                    let first = match &list {
                        Value::Array(items) => items.first(),
                        Value::Object(fields) => fields.values().find_map(|value| value.as_array()?.first()),
                        _ => None,
                    };
                    let key = if segment == "{slug}" { "slug" } else { "_id" };
                    path.push_str(first.and_then(|record| record[key].as_str()).expect("a record to read"));
                }
                _ => path.push_str(segment),
            }
        }
        if template == "/site/head" {
            path.push_str("?path=/blog");
        }
        reads.push(path);
    }
    reads
}

async fn body(app: &TestApp, path: &str, headers: &[(&str, &str)]) -> (u16, String) {
    let mut request = app.anonymous().request(Method::GET, path);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = request.send().await.unwrap();
    (response.status().as_u16(), response.text().await.unwrap())
}

fn with(path: &str, query: &str) -> String {
    format!("{path}{}{query}", if path.contains('?') { '&' } else { '?' })
}

#[tokio::test]
async fn every_cached_read_answers_the_same_bytes_whatever_the_headers_and_unknown_parameters() {
    let app = spawn_app().await;
    let reads = cached_reads(&app).await;
    assert!(reads.len() >= 20, "{reads:?}");
    let port = app.address.rsplit(':').next().unwrap().to_owned();
    let same_host = format!("127.0.0.1.:{port}");
    for path in &reads {
        let (status, stored) = body(&app, path, &[]).await;
        if status != 200 {
            continue;
        }
        for header in HEADERS.iter().copied().chain([("host", same_host.as_str())]) {
            let (status, answer) = body(&app, path, &[header]).await;
            assert_eq!((status, &answer), (200, &stored), "{path} with {header:?}");
        }
        for query in UNKNOWN_PARAMETERS {
            let (status, answer) = body(&app, &with(path, query), &[]).await;
            assert_eq!((status, &answer), (200, &stored), "{path} with {query}");
        }
        assert!(!stored.contains("evil.example"), "{path}: {stored}");
    }
    // A parameter the operation reads, spelled and ordered differently, is the same request.
    let (_, plain) = body(&app, "/api/site/head?path=/blog/a%20b", &[]).await;
    for spelling in ["?%70ath=%2Fblog%2Fa+b", "?utm=1&path=/blog/a%20b", "?path=/blog/a+b&"] {
        assert_eq!(body(&app, &format!("/api/site/head{spelling}"), &[]).await.1, plain, "{spelling}");
    }
}

#[tokio::test]
async fn unknown_parameters_and_headers_make_no_entries_of_their_own() {
    let app = spawn_app().await;
    let list = "/api/blog/public/posts";
    let (_, stored) = body(&app, list, &[]).await;
    let posts: Value = serde_json::from_str(&stored).unwrap();
    let slug = posts["blogs"][0]["slug"].as_str().unwrap();
    // A counted view does not move the content generation: stored lists keep the old count until
    // they are computed again, which is what tells a stored answer from a computed one.
    let (status, _) =
        app.anonymous().post_json(&format!("/api/blog/public/posts/slug/{slug}/view"), &Value::Null).await;
    assert_eq!(status, 200);
    for query in ["?utm_source=x", "?cachebust=7&Page=2", "?&"] {
        let (_, answer) = body(&app, &format!("{list}{query}"), &[("x-forwarded-host", "evil.example")]).await;
        assert_eq!(answer, stored, "{query} is answered from the stored entry");
    }
    let (_, computed) = body(&app, &format!("{list}?page=1"), &[]).await;
    assert_ne!(computed, stored, "a parameter the list reads is another entry, computed with the new count");
}

/// The site's address as each kind of answer shows it, asked with `host`.
async fn answers_for(app: &TestApp, host: &str) -> Vec<(String, u16, String)> {
    let mut answers = Vec::new();
    for path in
        ["/api/site/head?path=/", "/api/site/head?path=/blog", "/", "/blog", "/rss.xml", "/sitemap.xml", "/robots.txt"]
    {
        let (status, text) = body(app, path, &[("host", host)]).await;
        answers.push((path.to_owned(), status, text));
    }
    answers
}

#[tokio::test]
async fn the_host_of_one_request_never_appears_in_the_answer_to_another() {
    let app =
        spawn_app_with(|config| config.allowed_hosts = vec!["studio.example".into(), "www.studio.example".into()])
            .await;
    write_prerendered_pages(&app);
    for (path, status, text) in answers_for(&app, "evil.example").await {
        assert_eq!(status, 400, "{path}: {text}");
    }
    for (path, status, text) in answers_for(&app, "Studio.Example.:80").await {
        assert_eq!(status, 200, "{path}");
        assert!(text.contains("http://studio.example/"), "{path} names the host asked for: {text}");
        assert!(!text.contains("evil.example"), "{path}: {text}");
    }
    for (path, status, text) in answers_for(&app, "evil.example").await {
        assert_eq!(status, 400, "{path}, once stored for an allowed host: {text}");
    }
    for (path, status, text) in answers_for(&app, "www.studio.example").await {
        assert_eq!(status, 200, "{path}");
        assert!(text.contains("http://www.studio.example/"), "{path}: {text}");
        assert!(!text.contains("//studio.example"), "{path} never shows another request's host: {text}");
    }
    let (_, about) = body(&app, "/about", &[]).await;
    for spelling in ["/About", "/ABOUT", "/about?utm_source=x"] {
        assert_eq!(body(&app, spelling, &[("x-forwarded-host", "evil.example")]).await.1, about, "{spelling}");
    }
    let (status, _) = body(&app, "/api/health", &[("host", "10.0.0.7")]).await;
    assert_eq!(status, 200, "the probes answer by address");

    // With the public address set, every answer names it, whatever the host asked for.
    let app = spawn_app_with(|config| config.public_url = Some("https://studio.example".into())).await;
    write_prerendered_pages(&app);
    for host in ["localhost", "STUDIO.example"] {
        for (path, status, text) in answers_for(&app, host).await {
            assert_eq!(status, 200, "{path}");
            assert!(text.contains("https://studio.example/"), "{path}: {text}");
            assert!(!text.contains("//localhost"), "{path}: {text}");
        }
    }
    // Every answer is stored by now: a host not allowed is still refused, never answered from them.
    for (path, status, text) in answers_for(&app, "www.studio.example").await {
        assert_eq!(status, 400, "{path}: only the public address's own host: {text}");
    }
}
