//! The public pages' heads as the server sends them, before any script runs.

use image::ImageFormat;
use serde_json::{Value, json};

use atelier_adapters_http::site::LIST_PREVIEW_CARDS;

use crate::helpers::{
    CARD_SIZES, POST_COVER_SIZES, PROJECT_COVER_SIZES, TestApp, spawn_app, spawn_app_with, spawn_empty_app,
    write_prerendered_pages,
};
use crate::media::{photo, upload};

/// The status and HTML of a page.
async fn page(app: &TestApp, path: &str) -> (u16, String) {
    let response = app.get(path).await;
    (response.status().as_u16(), response.text().await.unwrap())
}

/// `text` as the pages write it into an attribute or an element.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('"', "&quot;").replace('\'', "&#x27;")
}

fn unescape(text: &str) -> String {
    text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#x27;", "'").replace("&amp;", "&")
}

fn title(html: &str) -> String {
    let start = html.find("<title>").expect("a title") + "<title>".len();
    unescape(&html[start..start + html[start..].find("</title>").unwrap()])
}

/// The content of the `<meta>` named (or with the property) `key`.
fn meta(html: &str, key: &str) -> Option<String> {
    [format!("<meta name=\"{key}\" content=\""), format!("<meta property=\"{key}\" content=\"")].iter().find_map(
        |opening| {
            let start = html.find(opening.as_str())? + opening.len();
            Some(unescape(&html[start..start + html[start..].find('"')?]))
        },
    )
}

fn canonical(html: &str) -> Option<String> {
    let opening = "<link rel=\"canonical\" href=\"";
    let start = html.find(opening)? + opening.len();
    Some(unescape(&html[start..start + html[start..].find('"')?]))
}

/// The JSON-LD items of the page.
fn structured_data(html: &str) -> Vec<Value> {
    let opening = "<script type=\"application/ld+json\" data-head>";
    assert_eq!(html.matches(opening).count(), 1, "one JSON-LD script: {html}");
    let start = html.find(opening).unwrap() + opening.len();
    let text = &html[start..start + html[start..].find("</script>").unwrap()];
    let document: Value = serde_json::from_str(text).unwrap_or_else(|error| panic!("{error}: {text}"));
    assert_eq!(document["@context"], "https://schema.org");
    document["@graph"].as_array().unwrap().clone()
}

fn item<'a>(items: &'a [Value], kind: &str) -> &'a Value {
    items.iter().find(|item| item["@type"] == kind).unwrap_or_else(|| panic!("no {kind} in {items:?}"))
}

fn kinds(items: &[Value]) -> Vec<&str> {
    items.iter().map(|item| item["@type"].as_str().unwrap()).collect()
}

async fn app_with_pages() -> TestApp {
    let app = spawn_app().await;
    write_prerendered_pages(&app);
    app
}

#[tokio::test]
async fn the_home_page_is_named_and_described_from_the_settings_at_request_time() {
    let app = app_with_pages().await;
    let base = app.address.clone();
    let (status, html) = page(&app, "/").await;
    assert_eq!(status, 200);
    assert_eq!(title(&html), "Atelier | Innovative Software Solutions");
    assert!(meta(&html, "description").unwrap().starts_with("Innovative software solutions that turn ideas"));
    assert_eq!(canonical(&html), Some(format!("{base}/")));
    assert!(html.contains("<h1>home page</h1>"), "the page's body is kept");
    assert!(!html.contains("The build's words."), "the build's description is replaced");
    assert_eq!(meta(&html, "og:image"), Some(format!("{base}/images/share-card.png")));
    assert!(html.contains(&format!(
        "<link rel=\"alternate\" type=\"application/rss+xml\" title=\"Atelier Blog\" href=\"{base}/rss.xml\" data-head>"
    )));
    let items = structured_data(&html);
    assert_eq!(kinds(&items), ["Organization", "WebSite"]);

    let settings = json!({"siteName": "Studio North", "siteDescription": "Software for growing businesses."});
    let (status, _) = app.admin().put_json("/api/settings", &settings).await;
    assert_eq!(status, 200);
    let (_, html) = page(&app, "/").await;
    assert_eq!(title(&html), "Studio North | Innovative Software Solutions");
    assert_eq!(meta(&html, "description").as_deref(), Some("Software for growing businesses."));
    assert_eq!(meta(&html, "og:site_name").as_deref(), Some("Studio North"));
}

#[tokio::test]
async fn every_page_carries_the_organization_with_contact_details_and_social_links() {
    let app = app_with_pages().await;
    let (status, html) = page(&app, "/about").await;
    assert_eq!(status, 200);
    assert_eq!(title(&html), "About Us | Atelier");
    assert_eq!(meta(&html, "description").as_deref(), Some("The about page's own description."));
    assert_eq!(canonical(&html), Some(format!("{}/about", app.address)));
    let items = structured_data(&html);
    assert_eq!(kinds(&items), ["Organization"]);
    let (_, details) = app.get_json("/api/contact-details").await;
    let organization = item(&items, "Organization");
    assert_eq!(organization["name"], "Atelier");
    assert_eq!(organization["email"], details["email"]);
    assert_eq!(organization["telephone"], details["phone"]);
    let profiles = organization["sameAs"].as_array().unwrap();
    assert!(!profiles.is_empty());
    for url in details["socialMedia"].as_object().unwrap().values() {
        assert!(profiles.contains(url), "{url} in {profiles:?}");
    }
}

#[tokio::test]
async fn a_post_page_is_an_article_with_its_picture_times_and_breadcrumbs() {
    let app = app_with_pages().await;
    let base = app.address.clone();
    let (_, post) = app.get_json("/api/blog/public/posts/slug/designing-apis-people-enjoy-using").await;
    let (status, html) = page(&app, "/blog/designing-apis-people-enjoy-using").await;
    assert_eq!(status, 200);
    assert!(html.contains("<h1>blog post page</h1>"));
    let name = post["metaTitle"].as_str().filter(|title| !title.is_empty()).or(post["title"].as_str()).unwrap();
    assert_eq!(title(&html), format!("{name} | Atelier Blog"));
    let description = post["metaDescription"].as_str().filter(|text| !text.is_empty()).or(post["excerpt"].as_str());
    assert_eq!(meta(&html, "description").as_deref(), description);
    assert_eq!(canonical(&html), Some(format!("{base}/blog/designing-apis-people-enjoy-using")));
    assert_eq!(meta(&html, "og:type").as_deref(), Some("article"));
    assert_eq!(meta(&html, "og:url"), canonical(&html));
    assert!(meta(&html, "og:image").unwrap().starts_with(&format!("{base}/")));
    assert_eq!(meta(&html, "twitter:card").as_deref(), Some("summary_large_image"));
    let published = meta(&html, "article:published_time").unwrap();
    let dated = post["publishAt"].as_str().or(post["createdAt"].as_str()).unwrap();
    let created = chrono::DateTime::parse_from_rfc3339(dated).unwrap();
    assert_eq!(chrono::DateTime::parse_from_rfc3339(&published).unwrap().timestamp(), created.timestamp());
    assert!(meta(&html, "article:modified_time").is_some());
    let items = structured_data(&html);
    assert_eq!(kinds(&items), ["Organization", "BlogPosting", "BreadcrumbList"]);
    let article = item(&items, "BlogPosting");
    assert_eq!(article["headline"], post["title"]);
    assert_eq!(article["author"]["name"], post["authorName"]);
    assert_eq!(article["publisher"]["@id"], format!("{base}/#organization"));
    let crumbs = item(&items, "BreadcrumbList")["itemListElement"].as_array().unwrap().clone();
    assert_eq!(crumbs.len(), 3);
    assert_eq!(crumbs[1]["item"], format!("{base}/blog"));
}

#[tokio::test]
async fn a_project_page_by_slug_or_id_is_a_creative_work_with_its_canonical_slug_address() {
    let app = app_with_pages().await;
    let (_, list) = app.get_json("/api/portfolio?limit=1").await;
    let project = &list["projects"][0];
    let slug = project["slug"].as_str().unwrap();
    let id = project["_id"].as_str().unwrap();
    for path in [format!("/project/{slug}"), format!("/project/{id}")] {
        let (status, html) = page(&app, &path).await;
        assert_eq!(status, 200, "{path}");
        assert!(html.contains("<h1>project page</h1>"));
        assert_eq!(title(&html), format!("{} | Atelier Portfolio", project["title"].as_str().unwrap()), "{path}");
        assert_eq!(canonical(&html), Some(format!("{}/project/{slug}", app.address)), "{path}");
        let items = structured_data(&html);
        assert_eq!(kinds(&items), ["Organization", "CreativeWork", "BreadcrumbList"]);
        assert_eq!(item(&items, "CreativeWork")["name"], project["title"]);
        assert_eq!(item(&items, "BreadcrumbList")["itemListElement"][1]["name"], "Portfolio");
    }
}

#[tokio::test]
async fn the_faq_page_lists_the_active_faqs_as_questions_and_answers() {
    let app = app_with_pages().await;
    let (_, faqs) = app.get_json("/api/faqs?limit=100").await;
    let (status, html) = page(&app, "/faq").await;
    assert_eq!(status, 200);
    assert_eq!(title(&html), "Frequently Asked Questions | Atelier");
    let items = structured_data(&html);
    let questions = item(&items, "FAQPage")["mainEntity"].as_array().unwrap().clone();
    let active = faqs["data"].as_array().unwrap();
    assert_eq!(questions.len(), active.len());
    assert_eq!(questions[0]["name"], active[0]["question"]);
    assert!(questions[0]["acceptedAnswer"]["text"].as_str().unwrap().starts_with('<'));
}

#[tokio::test]
async fn drafts_and_unknown_posts_and_projects_answer_404_with_the_not_found_page() {
    let app = app_with_pages().await;
    let (_, draft) = app.admin().get_json("/api/portfolio?status=draft").await;
    let draft_project = draft["projects"][0]["slug"].as_str().unwrap().to_owned();
    for path in [
        "/blog/our-plans-for-the-year-ahead".to_owned(),
        "/blog/no-such-post".to_owned(),
        "/blog/Not%20A%20Slug".to_owned(),
        format!("/project/{draft_project}"),
        "/project/no-such-project".to_owned(),
        "/project/0123456789abcdef01234567".to_owned(),
        "/no/such/page".to_owned(),
    ] {
        let (status, html) = page(&app, &path).await;
        assert_eq!(status, 404, "{path}");
        assert!(html.contains("<h1>not found page</h1>"), "{path}: {html}");
        assert_eq!(title(&html), "Page Not Found | Atelier", "{path}");
        assert_eq!(meta(&html, "robots").as_deref(), Some("noindex"), "{path}");
        assert_eq!(canonical(&html), None, "{path}");
        assert_eq!(kinds(&structured_data(&html)), ["Organization"], "{path}");
    }
}

#[tokio::test]
async fn a_hostile_title_is_escaped_in_the_title_the_tags_and_the_structured_data() {
    let app = app_with_pages().await;
    let hostile = "</title></script><script>alert(\"x\")</script> & 'it' <!--";
    let body = json!({
        "title": hostile, "slug": "hostile", "status": "published", "excerpt": "<b>bold\" claims</b>",
        "content": "Text.", "metaTitle": "", "metaDescription": ""
    });
    let (status, created) = app.admin().post_json("/api/blog/posts", &body).await;
    assert_eq!(status, 201, "{created}");
    let (status, html) = page(&app, "/blog/hostile").await;
    assert_eq!(status, 200);
    // The JSON-LD and the post's answer for the page's script.
    assert_eq!(html.matches("<script").count(), 2, "{html}");
    assert_eq!(html.matches("</script>").count(), 2);
    assert_eq!(html.matches("</title>").count(), 1);
    assert!(!html.contains("<!--"));
    assert_eq!(title(&html), format!("{hostile} | Atelier Blog"));
    assert_eq!(meta(&html, "og:title").as_deref(), Some(hostile));
    assert_eq!(meta(&html, "description").as_deref(), Some("<b>bold\" claims</b>"));
    assert_eq!(item(&structured_data(&html), "BlogPosting")["headline"], hostile);
}

#[tokio::test]
async fn the_public_address_setting_names_the_site_in_every_link() {
    let app = spawn_app_with(|config| config.public_url = Some("https://studio.example".into())).await;
    write_prerendered_pages(&app);
    let (_, html) = page(&app, "/blog/designing-apis-people-enjoy-using").await;
    assert_eq!(canonical(&html).as_deref(), Some("https://studio.example/blog/designing-apis-people-enjoy-using"));
    assert!(meta(&html, "og:image").unwrap().starts_with("https://studio.example/"));
    assert_eq!(item(&structured_data(&html), "Organization")["url"], "https://studio.example/");
}

#[tokio::test]
async fn the_head_of_an_address_is_served_to_the_site_as_json_like_the_page_has_it() {
    let app = app_with_pages().await;
    let (status, head) = app.get_json("/api/site/head?path=/blog/designing-apis-people-enjoy-using").await;
    assert_eq!(status, 200, "{head}");
    let (_, html) = page(&app, "/blog/designing-apis-people-enjoy-using").await;
    assert_eq!(head["status"], 200);
    assert_eq!(head["title"], title(&html));
    let description = head["elements"]
        .as_array()
        .unwrap()
        .iter()
        .find(|element| element["attributes"]["name"] == "description")
        .unwrap();
    assert_eq!(description["tag"], "meta");
    assert_eq!(description["attributes"]["content"].as_str(), meta(&html, "description").as_deref());
    let data: Value = serde_json::from_str(head["structuredData"].as_str().unwrap()).unwrap();
    assert_eq!(data["@graph"].as_array().unwrap(), &structured_data(&html));

    let (_, missing) = app.get_json("/api/site/head?path=/blog/our-plans-for-the-year-ahead").await;
    assert_eq!(missing["status"], 404);
    assert_eq!(missing["title"], "Page Not Found | Atelier");
    let (status, _) = app.get_json("/api/site/head").await;
    assert_eq!(status, 400, "the path is required");
}

#[tokio::test]
async fn a_page_is_filled_once_per_change_of_content_tagged_and_never_stale() {
    const POST: &str = "/blog/designing-apis-people-enjoy-using";
    const DRAFT: &str = "/blog/our-plans-for-the-year-ahead";
    let app = app_with_pages().await;
    let first = app.get(POST).await;
    assert_eq!(first.status().as_u16(), 200);
    let headers = first.headers().clone();
    let etag = headers["etag"].to_str().unwrap().to_owned();
    assert_eq!(headers["cache-control"], "public, max-age=0, s-maxage=1");
    // These pages' inline scripts are data (the answers, the structured data), which a browser never
    // runs: the policy allows no inline script.
    assert!(headers["content-security-policy"].to_str().unwrap().contains("script-src 'self';"));
    let html = first.text().await.unwrap();

    // The same page again: the same bytes and tag; the tag answers 304.
    let again = app.get(POST).await;
    assert_eq!(again.headers()["etag"].to_str().unwrap(), etag);
    assert_eq!(again.text().await.unwrap(), html);
    let unchanged = app.anonymous().request(reqwest::Method::GET, POST).header("if-none-match", &etag).send().await;
    assert_eq!(unchanged.unwrap().status().as_u16(), 304);
    // Answered from the stored page by the address asked (before the routes): the same answer and
    // headers, whatever the query string, and for another spelling of the page's address.
    for address in [format!("{POST}?utm_source=feed"), format!("{POST}/")] {
        let stored = app.get(&address).await;
        assert_eq!(stored.status().as_u16(), 200, "{address}");
        assert_eq!(stored.headers()["etag"].to_str().unwrap(), etag, "{address}");
        assert_eq!(stored.headers()["content-security-policy"], headers["content-security-policy"], "{address}");
        assert!(stored.headers().contains_key("x-request-id"), "{address}");
        assert_eq!(stored.text().await.unwrap(), html, "{address}");
    }

    // A change shows on the very next read.
    let (_, post) = app.get_json(&format!("/api/blog/public/posts/slug{}", &POST["/blog".len()..])).await;
    let id = post["_id"].as_str().unwrap();
    let change = json!({"title": "Kept Pages Change At Once", "metaTitle": ""});
    let (status, body) = app.admin().put_json(&format!("/api/blog/posts/{id}"), &change).await;
    assert_eq!(status, 200, "{body}");
    let (status, html) = page(&app, POST).await;
    assert_eq!(status, 200);
    assert_eq!(title(&html), "Kept Pages Change At Once | Atelier Blog");

    // A missing page is not kept: a draft published answers 200 at once.
    assert_eq!(page(&app, DRAFT).await.0, 404);
    let (_, drafts) = app.admin().get_json("/api/blog/posts?status=draft&limit=100").await;
    let draft = drafts["blogs"].as_array().unwrap().iter().find(|post| post["slug"] == DRAFT["/blog/".len()..]);
    let draft_id = draft.expect("the demo draft")["_id"].as_str().unwrap();
    let (status, body) =
        app.admin().put_json(&format!("/api/blog/posts/{draft_id}"), &json!({"status": "published"})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(page(&app, DRAFT).await.0, 200);

    // Each address of the site keeps its own page: links name the (allowed) host asked for.
    let other = app.anonymous().request(reqwest::Method::GET, "/").header("host", "LocalHost.").send().await;
    assert_eq!(canonical(&other.unwrap().text().await.unwrap()).as_deref(), Some("http://localhost/"));
    let (_, own) = page(&app, "/").await;
    assert_eq!(canonical(&own), Some(format!("{}/", app.address)));
}

/// The `<link rel="preload" as="image">` elements of a page.
fn image_preloads(html: &str) -> Vec<&str> {
    html.match_indices("<link rel=\"preload\" as=\"image\"")
        .map(|(start, _)| &html[start..=start + html[start..].find('>').unwrap()])
        .collect()
}

#[tokio::test]
async fn a_post_or_project_page_preloads_its_cover_as_its_img_draws_it() {
    let app = app_with_pages().await;
    let (status, body) = upload(&app, &[("cover.jpg", photo(2000, 1000, 7, ImageFormat::Jpeg))]).await;
    assert_eq!(status, 201, "{body}");
    let cover = &body["items"][0]["media"];
    let path = cover["url"].as_str().unwrap();
    let variants = cover["variants"].as_array().unwrap();
    assert!(variants.len() > 1, "{cover}");
    let srcset = variants
        .iter()
        .map(|variant| format!("{} {}w", variant["url"].as_str().unwrap(), variant["width"]))
        .collect::<Vec<_>>()
        .join(", ");
    let preload = |href: &str, sizes: &str| {
        format!(
            "<link rel=\"preload\" as=\"image\" fetchpriority=\"high\" href=\"{href}\" imagesrcset=\"{srcset}\" \
             imagesizes=\"{sizes}\" data-head>"
        )
    };
    let hostile = "/covers/a.png?w=1&t=\"><script>alert('x')</script>";
    for (slug, image) in [
        ("library-cover", format!("https://studio.example{path}")),
        ("hostile-cover", hostile.into()),
        ("no-cover", String::new()),
    ] {
        let post =
            json!({"title": slug, "slug": slug, "status": "published", "content": "Text.", "featuredImage": image});
        let (status, created) = app.admin().post_json("/api/blog/posts", &post).await;
        assert_eq!(status, 201, "{created}");
    }

    // A library image: its WebP copies at the page's sizes, as the page's <img> offers them.
    let (status, html) = page(&app, "/blog/library-cover").await;
    assert_eq!(status, 200);
    assert_eq!(image_preloads(&html), [preload(&format!("https://studio.example{path}"), POST_COVER_SIZES)]);
    assert!(html.find("<link rel=\"preload\"").unwrap() < html.find("<link rel=\"stylesheet\"").unwrap());
    // Another address: as written, escaped.
    let (_, html) = page(&app, "/blog/hostile-cover").await;
    assert_eq!(
        image_preloads(&html),
        ["<link rel=\"preload\" as=\"image\" fetchpriority=\"high\" \
          href=\"/covers/a.png?w=1&amp;t=&quot;&gt;&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;\" data-head>"]
    );
    assert_eq!(html.matches("<script").count(), 2, "the JSON-LD and the post's answer: {html}");
    // No cover: nothing to preload.
    let (_, html) = page(&app, "/blog/no-cover").await;
    assert_eq!(image_preloads(&html), Vec::<&str>::new());
    // A page reached in the browser has its picture requested by its script: not in the JSON head.
    let (_, head) = app.get_json("/api/site/head?path=/blog/library-cover").await;
    assert!(!head.to_string().contains("preload"), "{head}");

    // A project: its image, the same way; a demo project's picture is no library image, as written.
    let (_, list) = app.get_json("/api/portfolio?limit=1").await;
    let demo = &list["projects"][0];
    let (_, html) = page(&app, &format!("/project/{}", demo["slug"].as_str().unwrap())).await;
    assert_eq!(
        image_preloads(&html),
        [format!(
            "<link rel=\"preload\" as=\"image\" fetchpriority=\"high\" href=\"{}\" data-head>",
            demo["image"].as_str().unwrap()
        )]
    );
    let project = json!({
        "title": "Harbour", "slug": "harbour", "client": "Port Authority", "completedAt": "2024-05-01T00:00:00Z",
        "status": "published", "image": path, "description": "Text.",
    });
    let (status, created) = app.admin().post_json("/api/portfolio", &project).await;
    assert_eq!(status, 201, "{created}");
    for address in ["/project/harbour".to_owned(), format!("/project/{}", created["_id"].as_str().unwrap())] {
        let (status, html) = page(&app, &address).await;
        assert_eq!(status, 200, "{address}");
        assert_eq!(image_preloads(&html), [preload(path, PROJECT_COVER_SIZES)], "{address}");
    }
}

/// What the page's preview slot holds.
fn preview(html: &str) -> &str {
    let opening = "<div data-preview=\"\">";
    assert_eq!(html.matches(opening).count(), 1, "one slot: {html}");
    let start = html.find(opening).unwrap() + opening.len();
    &html[start..start + html[start..].find("</article>").map_or(0, |end| end + "</article>".len())]
}

#[tokio::test]
async fn a_post_or_project_page_arrives_with_its_title_and_cover_in_the_html() {
    let app = app_with_pages().await;
    let (_, body) = upload(&app, &[("cover.jpg", photo(1600, 900, 3, ImageFormat::Jpeg))]).await;
    let cover = &body["items"][0]["media"];
    let path = cover["url"].as_str().unwrap();
    let srcset = cover["variants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|variant| format!("{} {}w", variant["url"].as_str().unwrap(), variant["width"]))
        .collect::<Vec<_>>()
        .join(", ");
    let hostile = "</h2><script>alert(\"x\")</script> & {{categoryName}}";
    let (status, category) = app
        .admin()
        .post_json("/api/blog/categories", &json!({"displayName": "Field Notes", "slug": "field-notes"}))
        .await;
    assert_eq!(status, 201, "{category}");
    for (slug, title, image) in [("with-cover", "With a cover", path), ("hostile-preview", hostile, "")] {
        let post = json!({
            "title": title, "slug": slug, "status": "published", "content": "Text.", "featuredImage": image,
            "category": category["_id"],
        });
        let (status, created) = app.admin().post_json("/api/blog/posts", &post).await;
        assert_eq!(status, 201, "{created}");
    }

    let (_, html) = page(&app, "/blog/with-cover").await;
    assert_eq!(
        preview(&html),
        format!(
            "<article><p>Field Notes</p><h2>With a cover</h2><img src=\"{path}\" srcset=\"{srcset}\" \
             sizes=\"{POST_COVER_SIZES}\" width=\"1600\" height=\"900\" alt=\"\"/></article>"
        )
    );
    // Whatever the title says stays text; without a cover, the build's fallback picture.
    let (_, html) = page(&app, "/blog/hostile-preview").await;
    assert_eq!(
        preview(&html),
        "<article><p>Field Notes</p><h2>&lt;/h2&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; \
         {{categoryName}}</h2><img src=\"/images/demo/blog-1.svg\" alt=\"\"/></article>"
    );
    assert_eq!(html.matches("<script").count(), 2, "the JSON-LD and the post's answer: {html}");

    // A project: its category, title, short description and image (a demo project's is no library image).
    let (_, list) = app.get_json("/api/portfolio?limit=1").await;
    let project = &list["projects"][0];
    let (_, html) = page(&app, &format!("/project/{}", project["slug"].as_str().unwrap())).await;
    let title = escape(project["title"].as_str().unwrap());
    assert_eq!(
        preview(&html),
        format!(
            "<article><p>{}</p><h2>{title}</h2><p>{}</p><img src=\"{}\" alt=\"{title}\"/></article>",
            escape(project["category"].as_str().unwrap()),
            escape(project["shortDescription"].as_str().unwrap()),
            project["image"].as_str().unwrap(),
        )
    );
    // The head alone, as the site asks for it after navigating, has no preview to go with it.
    let (_, head) = app.get_json("/api/site/head?path=/blog/with-cover").await;
    assert!(!head.to_string().contains("With a cover</h2>"), "{head}");
}

/// What a list page's preview slot holds (the list's preview, its cards filled in).
fn list_preview(html: &str) -> &str {
    let opening = "<div data-preview=\"\">";
    assert_eq!(html.matches(opening).count(), 1, "one slot: {html}");
    let start = html.find(opening).unwrap() + opening.len();
    &html[start..start + html[start..].find("</div>").unwrap()]
}

/// The records the list call `api` answers (under `key`), and the page at `path` that previews them.
async fn listed_and_served(app: &TestApp, api: &str, key: &str, path: &str) -> (Vec<serde_json::Value>, String) {
    let (_, list) = app.get_json(api).await;
    let (status, html) = page(app, path).await;
    assert_eq!(status, 200, "{path}");
    (list[key].as_array().unwrap().clone(), html)
}

/// The text of every `<tag>` in `html`, in order.
fn texts<'a>(html: &'a str, tag: &str) -> Vec<&'a str> {
    let opening = format!("<{tag}");
    let closing = format!("</{tag}>");
    html.match_indices(opening.as_str())
        .map(|(start, _)| {
            let inner = start + html[start..].find('>').unwrap() + 1;
            &html[inner..inner + html[inner..].find(closing.as_str()).unwrap()]
        })
        .collect()
}

#[tokio::test]
async fn the_blog_arrives_with_its_first_cards_as_the_api_lists_them_and_preloads_the_first_picture() {
    let app = app_with_pages().await;
    let count = usize::try_from(LIST_PREVIEW_CARDS).unwrap();

    // The blog: the newest published posts, as the page's first request of them answers.
    let (posts, html) =
        listed_and_served(&app, "/api/blog/public/posts?page=1&limit=12&status=published", "blogs", "/blog").await;
    let cards = list_preview(&html);
    assert_eq!(cards.matches("<li>").count(), count.min(posts.len()), "the whole first page");
    let first = &posts[0];
    assert_eq!(
        cards.split("</li>").next().unwrap(),
        format!(
            "<p>…</p><ul><li><img src=\"{}\" alt=\"\"/><a href=\"/blog/{}\">{}</a><p>{}</p>",
            first["featuredImage"].as_str().unwrap(),
            first["slug"].as_str().unwrap(),
            escape(first["title"].as_str().unwrap()),
            escape(first["excerpt"].as_str().unwrap()),
        )
    );
    let titles: Vec<String> = posts.iter().take(count).map(|post| escape(post["title"].as_str().unwrap())).collect();
    assert_eq!(texts(cards, "a"), titles);
    assert!(!html.contains("our-plans-for-the-year-ahead"), "never a draft: {cards}");
    assert_eq!(
        image_preloads(&html),
        [format!(
            "<link rel=\"preload\" as=\"image\" fetchpriority=\"high\" href=\"{}\" data-head>",
            first["featuredImage"].as_str().unwrap()
        )]
    );

    // A post published now is the first card and the preload on the very next read: its library
    // cover's WebP copies at the card's sizes, everything it says escaped.
    let (_, body) = upload(&app, &[("cover.jpg", photo(1600, 900, 5, ImageFormat::Jpeg))]).await;
    let cover = &body["items"][0]["media"];
    let path = cover["url"].as_str().unwrap();
    let srcset = cover["variants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|variant| format!("{} {}w", variant["url"].as_str().unwrap(), variant["width"]))
        .collect::<Vec<_>>()
        .join(", ");
    let hostile = "</a><script>alert(\"x\")</script> & {{excerpt}}";
    let post = json!({
        "title": hostile, "slug": "fresh-news", "status": "published", "content": "Text.",
        "excerpt": "<b>Bold</b> claims", "featuredImage": path,
    });
    let (status, created) = app.admin().post_json("/api/blog/posts", &post).await;
    assert_eq!(status, 201, "{created}");
    let (_, html) = page(&app, "/blog").await;
    assert_eq!(
        list_preview(&html).split("</li>").next().unwrap(),
        format!(
            "<p>…</p><ul><li><img src=\"{path}\" srcset=\"{srcset}\" sizes=\"{CARD_SIZES}\" width=\"1600\" \
             height=\"900\" alt=\"\"/><a href=\"/blog/fresh-news\">&lt;/a&gt;&lt;script&gt;alert(&quot;x&quot;)\
             &lt;/script&gt; &amp; {{{{excerpt}}}}</a><p>&lt;b&gt;Bold&lt;/b&gt; claims</p>"
        )
    );
    assert_eq!(list_preview(&html).matches("<li>").count(), count.min(posts.len() + 1), "still the first page");
    assert_eq!(
        image_preloads(&html),
        [format!(
            "<link rel=\"preload\" as=\"image\" fetchpriority=\"high\" href=\"{path}\" imagesrcset=\"{srcset}\" \
             imagesizes=\"{CARD_SIZES}\" data-head>"
        )]
    );
    // The JSON-LD and the embedded answers (the list's and the footer's).
    assert_eq!(html.matches("<script").count(), 2, "{html}");
    assert_eq!(html.matches("<script type=\"application/json\" id=\"atelier-data\">").count(), 1, "{html}");
    // A picture at another address: as written, escaped; a draft never shows.
    let other = "/covers/a.png?w=1&t=\"><script>alert('x')</script>";
    let post =
        json!({"title": "Newer", "slug": "newer", "status": "published", "content": "Text.", "featuredImage": other});
    assert_eq!(app.admin().post_json("/api/blog/posts", &post).await.0, 201);
    let draft = json!({"title": "Secret Draft", "slug": "secret-draft", "status": "draft", "content": "Text."});
    assert_eq!(app.admin().post_json("/api/blog/posts", &draft).await.0, 201);
    let (_, html) = page(&app, "/blog").await;
    let escaped = "/covers/a.png?w=1&amp;t=&quot;&gt;&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;";
    assert_eq!(
        image_preloads(&html),
        [format!("<link rel=\"preload\" as=\"image\" fetchpriority=\"high\" href=\"{escaped}\" data-head>")]
    );
    assert!(list_preview(&html).starts_with(&format!("<p>…</p><ul><li><img src=\"{escaped}\" alt=\"\"/>")));
    assert!(!html.contains("Secret Draft") && !html.contains("secret-draft"), "{html}");
    // The JSON-LD and the embedded answers (the list's and the footer's).
    assert_eq!(html.matches("<script").count(), 2, "{html}");
    assert_eq!(html.matches("<script type=\"application/json\" id=\"atelier-data\">").count(), 1, "{html}");

    // The head alone, as the site asks for it after navigating, has neither.
    let (_, head) = app.get_json("/api/site/head?path=/blog").await;
    assert!(!head.to_string().contains("preload") && !head.to_string().contains("fresh-news"), "{head}");
}

#[tokio::test]
async fn the_portfolio_arrives_with_its_first_cards_as_the_api_lists_them_and_preloads_the_first_picture() {
    let app = app_with_pages().await;
    let count = usize::try_from(LIST_PREVIEW_CARDS).unwrap();

    // Its first projects, most recent first, each with its short description.
    let (projects, html) = listed_and_served(
        &app,
        "/api/portfolio?page=1&limit=12&status=published&sort=most-recent",
        "projects",
        "/portfolio",
    )
    .await;
    let cards = list_preview(&html);
    let titles: Vec<String> =
        projects.iter().take(count).map(|project| escape(project["title"].as_str().unwrap())).collect();
    assert_eq!(texts(cards, "h3"), titles);
    let first = &projects[0];
    assert!(cards.starts_with(&format!(
        "<p>…</p><ul><li><img src=\"{}\" alt=\"\"/><p>{}</p><h3>{}</h3><p>{}</p></li>",
        first["image"].as_str().unwrap(),
        escape(first["category"].as_str().unwrap()),
        titles[0],
        escape(first["shortDescription"].as_str().unwrap()),
    )));
    assert_eq!(
        image_preloads(&html),
        [format!(
            "<link rel=\"preload\" as=\"image\" fetchpriority=\"high\" href=\"{}\" data-head>",
            first["image"].as_str().unwrap()
        )]
    );
    // A project without a short description shows its description; without a picture, the build's.
    let project = json!({
        "title": "Harbour", "slug": "harbour", "client": "Port Authority", "completedAt": "2099-05-01T00:00:00Z",
        "status": "published", "description": "The whole story.", "category": "Web",
    });
    let (status, created) = app.admin().post_json("/api/portfolio", &project).await;
    assert_eq!(status, 201, "{created}");
    let (_, html) = page(&app, "/portfolio").await;
    assert!(
        list_preview(&html).starts_with(
            "<p>…</p><ul><li><img src=\"/images/demo/project-1.svg\" alt=\"\"/><p>Web</p><h3>Harbour</h3>\
             <p>The whole story.</p></li>"
        ),
        "{html}"
    );
    assert_eq!(image_preloads(&html), Vec::<&str>::new(), "no picture of its own: nothing to preload");
    // A draft never shows.
    let draft = json!({
        "title": "Secret Harbour", "slug": "secret-harbour", "client": "Port Authority",
        "completedAt": "2100-05-01T00:00:00Z", "status": "draft", "description": "Hidden.",
    });
    assert_eq!(app.admin().post_json("/api/portfolio", &draft).await.0, 201);
    let (_, html) = page(&app, "/portfolio").await;
    assert!(list_preview(&html).contains("<h3>Harbour</h3>") && !html.contains("Secret Harbour"), "{html}");
}

#[tokio::test]
async fn an_empty_list_arrives_with_its_skeleton_and_no_preload() {
    let app = spawn_empty_app().await;
    write_prerendered_pages(&app);
    for path in ["/blog", "/portfolio"] {
        let (status, html) = page(&app, path).await;
        assert_eq!(status, 200, "{path}");
        assert_eq!(list_preview(&html), "", "{path}");
        assert_eq!(image_preloads(&html), Vec::<&str>::new(), "{path}");
    }
}
