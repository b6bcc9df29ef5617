//! The cards the server writes into a list's page (`/blog`, `/portfolio`) and the home page's
//! sections: the first records of each list as its template's card shows them, with the preload
//! link of the first card's cover.

use atelier_application::blog::PostView;
use atelier_application::blog::languages::ReadLanguage;
use atelier_application::store::Store;
use atelier_domain::portfolio::Project;

use super::address::{BLOG_PATH, PORTFOLIO_PATH, PageList};
use super::content::kinds::shown_in;
use super::head::{self, Subject};
use super::words::Words;
use super::{SitePages, content, preview};

/// The record a post's or a project's page shows, as its preview and preload need it.
pub(super) struct Record<'a> {
    /// The cover as the record names it, trimmed; empty for none.
    pub(super) cover: &'a str,
    /// The fields the preview shows, as the API names them.
    pub(super) fields: Vec<(&'static str, &'a str)>,
    /// Fields the server computes (a card's date, author), as text.
    pub(super) computed: Vec<(&'static str, String)>,
    /// HTML the server writes for the template's `{{html:name}}` (a project card's details).
    pub(super) html: Vec<(&'static str, String)>,
    /// The attributes of a card whose texts are not in the page's language (`lang`, `dir`),
    /// written on its first element; empty for the others.
    pub(super) attributes: String,
}

impl<'a> Record<'a> {
    pub(super) fn of(subject: &'a Subject) -> Option<Self> {
        match subject {
            Subject::Post(view) => Some(Self {
                cover: view.post.featured_image.trim(),
                fields: vec![("title", &view.post.title), ("categoryName", &view.category_name)],
                computed: Vec::new(),
                html: Vec::new(),
                attributes: String::new(),
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
                attributes: String::new(),
            }),
            Subject::Page | Subject::Faqs(_) | Subject::Missing => None,
        }
    }

    /// A post as a card of the blog's list shows it.
    fn post_card(view: &'a PostView, words: &Words, attributes: String) -> Self {
        let post = &view.post;
        Self {
            cover: post.featured_image.trim(),
            fields: vec![("title", &post.title), ("slug", post.slug.as_str()), ("excerpt", &post.excerpt)],
            computed: content::lists::post_card(view, words),
            html: Vec::new(),
            attributes,
        }
    }

    /// A project as a card of the portfolio's list shows it: `summary` is its short description, else
    /// its description.
    /// `narrow`: how many technologies the card names below 1024 px, when fewer than from there on.
    fn project_card(
        project: &'a Project,
        names: &content::lists::Names,
        narrow: Option<usize>,
        words: &Words,
        attributes: String,
    ) -> Self {
        let summary =
            if project.short_description.is_empty() { &project.description } else { &project.short_description };
        Self {
            cover: project.image.trim(),
            fields: vec![("title", &project.title), ("category", &project.category), ("summary", summary)],
            computed: Vec::new(),
            html: content::lists::project_card(project, &names.technologies(), &names.tags(), narrow, words),
            attributes,
        }
    }
}

/// The first records of a list's page, as a visitor's first request of the list answers now.
pub(super) enum Listed {
    Posts(Vec<PostView>, Vec<String>),
    /// The projects, the names their cards show, and each card's attributes (`lang`, `dir`).
    Projects(Vec<Project>, content::lists::Names, Vec<String>),
}

impl Listed {
    pub(super) fn records(&self, words: &Words) -> Vec<Record<'_>> {
        match self {
            Self::Posts(posts, attributes) => posts
                .iter()
                .enumerate()
                .map(|(index, view)| Record::post_card(view, words, attributes.get(index).cloned().unwrap_or_default()))
                .collect(),
            Self::Projects(projects, names, attributes) => projects
                .iter()
                .enumerate()
                .map(|(index, project)| {
                    let attributes = attributes.get(index).cloned().unwrap_or_default();
                    Record::project_card(project, names, None, words, attributes)
                })
                .collect(),
        }
    }
}

/// The home page's portfolio and blog cards (HTML) and the answers they are made from.
pub(super) struct HomeCards {
    pub(super) portfolio: Option<String>,
    pub(super) blog: Option<String>,
    pub(super) data: Vec<(serde_json::Value, serde_json::Value)>,
}

impl<S: Store> SitePages<S> {
    /// The whole first page of the list at `path`, its count line and the answers the page reads first
    /// (`content::lists`); `None` for a page that is no list.
    pub(super) async fn listed(
        &self,
        path: &str,
        words: &Words,
        read: Option<&ReadLanguage>,
    ) -> anyhow::Result<Option<(Listed, String, Vec<(serde_json::Value, serde_json::Value)>)>> {
        Ok(match path {
            BLOG_PATH => {
                let listing = content::lists::blog(&self.store, &self.clock, &self.images, words, read).await?;
                let attributes = listing.languages.iter().map(|language| shown_in(language.as_deref(), read)).collect();
                Some((Listed::Posts(listing.posts, attributes), listing.count, listing.data))
            }
            PORTFOLIO_PATH => {
                let listing = content::lists::portfolio(&self.store, &self.clock, &self.images, words, read).await?;
                let attributes = listing.languages.iter().map(|language| shown_in(language.as_deref(), read)).collect();
                Some((Listed::Projects(listing.projects, listing.names, attributes), listing.count, listing.data))
            }
            _ => None,
        })
    }

    /// The home page's project and post cards, each list the cards of the list pages' templates
    /// (`None` without the build's template, so the section's loading state shows), and the
    /// answers the two sections read.
    pub(super) async fn home_cards(&self, list: &PageList, read: Option<&ReadLanguage>) -> anyhow::Result<HomeCards> {
        let (projects, names, mut data) =
            content::lists::home_projects(&self.store, &self.clock, &self.images, read).await?;
        let (projects, languages): (Vec<Project>, Vec<Option<String>>) = projects.into_iter().unzip();
        let (posts, post_data) = content::lists::home_posts(&self.store, &self.clock, &self.images, read).await?;
        data.extend(post_data);
        let narrow = Some(content::lists::HOME_NARROW_TECHNOLOGIES);
        let projects: Vec<Record<'_>> = projects
            .iter()
            .zip(&languages)
            .map(|(project, language)| {
                let attributes = shown_in(language.as_deref(), read);
                Record::project_card(project, &names, narrow, &list.words, attributes)
            })
            .collect();
        let posts: Vec<Record<'_>> = posts
            .iter()
            .map(|(view, language)| Record::post_card(view, &list.words, shown_in(language.as_deref(), read)))
            .collect();
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

    /// The cards of `records` (`card` filled from each, their covers drawn at `sizes`), and the
    /// preload link of the first card's cover; no cards for no records, so the page's skeleton shows.
    pub(super) async fn cards(
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
            let cover = (!record.cover.is_empty())
                .then(|| preview::Cover { lazy: index > 0, ..preview::Cover::new(record.cover, image, sizes) });
            if index == 0
                && let (Some(cover), Some(sizes)) = (&cover, sizes)
            {
                first = Some(head::image_preload(cover.address, cover.image, sizes));
            }
            let mut fields = record.fields.clone();
            fields.extend(record.computed.iter().map(|(name, value)| (*name, value.as_str())));
            let html: Vec<(&str, &str)> = record.html.iter().map(|(name, value)| (*name, value.as_str())).collect();
            let filled = preview::fill_with(card, &fields, &html, cover.as_ref());
            cards.push_str(&content::kinds::on_first_element(&filled, &record.attributes));
        }
        Ok((Some(cards), first))
    }
}
