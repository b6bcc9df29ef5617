//! The sitemap, the feed and the robots rules as written, read back with an XML parser.

use atelier_application::site::SitemapEntry;
use atelier_domain::EntityId;
use atelier_domain::post::{Post, PostStatus};
use atelier_domain::settings::Settings;
use atelier_domain::slug::Slug;
use chrono::TimeZone;

use atelier_application::site::Sitemap;
use atelier_domain::language::Languages;

use super::*;
use crate::site::PageEntry;

const BASE: &str = "https://studio.example";

fn at(day: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 3, day, 9, 30, 0).unwrap()
}

fn publisher(name: &str) -> Publisher {
    let mut settings = Settings::initial(at(1));
    settings.site_name = name.into();
    settings.site_description = "Software for growing businesses.".into();
    Publisher { settings, contact: None }
}

fn post(slug: &str, title: &str, content: &str) -> PostView {
    let post = Post {
        meta: atelier_domain::meta::RecordMeta::default(),
        id: EntityId::generate(at(2)),
        slug: Slug::parse(slug).unwrap(),
        title: title.into(),
        excerpt: "How we design APIs.".into(),
        content: content.into(),
        featured_image: "/media/abc.webp".into(),
        category: None,
        tags: Vec::new(),
        author_name: "Ana Lima".into(),
        status: PostStatus::Published,
        featured: false,
        views: 0,
        meta_title: String::new(),
        meta_description: String::new(),
        publish_at: Some(at(3)),
        review: atelier_domain::post_review::PostReview::default(),
        created_at: at(2),
        updated_at: at(5),
    };
    PostView { post, category_name: "Engineering".into(), tag_names: vec!["api".into()] }
}

fn children<'a>(node: roxmltree::Node<'a, 'a>, name: &str) -> Vec<roxmltree::Node<'a, 'a>> {
    node.children().filter(|child| child.tag_name().name() == name).collect()
}

fn text_of<'a>(node: roxmltree::Node<'a, 'a>, name: &str) -> Option<&'a str> {
    children(node, name).first().and_then(roxmltree::Node::text)
}

fn entry(slug: &str, day: u32) -> SitemapEntry {
    SitemapEntry { slug: slug.into(), last_modified: at(day), translations: Vec::new() }
}

#[test]
fn the_sitemap_lists_the_pages_then_each_post_and_project_with_its_date() {
    let sitemap =
        Sitemap { posts: vec![entry("designing-apis", 7), entry("older", 4)], projects: vec![entry("shop", 6)] };
    let xml = sitemap_xml(BASE, &["/", "/about", "/blog", "/portfolio"], &sitemap, &Languages::default());
    assert!(!xml.contains("xhtml"), "one language: no alternates");
    let document = roxmltree::Document::parse(&xml).unwrap();
    let root = document.root_element();
    assert_eq!((root.tag_name().name(), root.tag_name().namespace()), ("urlset", Some(SITEMAP_NAMESPACE)));
    let urls: Vec<(&str, Option<&str>)> =
        children(root, "url").into_iter().map(|url| (text_of(url, "loc").unwrap(), text_of(url, "lastmod"))).collect();
    assert_eq!(
        urls,
        [
            ("https://studio.example/", Some("2026-03-07T09:30:00Z")),
            ("https://studio.example/about", None),
            ("https://studio.example/blog", Some("2026-03-07T09:30:00Z")),
            ("https://studio.example/portfolio", Some("2026-03-06T09:30:00Z")),
            ("https://studio.example/blog/designing-apis", Some("2026-03-07T09:30:00Z")),
            ("https://studio.example/blog/older", Some("2026-03-04T09:30:00Z")),
            ("https://studio.example/project/shop", Some("2026-03-06T09:30:00Z")),
        ]
    );
}

#[test]
fn the_sitemap_names_the_builds_own_pages_only() {
    let page = |pattern: &str, index: bool| PageEntry {
        pattern: pattern.into(),
        file: String::new(),
        name: String::new(),
        description: String::new(),
        index,
        cover_sizes: None,
        preview: None,
        card: None,
        parts: std::collections::HashMap::new(),
    };
    let pages = [
        page("/about", true),
        page("/blog/:slug", true),
        page("/404", true),
        page("/newsletter/unsubscribe", false),
        page("/faq", true),
    ];
    assert_eq!(listed_pages(&pages), ["/", "/about", "/faq"]);
}

#[test]
fn robots_keep_crawlers_out_of_the_back_office_and_the_api_and_name_the_sitemap() {
    assert_eq!(
        robots_txt(BASE),
        "User-agent: *\nDisallow: /admin\nDisallow: /api\nAllow: /\n\nSitemap: https://studio.example/sitemap.xml\n"
    );
}

#[test]
fn the_feed_is_rss_2_with_each_posts_whole_text_as_sanitised_html() {
    let posts = [post(
        "designing-apis",
        "Designing <APIs> & \"more\"",
        "# Designing APIs\n\nRead [the guide](/guide).\n\n<script>alert(1)</script>\u{1}",
    )];
    let xml = feed_xml(BASE, &publisher("Studio <North>"), &posts, Words::english());
    let document = roxmltree::Document::parse(&xml).unwrap();
    let rss = document.root_element();
    assert_eq!((rss.tag_name().name(), rss.attribute("version")), ("rss", Some("2.0")));
    let channel = children(rss, "channel")[0];
    assert_eq!(text_of(channel, "title"), Some("Studio <North> Blog"));
    assert_eq!(text_of(channel, "link"), Some("https://studio.example/blog"));
    assert_eq!(text_of(channel, "description"), Some("Software for growing businesses."));
    assert_eq!(text_of(channel, "lastBuildDate"), Some("Thu, 5 Mar 2026 09:30:00 +0000"));
    let item = children(channel, "item")[0];
    assert_eq!(text_of(item, "title"), Some("Designing <APIs> & \"more\""));
    assert_eq!(text_of(item, "link"), Some("https://studio.example/blog/designing-apis"));
    assert_eq!(text_of(item, "guid"), Some("https://studio.example/blog/designing-apis"));
    assert_eq!(text_of(item, "pubDate"), Some("Tue, 3 Mar 2026 09:30:00 +0000"), "dated by its publication");
    assert_eq!(text_of(item, "description"), Some("How we design APIs."));
    let categories: Vec<_> = children(item, "category").into_iter().filter_map(|node| node.text()).collect();
    assert_eq!(categories, ["Engineering", "api"]);
    let content = children(item, "encoded")[0];
    assert_eq!(content.tag_name().namespace(), Some("http://purl.org/rss/1.0/modules/content/"));
    let html = content.text().unwrap();
    assert!(
        html.contains(r#"<a href="https://studio.example/guide" rel="noopener noreferrer">the guide</a>"#),
        "{html}"
    );
    assert!(html.contains(r#"src="https://studio.example/media/abc.webp""#), "the picture comes first: {html}");
    assert!(!html.contains("<script"), "{html}");
    assert!(!html.contains("<h1>"), "the leading title is the item's: {html}");
}

#[test]
fn an_empty_blog_still_makes_a_valid_feed() {
    let xml = feed_xml(BASE, &publisher(""), &[], Words::english());
    let document = roxmltree::Document::parse(&xml).unwrap();
    let channel = children(document.root_element(), "channel")[0];
    assert_eq!(text_of(channel, "title"), Some("Atelier Blog"));
    assert!(children(channel, "item").is_empty());
    assert!(text_of(channel, "lastBuildDate").is_none());

    // Without a description of the site's, the channel's says whose articles they are.
    let mut undescribed = publisher("");
    undescribed.settings.site_description = String::new();
    let xml = feed_xml(BASE, &undescribed, &[], Words::english());
    let document = roxmltree::Document::parse(&xml).unwrap();
    assert_eq!(text_of(children(document.root_element(), "channel")[0], "description"), Some("Articles from Atelier."));
    let german = feed_xml(BASE, &undescribed, &[], &crate::site::words::german_for_tests());
    let document = roxmltree::Document::parse(&german).unwrap();
    assert_eq!(text_of(children(document.root_element(), "channel")[0], "description"), Some("Artikel von Atelier."));
}

#[test]
fn a_leading_title_is_dropped_only_when_it_is_the_first_line() {
    assert_eq!(without_leading_title("# Title\n\nText"), "\nText");
    assert_eq!(without_leading_title("\n# Title"), "");
    assert_eq!(without_leading_title("Text\n# Later"), "Text\n# Later");
    assert_eq!(without_leading_title("## Section\nText"), "## Section\nText");
}

mod languages;
