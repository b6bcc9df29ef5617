//! The technology catalogue: the tools the agency works with, each with how many projects list it.

#[cfg(test)]
mod fake;
pub mod ports;

use std::collections::HashMap;

use atelier_domain::technology::{
    Technology, TechnologyCategory, TechnologyChanges, TechnologyInput, TechnologyStatus, in_use_message,
};
use atelier_domain::{EntityId, FieldErrors};

use self::ports::{TechnologyFilter, TechnologyRepository, TechnologySaveError};
use crate::access::Audience;
use crate::ports::Clock;
use crate::records::{self, LookupError};
use crate::search::search_term;

/// The default page size of `GET /technologies`: the public site maps ids to names from one call.
pub const DEFAULT_LIMIT: u64 = 100;

/// A list request as the caller sent it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TechnologyQuery {
    pub category: Option<TechnologyCategory>,
    pub status: Option<TechnologyStatus>,
    pub featured: Option<bool>,
    pub search: Option<String>,
    pub page: Option<i64>,
    pub limit: Option<i64>,
}

/// A technology with the number of projects that list it.
#[derive(Debug, Clone, PartialEq)]
pub struct TechnologyWithUsage {
    pub technology: Technology,
    pub usage_count: u64,
}

/// How many visible technologies one category holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CategoryCount {
    pub category: TechnologyCategory,
    pub count: u64,
}

/// Reading or deleting one technology failed.
#[derive(Debug, thiserror::Error)]
pub enum TechnologyLookupError {
    #[error("Technology not found")]
    NotFound,
    /// Projects still list the technology.
    #[error("{}", in_use_message(*count))]
    InUse { count: u64 },
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl From<LookupError> for TechnologyLookupError {
    fn from(error: LookupError) -> Self {
        match error {
            LookupError::NotFound(_) => Self::NotFound,
            LookupError::Unexpected(error) => Self::Unexpected(error),
        }
    }
}

/// Creating or changing a technology failed.
#[derive(Debug, thiserror::Error)]
pub enum TechnologyWriteError {
    #[error("Technology not found")]
    NotFound,
    #[error("Validation failed")]
    Invalid(FieldErrors),
    /// Another technology has the name, ignoring case.
    #[error("A technology named \"{name}\" already exists")]
    DuplicateName { name: String },
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl From<LookupError> for TechnologyWriteError {
    fn from(error: LookupError) -> Self {
        match error {
            LookupError::NotFound(_) => Self::NotFound,
            LookupError::Unexpected(error) => Self::Unexpected(error),
        }
    }
}

/// The technology use cases.
#[derive(Debug, Clone)]
pub struct TechnologyCatalog<S, C> {
    store: S,
    clock: C,
}

impl<S: TechnologyRepository, C: Clock> TechnologyCatalog<S, C> {
    pub fn new(store: S, clock: C) -> Self {
        Self { store, clock }
    }

    /// One page of technologies by display order then name. Anonymous callers only ever see active
    /// ones.
    pub async fn list(&self, audience: Audience, query: TechnologyQuery) -> anyhow::Result<Vec<TechnologyWithUsage>> {
        let filter = TechnologyFilter {
            status: visible_status(audience, query.status),
            category: query.category,
            featured: query.featured,
            search: search_term(query.search.as_deref()),
        };
        let page = audience.page(query.page, query.limit, DEFAULT_LIMIT);
        let technologies = self.store.list_technologies(filter, page).await?;
        self.with_usage(audience, technologies).await
    }

    /// Active featured technologies, by display order then name.
    pub async fn featured(&self) -> anyhow::Result<Vec<TechnologyWithUsage>> {
        let filter = TechnologyFilter {
            status: Some(TechnologyStatus::Active),
            featured: Some(true),
            ..TechnologyFilter::default()
        };
        let page = Audience::Admin.page(None, None, Audience::ADMIN_MAX_LIMIT);
        let technologies = self.store.list_technologies(filter, page).await?;
        self.with_usage(Audience::Public, technologies).await
    }

    /// Every category, in the documented order, with how many technologies the caller can see in it.
    pub async fn categories(&self, audience: Audience) -> anyhow::Result<Vec<CategoryCount>> {
        let counts = self.store.count_technologies_by_category(visible_status(audience, None)).await?;
        Ok(TechnologyCategory::ALL
            .into_iter()
            .map(|category| CategoryCount { category, count: counts.get(&category).copied().unwrap_or(0) })
            .collect())
    }

    /// One technology by id; an inactive one is invisible to anonymous callers.
    pub async fn get(&self, audience: Audience, id: &str) -> Result<TechnologyWithUsage, TechnologyLookupError> {
        let technology = records::get(&self.store, id, |technology: &Technology| {
            audience == Audience::Admin || technology.status == TechnologyStatus::Active
        })
        .await?;
        Ok(self.with_usage(audience, vec![technology]).await?.remove(0))
    }

    pub async fn create(&self, input: TechnologyInput) -> Result<TechnologyWithUsage, TechnologyWriteError> {
        let changes = TechnologyChanges::parse(input, true).map_err(TechnologyWriteError::Invalid)?;
        let now = self.clock.now();
        let mut technology = Technology::create(self.clock.new_id(), changes, now);
        self.store.insert(&mut technology).await.map_err(|error| save_error(error, &technology))?;
        Ok(TechnologyWithUsage { technology, usage_count: 0 })
    }

    /// Changes the fields sent; the others keep their values.
    pub async fn update(&self, id: &str, input: TechnologyInput) -> Result<TechnologyWithUsage, TechnologyWriteError> {
        let id = records::parse_id::<Technology>(id)?;
        let changes = TechnologyChanges::parse(input, false).map_err(TechnologyWriteError::Invalid)?;
        let mut technology = records::found::<Technology>(&self.store, id).await?;
        technology.apply(changes, self.clock.now());
        if !self.store.update(&mut technology).await.map_err(|error| save_error(error, &technology))? {
            return Err(TechnologyWriteError::NotFound);
        }
        Ok(self.with_usage(Audience::Admin, vec![technology]).await?.remove(0))
    }

    /// Deletes a technology no project lists; one still in use is refused, naming how many use it.
    pub async fn delete(&self, id: &str) -> Result<(), TechnologyLookupError> {
        let uses =
            |id| async move { Ok(self.store.technology_usage(&[id], None).await?.get(&id).copied().unwrap_or(0)) };
        records::delete_unused::<Technology, _, _>(&self.store, id, uses, |count| TechnologyLookupError::InUse {
            count,
        })
        .await
    }

    /// Adds usage counts to technologies with one query for the whole list. Anonymous callers only
    /// count live projects, so drafts and scheduled projects never show through the counts.
    async fn with_usage(
        &self,
        audience: Audience,
        technologies: Vec<Technology>,
    ) -> anyhow::Result<Vec<TechnologyWithUsage>> {
        let ids: Vec<EntityId> = technologies.iter().map(|technology| technology.id).collect();
        let live_at = match audience {
            Audience::Public => Some(self.clock.now()),
            Audience::Admin => None,
        };
        let usage =
            if ids.is_empty() { HashMap::default() } else { self.store.technology_usage(&ids, live_at).await? };
        Ok(technologies
            .into_iter()
            .map(|technology| {
                let usage_count = usage.get(&technology.id).copied().unwrap_or(0);
                TechnologyWithUsage { technology, usage_count }
            })
            .collect())
    }
}

/// The status a caller may see: anonymous callers only active technologies, whatever they ask.
fn visible_status(audience: Audience, asked: Option<TechnologyStatus>) -> Option<TechnologyStatus> {
    match audience {
        Audience::Public => Some(TechnologyStatus::Active),
        Audience::Admin => asked,
    }
}

fn save_error(error: TechnologySaveError, technology: &Technology) -> TechnologyWriteError {
    match error {
        TechnologySaveError::DuplicateName => TechnologyWriteError::DuplicateName { name: technology.name.clone() },
        TechnologySaveError::Unexpected(error) => TechnologyWriteError::Unexpected(error),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fake::{FakeClock, InMemoryStore};
    use crate::portfolio::Portfolio;
    use atelier_domain::portfolio::ProjectInput;

    fn input(name: &str, category: &str, status: &str, featured: bool, order: i64) -> TechnologyInput {
        TechnologyInput {
            name: Some(name.into()),
            category: Some(category.into()),
            status: Some(status.into()),
            featured: Some(featured),
            order: Some(order),
            ..TechnologyInput::default()
        }
    }

    async fn catalog_with(technologies: &[TechnologyInput]) -> TechnologyCatalog<InMemoryStore, FakeClock> {
        let catalog = TechnologyCatalog::new(InMemoryStore::default(), FakeClock::default());
        for technology in technologies {
            catalog.create(technology.clone()).await.unwrap();
        }
        catalog
    }

    fn names(technologies: &[TechnologyWithUsage]) -> Vec<&str> {
        technologies.iter().map(|entry| entry.technology.name.as_str()).collect()
    }

    async fn project_using(
        catalog: &TechnologyCatalog<InMemoryStore, FakeClock>,
        title: &str,
        ids: &[EntityId],
    ) -> String {
        let portfolio = Portfolio::new(catalog.store.clone(), FakeClock::default());
        let input = ProjectInput {
            title: Some(title.into()),
            client: Some("Acme".into()),
            completed_at: Some("2025-01-01".into()),
            technologies: Some(ids.iter().map(ToString::to_string).collect()),
            ..ProjectInput::default()
        };
        portfolio.create(input).await.unwrap().id.to_string()
    }

    #[tokio::test]
    async fn anonymous_callers_never_see_inactive_technologies() {
        let catalog = catalog_with(&[
            input("React", "frontend", "active", false, 1),
            input("Backbone", "frontend", "inactive", false, 2),
        ])
        .await;
        let query = TechnologyQuery { status: Some(TechnologyStatus::Inactive), ..TechnologyQuery::default() };
        assert_eq!(names(&catalog.list(Audience::Public, query.clone()).await.unwrap()), ["React"]);
        assert_eq!(names(&catalog.list(Audience::Admin, query).await.unwrap()), ["Backbone"]);
        let hidden = catalog.list(Audience::Admin, TechnologyQuery::default()).await.unwrap()[1].technology.id;
        let by_id = catalog.get(Audience::Public, &hidden.to_string()).await;
        assert!(matches!(by_id, Err(TechnologyLookupError::NotFound)));
        assert_eq!(catalog.get(Audience::Admin, &hidden.to_string()).await.unwrap().technology.name, "Backbone");
    }

    #[tokio::test]
    async fn lists_are_ordered_by_order_then_name_and_filtered() {
        let catalog = catalog_with(&[
            input("rust", "backend", "active", true, 2),
            input("Go", "backend", "active", false, 2),
            input("React", "frontend", "active", true, 1),
        ])
        .await;
        let all = catalog.list(Audience::Public, TechnologyQuery::default()).await.unwrap();
        assert_eq!(names(&all), ["React", "Go", "rust"]);
        let backend = TechnologyQuery { category: Some(TechnologyCategory::Backend), ..TechnologyQuery::default() };
        assert_eq!(names(&catalog.list(Audience::Public, backend).await.unwrap()), ["Go", "rust"]);
        let search = TechnologyQuery { search: Some(" RUS ".into()), ..TechnologyQuery::default() };
        assert_eq!(names(&catalog.list(Audience::Public, search).await.unwrap()), ["rust"]);
        assert_eq!(names(&catalog.featured().await.unwrap()), ["React", "rust"]);
    }

    #[tokio::test]
    async fn categories_count_what_the_caller_can_see() {
        let catalog = catalog_with(&[
            input("React", "frontend", "active", false, 0),
            input("Backbone", "frontend", "inactive", false, 0),
            input("Rust", "backend", "active", false, 0),
        ])
        .await;
        let public = catalog.categories(Audience::Public).await.unwrap();
        assert_eq!(public.len(), 7);
        assert_eq!(public[0], CategoryCount { category: TechnologyCategory::Frontend, count: 1 });
        assert_eq!(public[1], CategoryCount { category: TechnologyCategory::Backend, count: 1 });
        assert_eq!(public[6], CategoryCount { category: TechnologyCategory::Other, count: 0 });
        assert_eq!(catalog.categories(Audience::Admin).await.unwrap()[0].count, 2);
    }

    #[tokio::test]
    async fn names_are_unique_ignoring_case() {
        let catalog = catalog_with(&[input("TypeScript", "frontend", "active", false, 0)]).await;
        let duplicate = catalog.create(input(" typescript ", "frontend", "active", false, 0)).await;
        assert!(matches!(duplicate, Err(TechnologyWriteError::DuplicateName { .. })));
        let other = catalog.create(input("Rust", "backend", "active", false, 0)).await.unwrap();
        let rename = TechnologyInput { name: Some("TYPESCRIPT".into()), ..TechnologyInput::default() };
        let renamed = catalog.update(&other.technology.id.to_string(), rename).await;
        assert!(matches!(renamed, Err(TechnologyWriteError::DuplicateName { .. })));
        let same = TechnologyInput { name: Some("rust".into()), ..TechnologyInput::default() };
        assert_eq!(catalog.update(&other.technology.id.to_string(), same).await.unwrap().technology.name, "rust");
    }

    #[tokio::test]
    async fn usage_counts_are_the_number_of_projects_the_caller_can_see_listing_each_technology() {
        let catalog = catalog_with(&[
            input("React", "frontend", "active", false, 0),
            input("Rust", "backend", "active", false, 1),
        ])
        .await;
        let all = catalog.list(Audience::Admin, TechnologyQuery::default()).await.unwrap();
        let (react, rust) = (all[0].technology.id, all[1].technology.id);
        project_using(&catalog, "One", &[react, rust]).await;
        project_using(&catalog, "Two", &[react]).await;
        let counted = catalog.list(Audience::Admin, TechnologyQuery::default()).await.unwrap();
        let counts: Vec<u64> = counted.iter().map(|entry| entry.usage_count).collect();
        assert_eq!(counts, [2, 1]);
        assert_eq!(catalog.get(Audience::Public, &react.to_string()).await.unwrap().usage_count, 2);

        let portfolio = Portfolio::new(catalog.store.clone(), FakeClock::default());
        let draft = ProjectInput {
            title: Some("Draft".into()),
            client: Some("Acme".into()),
            completed_at: Some("2025-01-01".into()),
            technologies: Some(vec![react.to_string()]),
            status: Some("draft".into()),
            ..ProjectInput::default()
        };
        portfolio.create(draft.clone()).await.unwrap();
        let tomorrow = FakeClock::start() + chrono::Duration::days(1);
        let scheduled = ProjectInput {
            title: Some("Scheduled".into()),
            status: Some("published".into()),
            publish_at: Some(tomorrow.to_rfc3339()),
            ..draft
        };
        portfolio.create(scheduled).await.unwrap();
        assert_eq!(catalog.get(Audience::Admin, &react.to_string()).await.unwrap().usage_count, 4);
        let public = catalog.get(Audience::Public, &react.to_string()).await.unwrap();
        assert_eq!(public.usage_count, 2, "drafts and scheduled projects are not counted for anonymous callers");
        catalog.clock.set(tomorrow);
        assert_eq!(catalog.get(Audience::Public, &react.to_string()).await.unwrap().usage_count, 3);
    }

    #[tokio::test]
    async fn a_technology_in_use_cannot_be_deleted() {
        let catalog = catalog_with(&[input("React", "frontend", "active", false, 0)]).await;
        let react = catalog.list(Audience::Admin, TechnologyQuery::default()).await.unwrap()[0].technology.id;
        let first = project_using(&catalog, "One", &[react]).await;
        project_using(&catalog, "Two", &[react]).await;
        let refused = catalog.delete(&react.to_string()).await;
        let Err(error @ TechnologyLookupError::InUse { count: 2 }) = refused else { panic!("expected in use") };
        assert_eq!(error.to_string(), "This technology is used by 2 projects");

        let portfolio = Portfolio::new(catalog.store.clone(), FakeClock::default());
        portfolio.delete(&first).await.unwrap();
        assert!(matches!(catalog.delete(&react.to_string()).await, Err(TechnologyLookupError::InUse { count: 1 })));
        let remaining = portfolio
            .list(Audience::Admin, crate::portfolio::ProjectQuery::default())
            .await
            .unwrap()
            .items
            .remove(0)
            .id
            .to_string();
        portfolio.delete(&remaining).await.unwrap();
        catalog.delete(&react.to_string()).await.unwrap();
        assert!(matches!(catalog.get(Audience::Admin, &react.to_string()).await, Err(TechnologyLookupError::NotFound)));
    }

    #[tokio::test]
    async fn malformed_and_unknown_ids_are_not_found() {
        let catalog = catalog_with(&[]).await;
        for id in ["nope", "65f1c2a9b4e8d70012345678"] {
            assert!(matches!(catalog.get(Audience::Admin, id).await, Err(TechnologyLookupError::NotFound)));
            assert!(matches!(catalog.delete(id).await, Err(TechnologyLookupError::NotFound)));
            let update = catalog.update(id, TechnologyInput::default()).await;
            assert!(matches!(update, Err(TechnologyWriteError::NotFound)));
        }
    }

    #[tokio::test]
    async fn invalid_input_is_refused_and_nothing_is_stored() {
        let catalog = catalog_with(&[]).await;
        let bad = TechnologyInput { color: Some("blue".into()), ..TechnologyInput::default() };
        let Err(TechnologyWriteError::Invalid(errors)) = catalog.create(bad).await else { panic!("expected 422") };
        assert!(errors.get("name").is_some() && errors.get("color").is_some());
        assert!(catalog.list(Audience::Admin, TechnologyQuery::default()).await.unwrap().is_empty());
    }
}
