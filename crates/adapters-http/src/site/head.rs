//! A page's head as the server writes it: title, description, canonical address, the feed's link,
//! Open Graph and Twitter card tags for link previews, and JSON-LD structured data (the publishing
//! `Organization` on every page; `WebSite` on the home page; `BlogPosting`, `CreativeWork` or
//! `FAQPage` for what the page shows; `BreadcrumbList` on detail pages).
//!
//! Every value is escaped where it goes: attribute values for HTML, and the JSON-LD for a `<script>`
//! element (`<`, `>` and `&` as `\u003c`, `\u003e`, `\u0026`), so no title can end the element.

use std::fmt::Write as _;

use atelier_application::blog::PostView;
use atelier_application::site::Publisher;
use atelier_domain::faq::Faq;
use atelier_domain::media::LibraryImage;
use atelier_domain::portfolio::Project;
use chrono::{DateTime, SecondsFormat, Utc};
use serde_json::{Map, Value, json};

use super::markdown;

/// The longest description derived from a record's text (search engines show about this much).
pub const DESCRIPTION_LEN: usize = 160;
/// The picture of link previews of pages without a picture of their own (1200 × 630).
pub const SHARE_IMAGE: &str = "/images/share-card.png";
const SHARE_IMAGE_WIDTH: &str = "1200";
const SHARE_IMAGE_HEIGHT: &str = "630";
/// The publisher's logo in structured data (512 × 512).
pub const LOGO: &str = "/images/logo.png";
/// The site's name when the settings have none.
const DEFAULT_SITE_NAME: &str = "Atelier";

/// What a page shows, as the server found it in the database.
#[derive(Debug, Clone)]
pub enum Subject {
    /// A page whose text is the build's (the home page, About, Services, …).
    Page,
    /// The FAQ page with the active FAQs.
    Faqs(Vec<Faq>),
    Post(Box<PostView>),
    Project(Box<Project>),
    /// The not-found page: no canonical address, kept out of search results.
    Missing,
}

/// A page's address and its build-time name and description.
#[derive(Debug, Clone, Copy)]
pub struct PageInfo<'a> {
    /// The site's address without a trailing slash, `https://studio.example`.
    pub base: &'a str,
    /// The page's path as its route names it, `/about` (a post's and a project's come from them).
    pub path: &'a str,
    /// The page's name without the site's, `About Us`.
    pub name: &'a str,
    pub description: &'a str,
    /// Whether search engines are asked to list the page (the newsletter's link pages are not).
    pub index: bool,
}

/// One `<meta>` or `<link>` element of the head.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Element {
    pub tag: &'static str,
    pub attributes: Vec<(&'static str, String)>,
}

/// A page's head.
#[derive(Debug, Clone, PartialEq)]
pub struct Head {
    pub title: String,
    /// The `<link rel="preload">` of the picture the page paints largest (a post's or a project's
    /// cover), written first so the browser fetches it with the stylesheet. Only in the page's own
    /// HTML: a page reached by navigating in the browser has its picture requested by the script.
    pub preload: Option<Element>,
    pub elements: Vec<Element>,
    /// JSON-LD: one document with every item in its `@graph`.
    pub structured_data: Value,
}

impl Head {
    /// The head of the page `info` showing `subject`, published by `publisher`.
    pub fn of(info: PageInfo<'_>, subject: &Subject, publisher: &Publisher) -> Self {
        let site = site_name(publisher);
        let base = info.base;
        let page = match subject {
            Subject::Post(view) => post_page(info, view, site),
            Subject::Project(project) => project_page(info, project, site),
            Subject::Page | Subject::Faqs(_) | Subject::Missing => plain_page(info, subject, publisher, site),
        };
        let organization = organization(base, publisher, site);
        let mut graph = vec![organization];
        if info.path == "/" && !matches!(subject, Subject::Missing) {
            graph.push(json!({
                "@type": "WebSite",
                "@id": format!("{base}/#website"),
                "url": format!("{base}/"),
                "name": site,
                "publisher": { "@id": organization_id(base) },
            }));
        }
        graph.extend(page.items);
        let mut elements = Vec::new();
        let meta = |name: &'static str, content: &str| Element {
            tag: "meta",
            attributes: vec![("name", name.to_owned()), ("content", content.to_owned())],
        };
        let property = |property: &'static str, content: &str| Element {
            tag: "meta",
            attributes: vec![("property", property.to_owned()), ("content", content.to_owned())],
        };
        let link = |rel: &'static str, href: String| Element {
            tag: "link",
            attributes: vec![("rel", rel.to_owned()), ("href", href)],
        };
        elements.push(meta("description", &page.description));
        match &page.url {
            Some(url) if !info.index => {
                elements.push(meta("robots", "noindex"));
                elements.push(link("canonical", url.clone()));
            }
            Some(url) => {
                elements.push(meta("robots", "index, follow, max-image-preview:large"));
                elements.push(link("canonical", url.clone()));
            }
            None => elements.push(meta("robots", "noindex")),
        }
        elements.push(Element {
            tag: "link",
            attributes: vec![
                ("rel", "alternate".to_owned()),
                ("type", "application/rss+xml".to_owned()),
                ("title", format!("{site} Blog")),
                ("href", format!("{base}/rss.xml")),
            ],
        });
        elements.push(property("og:site_name", site));
        elements.push(property("og:locale", "en_US"));
        elements.push(property("og:type", if page.article.is_some() { "article" } else { "website" }));
        elements.push(property("og:title", &page.share_title));
        elements.push(property("og:description", &page.description));
        if let Some(url) = &page.url {
            elements.push(property("og:url", url));
        }
        let image = page.image.clone().unwrap_or_else(|| absolute(base, SHARE_IMAGE));
        elements.push(property("og:image", &image));
        if page.image.is_none() {
            elements.push(property("og:image:width", SHARE_IMAGE_WIDTH));
            elements.push(property("og:image:height", SHARE_IMAGE_HEIGHT));
        }
        elements.push(property("og:image:alt", &page.share_title));
        if let Some(article) = &page.article {
            elements.push(property("article:published_time", &timestamp(article.published)));
            elements.push(property("article:modified_time", &timestamp(article.modified)));
            if !article.section.is_empty() {
                elements.push(property("article:section", &article.section));
            }
            for tag in &article.tags {
                elements.push(property("article:tag", tag));
            }
        }
        elements.push(meta("twitter:card", "summary_large_image"));
        if let Some(handle) = twitter_handle(publisher) {
            elements.push(meta("twitter:site", &handle));
        }
        elements.push(meta("twitter:title", &page.share_title));
        elements.push(meta("twitter:description", &page.description));
        elements.push(meta("twitter:image", &image));
        elements.push(meta("twitter:image:alt", &page.share_title));
        Self {
            title: page.title,
            preload: None,
            elements,
            structured_data: json!({ "@context": "https://schema.org", "@graph": graph }),
        }
    }

    /// The head as HTML, to put in the page's `<head>`. Each element is marked `data-head`, so the
    /// site replaces exactly these after navigating in the browser.
    pub fn to_html(&self) -> String {
        let mut html = String::with_capacity(4096);
        let _ = write!(html, "<title>{}</title>", escape(&self.title));
        for element in self.preload.iter().chain(&self.elements) {
            let _ = write!(html, "\n<{}", element.tag);
            for (name, value) in &element.attributes {
                let _ = write!(html, " {name}=\"{}\"", escape(value));
            }
            html.push_str(" data-head>");
        }
        let _ =
            write!(html, "\n<script type=\"application/ld+json\" data-head>{}</script>\n", self.structured_data_text());
        html
    }

    /// The JSON-LD as text safe inside a `<script>` element.
    pub fn structured_data_text(&self) -> String {
        script_safe_json(&self.structured_data)
    }
}

/// The preload link of the picture at `address` (as the record names it, trimmed) that a page draws
/// at `sizes`: the same choice the page's `<img>` makes (`ResponsiveImage` in the frontend), so the
/// browser fetches once. A library image offers its WebP copies (`imagesrcset`, `imagesizes`); any
/// other picture, or a library image without copies, is fetched as written.
pub fn image_preload(address: &str, library: Option<&LibraryImage>, sizes: &str) -> Element {
    let srcset = library.map(srcset_of).unwrap_or_default();
    let mut attributes = vec![
        ("rel", "preload".to_owned()),
        ("as", "image".to_owned()),
        ("fetchpriority", "high".to_owned()),
        ("href", address.to_owned()),
    ];
    if !srcset.is_empty() {
        attributes.push(("imagesrcset", srcset));
        attributes.push(("imagesizes", sizes.to_owned()));
    }
    Element { tag: "link", attributes }
}

/// The library image among `images` that a page showing `address` draws: the one whose path it
/// names, alone or at the end of a URL (`libraryImageFor` in the frontend).
pub fn library_image_for<'a>(images: &'a [LibraryImage], address: &str) -> Option<&'a LibraryImage> {
    images.iter().find(|image| address == image.path || address.ends_with(&image.path))
}

/// `srcset` of a library image's WebP copies, `/media/…-480w.webp 480w, …` (`srcSetOf` in the
/// frontend); empty without copies.
pub(crate) fn srcset_of(image: &LibraryImage) -> String {
    image.variants.iter().map(|variant| format!("{} {}w", variant.url(), variant.width)).collect::<Vec<_>>().join(", ")
}

/// JSON text that cannot end or comment out the `<script>` element it is in.
pub fn script_safe_json(value: &Value) -> String {
    value.to_string().replace('<', "\\u003c").replace('>', "\\u003e").replace('&', "\\u0026")
}

/// Text as an HTML attribute value or element text.
pub fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for character in text.chars() {
        match character {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&#x27;"),
            other => escaped.push(other),
        }
    }
    escaped
}

/// The site's name from the settings.
pub fn site_name(publisher: &Publisher) -> &str {
    Some(publisher.settings.site_name.trim()).filter(|name| !name.is_empty()).unwrap_or(DEFAULT_SITE_NAME)
}

/// What a page's head says, before it is written out.
struct Page {
    title: String,
    /// The title of link previews (without the site's name, which they show apart).
    share_title: String,
    description: String,
    /// The canonical address; `None` for the not-found page.
    url: Option<String>,
    /// The page's own picture, absolute.
    image: Option<String>,
    article: Option<Article>,
    items: Vec<Value>,
}

struct Article {
    published: DateTime<Utc>,
    modified: DateTime<Utc>,
    section: String,
    tags: Vec<String>,
}

fn plain_page(info: PageInfo<'_>, subject: &Subject, publisher: &Publisher, site: &str) -> Page {
    let base = info.base;
    let missing = matches!(subject, Subject::Missing);
    let home = info.path == "/" && !missing;
    let title = if home { format!("{site} | {}", info.name) } else { format!("{} | {site}", info.name) };
    let site_description = publisher.settings.site_description.trim();
    let description =
        if home && !site_description.is_empty() { site_description.to_owned() } else { info.description.to_owned() };
    let url = (!missing).then(|| absolute(base, info.path));
    let mut items = Vec::new();
    if let (Subject::Faqs(faqs), Some(url)) = (subject, &url) {
        let questions: Vec<Value> = faqs
            .iter()
            .map(|faq| {
                json!({
                    "@type": "Question",
                    "name": faq.question,
                    "acceptedAnswer": { "@type": "Answer", "text": markdown::to_html(&faq.answer, base) },
                })
            })
            .collect();
        items.push(json!({ "@type": "FAQPage", "@id": format!("{url}#faq"), "url": url, "name": title, "mainEntity": questions }));
    }
    Page {
        share_title: if home { site.to_owned() } else { info.name.to_owned() },
        title,
        description,
        url,
        image: None,
        article: None,
        items,
    }
}

fn post_page(info: PageInfo<'_>, view: &PostView, site: &str) -> Page {
    let base = info.base;
    let post = &view.post;
    let url = absolute(base, &format!("/blog/{}", post.slug.as_str()));
    let name = post.title.trim();
    let share_title = Some(post.meta_title.trim()).filter(|title| !title.is_empty()).unwrap_or(name).to_owned();
    let title = format!("{share_title} | {site} Blog");
    let description = first_text(&[
        post.meta_description.trim().to_owned(),
        markdown::summary(&post.excerpt, DESCRIPTION_LEN),
        markdown::summary(&markdown::to_text(&post.content), DESCRIPTION_LEN),
        info.description.to_owned(),
    ]);
    let image = picture(base, &post.featured_image);
    let author = if post.author_name.trim().is_empty() {
        json!({ "@id": organization_id(base) })
    } else {
        json!({ "@type": "Person", "name": post.author_name.trim() })
    };
    let mut article = Map::new();
    article.insert("@type".into(), "BlogPosting".into());
    article.insert("@id".into(), format!("{url}#article").into());
    article.insert("headline".into(), markdown::summary(name, 110).into());
    article.insert("description".into(), description.clone().into());
    article.insert("image".into(), json!([image.clone().unwrap_or_else(|| absolute(base, SHARE_IMAGE))]));
    let published = post.publication_date();
    let modified = post.updated_at.max(published);
    article.insert("datePublished".into(), timestamp(published).into());
    article.insert("dateModified".into(), timestamp(modified).into());
    article.insert("author".into(), author);
    article.insert("publisher".into(), json!({ "@id": organization_id(base) }));
    article.insert("mainEntityOfPage".into(), url.clone().into());
    article.insert("url".into(), url.clone().into());
    if !view.category_name.is_empty() {
        article.insert("articleSection".into(), view.category_name.clone().into());
    }
    if !view.tag_names.is_empty() {
        article.insert("keywords".into(), view.tag_names.join(", ").into());
    }
    let items = vec![Value::Object(article), breadcrumbs(base, "Blog", "/blog", name, &url)];
    Page {
        title,
        share_title,
        description,
        url: Some(url),
        image,
        article: Some(Article {
            published,
            modified,
            section: view.category_name.clone(),
            tags: view.tag_names.clone(),
        }),
        items,
    }
}

fn project_page(info: PageInfo<'_>, project: &Project, site: &str) -> Page {
    let base = info.base;
    let url = absolute(base, &format!("/project/{}", project.slug.as_str()));
    let name = project.title.trim();
    let description = first_text(&[
        markdown::summary(&markdown::to_text(&project.short_description), DESCRIPTION_LEN),
        markdown::summary(&markdown::to_text(&project.description), DESCRIPTION_LEN),
        info.description.to_owned(),
    ]);
    let image = picture(base, &project.image);
    let mut work = Map::new();
    work.insert("@type".into(), "CreativeWork".into());
    work.insert("@id".into(), format!("{url}#project").into());
    work.insert("name".into(), name.into());
    work.insert("description".into(), description.clone().into());
    work.insert("url".into(), url.clone().into());
    work.insert("mainEntityOfPage".into(), url.clone().into());
    work.insert("image".into(), image.clone().unwrap_or_else(|| absolute(base, SHARE_IMAGE)).into());
    work.insert("dateCreated".into(), timestamp(project.completed_at).into());
    work.insert("dateModified".into(), timestamp(project.updated_at).into());
    work.insert("creator".into(), json!({ "@id": organization_id(base) }));
    if !project.category.trim().is_empty() {
        work.insert("genre".into(), project.category.trim().into());
    }
    if !project.client.trim().is_empty() {
        work.insert("sourceOrganization".into(), json!({ "@type": "Organization", "name": project.client.trim() }));
    }
    let items = vec![Value::Object(work), breadcrumbs(base, "Portfolio", "/portfolio", name, &url)];
    Page {
        title: format!("{name} | {site} Portfolio"),
        share_title: name.to_owned(),
        description,
        url: Some(url),
        image,
        article: None,
        items,
    }
}

/// Home › `section` › `name`.
fn breadcrumbs(base: &str, section: &str, section_path: &str, name: &str, url: &str) -> Value {
    json!({
        "@type": "BreadcrumbList",
        "itemListElement": [
            { "@type": "ListItem", "position": 1, "name": "Home", "item": format!("{base}/") },
            { "@type": "ListItem", "position": 2, "name": section, "item": absolute(base, section_path) },
            { "@type": "ListItem", "position": 3, "name": name, "item": url },
        ],
    })
}

fn organization_id(base: &str) -> String {
    format!("{base}/#organization")
}

/// The publisher with its contact details and social profiles: the contact details' when saved,
/// else the settings'.
fn organization(base: &str, publisher: &Publisher, site: &str) -> Value {
    let settings = &publisher.settings;
    let contact = publisher.contact.as_ref();
    let mut organization = Map::new();
    organization.insert("@type".into(), "Organization".into());
    organization.insert("@id".into(), organization_id(base).into());
    organization.insert("name".into(), site.into());
    organization.insert("url".into(), format!("{base}/").into());
    organization.insert("logo".into(), absolute(base, LOGO).into());
    let mut put = |key: &str, value: &str| {
        if !value.trim().is_empty() {
            organization.insert(key.into(), value.trim().into());
        }
    };
    put("description", &settings.site_description);
    put("email", contact.map_or(settings.contact_email.as_str(), |contact| contact.email.as_str()));
    put("telephone", contact.map_or("", |contact| contact.phone.as_str()));
    put("address", contact.map_or("", |contact| contact.address.as_str()));
    let support = settings.support_email.trim();
    if !support.is_empty() {
        organization.insert(
            "contactPoint".into(),
            json!([{ "@type": "ContactPoint", "contactType": "customer support", "email": support }]),
        );
    }
    let profiles = social_profiles(publisher);
    if !profiles.is_empty() {
        organization.insert("sameAs".into(), profiles.into());
    }
    Value::Object(organization)
}

/// The social profiles' addresses.
fn social_profiles(publisher: &Publisher) -> Vec<String> {
    match &publisher.contact {
        Some(contact) if !contact.social_media.is_empty() => contact.social_media.values().cloned().collect(),
        _ => {
            let social = &publisher.settings.social_media;
            [&social.facebook, &social.twitter, &social.linkedin, &social.instagram, &social.github]
                .into_iter()
                .map(|url| url.trim().to_owned())
                .filter(|url| !url.is_empty())
                .collect()
        }
    }
}

/// `@name` of the site's X/Twitter profile, when it has one.
fn twitter_handle(publisher: &Publisher) -> Option<String> {
    social_profiles(publisher).into_iter().find_map(|url| {
        let rest = url.split_once("://")?.1;
        let (host, path) = rest.split_once('/')?;
        let host = host.trim_start_matches("www.").to_ascii_lowercase();
        let name = path.split(['/', '?', '#']).next()?;
        let valid = !name.is_empty() && name.len() <= 15 && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        (matches!(host.as_str(), "twitter.com" | "x.com") && valid).then(|| format!("@{name}"))
    })
}

/// The first non-empty text.
fn first_text(candidates: &[String]) -> String {
    candidates.iter().map(|text| text.trim()).find(|text| !text.is_empty()).unwrap_or_default().to_owned()
}

/// An address on the site (`/about`) or elsewhere, absolute.
pub fn absolute(base: &str, address: &str) -> String {
    let address = address.trim();
    if address.starts_with("https://") || address.starts_with("http://") {
        address.to_owned()
    } else if let Some(path) = address.strip_prefix('/') {
        format!("{base}/{path}")
    } else {
        format!("{base}/{address}")
    }
}

/// A record's picture as link previews can show it: absolute, and only in a format they all read
/// (PNG, JPEG, GIF, WebP); `None` for none or another format (SVG).
fn picture(base: &str, address: &str) -> Option<String> {
    let address = address.trim();
    let path = address.split(['?', '#']).next().unwrap_or_default().to_ascii_lowercase();
    let raster = [".png", ".jpg", ".jpeg", ".gif", ".webp"].iter().any(|extension| path.ends_with(extension));
    (raster && !address.is_empty()).then(|| absolute(base, address))
}

fn timestamp(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Secs, true)
}

#[cfg(test)]
mod tests;
