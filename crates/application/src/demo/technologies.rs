//! Demo technologies: one or more in every category, several featured, one inactive.

use atelier_domain::EntityId;
use atelier_domain::technology::{Technology, TechnologyChanges, TechnologyInput};
use chrono::{DateTime, Duration, Utc};

use crate::technologies::ports::TechnologyRepository;

/// Stores the demo technologies, created a second apart before `now`.
pub(super) async fn seed(store: &impl TechnologyRepository, now: DateTime<Utc>) -> anyhow::Result<()> {
    let count = i64::try_from(DEMO_TECHNOLOGIES.len()).unwrap_or_default();
    for (index, demo) in (0_i64..).zip(DEMO_TECHNOLOGIES.iter()) {
        let created = now - Duration::seconds(count - index);
        let changes = TechnologyChanges::parse(input(index, demo), true).expect("the demo technologies are valid");
        store
            .insert(&mut Technology::create(EntityId::generate(created), changes, created))
            .await
            .map_err(|error| anyhow::anyhow!("failed to seed the technology {}: {error}", demo.name))?;
    }
    Ok(())
}

#[derive(Clone, Copy)]
struct DemoTechnology {
    name: &'static str,
    category: &'static str,
    icon: &'static str,
    color: &'static str,
    website: &'static str,
    description: &'static str,
    featured: bool,
    active: bool,
}

const fn tech(
    name: &'static str,
    category: &'static str,
    icon: &'static str,
    color: &'static str,
    website: &'static str,
    description: &'static str,
) -> DemoTechnology {
    DemoTechnology { name, category, icon, color, website, description, featured: false, active: true }
}

const fn featured(technology: DemoTechnology) -> DemoTechnology {
    DemoTechnology { featured: true, ..technology }
}

const fn inactive(technology: DemoTechnology) -> DemoTechnology {
    DemoTechnology { active: false, ..technology }
}

const DEMO_TECHNOLOGIES: [DemoTechnology; 17] = [
    featured(tech(
        "React",
        "frontend",
        "react",
        "#61DAFB",
        "https://react.dev",
        "Component-based UI library for fast, interactive interfaces.",
    )),
    featured(tech(
        "TypeScript",
        "frontend",
        "code",
        "#3178C6",
        "https://www.typescriptlang.org",
        "JavaScript with static types, for large codebases that stay maintainable.",
    )),
    tech(
        "Tailwind CSS",
        "frontend",
        "palette",
        "#06B6D4",
        "https://tailwindcss.com",
        "Utility-first CSS framework for consistent, responsive design.",
    ),
    featured(tech(
        "Node.js",
        "backend",
        "server",
        "#339933",
        "https://nodejs.org",
        "JavaScript runtime for APIs, real-time services and tooling.",
    )),
    featured(tech(
        "Rust",
        "backend",
        "cog",
        "#DEA584",
        "https://www.rust-lang.org",
        "Fast, memory-safe systems language for reliable backends.",
    )),
    tech(
        "GraphQL",
        "backend",
        "project-diagram",
        "#E10098",
        "https://graphql.org",
        "Query language for APIs that lets clients ask for exactly what they need.",
    ),
    featured(tech(
        "PostgreSQL",
        "database",
        "database",
        "#4169E1",
        "https://www.postgresql.org",
        "Robust open-source relational database.",
    )),
    tech(
        "MongoDB",
        "database",
        "database",
        "#47A248",
        "https://www.mongodb.com",
        "Document database for flexible, evolving data models.",
    ),
    featured(tech(
        "Flutter",
        "mobile",
        "mobile",
        "#02569B",
        "https://flutter.dev",
        "Cross-platform toolkit for natively compiled mobile apps.",
    )),
    tech("Swift", "mobile", "apple", "#F05138", "https://www.swift.org", "Apple's language for native iOS apps."),
    tech(
        "Kotlin",
        "mobile",
        "android",
        "#7F52FF",
        "https://kotlinlang.org",
        "Modern language for native Android apps.",
    ),
    featured(tech(
        "Figma",
        "design",
        "pen-nib",
        "#F24E1E",
        "https://www.figma.com",
        "Collaborative interface design and prototyping.",
    )),
    tech(
        "Docker",
        "devops",
        "docker",
        "#2496ED",
        "https://www.docker.com",
        "Containers that run the same on every machine.",
    ),
    tech(
        "Kubernetes",
        "devops",
        "dharmachakra",
        "#326CE5",
        "https://kubernetes.io",
        "Orchestration for containerised services at scale.",
    ),
    featured(tech(
        "AWS",
        "devops",
        "cloud",
        "#FF9900",
        "https://aws.amazon.com",
        "Cloud infrastructure: compute, storage and managed services.",
    )),
    tech("Stripe", "other", "credit-card", "#635BFF", "https://stripe.com", "Online payments and subscriptions."),
    inactive(tech(
        "jQuery",
        "frontend",
        "code",
        "#0769AD",
        "https://jquery.com",
        "DOM scripting library, kept for legacy projects.",
    )),
];

fn input(order: i64, demo: &DemoTechnology) -> TechnologyInput {
    TechnologyInput {
        name: Some(demo.name.into()),
        description: Some(demo.description.into()),
        category: Some(demo.category.into()),
        icon: Some(demo.icon.into()),
        color: Some(demo.color.into()),
        website: Some(demo.website.into()),
        status: Some(if demo.active { "active" } else { "inactive" }.into()),
        featured: Some(demo.featured),
        order: Some(order),
    }
}
