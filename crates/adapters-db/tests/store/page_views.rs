use atelier_adapters_db::SeaOrmStore;
use atelier_application::insights::ports::PageViewRepository;
use atelier_domain::page_view::{Beacon, BeaconInput, Count, DayTotals, DeviceClass, Dimension, PageView};
use atelier_domain::visitor::{Visitor, VisitorSalt};
use chrono::{DateTime, NaiveDate, Utc};

use crate::helpers::{QueryCounter, on_every_database, on_every_database_counting};

fn view(who: &str, at: &str, path: &str) -> PageView {
    let salt = VisitorSalt::from_hex(&"ab".repeat(32)).unwrap();
    let beacon = Beacon::parse(&BeaconInput {
        path: Some(path.into()),
        referrer: Some("news.example.com".into()),
        utm_source: Some("mail".into()),
        utm_campaign: Some("winter".into()),
        language: Some("en-GB".into()),
        ..BeaconInput::default()
    })
    .unwrap();
    let at = DateTime::parse_from_rfc3339(at).unwrap().with_timezone(&Utc);
    PageView::new(beacon, Visitor::identify(&salt, who, "Firefox"), DeviceClass::Tablet, at)
}

fn day(text: &str) -> NaiveDate {
    text.parse().unwrap()
}

#[tokio::test]
async fn views_round_trip_in_batches_and_are_forgotten_by_day() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let mut views: Vec<PageView> =
            (0..1200).map(|n| view(&format!("v{}", n % 7), "2026-11-27T10:00:00Z", &format!("/p/{}", n % 3))).collect();
        views.push(view("ana", "2026-11-28T00:00:01Z", "/"));
        store.insert_page_views(&views).await.unwrap();
        let stored = store.page_views_of(day("2026-11-27")).await.unwrap();
        assert_eq!(stored.len(), 1200, "{db}");
        assert!(stored.contains(&views[0]), "every field comes back ({db})");
        assert_eq!(store.page_views_of(day("2026-11-28")).await.unwrap().len(), 1, "{db}");

        assert_eq!(store.forget_page_views_before(day("2026-11-28")).await.unwrap(), 1200, "{db}");
        assert!(store.page_views_of(day("2026-11-27")).await.unwrap().is_empty(), "{db}");
        assert_eq!(store.page_views_of(day("2026-11-28")).await.unwrap().len(), 1, "{db}");
    })
    .await;
}

#[tokio::test]
async fn batches_of_every_size_are_stored_in_a_few_statement_shapes() {
    // Each connection keeps its prepared statements by their text: a text per batch size would
    // keep one statement of up to thousands of bound values for every size a flush ever had.
    on_every_database_counting(|store: SeaOrmStore, queries: QueryCounter, db| async move {
        let mut texts = std::collections::BTreeSet::new();
        let mut stored = 0;
        for size in (1..=70).chain([255, 256, 300, 1000]) {
            let views: Vec<PageView> =
                (0..size).map(|n| view(&format!("v{n}"), "2026-11-27T10:00:00Z", "/services")).collect();
            let ((), statements) =
                queries.statements_of(async { store.insert_page_views(&views).await.unwrap() }).await;
            texts
                .extend(statements.into_iter().map(|statement| statement.sql).filter(|sql| sql.contains("page_views")));
            stored += size;
        }
        assert_eq!(store.page_views_of(day("2026-11-27")).await.unwrap().len(), stored, "every view once ({db})");
        assert!(texts.len() <= 4, "{db}: {} insert texts", texts.len());
    })
    .await;
}

#[tokio::test]
async fn days_are_rolled_up_once_and_their_totals_replace_on_a_second_store() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let views = [
            view("ana", "2026-11-26T10:00:00Z", "/"),
            view("ana", "2026-11-27T10:00:00Z", "/"),
            view("bob", "2026-11-27T11:00:00Z", "/blog/a"),
            view("bob", "2026-11-28T11:00:00Z", "/blog/a"),
        ];
        store.insert_page_views(&views).await.unwrap();
        assert_eq!(
            store.days_to_roll_up(day("2026-11-28")).await.unwrap(),
            [day("2026-11-26"), day("2026-11-27")],
            "{db}"
        );

        let totals = DayTotals::of(day("2026-11-27"), &store.page_views_of(day("2026-11-27")).await.unwrap());
        assert_eq!(totals.total(), Count { views: 2, visitors: 2 }, "{db}");
        store.save_day_totals(&totals).await.unwrap();
        // Two instances rolling up the same day at once both store it; the second replaces.
        let (one, two) = (store.clone(), store.clone());
        let (a, b) = (totals.clone(), totals.clone());
        let (first, second) =
            tokio::join!(async move { one.save_day_totals(&a).await }, async move { two.save_day_totals(&b).await });
        first.unwrap();
        second.unwrap();
        assert_eq!(store.days_to_roll_up(day("2026-11-28")).await.unwrap(), [day("2026-11-26")], "{db}");
        assert!(totals.counts.contains_key(&(Dimension::Campaign, "mail / - / winter".to_owned())), "{db}");
    })
    .await;
}
