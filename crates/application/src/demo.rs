//! Demo content: what a fresh installation shows, so every public section has realistic data on first
//! start. Seeded through the same validated constructors as any client's input, and only into a store
//! that holds no content at all.

use atelier_domain::EntityId;
use atelier_domain::service::{Service, ServiceChanges, ServiceInput};
use atelier_domain::settings::{ServiceSettingsInput, Settings, SettingsChanges, SettingsInput, SocialMediaInput};
use chrono::{Duration, Utc};

use crate::ports::{ServiceRepository, SettingsRepository, StoreStatus};

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
pub async fn seed_if_empty<S>(store: &S) -> anyhow::Result<SeedOutcome>
where
    S: ServiceRepository + SettingsRepository + StoreStatus,
{
    if !store.is_empty().await? {
        return Ok(SeedOutcome::AlreadyHasContent);
    }
    let now = Utc::now();
    let mut settings = Settings::initial(now);
    settings.apply(SettingsChanges::parse(demo_settings()).expect("the demo settings are valid"), now);
    store.save_settings(&settings).await?;
    // Older services first, a second apart, so creation order is stable on every database.
    let services = demo_services();
    let count = i64::try_from(services.len()).unwrap_or_default();
    for (index, input) in (0_i64..).zip(services) {
        let created = now - Duration::seconds(count - index);
        let changes = ServiceChanges::parse(input, true).expect("the demo services are valid");
        store.insert_service(&Service::create(EntityId::generate(created), changes, created)).await?;
    }
    Ok(SeedOutcome::Seeded)
}

fn demo_settings() -> SettingsInput {
    SettingsInput {
        site_name: Some("Atelier".into()),
        site_description: Some(
            "Innovative software solutions that turn ideas into digital experiences, for businesses of all sizes."
                .into(),
        ),
        contact_email: Some("hello@atelier.example".into()),
        support_email: Some("support@atelier.example".into()),
        social_media: SocialMediaInput {
            facebook: Some("https://facebook.com/atelier.studio".into()),
            twitter: Some("https://twitter.com/atelier_studio".into()),
            linkedin: Some("https://www.linkedin.com/company/atelier-studio".into()),
            instagram: Some(String::new()),
            github: Some("https://github.com/atelier-studio".into()),
        },
        services: ServiceSettingsInput {
            show_prices: Some(false),
            default_price_display: Some("Contact for Quote".into()),
            max_services_display: Some(6),
        },
    }
}

struct DemoService {
    title: &'static str,
    icon: &'static str,
    short: &'static str,
    description: &'static str,
    features: [&'static str; 4],
    price: f64,
    featured: bool,
    active: bool,
}

const DEMO_SERVICES: [DemoService; 8] = [
    DemoService {
        title: "Mobile App Development",
        icon: "faMobileAlt",
        short: "Native and cross-platform apps for **iOS** and **Android** that people love to use.",
        description: "We design, build and ship mobile apps end to end.\n\n## What you get\n\n- A product workshop to shape the first release\n- Native performance with *React Native* or *Swift/Kotlin*\n- App Store and Google Play submission\n\n> Most of our apps reach the stores within 12 weeks.",
        features: [
            "Cross-platform with **React Native**",
            "Offline-first data sync",
            "Push notifications and analytics",
            "Store submission and review support",
        ],
        price: 15_000.0,
        featured: true,
        active: true,
    },
    DemoService {
        title: "Web Development",
        icon: "faLaptopCode",
        short: "Fast, accessible web applications built on a modern, maintainable stack.",
        description: "From marketing sites to complex dashboards, we build for the web with performance and accessibility first.\n\n1. Discovery and architecture\n2. Iterative delivery every two weeks\n3. Monitoring and handover",
        features: [
            "Single-page and server-rendered apps",
            "Accessibility to **WCAG 2.2 AA**",
            "Performance budgets in CI",
            "Headless CMS integration",
        ],
        price: 8_000.0,
        featured: true,
        active: true,
    },
    DemoService {
        title: "UI/UX Design",
        icon: "faPalette",
        short: "Research-driven interfaces that are clear, consistent and a pleasure to use.",
        description: "We turn research into flows, wireframes and polished design systems your team can keep using.",
        features: [
            "User research and interviews",
            "Interactive prototypes",
            "Design systems in Figma",
            "Usability testing",
        ],
        price: 5_000.0,
        featured: true,
        active: true,
    },
    DemoService {
        title: "SEO Services",
        icon: "faSearch",
        short: "Technical SEO and content strategy that bring the right visitors to your site.",
        description: "We audit, fix and measure: technical SEO, structured data and content that ranks.",
        features: ["Technical audits", "Structured data markup", "Core Web Vitals tuning", "Monthly ranking reports"],
        price: 1_500.0,
        featured: true,
        active: true,
    },
    DemoService {
        title: "Custom Software",
        icon: "faCode",
        short: "Bespoke systems that fit the way your business actually works.",
        description: "When off-the-shelf tools stop fitting, we build the software your processes need, with tests and documentation from day one.",
        features: [
            "Domain modelling workshops",
            "Automated testing from day one",
            "Cloud or on-premise deployment",
            "Long-term maintenance plans",
        ],
        price: 20_000.0,
        featured: true,
        active: true,
    },
    DemoService {
        title: "API Integration",
        icon: "faPlug",
        short: "Connect your tools: payments, CRMs, ERPs and the services your business runs on.",
        description: "We design clean APIs and connect the systems you already use, with retries, monitoring and clear contracts.",
        features: [
            "REST and GraphQL APIs",
            "Payment and CRM integrations",
            "Webhooks with retries",
            "OpenAPI documentation",
        ],
        price: 4_000.0,
        featured: true,
        active: true,
    },
    DemoService {
        title: "Cloud Migration",
        icon: "faCloud",
        short: "Move to the cloud without downtime, and pay less once you are there.",
        description: "We plan and run migrations to managed cloud platforms, with infrastructure as code and cost reviews.",
        features: ["Migration planning", "Infrastructure as code", "Zero-downtime cut-over", "Cost optimisation"],
        price: 10_000.0,
        featured: false,
        active: true,
    },
    DemoService {
        title: "Legacy Support",
        icon: "faDatabase",
        short: "Keeping older systems healthy while you plan what comes next.",
        description: "Maintenance for legacy applications and databases.",
        features: ["Security patches", "Database tuning", "Incident response", "Modernisation roadmap"],
        price: 2_000.0,
        featured: false,
        active: false,
    },
];

fn demo_services() -> Vec<ServiceInput> {
    (1_i64..)
        .zip(DEMO_SERVICES.iter())
        .map(|(order, demo)| ServiceInput {
            title: Some(demo.title.into()),
            description: Some(demo.description.into()),
            short_description: Some(demo.short.into()),
            icon: Some(demo.icon.into()),
            features: Some(demo.features.iter().map(|&feature| feature.to_owned()).collect()),
            price: Some(Some(demo.price)),
            price_display: Some(String::new()),
            show_price: Some(true),
            status: Some(if demo.active { "active" } else { "inactive" }.into()),
            featured: Some(demo.featured),
            order: Some(order),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Audience;
    use crate::fakes::InMemoryStore;
    use crate::services::{ServiceCatalog, ServiceQuery};

    #[tokio::test]
    async fn an_empty_store_gets_the_demo_services_and_settings() {
        let store = InMemoryStore::default();
        assert_eq!(seed_if_empty(&store).await.unwrap(), SeedOutcome::Seeded);
        let catalog = ServiceCatalog::new(store.clone());
        let featured = catalog.featured().await.unwrap();
        assert_eq!(featured.len(), 6);
        assert_eq!(featured[0].title, "Mobile App Development");
        let all = catalog.list(Audience::Admin, ServiceQuery::default()).await.unwrap();
        assert_eq!(all.len(), DEMO_SERVICES.len());
        assert!(store.load_settings().await.unwrap().is_some());
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
