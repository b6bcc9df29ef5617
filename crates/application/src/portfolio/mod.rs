//! The portfolio: listing, reading and editing the agency's projects.

#[cfg(test)]
mod fake;
pub mod ports;

use std::collections::HashSet;

use atelier_domain::portfolio::{Project, ProjectChanges, ProjectInput, ProjectSort, ProjectStatus};
use atelier_domain::redirect::RedirectPath;
use atelier_domain::slug::{Slug, is_slug};
use atelier_domain::translation::TranslationKind;
use atelier_domain::{EntityId, FieldErrors, Page};
use chrono::{DateTime, Utc};

use self::ports::{ProjectFilter, ProjectRepository, ProjectSaveError};
use crate::access::Audience;
use crate::ports::Clock;
use crate::records::{self, LookupError, Record};
use crate::redirects::ports::RedirectRepository;
use crate::revisions::ports::RevisionRepository;
use crate::revisions::{self, Author, RestoreError, Revision, RevisionSummary, Versioned};
use crate::search::search_term;
use crate::slugs::{SlugChoiceError, choose_slug};
use crate::tags::ports::TagRepository;
use crate::technologies::ports::TechnologyRepository;
use crate::translations::ports::TranslationRepository;
use crate::translations::taken_by_translation;

/// The default page size of `GET /portfolio` (back-office.md §9).
pub const DEFAULT_LIMIT: u64 = 12;
/// Where the public site shows a project: `/project/{slug}` (or its id).
pub const PROJECT_ADDRESS: &str = "/project";

/// A list request as the caller sent it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProjectQuery {
    pub status: Option<ProjectStatus>,
    pub featured: Option<bool>,
    pub category: Option<String>,
    pub search: Option<String>,
    pub sort: ProjectSort,
    pub page: Option<i64>,
    pub limit: Option<i64>,
    /// Only these projects (a language that hides untranslated records lists only those
    /// translated there); `None` for every project.
    pub ids: Option<Vec<EntityId>>,
}

/// Creating or changing a project failed.
#[derive(Debug, thiserror::Error)]
pub enum ProjectWriteError {
    #[error("Project not found")]
    NotFound,
    #[error("Validation failed")]
    Invalid(FieldErrors),
    /// The explicitly chosen slug belongs to another project.
    #[error("A project with the slug \"{slug}\" already exists")]
    DuplicateSlug { slug: String },
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl From<LookupError> for ProjectWriteError {
    fn from(error: LookupError) -> Self {
        match error {
            LookupError::NotFound(_) => Self::NotFound,
            LookupError::Unexpected(error) => Self::Unexpected(error),
        }
    }
}

/// The portfolio use cases.
#[derive(Debug, Clone)]
pub struct Portfolio<S, C> {
    store: S,
    clock: C,
}

impl<S, C> Portfolio<S, C>
where
    S: ProjectRepository
        + TechnologyRepository
        + TagRepository
        + RevisionRepository<Project>
        + RedirectRepository
        + TranslationRepository,
    C: Clock,
{
    pub fn new(store: S, clock: C) -> Self {
        Self { store, clock }
    }

    /// One page of projects in the asked order. Anonymous callers only ever see live ones (published,
    /// past any publish time).
    pub async fn list(&self, audience: Audience, query: ProjectQuery) -> anyhow::Result<Page<Project>> {
        let (status, live_at) = match audience {
            Audience::Public => (Some(ProjectStatus::Published), Some(self.clock.now())),
            Audience::Admin => (query.status, None),
        };
        let filter = ProjectFilter {
            status,
            live_at,
            featured: query.featured,
            category: trimmed(query.category),
            search: search_term(query.search.as_deref()),
            ids: query.ids,
        };
        self.store.list_projects(filter, query.sort, audience.page(query.page, query.limit, DEFAULT_LIMIT)).await
    }

    /// One project by id; drafts, archived and scheduled projects are invisible to anonymous callers.
    pub async fn get(&self, audience: Audience, id: &str) -> Result<Project, LookupError> {
        let now = self.clock.now();
        records::get(&self.store, id, |project: &Project| audience == Audience::Admin || project.is_live(now)).await
    }

    /// One project by slug; drafts, archived and scheduled projects are invisible to anonymous
    /// callers.
    pub async fn get_by_slug(&self, audience: Audience, slug: &str) -> Result<Project, LookupError> {
        let slug = Some(slug).filter(|slug| is_slug(slug)).and_then(|slug| Slug::parse(slug).ok());
        let slug = slug.ok_or_else(records::not_found::<Project>)?;
        let project = self.store.find_project_by_slug(&slug).await?;
        project
            .filter(|project| audience == Audience::Admin || project.is_live(self.clock.now()))
            .ok_or_else(records::not_found::<Project>)
    }

    /// Creates a project. Without a chosen slug one is made from the title, with a numeric suffix
    /// when taken; a chosen slug that is taken is a conflict.
    pub async fn create(&self, input: ProjectInput) -> Result<Project, ProjectWriteError> {
        let changes = self.parse(input, true).await?;
        let slug = self.choose_slug(changes.slug(), changes.title().unwrap_or_default(), None).await?;
        let now = self.clock.now();
        let mut project = Project::create(self.clock.new_id(), slug, changes, now);
        self.store.insert(&mut project).await.map_err(|error| save_error(error, &project))?;
        Ok(project)
    }

    /// Changes the fields sent; the others keep their values. The slug changes only when a new one is
    /// sent, and must then be free. The version replaced is kept as a revision saved over by `author`.
    pub async fn update(&self, id: &str, input: ProjectInput, author: &Author) -> Result<Project, ProjectWriteError> {
        let id = records::parse_id::<Project>(id)?;
        let mut changes = self.parse(input, false).await?;
        let before = records::found::<Project>(&self.store, id).await?;
        if let Some(chosen) = changes.slug().filter(|chosen| **chosen != before.slug).cloned() {
            changes.set_slug(self.choose_slug(Some(&chosen), &before.title, Some(id)).await?);
        }
        let mut project = before.clone();
        project.apply(changes, self.clock.now());
        revisions::keep(&self.store, &self.clock, &before, &project, author).await?;
        if self.store.update(&mut project).await.map_err(|error| save_error(error, &project))? {
            self.follow_address(&before, &project).await?;
            Ok(project)
        } else {
            Err(ProjectWriteError::NotFound)
        }
    }

    /// A live project whose slug changed (and stays live) leaves a redirect from its old address to
    /// its new one ([`crate::redirects::address_moved`]); its address by id does not move.
    async fn follow_address(&self, before: &Project, after: &Project) -> anyhow::Result<()> {
        let now = self.clock.now();
        if before.slug == after.slug || !before.is_live(now) || !after.is_live(now) {
            return Ok(());
        }
        let (Ok(old), Ok(new)) = (
            RedirectPath::of_slug(PROJECT_ADDRESS, before.slug.as_str()),
            RedirectPath::of_slug(PROJECT_ADDRESS, after.slug.as_str()),
        ) else {
            return Ok(());
        };
        crate::redirects::address_moved(&self.store, &self.clock, &old, &new, &after.title).await
    }

    /// Deletes the project, its revisions and its translations.
    pub async fn delete(&self, id: &str) -> Result<(), LookupError> {
        records::delete::<Project>(&self.store, id).await?;
        let id = records::parse_id::<Project>(id)?;
        RevisionRepository::<Project>::delete_revisions(&self.store, id).await?;
        self.store.delete_record_translations(TranslationKind::Project, &id.to_string()).await?;
        Ok(())
    }

    /// The project's kept versions, newest first.
    pub async fn revisions(&self, id: &str) -> Result<Vec<RevisionSummary>, LookupError> {
        let id = records::parse_id::<Project>(id)?;
        records::found::<Project>(&self.store, id).await?;
        Ok(RevisionRepository::<Project>::list_revisions(&self.store, id).await?)
    }

    /// One kept version of the project.
    pub async fn revision(&self, id: &str, revision_id: &str) -> Result<Revision<Project>, LookupError> {
        let id = records::parse_id::<Project>(id)?;
        records::found::<Project>(&self.store, id).await?;
        revisions::find::<Project>(&self.store, id, revision_id).await
    }

    /// Brings back a kept version: a save by `author` that keeps the version it replaces.
    /// Technologies and tags deleted since are left out; a slug another project has taken since is
    /// a conflict.
    pub async fn restore(&self, id: &str, revision_id: &str, author: &Author) -> Result<Project, RestoreError> {
        let id = records::parse_id::<Project>(id)?;
        let before = records::found::<Project>(&self.store, id).await?;
        let revision = revisions::find::<Project>(&self.store, id, revision_id).await?;
        let mut project = before.clone();
        project.restore(&revision.snapshot, self.clock.now());
        if !project.technologies.is_empty() {
            let existing: HashSet<EntityId> =
                self.store.existing_technologies(&project.technologies).await?.into_iter().collect();
            project.technologies.retain(|id| existing.contains(id));
        }
        if !project.tags.is_empty() {
            let found: HashSet<EntityId> =
                self.store.find_tags(&project.tags).await?.into_iter().map(|tag| tag.id).collect();
            project.tags.retain(|id| found.contains(id));
        }
        if project.slug != before.slug && self.store.project_slug_taken(&project.slug, Some(id)).await? {
            return Err(restore_error(save_error(ProjectSaveError::DuplicateSlug, &project)));
        }
        revisions::keep(&self.store, &self.clock, &before, &project, author).await?;
        match self.store.update(&mut project).await {
            Ok(true) => {
                self.follow_address(&before, &project).await?;
                Ok(project)
            }
            Ok(false) => Err(RestoreError::NotFound(Project::LABEL)),
            Err(error) => Err(restore_error(save_error(error, &project))),
        }
    }

    /// When the public portfolio next changes by itself: the earliest publish time still to come of
    /// a published project, if any (see [`crate::blog::BlogCatalog::next_publication`]).
    pub async fn next_publication(&self) -> anyhow::Result<Option<DateTime<Utc>>> {
        self.store.next_project_publication(self.clock.now()).await
    }

    /// Parses the input, checking that every well-formed technology and tag id names a stored record.
    async fn parse(&self, input: ProjectInput, creating: bool) -> Result<ProjectChanges, ProjectWriteError> {
        let candidates = input.technology_ids();
        let known: HashSet<EntityId> = if candidates.is_empty() {
            HashSet::new()
        } else {
            self.store.existing_technologies(&candidates).await?.into_iter().collect()
        };
        let tag_ids: Vec<EntityId> =
            input.tags.iter().flatten().filter_map(|id| EntityId::parse(id.trim()).ok()).collect();
        let unknown_tags: Vec<String> = if tag_ids.is_empty() {
            Vec::new()
        } else {
            let found: HashSet<EntityId> =
                self.store.find_tags(&tag_ids).await?.into_iter().map(|tag| tag.id).collect();
            tag_ids.iter().filter(|id| !found.contains(id)).map(ToString::to_string).collect()
        };
        let unknown_tags = (!unknown_tags.is_empty()).then(|| format!("Unknown tags: {}", unknown_tags.join(", ")));
        match ProjectChanges::parse(input, creating, |id| known.contains(id)) {
            Ok(changes) => match unknown_tags {
                None => Ok(changes),
                Some(message) => {
                    let mut errors = FieldErrors::new();
                    errors.add("tags", message);
                    Err(ProjectWriteError::Invalid(errors))
                }
            },
            Err(mut errors) => {
                if let Some(message) = unknown_tags {
                    errors.add("tags", message);
                }
                Err(ProjectWriteError::Invalid(errors))
            }
        }
    }

    async fn choose_slug(
        &self,
        chosen: Option<&Slug>,
        title: &str,
        except: Option<EntityId>,
    ) -> Result<Slug, ProjectWriteError> {
        let store = &self.store;
        let chosen = chosen.map(Slug::as_str);
        // A default slug must also differ from every other project's translated slugs.
        let own = except.map(|id| id.to_string());
        let own = own.as_deref();
        choose_slug(chosen, title, |slug| async move {
            Ok(store.project_slug_taken(&slug, except).await?
                || taken_by_translation(store, TranslationKind::Project, own, &slug).await?)
        })
        .await
        .map_err(|error| match error {
            SlugChoiceError::Taken => ProjectWriteError::DuplicateSlug { slug: chosen.unwrap_or_default().into() },
            SlugChoiceError::Invalid(invalid) => slug_error(invalid.to_string()),
            SlugChoiceError::NothingToDeriveFrom => {
                slug_error("A slug cannot be made from this title; choose a slug".into())
            }
            SlugChoiceError::Unexpected(error) => ProjectWriteError::Unexpected(error),
        })
    }
}

fn trimmed(text: Option<String>) -> Option<String> {
    text.map(|text| text.trim().to_owned()).filter(|text| !text.is_empty())
}

fn slug_error(message: String) -> ProjectWriteError {
    let mut errors = FieldErrors::new();
    errors.add("slug", message);
    ProjectWriteError::Invalid(errors)
}

fn restore_error(error: ProjectWriteError) -> RestoreError {
    match error {
        ProjectWriteError::NotFound => RestoreError::NotFound(Project::LABEL),
        error @ ProjectWriteError::DuplicateSlug { .. } => RestoreError::Conflict(error.to_string()),
        // A technology deleted between the check and the save.
        ProjectWriteError::Invalid(errors) => {
            RestoreError::Conflict(errors.iter().map(|(_, message)| message).collect::<Vec<_>>().join("; "))
        }
        ProjectWriteError::Unexpected(error) => RestoreError::Unexpected(error),
    }
}

fn save_error(error: ProjectSaveError, project: &Project) -> ProjectWriteError {
    match error {
        ProjectSaveError::DuplicateSlug => ProjectWriteError::DuplicateSlug { slug: project.slug.to_string() },
        ProjectSaveError::UnknownTechnology => {
            let mut errors = FieldErrors::new();
            errors.add("technologies", "A listed technology no longer exists");
            ProjectWriteError::Invalid(errors)
        }
        ProjectSaveError::Unexpected(error) => ProjectWriteError::Unexpected(error),
    }
}

#[cfg(test)]
mod tests;
