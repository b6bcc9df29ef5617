use atelier_adapters_db::SeaOrmStore;
use atelier_application::demo::{SeedOutcome, seed_if_empty};
use atelier_application::store::StoreStatus;

use crate::helpers::on_every_database;

#[tokio::test]
async fn a_fresh_database_answers_pings_and_is_empty() {
    on_every_database(|store: SeaOrmStore, db| async move {
        store.ping().await.unwrap();
        assert!(store.is_empty().await.unwrap(), "{db}");
    })
    .await;
}

#[tokio::test]
async fn demo_content_is_seeded_once() {
    on_every_database(|store: SeaOrmStore, db| async move {
        assert_eq!(seed_if_empty(&store, chrono::Utc::now()).await.unwrap(), SeedOutcome::Seeded, "{db}");
        assert!(!store.is_empty().await.unwrap(), "{db}");
        assert_eq!(seed_if_empty(&store, chrono::Utc::now()).await.unwrap(), SeedOutcome::AlreadyHasContent, "{db}");
    })
    .await;
}

#[tokio::test]
async fn migrations_can_run_again_on_a_migrated_database() {
    on_every_database(|store: SeaOrmStore, db| async move {
        atelier_adapters_db::migrations::run(store.connection()).await.unwrap_or_else(|e| panic!("{db}: {e:#}"));
    })
    .await;
}
