//! The public site's pages as search engines, link previews and feed readers get them.
//!
//! Each pre-rendered page (see [`crate::web`]) is sent with its head filled in by the server: the
//! build lists its pages with their names and descriptions (`pages.json`), the database gives the
//! site's name and description, the contact details, and the post, project or FAQs a page shows,
//! and [`head::Head`] writes the title, description, canonical address, link previews and
//! structured data. A post's and a project's page also gets the preload link of its cover and, in
//! its preview slot, the record's title and cover ([`preview`]), so its largest paint needs no
//! script; `/blog` and `/portfolio` get the first cards of their list the same way (the newest
//! published posts, the most recent projects) and the preload link of the first card's picture. A
//! page whose content the server writes (`/services`, a post's page: [`content`]) gets it in its
//! slot, and its head gets the API answers the page's script reads first, so a visitor without
//! scripts reads the page and the browser asks for nothing. A draft or unknown post or project
//! answers 404 with the not-found page.
//!
//! Filling a page is a splice: each page's [`template::Template`] (the page cut where its head and
//! preview go) is found once when the build is embedded, and [`SitePages::head`] is the one function
//! that reads the database — the piece a response cache keeps per address.
//!
//! The site's address in canonical links, previews and structured data is `ATELIER_PUBLIC_URL`, or
//! else the request's allowed `Host` ([`crate::hosts`]; behind a proxy, set the variable).

pub mod content;
pub mod feeds;
pub mod head;
pub mod markdown;
pub mod preview;
pub mod template;

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::Arc;

use actix_web::http::header::{self, HeaderValue};
use actix_web::http::{Method, StatusCode};
use actix_web::web::{self, Bytes};
use actix_web::{HttpRequest, HttpResponse};
use atelier_application::Audience;
use atelier_application::blog::PostView;
use atelier_application::content::Content;
use atelier_application::faqs::{FaqQuery, Faqs};
use atelier_application::freshness::ContentGeneration;
use atelier_application::home_page::HomePages;
use atelier_application::media::LibraryImages;
use atelier_application::ports::{Clock, SharedClock};
use atelier_application::records::LookupError;
use atelier_application::redirects::served::{Found, RedirectTable};
use atelier_application::services::ServiceCatalog;
use atelier_application::site::{PublicSite, Publisher};
use atelier_application::store::Store;
use atelier_application::testimonials::{TestimonialQuery, Testimonials};
use atelier_domain::faq::FaqStatus;
use atelier_domain::home_page::HomePage;
use atelier_domain::portfolio::Project;
use atelier_domain::testimonial::TestimonialStatus;
use chrono::Datelike as _;
use serde::Deserialize;
use serde_json::json;

use self::head::{Head, PageInfo, Subject};
use self::template::Template;
use crate::api::content::ContentPageDto;
use crate::api::faqs::FaqListDto;
use crate::api::services::ServiceDto;
use crate::api::settings::SettingsDto;
use crate::api::testimonials::TestimonialListDto;
use crate::cache::ResponseCache;
use crate::hosts::HostPolicy;
use crate::security;
use crate::web::{Asked, NOT_FOUND_PAGE, WebApp, WebAssets, prerendered_page, serve_file, serve_index};

/// The build's list of its pre-rendered pages.
pub const PAGES_FILE: &str = "pages.json";

/// One pre-rendered page as the build lists it.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct PageEntry {
    /// The route's pattern, `/blog/:slug`; `/404` for the not-found page.
    pub pattern: String,
    pub file: String,
    /// The page's name without the site's.
    pub name: String,
    pub description: String,
    /// Whether search engines are asked to list the page (the sitemap leaves it out when not).
    #[serde(default = "listed")]
    pub index: bool,
    /// How wide the page draws its record's cover, as its `<img>`'s `sizes` says (a post's and a
    /// project's page): the server's preload link of the cover offers the same choice.
    #[serde(default, rename = "coverSizes")]
    pub cover_sizes: Option<String>,
    /// The record's preview with its placeholders, for a post's and a project's page; for a list's
    /// page (`/blog`, `/portfolio`), the list's with [`preview::CARDS`] where its first cards go
    /// (see [`preview`]).
    #[serde(default)]
    pub preview: Option<String>,
    /// A list's page: one card of its preview, with the placeholders of a record's preview.
    #[serde(default)]
    pub card: Option<String>,
    /// Pictures the page's content draws that the build makes (`icon:faCode`, `check`): the markup
    /// of the React components that draw them, for the server's content ([`content`]).
    #[serde(default)]
    pub parts: HashMap<String, String>,
}

fn listed() -> bool {
    true
}

#[derive(Debug, Clone, Default, Deserialize)]
struct PageList {
    pages: Vec<PageEntry>,
    /// Pictures every page's footer draws that the build makes (the logo, the social and contact
    /// icons), for the server's footer ([`content::footer`]).
    #[serde(default)]
    parts: HashMap<String, String>,
}

impl PageList {
    fn read(bytes: &[u8]) -> Self {
        serde_json::from_slice(bytes).unwrap_or_else(|error| {
            tracing::warn!(%error, "the public build's {PAGES_FILE} cannot be read; pages get the site's name only");
            Self::default()
        })
    }

    fn entry(&self, file: &str) -> Option<&PageEntry> {
        self.pages.iter().find(|entry| entry.file == file)
    }

    /// The card template and its picture's `sizes` of the list page at `pattern` (`/blog`).
    fn card(&self, pattern: &str) -> Option<(&str, Option<&str>)> {
        let entry = self.pages.iter().find(|entry| entry.pattern == pattern)?;
        Some((entry.card.as_deref()?, entry.cover_sizes.as_deref()))
    }
}

/// What an address of the public site shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Address {
    /// A page of the build's, at this path (`/`, `/about`, `/faq`).
    Page { file: String, path: String },
    /// `/blog/{slug}`.
    Post(String),
    /// `/project/{slug or id}`.
    Project(String),
    /// No page.
    Missing,
}

const POST_PAGE: &str = "pages/blog/_.html";
const PROJECT_PAGE: &str = "pages/project/_.html";
const FAQ_PATH: &str = "/faq";
const ABOUT_PATH: &str = "/about";
const BLOG_PATH: &str = "/blog";
const PORTFOLIO_PATH: &str = "/portfolio";
const SERVICES_PATH: &str = "/services";
const HOME_PATH: &str = "/";
/// The policy pages and the content page type each shows (`PolicyKey` of `features/policies`).
const POLICY_PAGES: [(&str, &str); 3] =
    [("/privacy-policy", "privacy"), ("/terms-of-service", "terms"), ("/cookie-policy", "cookies")];

/// How many cards of a list's first page the server fills into the list's preview: the whole first
/// page, as many as the page shows.
pub const LIST_PREVIEW_CARDS: i64 = content::lists::LIST_PAGE_SIZE;

impl Address {
    /// The address that `path` (the request's, without its leading `/`) shows, with its page's
    /// file and bytes; `None` when the build has no pre-rendered pages.
    fn resolve(assets: &WebAssets, path: &str) -> Option<(Self, String, Cow<'static, [u8]>)> {
        if let Some((file, bytes)) = prerendered_page(assets, path) {
            let segment = path.trim_end_matches('/').rsplit('/').next().unwrap_or_default().to_owned();
            let address = match file.as_str() {
                POST_PAGE => Self::Post(segment),
                PROJECT_PAGE => Self::Project(segment),
                _ => Self::Page { path: page_path(&file), file: file.clone() },
            };
            return Some((address, file, bytes));
        }
        let bytes = assets.file(WebApp::Public, NOT_FOUND_PAGE)?;
        Some((Self::Missing, NOT_FOUND_PAGE.to_owned(), bytes))
    }
}

/// The path of a pre-rendered page of the build's own: `pages/about.html` → `/about`.
fn page_path(file: &str) -> String {
    let route = file.strip_prefix("pages/").and_then(|name| name.strip_suffix(".html")).unwrap_or_default();
    if route == "index" { "/".to_owned() } else { format!("/{route}") }
}

/// The head of an address, and whether it names a page.
#[derive(Debug, Clone, PartialEq)]
pub struct PageHead {
    pub found: bool,
    pub head: Head,
    /// The record's preview for the page's slot (HTML), when the page shows a record and the build
    /// has a preview for it; a page whose content the server writes ([`content`]), that content.
    pub preview: Option<String>,
    /// The API answers the page's script asks for first, as the element that embeds them (HTML);
    /// empty for none.
    pub data: String,
    /// The page's footer (HTML), for the page itself (not its head alone).
    pub footer: Option<String>,
}

/// The record a post's or a project's page shows, as its preview and preload need it.
struct Record<'a> {
    /// The cover as the record names it, trimmed; empty for none.
    cover: &'a str,
    /// The fields the preview shows, as the API names them.
    fields: Vec<(&'static str, &'a str)>,
    /// Fields the server computes (a card's date, author), as text.
    computed: Vec<(&'static str, String)>,
    /// HTML the server writes for the template's `{{html:name}}` (a project card's details).
    html: Vec<(&'static str, String)>,
}

impl<'a> Record<'a> {
    fn of(subject: &'a Subject) -> Option<Self> {
        match subject {
            Subject::Post(view) => Some(Self {
                cover: view.post.featured_image.trim(),
                fields: vec![("title", &view.post.title), ("categoryName", &view.category_name)],
                computed: Vec::new(),
                html: Vec::new(),
            }),
            Subject::Project(project) => Some(Self {
                cover: project.image.trim(),
                fields: vec![
                    ("title", &project.title),
                    ("category", &project.category),
                    ("shortDescription", &project.short_description),
                ],
                computed: Vec::new(),
                html: Vec::new(),
            }),
            Subject::Page | Subject::Faqs(_) | Subject::Missing => None,
        }
    }

    /// A post as a card of the blog's list shows it.
    fn post_card(view: &'a PostView) -> Self {
        let post = &view.post;
        Self {
            cover: post.featured_image.trim(),
            fields: vec![("title", &post.title), ("slug", post.slug.as_str()), ("excerpt", &post.excerpt)],
            computed: content::lists::post_card(view),
            html: Vec::new(),
        }
    }

    /// A project as a card of the portfolio's list shows it: `summary` is its short description, else
    /// its description.
    /// `narrow`: how many technologies the card names below 1024 px, when fewer than from there on.
    fn project_card(project: &'a Project, names: &content::lists::Names, narrow: Option<usize>) -> Self {
        let summary =
            if project.short_description.is_empty() { &project.description } else { &project.short_description };
        Self {
            cover: project.image.trim(),
            fields: vec![("title", &project.title), ("category", &project.category), ("summary", summary)],
            computed: Vec::new(),
            html: content::lists::project_card(project, &names.technologies(), &names.tags(), narrow),
        }
    }
}

/// The first records of a list's page, as a visitor's first request of the list answers now.
enum Listed {
    Posts(Vec<PostView>),
    Projects(Vec<Project>, content::lists::Names),
}

impl Listed {
    fn records(&self) -> Vec<Record<'_>> {
        match self {
            Self::Posts(posts) => posts.iter().map(Record::post_card).collect(),
            Self::Projects(projects, names) => {
                projects.iter().map(|project| Record::project_card(project, names, None)).collect()
            }
        }
    }
}

/// The home page's portfolio and blog cards (HTML) and the answers they are made from.
struct HomeCards {
    portfolio: Option<String>,
    blog: Option<String>,
    data: Vec<(serde_json::Value, serde_json::Value)>,
}

/// The public site's pages with their heads.
#[derive(Debug)]
pub struct SitePages<S> {
    site: PublicSite<S, SharedClock>,
    pages: Content<S, SharedClock>,
    home: HomePages<S, SharedClock>,
    services: ServiceCatalog<S, SharedClock>,
    faqs: Faqs<S, SharedClock>,
    testimonials: Testimonials<S, SharedClock>,
    images: LibraryImages<S>,
    /// The store the pages' writers read with the API's own use cases ([`content`]), on this clock.
    store: S,
    clock: SharedClock,
    assets: WebAssets,
    public_url: Option<String>,
    /// The templates and page list of a build embedded in the binary, prepared once.
    templates: HashMap<String, Arc<Template>>,
    list: Option<Arc<PageList>>,
}

impl<S: Store> SitePages<S> {
    /// The pages of the build in `assets`, read on `clock`, with `public_url` (no trailing slash) as the site's
    /// address, else each request's host.
    pub fn new(store: S, clock: SharedClock, assets: WebAssets, public_url: Option<String>) -> Self {
        let mut templates = HashMap::new();
        let mut list = None;
        for (file, bytes) in assets.embedded_public_files() {
            if file == PAGES_FILE {
                list = Some(Arc::new(PageList::read(bytes)));
            } else if std::path::Path::new(&file).extension().is_some_and(|extension| extension == "html")
                && let Some(template) = std::str::from_utf8(bytes).ok().and_then(Template::parse)
            {
                templates.insert(file, Arc::new(template));
            }
        }
        let public_url = public_url.map(|url| url.trim_end_matches('/').to_owned()).filter(|url| !url.is_empty());
        Self {
            site: PublicSite::new(store.clone(), clock.clone()),
            pages: Content::new(store.clone(), clock.clone()),
            home: HomePages::new(store.clone(), clock.clone()),
            services: ServiceCatalog::new(store.clone(), clock.clone()),
            faqs: Faqs::new(store.clone(), clock.clone()),
            testimonials: Testimonials::new(store.clone(), clock.clone()),
            images: LibraryImages::new(store.clone()),
            store,
            clock,
            assets,
            public_url,
            templates,
            list,
        }
    }

    /// The web apps' files the pages come from.
    pub fn assets(&self) -> &WebAssets {
        &self.assets
    }

    /// The site's address for `request`: the configured one, else the request's allowed host
    /// ([`HostPolicy::address`]).
    pub fn base_url(&self, request: &HttpRequest) -> String {
        match request.app_data::<web::Data<HostPolicy>>() {
            Some(hosts) => hosts.address(request),
            None => HostPolicy::new(self.public_url.as_deref(), &[]).address(request),
        }
    }

    fn list(&self) -> Arc<PageList> {
        self.list.clone().unwrap_or_else(|| {
            Arc::new(
                self.assets.file(WebApp::Public, PAGES_FILE).map(|bytes| PageList::read(&bytes)).unwrap_or_default(),
            )
        })
    }

    /// The head of the page at `address` for the site at `base`, from the database: the one piece of
    /// a filled page that depends on the content. For the `page` itself (not its head alone), a
    /// post's or a project's head also preloads its cover, and comes with the record's preview.
    ///
    /// # Errors
    /// Only infrastructure faults.
    pub async fn head(&self, base: &str, address: &Address, page: bool) -> anyhow::Result<PageHead> {
        let list = self.list();
        let publisher = self.site.publisher().await?;
        let (subject, file, path) = match address {
            Address::Page { file, path } if path == FAQ_PATH => {
                (Subject::Faqs(self.site.faqs().await?), file.as_str(), path.as_str())
            }
            Address::Page { file, path } => (Subject::Page, file.as_str(), path.as_str()),
            Address::Post(slug) => match self.site.post(slug).await? {
                Some(view) => (Subject::Post(Box::new(view)), POST_PAGE, ""),
                None => (Subject::Missing, NOT_FOUND_PAGE, ""),
            },
            Address::Project(slug_or_id) => match self.site.project(slug_or_id).await? {
                Some(project) => (Subject::Project(Box::new(project)), PROJECT_PAGE, ""),
                None => (Subject::Missing, NOT_FOUND_PAGE, ""),
            },
            Address::Missing => (Subject::Missing, NOT_FOUND_PAGE, ""),
        };
        let found = !matches!(subject, Subject::Missing);
        // A build without a page list still gets a title: the site's name, or the not-found page's.
        let entry = list.entry(file);
        let name = match entry {
            Some(entry) if !entry.name.is_empty() => entry.name.as_str(),
            _ if !found => "Page Not Found",
            _ => head::site_name(&publisher),
        };
        let description = entry.map_or("", |entry| entry.description.as_str());
        let index = entry.is_none_or(|entry| entry.index);
        let info = PageInfo { base, path, name, description, index };
        let mut head = Head::of(info, &subject, &publisher);
        let mut preview = None;
        let mut answers = Vec::new();
        if let Some(record) = Record::of(&subject).filter(|_| page) {
            // Without the build's `sizes` the browser could pick another copy than the page's <img>.
            let sizes = entry.and_then(|entry| entry.cover_sizes.as_deref());
            let template = entry.and_then(|entry| entry.preview.as_deref());
            let images = if record.cover.is_empty() || (sizes.is_none() && template.is_none()) {
                Vec::new()
            } else {
                self.images.shown_by(&[vec![record.cover]]).await?.pop().unwrap_or_default()
            };
            let image = head::library_image_for(&images, record.cover);
            let cover = (!record.cover.is_empty()).then_some(preview::Cover { address: record.cover, image, sizes });
            if let (Some(cover), Some(sizes)) = (cover, sizes) {
                head.preload = Some(head::image_preload(cover.address, cover.image, sizes));
            }
            // A post's page is its whole article: the byline's facts, its text (as the API
            // renders it) and its tags too; the API's answer goes into the page as well.
            let post = match &subject {
                Subject::Post(view) if page => {
                    let answer = crate::api::blog::dto(&self.images, view.as_ref().clone())
                        .await
                        .map_err(|error| anyhow::anyhow!("the post's answer could not be made: {error}"))?;
                    let page = content::post(view, &answer.content_html);
                    if let Address::Post(slug) = address {
                        let key = json!([format!("/blog/public/posts/slug/{slug}")]);
                        answers.push((key, serde_json::to_value(answer)?));
                    }
                    Some(page)
                }
                _ => None,
            };
            // A project's page is its whole article too (`content::project`).
            let project = self.project_page(&subject, address, entry).await?;
            if let Some(project) = &project {
                answers.extend(project.data.iter().cloned());
            }
            let mut fields = record.fields.clone();
            let mut html = Vec::new();
            if let Some(post) = &post {
                fields.extend(post.fields.iter().map(|(name, value)| (*name, value.as_str())));
                html.push(("body", post.body.as_str()));
            }
            if let Some(project) = &project {
                html.extend(project.html.iter().map(|(name, value)| (*name, value.as_str())));
            }
            preview = template.map(|template| preview::fill_with(template, &fields, &html, cover.as_ref()));
        }
        if let (true, Address::Page { path, .. }, Some(entry)) = (page, address, entry)
            && let (Some(template), Some(card)) = (entry.preview.as_deref(), entry.card.as_deref())
            && let Some((listed, count, list_answers)) = self.listed(path).await?
        {
            answers.extend(list_answers);
            let (cards, first) = self.cards(&listed.records(), card, entry.cover_sizes.as_deref()).await?;
            head.preload = first;
            let template = preview::fill(template, &[("count", &count)], None);
            preview = cards.map(|cards| template.replacen(preview::CARDS, &cards, 1));
        }
        // The footer, on every page the server sends, and the home page read the Home page record.
        let home = if page { Some(self.home.get().await?) } else { None };
        if let (true, Address::Page { path, .. }) = (page, address) {
            let parts = entry.map(|entry| &entry.parts);
            let empty = HashMap::new();
            let content = self.content(path, &publisher, home.as_ref(), parts.unwrap_or(&empty)).await?;
            answers.extend(content.data);
            if let Some(region) = content.region {
                preview = Some(region);
            }
        }
        let year = self.clock.now().year();
        let (footer, data) = content::footer::with_answers(&publisher, home.as_ref(), year, &list.parts, answers)?;
        Ok(PageHead { found, head, preview, data, footer })
    }

    /// What the server writes into a project's page and the answers it embeds; `None` for another.
    async fn project_page(
        &self,
        subject: &Subject,
        address: &Address,
        entry: Option<&PageEntry>,
    ) -> anyhow::Result<Option<content::project::ProjectPage>> {
        let (Subject::Project(project), Address::Project(identifier)) = (subject, address) else {
            return Ok(None);
        };
        let empty = HashMap::new();
        let parts = entry.map_or(&empty, |entry| &entry.parts);
        Ok(Some(content::project::page(&self.store, &self.clock, &self.images, project, identifier, parts).await?))
    }

    /// The whole first page of the list at `path`, its count line and the answers the page reads first
    /// (`content::lists`); `None` for a page that is no list.
    async fn listed(
        &self,
        path: &str,
    ) -> anyhow::Result<Option<(Listed, String, Vec<(serde_json::Value, serde_json::Value)>)>> {
        Ok(match path {
            BLOG_PATH => {
                let listing = content::lists::blog(&self.store, &self.clock, &self.images).await?;
                Some((Listed::Posts(listing.posts), listing.count, listing.data))
            }
            PORTFOLIO_PATH => {
                let listing = content::lists::portfolio(&self.store, &self.clock, &self.images).await?;
                Some((Listed::Projects(listing.projects, listing.names), listing.count, listing.data))
            }
            _ => None,
        })
    }

    /// The content the server writes into the page at `path` and the answers it embeds for the
    /// page's script, read with the same use cases as the API calls the page makes; nothing for a
    /// page whose content is not written here.
    async fn content(
        &self,
        path: &str,
        publisher: &Publisher,
        home: Option<&HomePage>,
        parts: &HashMap<String, String>,
    ) -> anyhow::Result<content::Content> {
        Ok(match path {
            FAQ_PATH => content::faq::page(&self.store, &self.clock).await?,
            ABOUT_PATH => content::about::page(&self.store, &self.clock, parts).await?,
            HOME_PATH => match home {
                Some(home) => {
                    let about = self.public_page("about").await?;
                    let services = self.services.featured().await?;
                    let query = FaqQuery {
                        status: Some(FaqStatus::Active),
                        limit: Some(content::home::FAQ_LIMIT),
                        ..FaqQuery::default()
                    };
                    let faqs = FaqListDto::from(self.faqs.list(Audience::Public, query).await?);
                    let query = TestimonialQuery {
                        status: Some(TestimonialStatus::Approved),
                        limit: Some(content::home::TESTIMONIALS_LIMIT),
                        ..TestimonialQuery::default()
                    };
                    let testimonials = TestimonialListDto::from(self.testimonials.list(Audience::Public, query).await?);
                    let cards = self.home_cards().await?;
                    let read = content::home::HomeRead {
                        about: about.as_ref(),
                        services,
                        faqs: &faqs,
                        testimonials: &testimonials,
                        portfolio: cards.portfolio.as_deref(),
                        blog: cards.blog.as_deref(),
                    };
                    let mut content = content::home::content(publisher, home, read, parts)?;
                    content.data.extend(cards.data);
                    content
                }
                None => content::Content::default(),
            },
            SERVICES_PATH => {
                let services = self.site.services().await?;
                let region = content::services(&services, &publisher.settings, parts);
                let answers: Vec<ServiceDto> = services.into_iter().map(ServiceDto::from).collect();
                content::Content {
                    region: Some(region),
                    data: vec![
                        (json!(["/services", { "status": "active" }]), serde_json::to_value(answers)?),
                        (json!(["/settings"]), serde_json::to_value(SettingsDto::from(publisher.settings.clone()))?),
                    ],
                }
            }
            _ => match POLICY_PAGES.iter().find(|(policy_path, _)| *policy_path == path) {
                Some((_, page_type)) => {
                    let page = self.public_page(page_type).await?;
                    // `null` stands for the API's 404: the page shows its built-in text.
                    let answer = page.as_ref().map_or(Ok(serde_json::Value::Null), serde_json::to_value)?;
                    content::Content {
                        region: content::policy(page.as_ref(), parts),
                        data: vec![(json!([format!("/content/{page_type}")]), answer)],
                    }
                }
                None => content::Content::default(),
            },
        })
    }

    /// The home page's project and post cards, each list the cards of the list pages' templates
    /// (`None` without the build's template, so the section's loading state shows), and the
    /// answers the two sections read.
    async fn home_cards(&self) -> anyhow::Result<HomeCards> {
        let list = self.list();
        let (projects, names, mut data) = content::lists::home_projects(&self.store, &self.clock, &self.images).await?;
        let (posts, post_data) = content::lists::home_posts(&self.store, &self.clock, &self.images).await?;
        data.extend(post_data);
        let narrow = Some(content::lists::HOME_NARROW_TECHNOLOGIES);
        let projects: Vec<Record<'_>> =
            projects.iter().map(|project| Record::project_card(project, &names, narrow)).collect();
        let posts: Vec<Record<'_>> = posts.iter().map(Record::post_card).collect();
        let mut cards = [None, None];
        for (slot, (pattern, records)) in cards.iter_mut().zip([(PORTFOLIO_PATH, projects), (BLOG_PATH, posts)]) {
            if let Some((card, sizes)) = list.card(pattern) {
                // No records: an empty string, the section's "none" line.
                *slot = Some(self.cards(&records, card, sizes).await?.0.unwrap_or_default());
            }
        }
        let [portfolio, blog] = cards;
        Ok(HomeCards { portfolio, blog, data })
    }

    /// The content page `page_type` as a visitor's request answers: `None` for a draft or a missing
    /// page (the API's 404).
    async fn public_page(&self, page_type: &str) -> anyhow::Result<Option<ContentPageDto>> {
        match self.pages.get(Audience::Public, page_type).await {
            Ok(page) => Ok(Some(ContentPageDto::from(page))),
            Err(LookupError::NotFound(_)) => Ok(None),
            Err(LookupError::Unexpected(error)) => Err(error),
        }
    }

    /// The cards of `records` (`card` filled from each, their covers drawn at `sizes`), and the
    /// preload link of the first card's cover; no cards for no records, so the page's skeleton shows.
    async fn cards(
        &self,
        records: &[Record<'_>],
        card: &str,
        sizes: Option<&str>,
    ) -> anyhow::Result<(Option<String>, Option<head::Element>)> {
        if records.is_empty() {
            return Ok((None, None));
        }
        let covers: Vec<Vec<&str>> = records
            .iter()
            .map(|record| [record.cover].into_iter().filter(|cover| !cover.is_empty()).collect())
            .collect();
        let images = self.images.shown_by(&covers).await?;
        let mut cards = String::new();
        let mut first = None;
        for (index, (record, images)) in records.iter().zip(&images).enumerate() {
            let image = head::library_image_for(images, record.cover);
            let cover = (!record.cover.is_empty()).then_some(preview::Cover { address: record.cover, image, sizes });
            if index == 0
                && let (Some(cover), Some(sizes)) = (&cover, sizes)
            {
                first = Some(head::image_preload(cover.address, cover.image, sizes));
            }
            let mut fields = record.fields.clone();
            fields.extend(record.computed.iter().map(|(name, value)| (*name, value.as_str())));
            let html: Vec<(&str, &str)> = record.html.iter().map(|(name, value)| (*name, value.as_str())).collect();
            cards.push_str(&preview::fill_with(card, &fields, &html, cover.as_ref()));
        }
        Ok((Some(cards), first))
    }

    /// The page at `path` (the request's, without its leading `/`) with its head filled in; `None`
    /// when the build has no pre-rendered pages. A page found is kept in the response cache while
    /// the content has not changed (docs/caching.md), so it is filled and compressed once; a missing
    /// page or one sent without its head is computed each time.
    pub async fn page(&self, request: &HttpRequest, path: &str) -> Option<HttpResponse> {
        let (address, file, bytes) = Address::resolve(&self.assets, path)?;
        let base = self.base_url(request);
        let cache = request.app_data::<web::Data<ResponseCache>>();
        let generation = request.app_data::<web::Data<ContentGeneration>>();
        // Keyed by what the page is made from, not by the path as spelled (`/About`, `/about`).
        let record = match &address {
            Address::Post(slug) | Address::Project(slug) => slug.as_str(),
            Address::Page { .. } | Address::Missing => "",
        };
        let key = format!("page {base} {file} {record}");
        if let (Some(cache), Some(generation)) = (cache, generation)
            && let Some(stored) = cache.get(&key, generation)
        {
            return Some(stored.respond(request.headers()));
        }
        // Taken before the content is read: a write meanwhile makes this page out of date.
        let stamp = generation.map(|generation| generation.stamp());
        let (status, file, bytes, head) = match self.head(&base, &address, true).await {
            Ok(head @ PageHead { found: true, .. }) => (StatusCode::OK, file, bytes, Some(head)),
            Ok(head) => {
                let bytes =
                    if file == NOT_FOUND_PAGE { bytes } else { self.assets.file(WebApp::Public, NOT_FOUND_PAGE)? };
                (StatusCode::NOT_FOUND, NOT_FOUND_PAGE.to_owned(), bytes, Some(head))
            }
            Err(error) => {
                tracing::error!(error = format!("{error:#}"), "the page's head could not be read; sent without it");
                let status = if address == Address::Missing { StatusCode::NOT_FOUND } else { StatusCode::OK };
                (status, file, bytes, None)
            }
        };
        let template = match &bytes {
            Cow::Borrowed(_) => self.templates.get(file.as_str()).cloned(),
            Cow::Owned(_) => None,
        }
        .or_else(|| std::str::from_utf8(&bytes).ok().and_then(Template::parse).map(Arc::new));
        let filled = head.is_some();
        let body = match (template, head) {
            (Some(template), Some(page)) => {
                let head = page.head.to_html() + &page.data;
                template.fill_with_footer(&head, page.preview.as_deref(), page.footer.as_deref()).into_bytes()
            }
            _ => bytes.into_owned(),
        };
        let policy = security::page_policy(security::inline_scripts(&body));
        if status == StatusCode::OK
            && filled
            && let (Some(cache), Some(generation), Some(stamp)) = (cache, generation, stamp)
            && let Ok(policy) = HeaderValue::from_str(&policy)
        {
            let asked = crate::cache::page_key(&base, request.path());
            let stored = cache.put_page(&key, &asked, stamp, Bytes::from(body), policy, generation);
            return Some(stored.respond(request.headers()));
        }
        Some(
            HttpResponse::build(status)
                .insert_header((header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8")))
                .insert_header((header::CACHE_CONTROL, HeaderValue::from_static("no-cache")))
                .insert_header((security::CONTENT_SECURITY_POLICY, policy))
                .body(body),
        )
    }

    /// The head of the page at `path` (as a visitor's address bar shows it, `/blog/designing-apis`).
    ///
    /// # Errors
    /// Only infrastructure faults.
    pub async fn head_of_path(&self, base: &str, path: &str) -> anyhow::Result<PageHead> {
        let relative = path.split(['?', '#']).next().unwrap_or_default().trim_start_matches('/');
        let address = Address::resolve(&self.assets, relative).map_or_else(
            || Address::Page { file: String::new(), path: format!("/{relative}") },
            |(address, _, _)| address,
        );
        self.head(base, &address, false).await
    }
}

/// Any path of the public site: a file of its build, or a page with its head filled in (the app's
/// `index.html` for a build without pre-rendered pages).
///
/// An address the site has no page or file for (404) answers with its redirect when it has one
/// (docs/redirects.md): the redirects are looked up in memory first, and the page is still made, so
/// a redirect never shadows a page that exists.
async fn public_app<S: Store>(
    request: HttpRequest,
    assets: web::Data<WebAssets>,
    pages: web::Data<SitePages<S>>,
) -> HttpResponse {
    let redirect = match request.app_data::<web::Data<RedirectTable<S, SharedClock>>>() {
        Some(table) if request.method() == Method::GET => table.find(request.path()).await.map(|found| (table, found)),
        _ => None,
    };
    let response = match serve_file(&request, &assets, WebApp::Public) {
        Asked::File(response) => response,
        Asked::Page(path) => match pages.page(&request, &path).await {
            Some(page) => page,
            None => serve_index(&request, &assets, WebApp::Public),
        },
    };
    match redirect {
        Some((table, found)) if response.status() == StatusCode::NOT_FOUND => {
            table.hit(&found);
            redirected(&found).unwrap_or(response)
        }
        _ => response,
    }
}

/// The answer of a redirect: its status and `Location` as stored (a path of this site or an
/// absolute address, never anything taken from the request), no body. Not stored in the response
/// cache (the redirects are in memory already) and revalidated by browsers and shared caches, since
/// a page may appear at the address or the redirect change.
fn redirected(found: &Found) -> Option<HttpResponse> {
    let location = HeaderValue::from_str(&found.location).ok()?;
    let status = StatusCode::from_u16(found.status).ok().filter(StatusCode::is_redirection)?;
    Some(
        HttpResponse::build(status)
            .insert_header((header::LOCATION, location))
            .insert_header((header::CACHE_CONTROL, HeaderValue::from_static("no-cache")))
            .finish(),
    )
}

/// The public site's routes: the feeds and the sitemap, then every other path. Register last, after
/// [`crate::web::routes`] (which gives the apps' files); the pages' heads come from the
/// [`SitePages`] in the app data.
pub fn routes<S: Store>(config: &mut web::ServiceConfig) {
    config.configure(feeds::routes::<S>).default_service(web::to(public_app::<S>));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_files_path_is_its_route() {
        assert_eq!(page_path("pages/index.html"), "/");
        assert_eq!(page_path("pages/about.html"), "/about");
        assert_eq!(page_path("pages/privacy-policy.html"), "/privacy-policy");
    }
}
