//! The attempt log in the in-memory store.

use atelier_domain::EntityId;
use atelier_domain::limits::{Limit, LimitKey, RetryAfter};
use chrono::{DateTime, Utc};

use super::ports::AttemptLog;
use crate::fake::InMemoryStore;

#[derive(Debug, Clone)]
struct AttemptRow {
    id: EntityId,
    key: LimitKey,
    at: DateTime<Utc>,
}

impl AttemptLog for InMemoryStore {
    async fn count_attempt(
        &self,
        id: EntityId,
        key: &LimitKey,
        limit: &Limit,
        at: DateTime<Utc>,
        forget_before: DateTime<Utc>,
    ) -> anyhow::Result<Result<(), RetryAfter>> {
        self.with(|tables| {
            let rows = tables.private_rows_mut::<AttemptRow>();
            rows.retain(|row| row.at > forget_before);
            let others: Vec<_> = rows.iter().filter(|row| row.key == *key).map(|row| row.at).collect();
            let verdict = limit.admits(&others, at);
            if verdict.is_ok() {
                rows.push(AttemptRow { id, key: key.clone(), at });
            }
            Ok(verdict)
        })
    }

    async fn take_back_attempt(&self, id: EntityId) -> anyhow::Result<()> {
        self.with(|tables| tables.private_rows_mut::<AttemptRow>().retain(|row| row.id != id));
        Ok(())
    }

    async fn forget_attempts(&self, key: &LimitKey) -> anyhow::Result<()> {
        self.with(|tables| tables.private_rows_mut::<AttemptRow>().retain(|row| row.key != *key));
        Ok(())
    }
}

impl InMemoryStore {
    /// How many attempts are counted under `key` (tests).
    pub fn counted_attempts(&self, key: &LimitKey) -> usize {
        self.with(|tables| tables.rows::<AttemptRow>().iter().filter(|row| row.key == *key).count())
    }
}
