//! What the blog categories need from storage.

use std::future::Future;

use atelier_domain::EntityId;
use atelier_domain::category::{Category, CategoryStatus};
use atelier_domain::slug::Slug;

use crate::records::{Record, RecordRepository, RemoveError, SaveError};

/// Slugs are unique; a category that posts use cannot be deleted.
impl Record for Category {
    const LABEL: &'static str = "Category";
    type SaveError = SaveError;
    type DeleteError = RemoveError;

    crate::records::record_fields!();

    fn title(&self) -> String {
        if self.display_name.is_empty() { self.name.clone() } else { self.display_name.clone() }
    }
}

/// Which categories a list call wants.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CategoryFilter {
    pub status: Option<CategoryStatus>,
}

/// Stored blog categories.
pub trait CategoryRepository: RecordRepository<Category> {
    /// Categories matching `filter`, ascending by display order, then name.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn list_categories(&self, filter: CategoryFilter) -> impl Future<Output = anyhow::Result<Vec<Category>>> + Send;

    /// The categories with these ids (unknown ids are skipped), in one query.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_categories(&self, ids: &[EntityId]) -> impl Future<Output = anyhow::Result<Vec<Category>>> + Send;

    /// The categories with these slugs (unknown slugs are skipped), in one query.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_categories_by_slugs(&self, slugs: &[Slug]) -> impl Future<Output = anyhow::Result<Vec<Category>>> + Send;
}
