//! Upgrades: a database left by the previous release (its migrations only), holding content, is
//! migrated by this version while readers keep reading it, as the previous release's instances do
//! during a rolling upgrade; every read answers, during and after, and this version then serves the
//! same content.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use atelier_adapters_db::migrations::Migrator;
use chrono::{TimeZone, Utc};
use sea_orm::{ConnectionTrait, DatabaseConnection, Statement, Value};
use sea_orm_migration::MigratorTrait;

use crate::helpers;

/// The first migration of this release: the database of the previous release has every migration
/// before it.
const FIRST_OF_THIS_RELEASE: &str = "m20261201_000100_create_webhooks";

/// How many FAQs the old database holds.
const SEEDED: usize = 40;

async fn old_database(url: &str) -> DatabaseConnection {
    let db = atelier_adapters_db::connect(url).await.unwrap();
    let names: Vec<String> = Migrator::migrations().iter().map(|migration| migration.name().to_owned()).collect();
    let previous = names.iter().position(|name| name == FIRST_OF_THIS_RELEASE).expect("the release's first migration");
    assert!(previous < names.len(), "this release has migrations to apply");
    Migrator::up(&db, Some(u32::try_from(previous).unwrap())).await.unwrap();
    // The content, as the previous release wrote it.
    let at = Utc.with_ymd_and_hms(2026, 11, 20, 9, 0, 0).single().unwrap();
    for number in 0..SEEDED {
        let id = format!("{:08x}{:016x}", at.timestamp(), number + 1);
        db.execute_raw(Statement::from_sql_and_values(
            db.get_database_backend(),
            "INSERT INTO faqs (id, question, answer, category, tags, status, display_order, featured, views, \
             helpful, not_helpful, created_at, updated_at, version) \
             VALUES (?, ?, 'Yes.', 'general', '[]', 'active', ?, false, 0, 0, 0, ?, ?, 1)",
            [
                Value::from(id),
                Value::from(format!("Old question {number}?")),
                Value::from(i32::try_from(number).unwrap()),
                Value::from(at),
                Value::from(at),
            ],
        ))
        .await
        .unwrap();
    }
    db
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_previous_releases_database_is_migrated_while_reads_keep_answering() {
    let folder = tempfile::tempdir().unwrap();
    let mut config = helpers::config(&folder, false);
    std::fs::create_dir_all(&config.data_dir).unwrap();
    config.database_url = format!("{}?mode=rwc", config.database_url);
    drop(old_database(&config.database_url).await);

    // The previous release's readers: the content it knows, read again and again.
    let reader = atelier_adapters_db::connect(&config.database_url).await.unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let (reads, failures) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let readers: Vec<_> = (0..3)
        .map(|_| {
            let (reader, stop, reads, failures) = (reader.clone(), stop.clone(), reads.clone(), failures.clone());
            tokio::spawn(async move {
                while !stop.load(Ordering::Relaxed) {
                    let rows = reader
                        .query_all_raw(Statement::from_string(
                            reader.get_database_backend(),
                            "SELECT id, question FROM faqs WHERE status = 'active' ORDER BY display_order".to_owned(),
                        ))
                        .await;
                    match rows {
                        Ok(rows) if rows.len() == SEEDED => reads.fetch_add(1, Ordering::Relaxed),
                        _ => failures.fetch_add(1, Ordering::Relaxed),
                    };
                    tokio::task::yield_now().await;
                }
            })
        })
        .collect();
    while reads.load(Ordering::Relaxed) < 10 {
        tokio::task::yield_now().await;
    }

    // This version starts: it migrates, then serves.
    let before = reads.load(Ordering::Relaxed);
    let db = atelier_adapters_db::connect(&config.database_url).await.unwrap();
    atelier_adapters_db::migrations::run(&db).await.unwrap();
    let during = reads.load(Ordering::Relaxed) - before;
    assert!(Migrator::get_pending_migrations(&db).await.unwrap().is_empty(), "fully migrated");
    let app = atelier::startup::Application::build(&config).await.unwrap();
    let address = format!("http://127.0.0.1:{}", app.port());
    tokio::spawn(app.run_until_stopped());
    let after = reads.load(Ordering::Relaxed);
    while reads.load(Ordering::Relaxed) < after + 10 {
        tokio::task::yield_now().await;
    }
    stop.store(true, Ordering::Relaxed);
    for reader in readers {
        reader.await.unwrap();
    }
    assert_eq!(failures.load(Ordering::Relaxed), 0, "every read answered, during and after the migration");
    assert!(during > 0 || before > 0, "reads ran while the database was migrated");

    let list: serde_json::Value =
        reqwest::get(format!("{address}/api/faqs?limit=100")).await.unwrap().json().await.unwrap();
    assert_eq!(list["pagination"]["total"], SEEDED, "this version serves the old content: {list}");
    let first = &list["data"][0];
    assert_eq!(first["question"], "Old question 0?");
    let one = reqwest::get(format!("{address}/api/faqs/{}", first["_id"].as_str().unwrap())).await.unwrap();
    assert_eq!(one.status(), 200);
}
