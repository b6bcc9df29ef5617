//! Reading the statistics against the in-memory fakes: the same answer before and after the rollup,
//! every day filled, the previous range, leads and their conversion, a post's own numbers.

use atelier_domain::contact::{ContactChanges, ContactInput, ContactMessage};
use atelier_domain::id::EntityId;
use atelier_domain::insights::DayRange;
use atelier_domain::page_view::{AttributionInput, BeaconInput};
use atelier_domain::post::PostInput;
use chrono::{DateTime, Duration, NaiveDate, Utc};

use super::ports::ViewsAfter;
use super::report::HeldDay;
use super::*;
use crate::blog::BlogCatalog;
use crate::fake::{FakeClock, InMemoryStore};

fn day(text: &str) -> NaiveDate {
    text.parse().unwrap()
}

fn at(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text).unwrap().with_timezone(&Utc)
}

fn beacon(path: &str, referrer: Option<&str>, source: Option<&str>) -> Beacon {
    Beacon::parse(&BeaconInput {
        path: Some(path.into()),
        referrer: referrer.map(Into::into),
        utm_source: source.map(Into::into),
        ..BeaconInput::default()
    })
    .unwrap()
}

/// Records `path` for `who` at the clock's time, stored at once.
async fn view(views: &PageViews<InMemoryStore, FakeClock>, who: &str, path: &str, referrer: Option<&str>) {
    views.record(beacon(path, referrer, None), who, "Firefox", DeviceClass::Desktop).await.unwrap();
    views.flush().await.unwrap();
}

fn lead(store: &InMemoryStore, when: &str, landing: &str, referrer: Option<&str>, spam: bool) {
    let input = ContactInput {
        name: Some("Ada".into()),
        email: Some("ada@example.com".into()),
        subject: Some("Hello".into()),
        message: Some("A message long enough to keep.".into()),
        spam: Some(spam),
        // A lead without a landing page was sent without a recorded visit.
        attribution: (!landing.is_empty()).then(|| AttributionInput {
            landing_page: Some(landing.into()),
            referrer: referrer.map(Into::into),
            ..AttributionInput::default()
        }),
        ..ContactInput::default()
    };
    let changes = ContactChanges::parse(input, true).unwrap();
    let message = ContactMessage::create(EntityId::generate(at(when)), changes, at(when));
    store.with(|tables| tables.rows_mut::<ContactMessage>().push(message));
}

/// Three days of views: the 1st (ana lands on / from google.com, then reads a post; bob lands on
/// the post), the 3rd (ana again, a new visitor that day), and today, the 5th.
async fn three_days() -> (InMemoryStore, FakeClock, PageViews<InMemoryStore, FakeClock>) {
    let (store, clock) = (InMemoryStore::default(), FakeClock::default());
    let views = PageViews::new(store.clone(), clock.clone());
    clock.set(at("2026-11-01T09:00:00Z"));
    view(&views, "ana", "/", Some("google.com")).await;
    view(&views, "ana", "/blog/hello", None).await;
    view(&views, "bob", "/blog/hello", None).await;
    clock.set(at("2026-11-03T09:00:00Z"));
    view(&views, "ana", "/services", None).await;
    clock.set(at("2026-11-05T09:00:00Z"));
    view(&views, "cy", "/", Some("google.com")).await;
    (store, clock, views)
}

fn figures(visitors: u64, views: u64, leads: u64) -> DayFigures {
    DayFigures { visitors, views, leads }
}

#[tokio::test]
async fn every_day_of_the_range_is_listed_and_the_previous_range_is_as_long() {
    let (store, clock, _) = three_days().await;
    let insights = Insights::new(store, clock);
    let range = DayRange::new(day("2026-11-01"), day("2026-11-05"), day("2026-11-05")).unwrap();
    let overview = insights.overview(range).await.unwrap();
    let days: Vec<DayFigures> = overview.current.days.iter().map(|(_, figures)| *figures).collect();
    assert_eq!(
        days,
        [figures(2, 3, 0), figures(0, 0, 0), figures(1, 1, 0), figures(0, 0, 0), figures(1, 1, 0)],
        "days without views are zeros"
    );
    assert_eq!(overview.current.totals, figures(4, 5, 0), "a range's visitors are its days' visitors");
    assert_eq!(overview.previous.range, range.previous());
    assert_eq!(overview.previous.days.len(), 5);
    assert_eq!(overview.previous.totals, DayFigures::default());
    assert_eq!(
        overview.pages[..2],
        [
            Ranked { value: "/".into(), views: 2, visitors: 2 },
            Ranked { value: "/blog/hello".into(), views: 2, visitors: 2 }
        ],
        "ties by views and visitors go by value"
    );
    assert_eq!(overview.posts, [PostRank { slug: "hello".into(), title: None, views: 2, visitors: 2 }]);
    assert_eq!(overview.referrers[0], Ranked { value: String::new(), views: 3, visitors: 3 });
    assert_eq!(overview.devices, [Ranked { value: "desktop".into(), views: 5, visitors: 4 }]);
}

#[tokio::test]
async fn the_answer_is_the_same_before_during_and_after_the_rollup() {
    let (store, clock, _) = three_days().await;
    let insights = Insights::new(store.clone(), clock.clone());
    let range = DayRange::new(day("2026-11-01"), day("2026-11-05"), day("2026-11-05")).unwrap();
    let raw = insights.overview(range).await.unwrap();

    // Only the 1st rolled up (as an instance that stopped half way would leave it).
    let first = DayTotals::of(day("2026-11-01"), &store.page_views_of(day("2026-11-01")).await.unwrap());
    store.save_day_totals(&first).await.unwrap();
    assert_eq!(insights.overview(range).await.unwrap(), raw, "half rolled up");

    clock.set(at("2026-11-06T01:00:00Z"));
    Rollup::new(store.clone(), clock.clone(), 30).run().await.unwrap();
    assert_eq!(store.day_totals().len(), 3);
    assert_eq!(insights.overview(range).await.unwrap(), raw, "rolled up, raw views still kept");

    clock.advance(Duration::days(40));
    Rollup::new(store.clone(), clock.clone(), 30).run().await.unwrap();
    assert!(store.page_views().is_empty(), "raw views forgotten");
    assert_eq!(insights.overview(range).await.unwrap(), raw, "from the totals alone");
    let post = insights.posts(range).await.unwrap();
    assert_eq!(post, [Ranked { value: "hello".into(), views: 2, visitors: 2 }]);
}

#[tokio::test]
async fn leads_count_by_day_landing_page_and_source_and_spam_is_left_out() {
    let (store, clock, _) = three_days().await;
    lead(&store, "2026-11-01T10:00:00Z", "/", Some("google.com"), false);
    lead(&store, "2026-11-05T10:00:00Z", "/", Some("google.com"), false);
    lead(&store, "2026-11-05T11:00:00Z", "/blog/hello", None, false);
    lead(&store, "2026-11-05T12:00:00Z", "/", None, true);
    lead(&store, "2026-10-30T12:00:00Z", "/", None, false);
    lead(&store, "2026-11-04T12:00:00Z", "", None, false);
    let insights = Insights::new(store, clock);
    let range = DayRange::new(day("2026-11-01"), day("2026-11-05"), day("2026-11-05")).unwrap();
    let overview = insights.overview(range).await.unwrap();
    assert_eq!(overview.current.totals.leads, 4);
    assert_eq!(overview.unattributed_leads, 1, "in the totals, in neither table");
    let tabled: u64 = overview.landing_pages.iter().map(|row| row.leads).sum();
    assert_eq!(tabled + overview.unattributed_leads, overview.current.totals.leads);
    assert_eq!(overview.current.days[3].1.leads, 1);
    assert_eq!(overview.current.days[0].1.leads, 1);
    assert_eq!(overview.current.days[4].1.leads, 2);
    assert_eq!(overview.previous.totals.leads, 1, "the 30th of October is in the previous range");
    // Landing on `/`: ana (the 1st) and cy (the 5th), 2 visitors; 2 leads.
    assert_eq!(overview.landing_pages[0], Conversion { value: "/".into(), visitors: 2, leads: 2, rate: Some(100.0) });
    // Landing on the post: bob only; ana landed on `/` that day, then on /services on the 3rd.
    assert_eq!(
        overview.landing_pages[1],
        Conversion { value: "/blog/hello".into(), visitors: 1, leads: 1, rate: Some(100.0) }
    );
    assert_eq!(
        overview.landing_pages[2],
        Conversion { value: "/services".into(), visitors: 1, leads: 0, rate: Some(0.0) }
    );
    let google = overview.sources.iter().find(|row| row.value == "google.com").unwrap();
    assert_eq!((google.visitors, google.leads, google.rate), (2, 2, Some(100.0)));
    let direct = overview.sources.iter().find(|row| row.value.is_empty()).unwrap();
    assert_eq!((direct.visitors, direct.leads, direct.rate), (3, 1, Some(33.3)));
}

#[tokio::test]
async fn a_post_has_its_own_numbers_and_an_unknown_post_is_not_found() {
    let (store, clock, views) = three_days().await;
    let blog = BlogCatalog::new(store.clone(), clock.clone());
    let input = PostInput { title: Some("Hello".into()), status: Some("published".into()), ..PostInput::default() };
    let post = blog.create(input).await.unwrap();
    view(&views, "dan", "/blog/hello/", None).await;
    lead(&store, "2026-11-05T11:00:00Z", "/blog/hello", None, false);
    let insights = Insights::new(store, clock);
    let range = DayRange::new(day("2026-11-01"), day("2026-11-05"), day("2026-11-05")).unwrap();
    let figures_of = insights.post(&post.post.id.to_string(), range).await.unwrap();
    assert_eq!(figures_of.slug, "hello");
    assert_eq!(figures_of.current.days[0].1, figures(2, 2, 0));
    assert_eq!(figures_of.current.days[4].1, figures(0, 0, 1), "the trailing slash is another page");
    assert_eq!(figures_of.current.totals, figures(2, 2, 1));
    let overview = insights.overview(range).await.unwrap();
    assert_eq!(overview.posts[0].title.as_deref(), Some("Hello"));
    assert_eq!(overview.posts[0].views, 3, "the post list gathers both addresses of the post");
    assert!(matches!(insights.post("nope", range).await, Err(crate::records::LookupError::NotFound(_))));
    let unknown = EntityId::generate(at("2026-11-01T00:00:00Z")).to_string();
    assert!(matches!(insights.post(&unknown, range).await, Err(crate::records::LookupError::NotFound(_))));
}

#[tokio::test]
async fn a_day_not_rolled_up_is_read_again_only_from_its_new_views() {
    let (store, clock, views) = three_days().await;
    let insights = Insights::new(store.clone(), clock.clone());
    let range = DayRange::new(day("2026-11-05"), day("2026-11-05"), day("2026-11-05")).unwrap();
    assert_eq!(insights.overview(range).await.unwrap().current.totals, figures(1, 1, 0));
    view(&views, "cy", "/blog/hello", None).await;
    view(&views, "eve", "/faq", None).await;
    let held = insights.overview(range).await.unwrap();
    assert_eq!(held.current.totals, figures(2, 3, 0), "the views stored since are added");
    assert_eq!(held, Insights::new(store, clock).overview(range).await.unwrap(), "as the day read whole");
}

#[test]
fn views_that_do_not_make_up_the_days_count_are_refused_so_the_day_is_read_again() {
    let today = day("2026-11-05");
    let salt = atelier_domain::visitor::VisitorSalt::generate();
    let seen = |who: &str| {
        let visitor = atelier_domain::visitor::Visitor::identify(&salt, who, "Firefox");
        PageView::new(beacon("/", None, None), visitor, DeviceClass::Desktop, at("2026-11-05T09:00:00Z"))
    };
    let mut held = HeldDay::new(today);
    assert!(held.extend(&ViewsAfter { views: vec![seen("ana"), seen("bob")], last: Some(7), whole: 2 }));
    assert_eq!((held.totals.total().views, held.last), (2, Some(7)));
    assert!(held.extend(&ViewsAfter { views: Vec::new(), last: None, whole: 2 }), "nothing new");
    assert_eq!(held.last, Some(7), "the last view read is kept");
    // One view numbered before the 7th was stored after it was read: the day counts 4, not 3.
    assert!(!held.extend(&ViewsAfter { views: vec![seen("cy")], last: Some(9), whole: 4 }));
    assert_eq!((held.totals.total().views, held.last), (2, Some(7)), "nothing added");
    // The day's views forgotten.
    assert!(!held.extend(&ViewsAfter { views: Vec::new(), last: None, whole: 0 }));
}
