use std::time::Duration;

use atelier_adapters_db::{GenerationListener, SeaOrmStore};
use atelier_application::freshness::ports::GenerationRepository;

use crate::helpers::on_every_database;

#[tokio::test]
async fn the_shared_generation_starts_at_zero_and_each_advance_counts_one() {
    on_every_database(|store: SeaOrmStore, db| async move {
        assert_eq!(store.shared_generation().await.unwrap(), 0, "{db}");
        assert_eq!(store.advance_generation().await.unwrap(), 1, "{db}");
        assert_eq!(store.advance_generation().await.unwrap(), 2, "{db}");
        assert_eq!(store.shared_generation().await.unwrap(), 2, "{db}");
    })
    .await;
}

#[tokio::test]
async fn concurrent_advances_each_get_their_own_value() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let advances = (0..8).map(|_| {
            let store = store.clone();
            tokio::spawn(async move { store.advance_generation().await.unwrap() })
        });
        let mut values = Vec::new();
        for advance in advances {
            values.push(advance.await.unwrap());
        }
        values.sort_unstable();
        assert_eq!(values, (1..=8).collect::<Vec<_>>(), "{db}");
    })
    .await;
}

#[tokio::test]
async fn an_advance_is_announced_to_listeners_on_postgresql_only() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let listener = GenerationListener::start(&store).await.unwrap();
        let Some(mut listener) = listener else {
            assert_eq!(db, "sqlite", "only SQLite has no announcements");
            return;
        };
        store.advance_generation().await.unwrap();
        let heard = tokio::time::timeout(Duration::from_secs(5), listener.wait()).await.expect("announced in time");
        heard.unwrap();
    })
    .await;
}
