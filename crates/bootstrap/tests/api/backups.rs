//! Scheduled backups: taken on a clock the test moves (no waiting), while a writer keeps writing;
//! restored into a fresh data folder, they hold every write acknowledged before they began; damaged
//! or cut-off backups are refused with nothing changed.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use atelier::scheduled_backups::BackupSettings;
use atelier_application::backups::Tick;
use atelier_application::backups::ports::{BackupRuns, RunOutcome};
use atelier_application::ports::{Clock, SharedClock};
use chrono::{DateTime, TimeZone, Utc};
use sea_orm::{ConnectionTrait, Statement};
use serde_json::json;

use crate::helpers::{self, spawn_app};

/// A clock the test sets.
#[derive(Debug, Clone)]
struct Moved(Arc<Mutex<DateTime<Utc>>>);

impl Moved {
    fn at(now: DateTime<Utc>) -> Self {
        Self(Arc::new(Mutex::new(now)))
    }

    fn set(&self, now: DateTime<Utc>) {
        *self.0.lock().unwrap() = now;
    }
}

impl Clock for Moved {
    fn now(&self) -> DateTime<Utc> {
        *self.0.lock().unwrap()
    }
}

fn at(hour: u32, minute: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 28, hour, minute, 0).single().unwrap()
}

/// The FAQ ids in the SQLite database at `file`.
async fn faq_ids(file: &Path) -> Vec<String> {
    let db = atelier_adapters_db::connect(&format!("sqlite://{}", file.display())).await.unwrap();
    let rows = db
        .query_all_raw(Statement::from_string(db.get_database_backend(), "SELECT id FROM faqs".to_owned()))
        .await
        .unwrap();
    rows.iter().map(|row| row.try_get::<String>("", "id").unwrap()).collect()
}

/// The backups of `app`'s configuration every six hours, keeping `keep`, on `clock`.
async fn schedule(
    config: &atelier::Config,
    keep: usize,
    clock: &Moved,
) -> (atelier::scheduled_backups::Backups, atelier_adapters_db::SeaOrmStore) {
    let mut config = config.clone();
    config.backups = BackupSettings::parse(Some("6h"), Some(keep), None, &config.data_dir).unwrap();
    let store = atelier::startup::open_store(&config).await.unwrap();
    let blobs = atelier::startup::media_storage(&config).unwrap();
    let backups = atelier::scheduled_backups::scheduled(&config, &store, blobs, SharedClock::new(clock.clone()))
        .unwrap()
        .expect("backups are on");
    (backups, store)
}

fn app_config(app: &helpers::TestApp) -> atelier::Config {
    helpers::config(&app.folder, true)
}

#[tokio::test]
async fn a_scheduled_backup_taken_during_writes_restores_every_acknowledged_write() {
    let app = spawn_app().await;
    let config = app_config(&app);
    let clock = Moved::at(at(6, 1));
    let (mut backups, store) = schedule(&config, 7, &clock).await;

    // A writer that keeps adding FAQs, noting each one the server acknowledged.
    let acknowledged = Arc::new(Mutex::new(Vec::<String>::new()));
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let writer = {
        let (client, url, token) = (
            app.client.clone(),
            app.url("/api/faqs"),
            app.sign_in(helpers::ADMIN_EMAIL, helpers::ADMIN_PASSWORD).await,
        );
        let (acknowledged, stop) = (acknowledged.clone(), stop.clone());
        tokio::spawn(async move {
            let mut number = 0;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                number += 1;
                let body = json!({"question": format!("Question {number}?"), "answer": "Yes."});
                let response = client.post(&url).bearer_auth(&token).json(&body).send().await.unwrap();
                assert_eq!(response.status(), 201);
                let faq: serde_json::Value = response.json().await.unwrap();
                acknowledged.lock().unwrap().push(faq["_id"].as_str().unwrap().to_owned());
            }
        })
    };
    while acknowledged.lock().unwrap().len() < 20 {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let before: Vec<String> = acknowledged.lock().unwrap().clone();
    let tick = backups.tick().await.unwrap();
    let during = acknowledged.lock().unwrap().len();
    tokio::time::sleep(Duration::from_millis(50)).await;
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    writer.await.unwrap();
    let Tick::Written { archive, bytes, pruned: 0 } = tick else { panic!("{tick:?}") };
    assert_eq!(archive, "atelier-backup-20261128T060000Z.tar.gz");
    assert!(bytes > 0);
    assert!(acknowledged.lock().unwrap().len() > during, "the writer kept writing after the backup");
    let last = store.last_finished_backup().await.unwrap().expect("the run is recorded");
    assert_eq!(last.outcome, Some(RunOutcome::Written { archive: archive.clone(), bytes }));
    assert_eq!(backups.tick().await.unwrap(), Tick::NothingToDo, "one backup a period");

    // Restore into a fresh data folder: every write acknowledged before the backup began is there.
    let file = config.data_dir.join("backups").join(&archive);
    let fresh = tempfile::tempdir().unwrap();
    let restored = helpers::config(&fresh, false);
    let summary = atelier::backup::restore(&restored, &file, false).await.unwrap();
    assert!(!summary.export);
    let ids = faq_ids(&restored.data_dir.join("atelier.db")).await;
    let missing: Vec<_> = before.iter().filter(|id| !ids.contains(id)).collect();
    assert!(missing.is_empty(), "acknowledged before the backup and lost: {missing:?}");
    let all = acknowledged.lock().unwrap().clone();
    assert!(ids.iter().filter(|id| all.contains(id)).count() >= before.len());
}

#[tokio::test]
async fn old_backups_beyond_the_number_kept_are_dropped_and_other_files_left() {
    let app = spawn_app().await;
    let config = app_config(&app);
    let clock = Moved::at(at(0, 5));
    let (mut backups, _store) = schedule(&config, 2, &clock).await;
    let folder = config.data_dir.join("backups");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("notes.txt"), "mine").unwrap();
    for hour in [0, 6, 12, 18] {
        clock.set(at(hour, 5));
        assert!(matches!(backups.tick().await.unwrap(), Tick::Written { .. }), "at {hour}:05");
    }
    let mut names: Vec<String> =
        std::fs::read_dir(&folder).unwrap().map(|entry| entry.unwrap().file_name().into_string().unwrap()).collect();
    names.sort();
    assert_eq!(
        names,
        ["atelier-backup-20261128T120000Z.tar.gz", "atelier-backup-20261128T180000Z.tar.gz", "notes.txt"]
    );
}

/// Writes a scheduled backup of a fresh demo site and answers its path (kept alive with the app).
async fn one_backup(app: &helpers::TestApp) -> PathBuf {
    let config = app_config(app);
    let clock = Moved::at(at(12, 0));
    let (mut backups, _store) = schedule(&config, 7, &clock).await;
    let Tick::Written { archive, .. } = backups.tick().await.unwrap() else { panic!("written") };
    config.data_dir.join("backups").join(archive)
}

/// Every file under `folder` with its bytes.
fn contents(folder: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut found = Vec::new();
    if let Ok(entries) = std::fs::read_dir(folder) {
        for entry in entries {
            let path = entry.unwrap().path();
            if path.is_dir() {
                found.extend(contents(&path));
            } else {
                found.push((path.clone(), std::fs::read(&path).unwrap()));
            }
        }
    }
    found.sort();
    found
}

#[tokio::test]
async fn a_damaged_or_cut_off_backup_is_refused_with_nothing_changed() {
    let app = spawn_app().await;
    let good = one_backup(&app).await;
    let bytes = std::fs::read(&good).unwrap();
    let work = tempfile::tempdir().unwrap();

    // An entry changed, the archive otherwise sound: its checksum no longer matches.
    let tampered = work.path().join("tampered.tar.gz");
    {
        let mut input = tar::Archive::new(flate2::read::GzDecoder::new(bytes.as_slice()));
        let output = std::fs::File::create(&tampered).unwrap();
        let mut builder = tar::Builder::new(flate2::write::GzEncoder::new(output, flate2::Compression::fast()));
        for entry in input.entries().unwrap() {
            let mut entry = entry.unwrap();
            let name = entry.path().unwrap().into_owned();
            let mut data = Vec::new();
            std::io::Read::read_to_end(&mut entry, &mut data).unwrap();
            if name == Path::new("atelier.db") {
                let middle = data.len() / 2;
                data[middle] ^= 0xff;
            }
            let mut header = entry.header().clone();
            builder.append_data(&mut header, &name, data.as_slice()).unwrap();
        }
        builder.into_inner().unwrap().finish().unwrap();
    }
    let cases = [
        ("cut off", bytes[..bytes.len() / 2].to_vec(), "damaged or cut off"),
        (
            "flipped",
            {
                let mut flipped = bytes.clone();
                let middle = flipped.len() / 2;
                flipped[middle] ^= 0x55;
                flipped
            },
            "damaged",
        ),
        ("tampered", std::fs::read(&tampered).unwrap(), "does not match its checksum"),
        ("not a backup", b"hello".to_vec(), "not an Atelier backup"),
    ];
    for (case, damaged, said) in cases {
        let file = work.path().join(format!("{case}.tar.gz"));
        std::fs::write(&file, &damaged).unwrap();

        // Into a fresh folder: refused, and the folder is not even made.
        let fresh = tempfile::tempdir().unwrap();
        let config = helpers::config(&fresh, false);
        let error = format!("{:#}", atelier::backup::restore(&config, &file, false).await.unwrap_err());
        assert!(error.contains(said), "{case}: {error}");
        assert!(!config.data_dir.exists(), "{case}: nothing was written");

        // Over a site with --force: refused, and its files are as they were.
        let site = tempfile::tempdir().unwrap();
        let config = helpers::config(&site, false);
        atelier::backup::restore(&config, &good, false).await.unwrap();
        let before = contents(&config.data_dir);
        let error = format!("{:#}", atelier::backup::restore(&config, &file, true).await.unwrap_err());
        assert!(error.contains(said), "{case}: {error}");
        assert_eq!(contents(&config.data_dir), before, "{case}: nothing changed");
    }
}

#[tokio::test]
async fn a_backup_of_the_first_format_without_checksums_still_restores() {
    let app = spawn_app().await;
    let good = one_backup(&app).await;
    let bytes = std::fs::read(&good).unwrap();
    // Format 1: the manifest first, no file list.
    let old = tempfile::tempdir().unwrap();
    let file = old.path().join("old.tar.gz");
    {
        let mut input = tar::Archive::new(flate2::read::GzDecoder::new(bytes.as_slice()));
        let mut entries = Vec::new();
        for entry in input.entries().unwrap() {
            let mut entry = entry.unwrap();
            let name = entry.path().unwrap().into_owned();
            let mut data = Vec::new();
            std::io::Read::read_to_end(&mut entry, &mut data).unwrap();
            if name == Path::new("atelier-backup.json") {
                let mut manifest: serde_json::Value = serde_json::from_slice(&data).unwrap();
                manifest["format"] = json!(1);
                manifest.as_object_mut().unwrap().remove("files");
                data = serde_json::to_vec(&manifest).unwrap();
                entries.insert(0, (name, entry.header().clone(), data));
            } else {
                entries.push((name, entry.header().clone(), data));
            }
        }
        let output = std::fs::File::create(&file).unwrap();
        let mut builder = tar::Builder::new(flate2::write::GzEncoder::new(output, flate2::Compression::fast()));
        for (name, mut header, data) in entries {
            header.set_size(data.len() as u64);
            header.set_cksum();
            builder.append_data(&mut header, &name, data.as_slice()).unwrap();
        }
        builder.into_inner().unwrap().finish().unwrap();
    }
    assert_eq!(atelier::backup::kind_of(&file).unwrap(), atelier::backup::BackupKind::Snapshot);
    let fresh = tempfile::tempdir().unwrap();
    let config = helpers::config(&fresh, false);
    atelier::backup::restore(&config, &file, false).await.unwrap();
    assert!(!faq_ids(&config.data_dir.join("atelier.db")).await.is_empty(), "the demo FAQs are back");
}

#[tokio::test]
async fn on_postgresql_the_scheduled_backup_is_the_export_archive_and_restores_into_an_empty_database() {
    let Some(source) = helpers::Schema::create().await else { return };
    let Some(target) = helpers::Schema::create().await else { return };
    let app = helpers::spawn_app_with(|config| config.database_url = source.url.clone()).await;
    let mut config = app_config(&app);
    config.database_url = source.url.clone();
    let (status, faq) = app.admin().post_json("/api/faqs", &json!({"question": "Kept?", "answer": "Kept."})).await;
    assert_eq!(status, 201, "{faq}");
    let clock = Moved::at(at(18, 0));
    let (mut backups, _store) = schedule(&config, 7, &clock).await;
    let Tick::Written { archive, .. } = backups.tick().await.unwrap() else { panic!("written") };
    let file = config.data_dir.join("backups").join(&archive);
    assert_eq!(atelier::backup::kind_of(&file).unwrap(), atelier::backup::BackupKind::Export);

    let fresh = tempfile::tempdir().unwrap();
    let mut restored = helpers::config(&fresh, false);
    restored.database_url = target.url.clone();
    let summary = atelier::backup::restore(&restored, &file, false).await.unwrap();
    assert!(summary.export);
    let db = atelier_adapters_db::connect(&target.url).await.unwrap();
    let row = db
        .query_one_raw(Statement::from_string(
            db.get_database_backend(),
            format!("SELECT question FROM faqs WHERE id = '{}'", faq["_id"].as_str().unwrap()),
        ))
        .await
        .unwrap();
    assert!(row.is_some(), "the FAQ written before the backup is restored");
    // A second restore into the now filled database is refused.
    let error = format!("{:#}", atelier::backup::restore(&restored, &file, false).await.unwrap_err());
    assert!(error.contains("already holds content"), "{error}");
    drop(db);
    source.drop().await;
    target.drop().await;
}

/// `/api/health`'s answer once `done` holds for it (the server's own schedule writes the backup in
/// the background as soon as it starts); fails after ten seconds.
async fn health_once(app: &helpers::TestApp, done: impl Fn(&serde_json::Value) -> bool) -> (String, serde_json::Value) {
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    loop {
        let response = app.get("/api/health").await;
        assert_eq!(response.status(), 200);
        let text = response.text().await.unwrap();
        let body: serde_json::Value = serde_json::from_str(&text).unwrap();
        if done(&body) {
            return (text, body);
        }
        assert!(std::time::Instant::now() < deadline, "not reached in time: {body}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn health_shows_the_last_scheduled_backup_and_the_next_due_without_where_they_go() {
    let app = helpers::spawn_app_with(|config| {
        config.backups = BackupSettings::parse(Some("6h"), Some(3), None, &config.data_dir).unwrap();
    })
    .await;
    let (text, body) = health_once(&app, |body| body["backups"]["lastOutcome"] != "none").await;
    let backups = &body["backups"];
    assert_eq!(body["status"], "ok");
    assert_eq!(backups["lastOutcome"], "written", "{body}");
    assert_eq!(backups["everySeconds"], 6 * 3600);
    let last: DateTime<Utc> = backups["lastRunAt"].as_str().unwrap().parse().unwrap();
    let next: DateTime<Utc> = backups["nextDueAt"].as_str().unwrap().parse().unwrap();
    let now = Utc::now();
    assert!(last <= now && now - last < chrono::TimeDelta::minutes(1), "{body}");
    assert_eq!(next.timestamp() % (6 * 3600), 0, "a period's start: {body}");
    assert!(next > last && next - last <= chrono::TimeDelta::hours(6), "the next period: {body}");
    let written: Vec<_> = std::fs::read_dir(app.folder.path().join("data").join("backups")).unwrap().collect();
    assert_eq!(written.len(), 1, "the backup shown is on disk");
    for hidden in [app.folder.path().to_str().unwrap(), "atelier-backup-", "/backups"] {
        assert!(!text.contains(hidden), "{hidden:?} shown: {text}");
    }
}

#[tokio::test]
async fn health_shows_a_failed_backup_without_its_reason() {
    // A folder that cannot be made: the reason names it, the probe does not.
    let app = helpers::spawn_app_with(|config| {
        let to = "/dev/null/atelier-hidden-place";
        config.backups = BackupSettings::parse(Some("1h"), None, Some(to), &config.data_dir).unwrap();
    })
    .await;
    let (text, body) = health_once(&app, |body| body["backups"]["lastOutcome"] != "none").await;
    assert_eq!(body["backups"]["lastOutcome"], "failed", "{body}");
    assert_eq!(body["backups"]["everySeconds"], 3600);
    assert!(body["backups"]["lastRunAt"].is_string(), "{body}");
    for hidden in ["/dev/null", "atelier-hidden-place", "error", "Not a directory"] {
        assert!(!text.contains(hidden), "{hidden:?} shown: {text}");
    }
}
