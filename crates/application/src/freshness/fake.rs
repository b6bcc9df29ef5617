//! The in-memory shared generation: a counter.

use super::ports::GenerationRepository;
use crate::fake::InMemoryStore;

/// The fake's shared generation.
#[derive(Debug, Default, Clone, Copy)]
struct GenerationRow(i64);

impl GenerationRepository for InMemoryStore {
    async fn advance_generation(&self) -> anyhow::Result<i64> {
        self.with(|tables| {
            let rows = tables.private_rows_mut::<GenerationRow>();
            if rows.is_empty() {
                rows.push(GenerationRow::default());
            }
            rows[0].0 += 1;
            Ok(rows[0].0)
        })
    }

    async fn shared_generation(&self) -> anyhow::Result<i64> {
        self.with(|tables| Ok(tables.rows::<GenerationRow>().first().map_or(0, |row| row.0)))
    }
}
