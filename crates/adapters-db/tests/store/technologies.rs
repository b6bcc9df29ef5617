use atelier_adapters_db::SeaOrmStore;
use atelier_application::records::{RecordRepository, RemoveError};
use atelier_application::technologies::ports::{TechnologyFilter, TechnologyRepository, TechnologySaveError};
use atelier_domain::portfolio::{Project, ProjectChanges, ProjectInput, ProjectStatus};
use atelier_domain::slug::Slug;
use atelier_domain::technology::{
    Technology, TechnologyCategory, TechnologyChanges, TechnologyInput, TechnologyStatus,
};
use atelier_domain::{EntityId, PageRequest};
use chrono::{DurationRound, TimeDelta, Utc};

use crate::helpers::{delete, find, on_every_database};

fn technology(name: &str, category: &str, order: i64, status: &str, featured: bool) -> Technology {
    let now = Utc::now().duration_trunc(TimeDelta::microseconds(1)).unwrap();
    let input = TechnologyInput {
        name: Some(name.into()),
        description: Some(format!("{name} description")),
        category: Some(category.into()),
        color: Some("#10b981".into()),
        website: Some("https://example.com/tech".into()),
        icon: Some("server".into()),
        order: Some(order),
        status: Some(status.into()),
        featured: Some(featured),
    };
    Technology::create(EntityId::generate(now), TechnologyChanges::parse(input, true).unwrap(), now)
}

fn project_using(title: &str, technologies: &[EntityId]) -> Project {
    let now = Utc::now().duration_trunc(TimeDelta::microseconds(1)).unwrap();
    let input = ProjectInput {
        title: Some(title.into()),
        client: Some("Acme".into()),
        completed_at: Some("2025-01-01".into()),
        technologies: Some(technologies.iter().map(ToString::to_string).collect()),
        ..ProjectInput::default()
    };
    let changes = ProjectChanges::parse(input, true, |_| true).unwrap();
    Project::create(EntityId::generate(now), Slug::from_title(title).unwrap(), changes, now)
}

fn all() -> PageRequest {
    PageRequest::clamped(None, Some(1000), 1000, 1000)
}

fn names(technologies: &[Technology]) -> Vec<&str> {
    technologies.iter().map(|technology| technology.name.as_str()).collect()
}

#[tokio::test]
async fn a_stored_technology_reads_back_identical() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let mut original = technology("Rust — 🦀", "backend", 3, "active", true);
        store.insert(&mut original).await.unwrap();
        assert_eq!(find::<Technology>(&store, original.id).await.unwrap(), Some(original), "{db}");
    })
    .await;
}

#[tokio::test]
async fn names_are_unique_ignoring_case() {
    on_every_database(|store: SeaOrmStore, db| async move {
        store.insert(&mut technology("TypeScript", "frontend", 0, "active", false)).await.unwrap();
        let duplicate = store.insert(&mut technology("typescript", "frontend", 0, "active", false)).await;
        assert!(matches!(duplicate, Err(TechnologySaveError::DuplicateName)), "{db}");
        let mut rust = technology("Rust", "backend", 0, "active", false);
        store.insert(&mut rust).await.unwrap();
        rust.name = "TYPESCRIPT".into();
        assert!(matches!(store.update(&mut rust).await, Err(TechnologySaveError::DuplicateName)), "{db}");
        rust.name = "RUST".into();
        assert!(store.update(&mut rust).await.unwrap(), "{db}");
    })
    .await;
}

#[tokio::test]
async fn lists_are_ordered_by_order_then_name_filtered_searched_and_paged() {
    on_every_database(|store: SeaOrmStore, db| async move {
        for (name, category, order, status, featured) in [
            ("rust", "backend", 2, "active", true),
            ("Go", "backend", 2, "active", false),
            ("React", "frontend", 1, "active", true),
            ("jQuery", "frontend", 0, "inactive", false),
            ("Figma", "design", 5, "active", false),
        ] {
            store.insert(&mut technology(name, category, order, status, featured)).await.unwrap();
        }
        let list = |filter: TechnologyFilter| {
            let store = store.clone();
            async move { names(&store.list_technologies(filter, all()).await.unwrap()).join(",") }
        };
        assert_eq!(list(TechnologyFilter::default()).await, "jQuery,React,Go,rust,Figma", "{db}");
        let active = TechnologyFilter { status: Some(TechnologyStatus::Active), ..TechnologyFilter::default() };
        assert_eq!(list(active).await, "React,Go,rust,Figma", "{db}");
        let backend = TechnologyFilter { category: Some(TechnologyCategory::Backend), ..TechnologyFilter::default() };
        assert_eq!(list(backend).await, "Go,rust", "{db}");
        let featured = TechnologyFilter { featured: Some(true), ..TechnologyFilter::default() };
        assert_eq!(list(featured).await, "React,rust", "{db}");
        let by_name = TechnologyFilter { search: Some("RUS".into()), ..TechnologyFilter::default() };
        assert_eq!(list(by_name).await, "rust", "{db}");
        let by_description = TechnologyFilter { search: Some("go desc".into()), ..TechnologyFilter::default() };
        assert_eq!(list(by_description).await, "Go", "{db}");
        let literal = TechnologyFilter { search: Some("%".into()), ..TechnologyFilter::default() };
        assert_eq!(list(literal).await, "", "{db}");

        let second = PageRequest::clamped(Some(2), Some(2), 2, 100);
        let page = store.list_technologies(TechnologyFilter::default(), second).await.unwrap();
        assert_eq!(names(&page), ["Go", "rust"], "{db}");
    })
    .await;
}

#[tokio::test]
async fn categories_are_counted_for_the_status_asked() {
    on_every_database(|store: SeaOrmStore, db| async move {
        for (name, category, status) in
            [("React", "frontend", "active"), ("jQuery", "frontend", "inactive"), ("Rust", "backend", "active")]
        {
            store.insert(&mut technology(name, category, 0, status, false)).await.unwrap();
        }
        let every = store.count_technologies_by_category(None).await.unwrap();
        assert_eq!(every.get(&TechnologyCategory::Frontend), Some(&2), "{db}");
        assert_eq!(every.get(&TechnologyCategory::Backend), Some(&1), "{db}");
        assert_eq!(every.get(&TechnologyCategory::Mobile), None, "{db}");
        let active = store.count_technologies_by_category(Some(TechnologyStatus::Active)).await.unwrap();
        assert_eq!(active.get(&TechnologyCategory::Frontend), Some(&1), "{db}");
    })
    .await;
}

#[tokio::test]
async fn usage_counts_and_existence_come_from_batched_queries() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let mut react = technology("React", "frontend", 0, "active", false);
        let mut rust = technology("Rust", "backend", 0, "active", false);
        let mut unused = technology("Go", "backend", 0, "active", false);
        for technology in [&mut react, &mut rust, &mut unused] {
            store.insert(technology).await.unwrap();
        }
        store.insert(&mut project_using("One", &[react.id, rust.id])).await.unwrap();
        store.insert(&mut project_using("Two", &[react.id])).await.unwrap();
        let usage = store.technology_usage(&[react.id, rust.id, unused.id], None).await.unwrap();
        assert_eq!(
            (usage.get(&react.id), usage.get(&rust.id), usage.get(&unused.id)),
            (Some(&2), Some(&1), None),
            "{db}"
        );

        let mut draft = project_using("Three", &[react.id]);
        draft.status = ProjectStatus::Draft;
        store.insert(&mut draft).await.unwrap();
        let mut scheduled = project_using("Four", &[react.id, rust.id]);
        let t0 = Utc::now();
        scheduled.publish_at = Some(t0 + chrono::Duration::hours(1));
        store.insert(&mut scheduled).await.unwrap();
        let all = store.technology_usage(&[react.id], None).await.unwrap();
        let live = store.technology_usage(&[react.id, rust.id], Some(t0)).await.unwrap();
        assert_eq!(
            (all.get(&react.id), live.get(&react.id), live.get(&rust.id)),
            (Some(&4), Some(&2), Some(&1)),
            "{db}"
        );
        let later = store.technology_usage(&[react.id, rust.id], scheduled.publish_at).await.unwrap();
        assert_eq!((later.get(&react.id), later.get(&rust.id)), (Some(&3), Some(&2)), "{db}");

        let ghost = EntityId::generate(Utc::now());
        let mut existing = store.existing_technologies(&[react.id, ghost, unused.id]).await.unwrap();
        existing.sort();
        let mut expected = vec![react.id, unused.id];
        expected.sort();
        assert_eq!(existing, expected, "{db}");
    })
    .await;
}

#[tokio::test]
async fn a_technology_listed_by_a_project_is_not_deleted() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let mut react = technology("React", "frontend", 0, "active", false);
        store.insert(&mut react).await.unwrap();
        let mut project = project_using("One", &[react.id]);
        store.insert(&mut project).await.unwrap();
        assert!(matches!(delete::<Technology>(&store, react.id).await, Err(RemoveError::InUse)), "{db}");
        assert!(find::<Technology>(&store, react.id).await.unwrap().is_some(), "{db}");
        delete::<Project>(&store, project.id).await.unwrap();
        assert!(delete::<Technology>(&store, react.id).await.unwrap(), "{db}");
        assert!(!delete::<Technology>(&store, react.id).await.unwrap(), "{db}");
    })
    .await;
}

#[tokio::test]
async fn a_missing_technology_is_none_and_cannot_be_updated() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let mut ghost = technology("Ghost", "other", 0, "active", false);
        assert_eq!(find::<Technology>(&store, ghost.id).await.unwrap(), None, "{db}");
        assert!(!store.update(&mut ghost).await.unwrap(), "{db}");
    })
    .await;
}
