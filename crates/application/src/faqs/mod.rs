//! FAQs: listing them for the site and the back office, editing, status changes, reordering by
//! swapping neighbours, and the summary counts.

#[cfg(test)]
mod fake;
pub mod ports;

use crate::translations::ports::TranslationRepository;
use atelier_domain::faq::{
    Direction, Faq, FaqCategory, FaqChanges, FaqInput, FaqStats, FaqStatus, swap_with_neighbour,
};
use atelier_domain::translation::TranslationKind;
use atelier_domain::{EntityId, FieldErrors, Page};

use self::ports::{FaqFilter, FaqRepository};
use crate::access::Audience;
use crate::ports::Clock;
use crate::records::{self, LookupError, WriteError};
use crate::search::search_term;

/// The default page size of `GET /faqs`.
pub const DEFAULT_LIMIT: u64 = 10;

/// A list request as the caller sent it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FaqQuery {
    pub status: Option<FaqStatus>,
    pub category: Option<FaqCategory>,
    pub search: Option<String>,
    pub page: Option<i64>,
    pub limit: Option<i64>,
    /// Only these FAQs (a language that hides untranslated records lists only those
    /// translated there); `None` for every FAQ.
    pub ids: Option<Vec<EntityId>>,
}

/// One page of FAQs and the page size used.
#[derive(Debug, Clone, PartialEq)]
pub struct FaqList {
    pub page: Page<Faq>,
    pub limit: u64,
}

/// The FAQ use cases.
#[derive(Debug, Clone)]
pub struct Faqs<S, C> {
    store: S,
    clock: C,
}

impl<S: FaqRepository + TranslationRepository, C: Clock> Faqs<S, C> {
    pub fn new(store: S, clock: C) -> Self {
        Self { store, clock }
    }

    /// One page of FAQs by order then creation time. Anonymous callers only ever see active ones.
    pub async fn list(&self, audience: Audience, query: FaqQuery) -> anyhow::Result<FaqList> {
        let status = match audience {
            Audience::Public => Some(FaqStatus::Active),
            Audience::Admin => query.status,
        };
        let filter = FaqFilter {
            status,
            category: query.category,
            search: search_term(query.search.as_deref()),
            ids: query.ids,
        };
        let request = audience.page(query.page, query.limit, DEFAULT_LIMIT);
        Ok(FaqList { page: self.store.list_faqs(filter, request).await?, limit: request.limit() })
    }

    /// One FAQ; one not active is not found for anonymous callers.
    pub async fn get(&self, audience: Audience, id: &str) -> Result<Faq, LookupError> {
        records::get(&self.store, id, |faq: &Faq| audience == Audience::Admin || faq.status == FaqStatus::Active).await
    }

    /// A new FAQ; without an order it goes after all others (count + 1).
    pub async fn create(&self, input: FaqInput) -> Result<Faq, WriteError> {
        let changes = FaqChanges::parse(input, true).map_err(WriteError::Invalid)?;
        let default_order = if changes.has_order() {
            1
        } else {
            u32::try_from(self.store.faq_placements().await?.len() + 1).unwrap_or(u32::MAX)
        };
        let now = self.clock.now();
        let mut faq = Faq::create(self.clock.new_id(), changes, default_order, now);
        self.store.insert(&mut faq).await?;
        Ok(faq)
    }

    /// Changes the fields sent; the others keep their values.
    pub async fn update(&self, id: &str, input: FaqInput) -> Result<Faq, WriteError> {
        let changes = FaqChanges::parse(input, false).map_err(WriteError::Invalid)?;
        self.change(id, changes).await
    }

    /// Sets the status alone.
    pub async fn set_status(&self, id: &str, status: Option<&str>) -> Result<Faq, WriteError> {
        let changes = FaqChanges::parse_status(status).map_err(WriteError::Invalid)?;
        self.change(id, changes).await
    }

    async fn change(&self, id: &str, changes: FaqChanges) -> Result<Faq, WriteError> {
        let id = records::parse_id::<Faq>(id)?;
        records::update(&self.store, id, |faq: &mut Faq| faq.apply(changes, self.clock.now())).await
    }

    /// Swaps the FAQ's order value with its neighbour's in `direction`; at either end nothing
    /// changes. Answers the FAQ as it now is.
    pub async fn reorder(&self, id: &str, direction: Option<&str>) -> Result<Faq, WriteError> {
        let id = records::parse_id::<Faq>(id)?;
        let mut errors = FieldErrors::new();
        let direction = if let Some(direction) = direction {
            errors.check("direction", Direction::parse(direction))
        } else {
            errors.add("direction", "Direction is required");
            None
        };
        let direction = direction.ok_or(WriteError::Invalid(errors))?;
        let placements = swap_with_neighbour(&self.store.faq_placements().await?, id, direction)
            .ok_or_else(records::not_found::<Faq>)?;
        if !placements.is_empty() {
            self.store.reorder_faqs(&placements).await?;
        }
        Ok(records::found::<Faq>(&self.store, id).await?)
    }

    /// Deletes the FAQ and its translations.
    pub async fn delete(&self, id: &str) -> Result<(), LookupError> {
        records::delete::<Faq>(&self.store, id).await?;
        let key = records::parse_id::<Faq>(id)?.to_string();
        self.store.delete_record_translations(TranslationKind::Faq, &key).await?;
        Ok(())
    }

    pub async fn stats(&self) -> anyhow::Result<FaqStats> {
        self.store.faq_stats().await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fake::{FakeClock, InMemoryStore};

    fn input(question: &str) -> FaqInput {
        FaqInput { question: Some(question.into()), answer: Some("Yes.".into()), ..FaqInput::default() }
    }

    async fn faqs_of(questions: &[&str]) -> Faqs<InMemoryStore, FakeClock> {
        let faqs = Faqs::new(InMemoryStore::default(), FakeClock::default());
        for question in questions {
            faqs.create(input(question)).await.unwrap();
        }
        faqs
    }

    async fn questions(faqs: &Faqs<InMemoryStore, FakeClock>) -> Vec<(String, u32)> {
        let list = faqs.list(Audience::Admin, FaqQuery::default()).await.unwrap();
        list.page.items.into_iter().map(|faq| (faq.question, faq.order)).collect()
    }

    async fn id_of(faqs: &Faqs<InMemoryStore, FakeClock>, question: &str) -> String {
        let list = faqs.list(Audience::Admin, FaqQuery::default()).await.unwrap();
        list.page.items.into_iter().find(|faq| faq.question == question).unwrap().id.to_string()
    }

    #[tokio::test]
    async fn new_faqs_without_an_order_go_last() {
        let faqs = faqs_of(&["A", "B"]).await;
        assert_eq!(questions(&faqs).await, [("A".into(), 1), ("B".into(), 2)]);
        faqs.create(FaqInput { order: Some(1), ..input("First too") }).await.unwrap();
        assert_eq!(faqs.create(input("C")).await.unwrap().order, 4);
    }

    #[tokio::test]
    async fn reordering_swaps_neighbours_and_is_a_no_op_at_the_ends() {
        let faqs = faqs_of(&["A", "B", "C"]).await;
        let c = id_of(&faqs, "C").await;
        assert_eq!(faqs.reorder(&c, Some("up")).await.unwrap().order, 2);
        assert_eq!(questions(&faqs).await, [("A".into(), 1), ("C".into(), 2), ("B".into(), 3)]);
        let a = id_of(&faqs, "A").await;
        assert_eq!(faqs.reorder(&a, Some("up")).await.unwrap().order, 1);
        let b = id_of(&faqs, "B").await;
        assert_eq!(faqs.reorder(&b, Some("down")).await.unwrap().order, 3);
        assert!(matches!(faqs.reorder(&b, Some("left")).await, Err(WriteError::Invalid(_))));
        assert!(matches!(faqs.reorder(&b, None).await, Err(WriteError::Invalid(_))));
        assert!(matches!(faqs.reorder("65f1c2a9b4e8d70012345678", Some("up")).await, Err(WriteError::NotFound(_))));
    }

    #[tokio::test]
    async fn anonymous_callers_only_see_active_faqs() {
        let faqs = faqs_of(&["Live"]).await;
        let draft = faqs.create(FaqInput { status: Some("draft".into()), ..input("Draft") }).await.unwrap();
        let query = FaqQuery { status: Some(FaqStatus::Draft), ..FaqQuery::default() };
        let public = faqs.list(Audience::Public, query.clone()).await.unwrap();
        assert_eq!(public.page.items.iter().map(|f| f.question.as_str()).collect::<Vec<_>>(), ["Live"]);
        assert_eq!(faqs.list(Audience::Admin, query).await.unwrap().page.total_items, 1);
        let id = draft.id.to_string();
        assert!(matches!(faqs.get(Audience::Public, &id).await, Err(LookupError::NotFound(_))));
        faqs.set_status(&id, Some("active")).await.unwrap();
        assert!(faqs.get(Audience::Public, &id).await.is_ok());
        assert!(matches!(faqs.set_status(&id, Some("gone")).await, Err(WriteError::Invalid(_))));
    }

    #[tokio::test]
    async fn search_covers_question_answer_and_tags_and_category_filters() {
        let faqs = faqs_of(&[]).await;
        faqs.create(FaqInput {
            tags: Some(vec!["Pricing".into()]),
            category: Some("billing".into()),
            ..input("How much?")
        })
        .await
        .unwrap();
        faqs.create(input("How long?")).await.unwrap();
        for term in ["pricing", "MUCH", "yes."] {
            let query = FaqQuery { search: Some(term.into()), ..FaqQuery::default() };
            let found = faqs.list(Audience::Public, query).await.unwrap().page.total_items;
            assert!(found >= 1, "{term}");
        }
        let billing = FaqQuery { category: Some(FaqCategory::Billing), ..FaqQuery::default() };
        assert_eq!(faqs.list(Audience::Public, billing).await.unwrap().page.items[0].question, "How much?");
    }

    #[tokio::test]
    async fn stats_count_statuses_and_categories() {
        let faqs = faqs_of(&["A", "B"]).await;
        faqs.create(FaqInput { status: Some("draft".into()), category: Some("billing".into()), ..input("C") })
            .await
            .unwrap();
        let stats = faqs.stats().await.unwrap();
        assert_eq!((stats.total, stats.active, stats.inactive, stats.draft), (3, 2, 0, 1));
        assert!(stats.by_category.contains(&(FaqCategory::General, 2)));
        assert!(stats.by_category.contains(&(FaqCategory::Billing, 1)));
        assert_eq!(stats.by_category.len(), 7);
    }
}
