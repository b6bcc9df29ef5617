//! The in-memory technologies; their usage comes from the stored projects.

use std::collections::HashMap;

use atelier_domain::portfolio::Project;
use atelier_domain::technology::{Technology, TechnologyCategory, TechnologyStatus};
use atelier_domain::{EntityId, PageRequest};
use chrono::{DateTime, Utc};

use super::ports::{TechnologyFilter, TechnologyRepository, TechnologySaveError};
use crate::fake::{FakeRecord, InMemoryStore, Tables, matches, page_of};
use crate::records::RemoveError;

fn usage(tables: &Tables, id: EntityId, live_at: Option<DateTime<Utc>>) -> u64 {
    tables
        .rows::<Project>()
        .iter()
        .filter(|project| live_at.is_none_or(|now| project.is_live(now)))
        .filter(|project| project.technologies.contains(&id))
        .count() as u64
}

impl FakeRecord for Technology {
    fn check(tables: &Tables, technology: &Self) -> Result<(), TechnologySaveError> {
        let clash = |other: &Self| other.id != technology.id && other.name_key() == technology.name_key();
        if tables.rows::<Self>().iter().any(clash) { Err(TechnologySaveError::DuplicateName) } else { Ok(()) }
    }

    fn check_delete(tables: &Tables, id: EntityId) -> Result<(), RemoveError> {
        if usage(tables, id, None) > 0 { Err(RemoveError::InUse) } else { Ok(()) }
    }
}

impl TechnologyRepository for InMemoryStore {
    async fn list_technologies(&self, filter: TechnologyFilter, page: PageRequest) -> anyhow::Result<Vec<Technology>> {
        self.with(|tables| {
            let mut technologies: Vec<_> = tables
                .rows::<Technology>()
                .iter()
                .filter(|technology| filter.status.is_none_or(|status| technology.status == status))
                .filter(|technology| filter.category.is_none_or(|category| technology.category == category))
                .filter(|technology| filter.featured.is_none_or(|featured| technology.featured == featured))
                .filter(|technology| matches(filter.search.as_deref(), &[&technology.name, &technology.description]))
                .cloned()
                .collect();
            technologies.sort_by(|a, b| {
                a.order.cmp(&b.order).then(a.name.to_lowercase().cmp(&b.name.to_lowercase())).then(a.id.cmp(&b.id))
            });
            Ok(page_of(&technologies, page))
        })
    }

    async fn count_technologies_by_category(
        &self,
        status: Option<TechnologyStatus>,
    ) -> anyhow::Result<HashMap<TechnologyCategory, u64>> {
        self.with(|tables| {
            let mut counts = HashMap::new();
            for technology in
                tables.rows::<Technology>().iter().filter(|t| status.is_none_or(|status| t.status == status))
            {
                *counts.entry(technology.category).or_default() += 1;
            }
            Ok(counts)
        })
    }

    async fn existing_technologies(&self, ids: &[EntityId]) -> anyhow::Result<Vec<EntityId>> {
        self.with(|tables| {
            Ok(tables
                .rows::<Technology>()
                .iter()
                .map(|technology| technology.id)
                .filter(|id| ids.contains(id))
                .collect())
        })
    }

    async fn technology_usage(
        &self,
        ids: &[EntityId],
        live_at: Option<DateTime<Utc>>,
    ) -> anyhow::Result<HashMap<EntityId, u64>> {
        self.with(|tables| {
            Ok(ids.iter().map(|id| (*id, usage(tables, *id, live_at))).filter(|(_, count)| *count > 0).collect())
        })
    }
}
