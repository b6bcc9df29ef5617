//! Demo portfolio projects: published ones (three featured), a draft and an archived one, completed
//! over the last four years, each listing several of the demo technologies and one to three demo tags.

use std::collections::HashMap;

use atelier_domain::portfolio::{Project, ProjectChanges, ProjectInput};
use atelier_domain::slug::Slug;
use atelier_domain::{EntityId, PageRequest};
use chrono::{DateTime, Duration, Utc};

use crate::portfolio::ports::ProjectRepository;
use crate::tags::ports::{TagFilter, TagRepository};
use crate::technologies::ports::{TechnologyFilter, TechnologyRepository};

/// Stores the demo projects, created a second apart before `now`. The demo technologies and tags must
/// already be stored: projects refer to them by name.
pub(super) async fn seed<S: ProjectRepository + TechnologyRepository + TagRepository>(
    store: &S,
    now: DateTime<Utc>,
) -> anyhow::Result<()> {
    let every = PageRequest::clamped(None, None, 1000, 1000);
    let technologies: HashMap<String, EntityId> = store
        .list_technologies(TechnologyFilter::default(), every)
        .await?
        .into_iter()
        .map(|technology| (technology.name, technology.id))
        .collect();
    let tags: HashMap<String, EntityId> =
        store.list_tags(TagFilter::default()).await?.into_iter().map(|tag| (tag.name, tag.id)).collect();
    let count = i64::try_from(DEMO_PROJECTS.len()).unwrap_or_default();
    for (index, demo) in (0_i64..).zip(DEMO_PROJECTS.iter()) {
        let created = now - Duration::seconds(count - index);
        let mut input = input(index + 1, demo, &technologies, now)?;
        input.tags = Some(project_tags(index, &tags)?);
        let changes = ProjectChanges::parse(input, true, |id| technologies.values().any(|known| known == id))
            .expect("the demo projects are valid");
        let slug = Slug::from_title(demo.title).expect("demo titles make slugs");
        store
            .insert(&mut Project::create(EntityId::generate(created), slug, changes, created))
            .await
            .map_err(|error| anyhow::anyhow!("failed to seed the project {}: {error}", demo.title))?;
    }
    Ok(())
}

struct DemoProject {
    title: &'static str,
    client: &'static str,
    category: &'static str,
    short: &'static str,
    description: &'static str,
    technologies: &'static [&'static str],
    demo_url: &'static str,
    github_url: &'static str,
    /// How long before seeding the project was completed.
    days_ago: i64,
    featured: bool,
    status: &'static str,
}

/// The tags of the demo projects, in the order of [`DEMO_PROJECTS`].
const DEMO_PROJECT_TAGS: [&[&str]; 9] = [
    &["Fintech", "Case Study", "React Native"],
    &["E-commerce", "Performance"],
    &["Healthcare", "Accessibility", "Case Study"],
    &["API Design", "DevOps"],
    &["Design Systems", "Accessibility"],
    &["React Native"],
    &["Fintech", "API Design"],
    &["Case Study", "TypeScript"],
    &["E-commerce", "SEO"],
];

fn project_tags(index: i64, tags: &HashMap<String, EntityId>) -> anyhow::Result<Vec<String>> {
    let names = DEMO_PROJECT_TAGS[usize::try_from(index).unwrap_or_default()];
    names
        .iter()
        .map(|name| {
            tags.get(*name).map(ToString::to_string).ok_or_else(|| anyhow::anyhow!("the demo tag {name} is missing"))
        })
        .collect()
}

const DEMO_PROJECTS: [DemoProject; 9] = [
    DemoProject {
        title: "FinTrack Mobile Banking",
        client: "Northwind Credit Union",
        category: "Mobile App",
        short: "A mobile banking app with instant transfers, spending insights and biometric sign-in.",
        description: "## The challenge\n\nNorthwind's members wanted to bank from their phones without visiting a branch.\n\n## What we built\n\n- Instant transfers between members\n- **Spending insights** grouped by category\n- Biometric sign-in and card freezing\n\n## Results\n\n> 60% of members moved to the app within six months.",
        technologies: &["Flutter", "Node.js", "GraphQL", "PostgreSQL", "AWS"],
        demo_url: "https://fintrack.example.com",
        github_url: "",
        days_ago: 95,
        featured: true,
        status: "published",
    },
    DemoProject {
        title: "Verdant Market",
        client: "Verdant Grocers",
        category: "E-commerce",
        short: "An online grocery store with same-day delivery slots and subscription boxes.",
        description: "## Overview\n\nVerdant Grocers needed an online shop that felt as fresh as their produce.\n\n1. Product catalogue with live stock\n2. Delivery slot booking\n3. Weekly subscription boxes paid with *Stripe*\n\nThe store now handles **3,000 orders a week**.",
        technologies: &["React", "TypeScript", "Tailwind CSS", "Node.js", "PostgreSQL", "Stripe"],
        demo_url: "https://verdant-market.example.com",
        github_url: "https://github.com/atelier-demo/verdant-market",
        days_ago: 240,
        featured: true,
        status: "published",
    },
    DemoProject {
        title: "MediSync Patient Portal",
        client: "Harbor Health Clinics",
        category: "Web Application",
        short: "A secure portal where patients book appointments, read results and message their clinic.",
        description: "## The brief\n\nHarbor Health wanted to cut phone queues and give patients their records online.\n\n## Highlights\n\n- Appointment booking across 12 clinics\n- Lab results with plain-language explanations\n- End-to-end encrypted messaging\n\nBuilt on a **Rust** API with strict audit logging.",
        technologies: &["React", "TypeScript", "Rust", "PostgreSQL", "Docker", "Kubernetes"],
        demo_url: "",
        github_url: "",
        days_ago: 420,
        featured: true,
        status: "published",
    },
    DemoProject {
        title: "Atlas Logistics Dashboard",
        client: "Atlas Freight Co.",
        category: "Web Application",
        short: "Real-time fleet tracking and delivery analytics for a regional freight company.",
        description: "## What it does\n\nDispatchers see every truck on one map, with ETAs updated every 30 seconds.\n\n- Live map of 400 vehicles\n- Delay alerts\n- Weekly performance reports",
        technologies: &["React", "GraphQL", "Node.js", "MongoDB", "Docker"],
        demo_url: "https://atlas-dashboard.example.com",
        github_url: "https://github.com/atelier-demo/atlas-dashboard",
        days_ago: 610,
        featured: false,
        status: "published",
    },
    DemoProject {
        title: "Bloom Brand and Design System",
        client: "Bloom Studio",
        category: "UI/UX Design",
        short: "A design system and component library that keeps Bloom's products consistent.",
        description: "## Scope\n\nResearch, a visual identity refresh and a design system shared by design and engineering.\n\n- 80 documented components\n- Accessible colour palette\n- React component library kept in sync with Figma",
        technologies: &["Figma", "React", "Tailwind CSS"],
        demo_url: "",
        github_url: "",
        days_ago: 780,
        featured: false,
        status: "published",
    },
    DemoProject {
        title: "TrailMate Hiking Companion",
        client: "Summit Outdoors",
        category: "Mobile App",
        short: "Native iOS and Android apps with offline maps, route planning and trip sharing.",
        description: "## Features\n\n- Offline topographic maps\n- Route planning with elevation profiles\n- Share your live location with friends\n\nNative apps in **Swift** and **Kotlin** for the best battery life on long hikes.",
        technologies: &["Swift", "Kotlin", "Node.js", "AWS"],
        demo_url: "https://trailmate.example.com",
        github_url: "",
        days_ago: 980,
        featured: false,
        status: "published",
    },
    DemoProject {
        title: "Ledgerly Accounting API",
        client: "Ledgerly Ltd",
        category: "Custom Software",
        short: "A double-entry accounting API that powers invoicing for thousands of small businesses.",
        description: "## Why\n\nLedgerly needed an accounting core they could trust with every cent.\n\n- Double-entry ledger with strict invariants\n- Idempotent APIs and full audit trail\n- 99.99% uptime on Kubernetes",
        technologies: &["Rust", "PostgreSQL", "Docker", "Kubernetes", "AWS"],
        demo_url: "",
        github_url: "https://github.com/atelier-demo/ledgerly-api",
        days_ago: 1250,
        featured: false,
        status: "published",
    },
    DemoProject {
        title: "EduSpark Learning Platform",
        client: "EduSpark Academy",
        category: "Web Application",
        short: "An online course platform with video lessons, quizzes and progress tracking.",
        description: "## Work in progress\n\nCase study coming soon.",
        technologies: &["React", "TypeScript", "Node.js", "PostgreSQL"],
        demo_url: "",
        github_url: "",
        days_ago: 20,
        featured: false,
        status: "draft",
    },
    DemoProject {
        title: "Retro Records Web Store",
        client: "Retro Records",
        category: "E-commerce",
        short: "A vinyl record shop's first online store, since replaced.",
        description: "## Archived\n\nThe shop moved to a new platform in 2024; this project is kept for reference.",
        technologies: &["jQuery", "Node.js", "MongoDB"],
        demo_url: "",
        github_url: "",
        days_ago: 1400,
        featured: false,
        status: "archived",
    },
];

fn input(
    number: i64,
    demo: &DemoProject,
    technologies: &HashMap<String, EntityId>,
    now: DateTime<Utc>,
) -> anyhow::Result<ProjectInput> {
    let technology_ids = demo
        .technologies
        .iter()
        .map(|name| {
            technologies
                .get(*name)
                .map(ToString::to_string)
                .ok_or_else(|| anyhow::anyhow!("the demo technology {name} is missing"))
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    Ok(ProjectInput {
        title: Some(demo.title.into()),
        slug: None,
        client: Some(demo.client.into()),
        category: Some(demo.category.into()),
        description: Some(demo.description.into()),
        short_description: Some(demo.short.into()),
        image: Some(format!("/images/demo/project-{number}.svg")),
        technologies: Some(technology_ids),
        tags: Some(Vec::new()),
        demo_url: Some(demo.demo_url.into()),
        github_url: Some(demo.github_url.into()),
        completed_at: Some((now - Duration::days(demo.days_ago)).format("%Y-%m-%d").to_string()),
        featured: Some(demo.featured),
        status: Some(demo.status.into()),
        publish_at: None,
    })
}
