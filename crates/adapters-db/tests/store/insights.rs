//! The statistics' reads on SQLite and PostgreSQL: rolled-up days summed in the database, raw days
//! found by their index, leads by day with spam left out, and the use case's answer the same
//! whatever the rollup has done.

use atelier_adapters_db::SeaOrmStore;
use atelier_application::insights::ports::{InsightsRepository, PageViewRepository};
use atelier_application::insights::{Insights, Rollup};
use atelier_application::ports::Clock;
use atelier_application::records::RecordRepository;
use atelier_domain::EntityId;
use atelier_domain::contact::{ContactChanges, ContactInput, ContactMessage};
use atelier_domain::insights::DayRange;
use atelier_domain::page_view::{
    AttributionInput, Beacon, BeaconInput, Count, DayTotals, DeviceClass, Dimension, PageView,
};
use atelier_domain::visitor::{Visitor, VisitorSalt};
use chrono::{DateTime, NaiveDate, Utc};

use crate::helpers::on_every_database;

#[derive(Debug, Clone)]
struct At(DateTime<Utc>);

impl Clock for At {
    fn now(&self) -> DateTime<Utc> {
        self.0
    }
}

fn at(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text).unwrap().with_timezone(&Utc)
}

fn day(text: &str) -> NaiveDate {
    text.parse().unwrap()
}

fn view(who: &str, when: &str, path: &str, referrer: Option<&str>) -> PageView {
    let salt = VisitorSalt::from_hex(&"cd".repeat(32)).unwrap();
    let beacon = Beacon::parse(&BeaconInput {
        path: Some(path.into()),
        referrer: referrer.map(Into::into),
        ..BeaconInput::default()
    })
    .unwrap();
    PageView::new(
        beacon,
        Visitor::identify(&salt, &format!("{who}{when:.10}"), "Firefox"),
        DeviceClass::Mobile,
        at(when),
    )
}

fn lead(when: &str, landing: &str, spam: bool) -> ContactMessage {
    let input = ContactInput {
        name: Some("Ada".into()),
        email: Some("ada@example.com".into()),
        subject: Some("Hello".into()),
        message: Some("A message long enough to keep.".into()),
        spam: Some(spam),
        attribution: Some(AttributionInput { landing_page: Some(landing.into()), ..AttributionInput::default() }),
        ..ContactInput::default()
    };
    ContactMessage::create(EntityId::generate(at(when)), ContactChanges::parse(input, true).unwrap(), at(when))
}

fn views() -> Vec<PageView> {
    vec![
        view("ana", "2026-11-01T09:00:00Z", "/", Some("google.com")),
        view("ana", "2026-11-01T09:01:00Z", "/blog/hello", None),
        view("bob", "2026-11-01T10:00:00Z", "/blog/hello", None),
        view("ana", "2026-11-03T09:00:00Z", "/services", None),
        view("cy", "2026-11-05T09:00:00Z", "/", Some("google.com")),
        view("cy", "2026-11-05T09:05:00Z", "/blog/other", None),
    ]
}

#[tokio::test]
async fn the_ports_sum_rolled_up_days_and_find_the_raw_ones() {
    on_every_database(|store: SeaOrmStore, db| async move {
        store.insert_page_views(&views()).await.unwrap();
        let range = DayRange::new(day("2026-11-01"), day("2026-11-05"), day("2026-11-05")).unwrap();
        assert_eq!(
            store.raw_days(range).await.unwrap(),
            [day("2026-11-01"), day("2026-11-03"), day("2026-11-05")],
            "{db}"
        );
        let narrow = DayRange::new(day("2026-11-02"), day("2026-11-04"), day("2026-11-05")).unwrap();
        assert_eq!(store.raw_days(narrow).await.unwrap(), [day("2026-11-03")], "{db}");
        for rolled in ["2026-11-01", "2026-11-03", "2026-11-05"] {
            let totals = DayTotals::of(day(rolled), &store.page_views_of(day(rolled)).await.unwrap());
            store.save_day_totals(&totals).await.unwrap();
        }
        let daily = store.daily_counts(Dimension::Total, "", range, &[day("2026-11-03")]).await.unwrap();
        assert_eq!(
            daily,
            [
                (day("2026-11-01"), Count { views: 3, visitors: 2 }),
                (day("2026-11-05"), Count { views: 2, visitors: 1 })
            ],
            "{db}"
        );
        let post = store.daily_counts(Dimension::Page, "/blog/hello", range, &[]).await.unwrap();
        assert_eq!(post, [(day("2026-11-01"), Count { views: 2, visitors: 2 })], "{db}");
        let mut posts = store.summed_counts(Dimension::Page, "/blog/", range, &[]).await.unwrap();
        posts.sort_by(|a, b| a.0.cmp(&b.0));
        assert_eq!(
            posts,
            [
                ("/blog/hello".to_owned(), Count { views: 2, visitors: 2 }),
                ("/blog/other".to_owned(), Count { views: 1, visitors: 1 })
            ],
            "{db}"
        );
        let mut landing = store.summed_counts(Dimension::Landing, "", range, &[day("2026-11-05")]).await.unwrap();
        landing.sort_by(|a, b| a.0.cmp(&b.0));
        assert_eq!(landing.len(), 3, "{db}: /, /blog/hello, /services");
        assert_eq!(landing[0], ("/".to_owned(), Count { views: 2, visitors: 1 }), "{db}: the 5th left out");

        for message in [
            lead("2026-11-01T10:00:00Z", "/", false),
            lead("2026-11-05T23:59:59Z", "/", false),
            lead("2026-11-05T12:00:00Z", "/", true),
            lead("2026-11-06T00:00:00Z", "/", false),
        ] {
            let mut message = message;
            store.insert(&mut message).await.unwrap();
        }
        let mut leads: Vec<NaiveDate> = store.leads_in(range).await.unwrap().into_iter().map(|lead| lead.day).collect();
        leads.sort();
        assert_eq!(leads, [day("2026-11-01"), day("2026-11-05")], "{db}: spam and the 6th left out");
    })
    .await;
}

#[tokio::test]
async fn the_statistics_are_the_same_whatever_the_rollup_has_done() {
    on_every_database(|store: SeaOrmStore, db| async move {
        store.insert_page_views(&views()).await.unwrap();
        let mut message = lead("2026-11-05T10:00:00Z", "/", false);
        store.insert(&mut message).await.unwrap();
        let clock = At(at("2026-11-05T12:00:00Z"));
        let insights = Insights::new(store.clone(), clock.clone());
        let range = DayRange::new(day("2026-11-01"), day("2026-11-05"), day("2026-11-05")).unwrap();
        let raw = insights.overview(range).await.unwrap();
        assert_eq!(
            (raw.current.totals.visitors, raw.current.totals.views, raw.current.totals.leads),
            (4, 6, 1),
            "{db}"
        );
        assert_eq!(raw.current.days.len(), 5, "{db}");

        let first = DayTotals::of(day("2026-11-01"), &store.page_views_of(day("2026-11-01")).await.unwrap());
        store.save_day_totals(&first).await.unwrap();
        assert_eq!(insights.overview(range).await.unwrap(), raw, "{db}: the 1st rolled up, the rest raw");

        Rollup::new(store.clone(), At(at("2026-11-06T01:00:00Z")), 30).run().await.unwrap();
        assert_eq!(insights.overview(range).await.unwrap(), raw, "{db}: all rolled up, raw kept");
        Rollup::new(store.clone(), At(at("2026-12-20T01:00:00Z")), 30).run().await.unwrap();
        assert!(store.page_views_of(day("2026-11-05")).await.unwrap().is_empty(), "{db}");
        assert_eq!(insights.overview(range).await.unwrap(), raw, "{db}: from the totals alone");
        let landing = &raw.landing_pages[0];
        assert_eq!(
            (landing.value.as_str(), landing.visitors, landing.leads, landing.rate),
            ("/", 2, 1, Some(50.0)),
            "{db}"
        );
    })
    .await;
}

/// Stores one view of `path` numbered `id` on 2026-11-05, as another instance whose batch was
/// numbered earlier but committed later would.
async fn view_numbered(store: &SeaOrmStore, id: i64, who: &str, path: &str) {
    let view = view(who, "2026-11-05T11:00:00Z", path, None);
    let sql = format!(
        "INSERT INTO page_views (id, day, at, visitor, path, device) VALUES ({id}, '2026-11-05', '{}', '{}', '{path}', 'mobile')",
        view.at.format("%Y-%m-%d %H:%M:%S%.6f+00:00"),
        view.visitor.as_str(),
    );
    sea_orm::ConnectionTrait::execute_unprepared(store.connection(), &sql).await.unwrap();
}

#[tokio::test]
async fn views_stored_since_the_last_call_are_added_even_when_numbered_out_of_order() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let clock = At(at("2026-11-05T12:00:00Z"));
        let insights = Insights::new(store.clone(), clock.clone());
        let range = DayRange::new(day("2026-11-05"), day("2026-11-05"), day("2026-11-05")).unwrap();
        let views_of = |overview: &atelier_application::insights::Overview| {
            (overview.current.totals.views, overview.current.totals.visitors)
        };
        store.insert_page_views(&[view("ana", "2026-11-05T09:00:00Z", "/", None)]).await.unwrap();
        assert_eq!(views_of(&insights.overview(range).await.unwrap()), (1, 1), "{db}");

        store.insert_page_views(&[view("ana", "2026-11-05T09:30:00Z", "/faq", None)]).await.unwrap();
        view_numbered(&store, 1_000, "bob", "/services").await;
        assert_eq!(views_of(&insights.overview(range).await.unwrap()), (3, 2), "{db}: the new views added");

        // Numbered before the last view read, stored after it.
        view_numbered(&store, 500, "cat", "/blog/a").await;
        let held = insights.overview(range).await.unwrap();
        assert_eq!(views_of(&held), (4, 3), "{db}: the late view counted");
        let fresh = Insights::new(store.clone(), clock.clone()).overview(range).await.unwrap();
        assert_eq!(held, fresh, "{db}: the day held is the day read whole");
        assert_eq!(held.landing_pages.len(), 3, "{db}");
    })
    .await;
}

#[tokio::test]
async fn the_titles_of_posts_are_read_by_their_slugs_at_once() {
    on_every_database(|store: SeaOrmStore, db| async move {
        for title in ["Hello World", "Second Post"] {
            let mut post = crate::blog::post(title, "published", None, &[], 1);
            store.insert(&mut post).await.unwrap();
        }
        let slugs = ["second-post", "missing", "hello-world"].map(str::to_owned);
        let mut titles: Vec<(String, String)> = store.post_titles(&slugs).await.unwrap().into_iter().collect();
        titles.sort();
        assert_eq!(
            titles,
            [
                ("hello-world".to_owned(), "Hello World".to_owned()),
                ("second-post".to_owned(), "Second Post".to_owned())
            ],
            "{db}: a slug of no post left out"
        );
        assert!(store.post_titles(&[]).await.unwrap().is_empty(), "{db}");
    })
    .await;
}
