//! The links the server writes itself on a language's pages (docs/languages.md, "Links the server
//! writes itself"): under the language's prefix (`/de/about`, `/de#services`, `/de`), as the
//! public app writes them under its basename, so crawlers and the first paint follow the page's
//! language; the default language's pages link as they always did.

use crate::language_pages::{app_in_languages, page};

/// Every site-internal `href` of `html` (one leading `/`) but the owner's own links in markdown
/// (a FAQ's answer), which open in a new tab and read the same before and after hydration.
fn site_hrefs(html: &str) -> Vec<&str> {
    html.split("href=\"")
        .skip(1)
        .filter(|rest| !rest.split_once('>').is_some_and(|(attributes, _)| attributes.contains("target=\"_blank\"")))
        .filter_map(|rest| rest.split('"').next())
        .filter(|href| href.starts_with('/') && !href.starts_with("//"))
        .collect()
}

/// The part of the page the server writes: from the preview slot's root to the end of the body
/// (the head's stylesheet and preloads are the build's assets, not links to pages).
fn body(html: &str) -> &str {
    html.split_once("<body").map_or(html, |(_, body)| body)
}

fn assert_under(html: &str, prefix: &str) {
    let pages: Vec<&str> = site_hrefs(body(html)).into_iter().filter(|href| !href.starts_with("/assets/")).collect();
    assert!(pages.len() >= 8, "the footer's links at least: {pages:?}");
    for href in pages {
        assert!(
            href == prefix || href.starts_with(&format!("{prefix}/")) || href.starts_with(&format!("{prefix}#")),
            "{href} is not under {prefix}"
        );
    }
}

#[tokio::test]
async fn a_languages_pages_link_under_its_prefix_and_the_default_languages_as_before() {
    let app = app_in_languages().await;
    for (path, prefix) in [("/de/about", "/de"), ("/de", "/de"), ("/ar/about", "/ar")] {
        let (status, html) = page(&app, path).await;
        assert_eq!(status, 200, "{path}: {html}");
        assert_under(&html, prefix);
        assert!(html.contains(&format!("href=\"{prefix}/discuss-project\"")), "{path}: {html}");
        assert!(html.contains(&format!("href=\"{prefix}/cookie-policy\"")), "{path}: {html}");
        assert!(html.contains(&format!("href=\"{prefix}\"")), "{path}: the logo leads to the language's home page");
    }

    // The default language's pages link as they always did.
    for path in ["/about", "/"] {
        let (status, html) = page(&app, path).await;
        assert_eq!(status, 200, "{path}: {html}");
        for href in site_hrefs(body(&html)) {
            assert!(!href.starts_with("/de") && !href.starts_with("/ar"), "{path}: {href}");
        }
        assert!(html.contains("href=\"/discuss-project\"") && html.contains("href=\"/\""), "{path}: {html}");
    }
}
