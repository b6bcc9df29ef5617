//! `/api/insights`: the statistics through HTTP, for the roles that may read them, with a clear 4xx
//! for every range or parameter that is not one.

use reqwest::Method;
use serde_json::json;

use crate::helpers::{TestApp, spawn_app};

const FIREFOX: &str = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

async fn visit(app: &TestApp, path: &str, referrer: Option<&str>) {
    let status = app
        .anonymous()
        .request(Method::POST, "/api/views")
        .header("user-agent", FIREFOX)
        .header("content-type", "application/json")
        .body(json!({"path": path, "referrer": referrer}).to_string())
        .send()
        .await
        .unwrap()
        .status();
    assert_eq!(status, 204);
}

#[tokio::test]
async fn todays_views_and_leads_show_in_the_range_the_top_lists_and_the_file() {
    let app = spawn_app().await;
    let (_, posts) = app.anonymous().get_json("/api/blog/public/posts?limit=1").await;
    let (slug, id) = (posts["blogs"][0]["slug"].as_str().unwrap(), posts["blogs"][0]["_id"].as_str().unwrap());
    visit(&app, "/", Some("news.example.com")).await;
    visit(&app, &format!("/blog/{slug}"), None).await;
    app.page_views.flush().await.unwrap();
    let mut message = json!({
        "name": "Attributed", "email": "lead@example.com", "subject": "A quote", "message": "We would like a quote.",
        "attribution": {"landingPage": "/", "referrer": "news.example.com"}
    });
    message["proofOfWork"] = app.proof_of_work().await;
    assert_eq!(app.anonymous().post_json("/api/contacts", &message).await.0, 201);

    let (status, insights) = app.admin().get_json("/api/insights").await;
    assert_eq!(status, 200, "{insights}");
    assert_eq!(insights["current"]["days"].as_array().unwrap().len(), 30, "the last 30 days by default");
    let today = insights["current"]["days"].as_array().unwrap().last().unwrap().clone();
    assert_eq!((today["visitors"].as_u64(), today["views"].as_u64()), (Some(1), Some(2)), "{today}");
    assert!(today["leads"].as_u64().unwrap() >= 1, "{today}");
    assert_eq!(insights["current"]["totals"]["views"], 2);
    assert_eq!(insights["previous"]["totals"]["views"], 0);
    assert_eq!(insights["change"]["views"], serde_json::Value::Null, "nothing to compare with");
    assert_eq!(insights["posts"][0]["slug"], slug);
    // The leads in the landing pages' table and those without a recorded visit add up to the range's.
    let tabled: u64 =
        insights["landingPages"].as_array().unwrap().iter().map(|row| row["leads"].as_u64().unwrap()).sum();
    assert_eq!(
        tabled + insights["unattributedLeads"].as_u64().unwrap(),
        insights["current"]["totals"]["leads"].as_u64().unwrap()
    );
    assert!(insights["posts"][0]["title"].is_string());
    assert_eq!(
        insights["referrers"].as_array().unwrap().iter().filter(|row| row["value"] == "news.example.com").count(),
        1
    );
    assert_eq!(insights["landingPages"][0]["value"], "/");
    assert_eq!(insights["landingPages"][0]["visitors"], 1);
    assert_eq!(insights["devices"][0]["value"], "desktop");

    let (status, figures) = app.admin().get_json(&format!("/api/insights/posts/{id}")).await;
    assert_eq!(status, 200, "{figures}");
    assert_eq!(figures["current"]["totals"]["views"], 1);
    let (_, list) = app.admin().get_json("/api/insights/posts").await;
    assert_eq!(list["posts"], json!([{"slug": slug, "views": 1, "visitors": 1}]));

    let response = app.admin().request(Method::GET, "/api/insights/export").send().await.unwrap();
    assert_eq!(response.status().as_u16(), 200);
    assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/csv"));
    let file = response.text().await.unwrap();
    assert!(file.starts_with("\u{feff}Section,Item,Visitors,Views,Leads,Conversion rate\r\n"), "{file}");
    assert!(file.contains("\r\npage,/,1,1,,\r\n"), "{file}");
    assert!(file.contains("\r\nlanding page,/,1,,1,100\r\n"), "{file}");
    let unattributed = insights["unattributedLeads"].as_u64().unwrap();
    assert!(file.ends_with(&format!("\r\nleads without a recorded visit,,,,{unattributed},\r\n")), "{file}");
}

#[tokio::test]
async fn administrators_editors_and_sales_read_the_statistics_and_no_one_else() {
    let app = spawn_app().await;
    let (_, posts) = app.anonymous().get_json("/api/blog/public/posts?limit=1").await;
    let id = posts["blogs"][0]["_id"].as_str().unwrap().to_owned();
    let paths = [
        "/api/insights".to_owned(),
        "/api/insights/export".to_owned(),
        "/api/insights/posts".to_owned(),
        format!("/api/insights/posts/{id}"),
    ];
    for role in ["administrator", "editor", "sales", "author", "contributor"] {
        let token = app.role_token(role).await;
        let allowed = matches!(role, "administrator" | "editor" | "sales");
        for path in &paths {
            let status = app.with_token(&token).request(Method::GET, path).send().await.unwrap().status().as_u16();
            assert_eq!(status, if allowed { 200 } else { 403 }, "{role} {path}");
        }
    }
    for path in &paths {
        assert_eq!(app.anonymous().request(Method::GET, path).send().await.unwrap().status().as_u16(), 401, "{path}");
    }
}

#[tokio::test]
async fn a_range_that_is_not_one_is_refused_with_a_4xx_never_a_500() {
    let app = spawn_app().await;
    let today = chrono::Utc::now().date_naive();
    let unprocessable = [
        "from=2026-01-07&to=2026-01-01".to_owned(),
        "from=2020-01-01&to=2023-01-02".to_owned(),
        "from=2026-01-01".to_owned(),
        "to=2026-01-01".to_owned(),
        "from[]=1&to=2026-01-01".to_owned(),
        format!("from={0}&to={0}", today + chrono::Days::new(2)),
    ];
    for query in &unprocessable {
        for path in ["/api/insights", "/api/insights/export", "/api/insights/posts"] {
            let (status, body) = app.admin().get_json(&format!("{path}?{query}")).await;
            assert_eq!(status, 422, "{path}?{query}: {body}");
        }
    }
    let bad = [
        "from=yesterday&to=today",
        "from=2026-02-30&to=2026-03-01",
        "from=2026-01-01T00:00:00Z&to=2026-01-02",
        "from=%00&to=%FF",
        "from=99999999999-01-01&to=2026-01-01",
    ];
    for query in bad {
        for path in ["/api/insights", "/api/insights/export", "/api/insights/posts"] {
            let (status, body) = app.admin().get_json(&format!("{path}?{query}")).await;
            assert_eq!(status, 400, "{path}?{query}: {body}");
        }
    }
    for id in ["nope", "000000000000000000000000", "%2e%2e"] {
        let (status, body) = app.admin().get_json(&format!("/api/insights/posts/{id}")).await;
        assert_eq!(status, 404, "{id}: {body}");
    }
    let (status, _) = app.admin().get_json("/api/insights?from=2026-01-01&to=2026-01-07").await;
    assert_eq!(status, 200);
}
