//! What the FAQs need from storage.

use std::future::Future;

use atelier_domain::faq::{Faq, FaqCategory, FaqStats, FaqStatus};
use atelier_domain::ordering::Placement;
use atelier_domain::{EntityId, Page, PageRequest};

use crate::records::{Record, RecordRepository};

impl Record for Faq {
    const LABEL: &'static str = "FAQ";
    type SaveError = anyhow::Error;
    type DeleteError = anyhow::Error;

    crate::records::record_fields!();

    fn title(&self) -> String {
        self.question.clone()
    }
}

/// Which FAQs a list call wants.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FaqFilter {
    pub status: Option<FaqStatus>,
    pub category: Option<FaqCategory>,
    /// Case-insensitive search over question, answer and tags.
    pub search: Option<String>,
    /// Only these FAQs (a language that hides untranslated records lists only those
    /// translated there); `None` for every FAQ.
    pub ids: Option<Vec<EntityId>>,
}

/// Stored FAQs.
pub trait FaqRepository: RecordRepository<Faq> {
    /// FAQs matching `filter`, by order then creation time, one page of them with the total.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn list_faqs(&self, filter: FaqFilter, page: PageRequest)
    -> impl Future<Output = anyhow::Result<Page<Faq>>> + Send;

    /// Every FAQ's placement, by order then creation time.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn faq_placements(&self) -> impl Future<Output = anyhow::Result<Vec<Placement>>> + Send;

    /// Writes the order values of the affected FAQs, in one transaction.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn reorder_faqs(&self, placements: &[Placement]) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// Counts by status and category.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn faq_stats(&self) -> impl Future<Output = anyhow::Result<FaqStats>> + Send;
}
