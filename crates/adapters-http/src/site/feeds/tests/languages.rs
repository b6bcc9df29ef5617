//! The sitemap and the feeds of a site in several languages.

use atelier_domain::language::SiteLanguageInput;

use super::*;

const XHTML: &str = "http://www.w3.org/1999/xhtml";

fn languages() -> Languages {
    let input = |tag: &str| SiteLanguageInput { tag: Some(tag.into()), name: Some(tag.into()), direction: None };
    Languages::parse(&[input("en"), input("de"), input("fr")], None).unwrap()
}

/// Each `<url>`'s address and its alternates (`hreflang`, `href`).
fn urls(xml: &str) -> Vec<(String, Vec<(String, String)>)> {
    let document = roxmltree::Document::parse(xml).unwrap();
    children(document.root_element(), "url")
        .into_iter()
        .map(|url| {
            let alternates = url
                .children()
                .filter(|child| child.tag_name().name() == "link" && child.tag_name().namespace() == Some(XHTML))
                .map(|link| {
                    assert_eq!(link.attribute("rel"), Some("alternate"));
                    (link.attribute("hreflang").unwrap().to_owned(), link.attribute("href").unwrap().to_owned())
                })
                .collect();
            (text_of(url, "loc").unwrap().to_owned(), alternates)
        })
        .collect()
}

#[test]
fn each_language_lists_its_pages_and_translated_posts_with_their_alternates() {
    let translated = SitemapEntry {
        slug: "designing-apis".into(),
        last_modified: at(7),
        translations: vec![("en".into(), "designing-apis".into()), ("de".into(), "apis-entwerfen".into())],
    };
    let sitemap = Sitemap { posts: vec![translated], projects: Vec::new() };
    let xml = sitemap_xml(BASE, &["/", "/about"], &sitemap, &languages());
    assert!(xml.contains("xmlns:xhtml=\"http://www.w3.org/1999/xhtml\""), "{xml}");
    let urls = urls(&xml);
    let locations: Vec<&str> = urls.iter().map(|(loc, _)| loc.as_str()).collect();
    assert_eq!(
        locations,
        [
            "https://studio.example/",
            "https://studio.example/de",
            "https://studio.example/fr",
            "https://studio.example/about",
            "https://studio.example/de/about",
            "https://studio.example/fr/about",
            "https://studio.example/blog/designing-apis",
            "https://studio.example/de/blog/apis-entwerfen",
        ]
    );
    let about = &urls[4].1;
    assert_eq!(
        about,
        &vec![
            ("en".to_owned(), "https://studio.example/about".to_owned()),
            ("de".to_owned(), "https://studio.example/de/about".to_owned()),
            ("fr".to_owned(), "https://studio.example/fr/about".to_owned()),
            ("x-default".to_owned(), "https://studio.example/about".to_owned()),
        ]
    );
    let post = &urls[7].1;
    assert_eq!(post.len(), 3, "English, German and x-default, no French: {post:?}");
    assert_eq!(post[1], ("de".to_owned(), "https://studio.example/de/blog/apis-entwerfen".to_owned()));
}

#[test]
fn a_languages_feed_links_to_its_pages_and_says_its_language() {
    let mut german = post("apis-entwerfen", "APIs entwerfen", "Text.");
    german.post.excerpt = "Wie wir APIs entwerfen.".into();
    let words = crate::site::words::german_for_tests();
    let feed = FeedLanguage { tag: "de", prefix: "/de" };
    let xml = feed_xml_in(BASE, &publisher("Studio"), &[german], &words, &feed);
    let document = roxmltree::Document::parse(&xml).unwrap();
    let channel = children(document.root_element(), "channel")[0];
    assert_eq!(text_of(channel, "title"), Some("Studio – Blog"));
    assert_eq!(text_of(channel, "link"), Some("https://studio.example/de/blog"));
    assert_eq!(text_of(channel, "language"), Some("de"));
    let own = children(channel, "link").into_iter().find(|link| link.attribute("rel") == Some("self")).unwrap();
    assert_eq!(own.attribute("href"), Some("https://studio.example/de/rss.xml"));
    let item = children(channel, "item")[0];
    assert_eq!(text_of(item, "title"), Some("APIs entwerfen"));
    assert_eq!(text_of(item, "link"), Some("https://studio.example/de/blog/apis-entwerfen"));
    assert_eq!(text_of(item, "description"), Some("Wie wir APIs entwerfen."));
}
