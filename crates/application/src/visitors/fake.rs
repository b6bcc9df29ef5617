//! The daily visitor salts in the in-memory store.

use atelier_domain::visitor::VisitorSalt;
use chrono::NaiveDate;

use super::ports::VisitorSaltRepository;
use crate::fake::InMemoryStore;

impl VisitorSaltRepository for InMemoryStore {
    async fn daily_salt(&self, day: NaiveDate, candidate: &VisitorSalt) -> anyhow::Result<VisitorSalt> {
        self.with(|tables| {
            let salts = tables.private_rows_mut::<(NaiveDate, VisitorSalt)>();
            salts.retain(|(stored, _)| *stored >= day);
            if let Some((_, salt)) = salts.iter().find(|(stored, _)| *stored == day) {
                return Ok(salt.clone());
            }
            salts.push((day, candidate.clone()));
            Ok(candidate.clone())
        })
    }
}
