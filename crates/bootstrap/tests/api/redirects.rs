//! Redirects: the CRUD of `/api/redirects`, and the site answering them where it has no page.

use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app, write_prerendered_pages};

/// A demo post that is published.
const POST: &str = "/blog/designing-apis-people-enjoy-using";

async fn app_with_pages() -> TestApp {
    let app = spawn_app().await;
    write_prerendered_pages(&app);
    app
}

async fn add(app: &TestApp, from: &str, to: &str) -> Value {
    let (status, body) = app.admin().post_json("/api/redirects", &json!({"from": from, "to": to})).await;
    assert_eq!(status, 201, "{body}");
    body
}

/// The status, `Location` and `Cache-Control` of an anonymous request.
async fn answer(app: &TestApp, method: reqwest::Method, path: &str) -> (u16, Option<String>, Option<String>) {
    let response = app.anonymous().request(method, path).send().await.unwrap();
    let header = |name: &str| response.headers().get(name).map(|value| value.to_str().unwrap().to_owned());
    (response.status().as_u16(), header("location"), header("cache-control"))
}

#[tokio::test]
async fn the_demo_sites_old_addresses_lead_to_their_pages() {
    let app = app_with_pages().await;
    let (status, location, _) = answer(&app, reqwest::Method::GET, "/2019/05/designing-apis/").await;
    assert_eq!((status, location.as_deref()), (301, Some(POST)));
    let (status, location, _) = answer(&app, reqwest::Method::GET, "/services/web-development.html").await;
    assert_eq!((status, location.as_deref()), (301, Some("/services")));
}

#[tokio::test]
async fn an_old_post_address_answers_301_to_its_new_one_in_any_spelling() {
    let app = app_with_pages().await;
    let created = add(&app, "https://old.example/2016/01/designing-apis/", POST).await;
    assert_eq!(created["from"], "/2016/01/designing-apis");
    assert_eq!((created["status"].as_u64(), created["hits"].as_u64()), (Some(301), Some(0)));

    for spelling in ["/2016/01/designing-apis", "/2016/01/designing-apis/", "/2016/01/design%69ng-apis?utm_source=x"] {
        let (status, location, caching) = answer(&app, reqwest::Method::GET, spelling).await;
        assert_eq!((status, location.as_deref()), (301, Some(POST)), "{spelling}");
        assert_eq!(caching.as_deref(), Some("no-cache"));
    }
    let (status, location, _) = answer(&app, reqwest::Method::HEAD, "/2016/01/designing-apis").await;
    assert_eq!((status, location.as_deref()), (301, Some(POST)));
    // Paths are case-sensitive.
    assert_eq!(answer(&app, reqwest::Method::GET, "/2016/01/Designing-APIs").await.0, 404);
    // Another status, a file's address, an absolute target.
    let id = created["_id"].as_str().unwrap();
    let (status, body) = app.admin().put_json(&format!("/api/redirects/{id}"), &json!({"status": 307})).await;
    assert_eq!(status, 200, "{body}");
    add(&app, "/old-page.html", "https://example.com/new?x=1").await;
    assert_eq!(answer(&app, reqwest::Method::GET, "/2016/01/designing-apis").await.0, 307);
    let (status, location, _) = answer(&app, reqwest::Method::GET, "/old-page.html").await;
    assert_eq!((status, location.as_deref()), (301, Some("https://example.com/new?x=1")));
    // A write is not a read: the site's pages take only GET and HEAD.
    assert_ne!(answer(&app, reqwest::Method::POST, "/2016/01/designing-apis").await.0, 307);
}

#[tokio::test]
async fn a_redirect_never_shadows_a_page_that_exists() {
    let app = app_with_pages().await;
    add(&app, &format!("{POST}/"), "/blog/elsewhere").await;
    add(&app, "/project/a-project-that-does-not-exist", "/portfolio").await;
    let (status, location, _) = answer(&app, reqwest::Method::GET, POST).await;
    assert_eq!((status, location), (200, None));
    assert_eq!(answer(&app, reqwest::Method::GET, &format!("{POST}/")).await.0, 200);
    let (status, location, _) = answer(&app, reqwest::Method::GET, "/project/a-project-that-does-not-exist").await;
    assert_eq!((status, location.as_deref()), (301, Some("/portfolio")));

    // Once the post is a draft, its address has no page: the redirect answers.
    let (_, post) = app.get_json(&format!("/api/blog/public/posts/slug{}", &POST["/blog".len()..])).await;
    let path = format!("/api/blog/posts/{}", post["_id"].as_str().unwrap());
    let (status, body) = app.admin().put_json(&path, &json!({"status": "draft"})).await;
    assert_eq!(status, 200, "{body}");
    let (status, location, _) = answer(&app, reqwest::Method::GET, POST).await;
    assert_eq!((status, location.as_deref()), (301, Some("/blog/elsewhere")));
}

#[tokio::test]
async fn renaming_a_published_posts_slug_redirects_its_old_address_to_the_new_one() {
    let app = app_with_pages().await;
    add(&app, "/2016/01/designing-apis", POST).await;
    let (_, post) = app.get_json(&format!("/api/blog/public/posts/slug{}", &POST["/blog".len()..])).await;
    let path = format!("/api/blog/posts/{}", post["_id"].as_str().unwrap());
    let (status, body) = app.admin().put_json(&path, &json!({"slug": "apis-people-enjoy"})).await;
    assert_eq!(status, 200, "{body}");

    let (status, location, _) = answer(&app, reqwest::Method::GET, POST).await;
    assert_eq!((status, location.as_deref()), (301, Some("/blog/apis-people-enjoy")));
    assert_eq!(answer(&app, reqwest::Method::GET, "/blog/apis-people-enjoy").await.0, 200);
    // No chain: the older redirect leads straight to the new address too.
    let (status, location, _) = answer(&app, reqwest::Method::GET, "/2016/01/designing-apis").await;
    assert_eq!((status, location.as_deref()), (301, Some("/blog/apis-people-enjoy")));

    let (status, list) = app.admin().get_json("/api/redirects?search=apis-people").await;
    assert_eq!(status, 200, "{list}");
    let pairs: Vec<(String, String)> = list["redirects"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["from"].as_str().unwrap().to_owned(), r["to"].as_str().unwrap().to_owned()))
        .collect();
    assert_eq!(
        pairs,
        [
            ("/2016/01/designing-apis".to_owned(), "/blog/apis-people-enjoy".to_owned()),
            ("/2019/05/designing-apis".to_owned(), "/blog/apis-people-enjoy".to_owned()),
            (POST.to_owned(), "/blog/apis-people-enjoy".to_owned())
        ]
    );

    // Renamed back: the first address is a page again, and no redirect is left from it.
    let (status, body) = app.admin().put_json(&path, &json!({"slug": &POST["/blog/".len()..]})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(answer(&app, reqwest::Method::GET, POST).await.0, 200);
    let (status, location, _) = answer(&app, reqwest::Method::GET, "/blog/apis-people-enjoy").await;
    assert_eq!((status, location.as_deref()), (301, Some(POST)));
}

#[tokio::test]
async fn hostile_addresses_are_refused_with_the_fields_message() {
    let app = app_with_pages().await;
    let long = format!("/{}", "a".repeat(3000));
    for (from, to, field) in [
        ("/old", "//evil.example", "to"),
        ("/old", "//evil.example/path", "to"),
        ("/old", "/\\evil.example", "to"),
        ("/old", "https://user:secret@evil.example/", "to"),
        ("/old", "javascript:alert(1)", "to"),
        ("/old", "evil.example", "to"),
        ("/old", "/a/../../etc", "to"),
        ("/old", long.as_str(), "to"),
        ("/api/blog", "/blog", "from"),
        ("/Admin/x", "/blog", "from"),
        ("/", "/blog", "from"),
        ("/about", "/blog", "from"),
        ("/a%zz", "/blog", "from"),
        ("//evil.example", "/blog", "from"),
        (long.as_str(), "/blog", "from"),
        ("/loop/", "/loop?again", "to"),
    ] {
        let (status, body) = app.admin().post_json("/api/redirects", &json!({"from": from, "to": to})).await;
        assert_eq!(status, 422, "{from} → {to}: {body}");
        assert!(body["errors"][field].is_string(), "{from} → {to}: {body}");
    }
    let (status, body) = app.admin().post_json("/api/redirects", &json!({"from": "/x\u{0}", "to": "/y"})).await;
    assert_eq!(status, 422, "{body}");
    let (status, list) = app.admin().get_json("/api/redirects").await;
    assert_eq!((status, list["totalItems"].as_u64()), (200, Some(2)), "only the demo's: {list}");

    add(&app, "/twice/", "/blog").await;
    let (status, body) = app.admin().post_json("/api/redirects", &json!({"from": "/twice", "to": "/faq"})).await;
    assert_eq!(status, 409, "{body}");
}

#[tokio::test]
async fn odd_and_long_request_paths_are_answered_without_a_redirect_or_a_fault() {
    let app = app_with_pages().await;
    add(&app, "/old", "/blog").await;
    for path in ["//old", "/%ff%fe", "/old%00", "/old%", "/old\\x"] {
        let (status, location, _) = answer(&app, reqwest::Method::GET, path).await;
        assert!(location.is_none(), "{path}");
        assert!(status < 500, "{path}: {status}");
    }
    let long = format!("/{}", "x/".repeat(4000));
    let (status, location, _) = answer(&app, reqwest::Method::GET, &long).await;
    assert!(location.is_none() && status < 500, "{status}");
    // The host check comes first, and the address is never built from the request.
    let response =
        app.anonymous().request(reqwest::Method::GET, "/old").header("host", "evil.example").send().await.unwrap();
    assert_eq!(response.status().as_u16(), 400);
    let response = app
        .anonymous()
        .request(reqwest::Method::GET, "/old")
        .header("x-forwarded-host", "evil.example")
        .send()
        .await
        .unwrap();
    assert_eq!(response.headers()["location"], "/blog");
}

#[tokio::test]
async fn hits_are_counted_and_a_deleted_redirect_answers_404_again() {
    let app = app_with_pages().await;
    let created = add(&app, "/counted", "/blog").await;
    for _ in 0..3 {
        assert_eq!(answer(&app, reqwest::Method::GET, "/counted").await.0, 301);
    }
    let id = created["_id"].as_str().unwrap();
    let (status, read) = app.admin().get_json(&format!("/api/redirects/{id}")).await;
    assert_eq!((status, read["hits"].as_u64()), (200, Some(3)), "{read}");
    assert!(read["lastHitAt"].is_string(), "{read}");
    let (_, list) = app.admin().get_json("/api/redirects?search=counted").await;
    assert_eq!(list["redirects"][0]["hits"], 3);
    let (status, _) = app.admin().delete(&format!("/api/redirects/{id}")).await;
    assert_eq!(status, 204);
    assert_eq!(answer(&app, reqwest::Method::GET, "/counted").await.0, 404);
    let (status, _) = app.admin().get_json(&format!("/api/redirects/{id}")).await;
    assert_eq!(status, 404);
    let (status, _) = app.anonymous().get_json("/api/redirects").await;
    assert_eq!(status, 401);
}
