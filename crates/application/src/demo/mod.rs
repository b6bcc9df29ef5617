//! Demo content: what a fresh installation shows, so every public section has realistic data on first
//! start. Seeded through the same validated constructors as any client's input, and only into a store
//! that holds no content at all. One module per feature.

mod portfolio;
mod services;
mod settings;
mod technologies;

use chrono::Utc;

use crate::ports::Store;

/// What seeding did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeedOutcome {
    Seeded,
    /// The store already held content; nothing was written.
    AlreadyHasContent,
}

/// Seeds the demo content when the store holds no content at all.
///
/// # Errors
/// Infrastructure faults of the store.
pub async fn seed_if_empty<S: Store>(store: &S) -> anyhow::Result<SeedOutcome> {
    if !store.is_empty().await? {
        return Ok(SeedOutcome::AlreadyHasContent);
    }
    let now = Utc::now();
    settings::seed(store, now).await?;
    services::seed(store, now).await?;
    technologies::seed(store, now).await?;
    portfolio::seed(store, now).await?;
    Ok(SeedOutcome::Seeded)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Audience;
    use crate::fakes::InMemoryStore;
    use crate::portfolio::{Portfolio, ProjectQuery};
    use crate::ports::SettingsRepository;
    use crate::services::{ServiceCatalog, ServiceQuery};
    use crate::technologies::{TechnologyCatalog, TechnologyQuery};
    use atelier_domain::portfolio::{ProjectSort, ProjectStatus};
    use atelier_domain::service::ServiceInput;
    use atelier_domain::technology::{TechnologyCategory, TechnologyStatus};

    #[tokio::test]
    async fn an_empty_store_gets_the_demo_services_and_settings() {
        let store = InMemoryStore::default();
        assert_eq!(seed_if_empty(&store).await.unwrap(), SeedOutcome::Seeded);
        let catalog = ServiceCatalog::new(store.clone());
        let featured = catalog.featured().await.unwrap();
        assert_eq!(featured.len(), 6);
        assert_eq!(featured[0].title, "Mobile App Development");
        let all = catalog.list(Audience::Admin, ServiceQuery::default()).await.unwrap();
        assert_eq!(all.len(), 8);
        assert!(store.load_settings().await.unwrap().is_some());
    }

    #[tokio::test]
    async fn an_empty_store_gets_demo_technologies_in_every_category_and_demo_projects() {
        let store = InMemoryStore::default();
        seed_if_empty(&store).await.unwrap();
        let catalog = TechnologyCatalog::new(store.clone());
        let technologies = catalog.list(Audience::Admin, TechnologyQuery::default()).await.unwrap();
        assert!(technologies.len() >= 14);
        for category in TechnologyCategory::ALL {
            assert!(technologies.iter().any(|entry| entry.technology.category == category), "{category:?}");
        }
        let inactive = technologies.iter().filter(|entry| entry.technology.status == TechnologyStatus::Inactive);
        assert_eq!(inactive.count(), 1);
        assert!(catalog.featured().await.unwrap().len() >= 3);
        assert!(technologies.iter().filter(|entry| entry.usage_count > 0).count() >= 10);

        let portfolio = Portfolio::new(store.clone());
        let all = portfolio.list(Audience::Admin, ProjectQuery { limit: Some(100), ..ProjectQuery::default() });
        let all = all.await.unwrap().items;
        assert!(all.len() >= 8);
        let with_status = |status| all.iter().filter(|project| project.status == status).count();
        assert!(with_status(ProjectStatus::Published) >= 7);
        assert_eq!((with_status(ProjectStatus::Draft), with_status(ProjectStatus::Archived)), (1, 1));
        assert!(all.iter().filter(|project| project.is_public() && project.featured).count() >= 3);
        assert!(all.iter().all(|project| (3..=7).contains(&project.technologies.len())));
        assert!(all.iter().all(|project| project.image.starts_with("/images/demo/project-")));

        let home = ProjectQuery { sort: ProjectSort::Featured, limit: Some(6), ..ProjectQuery::default() };
        let home = portfolio.list(Audience::Public, home).await.unwrap();
        assert_eq!(home.items.len(), 6);
        assert!(home.items[..3].iter().all(|project| project.featured));
    }

    #[tokio::test]
    async fn a_store_with_content_is_never_touched() {
        let store = InMemoryStore::default();
        let catalog = ServiceCatalog::new(store.clone());
        catalog.create(ServiceInput { title: Some("Mine".into()), ..ServiceInput::default() }).await.unwrap();
        assert_eq!(seed_if_empty(&store).await.unwrap(), SeedOutcome::AlreadyHasContent);
        assert_eq!(catalog.list(Audience::Admin, ServiceQuery::default()).await.unwrap().len(), 1);
        assert!(store.load_settings().await.unwrap().is_none());
    }

    #[tokio::test]
    async fn seeding_twice_seeds_once() {
        let store = InMemoryStore::default();
        seed_if_empty(&store).await.unwrap();
        assert_eq!(seed_if_empty(&store).await.unwrap(), SeedOutcome::AlreadyHasContent);
    }
}
