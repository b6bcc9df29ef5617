//! The heads of a site in several languages: `hreflang` alternates with `x-default`, the canonical
//! address and `og:locale` of each language's page; a site in one language is as it always was.

use super::*;

fn german_about() -> Localized {
    Localized {
        tag: "de".into(),
        prefix: "/de".into(),
        alternates: vec![("en".into(), "/about".into()), ("de".into(), "/de/about".into())],
    }
}

fn hreflangs(head: &Head) -> Vec<(String, String)> {
    head.elements
        .iter()
        .filter(|element| element.attributes.iter().any(|(name, _)| *name == "hreflang"))
        .map(|element| {
            let value = |key: &str| element.attributes.iter().find(|(name, _)| *name == key).unwrap().1.clone();
            (value("hreflang"), value("href"))
        })
        .collect()
}

#[test]
fn a_languages_page_names_every_language_it_is_in_with_its_own_canonical_address() {
    let language = german_about();
    let info = PageInfo { language: Some(&language), ..info("/about", "Über uns") };
    let head = Head::of(info, &Subject::Page, &publisher());
    assert_eq!(link(&head, "canonical"), Some("https://studio.example/de/about"));
    assert_eq!(content(&head, "og:url"), Some("https://studio.example/de/about"));
    assert_eq!(content(&head, "og:locale"), Some("de"));
    assert_eq!(content(&head, "og:locale:alternate"), Some("en"));
    assert_eq!(
        hreflangs(&head),
        vec![
            ("en".into(), "https://studio.example/about".into()),
            ("de".into(), "https://studio.example/de/about".into()),
            ("x-default".into(), "https://studio.example/about".into()),
        ]
    );
    let html = head.to_html();
    assert!(
        html.contains(
            "<link rel=\"alternate\" hreflang=\"x-default\" href=\"https://studio.example/about\" data-head>"
        )
    );
    assert!(html.contains("href=\"https://studio.example/de/rss.xml\""), "{html}");
}

#[test]
fn a_post_in_a_language_is_at_its_translated_slug_and_its_breadcrumbs_stay_in_the_language() {
    let language = Localized {
        tag: "de-AT".into(),
        prefix: "/de-AT".into(),
        alternates: vec![
            ("en".into(), "/blog/designing-apis".into()),
            ("de-AT".into(), "/de-AT/blog/apis-entwerfen".into()),
        ],
    };
    let mut view = post("APIs entwerfen");
    view.post.slug = Slug::parse("apis-entwerfen").unwrap();
    let info = PageInfo { language: Some(&language), ..info("", "Blog Post") };
    let head = Head::of(info, &Subject::Post(Box::new(view)), &publisher());
    assert_eq!(link(&head, "canonical"), Some("https://studio.example/de-AT/blog/apis-entwerfen"));
    assert_eq!(content(&head, "og:locale"), Some("de_AT"));
    assert_eq!(head.title, "APIs entwerfen | Studio North Blog");
    let crumbs = item(&head, "BreadcrumbList");
    assert_eq!(crumbs["itemListElement"][0]["item"], "https://studio.example/de-AT");
    assert_eq!(crumbs["itemListElement"][1]["item"], "https://studio.example/de-AT/blog");
    assert_eq!(hreflangs(&head).len(), 3, "two languages and x-default");
}

#[test]
fn the_default_languages_page_of_a_site_in_several_languages_keeps_its_address() {
    let language = Localized { tag: "en".into(), prefix: String::new(), ..german_about() };
    let info = PageInfo { language: Some(&language), ..info("/about", "About Us") };
    let head = Head::of(info, &Subject::Page, &publisher());
    assert_eq!(link(&head, "canonical"), Some("https://studio.example/about"));
    assert_eq!(content(&head, "og:locale"), Some("en"));
    assert_eq!(content(&head, "og:locale:alternate"), Some("de"));
    assert!(head.to_html().contains("href=\"https://studio.example/rss.xml\""));
}

#[test]
fn the_not_found_page_names_no_alternates_and_one_language_none_at_all() {
    let language = german_about();
    let missing = PageInfo { language: Some(&language), ..info("", "Seite nicht gefunden") };
    assert!(hreflangs(&Head::of(missing, &Subject::Missing, &publisher())).is_empty());
    let head = Head::of(info("/about", "About Us"), &Subject::Page, &publisher());
    assert!(hreflangs(&head).is_empty());
    assert_eq!(content(&head, "og:locale"), Some("en_US"));
}

#[test]
fn the_title_suffixes_are_the_pages_words() {
    let german = crate::site::words::german_for_tests();
    let info = PageInfo { words: &german, ..info("", "Projekt") };
    let head = Head::of(info, &Subject::Project(Box::new(project())), &publisher());
    assert!(head.title.ends_with(" – Studio North Portfolio"), "{}", head.title);
}
