//! The public site's pages of every kind but posts in another language (docs/languages.md, The
//! public site): the records each page shows read as `?lang=` reads them (translated, else in the
//! default language marked with `lang` (and `dir`), or left out when the site hides them), the
//! answers embedded under the keys the public app asks with and equal to the API's, and a
//! project's address, alternates and sitemap entries in the languages it is translated in.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::TestApp;
use crate::language_pages::{app_in_languages, page};

/// Every page of the stand-in build in the German folder too, and the privacy policy in both.
fn write_every_german_page(app: &TestApp) {
    let public = app.folder.path().join("web/public");
    let privacy = "<!doctype html>\n<html lang=\"en\">\n  <head>\n    <title>Privacy | Atelier</title>\n  </head>\n  \
                   <body><div id=\"root\"><h1>privacy page</h1><div data-preview=\"\"></div></div></body>\n</html>\n";
    std::fs::write(public.join("pages/privacy-policy.html"), privacy).unwrap();
    let mut list: Value = serde_json::from_str(&std::fs::read_to_string(public.join("pages.json")).unwrap()).unwrap();
    list["pages"].as_array_mut().unwrap().push(json!({
        "pattern": "/privacy-policy", "file": "pages/privacy-policy.html", "name": "Privacy Policy", "description": "",
        "parts": {"title": "Privacy Policy", "subtitle": "", "lastUpdated": "2024-03-15T00:00:00Z", "body": "<p>Built in</p>"},
    }));
    std::fs::write(public.join("pages.json"), list.to_string()).unwrap();
    let german = public.join("de");
    for entry in list["pages"].as_array().unwrap() {
        let file = entry["file"].as_str().unwrap();
        let mut html = std::fs::read_to_string(public.join(file)).unwrap();
        // Every page keeps a slot for the content the server writes (`/faq`, `/about` too).
        if !html.contains("<div data-preview=\"\"></div>") {
            html = html
                .replace("<div data-preview=\"footer\">", "<div data-preview=\"\"></div><div data-preview=\"footer\">");
            std::fs::write(public.join(file), &html).unwrap();
        }
        let path = german.join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, html.replace("<html lang=\"en\">", "<html lang=\"de\">")).unwrap();
    }
    std::fs::write(german.join("pages.json"), list.to_string()).unwrap();
}

async fn app_with_every_german_page() -> TestApp {
    let app = app_in_languages().await;
    write_every_german_page(&app);
    app
}

async fn created(app: &TestApp, path: &str, body: Value) -> String {
    let (status, record) = app.admin().post_json(path, &body).await;
    assert_eq!(status, 201, "{path}: {record}");
    record["_id"].as_str().unwrap().to_owned()
}

async fn translate(app: &TestApp, kind: &str, id: &str, body: Value) {
    let path = format!("/api/translations/{kind}/{id}/de");
    let (status, saved) = app.admin().send_json(Method::PUT, &path, &body).await;
    assert_eq!(status, 200, "{path}: {saved}");
}

/// Two records of each kind, the first translated into German, the second not; the About and
/// privacy pages translated.
async fn records(app: &TestApp) {
    let text = |field: &str, text: &str| json!({"fields": {field: text}});
    for (title, german) in [("Design Studio", Some("Gestaltungsstudio")), ("Consulting Hours", None)] {
        let body = json!({"title": title, "status": "active", "featured": true, "order": 0});
        let id = created(app, "/api/services", body).await;
        if let Some(german) = german {
            translate(app, "service", &id, text("title", german)).await;
        }
    }
    for (question, german) in [("Why us at all?", Some("Warum überhaupt wir?")), ("How long it takes?", None)] {
        let body = json!({"question": question, "answer": "Because.", "status": "active", "order": 1});
        let id = created(app, "/api/faqs", body).await;
        if let Some(german) = german {
            translate(app, "faq", &id, text("question", german)).await;
        }
    }
    for (content, german) in [("Splendid craft", Some("Großartige Arbeit")), ("Plain good work", None)] {
        let body = json!({"name": "Ada Lovelace", "company": "Acme", "content": content, "rating": 5,
            "status": "approved", "featured": true});
        let id = created(app, "/api/testimonials", body).await;
        if let Some(german) = german {
            translate(app, "testimonial", &id, text("content", german)).await;
        }
    }
    for (position, german) in [("Chief Engineer", Some("Chefingenieurin")), ("Night Porter", None)] {
        let body = json!({"name": "Grace Hopper", "position": position, "email": format!("{}@atelier.example",
            position.replace(' ', ".").to_lowercase()), "status": "active"});
        let id = created(app, "/api/team", body).await;
        if let Some(german) = german {
            translate(app, "team_member", &id, text("position", german)).await;
        }
    }
    for (title, slug, german) in
        [("Shop Front", "shop-front", Some(("Ladenfront", "ladenfront"))), ("Plain Job", "plain-job", None)]
    {
        let body = json!({"title": title, "slug": slug, "client": "Acme", "completedAt": "2026-06-01",
            "status": "published", "featured": true, "shortDescription": format!("{title} in short.")});
        let id = created(app, "/api/portfolio", body).await;
        if let Some((german, slug)) = german {
            translate(app, "project", &id, json!({"fields": {"title": german}, "slug": slug})).await;
        }
    }
    for (page, title, german) in
        [("about", "About the studio", "Über das Studio"), ("privacy", "Our privacy", "Datenschutz")]
    {
        let body = json!({"title": title, "content": format!("{title} text."), "status": "published"});
        let (status, saved) = app.admin().put_json(&format!("/api/content/{page}"), &body).await;
        assert!(matches!(status, 200 | 201), "{saved}");
        translate(app, "page", page, text("title", german)).await;
    }
}

/// The answers a page embeds for its script: `[queryKey, answer]` pairs.
fn embedded(html: &str) -> Vec<(Value, Value)> {
    let start = html.find("<script type=\"application/json\" id=\"atelier-data\">").expect("answers are embedded");
    let rest = &html[start..];
    let text = &rest[rest.find('>').unwrap() + 1..rest.find("</script>").unwrap()];
    serde_json::from_str(text).unwrap()
}

/// The page at `path`'s answer under `key` is the API's answer at `api`, byte for byte.
async fn embeds_the_apis_answer(app: &TestApp, path: &str, html: &str, key: &Value, api: &str) -> Value {
    let pairs = embedded(html);
    let found = pairs.iter().find(|(found, _)| found == key).unwrap_or_else(|| panic!("{path}: no answer under {key}"));
    let (status, expected) = app.get_json(api).await;
    assert_eq!(status, 200, "{api}: {expected}");
    assert_eq!(found.1.to_string(), expected.to_string(), "{path}: {key} is not {api}'s answer");
    found.1.clone()
}

/// Every key a German page embeds for the records' reads names the language.
fn record_keys_name_the_language(path: &str, html: &str) {
    for (key, _) in embedded(html) {
        let read = key[0].as_str().unwrap_or_default();
        let takes = ["/services", "/faqs", "/testimonials", "/team", "/portfolio", "/content/", "/tags", "/blog/"];
        if takes.iter().any(|start| read.starts_with(start)) {
            assert_eq!(key.get(1).and_then(|parameters| parameters.get("lang")), Some(&json!("de")), "{path}: {key}");
        }
    }
}

/// A German page: its path, the answers it embeds (their query key and the API's address of each)
/// and texts it shows.
type GermanPage = (&'static str, Vec<(Value, &'static str)>, &'static [&'static str]);

/// The German pages of every kind and what each shows.
fn german_pages() -> Vec<GermanPage> {
    vec![
        (
            "/de/services",
            vec![(json!(["/services", {"status": "active", "lang": "de"}]), "/api/services?status=active&lang=de")],
            &["Gestaltungsstudio", "<article lang=\"en\" data-testid=\"service-card\""],
        ),
        (
            "/de/faq",
            vec![(
                json!(["/faqs", {"status": "active", "limit": 100, "lang": "de"}]),
                "/api/faqs?status=active&limit=100&lang=de",
            )],
            &["Warum überhaupt wir?", "<li lang=\"en\" data-testid=\"faq-item\""],
        ),
        (
            "/de/about",
            vec![
                (json!(["/content/about", {"lang": "de"}]), "/api/content/about?lang=de"),
                (
                    json!(["/team", {"status": "active", "limit": 100, "lang": "de"}]),
                    "/api/team?status=active&limit=100&lang=de",
                ),
                (
                    json!(["/testimonials", {"status": "approved", "limit": 30, "lang": "de"}]),
                    "/api/testimonials?status=approved&limit=30&lang=de",
                ),
            ],
            &["Über das Studio", "Chefingenieurin", "<li lang=\"en\" class=\"text-center\">", "Großartige Arbeit"],
        ),
        (
            "/de",
            vec![
                (json!(["/services/featured", {"lang": "de"}]), "/api/services/featured?lang=de"),
                (
                    json!(["/faqs", {"status": "active", "limit": 50, "lang": "de"}]),
                    "/api/faqs?status=active&limit=50&lang=de",
                ),
                (
                    json!(["/testimonials", {"status": "approved", "limit": 30, "lang": "de"}]),
                    "/api/testimonials?status=approved&limit=30&lang=de",
                ),
                (
                    json!(["/portfolio", {"sort": "featured", "limit": 6, "status": "published", "lang": "de"}]),
                    "/api/portfolio?sort=featured&limit=6&status=published&lang=de",
                ),
            ],
            &["Gestaltungsstudio", "Warum überhaupt wir?", "Ladenfront"],
        ),
        (
            "/de/portfolio",
            vec![
                (
                    json!(["/portfolio", {"page": 1, "limit": 12, "status": "published", "sort": "most-recent", "lang": "de"}]),
                    "/api/portfolio?page=1&limit=12&status=published&sort=most-recent&lang=de",
                ),
                (
                    json!(["/portfolio", {"status": "published", "limit": 100, "lang": "de"}]),
                    "/api/portfolio?status=published&limit=100&lang=de",
                ),
                (json!(["/tags", {"lang": "de"}]), "/api/tags?lang=de"),
            ],
            &["Ladenfront", "<li lang=\"en\"><img"],
        ),
        (
            "/de/privacy-policy",
            vec![(json!(["/content/privacy", {"lang": "de"}]), "/api/content/privacy?lang=de")],
            &["Datenschutz"],
        ),
    ]
}

#[tokio::test]
async fn every_kind_of_page_in_german_shows_its_records_in_german_and_embeds_the_apis_answers() {
    let app = app_with_every_german_page().await;
    records(&app).await;
    let pages = german_pages();
    for (path, answers, shown) in &pages {
        let (status, html) = page(&app, path).await;
        assert_eq!(status, 200, "{path}: {html}");
        for text in *shown {
            assert!(html.contains(text), "{path}: {text} in {html}");
        }
        for (key, api) in answers {
            embeds_the_apis_answer(&app, path, &html, key, api).await;
        }
        record_keys_name_the_language(path, &html);
    }
    let (_, html) = page(&app, "/de/services").await;
    assert!(html.contains("Consulting Hours"), "fallback shows it in English: {html}");
    let translated = html.find("<span class=\"\">Gestaltungsstudio</span>").expect("the German card");
    let card = html[..translated].rfind("<article").unwrap();
    assert!(html[card..].starts_with("<article data-testid=\"service-card\""), "a German card says nothing: {html}");

    // The default language's pages read and embed as before: no language, no marks.
    let (_, html) = page(&app, "/services").await;
    assert!(html.contains("Design Studio") && !html.contains("lang=\"en\" data-testid"), "{html}");
    let pairs = embedded(&html);
    let (_, services) = pairs.iter().find(|(key, _)| key == &json!(["/services", {"status": "active"}])).unwrap();
    assert!(services.as_array().unwrap().iter().all(|service| service.get("language").is_none()), "{services}");

    // Hiding untranslated records leaves them out of every list, counts too; the answers stay the API's.
    let (status, saved) = app.admin().put_json("/api/settings", &json!({"untranslatedContent": "hide"})).await;
    assert_eq!(status, 200, "{saved}");
    for (path, answers, _) in &pages {
        let (status, html) = page(&app, path).await;
        assert_eq!(status, 200, "{path}: {html}");
        for hidden in ["Consulting Hours", "How long it takes?", "Plain good work", "Night Porter", "Plain Job"] {
            assert!(!html.contains(hidden), "{path}: {hidden} is hidden: {html}");
        }
        for (key, api) in answers {
            embeds_the_apis_answer(&app, path, &html, key, api).await;
        }
    }
    let (_, html) = page(&app, "/de/portfolio").await;
    let key =
        json!(["/portfolio", {"page": 1, "limit": 12, "status": "published", "sort": "most-recent", "lang": "de"}]);
    let list = embeds_the_apis_answer(
        &app,
        "/de/portfolio",
        &html,
        &key,
        "/api/portfolio?page=1&limit=12&status=published&sort=most-recent&lang=de",
    )
    .await;
    assert_eq!(list["totalItems"], 1, "{list}");
}

#[tokio::test]
async fn a_project_is_read_by_its_german_slug_and_named_only_where_it_is_translated() {
    let app = app_with_every_german_page().await;
    records(&app).await;
    let base = &app.address;

    let (status, html) = page(&app, "/de/project/ladenfront").await;
    assert_eq!(status, 200, "{html}");
    assert!(html.contains("<title>Ladenfront | "), "{html}");
    assert!(html.contains("<h2>Ladenfront</h2>") && html.contains("<article>"), "{html}");
    let key = json!(["/portfolio/slug/ladenfront", {"lang": "de"}]);
    let answer =
        embeds_the_apis_answer(&app, "/de/project/ladenfront", &html, &key, "/api/portfolio/slug/ladenfront?lang=de")
            .await;
    assert_eq!(answer["language"], "de");
    record_keys_name_the_language("/de/project/ladenfront", &html);
    for link in [
        format!("<link rel=\"canonical\" href=\"{base}/de/project/ladenfront\" data-head>"),
        format!("<link rel=\"alternate\" hreflang=\"en\" href=\"{base}/project/shop-front\" data-head>"),
        format!("<link rel=\"alternate\" hreflang=\"de\" href=\"{base}/de/project/ladenfront\" data-head>"),
        format!("<link rel=\"alternate\" hreflang=\"x-default\" href=\"{base}/project/shop-front\" data-head>"),
    ] {
        assert!(html.contains(&link), "{link} in {html}");
    }
    assert!(!html.contains("hreflang=\"ar\""), "no Arabic translation: {html}");
    // Its default slug leads to it in German too; its German slug is no English address.
    let (status, html) = page(&app, "/de/project/shop-front").await;
    assert_eq!(status, 200);
    assert!(html.contains("<title>Ladenfront | "), "{html}");
    assert_eq!(page(&app, "/project/ladenfront").await.0, 404);
    // The default language's page names its German address.
    let (_, html) = page(&app, "/project/shop-front").await;
    assert!(html.contains(&format!("hreflang=\"de\" href=\"{base}/de/project/ladenfront\"")), "{html}");
    assert!(!html.contains("hreflang=\"ar\""), "{html}");

    // Untranslated: shown in English, its article says so, and only the default language is named.
    let (status, html) = page(&app, "/de/project/plain-job").await;
    assert_eq!(status, 200, "{html}");
    assert!(html.contains("<article lang=\"en\">") && html.contains("<h2>Plain Job</h2>"), "{html}");
    assert!(!html.contains("hreflang=\"de\"") && html.contains("hreflang=\"x-default\""), "{html}");
    let key = json!(["/portfolio/slug/plain-job", {"lang": "de"}]);
    let answer =
        embeds_the_apis_answer(&app, "/de/project/plain-job", &html, &key, "/api/portfolio/slug/plain-job?lang=de")
            .await;
    assert_eq!(answer["language"], "en");

    // The sitemap lists each project in the languages it is translated in.
    let xml = app.get("/sitemap.xml").await.text().await.unwrap();
    for loc in [
        format!("{base}/project/shop-front"),
        format!("{base}/de/project/ladenfront"),
        format!("{base}/project/plain-job"),
    ] {
        assert!(xml.contains(&format!("<loc>{loc}</loc>")), "{loc} in {xml}");
    }
    for loc in [
        format!("{base}/ar/project/shop-front"),
        format!("{base}/de/project/plain-job"),
        format!("{base}/de/project/shop-front"),
    ] {
        assert!(!xml.contains(&format!("<loc>{loc}</loc>")), "{loc} in {xml}");
    }
}

#[tokio::test]
async fn a_right_to_left_page_gives_the_records_in_the_default_language_their_direction() {
    let app = app_with_every_german_page().await;
    records(&app).await;
    let (status, html) = page(&app, "/ar/services").await;
    assert_eq!(status, 200, "{html}");
    assert!(html.contains("dir=\"rtl\""), "{html}");
    assert!(html.contains("<article lang=\"en\" dir=\"ltr\" data-testid=\"service-card\""), "{html}");
    let (_, html) = page(&app, "/ar/faq").await;
    assert!(html.contains("<li lang=\"en\" dir=\"ltr\" data-testid=\"faq-item\""), "{html}");
    let (_, html) = page(&app, "/ar/project/shop-front").await;
    assert!(html.contains("<article lang=\"en\" dir=\"ltr\">"), "{html}");
    // German is left to right like English: no `dir` on a German page.
    let (_, html) = page(&app, "/de/services").await;
    assert!(!html.contains("lang=\"en\" dir="), "{html}");
}
