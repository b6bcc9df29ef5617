//! No list runs a query per row: over the demo content, each list use case runs no more statements
//! for a hundred items a page than for one, and the unpaged lists a small constant number.

use atelier_adapters_db::SeaOrmStore;
use atelier_application::Audience;
use atelier_application::blog::{BlogCatalog, PostQuery};
use atelier_application::categories::CategoryCatalog;
use atelier_application::contacts::{ContactInbox, ContactQuery};
use atelier_application::demo::seed_if_empty;
use atelier_application::faqs::{FaqQuery, Faqs};
use atelier_application::portfolio::{Portfolio, ProjectQuery};
use atelier_application::ports::SystemClock;
use atelier_application::project_requests::{ProjectRequestQuery, SalesPipeline};
use atelier_application::tags::TagCatalog;
use atelier_application::team::{Team, TeamQuery};
use atelier_application::technologies::{TechnologyCatalog, TechnologyQuery};
use atelier_application::testimonials::{TestimonialQuery, Testimonials};

use crate::helpers::{QueryCounter, on_every_database_counting};

/// Statements run by a list at page size 1 and at page size 100, and how many items the larger page held.
macro_rules! paged {
    ($queries:expr, $list:expr, $query:ident, $items:expr) => {{
        let (_, one) = $queries.during($list($query { limit: Some(1), ..$query::default() })).await;
        let (result, hundred) = $queries.during($list($query { limit: Some(100), ..$query::default() })).await;
        (one, hundred, $items(result.unwrap()))
    }};
}

async fn check(store: SeaOrmStore, queries: QueryCounter, db: &'static str) {
    seed_if_empty(&store, chrono::Utc::now()).await.unwrap();
    let admin = Audience::Admin;

    let blog = BlogCatalog::new(store.clone(), SystemClock);
    let posts = paged!(queries, |q| blog.list(admin, q), PostQuery, |page: atelier_domain::Page<_>| page.items.len());
    let portfolio = Portfolio::new(store.clone(), SystemClock);
    let projects =
        paged!(queries, |q| portfolio.list(admin, q), ProjectQuery, |page: atelier_domain::Page<_>| page.items.len());
    let testimonials = Testimonials::new(store.clone(), SystemClock);
    let testimonial_pages =
        paged!(queries, |q| testimonials.list(admin, q), TestimonialQuery, |page: atelier_domain::Page<_>| page
            .items
            .len());
    let team = Team::new(store.clone(), SystemClock);
    let members = paged!(queries, |q| team.list(admin, q), TeamQuery, |page: atelier_domain::Page<_>| page.items.len());
    let faqs = Faqs::new(store.clone(), SystemClock);
    let faq_pages = paged!(queries, |q| faqs.list(admin, q), FaqQuery, |list: atelier_application::faqs::FaqList| list
        .page
        .items
        .len());
    let inbox = ContactInbox::new(store.clone(), SystemClock);
    let contacts = paged!(
        queries,
        |q| inbox.list(admin, q),
        ContactQuery,
        |list: atelier_application::contacts::ContactListing| list.page.items.len()
    );
    let pipeline = SalesPipeline::new(store.clone(), SystemClock);
    let requests = paged!(queries, |q| pipeline.list(admin, q), ProjectRequestQuery, |page: atelier_domain::Page<
        _,
    >| page.items.len());
    let technologies = TechnologyCatalog::new(store.clone(), SystemClock);
    let technology_pages = paged!(queries, |q| technologies.list(admin, q), TechnologyQuery, |list: Vec<_>| list.len());

    for (name, (one, hundred, items)) in [
        ("posts", posts),
        ("projects", projects),
        ("testimonials", testimonial_pages),
        ("team", members),
        ("faqs", faq_pages),
        ("contacts", contacts),
        ("project requests", requests),
        ("technologies", technology_pages),
    ] {
        assert!(items > 5, "{db}: the demo content has several {name}");
        // The larger page is the last one, so it may skip counting: never more statements than one item.
        assert!(hundred <= one, "{db}: {name} ran {one} statements for 1 item and {hundred} for {items}");
        assert!(one <= 5, "{db}: {name} ran {one} statements");
    }

    let (categories, statements) =
        queries.during(CategoryCatalog::new(store.clone(), SystemClock).list(admin, None)).await;
    assert!(categories.unwrap().len() > 5 && statements <= 3, "{db}: categories ran {statements} statements");
    let (tags, statements) = queries.during(TagCatalog::new(store.clone(), SystemClock).list(None)).await;
    assert!(tags.unwrap().len() > 5 && statements <= 3, "{db}: tags ran {statements} statements");
}

#[tokio::test]
async fn every_list_runs_a_constant_number_of_statements() {
    on_every_database_counting(check).await;
}
