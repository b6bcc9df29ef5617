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
mod tests {
    use super::*;
    use crate::fake::{FakeClock, InMemoryStore, author};
    use crate::technologies::TechnologyCatalog;
    use atelier_domain::technology::TechnologyInput;

    fn input(title: &str, status: &str) -> ProjectInput {
        ProjectInput {
            title: Some(title.into()),
            client: Some("Acme".into()),
            completed_at: Some("2025-01-01".into()),
            status: Some(status.into()),
            ..ProjectInput::default()
        }
    }

    async fn portfolio_with(projects: &[ProjectInput]) -> Portfolio<InMemoryStore, FakeClock> {
        let portfolio = Portfolio::new(InMemoryStore::default(), FakeClock::default());
        for project in projects {
            portfolio.create(project.clone()).await.unwrap();
        }
        portfolio
    }

    fn titles(page: &Page<Project>) -> Vec<&str> {
        page.items.iter().map(|project| project.title.as_str()).collect()
    }

    #[tokio::test]
    async fn a_scheduled_project_stays_off_every_public_read_until_its_publish_time() {
        let clock = FakeClock::default();
        let portfolio = Portfolio::new(InMemoryStore::default(), clock.clone());
        portfolio.create(input("Live", "published")).await.unwrap();
        let at = FakeClock::start() + chrono::Duration::minutes(30);
        let soon = ProjectInput { publish_at: Some(at.to_rfc3339()), ..input("Soon", "published") };
        let soon = portfolio.create(soon).await.unwrap();
        let later = ProjectInput {
            publish_at: Some((at + chrono::Duration::days(1)).to_rfc3339()),
            ..input("Later", "published")
        };
        portfolio.create(later).await.unwrap();
        let draft =
            ProjectInput { publish_at: Some((at - chrono::Duration::days(9)).to_rfc3339()), ..input("Draft", "draft") };
        portfolio.create(draft).await.unwrap();

        let public = || portfolio.list(Audience::Public, ProjectQuery::default());
        assert_eq!(titles(&public().await.unwrap()), ["Live"]);
        assert_eq!(public().await.unwrap().total_items, 1);
        let featured = ProjectQuery { featured: Some(false), ..ProjectQuery::default() };
        assert_eq!(titles(&portfolio.list(Audience::Public, featured).await.unwrap()), ["Live"]);
        assert!(portfolio.get(Audience::Public, &soon.id.to_string()).await.is_err());
        assert!(portfolio.get_by_slug(Audience::Public, "soon").await.is_err());
        assert_eq!(portfolio.get_by_slug(Audience::Admin, "soon").await.unwrap().title, "Soon");
        assert_eq!(portfolio.list(Audience::Admin, ProjectQuery::default()).await.unwrap().total_items, 4);
        assert_eq!(portfolio.next_publication().await.unwrap(), Some(at));

        clock.set(at - chrono::Duration::seconds(1));
        assert!(portfolio.get_by_slug(Audience::Public, "soon").await.is_err(), "not a second early");
        clock.set(at);
        assert_eq!(portfolio.get_by_slug(Audience::Public, "soon").await.unwrap().title, "Soon");
        assert_eq!(portfolio.get(Audience::Public, &soon.id.to_string()).await.unwrap().title, "Soon");
        let mut shown = titles(&public().await.unwrap()).into_iter().map(str::to_owned).collect::<Vec<_>>();
        shown.sort();
        assert_eq!(shown, ["Live", "Soon"]);
        assert_eq!(portfolio.next_publication().await.unwrap(), Some(at + chrono::Duration::days(1)));
        clock.advance(chrono::Duration::days(1));
        assert_eq!(portfolio.next_publication().await.unwrap(), None, "drafts never come due");
    }

    #[tokio::test]
    async fn anonymous_callers_only_ever_list_published_projects() {
        let portfolio =
            portfolio_with(&[input("Shown", "published"), input("Draft", "draft"), input("Old", "archived")]).await;
        let asking_for_drafts = ProjectQuery { status: Some(ProjectStatus::Draft), ..ProjectQuery::default() };
        let public = portfolio.list(Audience::Public, asking_for_drafts.clone()).await.unwrap();
        assert_eq!((titles(&public), public.total_items), (vec!["Shown"], 1));
        assert_eq!(titles(&portfolio.list(Audience::Admin, asking_for_drafts).await.unwrap()), ["Draft"]);
        assert_eq!(portfolio.list(Audience::Admin, ProjectQuery::default()).await.unwrap().total_items, 3);
    }

    #[tokio::test]
    async fn drafts_and_archived_projects_are_not_found_by_id_or_slug_for_anonymous_callers() {
        let portfolio = portfolio_with(&[]).await;
        for status in ["draft", "archived"] {
            let hidden = portfolio.create(input(&format!("Hidden {status}"), status)).await.unwrap();
            let (id, slug) = (hidden.id.to_string(), hidden.slug.to_string());
            assert!(matches!(portfolio.get(Audience::Public, &id).await, Err(LookupError::NotFound(_))));
            let by_slug = portfolio.get_by_slug(Audience::Public, &slug).await;
            assert!(matches!(by_slug, Err(LookupError::NotFound(_))));
            assert_eq!(portfolio.get(Audience::Admin, &id).await.unwrap(), hidden);
            assert_eq!(portfolio.get_by_slug(Audience::Admin, &slug).await.unwrap(), hidden);
        }
        let shown = portfolio.create(input("Shown", "published")).await.unwrap();
        assert_eq!(portfolio.get_by_slug(Audience::Public, "shown").await.unwrap(), shown);
    }

    #[tokio::test]
    async fn generated_slugs_get_numeric_suffixes_and_chosen_duplicates_conflict() {
        let portfolio = portfolio_with(&[]).await;
        let slugs = [
            portfolio.create(input("Shop Redesign", "published")).await.unwrap().slug,
            portfolio.create(input("Shop Redesign", "published")).await.unwrap().slug,
            portfolio.create(input("Shop  redesign!", "draft")).await.unwrap().slug,
        ];
        assert_eq!(slugs.map(|slug| slug.to_string()), ["shop-redesign", "shop-redesign-2", "shop-redesign-3"]);

        let chosen = ProjectInput { slug: Some("shop-redesign".into()), ..input("Other", "published") };
        let conflict = portfolio.create(chosen).await;
        assert!(matches!(conflict, Err(ProjectWriteError::DuplicateSlug { slug }) if slug == "shop-redesign"));
        let free = ProjectInput { slug: Some("my-shop".into()), ..input("Other", "published") };
        assert_eq!(portfolio.create(free).await.unwrap().slug.as_str(), "my-shop");
    }

    #[tokio::test]
    async fn a_slug_changes_only_when_a_new_free_one_is_sent() {
        let portfolio = portfolio_with(&[input("First", "published"), input("Second", "published")]).await;
        let first = portfolio.get_by_slug(Audience::Admin, "first").await.unwrap();
        let id = first.id.to_string();
        let retitle = ProjectInput { title: Some("Renamed".into()), ..ProjectInput::default() };
        assert_eq!(portfolio.update(&id, retitle, &author()).await.unwrap().slug.as_str(), "first");
        let same = ProjectInput { slug: Some("first".into()), ..ProjectInput::default() };
        assert_eq!(portfolio.update(&id, same, &author()).await.unwrap().slug.as_str(), "first");
        let taken = ProjectInput { slug: Some("second".into()), ..ProjectInput::default() };
        assert!(matches!(portfolio.update(&id, taken, &author()).await, Err(ProjectWriteError::DuplicateSlug { .. })));
        let free = ProjectInput { slug: Some("brand-new".into()), ..ProjectInput::default() };
        assert_eq!(portfolio.update(&id, free, &author()).await.unwrap().slug.as_str(), "brand-new");
        assert!(portfolio.get_by_slug(Audience::Admin, "first").await.is_err());
    }

    #[tokio::test]
    async fn technologies_must_exist() {
        let portfolio = portfolio_with(&[]).await;
        let catalog = TechnologyCatalog::new(portfolio.store.clone(), FakeClock::default());
        let react = TechnologyInput { name: Some("React".into()), ..TechnologyInput::default() };
        let react = catalog.create(react).await.unwrap().technology.id;
        let unknown = FakeClock::default().new_id();
        let with = |ids: Vec<String>| ProjectInput { technologies: Some(ids), ..input("Shop", "published") };
        let Err(ProjectWriteError::Invalid(errors)) = portfolio.create(with(vec![unknown.to_string()])).await else {
            panic!("expected 422");
        };
        assert!(errors.get("technologies").unwrap().contains(&unknown.to_string()));
        let Err(ProjectWriteError::Invalid(errors)) = portfolio.create(with(vec!["react".into()])).await else {
            panic!("expected 422");
        };
        assert!(errors.get("technologies").is_some());
        assert_eq!(portfolio.create(with(vec![react.to_string()])).await.unwrap().technologies, [react]);
    }

    async fn public(portfolio: &Portfolio<InMemoryStore, FakeClock>, query: ProjectQuery) -> Page<Project> {
        portfolio.list(Audience::Public, query).await.unwrap()
    }

    #[tokio::test]
    async fn lists_are_searched_filtered_sorted_and_paged() {
        let mut featured = input("Bank App", "published");
        featured.featured = Some(true);
        featured.category = Some("Mobile App".into());
        featured.completed_at = Some("2022-01-01".into());
        let mut shop = input("Shop", "published");
        shop.short_description = Some("An online STORE".into());
        shop.category = Some("E-commerce".into());
        let portfolio = portfolio_with(&[featured, shop, input("Atlas", "published")]).await;

        let search = ProjectQuery { search: Some(" store ".into()), ..ProjectQuery::default() };
        assert_eq!(titles(&public(&portfolio, search).await), ["Shop"]);
        let category = ProjectQuery { category: Some("mobile app".into()), ..ProjectQuery::default() };
        assert_eq!(titles(&public(&portfolio, category).await), ["Bank App"]);
        let only_featured = ProjectQuery { featured: Some(true), ..ProjectQuery::default() };
        assert_eq!(titles(&public(&portfolio, only_featured).await), ["Bank App"]);
        let by_title = ProjectQuery { sort: ProjectSort::TitleAsc, ..ProjectQuery::default() };
        assert_eq!(titles(&public(&portfolio, by_title).await), ["Atlas", "Bank App", "Shop"]);
        let featured_first = ProjectQuery { sort: ProjectSort::Featured, limit: Some(2), ..ProjectQuery::default() };
        let page = public(&portfolio, featured_first).await;
        assert_eq!((page.total_items, page.total_pages, page.current_page), (3, 2, 1));
        assert_eq!(page.items[0].title, "Bank App");
        let past_the_end = ProjectQuery { page: Some(5), ..ProjectQuery::default() };
        let page = public(&portfolio, past_the_end).await;
        assert!(page.items.is_empty());
        assert_eq!((page.total_items, page.current_page), (3, 5));
    }

    #[tokio::test]
    async fn malformed_and_unknown_ids_and_slugs_are_not_found() {
        let portfolio = portfolio_with(&[]).await;
        for id in ["nope", "65f1c2a9b4e8d70012345678"] {
            assert!(matches!(portfolio.get(Audience::Admin, id).await, Err(LookupError::NotFound(_))));
            assert!(matches!(portfolio.delete(id).await, Err(LookupError::NotFound(_))));
            let update = portfolio.update(id, ProjectInput::default(), &author()).await;
            assert!(matches!(update, Err(ProjectWriteError::NotFound)));
        }
        for slug in ["missing", "Not A Slug", "65f1c2a9b4e8d70012345678", ""] {
            let found = portfolio.get_by_slug(Audience::Admin, slug).await;
            assert!(matches!(found, Err(LookupError::NotFound(_))), "{slug}");
        }
    }

    #[tokio::test]
    async fn a_title_without_letters_needs_a_chosen_slug() {
        let portfolio = portfolio_with(&[]).await;
        let Err(ProjectWriteError::Invalid(errors)) = portfolio.create(input("?!", "published")).await else {
            panic!("expected 422");
        };
        assert!(errors.get("slug").is_some());
        let chosen = ProjectInput { slug: Some("question".into()), ..input("?!", "published") };
        assert_eq!(portfolio.create(chosen).await.unwrap().slug.as_str(), "question");
    }

    #[tokio::test]
    async fn an_invalid_update_leaves_the_stored_project_unchanged() {
        let portfolio = portfolio_with(&[input("Shop", "published")]).await;
        let stored = portfolio.get_by_slug(Audience::Admin, "shop").await.unwrap();
        let bad = ProjectInput {
            title: Some("Renamed".into()),
            completed_at: Some(String::new()),
            ..ProjectInput::default()
        };
        let Err(ProjectWriteError::Invalid(errors)) = portfolio.update(&stored.id.to_string(), bad, &author()).await
        else {
            panic!("expected 422");
        };
        assert_eq!(errors.get("completedAt"), Some("Completion date is required"));
        assert_eq!(portfolio.get(Audience::Admin, &stored.id.to_string()).await.unwrap(), stored);
    }
}
