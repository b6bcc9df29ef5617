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

mod address;
pub mod api;
mod cards;
pub mod content;
pub mod feeds;
mod fill;
pub mod head;
mod links;
mod localized;
pub mod markdown;
pub mod preview;
mod serve;
mod site_texts;
pub mod template;
pub mod words;

pub use self::serve::routes;

use std::collections::HashMap;
use std::sync::Arc;

use actix_web::HttpRequest;
use actix_web::web;
use atelier_application::blog::languages::ReadLanguage;
use atelier_application::freshness::{ContentGeneration, PerGeneration};
use atelier_application::home_page::HomePages;
use atelier_application::media::LibraryImages;
use atelier_application::ports::{Clock, SharedClock};
use atelier_application::site::{PublicSite, Publisher};
use atelier_application::store::Store;
use atelier_application::translations::Translations;
use atelier_domain::home_page::HomePage;
use chrono::Datelike as _;

pub use self::address::{Address, LIST_PREVIEW_CARDS, PAGES_FILE, PageEntry};
use self::address::{FAQ_PATH, POST_PAGE, PROJECT_PAGE, PageList, Prefix, language_folder};
use self::cards::Record;
use self::head::{Head, PageInfo, Subject};
use self::localized::{PostLanguage, PostShown};
use self::template::Template;
use crate::api::languages::Marks;
use crate::hosts::HostPolicy;
use crate::web::{NOT_FOUND_PAGE, WebApp, WebAssets};
use atelier_domain::language::{LanguageTag, Languages, SiteLanguage};

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

/// The public site's pages with their heads.
#[derive(Debug)]
pub struct SitePages<S> {
    site: PublicSite<S, SharedClock>,
    home: HomePages<S, SharedClock>,
    images: LibraryImages<S>,
    /// The store the pages' writers read with the API's own use cases ([`content`]), on this clock.
    store: S,
    clock: SharedClock,
    assets: WebAssets,
    public_url: Option<String>,
    /// The templates and page list of a build embedded in the binary, prepared once.
    templates: HashMap<String, Arc<Template>>,
    list: Option<Arc<PageList>>,
    /// The generation the publisher and the home page are kept for ([`Self::remembering`]).
    generation: Option<ContentGeneration>,
    /// Who publishes the site and the Home page record, which every page shows, as read under a generation.
    shared: PerGeneration<Shared>,
    /// The footer's answers, written once for what `shared` keeps.
    footer_answers: content::footer::FooterAnswers,
}

/// What every page is filled from: who publishes the site, and the Home page record.
type Shared = (Arc<Publisher>, Arc<HomePage>);

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
            home: HomePages::new(store.clone(), clock.clone()),
            images: LibraryImages::new(store.clone()),
            store,
            clock,
            assets,
            public_url,
            templates,
            list,
            generation: None,
            shared: PerGeneration::default(),
            footer_answers: content::footer::FooterAnswers::default(),
        }
    }

    /// Keeps what every page is filled from (the publisher and the Home page record, the blog's
    /// category names) while `generation` does not move, instead of reading it for every page.
    #[must_use]
    pub fn remembering(mut self, generation: ContentGeneration) -> Self {
        self.site = self.site.remembering(generation.clone());
        self.generation = Some(generation);
        self
    }

    /// The publisher and the Home page record: as kept for the current generation, else read (and
    /// kept when the generation is trusted).
    async fn shared(&self) -> anyhow::Result<Shared> {
        let read = || async { Ok((Arc::new(self.site.publisher().await?), Arc::new(self.home.get().await?))) };
        self.shared.get(self.generation.as_ref(), self.clock.now(), read).await
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
        self.head_in(base, address, page, "", None).await
    }

    /// The page list of the build's `folder` (`de/`; empty for the default language's).
    fn list_in(&self, folder: &str) -> Arc<PageList> {
        if folder.is_empty() {
            return self.list();
        }
        let file = format!("{folder}{PAGES_FILE}");
        Arc::new(self.assets.file(WebApp::Public, &file).map(|bytes| PageList::read(&bytes)).unwrap_or_default())
    }

    /// [`Self::list_in`] for a page of `language` (`None` for the default's), whose links the
    /// writers put under the language's prefix (`/de/blog`), as its app does under its basename.
    fn list_for(&self, folder: &str, language: Option<&SiteLanguage>) -> Arc<PageList> {
        let mut list = self.list_in(folder);
        if let Some(language) = language {
            let words = list.words.under(&format!("/{}", language.tag.as_str()));
            Arc::make_mut(&mut list).words = words;
        }
        list
    }

    /// What `address` shows, read in `lang` (one of `languages`): the subject, the build's page file
    /// and the page's path (a page's; empty for a record's), and for a post the language its text
    /// is in and where it can be read.
    ///
    /// # Errors
    /// Only infrastructure faults.
    async fn subject<'a>(
        &self,
        address: &'a Address,
        languages: &Languages,
        lang: &LanguageTag,
    ) -> anyhow::Result<(Subject, &'a str, &'a str, Option<PostLanguage>, Option<Marks>)> {
        Ok(match address {
            Address::Page { file, path } if path == FAQ_PATH => {
                // The questions its structured data names, in the page's language as its list.
                let read = ReadLanguage { languages: languages.clone(), lang: lang.clone() };
                let mut faqs = self.site.faqs().await?;
                if !read.is_default() {
                    let translations = Translations::new(self.store.clone(), self.clock.clone());
                    let shown = translations.in_language(faqs, &read, true).await?;
                    faqs = shown.into_iter().map(|item| item.record).collect();
                }
                (Subject::Faqs(faqs), file.as_str(), path.as_str(), None, None)
            }
            Address::Page { file, path } => (Subject::Page, file.as_str(), path.as_str(), None, None),
            Address::Post(slug) => match self.site.post_in(slug, languages, lang).await? {
                Some(found) => {
                    let language = Some((found.language, found.translations));
                    (Subject::Post(Box::new(found.view)), POST_PAGE, "", language, None)
                }
                None => (Subject::Missing, NOT_FOUND_PAGE, "", None, None),
            },
            Address::Project(slug_or_id) => match self.site.project_in(slug_or_id, languages, lang).await? {
                Some(found) => {
                    let marks = crate::api::languages::Marks::of(&found);
                    let translations = found.translations.map(|list| {
                        list.into_iter()
                            .map(|(tag, slug)| (tag, slug.unwrap_or_else(|| found.record.slug.clone())))
                            .collect()
                    });
                    let language = Some((found.language, translations));
                    (Subject::Project(Box::new(found.record)), PROJECT_PAGE, "", language, Some(marks))
                }
                None => (Subject::Missing, NOT_FOUND_PAGE, "", None, None),
            },
            Address::Missing => (Subject::Missing, NOT_FOUND_PAGE, "", None, None),
        })
    }

    /// [`Self::head`] of a page of the build's `folder` (a language's, `de/`), whose page list
    /// names and describes it.
    ///
    /// # Errors
    /// Only infrastructure faults.
    async fn head_in(
        &self,
        base: &str,
        address: &Address,
        page: bool,
        folder: &str,
        language: Option<&SiteLanguage>,
    ) -> anyhow::Result<PageHead> {
        let list = self.list_for(folder, language);
        // The page's language (`None` for the default's, whose records are read as they always
        // were) and the site's own texts in it.
        let (texts, read) = self.site_texts(language).await?;
        let publisher = texts.publisher.clone();
        let languages = &publisher.settings.languages;
        let lang = language.map_or(&languages.default_language().tag, |language| &language.tag);
        // The language a post's text is in and where it can be read.
        let (subject, file, path, post_language, marks) = self.subject(address, languages, lang).await?;
        let found = !matches!(subject, Subject::Missing);
        // A build without a page list still gets a title: the site's name, or the not-found page's.
        let entry = list.entry(file);
        let not_found = list.words.text("notFound.title", &[]);
        let name = match entry {
            Some(entry) if !entry.name.is_empty() => entry.name.as_str(),
            _ if !found => &not_found,
            _ => head::site_name(&publisher),
        };
        let description = entry.map_or("", |entry| entry.description.as_str());
        let index = entry.is_none_or(|entry| entry.index);
        let translations = post_language.as_ref().and_then(|(_, translations)| translations.as_deref());
        let localized = localized::localized(languages, lang, &subject, path, translations);
        // A post or a project shown in the default language on another language's page says so.
        let fallback = match (&read, &post_language) {
            (Some(_), Some((shown, _))) if shown != lang => Some(shown.clone()),
            _ => None,
        };
        let info = PageInfo { base, path, name, description, index, words: &list.words, language: localized.as_ref() };
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
            let cover = (!record.cover.is_empty()).then(|| preview::Cover::new(record.cover, image, sizes));
            if let (Some(cover), Some(sizes)) = (cover, sizes) {
                head.preload = Some(head::image_preload(cover.address, cover.image, sizes));
            }
            // A post's page is its whole article: the byline's facts, its text (as the API
            // renders it) and its tags too; the API's answer goes into the page as well.
            let post = match &subject {
                Subject::Post(view) => {
                    let shown = PostShown {
                        read: read.as_ref(),
                        language: post_language.clone(),
                        fallback: fallback.is_some(),
                    };
                    let (page, answer) = self.post_article(view, address, shown, &list.words).await?;
                    answers.extend(answer);
                    Some(page)
                }
                _ => None,
            };
            // A project's page is its whole article too (`content::project`).
            let project = self.project_page(&subject, address, entry, &list.words, read.as_ref(), marks).await?;
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
            if let (Some(shown), Some(filled), Some(read)) = (&fallback, &preview, &read) {
                preview = Some(localized::article_in(filled, shown, read));
            }
        }
        if let (true, Address::Page { path, .. }, Some(entry)) = (page, address, entry)
            && let (Some(template), Some(card)) = (entry.preview.as_deref(), entry.card.as_deref())
            && let Some((listed, count, list_answers)) = self.listed(path, &list.words, read.as_ref()).await?
        {
            answers.extend(list_answers);
            let (cards, first) = self.cards(&listed.records(&list.words), card, entry.cover_sizes.as_deref()).await?;
            head.preload = first;
            let template = preview::fill(template, &[("count", &count)], None);
            preview = cards.map(|cards| template.replacen(preview::CARDS, &cards, 1));
        }
        if let (true, Address::Page { path, .. }) = (page, address) {
            let parts = entry.map(|entry| &entry.parts);
            let empty = HashMap::new();
            let content = self.content(path, &texts, parts.unwrap_or(&empty), &list, read.as_ref()).await?;
            answers.extend(content.data);
            if let Some(region) = content.region {
                preview = Some(region);
            }
        }
        let (footer, data) = self.footer(&texts, page, &list, &answers)?;
        Ok(PageHead { found, head, preview, data, footer })
    }

    /// The footer (on every page the server sends, with the Home page record; none for a head
    /// alone) and the element embedding the page's `answers` with the footer's
    /// ([`content::footer::with_answers`]), dated by the server's clock.
    fn footer(
        &self,
        texts: &site_texts::SiteTexts,
        page: bool,
        list: &PageList,
        answers: &[(serde_json::Value, serde_json::Value)],
    ) -> anyhow::Result<(Option<String>, String)> {
        content::footer::with_answers(
            &texts.publisher,
            page.then_some(&texts.home),
            self.clock.now().year(),
            &list.parts,
            &list.words,
            answers,
            texts.marks.as_ref(),
            &self.footer_answers,
        )
    }

    /// The head of the page at `path` (as a visitor's address bar shows it, `/blog/designing-apis`).
    ///
    /// # Errors
    /// Only infrastructure faults.
    /// A path under one of the site's other languages (`/de/blog/hallo-welt`) is that language's
    /// page, as [`Self::page`] finds it.
    pub async fn head_of_path(&self, base: &str, path: &str) -> anyhow::Result<PageHead> {
        let relative = path.split(['?', '#']).next().unwrap_or_default().trim_start_matches('/');
        let address_in = |folder: &str, relative: &str| {
            Address::resolve_in(&self.assets, folder, relative).map_or_else(
                || Address::Page { file: String::new(), path: format!("/{relative}") },
                |(address, _, _)| address,
            )
        };
        let address = address_in("", relative);
        if address == Address::Missing && Prefix::possible(relative) {
            let (publisher, _) = self.shared().await?;
            if let Prefix::Language { language, rest } = Prefix::of(&publisher.settings.languages, relative) {
                let folder = language_folder(&self.assets, language);
                return self.head_in(base, &address_in(&folder, rest), false, &folder, Some(language)).await;
            }
        }
        self.head(base, &address, false).await
    }
}
