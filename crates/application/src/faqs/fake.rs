//! The in-memory FAQs.

use atelier_domain::faq::{Faq, FaqCategory, FaqStats, FaqStatus};
use atelier_domain::ordering::Placement;
use atelier_domain::{Page, PageRequest};

use super::ports::{FaqFilter, FaqRepository};
use crate::fake::{FakeRecord, InMemoryStore, Tables, apply_placements, matches, paged};

impl FakeRecord for Faq {}

fn sorted_faqs(tables: &Tables) -> Vec<Faq> {
    let mut faqs = tables.rows::<Faq>().to_vec();
    faqs.sort_by(|a, b| a.order.cmp(&b.order).then(a.created_at.cmp(&b.created_at)).then(a.id.cmp(&b.id)));
    faqs
}

impl FaqRepository for InMemoryStore {
    async fn list_faqs(&self, filter: FaqFilter, page: PageRequest) -> anyhow::Result<Page<Faq>> {
        self.with(|tables| {
            let found: Vec<_> = sorted_faqs(tables)
                .into_iter()
                .filter(|f| filter.status.is_none_or(|status| f.status == status))
                .filter(|f| filter.category.is_none_or(|category| f.category == category))
                .filter(|f| filter.ids.as_ref().is_none_or(|ids| ids.contains(&f.id)))
                .filter(|f| {
                    let tags = f.tags.join(" ");
                    matches(filter.search.as_deref(), &[&f.question, &f.answer, &tags])
                })
                .collect();
            Ok(paged(&found, page))
        })
    }

    async fn faq_placements(&self) -> anyhow::Result<Vec<Placement>> {
        self.with(|tables| Ok(sorted_faqs(tables).iter().map(|f| Placement::new(f.id, f.order)).collect()))
    }

    async fn reorder_faqs(&self, placements: &[Placement]) -> anyhow::Result<()> {
        self.with(|tables| apply_placements(tables.rows_mut::<Faq>(), placements, |f| f.id, |f| &mut f.order));
        Ok(())
    }

    async fn faq_stats(&self) -> anyhow::Result<FaqStats> {
        self.with(|tables| {
            let faqs = tables.rows::<Faq>();
            let count = |status| faqs.iter().filter(|f| f.status == status).count() as u64;
            Ok(FaqStats {
                total: faqs.len() as u64,
                active: count(FaqStatus::Active),
                inactive: count(FaqStatus::Inactive),
                draft: count(FaqStatus::Draft),
                by_category: FaqCategory::ALL
                    .into_iter()
                    .map(|category| (category, faqs.iter().filter(|f| f.category == category).count() as u64))
                    .collect(),
            })
        })
    }
}
