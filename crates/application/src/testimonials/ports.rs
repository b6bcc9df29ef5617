//! What the testimonials need from storage.

use std::future::Future;

use atelier_domain::testimonial::{Testimonial, TestimonialStatus};
use atelier_domain::{EntityId, Page, PageRequest};

use crate::records::{Record, RecordRepository};

impl Record for Testimonial {
    const LABEL: &'static str = "Testimonial";
    type SaveError = anyhow::Error;
    type DeleteError = anyhow::Error;

    crate::records::record_fields!();

    fn title(&self) -> String {
        format!("{} ({})", self.name, self.company)
    }
}

/// Which testimonials a list call wants.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TestimonialFilter {
    pub status: Option<TestimonialStatus>,
    pub featured: Option<bool>,
    /// Case-insensitive search over name, company and content.
    pub search: Option<String>,
    /// Only these testimonials (a language that hides untranslated records lists only those
    /// translated there); `None` for every one.
    pub ids: Option<Vec<EntityId>>,
}

/// Stored testimonials.
pub trait TestimonialRepository: RecordRepository<Testimonial> {
    /// Testimonials matching `filter`, newest first, one page of them with the total.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn list_testimonials(
        &self,
        filter: TestimonialFilter,
        page: PageRequest,
    ) -> impl Future<Output = anyhow::Result<Page<Testimonial>>> + Send;
}
