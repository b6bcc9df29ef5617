//! Recording, storing and rolling up page views against the in-memory fakes, on a clock the tests move.

use atelier_domain::page_view::{BeaconInput, Count, Dimension};
use atelier_domain::post::PostInput;
use chrono::{DateTime, Duration, NaiveDate, Utc};

use super::*;
use crate::blog::BlogCatalog;
use crate::fake::{FakeClock, InMemoryStore};

fn beacon(path: &str) -> Beacon {
    Beacon::parse(&BeaconInput { path: Some(path.into()), ..BeaconInput::default() }).unwrap()
}

fn day(text: &str) -> NaiveDate {
    text.parse().unwrap()
}

#[tokio::test]
async fn views_wait_in_memory_until_a_flush_stores_them_in_one_batch() {
    let (store, clock) = (InMemoryStore::default(), FakeClock::default());
    let views = PageViews::new(store.clone(), clock.clone());
    views.record(beacon("/"), "203.0.113.7", "Firefox", DeviceClass::Desktop).await.unwrap();
    views.record(beacon("/services"), "203.0.113.7", "Firefox", DeviceClass::Desktop).await.unwrap();
    assert_eq!(views.pending(), 2);
    assert!(store.page_views().is_empty(), "nothing is written by recording");

    assert_eq!(views.flush().await.unwrap(), 2);
    assert_eq!(views.pending(), 0);
    let stored = store.page_views();
    assert_eq!(stored.len(), 2);
    assert_eq!(stored[0].visitor, stored[1].visitor, "one visitor all day");
    assert_eq!(stored[0].at, FakeClock::start());
    assert_eq!(views.flush().await.unwrap(), 0, "an empty flush writes nothing");
}

#[tokio::test]
async fn a_visitor_is_another_the_next_day() {
    let (store, clock) = (InMemoryStore::default(), FakeClock::default());
    let views = PageViews::new(store.clone(), clock.clone());
    views.record(beacon("/"), "203.0.113.7", "Firefox", DeviceClass::Mobile).await.unwrap();
    clock.advance(Duration::days(1));
    views.record(beacon("/"), "203.0.113.7", "Firefox", DeviceClass::Mobile).await.unwrap();
    views.flush().await.unwrap();
    let stored = store.page_views();
    assert_ne!(stored[0].visitor, stored[1].visitor);
}

#[tokio::test]
async fn the_memory_held_between_flushes_is_bounded() {
    let views = PageViews::new(InMemoryStore::default(), FakeClock::default());
    for _ in 0..MAX_PENDING + 5 {
        views.record(beacon("/"), "203.0.113.7", "Firefox", DeviceClass::Desktop).await.unwrap();
    }
    assert_eq!(views.pending(), MAX_PENDING);
}

#[tokio::test]
async fn a_posts_view_through_the_beacon_counts_towards_its_view_count_once_per_visitor_and_hour() {
    let (store, clock) = (InMemoryStore::default(), FakeClock::default());
    let blog = BlogCatalog::new(store.clone(), clock.clone());
    let input = PostInput { title: Some("Counted".into()), status: Some("published".into()), ..PostInput::default() };
    blog.create(input).await.unwrap();
    let views = PageViews::new(store.clone(), clock.clone());
    for address in ["203.0.113.7", "203.0.113.7", "203.0.113.8"] {
        views.record(beacon("/blog/counted"), address, "Firefox", DeviceClass::Desktop).await.unwrap();
    }
    views.record(beacon("/blog/unknown"), "203.0.113.7", "Firefox", DeviceClass::Desktop).await.unwrap();
    assert_eq!(views.flush().await.unwrap(), 4, "every view is kept for the statistics");
    let post = blog.get_by_slug(crate::Audience::Public, "counted").await.unwrap();
    assert_eq!(post.post.views, 2, "two visitors");
}

#[tokio::test]
async fn complete_days_are_rolled_up_once_and_raw_views_forgotten_after_the_retention() {
    let (store, clock) = (InMemoryStore::default(), FakeClock::default());
    let views = PageViews::new(store.clone(), clock.clone());
    let rollup = Rollup::new(store.clone(), clock.clone(), 2);
    views.record(beacon("/"), "203.0.113.7", "Firefox", DeviceClass::Desktop).await.unwrap();
    views.record(beacon("/faq"), "203.0.113.8", "Firefox", DeviceClass::Mobile).await.unwrap();
    views.flush().await.unwrap();
    assert_eq!(rollup.run().await.unwrap(), RollupOutcome::default(), "today is not complete");

    clock.set(FakeClock::start().date_naive().succ_opt().unwrap().and_hms_opt(0, 1, 0).unwrap().and_utc());
    assert_eq!(rollup.run().await.unwrap().days, 0, "not before the grace period has passed");
    clock.advance(ROLLUP_GRACE);
    assert_eq!(rollup.run().await.unwrap(), RollupOutcome { days: 1, forgotten: 0 });
    let totals = store.day_totals();
    assert_eq!(totals.len(), 1);
    assert_eq!(totals[0].day, day("2025-03-01"));
    assert_eq!(totals[0].total(), Count { views: 2, visitors: 2 });
    assert_eq!(totals[0].counts[&(Dimension::Device, "mobile".to_owned())], Count { views: 1, visitors: 1 });
    assert_eq!(rollup.run().await.unwrap().days, 0, "a day is rolled up once");

    clock.advance(Duration::days(2));
    assert_eq!(rollup.run().await.unwrap(), RollupOutcome { days: 0, forgotten: 2 });
    assert!(store.page_views().is_empty());
    assert_eq!(store.day_totals()[0].total(), Count { views: 2, visitors: 2 }, "the totals stay");
}

#[tokio::test]
async fn two_instances_rolling_up_the_same_day_store_the_same_totals() {
    let (store, clock) = (InMemoryStore::default(), FakeClock::default());
    let views = PageViews::new(store.clone(), clock.clone());
    views.record(beacon("/"), "203.0.113.7", "Firefox", DeviceClass::Desktop).await.unwrap();
    views.flush().await.unwrap();
    clock.advance(Duration::days(1));
    let (one, two) = (Rollup::new(store.clone(), clock.clone(), 30), Rollup::new(store.clone(), clock.clone(), 30));
    let day = day("2025-03-01");
    let totals = DayTotals::of(day, &store.page_views());
    // Both found the day unrolled before either stored it.
    assert_eq!(store.days_to_roll_up(day.succ_opt().unwrap()).await.unwrap(), [day]);
    store.save_day_totals(&totals).await.unwrap();
    store.save_day_totals(&totals).await.unwrap();
    assert_eq!(one.run().await.unwrap().days, 0);
    assert_eq!(two.run().await.unwrap().days, 0);
    assert_eq!(store.day_totals(), [totals]);
}

#[tokio::test]
async fn a_flush_of_many_views_counts_each_visitor_once_per_post_and_hour_across_batches() {
    let (store, clock) = (InMemoryStore::default(), FakeClock::default());
    let blog = BlogCatalog::new(store.clone(), clock.clone());
    for title in ["One", "Two"] {
        let input = PostInput { title: Some(title.into()), status: Some("published".into()), ..PostInput::default() };
        blog.create(input).await.unwrap();
    }
    let views = PageViews::new(store.clone(), clock.clone());
    // 300 visitors, each viewing both posts three times in one flush's batch.
    for _ in 0..3 {
        for visitor in 0..300 {
            for post in ["/blog/one", "/blog/two"] {
                let (address, browser) =
                    (format!("198.51.100.{}", visitor % 256), format!("Firefox/0.{}", visitor / 256));
                views.record(beacon(post), &address, &browser, DeviceClass::Desktop).await.unwrap();
            }
        }
    }
    assert_eq!(views.flush().await.unwrap(), 1_800, "every view is stored");
    let count = |slug: &'static str| {
        let blog = blog.clone();
        async move { blog.get_by_slug(crate::Audience::Public, slug).await.unwrap().post.views }
    };
    assert_eq!((count("one").await, count("two").await), (300, 300), "a visitor once per post");

    views.record(beacon("/blog/one"), "198.51.100.1", "Firefox/0.0", DeviceClass::Desktop).await.unwrap();
    views.flush().await.unwrap();
    assert_eq!(count("one").await, 300, "the next batch, same hour: counted already");
    clock.advance(Duration::hours(1));
    views.record(beacon("/blog/one"), "198.51.100.1", "Firefox/0.0", DeviceClass::Desktop).await.unwrap();
    views.flush().await.unwrap();
    assert_eq!(count("one").await, 301, "the next hour counts again");
    assert_eq!(store.page_views().len(), 1_802);
}

#[test]
fn a_batch_sends_the_store_one_view_per_post_visitor_and_hour() {
    let salt = atelier_domain::visitor::VisitorSalt::generate();
    let (ana, bo) = (
        atelier_domain::visitor::Visitor::identify(&salt, "203.0.113.7", "Firefox"),
        atelier_domain::visitor::Visitor::identify(&salt, "203.0.113.8", "Firefox"),
    );
    let at = FakeClock::start();
    let view = |path: &str, visitor: &atelier_domain::visitor::Visitor, at| {
        PageView::new(beacon(path), visitor.clone(), DeviceClass::Desktop, at)
    };
    let batch = [
        view("/blog/one", &ana, at),
        view("/blog/one", &ana, at + Duration::minutes(5)),
        view("/blog/one", &bo, at),
        view("/blog/two", &ana, at),
        view("/services", &ana, at),
        view("/blog/one", &ana, at + Duration::hours(1)),
    ];
    let seen: Vec<(String, DateTime<Utc>)> =
        posts_seen(&batch).into_iter().map(|seen| (seen.slug.as_str().to_owned(), seen.at)).collect();
    assert_eq!(
        seen,
        [
            ("one".to_owned(), at),
            ("one".to_owned(), at),
            ("two".to_owned(), at),
            ("one".to_owned(), at + Duration::hours(1))
        ]
    );
}
