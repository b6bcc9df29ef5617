//! The in-memory revisions: kept as they are, newest last.

use atelier_domain::EntityId;
use atelier_domain::revision::{Revision, RevisionSummary, Versioned};

use super::ports::RevisionRepository;
use crate::fake::InMemoryStore;

impl<T: Versioned> RevisionRepository<T> for InMemoryStore {
    async fn add_revision(&self, revision: &Revision<T>, keep: usize) -> anyhow::Result<()> {
        self.with(|tables| {
            let rows = tables.private_rows_mut::<Revision<T>>();
            rows.push(revision.clone());
            let record = revision.summary.record_id;
            let kept = rows.iter().filter(|row| row.summary.record_id == record).count();
            let mut extra = kept.saturating_sub(keep);
            // Rows are in the order they were kept: the first ones of the record are the oldest.
            rows.retain(|row| {
                let drop = extra > 0 && row.summary.record_id == record;
                if drop {
                    extra -= 1;
                }
                !drop
            });
            Ok(())
        })
    }

    async fn list_revisions(&self, record_id: EntityId) -> anyhow::Result<Vec<RevisionSummary>> {
        self.with(|tables| {
            let mut summaries: Vec<RevisionSummary> = tables
                .rows::<Revision<T>>()
                .iter()
                .filter(|row| row.summary.record_id == record_id)
                .map(|row| row.summary.clone())
                .collect();
            summaries.sort_by(|a, b| b.created_at.cmp(&a.created_at).then(b.id.cmp(&a.id)));
            Ok(summaries)
        })
    }

    async fn find_revision(&self, record_id: EntityId, id: EntityId) -> anyhow::Result<Option<Revision<T>>> {
        self.with(|tables| {
            Ok(tables
                .rows::<Revision<T>>()
                .iter()
                .find(|row| row.summary.record_id == record_id && row.summary.id == id)
                .cloned())
        })
    }

    async fn delete_revisions(&self, record_id: EntityId) -> anyhow::Result<()> {
        self.with(|tables| {
            tables.private_rows_mut::<Revision<T>>().retain(|row| row.summary.record_id != record_id);
            Ok(())
        })
    }
}
