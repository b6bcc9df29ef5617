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
    for file in ["pages/index.html", "pages/about.html", "pages/blog/_.html", "404.html"] {
        let html = std::fs::read_to_string(public.join(file)).unwrap();
        let html = html.replace("<html lang=\"en\">", "<html lang=\"de\">").replace("about page", "Über-uns-Seite");
        let path = german.join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, html).unwrap();
    }
    let list = json!({"pages": [
        {"pattern": "/", "file": "pages/index.html", "name": "Innovative Softwarelösungen", "description": "Startseite."},
        {"pattern": "/about", "file": "pages/about.html", "name": "Über uns", "description": "Wer wir sind."},
        {"pattern": "/blog/:slug", "file": "pages/blog/_.html", "name": "Blogbeitrag", "description": "Ein Beitrag."},
        {"pattern": "/404", "file": "404.html", "name": "Seite nicht gefunden", "description": ""},
    ]});
    std::fs::write(german.join("pages.json"), list.to_string()).unwrap();
}

async fn app_in_languages() -> TestApp {
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

async fn page(app: &TestApp, path: &str) -> (u16, String) {
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
