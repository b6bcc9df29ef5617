//! Content pages: the about page, the policy pages and any other page, one per type, with the
//! earlier versions of each kept as revisions.

#[cfg(test)]
mod fake;
pub mod ports;

use crate::translations::ports::TranslationRepository;
use atelier_domain::FieldErrors;
use atelier_domain::content::{ContentPage, ContentPageChanges, ContentPageInput, ContentStats, PageStatus, PageType};
use atelier_domain::revision::Versioned;
use atelier_domain::translation::TranslationKind;

use self::ports::ContentRepository;
use crate::access::Audience;
use crate::ports::Clock;
use crate::records::LookupError;
use crate::revisions::ports::RevisionRepository;
use crate::revisions::{self, Author, RestoreError, Revision, RevisionSummary};

/// What a content page is called in messages.
const LABEL: &str = "Content";

/// Creating or changing a page failed.
#[derive(Debug, thiserror::Error)]
pub enum ContentWriteError {
    #[error("Content not found")]
    NotFound,
    #[error("Validation failed")]
    Invalid(FieldErrors),
    #[error("Content of type {0} already exists")]
    DuplicateType(String),
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// Whether a save created the page or changed it.
#[derive(Debug, Clone, PartialEq)]
pub enum Saved {
    Created(ContentPage),
    Updated(ContentPage),
}

fn parse_type(text: &str) -> Result<PageType, ContentWriteError> {
    PageType::parse(text).map_err(|message| {
        let mut errors = FieldErrors::new();
        errors.add("type", message);
        ContentWriteError::Invalid(errors)
    })
}

/// The content use cases.
#[derive(Debug, Clone)]
pub struct Content<S, C> {
    store: S,
    clock: C,
}

impl<S: ContentRepository + RevisionRepository<ContentPage> + TranslationRepository, C: Clock> Content<S, C> {
    pub fn new(store: S, clock: C) -> Self {
        Self { store, clock }
    }

    /// Every page, ascending by type.
    pub async fn list(&self) -> anyhow::Result<Vec<ContentPage>> {
        self.store.list_content_pages().await
    }

    /// The page of a type; a draft is not found for anonymous callers.
    pub async fn get(&self, audience: Audience, page_type: &str) -> Result<ContentPage, LookupError> {
        let page_type = PageType::parse(page_type).map_err(|_| LookupError::NotFound(LABEL))?;
        let page = self.store.find_content_page(&page_type).await?;
        page.filter(|page| audience == Audience::Admin || page.status == PageStatus::Published)
            .ok_or(LookupError::NotFound(LABEL))
    }

    /// Creates a page of a type not yet used.
    pub async fn create(
        &self,
        page_type: Option<&str>,
        input: ContentPageInput,
    ) -> Result<ContentPage, ContentWriteError> {
        let parsed_type = parse_type(page_type.unwrap_or_default());
        let changes = match &parsed_type {
            Ok(page_type) => ContentPageChanges::parse(page_type, input, true).map_err(ContentWriteError::Invalid),
            // Report the type together with the other fields, checked as a page of another type.
            Err(ContentWriteError::Invalid(type_errors)) => {
                let other = PageType::parse("page").expect("a valid type");
                let mut errors = ContentPageChanges::parse(&other, input, true).err().unwrap_or_default();
                for (field, message) in type_errors.iter() {
                    errors.add(field, message);
                }
                Err(ContentWriteError::Invalid(errors))
            }
            Err(_) => unreachable!("parse_type only reports invalid fields"),
        }?;
        let page_type = parsed_type?;
        let now = self.clock.now();
        let mut page = ContentPage::create(self.clock.new_id(), page_type, changes, now);
        match self.store.insert_content_page(&mut page).await? {
            Ok(()) => Ok(page),
            Err(_) => Err(ContentWriteError::DuplicateType(page.page_type.as_str().to_owned())),
        }
    }

    /// Changes the page of a type, creating it when none exists (then the title is required). The
    /// version a change replaces is kept as a revision saved over by `author`.
    pub async fn save(
        &self,
        page_type: &str,
        input: ContentPageInput,
        author: &Author,
    ) -> Result<Saved, ContentWriteError> {
        let page_type = parse_type(page_type)?;
        if let Some(before) = self.store.find_content_page(&page_type).await? {
            let changes = ContentPageChanges::parse(&page_type, input, false).map_err(ContentWriteError::Invalid)?;
            let mut page = before.clone();
            page.apply(changes, self.clock.now());
            revisions::keep(&self.store, &self.clock, &before, &page, author).await?;
            return if self.store.update_content_page(&mut page).await? {
                Ok(Saved::Updated(page))
            } else {
                Err(ContentWriteError::NotFound)
            };
        }
        let changes = ContentPageChanges::parse(&page_type, input, true).map_err(ContentWriteError::Invalid)?;
        let now = self.clock.now();
        let mut page = ContentPage::create(self.clock.new_id(), page_type, changes, now);
        match self.store.insert_content_page(&mut page).await? {
            Ok(()) => Ok(Saved::Created(page)),
            Err(_) => Err(ContentWriteError::DuplicateType(page.page_type.as_str().to_owned())),
        }
    }

    /// Sets the status alone, keeping the version it replaces as a revision.
    pub async fn set_status(
        &self,
        page_type: &str,
        status: Option<&str>,
        author: &Author,
    ) -> Result<ContentPage, ContentWriteError> {
        let page_type = PageType::parse(page_type).map_err(|_| ContentWriteError::NotFound)?;
        let changes = ContentPageChanges::parse_status(status).map_err(ContentWriteError::Invalid)?;
        let before = self.store.find_content_page(&page_type).await?.ok_or(ContentWriteError::NotFound)?;
        let mut page = before.clone();
        page.apply(changes, self.clock.now());
        revisions::keep(&self.store, &self.clock, &before, &page, author).await?;
        if self.store.update_content_page(&mut page).await? { Ok(page) } else { Err(ContentWriteError::NotFound) }
    }

    /// Deletes the page of a type and its revisions.
    pub async fn delete(&self, page_type: &str) -> Result<(), LookupError> {
        let page = self.found(page_type).await?;
        if !self.store.delete_content_page(&page.page_type).await? {
            return Err(LookupError::NotFound(LABEL));
        }
        RevisionRepository::<ContentPage>::delete_revisions(&self.store, page.id).await?;
        self.store.delete_record_translations(TranslationKind::Page, page.page_type.as_str()).await?;
        Ok(())
    }

    /// The kept versions of the page of a type, newest first.
    pub async fn revisions(&self, page_type: &str) -> Result<Vec<RevisionSummary>, LookupError> {
        let page = self.found(page_type).await?;
        Ok(RevisionRepository::<ContentPage>::list_revisions(&self.store, page.id).await?)
    }

    /// One kept version of the page of a type.
    pub async fn revision(&self, page_type: &str, revision_id: &str) -> Result<Revision<ContentPage>, LookupError> {
        let page = self.found(page_type).await?;
        revisions::find::<ContentPage>(&self.store, page.id, revision_id).await
    }

    /// Brings back a kept version of the page of a type: a save by `author` that keeps the version
    /// it replaces.
    pub async fn restore(
        &self,
        page_type: &str,
        revision_id: &str,
        author: &Author,
    ) -> Result<ContentPage, RestoreError> {
        let before = self.found(page_type).await?;
        let revision = revisions::find::<ContentPage>(&self.store, before.id, revision_id).await?;
        let mut page = before.clone();
        page.restore(&revision.snapshot, self.clock.now());
        revisions::keep(&self.store, &self.clock, &before, &page, author).await?;
        if self.store.update_content_page(&mut page).await? { Ok(page) } else { Err(RestoreError::NotFound(LABEL)) }
    }

    /// The page of a type, whatever its status.
    async fn found(&self, page_type: &str) -> Result<ContentPage, LookupError> {
        let page_type = PageType::parse(page_type).map_err(|_| LookupError::NotFound(LABEL))?;
        self.store.find_content_page(&page_type).await?.ok_or(LookupError::NotFound(LABEL))
    }

    /// Counts by status and type.
    pub async fn stats(&self) -> anyhow::Result<ContentStats> {
        let pages = self.store.list_content_pages().await?;
        let count = |status| pages.iter().filter(|page| page.status == status).count() as u64;
        Ok(ContentStats {
            total: pages.len() as u64,
            published: count(PageStatus::Published),
            draft: count(PageStatus::Draft),
            by_type: pages.iter().map(|page| (page.page_type.as_str().to_owned(), 1)).collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fake::{FakeClock, InMemoryStore, author};

    fn titled(title: &str) -> ContentPageInput {
        ContentPageInput { title: Some(title.into()), ..ContentPageInput::default() }
    }

    #[tokio::test]
    async fn saving_creates_then_updates_the_page_of_a_type() {
        let content = Content::new(InMemoryStore::default(), FakeClock::default());
        let Saved::Created(created) = content.save("privacy", titled("Privacy"), &author()).await.unwrap() else {
            panic!()
        };
        assert!(created.last_updated.is_some());
        let change = ContentPageInput { content: Some("## Data".into()), ..ContentPageInput::default() };
        let Saved::Updated(updated) = content.save("privacy", change, &author()).await.unwrap() else { panic!() };
        assert_eq!((updated.title.as_str(), updated.content.as_str(), updated.id), ("Privacy", "## Data", created.id));
        let Err(ContentWriteError::Invalid(errors)) =
            content.save("terms", ContentPageInput::default(), &author()).await
        else {
            panic!()
        };
        assert!(errors.get("title").is_some());
        assert!(matches!(content.save("Bad Type", titled("x"), &author()).await, Err(ContentWriteError::Invalid(_))));
    }

    #[tokio::test]
    async fn creating_a_type_twice_is_a_conflict() {
        let content = Content::new(InMemoryStore::default(), FakeClock::default());
        content.create(Some("careers"), titled("Careers")).await.unwrap();
        assert!(matches!(
            content.create(Some("careers"), titled("Again")).await,
            Err(ContentWriteError::DuplicateType(_))
        ));
        let Err(ContentWriteError::Invalid(errors)) = content.create(None, ContentPageInput::default()).await else {
            panic!()
        };
        assert!(errors.get("type").is_some() && errors.get("title").is_some());
    }

    #[tokio::test]
    async fn drafts_are_hidden_from_anonymous_callers() {
        let content = Content::new(InMemoryStore::default(), FakeClock::default());
        content.save("about", titled("About"), &author()).await.unwrap();
        assert!(content.get(Audience::Public, "about").await.is_ok());
        content.set_status("about", Some("draft"), &author()).await.unwrap();
        assert!(matches!(content.get(Audience::Public, "about").await, Err(LookupError::NotFound(_))));
        assert!(content.get(Audience::Admin, "about").await.is_ok());
        assert!(matches!(content.get(Audience::Admin, "terms").await, Err(LookupError::NotFound(_))));
        assert!(matches!(content.get(Audience::Admin, "NOT a type").await, Err(LookupError::NotFound(_))));
        let stats = content.stats().await.unwrap();
        assert_eq!((stats.total, stats.published, stats.draft), (1, 0, 1));
        content.delete("about").await.unwrap();
        assert!(matches!(content.delete("about").await, Err(LookupError::NotFound(_))));
    }
}
