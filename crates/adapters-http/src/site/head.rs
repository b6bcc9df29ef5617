//! A page's head as the server writes it: title, description, canonical address, the feed's link,
//! Open Graph and Twitter card tags for link previews, and JSON-LD structured data (the publishing
//! `Organization` on every page; `WebSite` on the home page; `BlogPosting`, `CreativeWork` or
//! `FAQPage` for what the page shows; `BreadcrumbList` on detail pages).
//!
//! Every value is escaped where it goes: attribute values for HTML, and the JSON-LD for a `<script>`
//! element (`<`, `>` and `&` as `\u003c`, `\u003e`, `\u0026`), so no title can end the element.

mod subjects;

use std::fmt::Write as _;

use atelier_application::blog::PostView;
use atelier_application::site::Publisher;
use atelier_domain::faq::Faq;
use atelier_domain::media::LibraryImage;
use atelier_domain::portfolio::Project;
use chrono::{DateTime, SecondsFormat, Utc};
use serde_json::{Value, json};

use self::subjects::{organization, organization_id, plain_page, post_page, project_page, twitter_handle};
use super::markdown;
use super::words::Words;

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
    /// The words of the page's language (the breadcrumbs' "Home", "Blog", "Portfolio").
    pub words: &'a Words,
    /// On a site in several languages, the page's language and its addresses in the others;
    /// `None` on a site in one language, whose heads are as they always were.
    pub language: Option<&'a Localized>,
}

/// A page of a site in several languages: its language and where it is in each language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Localized {
    /// The page's language tag, `de-AT`.
    pub tag: String,
    /// The page's addresses start with this: `/de-AT`; empty in the default language.
    pub prefix: String,
    /// Each language the page exists in and the page's path there (`/de/blog/hallo`), the default
    /// first: its `hreflang` alternates, the default's also `x-default`.
    pub alternates: Vec<(String, String)>,
}

impl Localized {
    /// The path of the page's language for `path` of the default language's (`/blog` → `/de/blog`,
    /// `/` → `/de`).
    pub fn path(prefix: &str, path: &str) -> String {
        match (prefix, path) {
            ("", _) => path.to_owned(),
            (_, "/") => prefix.to_owned(),
            _ => format!("{prefix}{path}"),
        }
    }

    /// `og:locale`'s form of a language tag: `de_AT`.
    pub fn locale(tag: &str) -> String {
        tag.replace('-', "_")
    }
}

impl PageInfo<'_> {
    /// `path` (of the default language's) in the page's language.
    pub fn localized(&self, path: &str) -> String {
        Localized::path(self.language.map_or("", |language| language.prefix.as_str()), path)
    }
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
        if let (Some(language), Some(_)) = (info.language, &page.url) {
            elements.extend(alternates(base, language));
        }
        elements.push(Element {
            tag: "link",
            attributes: vec![
                ("rel", "alternate".to_owned()),
                ("type", "application/rss+xml".to_owned()),
                ("title", info.words.text("feed.title", &[("siteName", site)])),
                ("href", absolute(base, &format!("{}/rss.xml", info.localized("")))),
            ],
        });
        elements.push(property("og:site_name", site));
        match info.language {
            None => elements.push(property("og:locale", "en_US")),
            Some(language) => elements.extend(locales(language)),
        }
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

/// The `<link rel="alternate" hreflang>` of the page in each language it is in, then
/// `x-default` at the default language's address.
fn alternates(base: &str, language: &Localized) -> Vec<Element> {
    let hreflang = |tag: &str, path: &str| Element {
        tag: "link",
        attributes: vec![("rel", "alternate".to_owned()), ("hreflang", tag.to_owned()), ("href", absolute(base, path))],
    };
    let mut elements: Vec<Element> = language.alternates.iter().map(|(tag, path)| hreflang(tag, path)).collect();
    if let Some((_, path)) = language.alternates.first() {
        elements.push(hreflang("x-default", path));
    }
    elements
}

/// `og:locale` of the page's language, and `og:locale:alternate` of each other it is in.
fn locales(language: &Localized) -> Vec<Element> {
    let property = |property: &'static str, tag: &str| Element {
        tag: "meta",
        attributes: vec![("property", property.to_owned()), ("content", Localized::locale(tag))],
    };
    let mut elements = vec![property("og:locale", &language.tag)];
    elements.extend(
        language
            .alternates
            .iter()
            .filter(|(tag, _)| *tag != language.tag)
            .map(|(tag, _)| property("og:locale:alternate", tag)),
    );
    elements
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

/// JSON text that cannot end or comment out the `<script>` element it is in ([`HtmlSafe`]).
pub fn script_safe_json(value: &Value) -> String {
    let mut json = Vec::new();
    // A `Value` always serialises, into UTF-8.
    let _ = serde::Serialize::serialize(value, &mut serde_json::Serializer::with_formatter(&mut json, HtmlSafe));
    String::from_utf8(json).unwrap_or_default()
}

/// `serde_json`'s compact output with the characters HTML reads inside an element written as JSON
/// escapes in every string (keys included): `<`, `>`, `&`, U+2028 and U+2029 as `\u003c`, `\u003e`,
/// `\u0026`, `\u2028` and `\u2029`, which JSON reads back as the same characters. Only strings
/// can hold them.
pub(crate) struct HtmlSafe;

impl serde_json::ser::Formatter for HtmlSafe {
    fn write_string_fragment<W: ?Sized + std::io::Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> std::io::Result<()> {
        let bytes = fragment.as_bytes();
        let mut start = 0;
        let mut at = 0;
        while at < bytes.len() {
            let escape: &[u8] = match bytes[at] {
                b'<' => b"\\u003c",
                b'>' => b"\\u003e",
                b'&' => b"\\u0026",
                // U+2028 and U+2029 are E2 80 A8 and E2 80 A9 in UTF-8.
                0xE2 if bytes.get(at + 1) == Some(&0x80) && bytes.get(at + 2) == Some(&0xA8) => b"\\u2028",
                0xE2 if bytes.get(at + 1) == Some(&0x80) && bytes.get(at + 2) == Some(&0xA9) => b"\\u2029",
                _ => {
                    at += 1;
                    continue;
                }
            };
            writer.write_all(&bytes[start..at])?;
            writer.write_all(escape)?;
            at += if bytes[at] == 0xE2 { 3 } else { 1 };
            start = at;
        }
        writer.write_all(&bytes[start..])
    }
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
pub(super) fn picture(base: &str, address: &str) -> Option<String> {
    let address = address.trim();
    let path = address.split(['?', '#']).next().unwrap_or_default().to_ascii_lowercase();
    let raster = [".png", ".jpg", ".jpeg", ".gif", ".webp"].iter().any(|extension| path.ends_with(extension));
    (raster && !address.is_empty()).then(|| absolute(base, address))
}

pub(super) fn timestamp(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Secs, true)
}

#[cfg(test)]
mod tests;
