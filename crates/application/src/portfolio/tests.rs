//! The portfolio use cases against the fakes.

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
    let later =
        ProjectInput { publish_at: Some((at + chrono::Duration::days(1)).to_rfc3339()), ..input("Later", "published") };
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
    let bad =
        ProjectInput { title: Some("Renamed".into()), completed_at: Some(String::new()), ..ProjectInput::default() };
    let Err(ProjectWriteError::Invalid(errors)) = portfolio.update(&stored.id.to_string(), bad, &author()).await else {
        panic!("expected 422");
    };
    assert_eq!(errors.get("completedAt"), Some("Completion date is required"));
    assert_eq!(portfolio.get(Audience::Admin, &stored.id.to_string()).await.unwrap(), stored);
}
