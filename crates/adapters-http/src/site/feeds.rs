//! The site's documents for crawlers and feed readers: `/sitemap.xml` (every public page, post and
//! project), `/robots.txt` (the sitemap's address; the back office and the API kept out) and
//! `/rss.xml` (RSS 2.0, the newest published posts with their whole text as sanitised HTML).
//!
//! Each is computed once per content generation and address of the site and kept in the
//! [`ResponseCache`] (docs/caching.md), dated, so it answers `If-None-Match` and `If-Modified-Since`
//! with 304. Its links are absolute, on the site's address ([`SitePages::base_url`]).

use std::borrow::Cow;
use std::io;

use actix_web::http::header::HeaderValue;
use actix_web::web::{self, Bytes};
use actix_web::{HttpRequest, HttpResponse};
use atelier_application::blog::PostView;
use atelier_application::blog::languages::ReadLanguage;
use atelier_application::freshness::ContentGeneration;
use atelier_application::site::Publisher;
use atelier_application::store::Store;
use atelier_domain::language::SiteLanguage;
use chrono::{DateTime, SecondsFormat, Utc};
use quick_xml::Writer;
use quick_xml::events::{BytesDecl, BytesText, Event};

use super::address::{Prefix, language_folder};
use super::head::{self, DESCRIPTION_LEN, Localized, absolute};
use super::serve::{public_app, recased};
use super::words::Words;
use super::{SitePages, markdown};
use crate::cache::ResponseCache;
use crate::web::WebAssets;

/// The sitemap's path.
pub const SITEMAP_PATH: &str = "/sitemap.xml";
/// The feed's path (every page's head links to it).
pub const FEED_PATH: &str = "/rss.xml";
/// A language's feed: `/de/rss.xml`.
const LANGUAGE_FEED_ROUTE: &str = "/{tag}/rss.xml";
/// The robots rules' path.
pub const ROBOTS_PATH: &str = "/robots.txt";

const SITEMAP_TYPE: &str = "application/xml; charset=utf-8";
const FEED_TYPE: &str = "application/rss+xml; charset=utf-8";
const ROBOTS_TYPE: &str = "text/plain; charset=utf-8";
const SITEMAP_NAMESPACE: &str = "http://www.sitemaps.org/schemas/sitemap/0.9";
const XHTML_NAMESPACE: &str = "http://www.w3.org/1999/xhtml";

/// Paths crawlers are asked to keep out of: the back office and the API.
pub const DISALLOWED: [&str; 2] = ["/admin", "/api"];

/// The robots rules: everything but the back office and the API, and where the sitemap is.
pub fn robots_txt(base: &str) -> String {
    let disallowed = DISALLOWED.map(|path| format!("Disallow: {path}")).join("\n");
    format!("User-agent: *\n{disallowed}\nAllow: /\n\nSitemap: {}\n", absolute(base, SITEMAP_PATH))
}

/// The feed: RSS 2.0 with the newest posts (`posts`, newest first), each with its description
/// (the post's meta description, else its excerpt, else the start of its text) and its whole text
/// as sanitised HTML (`content:encoded`), its links absolute. Descriptions (the channel's and the
/// items') are plain text: readers take them as HTML, so any markup is removed and the words
/// escaped for HTML, then for XML ([`markdown::plain_html`]). Without a description of the site's,
/// the channel's says "Articles from {site}." in the language of `words`.
pub fn feed_xml(base: &str, publisher: &Publisher, posts: &[PostView], words: &Words) -> String {
    feed_xml_in(base, publisher, posts, words, &FeedLanguage { tag: "en", prefix: "" })
}

/// The language a feed is in: its tag (the feed's `<language>`) and its pages' path prefix
/// (`/de`; empty for the default language).
#[derive(Debug, Clone, Copy)]
pub struct FeedLanguage<'a> {
    pub tag: &'a str,
    pub prefix: &'a str,
}

/// [`feed_xml`] of a language: its title and description in `words`, its links to the language's
/// pages (`/de/blog/{slug}`, the posts' slugs being theirs there), and its own address
/// (`/de/rss.xml`).
pub fn feed_xml_in(
    base: &str,
    publisher: &Publisher,
    posts: &[PostView],
    words: &Words,
    language: &FeedLanguage<'_>,
) -> String {
    let site = head::site_name(publisher);
    let title = words.text("feed.title", &[("siteName", site)]);
    let prefix = language.prefix;
    let blog = absolute(base, &Localized::path(prefix, "/blog"));
    let site_description = publisher.settings.site_description.trim();
    let description = if site_description.is_empty() {
        words.text("feed.description", &[("siteName", site)])
    } else {
        site_description.to_owned()
    };
    let built = posts.iter().map(modified).max();
    document(|writer| {
        writer
            .create_element("rss")
            .with_attributes([
                ("version", "2.0"),
                ("xmlns:atom", "http://www.w3.org/2005/Atom"),
                ("xmlns:content", "http://purl.org/rss/1.0/modules/content/"),
                ("xmlns:dc", "http://purl.org/dc/elements/1.1/"),
            ])
            .write_inner_content(|writer| {
                writer.create_element("channel").write_inner_content(|writer| {
                    text_element(writer, "title", &title)?;
                    text_element(writer, "link", &blog)?;
                    text_element(writer, "description", &markdown::plain_html(&description))?;
                    writer
                        .create_element("atom:link")
                        .with_attributes([
                            ("href", absolute(base, &format!("{prefix}{FEED_PATH}")).as_str()),
                            ("rel", "self"),
                            ("type", "application/rss+xml"),
                        ])
                        .write_empty()?;
                    text_element(writer, "language", language.tag)?;
                    if let Some(built) = built {
                        text_element(writer, "lastBuildDate", &built.to_rfc2822())?;
                    }
                    text_element(writer, "generator", "Atelier")?;
                    writer.create_element("image").write_inner_content(|writer| {
                        text_element(writer, "url", &absolute(base, head::LOGO))?;
                        text_element(writer, "title", &title)?;
                        text_element(writer, "link", &blog)
                    })?;
                    for view in posts {
                        item(writer, base, prefix, view)?;
                    }
                    Ok(())
                })?;
                Ok(())
            })?;
        Ok(())
    })
}

fn item(writer: &mut Writer<Vec<u8>>, base: &str, prefix: &str, view: &PostView) -> io::Result<()> {
    let post = &view.post;
    let link = absolute(base, &format!("{prefix}/blog/{}", post.slug.as_str()));
    let summary = [
        post.meta_description.trim().to_owned(),
        markdown::summary(&post.excerpt, DESCRIPTION_LEN * 2),
        markdown::summary(&markdown::to_text(&post.content), DESCRIPTION_LEN * 2),
    ]
    .into_iter()
    .find(|text| !text.is_empty())
    .unwrap_or_default();
    writer.create_element("item").write_inner_content(|writer| {
        text_element(writer, "title", post.title.trim())?;
        text_element(writer, "link", &link)?;
        writer
            .create_element("guid")
            .with_attribute(("isPermaLink", "true"))
            .write_text_content(BytesText::new(&xml_text(&link)))?;
        text_element(writer, "pubDate", &post.publication_date().to_rfc2822())?;
        if !post.author_name.trim().is_empty() {
            text_element(writer, "dc:creator", post.author_name.trim())?;
        }
        if !view.category_name.trim().is_empty() {
            text_element(writer, "category", view.category_name.trim())?;
        }
        for tag in &view.tag_names {
            text_element(writer, "category", tag)?;
        }
        text_element(writer, "description", &markdown::plain_html(&summary))?;
        text_element(writer, "content:encoded", &content_html(base, view))
    })?;
    Ok(())
}

/// A post's whole text as the feed carries it: its picture first, then its markdown as sanitised
/// HTML without a leading `# Title` (the feed names the post already, as the page does).
fn content_html(base: &str, view: &PostView) -> String {
    let post = &view.post;
    let mut html = String::new();
    if !post.featured_image.trim().is_empty() {
        html.push_str(&markdown::to_html(
            &format!("![{}](<{}>)\n\n", post.title.replace(['[', ']'], ""), post.featured_image.trim()),
            base,
        ));
    }
    html.push_str(&markdown::to_html(without_leading_title(&post.content), base));
    html
}

/// The markdown without a first line that is a level-one heading.
fn without_leading_title(markdown: &str) -> &str {
    let trimmed = markdown.trim_start();
    match trimmed.split_once('\n') {
        Some((first, rest)) if first.starts_with("# ") => rest,
        None if trimmed.starts_with("# ") => "",
        _ => markdown,
    }
}

/// When a post's page last changed: its last save, or its publication when later.
fn modified(view: &PostView) -> DateTime<Utc> {
    view.post.updated_at.max(view.post.publication_date())
}

/// An XML document written by `write`, as text.
fn document(write: impl FnOnce(&mut Writer<Vec<u8>>) -> io::Result<()>) -> String {
    let mut writer = Writer::new_with_indent(Vec::new(), b' ', 2);
    let written =
        writer.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None))).and_then(|()| write(&mut writer));
    // Writing to memory cannot fail.
    debug_assert!(written.is_ok());
    String::from_utf8(writer.into_inner()).unwrap_or_default()
}

fn text_element(writer: &mut Writer<Vec<u8>>, name: &str, text: &str) -> io::Result<()> {
    writer.create_element(name).write_text_content(BytesText::new(&xml_text(text)))?;
    Ok(())
}

/// `text` without the characters XML 1.0 cannot hold (control characters other than tab and line
/// ends, U+FFFE and U+FFFF); the writer escapes the rest.
fn xml_text(text: &str) -> Cow<'_, str> {
    let allowed = |c: char| matches!(c, '\t' | '\n' | '\r') || (c >= ' ' && c != '\u{FFFE}' && c != '\u{FFFF}');
    if text.chars().all(allowed) {
        Cow::Borrowed(text)
    } else {
        Cow::Owned(text.chars().filter(|c| allowed(*c)).collect())
    }
}

/// A date as sitemaps write it.
fn w3c_date(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// Which of the site's documents a request asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SiteDocument {
    Sitemap,
    Feed,
    Robots,
}

impl SiteDocument {
    fn path(self) -> &'static str {
        match self {
            Self::Sitemap => SITEMAP_PATH,
            Self::Feed => FEED_PATH,
            Self::Robots => ROBOTS_PATH,
        }
    }

    fn content_type(self) -> &'static str {
        match self {
            Self::Sitemap => SITEMAP_TYPE,
            Self::Feed => FEED_TYPE,
            Self::Robots => ROBOTS_TYPE,
        }
    }
}

impl<S: Store> SitePages<S> {
    /// The document, from the database; a feed in `language` when one is named (another than the
    /// default).
    async fn render(
        &self,
        document: SiteDocument,
        base: &str,
        language: Option<&SiteLanguage>,
    ) -> anyhow::Result<String> {
        Ok(match document {
            SiteDocument::Sitemap => {
                let sitemap = self.site.sitemap().await?;
                let languages = self.site.publisher().await?.settings.languages;
                let list = self.list();
                sitemap_xml(base, &listed_pages(&list.pages), &sitemap, &languages)
            }
            SiteDocument::Feed => {
                let publisher = self.site.publisher().await?;
                let languages = publisher.settings.languages.clone();
                match language {
                    None => {
                        let tag = languages.default_language().tag.as_str();
                        let feed = FeedLanguage { tag, prefix: "" };
                        feed_xml_in(base, &publisher, &self.site.feed().await?, &self.list().words, &feed)
                    }
                    Some(language) => {
                        let list = self.list_in(&language_folder(&self.assets, language));
                        let prefix = format!("/{}", language.tag.as_str());
                        let feed = FeedLanguage { tag: language.tag.as_str(), prefix: &prefix };
                        // The site's name and description in the feed's language.
                        let (texts, _) = self.site_texts(Some(language)).await?;
                        let read = ReadLanguage { languages, lang: language.tag.clone() };
                        feed_xml_in(base, &texts.publisher, &self.site.feed_in(&read).await?, &list.words, &feed)
                    }
                }
            }
            SiteDocument::Robots => robots_txt(base),
        })
    }

    /// The document for `request`: from the cache while the content has not changed, else computed
    /// and kept. A language's feed is kept under its own path (`/de/rss.xml`).
    async fn serve(
        &self,
        document: SiteDocument,
        request: &HttpRequest,
        language: Option<&SiteLanguage>,
    ) -> HttpResponse {
        let cache = request.app_data::<web::Data<ResponseCache>>().expect("the response cache is registered");
        let generation =
            request.app_data::<web::Data<ContentGeneration>>().expect("the content generation is registered");
        let base = self.base_url(request);
        let path = match language {
            None => document.path().to_owned(),
            Some(language) => format!("/{}{}", language.tag.as_str(), document.path()),
        };
        let key = format!("site {path} {base}");
        if let Some(stored) = cache.get(&key, generation) {
            return stored.respond(request.headers());
        }
        // Taken before the content is read: a write meanwhile makes this answer out of date.
        let stamp = generation.stamp();
        match self.render(document, &base, language).await {
            Ok(body) => cache
                .put_dated(
                    &key,
                    stamp,
                    HeaderValue::from_static(document.content_type()),
                    Bytes::from(body),
                    generation,
                )
                .respond(request.headers()),
            Err(error) => {
                tracing::error!(error = format!("{error:#}"), path, "the document could not be read");
                HttpResponse::InternalServerError().content_type(ROBOTS_TYPE).body("Internal server error")
            }
        }
    }
}

async fn sitemap<S: Store>(request: HttpRequest, pages: web::Data<SitePages<S>>) -> HttpResponse {
    pages.serve(SiteDocument::Sitemap, &request, None).await
}

async fn feed<S: Store>(request: HttpRequest, pages: web::Data<SitePages<S>>) -> HttpResponse {
    pages.serve(SiteDocument::Feed, &request, None).await
}

async fn robots<S: Store>(request: HttpRequest, pages: web::Data<SitePages<S>>) -> HttpResponse {
    pages.serve(SiteDocument::Robots, &request, None).await
}

/// `/{tag}/rss.xml`: the feed of one of the site's languages other than the default; the tag in
/// another case is redirected to its canonical case, and any other first segment is an ordinary
/// path of the public site (a file, a page, a redirect, or the not-found page).
async fn language_feed<S: Store>(
    request: HttpRequest,
    assets: web::Data<WebAssets>,
    pages: web::Data<SitePages<S>>,
) -> HttpResponse {
    let path = request.path().trim_start_matches('/').to_owned();
    if Prefix::possible(&path) {
        match pages.shared().await {
            Ok((publisher, _)) => match Prefix::of(&publisher.settings.languages, &path) {
                Prefix::Language { language, .. } => {
                    return pages.serve(SiteDocument::Feed, &request, Some(language)).await;
                }
                Prefix::Recased(location) => return recased(&location, &request),
                Prefix::Default => {}
            },
            Err(error) => tracing::error!(error = format!("{error:#}"), "the site's languages could not be read"),
        }
    }
    public_app::<S>(request, assets, pages).await
}

/// The documents' routes (GET, and HEAD as GET), a language's feed too; register before the public
/// app's pages.
pub fn routes<S: Store>(config: &mut web::ServiceConfig) {
    config
        .route(SITEMAP_PATH, web::get().to(sitemap::<S>))
        .route(FEED_PATH, web::get().to(feed::<S>))
        .route(ROBOTS_PATH, web::get().to(robots::<S>))
        .route(LANGUAGE_FEED_ROUTE, web::get().to(language_feed::<S>));
}

mod sitemap;

use self::sitemap::listed_pages;
pub use self::sitemap::sitemap_xml;

#[cfg(test)]
mod tests;
