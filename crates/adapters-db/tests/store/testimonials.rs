use atelier_adapters_db::SeaOrmStore;
use atelier_application::records::RecordRepository;
use atelier_application::testimonials::ports::{TestimonialFilter, TestimonialRepository};
use atelier_domain::testimonial::{Rating, Testimonial, TestimonialChanges, TestimonialInput, TestimonialStatus};
use atelier_domain::{EntityId, PageRequest};
use chrono::{DateTime, DurationRound, TimeDelta, Utc};

use crate::helpers::{delete, find, on_every_database};

fn at(seconds_ago: i64) -> DateTime<Utc> {
    (Utc::now() - TimeDelta::seconds(seconds_ago)).duration_trunc(TimeDelta::microseconds(1)).unwrap()
}

fn testimonial(name: &str, status: &str, rating: f64, seconds_ago: i64) -> Testimonial {
    let input = TestimonialInput {
        name: Some(name.into()),
        company: Some(format!("{name} & Co")),
        content: Some(format!("Working with them was **great**, said {name}. 100% _recommended_")),
        rating: Some(rating),
        status: Some(status.into()),
        featured: Some(rating >= 5.0),
    };
    let now = at(seconds_ago);
    Testimonial::create(EntityId::generate(now), TestimonialChanges::parse(input, true).unwrap(), now)
}

fn all() -> PageRequest {
    PageRequest::clamped(None, Some(1000), 1000, 1000)
}

fn names(testimonials: &[Testimonial]) -> Vec<&str> {
    testimonials.iter().map(|t| t.name.as_str()).collect()
}

#[tokio::test]
async fn a_stored_testimonial_reads_back_identical_with_its_half_star() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let mut original = testimonial("Ada", "approved", 4.5, 0);
        store.insert(&mut original).await.unwrap();
        let found = find::<Testimonial>(&store, original.id).await.unwrap();
        assert_eq!(found.as_ref().map(|t| t.rating), Some(Rating::parse(4.5).unwrap()), "{db}");
        assert_eq!(found, Some(original), "{db}");
    })
    .await;
}

#[tokio::test]
async fn lists_are_newest_first_filtered_searched_and_counted() {
    on_every_database(|store: SeaOrmStore, db| async move {
        for (name, status, rating, age) in
            [("Old", "approved", 5.0, 30), ("Waiting", "pending", 4.0, 20), ("New", "approved", 3.5, 10)]
        {
            store.insert(&mut testimonial(name, status, rating, age)).await.unwrap();
        }
        let every = store.list_testimonials(TestimonialFilter::default(), all()).await.unwrap();
        assert_eq!((names(&every.items), every.total_items), (vec!["New", "Waiting", "Old"], 3), "{db}");

        let approved = TestimonialFilter { status: Some(TestimonialStatus::Approved), ..TestimonialFilter::default() };
        assert_eq!(names(&store.list_testimonials(approved, all()).await.unwrap().items), ["New", "Old"], "{db}");

        let named = TestimonialFilter { ids: Some(vec![every.items[2].id]), ..TestimonialFilter::default() };
        let named = store.list_testimonials(named, all()).await.unwrap();
        assert_eq!((names(&named.items), named.total_items), (vec!["Old"], 1), "{db}");

        let featured = TestimonialFilter { featured: Some(true), ..TestimonialFilter::default() };
        assert_eq!(names(&store.list_testimonials(featured, all()).await.unwrap().items), ["Old"], "{db}");

        for term in ["WAIT", "waiting & co", "100%"] {
            let search = TestimonialFilter { search: Some(term.into()), ..TestimonialFilter::default() };
            let found = store.list_testimonials(search, all()).await.unwrap();
            assert!(found.total_items >= 1, "{db}: {term}");
        }
        let literal = TestimonialFilter { search: Some("_recommended_%x".into()), ..TestimonialFilter::default() };
        assert_eq!(store.list_testimonials(literal, all()).await.unwrap().total_items, 0, "{db}");

        let second = PageRequest::clamped(Some(2), Some(2), 2, 100);
        let page = store.list_testimonials(TestimonialFilter::default(), second).await.unwrap();
        assert_eq!((names(&page.items), page.total_items, page.total_pages), (vec!["Old"], 3, 2), "{db}");
    })
    .await;
}

#[tokio::test]
async fn updates_and_deletes_reach_the_row() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let mut stored = testimonial("Ada", "approved", 5.0, 0);
        store.insert(&mut stored).await.unwrap();
        stored.status = TestimonialStatus::Rejected;
        stored.content = String::new();
        assert!(store.update(&mut stored).await.unwrap(), "{db}");
        assert_eq!(find::<Testimonial>(&store, stored.id).await.unwrap().as_ref(), Some(&stored), "{db}");
        assert!(delete::<Testimonial>(&store, stored.id).await.unwrap(), "{db}");
        assert!(!delete::<Testimonial>(&store, stored.id).await.unwrap(), "{db}");
        assert!(!store.update(&mut stored).await.unwrap(), "{db}");
    })
    .await;
}
