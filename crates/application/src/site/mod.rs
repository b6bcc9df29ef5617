//! The public site as search engines, feed readers and link previews see it: who publishes it (the
//! settings and the contact details), the published post, project or FAQs a page shows, and (see
//! [`PublicSite::sitemap`] and [`PublicSite::feed`]) every published address and the newest posts.
//!
//! Only what anonymous visitors may see is ever answered: a draft post or project is absent.

mod languages;

use crate::redirects::ports::RedirectRepository;
use atelier_domain::PageRequest;
use atelier_domain::contact_details::ContactDetails;
use atelier_domain::faq::Faq;
use atelier_domain::id::looks_like_id;
use atelier_domain::portfolio::{Project, ProjectSort, ProjectStatus};
use atelier_domain::post::{Post, PostStatus};
use atelier_domain::service::{Service, ServiceStatus};
use atelier_domain::settings::Settings;
use atelier_domain::translation::{self, Translation, TranslationKind};
use chrono::{DateTime, Utc};

use crate::access::Audience;
use crate::blog::ports::{PostFilter, PostRepository};
use crate::blog::{BlogCatalog, PostQuery, PostView};
use crate::categories::ports::CategoryRepository;
use crate::contact_details::ports::ContactDetailsRepository;
use crate::faqs::ports::FaqRepository;
use crate::faqs::{FaqQuery, Faqs};
use crate::portfolio::Portfolio;
use crate::portfolio::ports::{ProjectFilter, ProjectRepository};
use crate::ports::Clock;
use crate::records::LookupError;
use crate::revisions::ports::RevisionRepository;
use crate::services::ports::ServiceRepository;
use crate::services::{ServiceCatalog, ServiceQuery};
use crate::settings::SiteSettings;
use crate::settings::ports::SettingsRepository;
use crate::tags::ports::TagRepository;
use crate::technologies::ports::TechnologyRepository;

/// Who publishes the site: its settings (name, description, emails) and its contact details (phone,
/// address, social profiles), when saved.
#[derive(Debug, Clone, PartialEq)]
pub struct Publisher {
    pub settings: Settings,
    pub contact: Option<ContactDetails>,
}

/// The most addresses a sitemap lists (the sitemap protocol's limit for one file).
pub const MAX_SITEMAP_ADDRESSES: usize = 50_000;

/// How many posts the feed carries: the newest ones.
pub const FEED_POSTS: i64 = 20;

/// How many records one read of the sitemap's lists asks for.
const SITEMAP_BATCH: u64 = 1000;

/// One address of a post or project in the sitemap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SitemapEntry {
    /// The record's slug: its page is `/blog/{slug}` or `/project/{slug}`.
    pub slug: String,
    /// When what its page shows last changed: its last save, or its publication when later (a
    /// scheduled record goes live without a save).
    pub last_modified: DateTime<Utc>,
    /// On a site in several languages, the languages a post or project can be read in and its slug
    /// in each (the default first, then each listed language with a live translation); empty
    /// otherwise.
    pub translations: Vec<(String, String)>,
}

/// Every published post and project, as a sitemap lists them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Sitemap {
    /// Newest publication first.
    pub posts: Vec<SitemapEntry>,
    /// Newest completion first.
    pub projects: Vec<SitemapEntry>,
}

impl Sitemap {
    /// The latest change among the posts.
    pub fn posts_modified(&self) -> Option<DateTime<Utc>> {
        self.posts.iter().map(|entry| entry.last_modified).max()
    }

    /// The latest change among the projects.
    pub fn projects_modified(&self) -> Option<DateTime<Utc>> {
        self.projects.iter().map(|entry| entry.last_modified).max()
    }
}

/// What the public site's pages say about themselves.
#[derive(Debug, Clone)]
pub struct PublicSite<S, C> {
    store: S,
    clock: C,
    /// The blog's use cases, remembering what it keeps per generation when the site does.
    blog: BlogCatalog<S, C>,
}

impl<S, C: Clock> PublicSite<S, C>
where
    S: SettingsRepository
        + ContactDetailsRepository
        + PostRepository
        + CategoryRepository
        + TagRepository
        + ProjectRepository
        + TechnologyRepository
        + FaqRepository
        + ServiceRepository
        + RevisionRepository<Post>
        + RevisionRepository<Project>
        + RedirectRepository
        + crate::translations::ports::TranslationRepository
        + crate::translations::ports::TranslationRevisionRepository
        + crate::translations::ports::SiteLanguages
        + Clone,
{
    pub fn new(store: S, clock: C) -> Self
    where
        C: Clone,
    {
        let blog = BlogCatalog::new(store.clone(), clock.clone());
        Self { store, clock, blog }
    }

    /// Keeps what the blog's reads keep per content generation (the categories' names) while
    /// `generation` does not move.
    #[must_use]
    pub fn remembering(mut self, generation: crate::freshness::ContentGeneration) -> Self {
        self.blog = self.blog.remembering(generation);
        self
    }

    /// The settings (the initial ones until saved) and the contact details (when saved).
    pub async fn publisher(&self) -> anyhow::Result<Publisher> {
        let settings = SiteSettings::new(self.store.clone(), self.clock.clone()).get().await?;
        let contact = self.store.load_contact_details().await?;
        Ok(Publisher { settings, contact })
    }

    /// The published post with this slug; `None` for a draft, an unknown slug or a malformed one.
    pub async fn post(&self, slug: &str) -> anyhow::Result<Option<PostView>> {
        found(self.blog.get_by_slug(Audience::Public, slug).await)
    }

    /// The published project with this slug or id (24 hexadecimal characters); `None` for a draft,
    /// an archived or unknown project.
    pub async fn project(&self, slug_or_id: &str) -> anyhow::Result<Option<Project>> {
        let portfolio = Portfolio::new(self.store.clone(), self.clock.clone());
        let project = if looks_like_id(slug_or_id) {
            portfolio.get(Audience::Public, slug_or_id).await
        } else {
            portfolio.get_by_slug(Audience::Public, slug_or_id).await
        };
        found(project)
    }

    /// The services the `/services` page lists, as its request (`GET /services?status=active`, an
    /// anonymous caller) answers now: the active ones, ascending by display order.
    pub async fn services(&self) -> anyhow::Result<Vec<Service>> {
        let query = ServiceQuery { status: Some(ServiceStatus::Active), ..ServiceQuery::default() };
        ServiceCatalog::new(self.store.clone(), self.clock.clone()).list(Audience::Public, query).await
    }

    /// Every post and project visitors can read now, with when each last changed: scheduled ones
    /// whose time has not come and drafts are absent. At most [`MAX_SITEMAP_ADDRESSES`] in all.
    pub async fn sitemap(&self) -> anyhow::Result<Sitemap> {
        let now = self.clock.now();
        let mut sitemap = Sitemap::default();
        let filter = PostFilter { status: Some(PostStatus::Published), live_at: Some(now), ..PostFilter::default() };
        let languages = self.store.site_languages().await?;
        for page in 1.. {
            let request = batch(page);
            let found = self.store.list_posts(&filter, request).await?;
            let last = found.items.len() < usize::try_from(request.limit())?;
            // One more query per batch, only on a site in several languages.
            let stored = if languages.others().is_empty() {
                Vec::new()
            } else {
                let ids: Vec<String> = found.items.iter().map(|post| post.id.to_string()).collect();
                self.store.translations_of(TranslationKind::Post, &ids).await?
            };
            sitemap.posts.extend(found.items.into_iter().map(|post| {
                let id = post.id.to_string();
                let own: Vec<Translation> = stored.iter().filter(|row| row.record_id == id).cloned().collect();
                let translations = if languages.others().is_empty() {
                    Vec::new()
                } else {
                    translation::alternates(&languages, Some(&post.slug), &own, now)
                        .into_iter()
                        .map(|(lang, slug)| (lang.as_str().to_owned(), slug.unwrap_or(&post.slug).as_str().to_owned()))
                        .collect()
                };
                SitemapEntry {
                    slug: post.slug.as_str().to_owned(),
                    last_modified: post.updated_at.max(post.publication_date()),
                    translations,
                }
            }));
            if last || sitemap.posts.len() >= MAX_SITEMAP_ADDRESSES {
                break;
            }
        }
        sitemap.posts.truncate(MAX_SITEMAP_ADDRESSES);
        let room = MAX_SITEMAP_ADDRESSES - sitemap.posts.len();
        for page in 1.. {
            if sitemap.projects.len() >= room {
                break;
            }
            let request = batch(page);
            let filter = ProjectFilter {
                status: Some(ProjectStatus::Published),
                live_at: Some(now),
                ..ProjectFilter::default()
            };
            let found = self.store.list_projects(filter, ProjectSort::MostRecent, request).await?;
            let last = found.items.len() < usize::try_from(request.limit())?;
            // As for the posts: one more query per batch, only on a site in several languages.
            let stored = if languages.others().is_empty() {
                Vec::new()
            } else {
                let ids: Vec<String> = found.items.iter().map(|project| project.id.to_string()).collect();
                self.store.translations_of(TranslationKind::Project, &ids).await?
            };
            sitemap.projects.extend(found.items.into_iter().map(|project| {
                let id = project.id.to_string();
                let own: Vec<Translation> = stored.iter().filter(|row| row.record_id == id).cloned().collect();
                let translations = if languages.others().is_empty() {
                    Vec::new()
                } else {
                    translation::alternates(&languages, Some(&project.slug), &own, now)
                        .into_iter()
                        .map(|(lang, slug)| {
                            (lang.as_str().to_owned(), slug.unwrap_or(&project.slug).as_str().to_owned())
                        })
                        .collect()
                };
                SitemapEntry {
                    slug: project.slug.as_str().to_owned(),
                    last_modified: project.publish_at.map_or(project.updated_at, |at| project.updated_at.max(at)),
                    translations,
                }
            }));
            if last {
                break;
            }
        }
        sitemap.projects.truncate(room);
        Ok(sitemap)
    }

    /// The newest [`FEED_POSTS`] posts visitors can read now, newest publication first, whole.
    pub async fn feed(&self) -> anyhow::Result<Vec<PostView>> {
        let query = PostQuery { limit: Some(FEED_POSTS), ..PostQuery::default() };
        Ok(self.blog.list_public(query).await?.items)
    }

    /// The active FAQs in the FAQ page's order, as many as it shows (100).
    pub async fn faqs(&self) -> anyhow::Result<Vec<Faq>> {
        let query = FaqQuery { limit: Some(i64::try_from(Audience::PUBLIC_MAX_LIMIT)?), ..FaqQuery::default() };
        Ok(Faqs::new(self.store.clone(), self.clock.clone()).list(Audience::Public, query).await?.page.items)
    }
}

/// The `page`th batch of a sitemap's list.
fn batch(page: u64) -> PageRequest {
    PageRequest::clamped(i64::try_from(page).ok(), None, SITEMAP_BATCH, SITEMAP_BATCH)
}

/// A lookup's record, `None` when it is not found.
fn found<T>(result: Result<T, LookupError>) -> anyhow::Result<Option<T>> {
    match result {
        Ok(record) => Ok(Some(record)),
        Err(LookupError::NotFound(_)) => Ok(None),
        Err(LookupError::Unexpected(error)) => Err(error),
    }
}

#[cfg(test)]
mod tests;
