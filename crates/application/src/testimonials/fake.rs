//! The in-memory testimonials.

use atelier_domain::testimonial::Testimonial;
use atelier_domain::{Page, PageRequest};

use super::ports::{TestimonialFilter, TestimonialRepository};
use crate::fake::{FakeRecord, InMemoryStore, matches, paged};

impl FakeRecord for Testimonial {}

impl TestimonialRepository for InMemoryStore {
    async fn list_testimonials(
        &self,
        filter: TestimonialFilter,
        page: PageRequest,
    ) -> anyhow::Result<Page<Testimonial>> {
        self.with(|tables| {
            let mut found: Vec<_> = tables
                .rows::<Testimonial>()
                .iter()
                .filter(|t| filter.status.is_none_or(|status| t.status == status))
                .filter(|t| filter.featured.is_none_or(|featured| t.featured == featured))
                .filter(|t| filter.ids.as_ref().is_none_or(|ids| ids.contains(&t.id)))
                .filter(|t| matches(filter.search.as_deref(), &[&t.name, &t.company, &t.content]))
                .cloned()
                .collect();
            found.sort_by(|a, b| b.created_at.cmp(&a.created_at).then(b.id.cmp(&a.id)));
            Ok(paged(&found, page))
        })
    }
}
