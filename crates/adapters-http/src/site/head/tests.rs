//! The heads of each kind of page.

use std::collections::BTreeMap;

use atelier_domain::EntityId;
use atelier_domain::contact_details::{ContactDetails, SocialPlatform};
use atelier_domain::faq::{FaqCategory, FaqStatus};
use atelier_domain::portfolio::ProjectStatus;
use atelier_domain::post::{Post, PostStatus};
use atelier_domain::settings::Settings;
use atelier_domain::slug::Slug;
use chrono::TimeZone;

use super::*;

const BASE: &str = "https://studio.example";

fn at(day: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 3, day, 9, 30, 0).unwrap()
}

fn publisher() -> Publisher {
    let mut settings = Settings::initial(at(1));
    settings.site_name = "Studio North".into();
    settings.site_description = "Software for growing businesses.".into();
    settings.support_email = "support@north.example".into();
    let contact = ContactDetails {
        meta: atelier_domain::meta::RecordMeta::default(),
        email: "hello@north.example".into(),
        phone: "+1 555 0100".into(),
        address: "1 Main Street, Springfield".into(),
        google_maps_url: String::new(),
        social_media: BTreeMap::from([
            (SocialPlatform::Twitter, "https://x.com/studio_north".into()),
            (SocialPlatform::Github, "https://github.com/studio-north".into()),
        ]),
        updated_at: at(1),
    };
    Publisher { settings, contact: Some(contact) }
}

fn info<'a>(path: &'a str, name: &'a str) -> PageInfo<'a> {
    PageInfo {
        base: BASE,
        path,
        name,
        description: "The build's description.",
        index: true,
        words: Words::english(),
        language: None,
    }
}

fn post(title: &str) -> PostView {
    let post = Post {
        meta: atelier_domain::meta::RecordMeta::default(),
        id: EntityId::generate(at(2)),
        slug: Slug::parse("designing-apis").unwrap(),
        title: title.into(),
        excerpt: "How we design APIs.".into(),
        content: "# Designing APIs\n\nText.".into(),
        featured_image: "/media/abc.webp".into(),
        category: None,
        tags: Vec::new(),
        author_name: "Ana Lima".into(),
        status: PostStatus::Published,
        featured: false,
        views: 0,
        meta_title: String::new(),
        meta_description: String::new(),
        publish_at: None,
        review: atelier_domain::post_review::PostReview::default(),
        created_at: at(2),
        updated_at: at(5),
    };
    PostView { post, category_name: "Engineering".into(), tag_names: vec!["api".into(), "rust".into()] }
}

fn project() -> Project {
    Project {
        meta: atelier_domain::meta::RecordMeta::default(),
        id: EntityId::generate(at(2)),
        slug: Slug::parse("shop-redesign").unwrap(),
        title: "Shop Redesign".into(),
        client: "Acme".into(),
        category: "E-commerce".into(),
        description: "A **long** description.".into(),
        short_description: "A faster *shop* for Acme.".into(),
        image: "/images/demo/project-1.svg".into(),
        technologies: Vec::new(),
        tags: Vec::new(),
        demo_url: String::new(),
        github_url: String::new(),
        completed_at: at(3),
        featured: true,
        status: ProjectStatus::Published,
        publish_at: None,
        created_at: at(2),
        updated_at: at(4),
    }
}

/// The `content` of the element with this attribute (`name` or `property`) value.
fn content<'a>(head: &'a Head, key: &str) -> Option<&'a str> {
    head.elements.iter().find_map(|element| {
        let named =
            element.attributes.iter().any(|(name, value)| (*name == "name" || *name == "property") && value == key);
        named
            .then(|| element.attributes.iter().find(|(name, _)| *name == "content").map(|(_, value)| value.as_str()))?
    })
}

fn link<'a>(head: &'a Head, rel: &str) -> Option<&'a str> {
    head.elements.iter().find_map(|element| {
        let is = element.tag == "link" && element.attributes.iter().any(|(name, value)| *name == "rel" && value == rel);
        is.then(|| element.attributes.iter().find(|(name, _)| *name == "href").map(|(_, value)| value.as_str()))?
    })
}

fn graph_types(head: &Head) -> Vec<&str> {
    head.structured_data["@graph"].as_array().unwrap().iter().map(|item| item["@type"].as_str().unwrap()).collect()
}

fn item<'a>(head: &'a Head, kind: &str) -> &'a Value {
    head.structured_data["@graph"].as_array().unwrap().iter().find(|item| item["@type"] == kind).unwrap()
}

#[test]
fn the_home_page_is_named_after_the_site_with_its_description_and_a_website_item() {
    let head = Head::of(info("/", "Innovative Software Solutions"), &Subject::Page, &publisher());
    assert_eq!(head.title, "Studio North | Innovative Software Solutions");
    assert_eq!(content(&head, "description"), Some("Software for growing businesses."));
    assert_eq!(link(&head, "canonical"), Some("https://studio.example/"));
    assert_eq!(content(&head, "og:type"), Some("website"));
    assert_eq!(content(&head, "og:image"), Some("https://studio.example/images/share-card.png"));
    assert_eq!(content(&head, "twitter:card"), Some("summary_large_image"));
    assert_eq!(content(&head, "twitter:site"), Some("@studio_north"));
    assert_eq!(link(&head, "alternate"), Some("https://studio.example/rss.xml"));
    assert_eq!(graph_types(&head), ["Organization", "WebSite"]);
}

#[test]
fn every_page_names_the_organization_with_its_contact_details_and_profiles() {
    let head = Head::of(info("/about", "About Us"), &Subject::Page, &publisher());
    assert_eq!(head.title, "About Us | Studio North");
    assert_eq!(content(&head, "description"), Some("The build's description."));
    let organization = item(&head, "Organization");
    assert_eq!(organization["name"], "Studio North");
    assert_eq!(organization["url"], "https://studio.example/");
    assert_eq!(organization["logo"], "https://studio.example/images/logo.png");
    assert_eq!(organization["email"], "hello@north.example");
    assert_eq!(organization["telephone"], "+1 555 0100");
    assert_eq!(organization["address"], "1 Main Street, Springfield");
    assert_eq!(organization["contactPoint"][0]["email"], "support@north.example");
    assert_eq!(organization["sameAs"], json!(["https://x.com/studio_north", "https://github.com/studio-north"]));
    assert_eq!(graph_types(&head), ["Organization"]);
}

#[test]
fn without_contact_details_the_settings_give_the_email_and_profiles() {
    let mut publisher = publisher();
    publisher.contact = None;
    publisher.settings.contact_email = "info@north.example".into();
    publisher.settings.social_media.linkedin = "https://www.linkedin.com/company/north".into();
    let head = Head::of(info("/about", "About Us"), &Subject::Page, &publisher);
    let organization = item(&head, "Organization");
    assert_eq!(organization["email"], "info@north.example");
    assert_eq!(organization["sameAs"], json!(["https://www.linkedin.com/company/north"]));
    assert!(organization.get("telephone").is_none());
}

#[test]
fn a_post_is_an_article_with_its_times_picture_and_breadcrumbs() {
    let head = Head::of(info("", "Blog Post"), &Subject::Post(Box::new(post("Designing APIs"))), &publisher());
    assert_eq!(head.title, "Designing APIs | Studio North Blog");
    assert_eq!(content(&head, "description"), Some("How we design APIs."));
    assert_eq!(link(&head, "canonical"), Some("https://studio.example/blog/designing-apis"));
    assert_eq!(content(&head, "og:type"), Some("article"));
    assert_eq!(content(&head, "og:title"), Some("Designing APIs"));
    assert_eq!(content(&head, "og:image"), Some("https://studio.example/media/abc.webp"));
    assert_eq!(content(&head, "article:published_time"), Some("2026-03-02T09:30:00Z"));
    assert_eq!(content(&head, "article:modified_time"), Some("2026-03-05T09:30:00Z"));
    assert_eq!(content(&head, "article:section"), Some("Engineering"));
    assert_eq!(graph_types(&head), ["Organization", "BlogPosting", "BreadcrumbList"]);
    let article = item(&head, "BlogPosting");
    assert_eq!(article["headline"], "Designing APIs");
    assert_eq!(article["author"], json!({"@type": "Person", "name": "Ana Lima"}));
    assert_eq!(article["datePublished"], "2026-03-02T09:30:00Z");
    assert_eq!(article["keywords"], "api, rust");
    let crumbs = &item(&head, "BreadcrumbList")["itemListElement"];
    assert_eq!(crumbs[1]["item"], "https://studio.example/blog");
    assert_eq!(crumbs[2]["name"], "Designing APIs");
    assert_eq!([&crumbs[0]["name"], &crumbs[1]["name"]], ["Home", "Blog"]);
}

#[test]
fn the_breadcrumbs_are_in_the_pages_language() {
    let german = crate::site::words::german_for_tests();
    let info = PageInfo { words: &german, ..info("", "Blog Post") };
    let head = Head::of(info, &Subject::Post(Box::new(post("Designing APIs"))), &publisher());
    let crumbs = &item(&head, "BreadcrumbList")["itemListElement"];
    assert_eq!([&crumbs[0]["name"], &crumbs[1]["name"]], ["Startseite", "Blog"]);
}

#[test]
fn a_scheduled_post_is_dated_by_its_publish_time() {
    let mut view = post("Designing APIs");
    view.post.publish_at = Some(at(9));
    let head = Head::of(info("", ""), &Subject::Post(Box::new(view)), &publisher());
    assert_eq!(content(&head, "article:published_time"), Some("2026-03-09T09:30:00Z"));
    assert_eq!(content(&head, "article:modified_time"), Some("2026-03-09T09:30:00Z"));
    assert_eq!(item(&head, "BlogPosting")["datePublished"], "2026-03-09T09:30:00Z");
}

#[test]
fn a_posts_meta_title_and_description_win_and_its_text_stands_in_for_a_missing_excerpt() {
    let mut view = post("Designing APIs");
    view.post.meta_title = "How to design APIs people like".into();
    view.post.meta_description = "Our checklist.".into();
    let head = Head::of(info("", ""), &Subject::Post(Box::new(view.clone())), &publisher());
    assert_eq!(head.title, "How to design APIs people like | Studio North Blog");
    assert_eq!(content(&head, "og:title"), Some("How to design APIs people like"));
    assert_eq!(content(&head, "description"), Some("Our checklist."));

    view.post.meta_title.clear();
    view.post.meta_description.clear();
    view.post.excerpt.clear();
    let head = Head::of(info("", ""), &Subject::Post(Box::new(view)), &publisher());
    assert_eq!(content(&head, "description"), Some("Designing APIs Text."));
}

#[test]
fn a_project_is_a_creative_work_and_an_svg_picture_gives_way_to_the_share_card() {
    let head = Head::of(info("", "Project"), &Subject::Project(Box::new(project())), &publisher());
    assert_eq!(head.title, "Shop Redesign | Studio North Portfolio");
    assert_eq!(content(&head, "description"), Some("A faster shop for Acme."));
    assert_eq!(link(&head, "canonical"), Some("https://studio.example/project/shop-redesign"));
    assert_eq!(content(&head, "og:image"), Some("https://studio.example/images/share-card.png"));
    assert_eq!(content(&head, "og:image:width"), Some("1200"));
    assert_eq!(graph_types(&head), ["Organization", "CreativeWork", "BreadcrumbList"]);
    let work = item(&head, "CreativeWork");
    assert_eq!(work["genre"], "E-commerce");
    assert_eq!(work["sourceOrganization"]["name"], "Acme");
    assert_eq!(work["dateCreated"], "2026-03-03T09:30:00Z");
}

#[test]
fn the_faq_page_lists_its_questions_with_answers_as_html() {
    let faq = Faq {
        meta: atelier_domain::meta::RecordMeta::default(),
        id: EntityId::generate(at(2)),
        question: "Do you sign NDAs?".into(),
        answer: "**Yes**, always.".into(),
        category: FaqCategory::General,
        tags: Vec::new(),
        status: FaqStatus::Active,
        order: 1,
        featured: false,
        views: 0,
        helpful: 0,
        not_helpful: 0,
        created_at: at(2),
        updated_at: at(2),
    };
    let head = Head::of(info("/faq", "Frequently Asked Questions"), &Subject::Faqs(vec![faq]), &publisher());
    let page = item(&head, "FAQPage");
    assert_eq!(page["mainEntity"][0]["name"], "Do you sign NDAs?");
    assert_eq!(page["mainEntity"][0]["acceptedAnswer"]["text"], "<p><strong>Yes</strong>, always.</p>\n");
}

#[test]
fn the_not_found_page_has_no_canonical_and_stays_out_of_search_results() {
    let head = Head::of(info("", "Page Not Found"), &Subject::Missing, &publisher());
    assert_eq!(head.title, "Page Not Found | Studio North");
    assert_eq!(content(&head, "robots"), Some("noindex"));
    assert_eq!(link(&head, "canonical"), None);
    assert_eq!(content(&head, "og:url"), None);
    assert_eq!(graph_types(&head), ["Organization"]);
}

#[test]
fn a_page_kept_out_of_search_says_noindex_and_keeps_its_address() {
    let info = PageInfo { index: false, ..info("/newsletter/unsubscribe", "Unsubscribe") };
    let head = Head::of(info, &Subject::Page, &publisher());
    assert_eq!(content(&head, "robots"), Some("noindex"));
    assert_eq!(link(&head, "canonical"), Some("https://studio.example/newsletter/unsubscribe"));
}

#[test]
fn a_hostile_title_cannot_break_out_of_the_title_an_attribute_or_the_structured_data() {
    let hostile = "</title></script><script>alert(\"x\")</script> & 'quotes' <!--";
    let head = Head::of(info("", ""), &Subject::Post(Box::new(post(hostile))), &publisher());
    let html = head.to_html();
    assert_eq!(html.matches("<script").count(), 1, "{html}");
    assert_eq!(html.matches("</script>").count(), 1, "{html}");
    assert_eq!(html.matches("</title>").count(), 1, "{html}");
    assert!(!html.contains("<!--"), "{html}");
    assert!(html.contains("&lt;/title&gt;&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)"), "{html}");
    assert!(html.contains("&#x27;quotes&#x27;"), "{html}");
    assert!(html.contains(r"\u003c/script\u003e"), "{html}");
    let script = html.split("application/ld+json\" data-head>").nth(1).unwrap().split("</script>").next().unwrap();
    let parsed: Value = serde_json::from_str(script).unwrap();
    assert_eq!(
        item(&Head { structured_data: parsed, ..head.clone() }, "BlogPosting")["headline"],
        markdown::summary(hostile, 110)
    );
}

#[test]
fn every_element_is_marked_for_the_browser_to_replace() {
    let html = Head::of(info("/about", "About Us"), &Subject::Page, &publisher()).to_html();
    for line in html.lines().skip(1) {
        assert!(line.contains(" data-head>") || line.is_empty(), "{line}");
    }
}

#[test]
fn pictures_are_absolute_and_only_in_formats_previews_show() {
    assert_eq!(picture(BASE, "/media/a.JPG?v=2"), Some("https://studio.example/media/a.JPG?v=2".into()));
    assert_eq!(picture(BASE, "https://cdn.example/a.png"), Some("https://cdn.example/a.png".into()));
    assert_eq!(picture(BASE, "/images/demo/blog-1.svg"), None);
    assert_eq!(picture(BASE, " "), None);
    assert_eq!(absolute(BASE, "images/x.png"), "https://studio.example/images/x.png");
}

fn library_image(path: &str, widths: &[u32]) -> LibraryImage {
    let hash = path.trim_start_matches("/media/").split(['.', '-']).next().unwrap().to_owned();
    LibraryImage {
        path: path.into(),
        width: 2000,
        height: 1000,
        variants: widths
            .iter()
            .map(|&width| atelier_domain::media::MediaVariant {
                key: format!("{hash}-{width}w.webp"),
                width,
                height: width / 2,
                size: 100,
            })
            .collect(),
        alt: String::new(),
    }
}

fn attribute<'a>(element: &'a Element, name: &str) -> Option<&'a str> {
    element.attributes.iter().find(|(key, _)| *key == name).map(|(_, value)| value.as_str())
}

#[test]
fn a_library_cover_is_preloaded_with_the_copies_the_page_offers() {
    let hash = "a".repeat(64);
    let cover = library_image(&format!("/media/{hash}.jpg"), &[480, 960]);
    let address = format!("https://studio.example/media/{hash}.jpg");
    let preload = image_preload(&address, library_image_for(std::slice::from_ref(&cover), &address), "100vw");
    assert_eq!(preload.tag, "link");
    assert_eq!(attribute(&preload, "rel"), Some("preload"));
    assert_eq!(attribute(&preload, "as"), Some("image"));
    assert_eq!(attribute(&preload, "fetchpriority"), Some("high"));
    assert_eq!(attribute(&preload, "href"), Some(address.as_str()));
    assert_eq!(
        attribute(&preload, "imagesrcset"),
        Some(format!("/media/{hash}-480w.webp 480w, /media/{hash}-960w.webp 960w").as_str())
    );
    assert_eq!(attribute(&preload, "imagesizes"), Some("100vw"));
}

#[test]
fn another_picture_or_one_without_copies_is_preloaded_as_written() {
    let hash = "b".repeat(64);
    let gif = library_image(&format!("/media/{hash}.gif"), &[]);
    for (address, images) in [("/images/demo/blog-1.svg", vec![gif.clone()]), (gif.path.as_str(), vec![gif.clone()])] {
        let preload = image_preload(address, library_image_for(&images, address), "100vw");
        assert_eq!(attribute(&preload, "href"), Some(address));
        assert_eq!(attribute(&preload, "imagesrcset"), None);
        assert_eq!(attribute(&preload, "imagesizes"), None);
    }
}

#[test]
fn the_preload_comes_first_and_every_value_is_escaped() {
    let mut head = Head::of(info("", ""), &Subject::Post(Box::new(post("Designing APIs"))), &publisher());
    head.preload = Some(image_preload("/x.png\"><script>alert('x')</script>", None, "100vw"));
    let html = head.to_html();
    let second = html.lines().nth(1).unwrap();
    assert!(second.starts_with("<link rel=\"preload\" as=\"image\" fetchpriority=\"high\""), "{html}");
    assert!(second.ends_with(" data-head>"), "{second}");
    assert!(second.contains("href=\"/x.png&quot;&gt;&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;\""), "{second}");
    assert_eq!(html.matches("<script").count(), 1, "{html}");
}

mod languages;
