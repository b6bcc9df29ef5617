//! The public site's pages in the site's other languages (docs/languages.md, The public site):
//! `/{tag}/…` is the page from that language's build folder, `<html lang dir>` the language's, a
//! post read by its translated slug or shown in the default language; another case of the tag is
//! redirected and a language the site does not list is a missing page.

use serde_json::json;

use crate::helpers::{TestApp, spawn_app, write_prerendered_pages};

/// The stand-in build with a German folder (`de/`), as the real build writes it.
fn write_german_pages(app: &TestApp) {
    let public = app.folder.path().join("web/public");
    let german = public.join("de");
    for file in ["pages/index.html", "pages/about.html", "pages/blog.html", "pages/blog/_.html", "404.html"] {
        let html = std::fs::read_to_string(public.join(file)).unwrap();
        let html = html.replace("<html lang=\"en\">", "<html lang=\"de\">").replace("about page", "Über-uns-Seite");
        let path = german.join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, html).unwrap();
    }
    let list = json!({"pages": [
        {"pattern": "/", "file": "pages/index.html", "name": "Innovative Softwarelösungen", "description": "Startseite."},
        {"pattern": "/about", "file": "pages/about.html", "name": "Über uns", "description": "Wer wir sind."},
        {"pattern": "/blog", "file": "pages/blog.html", "name": "Unser Blog", "description": "Artikel.",
         "preview": "<p>{{count}}</p><ul>{{cards}}</ul>", "card": "<li><a href=\"/de/blog/{{slug}}\">{{title}}</a></li>"},
        {"pattern": "/blog/:slug", "file": "pages/blog/_.html", "name": "Blogbeitrag", "description": "Ein Beitrag.",
         "preview": "<article class=\"pb-16\"><h1>{{title}}</h1>{{html:body}}</article>"},
        {"pattern": "/404", "file": "404.html", "name": "Seite nicht gefunden", "description": ""},
    ]});
    std::fs::write(german.join("pages.json"), list.to_string()).unwrap();
}

pub(crate) async fn app_in_languages() -> TestApp {
    let app = spawn_app().await;
    write_prerendered_pages(&app);
    write_german_pages(&app);
    let body = json!({
        "languages": [
            {"tag": "en", "name": "English", "direction": "ltr"},
            {"tag": "de", "name": "Deutsch", "direction": "ltr"},
            {"tag": "ar", "name": "العربية", "direction": "rtl"},
        ],
    });
    let (status, saved) = app.admin().put_json("/api/settings", &body).await;
    assert_eq!(status, 200, "{saved}");
    app
}

pub(crate) async fn page(app: &TestApp, path: &str) -> (u16, String) {
    let response = app.get(path).await;
    (response.status().as_u16(), response.text().await.unwrap())
}

#[tokio::test]
async fn a_page_under_a_listed_language_is_that_languages_page() {
    let app = app_in_languages().await;
    let (status, html) = page(&app, "/de/about").await;
    assert_eq!(status, 200, "{html}");
    assert!(html.contains("<html lang=\"de\">"), "{html}");
    assert!(html.contains("Über-uns-Seite"), "{html}");
    assert!(html.contains("<title>Über uns"), "{html}");
    let (status, html) = page(&app, "/de").await;
    assert_eq!(status, 200, "{html}");
    assert!(html.contains("<html lang=\"de\">"), "{html}");

    // The default language's pages are as they were.
    let (status, html) = page(&app, "/about").await;
    assert_eq!(status, 200);
    assert!(html.contains("<html lang=\"en\">") && html.contains("about page"), "{html}");
}

#[tokio::test]
async fn a_language_without_pages_of_its_own_uses_the_defaults_and_says_its_tag_and_direction() {
    let app = app_in_languages().await;
    let (status, html) = page(&app, "/ar/about").await;
    assert_eq!(status, 200, "{html}");
    assert!(html.contains("<html lang=\"ar\" dir=\"rtl\">"), "{html}");
    assert!(html.contains("about page"), "{html}");
}

#[tokio::test]
async fn another_case_of_the_tag_is_redirected_and_an_unlisted_language_is_missing() {
    let app = app_in_languages().await;
    let response = app.get("/DE/about?x=1").await;
    assert_eq!(response.status().as_u16(), 301);
    assert_eq!(response.headers()["location"], "/de/about?x=1");
    let response = app.get("/De").await;
    assert_eq!(response.status().as_u16(), 301);
    assert_eq!(response.headers()["location"], "/de");
    let (status, _) = page(&app, "/fr/about").await;
    assert_eq!(status, 404);
    let (status, html) = page(&app, "/de/nothing-here").await;
    assert_eq!(status, 404);
    assert!(html.contains("<html lang=\"de\">"), "{html}");
}

#[tokio::test]
async fn a_post_under_a_language_is_its_page_in_that_language_or_the_default_languages() {
    let app = app_in_languages().await;
    let body = json!({"title": "Hello", "slug": "hello", "content": "# Hello\n\nBody.", "status": "published"});
    let (status, created) = app.admin().post_json("/api/blog/posts", &body).await;
    assert_eq!(status, 201, "{created}");
    // Not translated: shown in the default language at its own slug.
    let (status, html) = page(&app, "/de/blog/hello").await;
    assert_eq!(status, 200, "{html}");
    assert!(html.contains("<html lang=\"de\">"), "{html}");
    assert!(html.contains("Hello"), "{html}");
}

/// Sets what the site does with untranslated content (`fallback`, `hide`), keeping its languages.
async fn untranslated(app: &TestApp, choice: &str) {
    let (status, saved) = app.admin().put_json("/api/settings", &json!({"untranslatedContent": choice})).await;
    assert_eq!(status, 200, "{saved}");
}

/// A published post, and its German translation when `german` names its title and slug.
async fn post_in_german(app: &TestApp, title: &str, slug: &str, german: Option<(&str, &str, &str)>) -> String {
    let body = json!({"title": title, "slug": slug, "excerpt": format!("{title} in short."),
        "content": format!("# {title}\n\nEnglish text of {title}."), "status": "published"});
    let (status, created) = app.admin().post_json("/api/blog/posts", &body).await;
    assert_eq!(status, 201, "{created}");
    let id = created["_id"].as_str().unwrap().to_owned();
    if let Some((title, slug, publication)) = german {
        let body = json!({
            "fields": {"title": title, "excerpt": format!("{title} kurz."), "content": format!("Deutscher Text von {title}.")},
            "slug": slug,
            "publication": publication,
        });
        let (status, saved) =
            app.admin().send_json(reqwest::Method::PUT, &format!("/api/translations/post/{id}/de"), &body).await;
        assert_eq!(status, 200, "{saved}");
    }
    id
}

/// The answers a page embeds for its script: `[queryKey, answer]` pairs.
fn embedded(html: &str) -> Vec<(serde_json::Value, serde_json::Value)> {
    let start = html.find("<script type=\"application/json\" id=\"atelier-data\">").expect("answers are embedded");
    let rest = &html[start..];
    let text = &rest[rest.find('>').unwrap() + 1..rest.find("</script>").unwrap()];
    let pairs: Vec<(serde_json::Value, serde_json::Value)> = serde_json::from_str(text).unwrap();
    pairs
}

fn answer<'a>(pairs: &'a [(serde_json::Value, serde_json::Value)], key: &serde_json::Value) -> &'a serde_json::Value {
    &pairs.iter().find(|(found, _)| found == key).unwrap_or_else(|| panic!("no answer under {key}: {pairs:?}")).1
}

#[tokio::test]
async fn a_german_post_is_read_by_its_german_slug_with_its_texts_head_and_answer_in_german() {
    let app = app_in_languages().await;
    post_in_german(&app, "Hello", "hello", Some(("Hallo Welt", "hallo-welt", "published"))).await;
    let base = &app.address;

    let (status, html) = page(&app, "/de/blog/hallo-welt").await;
    assert_eq!(status, 200, "{html}");
    assert!(html.contains("<title>Hallo Welt | "), "{html}");
    assert!(html.contains("<h1>Hallo Welt</h1>") && html.contains("Deutscher Text von Hallo Welt."), "{html}");
    assert!(!html.contains("data-fallback-notice") && html.contains("<article class=\"pb-16\">"), "{html}");
    let pairs = embedded(&html);
    let post = answer(&pairs, &json!(["/blog/public/posts/slug/hallo-welt", {"lang": "de"}]));
    assert_eq!((post["title"].as_str(), post["language"].as_str()), (Some("Hallo Welt"), Some("de")));
    assert_eq!(post["translations"], json!([{"lang": "en", "slug": "hello"}, {"lang": "de", "slug": "hallo-welt"}]));
    // Its head: its address in German, its languages (not Arabic, where it has no translation).
    for link in [
        format!("<link rel=\"canonical\" href=\"{base}/de/blog/hallo-welt\" data-head>"),
        format!("<link rel=\"alternate\" hreflang=\"en\" href=\"{base}/blog/hello\" data-head>"),
        format!("<link rel=\"alternate\" hreflang=\"de\" href=\"{base}/de/blog/hallo-welt\" data-head>"),
        format!("<link rel=\"alternate\" hreflang=\"x-default\" href=\"{base}/blog/hello\" data-head>"),
        "<meta property=\"og:locale\" content=\"de\" data-head>".to_owned(),
        format!("href=\"{base}/de/rss.xml\" data-head>"),
    ] {
        assert!(html.contains(&link), "{link} in {html}");
    }
    assert!(!html.contains("hreflang=\"ar\""), "{html}");

    // Its default slug leads to it in German too; its German slug is no English address.
    let (status, html) = page(&app, "/de/blog/hello").await;
    assert_eq!(status, 200);
    assert!(html.contains("<title>Hallo Welt | "), "{html}");
    let (status, _) = page(&app, "/blog/hallo-welt").await;
    assert_eq!(status, 404);

    // The default language's page names the German one.
    let (status, html) = page(&app, "/blog/hello").await;
    assert_eq!(status, 200);
    assert!(html.contains("<title>Hello | "), "{html}");
    assert!(html.contains(&format!("<link rel=\"canonical\" href=\"{base}/blog/hello\" data-head>")), "{html}");
    assert!(html.contains(&format!("hreflang=\"de\" href=\"{base}/de/blog/hallo-welt\"")), "{html}");
    assert!(html.contains("<meta property=\"og:locale\" content=\"en\" data-head>"), "{html}");
    let pairs = embedded(&html);
    assert_eq!(answer(&pairs, &json!(["/blog/public/posts/slug/hello"]))["title"], "Hello");
}

#[tokio::test]
async fn an_untranslated_post_says_it_is_in_the_default_language_and_a_draft_translation_is_never_shown() {
    let app = app_in_languages().await;
    post_in_german(&app, "Plain", "plain", None).await;
    post_in_german(&app, "Drafted", "drafted", Some(("Entwurf", "entwurf", "draft"))).await;

    for path in ["/de/blog/plain", "/de/blog/drafted"] {
        let (status, html) = page(&app, path).await;
        assert_eq!(status, 200, "{path}: {html}");
        assert!(html.contains("<html lang=\"de\">"), "{html}");
        assert!(html.contains("<article lang=\"en\" class=\"pb-16\">"), "{path}: {html}");
        assert!(html.contains("data-fallback-notice>This post is not available in this language yet"), "{html}");
        assert!(!html.contains("Entwurf"), "{path}: {html}");
        assert!(!html.contains("hreflang=\"de\""), "only the default language is named: {html}");
    }
    let (status, _) = page(&app, "/de/blog/entwurf").await;
    assert_eq!(status, 404, "a draft's slug is no address");
    let (_, html) = page(&app, "/de/blog/drafted").await;
    let pairs = embedded(&html);
    let post = answer(&pairs, &json!(["/blog/public/posts/slug/drafted", {"lang": "de"}]));
    assert_eq!((post["title"].as_str(), post["language"].as_str()), (Some("Drafted"), Some("en")));
}

#[tokio::test]
async fn the_german_blog_lists_the_posts_in_german_and_leaves_out_the_untranslated_ones_when_hiding() {
    let app = app_in_languages().await;
    post_in_german(&app, "Hello", "hello", Some(("Hallo Welt", "hallo-welt", "published"))).await;
    post_in_german(&app, "Plain", "plain", None).await;
    let key = json!(["/blog/public/posts", {"page": 1, "limit": 12, "status": "published", "lang": "de"}]);

    let (status, html) = page(&app, "/de/blog").await;
    assert_eq!(status, 200, "{html}");
    assert!(html.contains("<li><a href=\"/de/blog/hallo-welt\">Hallo Welt</a>"), "{html}");
    // An untranslated post is shown in English, and its card says so.
    assert!(html.contains("<li lang=\"en\"><a href=\"/de/blog/plain\">Plain</a>"), "{html}");
    let (_, all) = app.get_json("/api/blog/public/posts?lang=de").await;
    let total = all["totalItems"].as_u64().unwrap();
    assert!(total > 2, "the demo's posts are there too");
    assert!(html.contains(&format!("<p>{total} posts</p>")), "{html}");
    assert_eq!(answer(&embedded(&html), &key)["totalItems"], total);

    untranslated(&app, "hide").await;
    let (status, html) = page(&app, "/de/blog").await;
    assert_eq!(status, 200);
    assert!(html.contains("Hallo Welt") && !html.contains(">Plain<"), "{html}");
    assert!(html.contains("<p>1 post</p>"), "{html}");
    let pairs = embedded(&html);
    let list = answer(&pairs, &key);
    assert_eq!((list["totalItems"].as_u64(), list["blogs"][0]["language"].as_str()), (Some(1), Some("de")));
    // Its own page still falls back.
    let (status, html) = page(&app, "/de/blog/plain").await;
    assert_eq!(status, 200);
    assert!(html.contains("data-fallback-notice"), "{html}");
}

#[tokio::test]
async fn every_page_names_each_language_and_a_site_in_one_language_names_none() {
    let app = spawn_app().await;
    write_prerendered_pages(&app);
    let (_, html) = page(&app, "/about").await;
    assert!(!html.contains("hreflang"), "{html}");
    assert!(html.contains("<meta property=\"og:locale\" content=\"en_US\" data-head>"), "{html}");
    assert!(html.contains(&format!("<link rel=\"canonical\" href=\"{}/about\" data-head>", app.address)), "{html}");

    let app = app_in_languages().await;
    let base = &app.address;
    let (_, html) = page(&app, "/de/about").await;
    for link in [
        format!("<link rel=\"canonical\" href=\"{base}/de/about\" data-head>"),
        format!("hreflang=\"en\" href=\"{base}/about\""),
        format!("hreflang=\"de\" href=\"{base}/de/about\""),
        format!("hreflang=\"ar\" href=\"{base}/ar/about\""),
        format!("hreflang=\"x-default\" href=\"{base}/about\""),
        "<meta property=\"og:locale:alternate\" content=\"ar\" data-head>".to_owned(),
    ] {
        assert!(html.contains(&link), "{link} in {html}");
    }
    let (_, html) = page(&app, "/").await;
    assert!(html.contains(&format!("hreflang=\"de\" href=\"{base}/de\"")), "{html}");
}

#[tokio::test]
async fn the_sitemap_lists_each_languages_addresses_with_their_alternates() {
    let app = app_in_languages().await;
    post_in_german(&app, "Hello", "hello", Some(("Hallo Welt", "hallo-welt", "published"))).await;
    let base = &app.address;
    let response = app.get("/sitemap.xml").await;
    assert_eq!(response.status().as_u16(), 200);
    let xml = response.text().await.unwrap();
    assert!(xml.contains("xmlns:xhtml=\"http://www.w3.org/1999/xhtml\""), "{xml}");
    for loc in [format!("{base}/de/about"), format!("{base}/ar/about"), format!("{base}/de/blog/hallo-welt")] {
        assert!(xml.contains(&format!("<loc>{loc}</loc>")), "{loc} in {xml}");
    }
    assert!(!xml.contains(&format!("<loc>{base}/ar/blog/hello</loc>")), "{xml}");
    assert!(
        xml.contains(&format!("<xhtml:link rel=\"alternate\" hreflang=\"x-default\" href=\"{base}/blog/hello\"/>")),
        "{xml}"
    );
}

#[tokio::test]
async fn each_language_has_its_feed_and_a_language_the_site_does_not_list_has_none() {
    let app = app_in_languages().await;
    post_in_german(&app, "Hello", "hello", Some(("Hallo Welt", "hallo-welt", "published"))).await;
    let base = &app.address;
    let response = app.get("/de/rss.xml").await;
    assert_eq!(response.status().as_u16(), 200);
    assert!(response.headers()["content-type"].to_str().unwrap().starts_with("application/rss+xml"));
    let german = response.text().await.unwrap();
    assert!(german.contains("<language>de</language>"), "{german}");
    assert!(german.contains("<title>Hallo Welt</title>"), "{german}");
    assert!(german.contains(&format!("<link>{base}/de/blog/hallo-welt</link>")), "{german}");
    assert!(german.contains(&format!("href=\"{base}/de/rss.xml\"")), "{german}");

    let english = app.get("/rss.xml").await.text().await.unwrap();
    assert!(english.contains("<language>en</language>") && english.contains("<title>Hello</title>"), "{english}");
    assert!(!english.contains("Hallo"), "{english}");

    // The site's name and description in German name the German feed.
    let texts = json!({"fields": {"siteName": "Werkstatt", "siteDescription": "Software nach Maß."}});
    let (status, saved) =
        app.admin().send_json(reqwest::Method::PUT, "/api/translations/site/settings/de", &texts).await;
    assert_eq!(status, 200, "{saved}");
    let german = app.get("/de/rss.xml").await.text().await.unwrap();
    assert!(german.contains("<title>Werkstatt Blog</title>"), "{german}");
    assert!(german.contains("<description>Software nach Maß.</description>"), "{german}");
    let english = app.get("/rss.xml").await.text().await.unwrap();
    assert!(!english.contains("Werkstatt"), "{english}");

    for path in ["/fr/rss.xml", "/xx/rss.xml", "/en/rss.xml", "/blog/rss.xml"] {
        assert_eq!(app.get(path).await.status().as_u16(), 404, "{path}");
    }
    let response = app.get("/DE/rss.xml").await;
    assert_eq!(response.status().as_u16(), 301);
    assert_eq!(response.headers()["location"], "/de/rss.xml");
}

#[tokio::test]
async fn no_language_is_ever_sent_another_languages_cached_page() {
    let app = app_in_languages().await;
    post_in_german(&app, "Hello", "hello", Some(("Hallo Welt", "hallo-welt", "published"))).await;
    for _ in 0..2 {
        let (_, german) = page(&app, "/de/blog/hello").await;
        let (_, english) = page(&app, "/blog/hello").await;
        assert!(german.contains("<title>Hallo Welt | ") && german.contains("<html lang=\"de\">"), "{german}");
        assert!(english.contains("<title>Hello | ") && english.contains("<html lang=\"en\">"), "{english}");
    }
    for _ in 0..2 {
        let english = app.get("/rss.xml").await.text().await.unwrap();
        let german = app.get("/de/rss.xml").await.text().await.unwrap();
        assert!(english.contains("<language>en</language>") && german.contains("<language>de</language>"));
    }
    // Read the other way round on a fresh app.
    let app = app_in_languages().await;
    post_in_german(&app, "Hello", "hello", Some(("Hallo Welt", "hallo-welt", "published"))).await;
    for _ in 0..2 {
        let (_, english) = page(&app, "/blog/hello").await;
        let (_, german) = page(&app, "/de/blog/hello").await;
        assert!(english.contains("<title>Hello | ") && !english.contains("Hallo"), "{english}");
        assert!(german.contains("<title>Hallo Welt | "), "{german}");
    }
}

#[tokio::test]
async fn the_head_api_gives_a_languages_page_its_head() {
    let app = app_in_languages().await;
    post_in_german(&app, "Hello", "hello", Some(("Hallo Welt", "hallo-welt", "published"))).await;
    let (status, head) = app.get_json("/api/site/head?path=/de/blog/hallo-welt").await;
    assert_eq!(status, 200, "{head}");
    assert_eq!(head["status"], 200);
    assert!(head["title"].as_str().unwrap().starts_with("Hallo Welt | "), "{head}");
    let elements = head["elements"].as_array().unwrap();
    let hreflang = |tag: &str| {
        elements
            .iter()
            .find(|element| element["attributes"]["hreflang"] == tag)
            .map(|element| element["attributes"]["href"].as_str().unwrap().to_owned())
    };
    assert_eq!(hreflang("de"), Some(format!("{}/de/blog/hallo-welt", app.address)));
    assert_eq!(hreflang("x-default"), Some(format!("{}/blog/hello", app.address)));
    let (_, missing) = app.get_json("/api/site/head?path=/de/blog/nothing").await;
    assert_eq!(missing["status"], 404);
    let (_, english) = app.get_json("/api/site/head?path=/blog/hello").await;
    assert!(english["title"].as_str().unwrap().starts_with("Hello | "), "{english}");
}

#[tokio::test]
async fn a_german_page_is_never_titled_or_described_by_the_english_meta_texts() {
    let app = app_in_languages().await;
    let body = json!({"title": "Hello", "slug": "hello", "content": "# Hello\n\nText.", "status": "published",
        "metaTitle": "Hello, the English guide", "metaDescription": "All about hello, in English."});
    let (status, created) = app.admin().post_json("/api/blog/posts", &body).await;
    assert_eq!(status, 201, "{created}");
    let id = created["_id"].as_str().unwrap();
    let german = json!({"fields": {"title": "Hallo", "excerpt": "Alles über Hallo."}, "slug": "hallo", "publication": "published"});
    let (status, saved) =
        app.admin().send_json(reqwest::Method::PUT, &format!("/api/translations/post/{id}/de"), &german).await;
    assert_eq!(status, 200, "{saved}");
    let (_, html) = page(&app, "/de/blog/hallo").await;
    assert!(html.contains("<title>Hallo | "), "{html}");
    assert!(html.contains("<meta name=\"description\" content=\"Alles über Hallo.\" data-head>"), "{html}");
    assert!(!html.contains("English guide") && !html.contains("in English."), "{html}");
    let (_, html) = page(&app, "/blog/hello").await;
    assert!(html.contains("<title>Hello, the English guide | "), "{html}");
}

#[tokio::test]
async fn the_sites_own_texts_are_written_and_embedded_in_the_pages_language() {
    let app = app_in_languages().await;
    let details = json!({"email": "hello@studio.example", "phone": "+44 20 7946 0000", "address": "1 Main Street"});
    let (status, saved) = app.admin().post_json("/api/contact-details", &details).await;
    assert_eq!(status, 200, "{saved}");
    let (status, english) = page(&app, "/").await;
    assert_eq!(status, 200, "{english}");
    for (path, body) in [
        ("settings", json!({"fields": {"siteName": "Atelier Deutschland", "siteDescription": "Software aus Berlin."}})),
        ("contact", json!({"fields": {"address": "Hauptstraße 1, Berlin"}})),
        (
            "home",
            json!({"fields": {
                "hero.title": "Innovative Software für Ihr Unternehmen",
                "hero.links.1.label": "Kontakt",
                "sections.why-choose-us.heading": "Warum wir",
                "footerServices.1": "Webentwicklung",
            }}),
        ),
    ] {
        let (status, saved) =
            app.admin().send_json(reqwest::Method::PUT, &format!("/api/translations/site/{path}/de"), &body).await;
        assert_eq!(status, 200, "{path}: {saved}");
    }

    let (status, html) = page(&app, "/de").await;
    assert_eq!(status, 200, "{html}");
    for text in [
        "Innovative Software für Ihr Unternehmen",
        ">Kontakt</a>",
        "Warum wir",
        "Webentwicklung",
        "Hauptstraße 1, Berlin",
        "Software aus Berlin.",
        "Atelier Deutschland",
    ] {
        assert!(html.contains(text), "{text}: {html}");
    }
    assert!(!html.contains("Innovative Software Solutions for Your Business<"), "{html}");
    assert!(html.contains("We design and build custom software"), "an untranslated text is the default's");
    let pairs = embedded(&html);
    let de = |path: &str| json!([path, {"lang": "de"}]);
    let home = answer(&pairs, &de("/home-page"));
    assert_eq!(
        (home["hero"]["title"].as_str(), home["language"].as_str()),
        (Some("Innovative Software für Ihr Unternehmen"), Some("de"))
    );
    assert_eq!(home["translations"][1]["lang"], "de", "{home}");
    let settings = answer(&pairs, &de("/settings"));
    assert_eq!(
        (settings["siteName"].as_str(), settings["language"].as_str()),
        (Some("Atelier Deutschland"), Some("de"))
    );
    let contact = answer(&pairs, &de("/contact-details"));
    assert_eq!(contact["address"], "Hauptstraße 1, Berlin");
    assert!(!pairs.iter().any(|(key, _)| key == &json!(["/home-page"])), "only the page's language's answers");

    // The German page's embedded answers are what the API answers the page's script.
    let (_, read) = app.get_json("/api/home-page?lang=de").await;
    assert_eq!(home, &read);
    let (_, read) = app.get_json("/api/settings?lang=de").await;
    assert_eq!(settings, &read);

    // Every German page's footer and head, and the Arabic pages fall back to the default's texts.
    let (_, about) = page(&app, "/de/about").await;
    assert!(about.contains("Webentwicklung") && about.contains("Hauptstraße 1, Berlin"), "{about}");
    let (_, arabic) = page(&app, "/ar").await;
    assert!(arabic.contains("Innovative Software Solutions for Your Business"), "{arabic}");
    let home = answer(&embedded(&arabic), &json!(["/home-page", {"lang": "ar"}])).clone();
    assert_eq!(home["language"], "en", "{home}");

    // The default language's page is as it was before any translation.
    let (_, again) = page(&app, "/").await;
    assert_eq!(again, english);
    assert!(answer(&embedded(&again), &json!(["/home-page"])).get("language").is_none());
}
