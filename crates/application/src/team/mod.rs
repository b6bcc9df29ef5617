//! The team: listing members for the about page and the back office, editing them, and keeping their
//! display orders 1..n as members come, go and move.

#[cfg(test)]
mod fake;
pub mod ports;

use crate::translations::ports::TranslationRepository;
use atelier_domain::team::{
    TeamMember, TeamMemberChanges, TeamMemberInput, TeamMemberStatus, insert_member, move_member, remove_member,
};
use atelier_domain::translation::TranslationKind;
use atelier_domain::{EntityId, FieldErrors, Page};

use self::ports::{TeamFilter, TeamRepository};
use crate::access::Audience;
use crate::ports::Clock;
use crate::records::{self, LookupError, WriteError};
use crate::search::search_term;

/// The default page size of `GET /team`.
pub const DEFAULT_LIMIT: u64 = 10;

/// A list request as the caller sent it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TeamQuery {
    pub status: Option<TeamMemberStatus>,
    pub department: Option<String>,
    pub search: Option<String>,
    pub page: Option<i64>,
    pub limit: Option<i64>,
    /// Only these members (a language that hides untranslated records lists only those
    /// translated there); `None` for every one.
    pub ids: Option<Vec<EntityId>>,
}

/// The team use cases.
#[derive(Debug, Clone)]
pub struct Team<S, C> {
    store: S,
    clock: C,
}

impl<S: TeamRepository + TranslationRepository, C: Clock> Team<S, C> {
    pub fn new(store: S, clock: C) -> Self {
        Self { store, clock }
    }

    /// One page of members, ascending by display order. Anonymous callers only ever see active ones.
    pub async fn list(&self, audience: Audience, query: TeamQuery) -> anyhow::Result<Page<TeamMember>> {
        let status = match audience {
            Audience::Public => Some(TeamMemberStatus::Active),
            Audience::Admin => query.status,
        };
        let department = query.department.map(|text| text.trim().to_owned()).filter(|text| !text.is_empty());
        let filter = TeamFilter { status, department, search: search_term(query.search.as_deref()), ids: query.ids };
        self.store.list_team_members(filter, audience.page(query.page, query.limit, DEFAULT_LIMIT)).await
    }

    /// One member; an inactive one is not found for anonymous callers.
    pub async fn get(&self, audience: Audience, id: &str) -> Result<TeamMember, LookupError> {
        records::get(&self.store, id, |member: &TeamMember| {
            audience == Audience::Admin || member.status == TeamMemberStatus::Active
        })
        .await
    }

    /// Adds a member at the end, or at the order sent with later members shifted down.
    pub async fn create(&self, input: TeamMemberInput) -> Result<TeamMember, WriteError> {
        let changes = TeamMemberChanges::parse(input, true).map_err(WriteError::Invalid)?;
        let now = self.clock.now();
        let id = self.clock.new_id();
        let placements = insert_member(&self.store.team_placements().await?, id, changes.order());
        let order = placements.iter().find(|placement| placement.id == id).map_or(1, |placement| placement.order);
        let member = TeamMember::create(id, changes, order, now);
        self.store.insert_team_member(&member, &placements).await?;
        Ok(member)
    }

    /// Changes the fields sent; an order sent moves the member as [`Team::reorder`] does.
    pub async fn update(&self, id: &str, input: TeamMemberInput) -> Result<TeamMember, WriteError> {
        let id = records::parse_id::<TeamMember>(id)?;
        let changes = TeamMemberChanges::parse(input, false).map_err(WriteError::Invalid)?;
        let mut member = records::found::<TeamMember>(&self.store, id).await?;
        let placements = match changes.order() {
            Some(order) => move_member(&self.store.team_placements().await?, id, order)
                .ok_or_else(records::not_found::<TeamMember>)?,
            None => Vec::new(),
        };
        if let Some(placement) = placements.iter().find(|placement| placement.id == id) {
            member.order = placement.order;
        }
        member.apply(changes, self.clock.now());
        if self.store.update_team_member(&mut member, &placements).await? {
            Ok(member)
        } else {
            Err(records::not_found::<TeamMember>().into())
        }
    }

    /// Moves a member to `new_order` (clamped to 1..n); its neighbours shift. Answers the moved member.
    pub async fn reorder(&self, id: &str, new_order: Option<i64>) -> Result<TeamMember, WriteError> {
        let id = records::parse_id::<TeamMember>(id)?;
        let Some(new_order) = new_order else {
            let mut errors = FieldErrors::new();
            errors.add("newOrder", "New order is required");
            return Err(WriteError::Invalid(errors));
        };
        let placements = move_member(&self.store.team_placements().await?, id, new_order)
            .ok_or_else(records::not_found::<TeamMember>)?;
        self.store.reorder_team_members(&placements).await?;
        Ok(records::found::<TeamMember>(&self.store, id).await?)
    }

    /// Removes a member; later members move up one.
    pub async fn delete(&self, id: &str) -> Result<(), LookupError> {
        let id = records::parse_id::<TeamMember>(id)?;
        let placements = remove_member(&self.store.team_placements().await?, id);
        if self.store.delete_team_member(id, &placements).await? {
            self.store.delete_record_translations(TranslationKind::TeamMember, &id.to_string()).await?;
            Ok(())
        } else {
            Err(records::not_found::<TeamMember>())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fake::{FakeClock, InMemoryStore};

    fn input(name: &str) -> TeamMemberInput {
        TeamMemberInput {
            name: Some(name.into()),
            position: Some("Engineer".into()),
            email: Some(format!("{}@atelier.example", name.to_lowercase())),
            ..TeamMemberInput::default()
        }
    }

    async fn team_of(names: &[&str]) -> Team<InMemoryStore, FakeClock> {
        let team = Team::new(InMemoryStore::default(), FakeClock::default());
        for name in names {
            team.create(input(name)).await.unwrap();
        }
        team
    }

    /// Names in display order, checking the orders are exactly 1..n.
    async fn lineup(team: &Team<InMemoryStore, FakeClock>) -> Vec<String> {
        let page = team.list(Audience::Admin, TeamQuery::default()).await.unwrap();
        let orders: Vec<u32> = page.items.iter().map(|member| member.order).collect();
        assert_eq!(orders, (1..=u32::try_from(orders.len()).unwrap()).collect::<Vec<_>>());
        page.items.into_iter().map(|member| member.name).collect()
    }

    async fn id_of(team: &Team<InMemoryStore, FakeClock>, name: &str) -> String {
        let page = team.list(Audience::Admin, TeamQuery::default()).await.unwrap();
        page.items.into_iter().find(|member| member.name == name).unwrap().id.to_string()
    }

    #[tokio::test]
    async fn new_members_are_appended_or_inserted_at_the_order_given() {
        let team = team_of(&["A", "B", "C"]).await;
        assert_eq!(lineup(&team).await, ["A", "B", "C"]);
        let inserted = team.create(TeamMemberInput { order: Some(2), ..input("X") }).await.unwrap();
        assert_eq!(inserted.order, 2);
        assert_eq!(lineup(&team).await, ["A", "X", "B", "C"]);
        let clamped = team.create(TeamMemberInput { order: Some(99), ..input("Z") }).await.unwrap();
        assert_eq!(clamped.order, 5);
    }

    #[tokio::test]
    async fn moving_and_deleting_keep_orders_one_to_n() {
        let team = team_of(&["A", "B", "C", "D"]).await;
        let d = id_of(&team, "D").await;
        assert_eq!(team.reorder(&d, Some(1)).await.unwrap().order, 1);
        assert_eq!(lineup(&team).await, ["D", "A", "B", "C"]);
        let a = id_of(&team, "A").await;
        assert_eq!(team.reorder(&a, Some(100)).await.unwrap().order, 4);
        assert_eq!(lineup(&team).await, ["D", "B", "C", "A"]);
        team.delete(&id_of(&team, "B").await).await.unwrap();
        assert_eq!(lineup(&team).await, ["D", "C", "A"]);
        let c = id_of(&team, "C").await;
        team.update(&c, TeamMemberInput { order: Some(3), ..TeamMemberInput::default() }).await.unwrap();
        assert_eq!(lineup(&team).await, ["D", "A", "C"]);
    }

    #[tokio::test]
    async fn reordering_needs_a_new_order_and_a_known_member() {
        let team = team_of(&["A"]).await;
        let a = id_of(&team, "A").await;
        assert!(matches!(team.reorder(&a, None).await, Err(WriteError::Invalid(_))));
        for id in ["nope", "65f1c2a9b4e8d70012345678"] {
            assert!(matches!(team.reorder(id, Some(1)).await, Err(WriteError::NotFound(_))));
            assert!(matches!(team.delete(id).await, Err(LookupError::NotFound(_))));
        }
        assert_eq!(lineup(&team).await, ["A"]);
    }

    #[tokio::test]
    async fn anonymous_callers_only_see_active_members() {
        let team = team_of(&["A"]).await;
        let hidden = team.create(TeamMemberInput { status: Some("inactive".into()), ..input("B") }).await.unwrap();
        let query = TeamQuery { status: Some(TeamMemberStatus::Inactive), ..TeamQuery::default() };
        let public = team.list(Audience::Public, query.clone()).await.unwrap();
        assert_eq!(public.items.iter().map(|m| m.name.as_str()).collect::<Vec<_>>(), ["A"]);
        assert_eq!(team.list(Audience::Admin, query).await.unwrap().items.len(), 1);
        let id = hidden.id.to_string();
        assert!(matches!(team.get(Audience::Public, &id).await, Err(LookupError::NotFound(_))));
        assert!(team.get(Audience::Admin, &id).await.is_ok());
    }

    #[tokio::test]
    async fn lists_filter_by_department_and_search() {
        let team = team_of(&[]).await;
        team.create(TeamMemberInput { department: Some("Design".into()), ..input("Ada") }).await.unwrap();
        team.create(TeamMemberInput { department: Some("Engineering".into()), ..input("Grace") }).await.unwrap();
        let design = TeamQuery { department: Some("Design".into()), ..TeamQuery::default() };
        assert_eq!(team.list(Audience::Public, design).await.unwrap().total_items, 1);
        let search = TeamQuery { search: Some("GRACE".into()), ..TeamQuery::default() };
        assert_eq!(team.list(Audience::Public, search).await.unwrap().items[0].name, "Grace");
    }

    #[tokio::test]
    async fn invalid_members_are_refused_with_every_field_named() {
        let team = team_of(&[]).await;
        let Err(WriteError::Invalid(errors)) = team.create(TeamMemberInput::default()).await else { panic!() };
        for field in ["name", "position", "email"] {
            assert!(errors.get(field).is_some(), "{field}");
        }
        assert!(lineup(&team).await.is_empty());
    }
}
