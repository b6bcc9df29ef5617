//! The public site as search engines, feed readers and link previews see it: who publishes it (the
//! settings and the contact details), the published post, project or FAQs a page shows, and (see
//! [`PublicSite::sitemap`] and [`PublicSite::feed`]) every published address and the newest posts.
//!
//! Only what anonymous visitors may see is ever answered: a draft post or project is absent.

use atelier_domain::contact_details::ContactDetails;
use atelier_domain::faq::Faq;
use atelier_domain::id::looks_like_id;
use atelier_domain::portfolio::Project;
use atelier_domain::post::Post;
use atelier_domain::settings::Settings;

use crate::access::Audience;
use crate::blog::ports::PostRepository;
use crate::blog::{BlogCatalog, PostView};
use crate::categories::ports::CategoryRepository;
use crate::contact_details::ports::ContactDetailsRepository;
use crate::faqs::ports::FaqRepository;
use crate::faqs::{FaqQuery, Faqs};
use crate::portfolio::Portfolio;
use crate::portfolio::ports::ProjectRepository;
use crate::ports::Clock;
use crate::records::LookupError;
use crate::revisions::ports::RevisionRepository;
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

/// What the public site's pages say about themselves.
#[derive(Debug, Clone)]
pub struct PublicSite<S, C> {
    store: S,
    clock: C,
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
        + RevisionRepository<Post>
        + RevisionRepository<Project>
        + Clone,
{
    pub fn new(store: S, clock: C) -> Self {
        Self { store, clock }
    }

    /// The settings (the initial ones until saved) and the contact details (when saved).
    pub async fn publisher(&self) -> anyhow::Result<Publisher> {
        let settings = SiteSettings::new(self.store.clone(), self.clock.clone()).get().await?;
        let contact = self.store.load_contact_details().await?;
        Ok(Publisher { settings, contact })
    }

    /// The published post with this slug; `None` for a draft, an unknown slug or a malformed one.
    pub async fn post(&self, slug: &str) -> anyhow::Result<Option<PostView>> {
        found(BlogCatalog::new(self.store.clone(), self.clock.clone()).get_by_slug(Audience::Public, slug).await)
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

    /// The active FAQs in the FAQ page's order, as many as it shows (100).
    pub async fn faqs(&self) -> anyhow::Result<Vec<Faq>> {
        let query = FaqQuery { limit: Some(i64::try_from(Audience::PUBLIC_MAX_LIMIT)?), ..FaqQuery::default() };
        Ok(Faqs::new(self.store.clone(), self.clock.clone()).list(Audience::Public, query).await?.page.items)
    }
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
