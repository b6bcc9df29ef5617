//! What the content pages need from storage. Pages are addressed by their type, one page per type,
//! so they keep a port of their own rather than the record port.

use std::future::Future;

use atelier_domain::content::{ContentPage, PageType};

/// A page type is already taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("a page of this type exists")]
pub struct DuplicatePageType;

/// Stored content pages, one per type.
pub trait ContentRepository: Send + Sync + 'static {
    /// Every page, ascending by type.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn list_content_pages(&self) -> impl Future<Output = anyhow::Result<Vec<ContentPage>>> + Send;

    /// The page of this type, if any.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_content_page(
        &self,
        page_type: &PageType,
    ) -> impl Future<Output = anyhow::Result<Option<ContentPage>>> + Send;

    /// Stores a new page; `Ok(Err(DuplicatePageType))` when its type is taken.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn insert_content_page(
        &self,
        page: &mut ContentPage,
    ) -> impl Future<Output = anyhow::Result<Result<(), DuplicatePageType>>> + Send;

    /// Replaces the stored page of the same type; `false` when none exists.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn update_content_page(&self, page: &mut ContentPage) -> impl Future<Output = anyhow::Result<bool>> + Send;

    /// Deletes the page of this type; `false` when none existed.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn delete_content_page(&self, page_type: &PageType) -> impl Future<Output = anyhow::Result<bool>> + Send;
}
