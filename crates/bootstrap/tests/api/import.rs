//! `POST /api/import`: a WordPress export (the fixture of `crates/application/tests/fixtures/import`)
//! uploaded with its pictures as a zip; the dry run, the import, the second run, the redirects, the
//! roles, hostile files and the audit log.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::multipart::{Form, Multipart, Part};
use serde_json::Value;

use crate::helpers::{Caller, TestApp, json_of, spawn_app, write_prerendered_pages};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../application/tests/fixtures/import")
}

fn wordpress() -> Vec<u8> {
    std::fs::read(fixtures().join("wordpress.xml")).unwrap()
}

/// The fixture's uploads folder as a zip, entries under `uploads/`.
fn uploads_zip() -> Vec<u8> {
    fn add(zip: &mut zip::ZipWriter<std::io::Cursor<Vec<u8>>>, root: &Path, folder: &Path) {
        for entry in std::fs::read_dir(folder).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                add(zip, root, &path);
            } else {
                let name = format!("uploads/{}", path.strip_prefix(root).unwrap().to_string_lossy());
                let options =
                    zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
                zip.start_file(name, options).unwrap();
                zip.write_all(&std::fs::read(&path).unwrap()).unwrap();
            }
        }
    }
    let root = fixtures().join("wordpress-uploads");
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    add(&mut zip, &root, &root);
    zip.finish().unwrap().into_inner()
}

/// The form: the export as `file`, the zip as `media` when given, and `dryRun`.
fn form(export: Vec<u8>, media: Option<Vec<u8>>, dry_run: bool) -> Form {
    let form =
        Form::new().part("file", Part::bytes(export).file_name("export.xml")).text("dryRun", dry_run.to_string());
    match media {
        Some(bytes) => form.part("media", Part::bytes(bytes).file_name("uploads.zip")),
        None => form,
    }
}

async fn send(caller: Caller<'_>, form: Form) -> (u16, Value) {
    json_of(caller.request(reqwest::Method::POST, "/api/import").multipart(form).send().await.unwrap()).await
}

/// (created, existing) of a kind in a report.
fn count(report: &Value, kind: &str) -> (u64, u64) {
    let counts = report["counts"].as_array().unwrap();
    let entry = counts.iter().find(|count| count["kind"] == kind).unwrap();
    (entry["created"].as_u64().unwrap(), entry["existing"].as_u64().unwrap())
}

async fn post_exists(app: &TestApp, slug: &str) -> bool {
    app.get(&format!("/api/blog/public/posts/slug/{slug}")).await.status() == 200
}

/// The status and `Location` of an anonymous GET.
async fn answer(app: &TestApp, path: &str) -> (u16, Option<String>) {
    let response = app.get(path).await;
    let location = response.headers().get("location").map(|value| value.to_str().unwrap().to_owned());
    (response.status().as_u16(), location)
}

#[tokio::test]
async fn a_dry_run_writes_nothing_the_import_writes_once_and_old_addresses_lead_to_the_posts() {
    let app = spawn_app().await;
    // The site's pages, so an address that is none of them answers 404 (where redirects apply).
    write_prerendered_pages(&app);
    let (status, dry) = send(app.admin(), form(wordpress(), Some(uploads_zip()), true)).await;
    assert_eq!(status, 200, "{dry}");
    assert_eq!((dry["platform"].as_str(), dry["dryRun"].as_bool()), (Some("wordpress"), Some(true)));
    assert_eq!(count(&dry, "post"), (34, 0));
    assert_eq!(count(&dry, "media"), (12, 0));
    assert!(dry["records"].as_array().unwrap().iter().all(|record| record["outcome"] != "created"), "{dry}");
    assert!(!post_exists(&app, "post-number-1").await, "a dry run writes nothing");
    assert_eq!(answer(&app, "/2020/02/02/post-number-1/").await.0, 404);

    let (status, done) = send(app.admin(), form(wordpress(), Some(uploads_zip()), false)).await;
    assert_eq!(status, 200, "{done}");
    assert_eq!(count(&done, "post"), (34, 0));
    assert_eq!(count(&done, "media"), (12, 0));
    assert!(
        done["problems"]
            .as_array()
            .unwrap()
            .iter()
            .any(|problem| problem.as_str().unwrap().contains("lost.png is kept at its old address"))
    );
    assert!(post_exists(&app, "post-number-1").await);
    let redirect =
        done["redirects"].as_array().unwrap().iter().find(|line| line["from"] == "/2020/02/02/post-number-1/");
    assert_eq!(
        redirect.map(|line| (line["to"].clone(), line["outcome"].clone())),
        Some(("/blog/post-number-1".into(), "created".into()))
    );
    assert_eq!(answer(&app, "/2020/02/02/post-number-1/").await, (301, Some("/blog/post-number-1".to_owned())));
    assert_eq!(answer(&app, "/2020/02/post-number-1/").await, (301, Some("/blog/post-number-1".to_owned())));

    let (status, again) = send(app.admin(), form(wordpress(), Some(uploads_zip()), false)).await;
    assert_eq!(status, 200, "{again}");
    for kind in ["post", "page", "category", "tag", "media", "redirect"] {
        assert_eq!(count(&again, kind).0, 0, "{kind}: {again}");
    }
    assert_eq!(count(&again, "post"), (0, 34));
}

/// The audit log's entries about `kind` (newest first, at most 100).
async fn audited(app: &TestApp, kind: &str) -> Vec<Value> {
    let (status, log) = app.admin().get_json(&format!("/api/audit?entity={kind}&limit=100")).await;
    assert_eq!(status, 200, "{log}");
    log["entries"].as_array().unwrap().clone()
}

#[tokio::test]
async fn each_record_and_the_import_are_in_the_audit_log_under_the_importing_account() {
    let app = spawn_app().await;
    let token = app.role_token("administrator").await;
    let (status, report) = send(app.with_token(&token), form(wordpress(), None, false)).await;
    assert_eq!(status, 200, "{report}");

    let imports = audited(&app, "import").await;
    assert_eq!(imports.len(), 1, "{imports:#?}");
    let whole = &imports[0];
    assert_eq!((whole["action"].as_str(), whole["actorName"].as_str()), (Some("import"), Some("administrator")));
    assert_eq!(whole["entityTitle"], "WordPress export");
    assert_eq!(whole["operation"], "POST /import");
    let summary = whole["summary"].as_array().unwrap();
    assert!(summary.iter().any(|line| line == "posts: 34 created, 0 already there"), "{whole}");

    let posts: Vec<Value> =
        audited(&app, "blog/posts").await.into_iter().filter(|entry| entry["action"] == "import").collect();
    assert_eq!(posts.len(), 34, "one entry per post");
    assert!(posts.iter().all(|entry| entry["actorName"] == "administrator" && entry["operation"] == "POST /import"));
    assert!(posts.iter().any(|entry| entry["entityTitle"] == "Post number 1"), "{posts:#?}");
    for kind in ["categories", "tags", "redirects"] {
        let entries = audited(&app, kind).await;
        assert!(
            entries.iter().any(|entry| entry["action"] == "import" && entry["actorName"] == "administrator"),
            "{kind}: {entries:#?}"
        );
    }

    // A dry run writes nothing, and records nothing.
    assert_eq!(send(app.with_token(&token), form(wordpress(), None, true)).await.0, 200);
    assert_eq!(audited(&app, "import").await.len(), 1);
}

#[tokio::test]
async fn only_the_owner_and_administrators_import() {
    let app = spawn_app().await;
    let anonymous = send(app.anonymous(), form(wordpress(), None, true)).await;
    assert_eq!(anonymous.0, 401);
    for role in ["editor", "author", "sales"] {
        let token = app.role_token(role).await;
        let (status, body) = send(app.with_token(&token), form(wordpress(), None, true)).await;
        assert_eq!(status, 403, "{role}: {body}");
    }
    let token = app.role_token("administrator").await;
    assert_eq!(send(app.with_token(&token), form(wordpress(), None, true)).await.0, 200);
}

/// The part a 422 names, the export, the media zip.
type Case = (&'static str, Vec<u8>, Option<Vec<u8>>);

#[tokio::test]
async fn hostile_or_wrong_files_are_refused_with_a_422_naming_the_part() {
    let app = spawn_app().await;
    let billion_laughs = br#"<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
<rss><channel><item><title>&lol2;</title></item></channel></rss>"#;
    let deep_json = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let cases: [Case; 9] = [
        ("file", billion_laughs.to_vec(), None),
        ("file", deep_json.into_bytes(), None),
        ("file", b"{\"db\": [{\"data\": 5}]}".to_vec(), None),
        ("file", b"<rss><channel><title>A feed</title></channel></rss>".to_vec(), None),
        ("file", b"PK\x03\x04 not an export".to_vec(), None),
        ("file", vec![0xff, 0xfe, 0x3c, 0x00], None),
        ("file", b"   ".to_vec(), None),
        ("media", wordpress(), Some(b"PK\x03\x04 truncated zip".to_vec())),
        ("media", wordpress(), Some(b"<html>not a zip</html>".to_vec())),
    ];
    for (part, export, media) in cases {
        let (status, body) = send(app.admin(), form(export, media, true)).await;
        assert_eq!(status, 422, "{body}");
        assert!(body["errors"][part].is_string(), "{part}: {body}");
        assert!(!body["message"].as_str().unwrap().is_empty(), "{body}");
    }
    let ghost_as_wordpress = Form::new()
        .part("file", Part::bytes(std::fs::read(fixtures().join("ghost.json")).unwrap()).file_name("x.json"))
        .text("platform", "wordpress");
    let (status, body) = send(app.admin(), ghost_as_wordpress).await;
    assert_eq!((status, body["errors"]["file"].is_string()), (422, true), "{body}");
    let (status, body) = send(app.admin(), Form::new().text("dryRun", "true")).await;
    assert_eq!((status, body["errors"]["file"].is_string()), (422, true), "no file: {body}");
    let (status, body) = send(app.admin(), form(wordpress(), None, true).text("platform", "drupal")).await;
    assert_eq!((status, body["errors"]["platform"].is_string()), (422, true), "{body}");
    let (status, body) =
        send(app.admin(), Form::new().part("file", Part::bytes(wordpress())).text("dryRun", "maybe")).await;
    assert_eq!((status, body["errors"]["dryRun"].is_string()), (422, true), "{body}");
    assert!(!post_exists(&app, "post-number-1").await, "nothing was written");
}

#[tokio::test]
async fn an_export_over_the_limit_is_a_413() {
    let app = spawn_app().await;
    let huge = vec![b' '; 64 * 1024 * 1024 + 1];
    let (status, body) = send(app.admin(), form(huge, None, true)).await;
    assert_eq!(status, 413, "{body}");
    assert!(body["message"].as_str().unwrap().starts_with("The export file is larger than"), "{body}");
}

/// An import whose body is still on its way: it holds the instance's import until it is dropped.
async fn slow_import(app: &TestApp, token: &str) -> tokio::net::TcpStream {
    use tokio::io::AsyncWriteExt;

    let host = app.address.trim_start_matches("http://").to_owned();
    let mut stream = tokio::net::TcpStream::connect(&host).await.unwrap();
    let head = format!(
        "POST /api/import HTTP/1.1\r\nHost: {host}\r\nAuthorization: Bearer {token}\r\n\
         Content-Type: multipart/form-data; boundary=BOUNDARY\r\nContent-Length: 1000000\r\n\r\n\
         --BOUNDARY\r\nContent-Disposition: form-data; name=\"file\"; filename=\"export.xml\"\r\n\r\n<?xml"
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    stream
}

#[tokio::test]
async fn one_import_runs_at_a_time() {
    let app = spawn_app().await;
    let token = app.role_token("administrator").await;
    let mut first = slow_import(&app, &token).await;
    // Until the server has read the slow one's head, a probe (a dry run) may run; the slow one may
    // even arrive while a probe runs and be refused itself (it then has an answer): it is sent again.
    let mut refused = None;
    for _ in 0..500 {
        let (status, body) = send(app.admin(), form(wordpress(), None, true)).await;
        if status == 409 {
            refused = Some(body);
            break;
        }
        assert_eq!(status, 200, "{body}");
        let mut byte = [0_u8; 1];
        if !matches!(first.try_read(&mut byte), Err(error) if error.kind() == std::io::ErrorKind::WouldBlock) {
            first = slow_import(&app, &token).await;
        }
    }
    let refused = refused.expect("a second import is refused while one runs");
    assert_eq!(refused["message"], "An import is already running: try again when it has finished");

    // Once the first is given up, imports run again.
    drop(first);
    let mut statuses = Vec::new();
    for _ in 0..500 {
        let (status, _) = send(app.admin(), form(wordpress(), None, true)).await;
        statuses.push(status);
        if status == 200 {
            break;
        }
    }
    assert_eq!(statuses.last(), Some(&200), "{statuses:?}");
}
