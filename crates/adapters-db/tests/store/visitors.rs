use atelier_adapters_db::SeaOrmStore;
use atelier_application::visitors::ports::VisitorSaltRepository;
use atelier_domain::visitor::VisitorSalt;
use chrono::NaiveDate;

use crate::helpers::on_every_database;

#[tokio::test]
async fn the_first_salt_of_a_day_wins_for_everyone_and_earlier_days_are_forgotten() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let day = |d: u32| NaiveDate::from_ymd_opt(2026, 11, d).unwrap();
        let (first, second) = (VisitorSalt::generate(), VisitorSalt::generate());
        assert_eq!(store.daily_salt(day(27), &first).await.unwrap(), first, "{db}");
        assert_eq!(store.daily_salt(day(27), &second).await.unwrap(), first, "the day's salt stays ({db})");
        let racing = (0..8).map(|_| {
            let store = store.clone();
            tokio::spawn(async move { store.daily_salt(day(28), &VisitorSalt::generate()).await.unwrap() })
        });
        let mut salts = Vec::new();
        for salt in racing.collect::<Vec<_>>() {
            salts.push(salt.await.unwrap());
        }
        assert!(salts.windows(2).all(|pair| pair[0] == pair[1]), "instances racing agree ({db})");
        assert_ne!(salts[0], first, "{db}");
        assert_eq!(store.daily_salt(day(27), &second).await.unwrap(), second, "the old day was forgotten ({db})");
    })
    .await;
}
