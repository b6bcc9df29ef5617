//! Demo content: what a fresh installation shows, so every public section has realistic data on first
//! start. Seeded through the same validated constructors as any client's input, and only into a store
//! that holds no content at all. One module per feature.

mod blog;
mod contact_details;
mod contacts;
mod content;
mod faqs;
mod portfolio;
mod project_requests;
mod redirects;
mod services;
mod settings;
mod team;
mod technologies;
mod testimonials;

use chrono::{DateTime, Utc};

use crate::store::Store;

/// What seeding did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeedOutcome {
    Seeded,
    /// The store already held content; nothing was written.
    AlreadyHasContent,
}

/// Seeds the demo content when the store holds no content at all, dated from `now` (the wiring's
/// clock: posts and projects are published relative to it).
///
/// # Errors
/// Infrastructure faults of the store.
pub async fn seed_if_empty<S: Store>(store: &S, now: DateTime<Utc>) -> anyhow::Result<SeedOutcome> {
    if !store.is_empty().await? {
        return Ok(SeedOutcome::AlreadyHasContent);
    }
    settings::seed(store, now).await?;
    services::seed(store, now).await?;
    contacts::seed(store, now).await?;
    project_requests::seed(store, now).await?;
    blog::seed(store, now).await?;
    testimonials::seed(store, now).await?;
    team::seed(store, now).await?;
    faqs::seed(store, now).await?;
    content::seed(store, now).await?;
    store
        .save_home_page(&mut crate::home_page::initial_home_page(atelier_domain::EntityId::generate(now), now))
        .await?;
    contact_details::seed(store, now).await?;
    technologies::seed(store, now).await?;
    portfolio::seed(store, now).await?;
    redirects::seed(store, now).await?;
    Ok(SeedOutcome::Seeded)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Audience;
    use crate::blog::{BlogCatalog, PostQuery};
    use crate::categories::CategoryCatalog;
    use crate::fake::{FakeClock, InMemoryStore};
    use crate::portfolio::{Portfolio, ProjectQuery};
    use crate::services::{ServiceCatalog, ServiceQuery};
    use crate::settings::ports::SettingsRepository;
    use crate::tags::TagCatalog;
    use crate::technologies::{TechnologyCatalog, TechnologyQuery};
    use atelier_domain::portfolio::{ProjectSort, ProjectStatus};
    use atelier_domain::service::ServiceInput;
    use atelier_domain::technology::{TechnologyCategory, TechnologyStatus};

    #[tokio::test]
    async fn an_empty_store_gets_the_demo_services_and_settings() {
        let store = InMemoryStore::default();
        assert_eq!(seed_if_empty(&store, Utc::now()).await.unwrap(), SeedOutcome::Seeded);
        let catalog = ServiceCatalog::new(store.clone(), FakeClock::default());
        let featured = catalog.featured().await.unwrap();
        assert_eq!(featured.len(), 6);
        assert_eq!(featured[0].title, "Mobile App Development");
        let all = catalog.list(Audience::Admin, ServiceQuery::default()).await.unwrap();
        assert_eq!(all.len(), 8);
        assert!(store.load_settings().await.unwrap().is_some());
    }

    #[tokio::test]
    async fn an_empty_store_gets_the_demo_blog() {
        let store = InMemoryStore::default();
        seed_if_empty(&store, Utc::now()).await.unwrap();
        let blog = BlogCatalog::new(store.clone(), FakeClock::default());
        let public = blog.list_public(PostQuery::default()).await.unwrap();
        assert_eq!(public.total_items, 10);
        assert!(public.items.iter().all(|view| !view.category_name.is_empty() && !view.tag_names.is_empty()));
        assert_eq!(blog.list(Audience::Admin, PostQuery::default()).await.unwrap().total_items, 11);
        let featured = blog.featured(None).await.unwrap();
        assert!(featured.iter().all(|view| view.post.featured && view.post.is_live(Utc::now())));
        assert_eq!(featured.len(), 3);
        let categories =
            CategoryCatalog::new(store.clone(), FakeClock::default()).list(Audience::Public, None).await.unwrap();
        assert_eq!(categories.len(), 7);
        assert!(categories.iter().any(|view| view.post_count > 1));
        let tags = TagCatalog::new(store.clone(), FakeClock::default()).popular(None, None).await.unwrap();
        assert_eq!(tags.len(), 10);
        assert!(tags[0].count >= tags[9].count && tags[0].count > 1);
    }

    #[tokio::test]
    async fn the_demo_inbox_has_three_unread_messages_and_the_pipeline_every_status_and_priority() {
        use crate::contacts::{ContactInbox, ContactQuery};
        use crate::project_requests::SalesPipeline;
        use atelier_domain::project_request::{ProjectPriority, ProjectRequestStatus};

        let store = InMemoryStore::default();
        seed_if_empty(&store, Utc::now()).await.unwrap();
        let inbox = ContactInbox::new(store.clone(), FakeClock::default())
            .list(Audience::Admin, ContactQuery::default())
            .await
            .unwrap();
        assert!(inbox.page.total_items >= 8);
        assert_eq!(inbox.unread_count, 3);
        let stats = SalesPipeline::new(store, FakeClock::default()).stats().await.unwrap();
        assert!(stats.total >= 8);
        assert!(ProjectRequestStatus::ALL.into_iter().all(|status| stats.status_count(status) > 0));
        assert!(ProjectPriority::ALL.into_iter().all(|priority| stats.priority_count(priority) > 0));
    }

    #[tokio::test]
    async fn the_demo_content_covers_every_content_section() {
        use crate::contact_details::ContactInfo;
        use crate::content::Content;
        use crate::faqs::{FaqQuery, Faqs};
        use crate::team::{Team, TeamQuery};
        use crate::testimonials::{TestimonialQuery, Testimonials};
        use atelier_domain::testimonial::TestimonialStatus;

        let store = InMemoryStore::default();
        seed_if_empty(&store, Utc::now()).await.unwrap();
        let testimonials = Testimonials::new(store.clone(), FakeClock::default());
        let approved = testimonials.list(Audience::Public, TestimonialQuery::default()).await.unwrap();
        assert_eq!(approved.total_items, 5);
        assert!(approved.items.iter().any(|t| t.content.is_empty()));
        assert!(approved.items.iter().any(|t| t.rating.value().fract() != 0.0));
        let all = testimonials.list(Audience::Admin, TestimonialQuery::default()).await.unwrap();
        assert!(all.items.iter().any(|t| t.status == TestimonialStatus::Pending));

        let team =
            Team::new(store.clone(), FakeClock::default()).list(Audience::Public, TeamQuery::default()).await.unwrap();
        assert_eq!(team.items.iter().map(|m| m.order).collect::<Vec<_>>(), [1, 2, 3, 4, 5, 6]);
        assert!(team.items.iter().all(|m| m.avatar.starts_with("/images/demo/team-")));

        let faqs = Faqs::new(store.clone(), FakeClock::default());
        let admin_faqs = faqs.list(Audience::Admin, FaqQuery::default()).await.unwrap();
        assert!(admin_faqs.page.total_items >= 12);
        let public_faqs = faqs.list(Audience::Public, FaqQuery::default()).await.unwrap();
        assert!(public_faqs.page.total_items < admin_faqs.page.total_items);

        let content = Content::new(store.clone(), FakeClock::default());
        for page_type in ["about", "privacy", "terms", "cookies"] {
            assert!(content.get(Audience::Public, page_type).await.is_ok(), "{page_type}");
        }
        assert_eq!(content.get(Audience::Public, "about").await.unwrap().values.len(), 6);
        assert_eq!(ContactInfo::new(store, FakeClock::default()).get().await.unwrap().social_media.len(), 6);
    }

    #[tokio::test]
    async fn an_empty_store_gets_demo_technologies_in_every_category_and_demo_projects() {
        let store = InMemoryStore::default();
        seed_if_empty(&store, Utc::now()).await.unwrap();
        let catalog = TechnologyCatalog::new(store.clone(), FakeClock::default());
        let technologies = catalog.list(Audience::Admin, TechnologyQuery::default()).await.unwrap();
        assert!(technologies.len() >= 14);
        for category in TechnologyCategory::ALL {
            assert!(technologies.iter().any(|entry| entry.technology.category == category), "{category:?}");
        }
        let inactive = technologies.iter().filter(|entry| entry.technology.status == TechnologyStatus::Inactive);
        assert_eq!(inactive.count(), 1);
        assert!(catalog.featured().await.unwrap().len() >= 3);
        assert!(technologies.iter().filter(|entry| entry.usage_count > 0).count() >= 10);

        let portfolio = Portfolio::new(store.clone(), FakeClock::default());
        let all = portfolio.list(Audience::Admin, ProjectQuery { limit: Some(100), ..ProjectQuery::default() });
        let all = all.await.unwrap().items;
        assert!(all.len() >= 8);
        let with_status = |status| all.iter().filter(|project| project.status == status).count();
        assert!(with_status(ProjectStatus::Published) >= 7);
        assert_eq!((with_status(ProjectStatus::Draft), with_status(ProjectStatus::Archived)), (1, 1));
        assert!(all.iter().filter(|project| project.is_live(Utc::now()) && project.featured).count() >= 3);
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
        let catalog = ServiceCatalog::new(store.clone(), FakeClock::default());
        catalog.create(ServiceInput { title: Some("Mine".into()), ..ServiceInput::default() }).await.unwrap();
        assert_eq!(seed_if_empty(&store, Utc::now()).await.unwrap(), SeedOutcome::AlreadyHasContent);
        assert_eq!(catalog.list(Audience::Admin, ServiceQuery::default()).await.unwrap().len(), 1);
        assert!(store.load_settings().await.unwrap().is_none());
    }

    #[tokio::test]
    async fn seeding_twice_seeds_once() {
        let store = InMemoryStore::default();
        seed_if_empty(&store, Utc::now()).await.unwrap();
        assert_eq!(seed_if_empty(&store, Utc::now()).await.unwrap(), SeedOutcome::AlreadyHasContent);
    }
}
