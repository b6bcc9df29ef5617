use atelier_adapters_db::SeaOrmStore;
use atelier_application::limits::{self, ports::AttemptLog};
use atelier_application::ports::SystemClock;
use atelier_domain::EntityId;
use atelier_domain::limits::{Limit, LimitKey};
use chrono::{DateTime, DurationRound, TimeDelta, Utc};

use crate::helpers::on_every_database;

fn at(seconds: i64) -> DateTime<Utc> {
    let start = Utc::now().duration_trunc(TimeDelta::seconds(1)).unwrap();
    start + TimeDelta::seconds(seconds)
}

#[tokio::test]
async fn attempts_are_judged_per_key_taken_back_cleared_and_forgotten_once_old() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let base = at(0);
        let id = |n: u8| EntityId::from_parts(1, [0, 0, 0, 0, 0, 0, 0, n]);
        let two = Limit::per(2, TimeDelta::minutes(10));
        let long_ago = base - TimeDelta::hours(1);
        let (mine, other) = (LimitKey::new("test", &["203.0.113.7"]), LimitKey::new("test", &["2001:db8:1:2::"]));
        let count = |n: u8, key: &LimitKey, seconds: i64, forget_before: DateTime<Utc>| {
            let (store, key) = (store.clone(), key.clone());
            async move { store.count_attempt(id(n), &key, &two, base + TimeDelta::seconds(seconds), forget_before).await }
        };
        assert_eq!(count(1, &mine, 0, long_ago).await.unwrap(), Ok(()), "{db}");
        assert_eq!(count(2, &mine, 5, long_ago).await.unwrap(), Ok(()), "{db}");
        assert_eq!(count(3, &other, 5, long_ago).await.unwrap(), Ok(()), "another key ({db})");
        let refused = count(4, &mine, 6, long_ago).await.unwrap().unwrap_err();
        assert_eq!(refused.seconds(), 594, "{db}");
        assert_eq!(count(5, &mine, 600, long_ago).await.unwrap(), Ok(()), "the first left the window ({db})");

        store.take_back_attempt(id(5)).await.unwrap();
        assert_eq!(count(6, &mine, 601, long_ago).await.unwrap(), Ok(()), "{db}");
        assert!(count(7, &mine, 602, long_ago).await.unwrap().is_err(), "{db}");
        store.forget_attempts(&mine).await.unwrap();
        assert_eq!(count(8, &mine, 603, long_ago).await.unwrap(), Ok(()), "{db}");

        // Counting forgets every attempt at or before the given time, whatever its key.
        assert_eq!(count(9, &mine, 604, base + TimeDelta::seconds(603)).await.unwrap(), Ok(()), "{db}");
        assert_eq!(count(10, &mine, 605, long_ago).await.unwrap(), Ok(()), "only the ninth is left ({db})");
        assert!(count(11, &mine, 606, long_ago).await.unwrap().is_err(), "{db}");
        assert_eq!(count(12, &other, 606, long_ago).await.unwrap(), Ok(()), "{db}");
        assert_eq!(count(13, &other, 607, long_ago).await.unwrap(), Ok(()), "the third was forgotten ({db})");
    })
    .await;
}

/// The class test at the store: 50 attempts at once against a limit of 5 let 5 through at most,
/// on every database.
#[tokio::test]
async fn fifty_parallel_attempts_never_get_more_than_the_limit_through() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let limit = Limit::per(5, TimeDelta::minutes(10));
        let key = LimitKey::new("burst", &[db]);
        let attempts = (0..50).map(|_| {
            let store = store.clone();
            let key = key.clone();
            tokio::spawn(async move { limits::count(&store, &SystemClock, &limit, &key).await.is_ok() })
        });
        let mut admitted = 0;
        for attempt in attempts.collect::<Vec<_>>() {
            admitted += usize::from(attempt.await.unwrap());
        }
        eprintln!("store burst on {db}: 50 sent, {admitted} let through");
        assert_eq!(admitted, 5, "{db}");
    })
    .await;
}
