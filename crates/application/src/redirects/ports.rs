//! What the redirects need from storage.

use std::future::Future;

use atelier_domain::redirect::{Redirect, RedirectPath};
use atelier_domain::{EntityId, Page, PageRequest};
use chrono::{DateTime, Utc};

use crate::records::{Record, RecordRepository, SaveError};

/// A redirect's from is unique: a taken one is [`SaveError::DuplicateSlug`].
impl Record for Redirect {
    const LABEL: &'static str = "Redirect";
    type SaveError = SaveError;
    type DeleteError = anyhow::Error;

    crate::records::record_fields!();

    fn title(&self) -> String {
        self.from.to_string()
    }
}

/// Which redirects a list call wants.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RedirectFilter {
    /// Case-insensitive search over from, to and the note.
    pub search: Option<String>,
}

/// How often one redirect was followed since the last count was stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RedirectHits {
    pub id: EntityId,
    pub count: u64,
    pub last_hit_at: DateTime<Utc>,
}

/// Stored redirects.
pub trait RedirectRepository: RecordRepository<Redirect> {
    /// Redirects matching `filter`, by from, one page of them with the total.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn list_redirects(
        &self,
        filter: RedirectFilter,
        page: PageRequest,
    ) -> impl Future<Output = anyhow::Result<Page<Redirect>>> + Send;

    /// Every redirect, for the table served from memory.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn all_redirects(&self) -> impl Future<Output = anyhow::Result<Vec<Redirect>>> + Send;

    /// The redirect from this path, if any.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_redirect_from(&self, from: &RedirectPath) -> impl Future<Output = anyhow::Result<Option<Redirect>>> + Send;

    /// The redirects leading to this path of the site (in from's normal form, whatever the query or
    /// trailing slash of their target).
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn redirects_to(&self, path: &RedirectPath) -> impl Future<Output = anyhow::Result<Vec<Redirect>>> + Send;

    /// Adds counted hits to the redirects they name (those deleted since are skipped), without
    /// changing their version: a hit is no edit.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn add_redirect_hits(&self, hits: &[RedirectHits]) -> impl Future<Output = anyhow::Result<()>> + Send;
}
