//! The audit port of the in-memory store: entries kept in a table of their own, appended by the
//! fake's record writes as the database adapter's are (see `crate::fake::audited`).

use atelier_domain::{Page, PageRequest};
use chrono::{DateTime, Utc};

use super::ports::{AuditFilter, AuditRepository};
use super::{Actor, AuditEntry, Change};
use crate::fake::{InMemoryStore, audited, paged};

impl AuditRepository for InMemoryStore {
    async fn list_audit_entries(&self, filter: &AuditFilter, page: PageRequest) -> anyhow::Result<Page<AuditEntry>> {
        self.with(|tables| {
            let mut entries: Vec<AuditEntry> = tables
                .rows::<AuditEntry>()
                .iter()
                .filter(|entry| filter.actor.is_none_or(|actor| entry.actor_id == Some(actor)))
                .filter(|entry| filter.entity_kind.as_ref().is_none_or(|kind| &entry.entity_kind == kind))
                .filter(|entry| filter.from.is_none_or(|from| entry.at >= from))
                .filter(|entry| filter.to.is_none_or(|to| entry.at < to))
                .cloned()
                .collect();
            entries.sort_by(|a, b| b.at.cmp(&a.at).then(b.id.cmp(&a.id)));
            Ok(paged(&entries, page))
        })
    }

    async fn list_audit_actors(&self) -> anyhow::Result<Vec<Actor>> {
        self.with(|tables| {
            let mut newest: Vec<&AuditEntry> = Vec::new();
            for entry in tables.rows::<AuditEntry>().iter().filter(|entry| entry.actor_name.is_some()) {
                match newest.iter_mut().find(|known| known.actor_id == entry.actor_id) {
                    Some(known) if known.at < entry.at => *known = entry,
                    Some(_) => {}
                    None => newest.push(entry),
                }
            }
            Ok(newest
                .into_iter()
                .filter_map(|entry| {
                    Some(Actor {
                        id: entry.actor_id?,
                        name: entry.actor_name.clone()?,
                        email: entry.actor_email.clone().unwrap_or_default(),
                    })
                })
                .collect())
        })
    }

    async fn record_audit_entry(&self, change: Change) -> anyhow::Result<()> {
        self.with(|tables| audited(tables, change));
        Ok(())
    }

    async fn prune_audit_entries(&self, before: DateTime<Utc>) -> anyhow::Result<u64> {
        self.with(|tables| {
            let rows = tables.private_rows_mut::<AuditEntry>();
            let count = rows.len();
            rows.retain(|entry| entry.at >= before);
            Ok((count - rows.len()) as u64)
        })
    }
}
