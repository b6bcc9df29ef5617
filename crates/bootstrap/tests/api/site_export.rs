//! The whole site's archive: `GET /api/export` (roles, type, audit), and the round trip of the demo
//! site through the archive from SQLite into SQLite and, with `TEST_DATABASE_URL`, from SQLite into
//! PostgreSQL and back, with every public and administrator's read compared.

use std::collections::BTreeSet;
use std::path::Path;

use atelier_adapters_db::archive::{CONTENT_TABLES, EXCLUDED_TABLES, schema_tables};
use atelier_application::site_archive::ArchiveError;
use image::ImageFormat;
use serde_json::Value;

use crate::helpers::{Caller, Schema, TestApp, config, spawn_app, spawn_app_with, spawn_empty_app_with};
use crate::media::{photo, upload};

/// A GET by `caller`.
async fn fetch(caller: Caller<'_>, path: &str) -> reqwest::Response {
    caller.request(reqwest::Method::GET, path).send().await.expect("answered")
}

/// Downloads the archive as the administrator.
async fn download(app: &TestApp) -> Vec<u8> {
    let response = fetch(app.admin(), "/api/export").await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/gzip");
    let disposition = response.headers()["content-disposition"].to_str().unwrap().to_owned();
    let day = chrono::Utc::now().format("%Y-%m-%d");
    assert_eq!(disposition, format!("attachment; filename=\"atelier-export-{day}.tar.gz\""));
    response.bytes().await.unwrap().to_vec()
}

#[tokio::test]
async fn only_the_owner_and_administrators_download_the_archive_and_it_is_audited() {
    let app = spawn_app().await;
    let anonymous = fetch(app.anonymous(), "/api/export").await;
    assert_eq!(anonymous.status(), 401);
    for role in ["editor", "sales"] {
        let token = app.role_token(role).await;
        let answer = fetch(app.with_token(&token), "/api/export").await;
        assert_eq!(answer.status(), 403, "{role}");
    }
    let administrator = app.role_token("administrator").await;
    assert_eq!(fetch(app.with_token(&administrator), "/api/export").await.status(), 200);
    let archive = download(&app).await;
    assert_eq!(&archive[..2], &[0x1f, 0x8b], "gzip");

    let (_, audit) = app.admin().get_json("/api/audit?action=export").await;
    let entries = records(&audit);
    assert!(entries.iter().any(|entry| entry["entityKind"] == "site" && entry["action"] == "export"), "{audit}");
}

#[tokio::test]
async fn every_table_of_the_schema_is_either_content_or_excluded_with_a_reason() {
    let app = spawn_app().await;
    let db = atelier_adapters_db::connect(&format!("sqlite://{}", app.folder.path().join("data/atelier.db").display()))
        .await
        .unwrap();
    let classified: BTreeSet<&str> =
        CONTENT_TABLES.iter().copied().chain(EXCLUDED_TABLES.iter().map(|(table, _)| *table)).collect();
    let tables = schema_tables(&db).await.unwrap();
    let unclassified: Vec<_> = tables.iter().filter(|table| !classified.contains(table.as_str())).collect();
    assert!(
        unclassified.is_empty(),
        "classify these tables in crates/adapters-db/src/archive.rs (CONTENT_TABLES or EXCLUDED_TABLES): \
         {unclassified:?}"
    );
    let gone: Vec<_> = classified.iter().filter(|table| !tables.iter().any(|name| name == *table)).collect();
    assert!(gone.is_empty(), "tables no longer in the schema, to drop from the lists: {gone:?}");
}

/// Every documented GET the archive's content answers (templates, parameters unfilled).
fn readable_templates(document: &Value) -> Vec<String> {
    // Accounts, sessions, the audit log and presence are not in the archive; the exports are files.
    // `/challenge`: a fresh proof-of-work challenge each time, signed with the instance's key.
    let instance_specific = ["/auth", "/admins", "/audit", "/presence", "/export", "/health", "/ready", "/challenge"];
    document["paths"]
        .as_object()
        .unwrap()
        .iter()
        .filter(|(template, item)| {
            item.get("get").is_some()
                && !instance_specific.iter().any(|prefix| template.starts_with(prefix))
                && !template.ends_with("/export")
        })
        .map(|(template, _)| template.clone())
        .collect()
}

/// `template` with its first parameter filled from the list before it (`/blog/posts/{id}`: the
/// first records of `/blog/posts`; `/portfolio/slug/{slug}`: of `/portfolio`), up to three ways.
async fn fill_first_parameter(source: &TestApp, template: &str) -> Vec<String> {
    let Some(start) = template.find('{') else { return vec![template.to_owned()] };
    let end = start + template[start..].find('}').unwrap();
    let parameter = &template[start + 1..end];
    let list = template[..start].trim_end_matches('/');
    let list = list.strip_suffix("/slug").unwrap_or(list);
    let (status, body) = source.admin().get_json(&format!("/api{list}")).await;
    if status != 200 {
        return Vec::new();
    }
    let field = if parameter.to_lowercase().contains("slug") { "slug" } else { parameter };
    records(&body)
        .iter()
        .take(3)
        .filter_map(|record| record[field].as_str().or_else(|| id_of(record)).map(str::to_owned))
        .map(|value| format!("{}{value}{}", &template[..start], &template[end + 1..]))
        .collect()
}

/// The records a list answered: the list itself, or its one field that is a list of records
/// (`blogs`, `media`, `data`, …).
fn records(list: &Value) -> Vec<Value> {
    if let Some(items) = list.as_array() {
        return items.clone();
    }
    list.as_object()
        .into_iter()
        .flat_map(|fields| fields.values())
        .find_map(|value| value.as_array().filter(|items| items.iter().all(Value::is_object)))
        .cloned()
        .unwrap_or_default()
}

/// A record's id, as the API spells it.
fn id_of(record: &Value) -> Option<&str> {
    record["_id"].as_str().or_else(|| record["id"].as_str())
}

/// Times to the microsecond: PostgreSQL keeps no finer time than that, SQLite keeps what it is given.
fn normalised(value: Value) -> Value {
    match value {
        Value::String(text) => Value::String(micros(&text)),
        Value::Array(items) => Value::Array(items.into_iter().map(normalised).collect()),
        Value::Object(fields) => {
            Value::Object(fields.into_iter().map(|(key, value)| (key, normalised(value))).collect())
        }
        other => other,
    }
}

fn micros(text: &str) -> String {
    match chrono::DateTime::parse_from_rfc3339(text) {
        Ok(time) => {
            let time = time.with_timezone(&chrono::Utc);
            chrono::DateTime::from_timestamp_micros(time.timestamp_micros())
                .unwrap()
                .to_rfc3339_opts(chrono::SecondsFormat::Micros, true)
        }
        Err(_) => text.to_owned(),
    }
}

/// Compares one read of both servers, anonymous and as the administrator.
async fn compare(source: &TestApp, target: &TestApp, path: &str) -> usize {
    let mut compared = 0;
    for admin in [false, true] {
        let (source_status, source_body) =
            if admin { source.admin().get_json(path).await } else { source.anonymous().get_json(path).await };
        let (target_status, target_body) =
            if admin { target.admin().get_json(path).await } else { target.anonymous().get_json(path).await };
        assert_eq!(source_status, target_status, "GET {path} (administrator: {admin})");
        assert_eq!(
            normalised(source_body),
            normalised(target_body),
            "GET {path} (administrator: {admin}) answers the same on both instances"
        );
        compared += 1;
    }
    compared
}

/// Exports the seeded site through the API, imports it into a fresh instance on `database_url`
/// (`None`: a SQLite file of its own) and compares every read.
async fn round_trip(source_url: Option<String>, database_url: Option<String>) {
    let source = match &source_url {
        Some(url) => {
            let url = url.clone();
            spawn_app_with(move |config| config.database_url = url).await
        }
        None => spawn_app().await,
    };
    // A media file (with its WebP copies) and a revision, beside the demo content.
    let (status, body) = upload(&source, &[("studio.png", photo(1200, 800, 3, ImageFormat::Png))]).await;
    assert_eq!(status, 201, "{body}");
    // The site's languages travel with the settings.
    let languages = serde_json::json!({"languages": [
        {"tag": "en", "name": "English"}, {"tag": "de", "name": "Deutsch"}, {"tag": "ar", "name": "العربية", "direction": "rtl"}
    ], "untranslatedContent": "hide"});
    let (status, body) = source.admin().put_json("/api/settings", &languages).await;
    assert_eq!(status, 200, "{body}");
    let (_, posts) = source.admin().get_json("/api/blog/posts?pageSize=1").await;
    let post = &records(&posts)[0];
    let path = format!("/api/blog/posts/{}", id_of(post).unwrap());
    let change = source.admin().with_current_version(&path, &serde_json::json!({"title": "Moved intact"})).await;
    let (status, body) = source.admin().put_json(&path, &change).await;
    assert_eq!(status, 200, "{body}");

    let archive = download(&source).await;
    // `atelier export FILE` writes the same rows from the same data.
    let written = tempfile::tempdir().unwrap();
    let mut source_config = config(&source.folder, true);
    if let Some(url) = &source_url {
        source_config.database_url.clone_from(url);
    }
    let exported = atelier::export::export(&source_config, &written.path().join("site.tar.gz"))
        .await
        .expect("the command writes the archive");
    assert!(exported.bytes > 0);
    assert_eq!(exported.manifest.media, 3, "the upload and its two copies");

    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("site.tar.gz");
    std::fs::write(&file, &archive).unwrap();

    // The target: a new instance that has not seeded anything, on SQLite or PostgreSQL.
    let target_folder = tempfile::tempdir().unwrap();
    let mut target_config = config(&target_folder, false);
    if let Some(url) = &database_url {
        target_config.database_url.clone_from(url);
    }
    // A cut-off archive is refused and writes nothing: the whole one is imported after it.
    let cut = folder.path().join("cut.tar.gz");
    std::fs::write(&cut, &archive[..archive.len() - 200]).unwrap();
    let refused = atelier::export::import(&target_config, &cut).await.unwrap_err();
    assert!(matches!(refused, ArchiveError::Refused(_)), "{refused}");

    let manifest = atelier::export::import(&target_config, &file).await.expect("the archive is imported");
    assert_eq!(manifest.media, 3, "the upload and its copies");
    assert_eq!(manifest.tables, exported.manifest.tables, "the command and the download hold the same rows");
    assert!(manifest.tables["revisions"] >= 1);

    // A second import is refused: the instance is no longer empty.
    let again = atelier::export::import(&target_config, &file).await.unwrap_err().to_string();
    assert!(again.contains("already holds content") && again.contains("services"), "{again}");

    let (data_dir, url) = (target_config.data_dir.clone(), target_config.database_url.clone());
    let target = spawn_empty_app_with(move |config| {
        config.data_dir = data_dir;
        config.database_url = url;
    })
    .await;

    let document: Value = serde_json::from_str(&atelier_adapters_http::openapi_json()).unwrap();
    let mut pending = readable_templates(&document);
    let mut compared = 0;
    while let Some(template) = pending.pop() {
        if template.contains('{') {
            pending.extend(fill_first_parameter(&source, &template).await);
        } else {
            compared += compare(&source, &target, &format!("/api{template}")).await;
        }
    }
    assert!(compared > 60, "every list and a sample of every record compared ({compared} reads)");

    // Every media file is served with the same bytes.
    let (_, media) = source.admin().get_json("/api/media?pageSize=100").await;
    let mut files = 0;
    for item in records(&media) {
        let urls = std::iter::once(item["url"].clone())
            .chain(item["variants"].as_array().cloned().unwrap_or_default().into_iter().map(|v| v["url"].clone()));
        for url in urls.filter_map(|url| url.as_str().map(str::to_owned)) {
            let original = fetch(source.anonymous(), &url).await;
            let copied = fetch(target.anonymous(), &url).await;
            assert_eq!(
                (original.status(), copied.status()),
                (reqwest::StatusCode::OK, reqwest::StatusCode::OK),
                "{url}"
            );
            assert_eq!(original.bytes().await.unwrap(), copied.bytes().await.unwrap(), "{url}");
            files += 1;
        }
    }
    assert!(files >= 2, "the upload and its copies are served ({files})");
    assert!(Path::new(&file).exists());
}

#[tokio::test]
async fn the_demo_site_moves_from_sqlite_to_sqlite_through_the_archive() {
    round_trip(None, None).await;
}

#[tokio::test]
async fn the_demo_site_moves_from_sqlite_to_postgresql_through_the_archive() {
    let Some(schema) = Schema::create().await else { return };
    round_trip(None, Some(schema.url.clone())).await;
    schema.drop().await;
}

#[tokio::test]
async fn the_demo_site_moves_from_postgresql_to_sqlite_through_the_archive() {
    let Some(schema) = Schema::create().await else { return };
    round_trip(Some(schema.url.clone()), None).await;
    schema.drop().await;
}

/// `archive` as a version before the site's languages wrote it: the settings' rows without the
/// columns named, the manifest's size and digest of their file made to match.
fn without_columns(archive: &[u8], table: &str, columns: &[&str]) -> Vec<u8> {
    use sha2::Digest;
    use std::fmt::Write as _;
    use std::io::Read;

    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    let mut reader = tar::Archive::new(flate2::read::GzDecoder::new(archive));
    for entry in reader.entries().unwrap() {
        let mut entry = entry.unwrap();
        let path = entry.path().unwrap().to_string_lossy().into_owned();
        let mut bytes = Vec::new();
        entry.read_to_end(&mut bytes).unwrap();
        files.push((path, bytes));
    }
    let name = format!("tables/{table}.jsonl");
    let mut digest = None;
    for (path, bytes) in &mut files {
        if *path != name {
            continue;
        }
        let mut rewritten = String::new();
        for line in String::from_utf8(bytes.clone()).unwrap().lines() {
            let mut row: serde_json::Map<String, Value> = serde_json::from_str(line).unwrap();
            for column in columns {
                assert!(row.remove(*column).is_some(), "the archive holds {column}");
            }
            rewritten.push_str(&serde_json::to_string(&row).unwrap());
            rewritten.push('\n');
        }
        *bytes = rewritten.into_bytes();
        let hex = sha2::Sha256::digest(&bytes).iter().fold(String::new(), |mut hex, byte| {
            let _ = write!(hex, "{byte:02x}");
            hex
        });
        digest = Some(serde_json::json!({"size": bytes.len(), "sha256": hex}));
    }
    let (_, manifest) = files.iter_mut().find(|(path, _)| path == "manifest.json").expect("a manifest");
    let mut document: Value = serde_json::from_slice(manifest).unwrap();
    document["files"][&name] = digest.expect("the archive holds the table");
    *manifest = serde_json::to_vec(&document).unwrap();

    let mut builder = tar::Builder::new(flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast()));
    for (path, bytes) in &files {
        let mut header = tar::Header::new_gnu();
        header.set_size(u64::try_from(bytes.len()).unwrap());
        header.set_mode(0o600);
        header.set_cksum();
        builder.append_data(&mut header, path, bytes.as_slice()).unwrap();
    }
    builder.into_inner().unwrap().finish().unwrap()
}

#[tokio::test]
async fn an_archive_from_before_the_site_had_languages_imports_in_english_only() {
    let source = spawn_app().await;
    let german = serde_json::json!({"languages": [{"tag": "en", "name": "English"}, {"tag": "de", "name": "Deutsch"}]});
    let (status, body) = source.admin().put_json("/api/settings", &german).await;
    assert_eq!(status, 200, "{body}");
    let old = without_columns(&download(&source).await, "settings", &["languages", "untranslated_content"]);
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("old.tar.gz");
    std::fs::write(&file, &old).unwrap();

    let target_folder = tempfile::tempdir().unwrap();
    let target_config = config(&target_folder, false);
    atelier::export::import(&target_config, &file).await.expect("an archive without languages is imported");
    let (data_dir, url) = (target_config.data_dir.clone(), target_config.database_url.clone());
    let target = spawn_empty_app_with(move |config| {
        config.data_dir = data_dir;
        config.database_url = url;
    })
    .await;
    let (_, before) = source.get_json("/api/settings").await;
    let (status, after) = target.get_json("/api/settings").await;
    assert_eq!(status, 200);
    assert_eq!(after["languages"], serde_json::json!([{"tag": "en", "name": "English", "direction": "ltr"}]));
    assert_eq!(after["untranslatedContent"], "fallback");
    assert_eq!((&after["siteName"], &after["version"]), (&before["siteName"], &before["version"]));
}
