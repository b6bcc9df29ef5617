//! Testimonials: listing them for the carousel and the back office, and editing them.

#[cfg(test)]
mod fake;
pub mod ports;

use crate::translations::ports::TranslationRepository;
use atelier_domain::testimonial::{Testimonial, TestimonialChanges, TestimonialInput, TestimonialStatus};
use atelier_domain::translation::TranslationKind;
use atelier_domain::{EntityId, Page};

use self::ports::{TestimonialFilter, TestimonialRepository};
use crate::access::Audience;
use crate::ports::Clock;
use crate::records::{self, LookupError, WriteError};
use crate::search::search_term;

/// The default page size of `GET /testimonials`.
pub const DEFAULT_LIMIT: u64 = 10;

/// A list request as the caller sent it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TestimonialQuery {
    pub status: Option<TestimonialStatus>,
    pub featured: Option<bool>,
    pub search: Option<String>,
    pub page: Option<i64>,
    pub limit: Option<i64>,
    /// Only these testimonials (a language that hides untranslated records lists only those
    /// translated there); `None` for every one.
    pub ids: Option<Vec<EntityId>>,
}

/// The testimonial use cases.
#[derive(Debug, Clone)]
pub struct Testimonials<S, C> {
    store: S,
    clock: C,
}

impl<S: TestimonialRepository + TranslationRepository, C: Clock> Testimonials<S, C> {
    pub fn new(store: S, clock: C) -> Self {
        Self { store, clock }
    }

    /// One page of testimonials, newest first. Anonymous callers only ever see approved ones.
    pub async fn list(&self, audience: Audience, query: TestimonialQuery) -> anyhow::Result<Page<Testimonial>> {
        let status = match audience {
            Audience::Public => Some(TestimonialStatus::Approved),
            Audience::Admin => query.status,
        };
        let filter = TestimonialFilter {
            status,
            featured: query.featured,
            search: search_term(query.search.as_deref()),
            ids: query.ids,
        };
        self.store.list_testimonials(filter, audience.page(query.page, query.limit, DEFAULT_LIMIT)).await
    }

    /// One testimonial; one not approved is not found for anonymous callers.
    pub async fn get(&self, audience: Audience, id: &str) -> Result<Testimonial, LookupError> {
        records::get(&self.store, id, |found: &Testimonial| {
            audience == Audience::Admin || found.status == TestimonialStatus::Approved
        })
        .await
    }

    pub async fn create(&self, input: TestimonialInput) -> Result<Testimonial, WriteError> {
        let changes = TestimonialChanges::parse(input, true).map_err(WriteError::Invalid)?;
        let now = self.clock.now();
        let mut testimonial = Testimonial::create(self.clock.new_id(), changes, now);
        self.store.insert(&mut testimonial).await?;
        Ok(testimonial)
    }

    /// Changes the fields sent; the others keep their values.
    pub async fn update(&self, id: &str, input: TestimonialInput) -> Result<Testimonial, WriteError> {
        let id = records::parse_id::<Testimonial>(id)?;
        let changes = TestimonialChanges::parse(input, false).map_err(WriteError::Invalid)?;
        records::update(&self.store, id, |testimonial: &mut Testimonial| testimonial.apply(changes, self.clock.now()))
            .await
    }

    /// Deletes the testimonial and its translations.
    pub async fn delete(&self, id: &str) -> Result<(), LookupError> {
        records::delete::<Testimonial>(&self.store, id).await?;
        let key = records::parse_id::<Testimonial>(id)?.to_string();
        self.store.delete_record_translations(TranslationKind::Testimonial, &key).await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fake::{FakeClock, InMemoryStore};
    use atelier_domain::testimonial::Rating;

    fn input(name: &str, status: &str, rating: f64) -> TestimonialInput {
        TestimonialInput {
            name: Some(name.into()),
            company: Some("Acme".into()),
            content: Some(format!("{name} was great")),
            rating: Some(rating),
            status: Some(status.into()),
            featured: None,
        }
    }

    fn names(page: &Page<Testimonial>) -> Vec<&str> {
        page.items.iter().map(|testimonial| testimonial.name.as_str()).collect()
    }

    async fn with(inputs: &[TestimonialInput]) -> Testimonials<InMemoryStore, FakeClock> {
        let testimonials = Testimonials::new(InMemoryStore::default(), FakeClock::default());
        for input in inputs {
            testimonials.create(input.clone()).await.unwrap();
            // Distinct creation times, so "newest first" is observable.
            tokio::time::sleep(std::time::Duration::from_millis(2)).await;
        }
        testimonials
    }

    #[tokio::test]
    async fn anonymous_callers_only_see_approved_testimonials_newest_first() {
        let testimonials =
            with(&[input("Old", "approved", 5.0), input("Waiting", "pending", 4.0), input("New", "approved", 4.5)])
                .await;
        let query = TestimonialQuery { status: Some(TestimonialStatus::Pending), ..TestimonialQuery::default() };
        let public = testimonials.list(Audience::Public, query.clone()).await.unwrap();
        assert_eq!((names(&public), public.total_items), (vec!["New", "Old"], 2));
        assert_eq!(names(&testimonials.list(Audience::Admin, query).await.unwrap()), ["Waiting"]);
        let all = testimonials.list(Audience::Admin, TestimonialQuery::default()).await.unwrap();
        assert_eq!(names(&all), ["New", "Waiting", "Old"]);
    }

    #[tokio::test]
    async fn a_pending_testimonial_is_hidden_by_id_from_anonymous_callers() {
        let testimonials = with(&[]).await;
        let pending = testimonials.create(input("Waiting", "pending", 4.0)).await.unwrap();
        let id = pending.id.to_string();
        assert!(matches!(testimonials.get(Audience::Public, &id).await, Err(LookupError::NotFound(_))));
        assert_eq!(testimonials.get(Audience::Admin, &id).await.unwrap(), pending);
    }

    #[tokio::test]
    async fn search_covers_name_company_and_content() {
        let testimonials = with(&[input("Ada", "approved", 5.0), input("Grace", "approved", 5.0)]).await;
        let query = TestimonialQuery { search: Some(" ADA WAS ".into()), ..TestimonialQuery::default() };
        assert_eq!(names(&testimonials.list(Audience::Public, query).await.unwrap()), ["Ada"]);
        let by_company = TestimonialQuery { search: Some("acme".into()), ..TestimonialQuery::default() };
        assert_eq!(testimonials.list(Audience::Public, by_company).await.unwrap().total_items, 2);
    }

    #[tokio::test]
    async fn invalid_input_and_unknown_ids_are_refused() {
        let testimonials = with(&[]).await;
        let bad = TestimonialInput { rating: Some(4.3), ..TestimonialInput::default() };
        let Err(WriteError::Invalid(errors)) = testimonials.create(bad).await else { panic!() };
        assert!(errors.get("rating").is_some() && errors.get("name").is_some() && errors.get("company").is_some());
        for id in ["nope", "65f1c2a9b4e8d70012345678"] {
            assert!(matches!(testimonials.delete(id).await, Err(LookupError::NotFound(_))));
            let update = testimonials.update(id, TestimonialInput::default()).await;
            assert!(matches!(update, Err(WriteError::NotFound(_))));
        }
    }

    #[tokio::test]
    async fn updates_keep_unsent_fields() {
        let testimonials = with(&[]).await;
        let created = testimonials.create(input("Ada", "approved", 3.5)).await.unwrap();
        let id = created.id.to_string();
        let update = TestimonialInput { status: Some("rejected".into()), ..TestimonialInput::default() };
        let updated = testimonials.update(&id, update).await.unwrap();
        assert_eq!(
            (updated.status, updated.rating, updated.name.as_str()),
            (TestimonialStatus::Rejected, Rating::parse(3.5).unwrap(), "Ada")
        );
        testimonials.delete(&id).await.unwrap();
        assert!(testimonials.get(Audience::Admin, &id).await.is_err());
    }
}
