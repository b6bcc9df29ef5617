//! The home page: its texts, its sections' visibility and order, and the footer's list of services,
//! read by everyone and changed by administrators, with the earlier versions kept as revisions.

#[cfg(test)]
mod fake;
mod initial;
pub mod ports;

use atelier_domain::FieldErrors;
use atelier_domain::home_page::{HomePage, HomePageChanges, HomePageInput};

pub use self::initial::initial_home_page;
use self::ports::HomePageRepository;
use crate::ports::Clock;
use crate::records::LookupError;
use crate::revisions::ports::RevisionRepository;
use crate::revisions::{self, Author, RestoreError, Revision, RevisionSummary};

/// What the home page is called in messages.
const LABEL: &str = "Home page";

/// Saving the home page failed.
#[derive(Debug, thiserror::Error)]
pub enum HomePageSaveError {
    #[error("Validation failed")]
    Invalid(FieldErrors),
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// The home page use cases.
#[derive(Debug, Clone)]
pub struct HomePages<S, C> {
    store: S,
    clock: C,
}

impl<S: HomePageRepository + RevisionRepository<HomePage>, C: Clock> HomePages<S, C> {
    pub fn new(store: S, clock: C) -> Self {
        Self { store, clock }
    }

    /// The stored home page, or the site's original texts when none was saved yet.
    pub async fn get(&self) -> anyhow::Result<HomePage> {
        match self.store.load_home_page().await? {
            Some(home) => Ok(home),
            None => Ok(initial_home_page(self.clock.new_id(), self.clock.now())),
        }
    }

    /// Changes the parts sent (the hero, the sections sent by key, the footer's services); the
    /// others keep their values. The version this replaces is kept as a revision saved over by
    /// `author`. An invalid change stores nothing.
    pub async fn save(&self, input: HomePageInput, author: &Author) -> Result<HomePage, HomePageSaveError> {
        let changes = HomePageChanges::parse(input).map_err(HomePageSaveError::Invalid)?;
        let before = self.store.load_home_page().await?;
        let mut home = match &before {
            Some(home) => home.clone(),
            None => initial_home_page(self.clock.new_id(), self.clock.now()),
        };
        home.apply(changes, self.clock.now());
        if let Some(before) = &before {
            revisions::keep(&self.store, &self.clock, before, &home, author).await?;
        }
        self.store.save_home_page(&mut home).await?;
        Ok(home)
    }

    /// The kept versions, newest first (none before the first save).
    pub async fn revisions(&self) -> anyhow::Result<Vec<RevisionSummary>> {
        match self.store.load_home_page().await? {
            Some(home) => RevisionRepository::<HomePage>::list_revisions(&self.store, home.id).await,
            None => Ok(Vec::new()),
        }
    }

    /// One kept version.
    pub async fn revision(&self, revision_id: &str) -> Result<Revision<HomePage>, LookupError> {
        let home = self.store.load_home_page().await?.ok_or(LookupError::NotFound(revisions::LABEL))?;
        revisions::find::<HomePage>(&self.store, home.id, revision_id).await
    }

    /// Brings back a kept version: a save by `author` that keeps the version it replaces.
    pub async fn restore(&self, revision_id: &str, author: &Author) -> Result<HomePage, RestoreError> {
        let before = self.store.load_home_page().await?.ok_or(RestoreError::NotFound(LABEL))?;
        let revision = revisions::find::<HomePage>(&self.store, before.id, revision_id).await?;
        let mut home = before.clone();
        revisions::Versioned::restore(&mut home, &revision.snapshot, self.clock.now());
        revisions::keep(&self.store, &self.clock, &before, &home, author).await?;
        self.store.save_home_page(&mut home).await?;
        Ok(home)
    }
}

#[cfg(test)]
mod tests {
    use atelier_domain::home_page::{HeroInput, HomeSectionInput, SectionKey};

    use super::*;
    use crate::fake::{FakeClock, InMemoryStore, author};

    fn titled(title: &str) -> HomePageInput {
        HomePageInput {
            hero: Some(HeroInput { title: Some(title.into()), ..HeroInput::default() }),
            ..HomePageInput::default()
        }
    }

    #[tokio::test]
    async fn a_site_without_a_saved_home_page_shows_the_original_texts() {
        let home = HomePages::new(InMemoryStore::default(), FakeClock::default()).get().await.unwrap();
        assert_eq!(home.hero.title, "Innovative Software Solutions for Your Business");
        assert_eq!(home.sections.len(), SectionKey::ALL.len());
        assert_eq!(home.section(SectionKey::WhyHire).unwrap().figures.len(), 4);
        assert_eq!(home.footer_services.len(), 5);
    }

    #[tokio::test]
    async fn saving_keeps_the_other_parts_and_the_replaced_version() {
        let pages = HomePages::new(InMemoryStore::default(), FakeClock::default());
        let first = pages.save(titled("Software that works"), &author()).await.unwrap();
        assert_eq!(first.section(SectionKey::Blog).unwrap().heading, "Latest from Our Blog");
        assert!(pages.revisions().await.unwrap().is_empty(), "the first save replaces nothing stored");
        let hide = HomePageInput {
            sections: Some(vec![HomeSectionInput {
                key: Some("faq".into()),
                visible: Some(false),
                ..HomeSectionInput::default()
            }]),
            ..HomePageInput::default()
        };
        let second = pages.save(hide, &author()).await.unwrap();
        assert_eq!((second.id, second.hero.title.as_str()), (first.id, "Software that works"));
        assert!(!second.section(SectionKey::Faq).unwrap().visible);
        let kept = pages.revisions().await.unwrap();
        assert_eq!(kept.len(), 1);
        let restored = pages.restore(&kept[0].id.to_string(), &author()).await.unwrap();
        assert!(restored.section(SectionKey::Faq).unwrap().visible);
        assert_eq!(pages.revisions().await.unwrap().len(), 2);
        assert!(matches!(pages.restore("nope", &author()).await, Err(RestoreError::NotFound(_))));
    }

    #[tokio::test]
    async fn an_invalid_change_stores_nothing() {
        let pages = HomePages::new(InMemoryStore::default(), FakeClock::default());
        assert!(matches!(pages.save(titled(" "), &author()).await, Err(HomePageSaveError::Invalid(_))));
        assert!(pages.store.load_home_page().await.unwrap().is_none());
    }
}
