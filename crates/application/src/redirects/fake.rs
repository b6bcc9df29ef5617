//! The in-memory redirects.

use atelier_domain::redirect::{Redirect, RedirectPath};
use atelier_domain::{Page, PageRequest};

use super::ports::{RedirectFilter, RedirectHits, RedirectRepository};
use crate::fake::{FakeRecord, InMemoryStore, Tables, matches, paged};
use crate::records::SaveError;

impl FakeRecord for Redirect {
    fn check(tables: &Tables, redirect: &Self) -> Result<(), SaveError> {
        let clash = |other: &Self| other.id != redirect.id && other.from == redirect.from;
        if tables.rows::<Self>().iter().any(clash) { Err(SaveError::DuplicateSlug) } else { Ok(()) }
    }

    /// Hits are counted beside the record, never by an update.
    fn updated(stored: &Self, mut record: Self) -> Self {
        record.hits = stored.hits;
        record.last_hit_at = stored.last_hit_at;
        record
    }
}

impl RedirectRepository for InMemoryStore {
    async fn list_redirects(&self, filter: RedirectFilter, page: PageRequest) -> anyhow::Result<Page<Redirect>> {
        self.with(|tables| {
            let mut found: Vec<_> = tables
                .rows::<Redirect>()
                .iter()
                .filter(|r| matches(filter.search.as_deref(), &[r.from.as_str(), r.to.as_str(), &r.note]))
                .cloned()
                .collect();
            found.sort_by(|a, b| a.from.cmp(&b.from));
            Ok(paged(&found, page))
        })
    }

    async fn all_redirects(&self) -> anyhow::Result<Vec<Redirect>> {
        self.with(|tables| Ok(tables.rows::<Redirect>().to_vec()))
    }

    async fn find_redirect_from(&self, from: &RedirectPath) -> anyhow::Result<Option<Redirect>> {
        self.with(|tables| Ok(tables.rows::<Redirect>().iter().find(|r| &r.from == from).cloned()))
    }

    async fn redirects_to(&self, path: &RedirectPath) -> anyhow::Result<Vec<Redirect>> {
        self.with(|tables| {
            Ok(tables.rows::<Redirect>().iter().filter(|r| r.to.local_path().as_ref() == Some(path)).cloned().collect())
        })
    }

    async fn add_redirect_hits(&self, hits: &[RedirectHits]) -> anyhow::Result<()> {
        self.with(|tables| {
            for counted in hits {
                if let Some(redirect) = tables.rows_mut::<Redirect>().iter_mut().find(|r| r.id == counted.id) {
                    redirect.hits += counted.count;
                    redirect.last_hit_at = redirect.last_hit_at.max(Some(counted.last_hit_at));
                }
            }
            Ok(())
        })
    }
}
