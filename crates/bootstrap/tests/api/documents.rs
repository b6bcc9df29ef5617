//! `/sitemap.xml`, `/rss.xml` and `/robots.txt` as crawlers and feed readers get them: parsed with
//! an XML parser, absolute on the site's address, only what visitors may read, and answered 304
//! while unchanged.

use reqwest::header;
use serde_json::json;

use crate::helpers::{TestApp, spawn_app, spawn_app_with, write_prerendered_pages};

const RSS_CONTENT: &str = "http://purl.org/rss/1.0/modules/content/";

async fn app_with_pages() -> TestApp {
    let app = spawn_app().await;
    write_prerendered_pages(&app);
    app
}

async fn document(app: &TestApp, path: &str) -> (u16, String, String) {
    let response = app.get(path).await;
    let status = response.status().as_u16();
    let content_type = response.headers()[header::CONTENT_TYPE].to_str().unwrap().to_owned();
    (status, content_type, response.text().await.unwrap())
}

fn children<'a>(node: roxmltree::Node<'a, 'a>, name: &str) -> Vec<roxmltree::Node<'a, 'a>> {
    node.children().filter(|child| child.is_element() && child.tag_name().name() == name).collect()
}

fn text_of<'a>(node: roxmltree::Node<'a, 'a>, name: &str) -> Option<&'a str> {
    children(node, name).first().and_then(roxmltree::Node::text)
}

/// The `<loc>` and `<lastmod>` of every URL in a sitemap.
fn sitemap_urls(xml: &str) -> Vec<(String, Option<String>)> {
    let document = roxmltree::Document::parse(xml).unwrap_or_else(|error| panic!("{error}: {xml}"));
    let root = document.root_element();
    assert_eq!(root.tag_name().name(), "urlset");
    assert_eq!(root.tag_name().namespace(), Some("http://www.sitemaps.org/schemas/sitemap/0.9"));
    children(root, "url")
        .into_iter()
        .map(|url| (text_of(url, "loc").unwrap().to_owned(), text_of(url, "lastmod").map(str::to_owned)))
        .collect()
}

/// The slugs of every record of a public list (`key` holds the records).
async fn public_slugs(app: &TestApp, path: &str, key: &str) -> Vec<String> {
    let (status, list) = app.anonymous().get_json(path).await;
    assert_eq!(status, 200, "{list}");
    list[key].as_array().unwrap().iter().map(|record| record["slug"].as_str().unwrap().to_owned()).collect()
}

#[tokio::test]
async fn the_sitemap_lists_every_public_page_and_every_published_post_and_project_with_its_date() {
    let app = app_with_pages().await;
    let base = app.address.clone();
    let (status, draft) =
        app.admin().post_json("/api/blog/posts", &json!({"title": "Secret Draft", "status": "draft"})).await;
    assert_eq!(status, 201, "{draft}");
    let later = (chrono::Utc::now() + chrono::Duration::days(3)).to_rfc3339();
    let scheduled = json!({"title": "Scheduled Later", "content": "Soon", "status": "published", "publishAt": later});
    assert_eq!(app.admin().post_json("/api/blog/posts", &scheduled).await.0, 201);

    let (status, content_type, xml) = document(&app, "/sitemap.xml").await;
    assert_eq!((status, content_type.as_str()), (200, "application/xml; charset=utf-8"));
    let urls = sitemap_urls(&xml);
    let locations: Vec<&str> = urls.iter().map(|(location, _)| location.as_str()).collect();
    for page in ["/", "/about", "/blog", "/faq"] {
        assert!(locations.contains(&format!("{base}{page}").as_str()), "{page} in {locations:?}");
    }
    let paths: Vec<&str> = locations.iter().map(|location| location.strip_prefix(base.as_str()).unwrap()).collect();
    assert!(!paths.iter().any(|path| path.contains("404") || path.contains(':')), "{paths:?}");

    let posts = public_slugs(&app, "/api/blog/public/posts?limit=100", "blogs").await;
    let projects = public_slugs(&app, "/api/portfolio?limit=100", "projects").await;
    assert!(posts.len() >= 9 && projects.len() >= 5, "the demo content is published");
    let mut expected: Vec<String> = posts.iter().map(|slug| format!("{base}/blog/{slug}")).collect();
    expected.extend(projects.iter().map(|slug| format!("{base}/project/{slug}")));
    let mut records: Vec<&(String, Option<String>)> =
        urls.iter().filter(|(location, _)| location.contains("/blog/") || location.contains("/project/")).collect();
    records.sort();
    expected.sort();
    assert_eq!(records.iter().map(|(location, _)| location.clone()).collect::<Vec<_>>(), expected);
    for (location, modified) in records {
        let modified = modified.as_deref().unwrap_or_else(|| panic!("{location} has no lastmod"));
        chrono::DateTime::parse_from_rfc3339(modified).unwrap_or_else(|error| panic!("{modified}: {error}"));
    }
    assert!(!xml.contains("secret-draft") && !xml.contains("scheduled-later"), "{xml}");
}

#[tokio::test]
async fn the_feed_is_valid_rss_2_with_the_newest_twenty_published_posts_whole() {
    let app = app_with_pages().await;
    let base = app.address.clone();
    for index in 0..12 {
        let body = json!({
            "title": format!("Fresh </title> Post {index}"),
            "content": format!("# Heading\n\nBody **{index}** with <script>alert(1)</script> [a link](/about)."),
            "excerpt": "An excerpt.",
            "status": "published",
        });
        assert_eq!(app.admin().post_json("/api/blog/posts", &body).await.0, 201);
    }
    let (status, content_type, xml) = document(&app, "/rss.xml").await;
    assert_eq!((status, content_type.as_str()), (200, "application/rss+xml; charset=utf-8"));
    let document = roxmltree::Document::parse(&xml).unwrap_or_else(|error| panic!("{error}: {xml}"));
    let rss = document.root_element();
    assert_eq!((rss.tag_name().name(), rss.attribute("version")), ("rss", Some("2.0")));
    let channels = children(rss, "channel");
    assert_eq!(channels.len(), 1);
    let channel = channels[0];
    // RSS 2.0's required channel elements.
    assert_eq!(text_of(channel, "title"), Some("Atelier Blog"));
    assert_eq!(text_of(channel, "link"), Some(format!("{base}/blog").as_str()));
    assert!(!text_of(channel, "description").unwrap_or_default().is_empty());
    chrono::DateTime::parse_from_rfc2822(text_of(channel, "lastBuildDate").unwrap()).unwrap();

    let items = children(channel, "item");
    let newest = public_slugs(&app, "/api/blog/public/posts?limit=20", "blogs").await;
    assert_eq!(items.len(), 20);
    let links: Vec<String> = items.iter().map(|item| text_of(*item, "link").unwrap().to_owned()).collect();
    assert_eq!(links, newest.iter().map(|slug| format!("{base}/blog/{slug}")).collect::<Vec<_>>());
    for item in &items {
        // Every item has a title or a description; ours have both, a permalink and a date.
        assert!(!text_of(*item, "title").unwrap().is_empty());
        assert!(!text_of(*item, "description").unwrap().is_empty());
        assert_eq!(text_of(*item, "guid"), text_of(*item, "link"));
        chrono::DateTime::parse_from_rfc2822(text_of(*item, "pubDate").unwrap()).unwrap();
        let content = children(*item, "encoded");
        assert_eq!(content[0].tag_name().namespace(), Some(RSS_CONTENT));
    }
    let fresh = items.iter().find(|item| text_of(**item, "title") == Some("Fresh </title> Post 11")).unwrap();
    let html = children(*fresh, "encoded")[0].text().unwrap();
    assert!(html.contains("<strong>11</strong>"), "{html}");
    assert!(html.contains(&format!("href=\"{base}/about\"")), "links are absolute: {html}");
    assert!(!html.contains("<script") && !html.contains("<h1>"), "{html}");
}

#[tokio::test]
async fn the_documents_use_the_configured_public_address() {
    let app = spawn_app_with(|config| config.public_url = Some("https://studio.example/".into())).await;
    write_prerendered_pages(&app);
    let (_, _, sitemap) = document(&app, "/sitemap.xml").await;
    assert!(sitemap_urls(&sitemap).iter().all(|(location, _)| location.starts_with("https://studio.example/")));
    let (_, _, robots) = document(&app, "/robots.txt").await;
    assert!(robots.contains("Sitemap: https://studio.example/sitemap.xml\n"), "{robots}");
    let (_, _, feed) = document(&app, "/rss.xml").await;
    assert!(feed.contains("<link>https://studio.example/blog/"), "{feed}");
}

#[tokio::test]
async fn robots_keep_the_back_office_and_the_api_out_and_point_at_the_sitemap() {
    let app = spawn_app().await;
    let (status, content_type, robots) = document(&app, "/robots.txt").await;
    assert_eq!((status, content_type.as_str()), (200, "text/plain; charset=utf-8"));
    let lines: Vec<&str> = robots.lines().collect();
    assert!(lines.contains(&"User-agent: *"));
    assert!(lines.contains(&"Disallow: /admin"));
    assert!(lines.contains(&"Disallow: /api"));
    assert!(lines.contains(&format!("Sitemap: {}/sitemap.xml", app.address).as_str()), "{robots}");
}

/// A GET with one conditional header.
async fn conditional(app: &TestApp, path: &str, name: header::HeaderName, value: &str) -> reqwest::Response {
    app.client.get(app.url(path)).header(name, value).send().await.unwrap()
}

#[tokio::test]
async fn each_document_answers_304_to_either_validator_while_unchanged_and_200_after_a_change() {
    let app = app_with_pages().await;
    let (status, post) = app
        .admin()
        .post_json("/api/blog/posts", &json!({"title": "Conditional Post", "content": "Before", "status": "published"}))
        .await;
    assert_eq!(status, 201, "{post}");
    let id = post["_id"].as_str().unwrap().to_owned();
    for path in ["/sitemap.xml", "/rss.xml", "/robots.txt"] {
        let first = app.get(path).await;
        assert_eq!(first.status(), 200);
        let etag = first.headers()[header::ETAG].to_str().unwrap().to_owned();
        let date = first.headers()[header::LAST_MODIFIED].to_str().unwrap().to_owned();
        assert!(first.headers()[header::CACHE_CONTROL].to_str().unwrap().starts_with("public"));

        let by_tag = conditional(&app, path, header::IF_NONE_MATCH, &etag).await;
        assert_eq!(by_tag.status(), 304, "{path}");
        assert_eq!(by_tag.headers()[header::ETAG].to_str().unwrap(), etag);
        assert!(by_tag.bytes().await.unwrap().is_empty());
        let by_date = conditional(&app, path, header::IF_MODIFIED_SINCE, &date).await;
        assert_eq!(by_date.status(), 304, "{path}");
        let older = conditional(&app, path, header::IF_MODIFIED_SINCE, "Mon, 01 Jan 2001 00:00:00 GMT").await;
        assert_eq!(older.status(), 200, "{path}");
        let head = app.client.head(app.url(path)).header(header::IF_NONE_MATCH, &etag).send().await.unwrap();
        assert_eq!(head.status(), 304, "HEAD answers as GET: {path}");
    }

    let validators = |response: &reqwest::Response| {
        let headers = response.headers();
        (
            headers[header::ETAG].to_str().unwrap().to_owned(),
            headers[header::LAST_MODIFIED].to_str().unwrap().to_owned(),
        )
    };
    let (sitemap_tag, sitemap_date) = validators(&app.get("/sitemap.xml").await);
    let (feed_tag, feed_date) = validators(&app.get("/rss.xml").await);
    let renamed = json!({"title": "Conditional Post Renamed", "slug": "conditional-post-renamed"});
    assert_eq!(app.admin().put_json(&format!("/api/blog/posts/{id}"), &renamed).await.0, 200);

    for (path, tag, date, shows) in [
        ("/sitemap.xml", sitemap_tag, sitemap_date, "conditional-post-renamed"),
        ("/rss.xml", feed_tag, feed_date, "Conditional Post Renamed"),
    ] {
        let by_tag = conditional(&app, path, header::IF_NONE_MATCH, &tag).await;
        assert_eq!(by_tag.status(), 200, "{path} changed");
        let (new_tag, new_date) = validators(&by_tag);
        assert_ne!(new_tag, tag);
        assert!(by_tag.text().await.unwrap().contains(shows), "{path}");
        let by_date = conditional(&app, path, header::IF_MODIFIED_SINCE, &date).await;
        assert_eq!(by_date.status(), 200, "{path}: the date sent before is older than the change");
        let parse = |date: &str| chrono::DateTime::parse_from_rfc2822(date).unwrap();
        assert!(parse(&new_date) > parse(&date), "{path}: {new_date} after {date}");
    }
}

#[tokio::test]
async fn a_deleted_post_leaves_the_sitemap_and_the_feed_at_once() {
    let app = app_with_pages().await;
    let (_, post) = app
        .admin()
        .post_json("/api/blog/posts", &json!({"title": "Short Lived", "content": "Gone soon", "status": "published"}))
        .await;
    for path in ["/sitemap.xml", "/rss.xml"] {
        assert!(app.get(path).await.text().await.unwrap().contains("short-lived"), "{path}");
    }
    let (status, _) = app.admin().delete(&format!("/api/blog/posts/{}", post["_id"].as_str().unwrap())).await;
    assert_eq!(status, 204);
    for path in ["/sitemap.xml", "/rss.xml"] {
        assert!(!app.get(path).await.text().await.unwrap().contains("short-lived"), "{path}");
    }
}

#[tokio::test]
async fn documents_take_only_get_and_head() {
    let app = spawn_app().await;
    for path in ["/sitemap.xml", "/rss.xml", "/robots.txt"] {
        let response = app.client.post(app.url(path)).send().await.unwrap();
        assert_eq!(response.status(), 405, "{path}");
    }
}
