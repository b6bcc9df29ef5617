use std::sync::atomic::{AtomicU64, Ordering};

use atelier_adapters_db::SeaOrmStore;
use atelier_application::portfolio::ports::{ProjectFilter, ProjectRepository, ProjectSaveError};
use atelier_application::records::RecordRepository;
use atelier_application::technologies::ports::TechnologyRepository;
use atelier_domain::portfolio::{Project, ProjectChanges, ProjectInput, ProjectSort, ProjectStatus};
use atelier_domain::slug::Slug;
use atelier_domain::technology::{Technology, TechnologyChanges, TechnologyInput};
use atelier_domain::{EntityId, PageRequest};
use chrono::{DurationRound, TimeDelta, Utc};

use crate::helpers::{delete, find, on_every_database};

fn now() -> chrono::DateTime<Utc> {
    // Databases keep microseconds; truncate so a round trip compares equal.
    Utc::now().duration_trunc(TimeDelta::microseconds(1)).unwrap()
}

struct Spec<'a> {
    title: &'a str,
    client: &'a str,
    completed: &'a str,
    featured: bool,
    status: &'a str,
    category: &'a str,
}

/// Ids that ascend in creation order, so ties on a sort key have a known order.
fn ascending_id() -> EntityId {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    let seconds = u32::try_from(now().timestamp()).unwrap();
    EntityId::from_parts(seconds, NEXT.fetch_add(1, Ordering::Relaxed).to_be_bytes())
}

fn project(spec: &Spec<'_>) -> Project {
    let input = ProjectInput {
        title: Some(spec.title.into()),
        client: Some(spec.client.into()),
        completed_at: Some(spec.completed.into()),
        featured: Some(spec.featured),
        status: Some(spec.status.into()),
        category: Some(spec.category.into()),
        short_description: Some(format!("short of {}", spec.title)),
        description: Some(format!("## About {}\n\n- markdown kept", spec.title)),
        ..ProjectInput::default()
    };
    let changes = ProjectChanges::parse(input, true, |_| true).unwrap();
    Project::create(ascending_id(), Slug::from_title(spec.title).unwrap(), changes, now())
}

pub(crate) fn simple(title: &str, completed: &str) -> Project {
    project(&Spec { title, client: "Acme", completed, featured: false, status: "published", category: "Web" })
}

async fn stored_technology(store: &SeaOrmStore, name: &str) -> EntityId {
    let input = TechnologyInput { name: Some(name.into()), ..TechnologyInput::default() };
    let mut technology =
        Technology::create(EntityId::generate(now()), TechnologyChanges::parse(input, true).unwrap(), now());
    store.insert(&mut technology).await.unwrap();
    technology.id
}

fn all() -> PageRequest {
    PageRequest::clamped(None, Some(1000), 1000, 1000)
}

fn titles(projects: &[Project]) -> Vec<&str> {
    projects.iter().map(|project| project.title.as_str()).collect()
}

#[tokio::test]
async fn a_stored_project_reads_back_identical_by_id_and_slug() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let rust = stored_technology(&store, "Rust").await;
        let react = stored_technology(&store, "React").await;
        let mut original = simple("Shop — 🛒 redesign", "2024-02-29T10:30:00Z");
        original.technologies = vec![rust, react];
        original.tags = vec![EntityId::generate(now()), EntityId::generate(now())];
        original.image = "/images/demo/project-1.svg".into();
        original.demo_url = "https://demo.example".into();
        store.insert(&mut original).await.unwrap();
        assert_eq!(find::<Project>(&store, original.id).await.unwrap().as_ref(), Some(&original), "{db}");
        assert_eq!(store.find_project_by_slug(&original.slug).await.unwrap(), Some(original), "{db}");
    })
    .await;
}

#[tokio::test]
async fn every_sort_order_matches_the_domain_rule() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let specs = [
            Spec {
                title: "delta",
                client: "zeta",
                completed: "2023-05-01",
                featured: false,
                status: "published",
                category: "Web",
            },
            Spec {
                title: "alpha",
                client: "beta",
                completed: "2025-01-01",
                featured: false,
                status: "published",
                category: "Web",
            },
            Spec {
                title: "Charlie",
                client: "Beta",
                completed: "2024-01-01",
                featured: true,
                status: "published",
                category: "Web",
            },
            Spec {
                title: "bravo",
                client: "alpha",
                completed: "2024-01-01",
                featured: true,
                status: "published",
                category: "Web",
            },
            Spec {
                title: "echo",
                client: "beta",
                completed: "2025-01-01",
                featured: false,
                status: "published",
                category: "Web",
            },
        ];
        let mut projects: Vec<Project> = specs.iter().map(project).collect();
        for project in &mut projects {
            store.insert(project).await.unwrap();
        }
        let expected = [
            (ProjectSort::MostRecent, ["alpha", "echo", "Charlie", "bravo", "delta"]),
            (ProjectSort::Oldest, ["delta", "Charlie", "bravo", "alpha", "echo"]),
            (ProjectSort::TitleAsc, ["alpha", "bravo", "Charlie", "delta", "echo"]),
            (ProjectSort::TitleDesc, ["echo", "delta", "Charlie", "bravo", "alpha"]),
            (ProjectSort::Featured, ["Charlie", "bravo", "alpha", "echo", "delta"]),
            (ProjectSort::ClientAsc, ["bravo", "alpha", "echo", "Charlie", "delta"]),
            (ProjectSort::ClientDesc, ["delta", "alpha", "echo", "Charlie", "bravo"]),
        ];
        for (sort, _) in &expected {
            projects.sort_by(|a, b| sort.compare(a, b));
            let listed = store.list_projects(ProjectFilter::default(), *sort, all()).await.unwrap();
            assert_eq!(titles(&listed.items), titles(&projects), "{db} {}", sort.as_str());
        }
        // Ties on the sort keys fall back to the id (ascending in creation order here).
        for (sort, order) in expected {
            let listed = store.list_projects(ProjectFilter::default(), sort, all()).await.unwrap();
            assert_eq!(titles(&listed.items), order, "{db} {}", sort.as_str());
        }
    })
    .await;
}

#[tokio::test]
async fn lists_are_filtered_searched_and_counted() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let specs = [
            Spec {
                title: "Bank App",
                client: "Northwind",
                completed: "2023-01-01",
                featured: true,
                status: "published",
                category: "Mobile App",
            },
            Spec {
                title: "Shop",
                client: "Verdant 100%",
                completed: "2024-01-01",
                featured: false,
                status: "published",
                category: "E-commerce",
            },
            Spec {
                title: "Secret",
                client: "Hidden",
                completed: "2025-01-01",
                featured: false,
                status: "draft",
                category: "Mobile App",
            },
            Spec {
                title: "Old",
                client: "Retro",
                completed: "2022-01-01",
                featured: true,
                status: "archived",
                category: "Mobile Apps",
            },
        ];
        for spec in &specs {
            store.insert(&mut project(spec)).await.unwrap();
        }
        let list = |filter: ProjectFilter| {
            let store = store.clone();
            async move {
                let page = store.list_projects(filter, ProjectSort::MostRecent, all()).await.unwrap();
                (titles(&page.items).join(","), page.total_items)
            }
        };
        let published = ProjectFilter { status: Some(ProjectStatus::Published), ..ProjectFilter::default() };
        assert_eq!(list(published).await, ("Shop,Bank App".into(), 2), "{db}");
        let drafts = ProjectFilter { status: Some(ProjectStatus::Draft), ..ProjectFilter::default() };
        assert_eq!(list(drafts).await, ("Secret".into(), 1), "{db}");
        let featured = ProjectFilter { featured: Some(true), ..ProjectFilter::default() };
        assert_eq!(list(featured).await, ("Bank App,Old".into(), 2), "{db}");
        let category = ProjectFilter { category: Some("mobile APP".into()), ..ProjectFilter::default() };
        assert_eq!(list(category).await, ("Secret,Bank App".into(), 2), "{db}");
        // A language that hides untranslated projects lists only those it names, the totals with them.
        let all_projects = store.list_projects(ProjectFilter::default(), ProjectSort::MostRecent, all()).await.unwrap();
        let bank = all_projects.items.iter().find(|project| project.title == "Bank App").unwrap().id;
        let named = ProjectFilter { ids: Some(vec![bank]), ..ProjectFilter::default() };
        assert_eq!(list(named).await, ("Bank App".into(), 1), "{db}");
        assert_eq!(
            list(ProjectFilter { ids: Some(Vec::new()), ..ProjectFilter::default() }).await,
            (String::new(), 0),
            "{db}"
        );
        for (term, expected) in [
            ("bank", "Bank App"),
            ("NORTHWIND", "Bank App"),
            ("short of sh", "Shop"),
            ("about old", "Old"),
            ("100%", "Shop"),
            ("%", "Shop"),
            ("_", ""),
        ] {
            let search = ProjectFilter { search: Some(term.into()), ..ProjectFilter::default() };
            assert_eq!(list(search).await.0, expected, "{db} {term}");
        }
    })
    .await;
}

#[tokio::test]
async fn pages_carry_the_totals() {
    on_every_database(|store: SeaOrmStore, db| async move {
        for (title, completed) in
            [("a", "2021-01-01"), ("b", "2022-01-01"), ("c", "2023-01-01"), ("d", "2024-01-01"), ("e", "2025-01-01")]
        {
            store.insert(&mut simple(title, completed)).await.unwrap();
        }
        let second = PageRequest::clamped(Some(2), Some(2), 2, 100);
        let page = store.list_projects(ProjectFilter::default(), ProjectSort::MostRecent, second).await.unwrap();
        assert_eq!(titles(&page.items), ["c", "b"], "{db}");
        assert_eq!((page.total_items, page.total_pages, page.current_page), (5, 3, 2), "{db}");
        let far = PageRequest::clamped(Some(i64::MAX), Some(100), 2, 100);
        let page = store.list_projects(ProjectFilter::default(), ProjectSort::MostRecent, far).await.unwrap();
        assert!(page.items.is_empty(), "{db}");
        assert_eq!(page.total_items, 5, "{db}");
    })
    .await;
}

#[tokio::test]
async fn slugs_are_unique_and_technologies_must_exist() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let mut first = simple("Shop", "2024-01-01");
        store.insert(&mut first).await.unwrap();
        assert!(store.project_slug_taken(&first.slug, None).await.unwrap(), "{db}");
        assert!(!store.project_slug_taken(&first.slug, Some(first.id)).await.unwrap(), "{db}");
        assert!(!store.project_slug_taken(&Slug::parse("free").unwrap(), None).await.unwrap(), "{db}");

        let mut twin = simple("Shop", "2024-01-01");
        assert!(matches!(store.insert(&mut twin).await, Err(ProjectSaveError::DuplicateSlug)), "{db}");

        let mut dangling = simple("Other", "2024-01-01");
        dangling.technologies = vec![EntityId::generate(now())];
        assert!(matches!(store.insert(&mut dangling).await, Err(ProjectSaveError::UnknownTechnology)), "{db}");
        assert_eq!(find::<Project>(&store, dangling.id).await.unwrap(), None, "{db}: nothing half-stored");
    })
    .await;
}

#[tokio::test]
async fn updates_replace_every_field_and_the_technology_list() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let rust = stored_technology(&store, "Rust").await;
        let react = stored_technology(&store, "React").await;
        let go = stored_technology(&store, "Go").await;
        let mut stored = simple("Shop", "2024-01-01");
        stored.technologies = vec![rust, react];
        store.insert(&mut stored).await.unwrap();

        stored.title = "Shop v2".into();
        stored.slug = Slug::parse("shop-v2").unwrap();
        stored.technologies = vec![go, rust];
        stored.tags = vec![];
        stored.status = ProjectStatus::Archived;
        stored.featured = true;
        assert!(store.update(&mut stored).await.unwrap(), "{db}");
        assert_eq!(find::<Project>(&store, stored.id).await.unwrap().as_ref(), Some(&stored), "{db}");
        let usage = store.technology_usage(&[rust, react, go], None).await.unwrap();
        assert_eq!((usage.get(&rust), usage.get(&react), usage.get(&go)), (Some(&1), None, Some(&1)), "{db}");

        let mut other = simple("Other", "2024-01-01");
        store.insert(&mut other).await.unwrap();
        let mut clash = other.clone();
        clash.slug = stored.slug.clone();
        assert!(matches!(store.update(&mut clash).await, Err(ProjectSaveError::DuplicateSlug)), "{db}");
    })
    .await;
}

#[tokio::test]
async fn a_missing_project_is_none_and_cannot_be_updated_or_deleted() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let mut ghost = simple("Ghost", "2024-01-01");
        assert_eq!(find::<Project>(&store, ghost.id).await.unwrap(), None, "{db}");
        assert_eq!(store.find_project_by_slug(&ghost.slug).await.unwrap(), None, "{db}");
        assert!(!store.update(&mut ghost).await.unwrap(), "{db}");
        assert!(!delete::<Project>(&store, ghost.id).await.unwrap(), "{db}");
    })
    .await;
}

#[tokio::test]
async fn deleting_a_project_releases_its_technologies() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let rust = stored_technology(&store, "Rust").await;
        let mut shop = simple("Shop", "2024-01-01");
        shop.technologies = vec![rust];
        store.insert(&mut shop).await.unwrap();
        assert!(delete::<Project>(&store, shop.id).await.unwrap(), "{db}");
        assert_eq!(find::<Project>(&store, shop.id).await.unwrap(), None, "{db}");
        assert!(store.technology_usage(&[rust], None).await.unwrap().is_empty(), "{db}");
    })
    .await;
}

#[tokio::test]
async fn a_scheduled_project_is_listed_only_from_its_publish_time() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let t0 = now();
        let mut soon = simple("Soon", "2025-01-01");
        soon.publish_at = Some(t0 + chrono::Duration::minutes(5));
        let mut draft = project(&Spec { status: "draft", ..spec("Draft") });
        draft.publish_at = Some(t0 + chrono::Duration::minutes(1));
        for project in [&mut soon, &mut draft, &mut simple("Plain", "2024-01-01")] {
            store.insert(project).await.unwrap();
        }
        assert_eq!(find::<Project>(&store, soon.id).await.unwrap().unwrap().publish_at, soon.publish_at, "{db}");
        let live = |at| ProjectFilter { live_at: Some(at), ..ProjectFilter::default() };
        let before = store.list_projects(live(t0), ProjectSort::MostRecent, all()).await.unwrap();
        assert_eq!((titles(&before.items), before.total_items), (vec!["Plain"], 1), "{db}");
        let after = store.list_projects(live(t0 + chrono::Duration::minutes(5)), ProjectSort::MostRecent, all()).await;
        assert_eq!(titles(&after.unwrap().items), ["Soon", "Plain"], "{db}");
        assert_eq!(store.next_project_publication(t0).await.unwrap(), soon.publish_at, "{db}");
        assert_eq!(store.next_project_publication(t0 + chrono::Duration::minutes(5)).await.unwrap(), None, "{db}");
    })
    .await;
}

fn spec(title: &str) -> Spec<'_> {
    Spec { title, client: "Acme", completed: "2025-02-01", featured: false, status: "published", category: "Web" }
}
