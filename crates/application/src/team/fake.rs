//! The in-memory team.

use atelier_domain::ordering::Placement;
use atelier_domain::team::TeamMember;
use atelier_domain::{EntityId, Page, PageRequest};

use super::ports::{TeamFilter, TeamRepository};
use crate::fake::{FakeRecord, InMemoryStore, Tables, apply_placements, matches, paged};

impl FakeRecord for TeamMember {}

fn sorted_team(tables: &Tables) -> Vec<TeamMember> {
    let mut team = tables.rows::<TeamMember>().to_vec();
    team.sort_by(|a, b| a.order.cmp(&b.order).then(a.created_at.cmp(&b.created_at)).then(a.id.cmp(&b.id)));
    team
}

fn place(team: &mut [TeamMember], placements: &[Placement]) {
    apply_placements(team, placements, |m| m.id, |m| &mut m.order);
}

impl TeamRepository for InMemoryStore {
    async fn list_team_members(&self, filter: TeamFilter, page: PageRequest) -> anyhow::Result<Page<TeamMember>> {
        self.with(|tables| {
            let found: Vec<_> = sorted_team(tables)
                .into_iter()
                .filter(|m| filter.status.is_none_or(|status| m.status == status))
                .filter(|m| filter.department.as_ref().is_none_or(|department| &m.department == department))
                .filter(|m| filter.ids.as_ref().is_none_or(|ids| ids.contains(&m.id)))
                .filter(|m| matches(filter.search.as_deref(), &[&m.name, &m.position, &m.email, &m.department]))
                .collect();
            Ok(paged(&found, page))
        })
    }

    async fn team_placements(&self) -> anyhow::Result<Vec<Placement>> {
        self.with(|tables| Ok(sorted_team(tables).iter().map(|m| Placement::new(m.id, m.order)).collect()))
    }

    async fn insert_team_member(&self, member: &TeamMember, placements: &[Placement]) -> anyhow::Result<()> {
        self.with(|tables| {
            let team = tables.rows_mut::<TeamMember>();
            place(team, placements);
            team.push(member.clone());
        });
        Ok(())
    }

    async fn update_team_member(&self, member: &mut TeamMember, placements: &[Placement]) -> anyhow::Result<bool> {
        self.with(|tables| {
            let team = tables.rows_mut::<TeamMember>();
            let Some(stored) = team.iter_mut().find(|stored| stored.id == member.id) else { return Ok(false) };
            member.meta = crate::fake::saved_meta(&member.id.to_string(), Some(stored.meta.version), &member.meta)?;
            *stored = member.clone();
            place(team, placements);
            Ok(true)
        })
    }

    async fn delete_team_member(&self, id: EntityId, placements: &[Placement]) -> anyhow::Result<bool> {
        self.with(|tables| {
            let team = tables.rows_mut::<TeamMember>();
            let before = team.len();
            team.retain(|m| m.id != id);
            if team.len() == before {
                return Ok(false);
            }
            place(team, placements);
            Ok(true)
        })
    }

    async fn reorder_team_members(&self, placements: &[Placement]) -> anyhow::Result<()> {
        self.with(|tables| place(tables.rows_mut::<TeamMember>(), placements));
        Ok(())
    }
}
