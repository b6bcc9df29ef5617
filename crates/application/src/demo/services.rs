//! Demo services: the agency's offer, one of them inactive.

use atelier_domain::EntityId;
use atelier_domain::service::{Service, ServiceChanges, ServiceInput};
use chrono::{DateTime, Duration, Utc};

use crate::services::ports::ServiceRepository;

/// Stores the demo services, created a second apart before `now` so creation order is stable on
/// every database.
pub(super) async fn seed(store: &impl ServiceRepository, now: DateTime<Utc>) -> anyhow::Result<()> {
    let services = demo_services();
    let count = i64::try_from(services.len()).unwrap_or_default();
    for (index, input) in (0_i64..).zip(services) {
        let created = now - Duration::seconds(count - index);
        let changes = ServiceChanges::parse(input, true).expect("the demo services are valid");
        store.insert(&mut Service::create(EntityId::generate(created), changes, created)).await?;
    }
    Ok(())
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
