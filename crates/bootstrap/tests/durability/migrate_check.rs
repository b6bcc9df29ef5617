//! `atelier migrate --check`: says whether the database needs migrating and never migrates it.

use std::path::Path;
use std::process::Output;

use crate::server::{Schema, atelier};

fn migrate(data_dir: &Path, database_url: Option<&str>, check: bool) -> Output {
    let mut command = atelier(data_dir, database_url);
    command.arg("migrate");
    if check {
        command.arg("--check");
    }
    command.output().expect("atelier runs")
}

/// A fresh database: `--check` lists every migration and exits 1, twice (it applied none); after
/// `atelier migrate` it exits 0.
fn check_then_migrate(data_dir: &Path, database_url: Option<&str>) {
    for _ in 0..2 {
        let pending = migrate(data_dir, database_url, true);
        assert_eq!(pending.status.code(), Some(1), "{pending:?}");
        let listed = String::from_utf8(pending.stdout).unwrap();
        // Log lines (JSON) may come first.
        let names: Vec<&str> = listed.lines().filter(|line| line.starts_with("m20")).collect();
        assert!(names.len() > 10, "{listed}");
        assert!(names.contains(&"m20261122_000001_create_services"), "{listed}");
        assert!(String::from_utf8_lossy(&pending.stderr).contains("migration(s) pending"));
    }
    let migrated = migrate(data_dir, database_url, false);
    assert!(migrated.status.success(), "{migrated:?}");
    let current = migrate(data_dir, database_url, true);
    assert_eq!(current.status.code(), Some(0), "{current:?}");
    assert!(String::from_utf8(current.stdout).unwrap().contains("up to date"));
}

#[test]
fn the_check_lists_pending_migrations_and_applies_none_on_sqlite() {
    let folder = tempfile::tempdir().unwrap();
    let data_dir = folder.path().join("data");
    check_then_migrate(&data_dir, None);
    // The check alone created nothing: the data folder appeared with `atelier migrate`.
    let fresh = folder.path().join("fresh");
    assert_eq!(migrate(&fresh, None, true).status.code(), Some(1));
    assert!(!fresh.exists(), "the check created the data folder");
}

#[tokio::test]
async fn the_check_lists_pending_migrations_and_applies_none_on_postgres() {
    let Some(schema) = Schema::create("migrate_check").await else { return };
    let folder = tempfile::tempdir().unwrap();
    let url = schema.url.clone();
    tokio::task::spawn_blocking(move || check_then_migrate(folder.path(), Some(&url))).await.unwrap();
    schema.drop().await;
}
