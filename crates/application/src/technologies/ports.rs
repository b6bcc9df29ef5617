//! What the technology catalogue needs from storage.

use std::collections::HashMap;
use std::future::Future;

use atelier_domain::technology::{Technology, TechnologyCategory, TechnologyStatus};
use atelier_domain::{EntityId, PageRequest};
use chrono::{DateTime, Utc};

use crate::records::{Record, RecordRepository, RemoveError};

/// Names are unique, ignoring case; a technology that projects list cannot be deleted.
impl Record for Technology {
    const LABEL: &'static str = "Technology";
    type SaveError = TechnologySaveError;
    type DeleteError = RemoveError;

    crate::records::record_fields!();

    fn title(&self) -> String {
        self.name.clone()
    }
}

/// Which technologies a list call wants.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TechnologyFilter {
    pub status: Option<TechnologyStatus>,
    pub category: Option<TechnologyCategory>,
    pub featured: Option<bool>,
    /// Matches name or description, ignoring case.
    pub search: Option<String>,
}

/// Why a technology could not be saved.
#[derive(Debug, thiserror::Error)]
pub enum TechnologySaveError {
    /// Another technology has the same name, ignoring case.
    #[error("a technology with this name already exists")]
    DuplicateName,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// Stored technologies.
pub trait TechnologyRepository: RecordRepository<Technology> {
    /// Technologies matching `filter`, ascending by display order then name (ignoring case), one page
    /// of them.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn list_technologies(
        &self,
        filter: TechnologyFilter,
        page: PageRequest,
    ) -> impl Future<Output = anyhow::Result<Vec<Technology>>> + Send;

    /// How many technologies with `status` (any status when `None`) each category holds; categories
    /// without any are left out.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn count_technologies_by_category(
        &self,
        status: Option<TechnologyStatus>,
    ) -> impl Future<Output = anyhow::Result<HashMap<TechnologyCategory, u64>>> + Send;

    /// Which of `ids` name stored technologies.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn existing_technologies(&self, ids: &[EntityId]) -> impl Future<Output = anyhow::Result<Vec<EntityId>>> + Send;

    /// How many projects list each of `ids`, in one query: every project when `live_at` is `None`,
    /// else only the projects visitors see at that time (published, past any publish time);
    /// technologies no such project lists are left out.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn technology_usage(
        &self,
        ids: &[EntityId],
        live_at: Option<DateTime<Utc>>,
    ) -> impl Future<Output = anyhow::Result<HashMap<EntityId, u64>>> + Send;
}
