//! What the build lists and what an address shows: the pre-rendered pages of the build's
//! `pages.json` ([`PageEntry`]) and the page, post, project or nothing an address of the site names
//! ([`Address`]).

use std::borrow::Cow;
use std::collections::HashMap;

use serde::Deserialize;

use super::content;
use super::words::Words;
use atelier_domain::language::{Languages, SiteLanguage};

use crate::web::{NOT_FOUND_PAGE, WebApp, WebAssets, prerendered_page};

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
pub(super) struct PageList {
    pub(super) pages: Vec<PageEntry>,
    /// Pictures every page's footer draws that the build makes (the logo, the social and contact
    /// icons), for the server's footer ([`content::footer`]).
    #[serde(default)]
    pub(super) parts: HashMap<String, String>,
    /// The words the server writes itself, in the list's language ([`Words`]; English without).
    #[serde(default)]
    pub(super) words: Words,
}

impl PageList {
    pub(super) fn read(bytes: &[u8]) -> Self {
        serde_json::from_slice(bytes).unwrap_or_else(|error| {
            tracing::warn!(%error, "the public build's {PAGES_FILE} cannot be read; pages get the site's name only");
            Self::default()
        })
    }

    pub(super) fn entry(&self, file: &str) -> Option<&PageEntry> {
        self.pages.iter().find(|entry| entry.file == file)
    }

    /// The card template and its picture's `sizes` of the list page at `pattern` (`/blog`).
    pub(super) fn card(&self, pattern: &str) -> Option<(&str, Option<&str>)> {
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

pub(super) const POST_PAGE: &str = "pages/blog/_.html";
pub(super) const PROJECT_PAGE: &str = "pages/project/_.html";
pub(super) const FAQ_PATH: &str = "/faq";
pub(super) const ABOUT_PATH: &str = "/about";
pub(super) const BLOG_PATH: &str = "/blog";
pub(super) const PORTFOLIO_PATH: &str = "/portfolio";
pub(super) const SERVICES_PATH: &str = "/services";
pub(super) const HOME_PATH: &str = "/";
/// The policy pages and the content page type each shows (`PolicyKey` of `features/policies`).
pub(super) const POLICY_PAGES: [(&str, &str); 3] =
    [("/privacy-policy", "privacy"), ("/terms-of-service", "terms"), ("/cookie-policy", "cookies")];

/// How many cards of a list's first page the server fills into the list's preview: the whole first
/// page, as many as the page shows.
pub const LIST_PREVIEW_CARDS: i64 = content::lists::LIST_PAGE_SIZE;

impl Address {
    /// The address that `path` (the request's, without its leading `/`) shows, with its page's
    /// file and bytes; `None` when the build has no pre-rendered pages.
    pub(super) fn resolve(assets: &WebAssets, path: &str) -> Option<(Self, String, Cow<'static, [u8]>)> {
        Self::resolve_in(assets, "", path)
    }

    /// [`Self::resolve`] among the pages of the build's `folder` (`de/`; empty for the default
    /// language's). The address names the page as the folder's page list does (`pages/about.html`);
    /// the file returned is the build's (`de/pages/about.html`).
    pub(super) fn resolve_in(
        assets: &WebAssets,
        folder: &str,
        path: &str,
    ) -> Option<(Self, String, Cow<'static, [u8]>)> {
        if let Some((file, bytes)) = prerendered_page(assets, folder, path) {
            let segment = path.trim_end_matches('/').rsplit('/').next().unwrap_or_default().to_owned();
            let own = file.strip_prefix(folder).unwrap_or(&file).to_owned();
            let address = match own.as_str() {
                POST_PAGE => Self::Post(segment),
                PROJECT_PAGE => Self::Project(segment),
                _ => Self::Page { path: page_path(&own), file: own.clone() },
            };
            return Some((address, file, bytes));
        }
        let not_found = format!("{folder}{NOT_FOUND_PAGE}");
        if let Some(bytes) = assets.file(WebApp::Public, &not_found) {
            return Some((Self::Missing, not_found, bytes));
        }
        let bytes = assets.file(WebApp::Public, NOT_FOUND_PAGE)?;
        Some((Self::Missing, NOT_FOUND_PAGE.to_owned(), bytes))
    }
}

/// What the first segment of a path (without its leading `/`) says of its language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Prefix<'a> {
    /// No language of the site's other than the default: the default language's address.
    Default,
    /// `/{tag}/…` with the tag as the settings write it; `rest` is the path after it.
    Language { language: &'a SiteLanguage, rest: &'a str },
    /// The tag in another case (`/DE/blog`): the same path with the canonical tag, to redirect to.
    Recased(String),
}

impl<'a> Prefix<'a> {
    /// Whether `path` may start with a language tag at all: read the settings only then, so that
    /// the default language's pages cost what they always did.
    pub(super) fn possible(path: &str) -> bool {
        let first = path.split('/').next().unwrap_or_default();
        let language = first.split('-').next().unwrap_or_default();
        (2..=3).contains(&language.len()) && first.bytes().all(|byte| byte.is_ascii_alphanumeric() || byte == b'-')
    }

    /// The language `path` is in, among the site's `languages`.
    pub(super) fn of(languages: &'a Languages, path: &'a str) -> Self {
        let (first, rest) = path.split_once('/').unwrap_or((path, ""));
        let Some(language) = languages.others().iter().find(|language| language.tag.matches(first)) else {
            return Self::Default;
        };
        if language.tag.as_str() == first {
            Self::Language { language, rest }
        } else if rest.is_empty() && !path.ends_with('/') {
            Self::Recased(format!("/{}", language.tag.as_str()))
        } else {
            Self::Recased(format!("/{}/{rest}", language.tag.as_str()))
        }
    }
}

/// The build's folder for a language's pages: the tag's own (`de-AT/`), else its language
/// subtag's (`de/`), else the default language's files (empty), as the catalogues fall back.
pub(super) fn language_folder(assets: &WebAssets, language: &SiteLanguage) -> String {
    let tag = language.tag.as_str();
    [tag, language.tag.language()]
        .into_iter()
        .map(|name| format!("{name}/"))
        .find(|folder| assets.file(WebApp::Public, &format!("{folder}{PAGES_FILE}")).is_some())
        .unwrap_or_default()
}

/// The path of a pre-rendered page of the build's own: `pages/about.html` → `/about`.
pub(super) fn page_path(file: &str) -> String {
    let route = file.strip_prefix("pages/").and_then(|name| name.strip_suffix(".html")).unwrap_or_default();
    if route == "index" { "/".to_owned() } else { format!("/{route}") }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn languages() -> Languages {
        let language = |tag: &str, direction: &str| atelier_domain::language::SiteLanguageInput {
            tag: Some(tag.into()),
            name: Some(tag.into()),
            direction: Some(direction.into()),
        };
        Languages::parse(&[language("en", "ltr"), language("de", "ltr"), language("pt-BR", "ltr")], None).unwrap()
    }

    #[test]
    fn a_path_under_a_listed_language_is_that_language_and_another_case_is_redirected() {
        let languages = languages();
        let german = |path| match Prefix::of(&languages, path) {
            Prefix::Language { language, rest } => Some((language.tag.as_str().to_owned(), rest.to_owned())),
            _ => None,
        };
        assert_eq!(german("de"), Some(("de".into(), String::new())));
        assert_eq!(german("de/blog/hallo"), Some(("de".into(), "blog/hallo".into())));
        assert_eq!(german("pt-BR/about"), Some(("pt-BR".into(), "about".into())));
        assert_eq!(Prefix::of(&languages, "DE/blog/hallo"), Prefix::Recased("/de/blog/hallo".into()));
        assert_eq!(Prefix::of(&languages, "pt-br"), Prefix::Recased("/pt-BR".into()));
        assert_eq!(Prefix::of(&languages, "De/"), Prefix::Recased("/de/".into()));
        // The default language and languages the site does not list are ordinary paths.
        assert_eq!(Prefix::of(&languages, "en/about"), Prefix::Default);
        assert_eq!(Prefix::of(&languages, "fr/about"), Prefix::Default);
        assert_eq!(Prefix::of(&languages, "blog/de"), Prefix::Default);
    }

    #[test]
    fn only_a_first_segment_shaped_like_a_tag_may_name_a_language() {
        assert!(Prefix::possible("de/blog/x"));
        assert!(Prefix::possible("pt-BR"));
        assert!(Prefix::possible("faq"));
        assert!(!Prefix::possible("blog/x"));
        assert!(!Prefix::possible("portfolio"));
        assert!(!Prefix::possible(""));
    }

    #[test]
    fn a_page_files_path_is_its_route() {
        assert_eq!(page_path("pages/index.html"), "/");
        assert_eq!(page_path("pages/about.html"), "/about");
        assert_eq!(page_path("pages/privacy-policy.html"), "/privacy-policy");
    }
}
