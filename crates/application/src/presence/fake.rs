//! Presence in the in-memory store.

use atelier_domain::EntityId;
use atelier_domain::presence::{Presence, RecordRef};
use chrono::{DateTime, Utc};

use super::ports::PresenceRepository;
use crate::fake::InMemoryStore;

#[derive(Debug, Clone)]
struct PresenceRow {
    record: RecordRef,
    presence: Presence,
}

impl PresenceRepository for InMemoryStore {
    async fn touch_presence(
        &self,
        record: &RecordRef,
        account: EntityId,
        at: DateTime<Utc>,
        forget_before: DateTime<Utc>,
    ) -> anyhow::Result<()> {
        self.with(|tables| {
            let rows = tables.private_rows_mut::<PresenceRow>();
            rows.retain(|row| row.presence.last_seen > forget_before);
            match rows.iter_mut().find(|row| row.record == *record && row.presence.account == account) {
                Some(row) => row.presence.last_seen = at,
                None => rows.push(PresenceRow {
                    record: record.clone(),
                    presence: Presence { account, since: at, last_seen: at },
                }),
            }
        });
        Ok(())
    }

    async fn presence_at(&self, record: &RecordRef) -> anyhow::Result<Vec<Presence>> {
        Ok(self.with(|tables| {
            tables
                .rows::<PresenceRow>()
                .iter()
                .filter(|row| row.record == *record)
                .map(|row| row.presence.clone())
                .collect()
        }))
    }

    async fn leave_presence(&self, record: &RecordRef, account: EntityId) -> anyhow::Result<()> {
        self.with(|tables| {
            tables
                .private_rows_mut::<PresenceRow>()
                .retain(|row| !(row.record == *record && row.presence.account == account));
        });
        Ok(())
    }
}
