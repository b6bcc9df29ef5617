use atelier_adapters_db::SeaOrmStore;
use atelier_application::Audience;
use atelier_application::ports::SystemClock;
use atelier_application::team::ports::{TeamFilter, TeamRepository};
use atelier_application::team::{Team, TeamQuery};
use atelier_domain::PageRequest;
use atelier_domain::team::{SocialLinksInput, TeamMember, TeamMemberInput, TeamMemberStatus};

use crate::helpers::{find, on_every_database};

fn input(name: &str, department: &str) -> TeamMemberInput {
    TeamMemberInput {
        name: Some(name.into()),
        position: Some("Engineer".into()),
        email: Some(format!("{}@Atelier.Example", name.to_lowercase())),
        bio: Some("Builds **things**.".into()),
        avatar: Some("/images/demo/team-1.svg".into()),
        social_links: Some(SocialLinksInput {
            github: Some(format!("https://github.com/{}", name.to_lowercase())),
            ..SocialLinksInput::default()
        }),
        skills: Some(vec!["Rust".into(), "SQL".into()]),
        department: Some(department.into()),
        ..TeamMemberInput::default()
    }
}

/// Names in display order, asserting the stored orders are exactly 1..n.
async fn lineup(store: &SeaOrmStore, db: &str) -> Vec<String> {
    let all = PageRequest::clamped(None, Some(1000), 1000, 1000);
    let page = store.list_team_members(TeamFilter::default(), all).await.unwrap();
    let orders: Vec<u32> = page.items.iter().map(|member| member.order).collect();
    assert_eq!(orders, (1..=u32::try_from(orders.len()).unwrap()).collect::<Vec<_>>(), "{db}: orders 1..n");
    let placements: Vec<u32> = store.team_placements().await.unwrap().iter().map(|p| p.order).collect();
    assert_eq!(placements, orders, "{db}");
    page.items.into_iter().map(|member| member.name).collect()
}

#[tokio::test]
async fn a_stored_member_reads_back_identical() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let team = Team::new(store.clone(), SystemClock);
        let created = team.create(input("Ada", "Engineering")).await.unwrap();
        let mut found = find::<TeamMember>(&store, created.id).await.unwrap().unwrap();
        // Databases keep microseconds.
        found.created_at = created.created_at;
        found.updated_at = created.updated_at;
        assert_eq!(found, created, "{db}");
        assert_eq!(found.email, "ada@atelier.example", "{db}");
    })
    .await;
}

#[tokio::test]
async fn inserting_moving_and_deleting_keep_orders_one_to_n() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let team = Team::new(store.clone(), SystemClock);
        let mut ids = Vec::new();
        for name in ["A", "B", "C", "D"] {
            ids.push(team.create(input(name, "Engineering")).await.unwrap().id.to_string());
        }
        assert_eq!(lineup(&store, db).await, ["A", "B", "C", "D"], "{db}");

        team.create(TeamMemberInput { order: Some(1), ..input("X", "Design") }).await.unwrap();
        assert_eq!(lineup(&store, db).await, ["X", "A", "B", "C", "D"], "{db}");

        team.reorder(&ids[3], Some(2)).await.unwrap();
        assert_eq!(lineup(&store, db).await, ["X", "D", "A", "B", "C"], "{db}");

        team.reorder(&ids[0], Some(99)).await.unwrap();
        assert_eq!(lineup(&store, db).await, ["X", "D", "B", "C", "A"], "{db}");

        team.update(&ids[2], TeamMemberInput { order: Some(1), ..TeamMemberInput::default() }).await.unwrap();
        assert_eq!(lineup(&store, db).await, ["C", "X", "D", "B", "A"], "{db}");

        team.delete(&ids[3]).await.unwrap();
        assert_eq!(lineup(&store, db).await, ["C", "X", "B", "A"], "{db}");
    })
    .await;
}

#[tokio::test]
async fn lists_filter_search_and_count() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let team = Team::new(store.clone(), SystemClock);
        team.create(input("Ada", "Engineering")).await.unwrap();
        team.create(input("Grace", "Design")).await.unwrap();
        team.create(TeamMemberInput { status: Some("inactive".into()), ..input("Linus", "Engineering") })
            .await
            .unwrap();
        let engineering = TeamQuery { department: Some("Engineering".into()), ..TeamQuery::default() };
        assert_eq!(team.list(Audience::Admin, engineering.clone()).await.unwrap().total_items, 2, "{db}");
        assert_eq!(team.list(Audience::Public, engineering).await.unwrap().total_items, 1, "{db}");
        let search = TeamQuery { search: Some("GRACE@".into()), ..TeamQuery::default() };
        assert_eq!(team.list(Audience::Admin, search).await.unwrap().items[0].name, "Grace", "{db}");
        let inactive = TeamQuery { status: Some(TeamMemberStatus::Inactive), ..TeamQuery::default() };
        assert_eq!(team.list(Audience::Admin, inactive).await.unwrap().items[0].name, "Linus", "{db}");
        let every = team.list(Audience::Admin, TeamQuery::default()).await.unwrap().items;
        let grace = every.iter().find(|member| member.name == "Grace").unwrap().id;
        let named = TeamQuery { ids: Some(vec![grace]), ..TeamQuery::default() };
        let named = team.list(Audience::Admin, named).await.unwrap();
        assert_eq!((named.items[0].name.as_str(), named.total_items), ("Grace", 1), "{db}");
        let paged = TeamQuery { page: Some(2), limit: Some(2), ..TeamQuery::default() };
        let page = team.list(Audience::Admin, paged).await.unwrap();
        assert_eq!((page.items.len(), page.total_items, page.total_pages, page.current_page), (1, 3, 2, 2), "{db}");
    })
    .await;
}

#[tokio::test]
async fn a_write_for_a_missing_member_moves_no_one() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let team = Team::new(store.clone(), SystemClock);
        let kept = team.create(input("Ada", "Engineering")).await.unwrap();
        let mut ghost = team.create(input("Ghost", "Engineering")).await.unwrap();
        team.delete(&ghost.id.to_string()).await.unwrap();
        let shift = [atelier_domain::ordering::Placement::new(kept.id, 7)];
        ghost.order = 1;
        assert!(!store.update_team_member(&mut ghost, &shift).await.unwrap(), "{db}");
        assert!(!store.delete_team_member(ghost.id, &shift).await.unwrap(), "{db}");
        assert_eq!(lineup(&store, db).await, ["Ada"], "{db}");
    })
    .await;
}
