//! The submission log in the in-memory store.

use atelier_domain::EntityId;
use chrono::{DateTime, Utc};

use super::ports::{CountedSubmission, SubmissionLog};
use crate::fake::InMemoryStore;

#[derive(Debug, Clone)]
struct SubmissionRow {
    client: String,
    counted: CountedSubmission,
}

impl SubmissionLog for InMemoryStore {
    async fn record_submission(
        &self,
        id: EntityId,
        client: &str,
        at: DateTime<Utc>,
        forget_before: DateTime<Utc>,
    ) -> anyhow::Result<()> {
        self.with(|tables| {
            let rows = tables.private_rows_mut::<SubmissionRow>();
            rows.retain(|row| row.counted.at > forget_before);
            rows.push(SubmissionRow { client: client.to_owned(), counted: CountedSubmission { id, at } });
        });
        Ok(())
    }

    async fn submissions_since(&self, client: &str, since: DateTime<Utc>) -> anyhow::Result<Vec<CountedSubmission>> {
        self.with(|tables| {
            Ok(tables
                .rows::<SubmissionRow>()
                .iter()
                .filter(|row| row.client == client && row.counted.at >= since)
                .map(|row| row.counted.clone())
                .collect())
        })
    }

    async fn forget_submission(&self, id: EntityId) -> anyhow::Result<()> {
        self.with(|tables| tables.private_rows_mut::<SubmissionRow>().retain(|row| row.counted.id != id));
        Ok(())
    }
}
