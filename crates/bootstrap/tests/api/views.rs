//! The public pages' beacon, `POST /api/views`: a view held in memory and stored in a batch, none for
//! a browser that declines tracking or a robot, and a 4xx for anything that is not a beacon.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app};

const FIREFOX: &str = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

async fn beacon(app: &TestApp, user_agent: &str, headers: &[(&str, &str)], body: &Value) -> u16 {
    let mut request = app
        .anonymous()
        .request(Method::POST, "/api/views")
        .header("user-agent", user_agent)
        .header("content-type", "application/json")
        .body(body.to_string());
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    request.send().await.unwrap().status().as_u16()
}

#[tokio::test]
async fn a_beacon_is_held_in_memory_then_stored_in_one_batch() {
    let app = spawn_app().await;
    let view = json!({"path": "/services", "referrer": "duckduckgo.com", "utmSource": "mail", "language": "en-GB"});
    assert_eq!(beacon(&app, FIREFOX, &[], &view).await, 204);
    assert_eq!(beacon(&app, FIREFOX, &[], &json!({"path": "/"})).await, 204);
    assert_eq!(app.page_views.pending(), 2);
    assert_eq!(app.page_views.flush().await.unwrap(), 2);
    assert_eq!(app.page_views.pending(), 0);
    assert_eq!(app.rollup.run().await.unwrap().days, 0, "today is not complete yet");
}

#[tokio::test]
async fn browsers_that_decline_tracking_and_robots_are_answered_but_not_counted() {
    let app = spawn_app().await;
    let view = json!({"path": "/"});
    assert_eq!(beacon(&app, FIREFOX, &[("dnt", "1")], &view).await, 204);
    assert_eq!(beacon(&app, FIREFOX, &[("sec-gpc", "1")], &view).await, 204);
    for robot in [
        "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
        "curl/8.5.0",
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
        "",
    ] {
        assert_eq!(beacon(&app, robot, &[], &view).await, 204, "{robot}");
    }
    assert_eq!(app.page_views.pending(), 0);
    assert_eq!(beacon(&app, FIREFOX, &[("dnt", "0")], &view).await, 204);
    assert_eq!(app.page_views.pending(), 1, "DNT: 0 is no refusal");
}

#[tokio::test]
async fn anything_that_is_not_a_beacon_is_refused_with_a_4xx_and_nothing_is_held() {
    let app = spawn_app().await;
    let hostile = [
        json!({}),
        json!({"path": "//evil.example/"}),
        json!({"path": "https://evil.example/"}),
        json!({"path": "relative"}),
        json!({"path": "/a b"}),
        json!({"path": "/a\u{7f}"}),
        json!({"path": format!("/{}", "a".repeat(600))}),
        json!({"path": 42}),
        json!({"path": "/", "referrer": "https://evil.example/path"}),
        json!({"path": "/", "referrer": "a\u{1}b.com"}),
        json!({"path": "/", "utmSource": "x".repeat(101)}),
        json!({"path": "/", "utmCampaign": ["array"]}),
        json!({"path": "/", "language": "<script>"}),
        json!(["not", "an", "object"]),
    ];
    for body in &hostile {
        let status = beacon(&app, FIREFOX, &[], body).await;
        assert!((400..500).contains(&status), "{body} answers {status}");
    }
    for (content_type, body) in [("application/json", "{not json"), ("text/html", "<p>"), ("application/json", "")] {
        let (status, _) = app.anonymous().send_raw(Method::POST, "/api/views", content_type, body).await;
        assert!((400..500).contains(&status), "{content_type} {body:?} answers {status}");
    }
    assert_eq!(app.page_views.pending(), 0);
}

#[tokio::test]
async fn a_posts_view_count_is_the_beacons_once_per_visitor_and_hour() {
    let app = spawn_app().await;
    let (_, posts) = app.anonymous().get_json("/api/blog/public/posts?limit=1").await;
    let slug = posts["blogs"][0]["slug"].as_str().unwrap().to_owned();
    let path = format!("/api/blog/public/posts/slug/{slug}");
    let (_, before) = app.anonymous().get_json(&path).await;
    let before = before["views"].as_u64().unwrap();
    for user_agent in [FIREFOX, FIREFOX, "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148"] {
        assert_eq!(beacon(&app, user_agent, &[], &json!({"path": format!("/blog/{slug}")})).await, 204);
    }
    app.page_views.flush().await.unwrap();
    // Read by id (uncached): the count went up by the stored batch.
    let (_, after) =
        app.admin().get_json(&format!("/api/blog/posts/{}", posts["blogs"][0]["_id"].as_str().unwrap())).await;
    assert_eq!(after["views"].as_u64().unwrap(), before + 2, "two visitors: {after}");
}

#[tokio::test]
async fn a_lead_keeps_the_page_and_source_that_brought_it_and_shows_them_in_its_export() {
    let app = spawn_app().await;
    let attribution = json!({
        "landingPage": "/blog/shipping-rust", "referrer": "www.news.example.com",
        "utmSource": "Newsletter", "utmCampaign": "winter"
    });
    let mut message = json!({
        "name": "Attributed", "email": "lead@example.com", "subject": "A quote",
        "message": "We would like a quote.", "attribution": attribution
    });
    message["proofOfWork"] = app.proof_of_work().await;
    let (status, created) = app.anonymous().post_json("/api/contacts", &message).await;
    assert_eq!(status, 201, "{created}");
    let id = created["_id"].as_str().unwrap();
    let (_, read) = app.admin().get_json(&format!("/api/contacts/{id}")).await;
    assert_eq!(
        read["attribution"],
        json!({"landingPage": "/blog/shipping-rust", "referrer": "news.example.com", "utmSource": "newsletter",
               "utmMedium": null, "utmCampaign": "winter"}),
        "{read}"
    );
    // An update never changes it.
    let changed = json!({"notes": "Called", "attribution": {"landingPage": "/other"}});
    let (status, updated) = app.admin().put_json(&format!("/api/contacts/{id}"), &changed).await;
    assert_eq!(status, 200, "{updated}");
    let (_, read) = app.admin().get_json(&format!("/api/contacts/{id}")).await;
    assert_eq!(read["attribution"]["landingPage"], "/blog/shipping-rust");

    let mut request = json!({
        "clientName": "Ana", "companyName": "Acme", "email": "ana@acme.example", "projectType": "web-app",
        "budget": "5k-10k", "timeline": "asap", "description": "A new site",
        "attribution": {"landingPage": "/services"}
    });
    request["proofOfWork"] = app.proof_of_work().await;
    let (status, created) = app.anonymous().post_json("/api/project-requests", &request).await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["attribution"]["landingPage"], "/services", "{created}");
    assert_eq!(created["attribution"]["referrer"], Value::Null);

    let response = app.admin().request(Method::GET, "/api/contacts/export?search=attributed").send().await.unwrap();
    let text = response.text().await.unwrap();
    let mut lines = text.trim_start_matches('\u{feff}').lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let row = lines.next().unwrap();
    for column in ["Landing Page", "Referrer", "UTM Source", "UTM Medium", "UTM Campaign"] {
        assert!(header.contains(&column), "{column} in {header:?}");
    }
    assert!(row.contains("/blog/shipping-rust,news.example.com,newsletter,,winter"), "{row}");
}

#[tokio::test]
async fn a_leads_attribution_that_is_not_what_the_beacon_sends_is_refused_naming_the_field() {
    let app = spawn_app().await;
    let mut message = json!({
        "name": "Hostile", "email": "lead@example.com", "subject": "A quote", "message": "Hello there.",
        "attribution": {"landingPage": "https://evil.example/", "utmSource": "x".repeat(101)}
    });
    message["proofOfWork"] = app.proof_of_work().await;
    let (status, body) = app.anonymous().post_json("/api/contacts", &message).await;
    assert_eq!(status, 422, "{body}");
    assert!(body.to_string().contains("attribution"), "{body}");
}
