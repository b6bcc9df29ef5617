//! The S3-compatible bucket keeps the contract, against moto's S3 server started by the test on a
//! free local port. `just s3-test-server` installs moto (from the Python package index, into `.tools/moto`); CI's
//! `just test` does it first. Without it the test says so and skips: set `ATELIER_TEST_MOTO_SERVER`
//! to another `moto_server` to use that one.

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use atelier_adapters_media::{S3Settings, S3Storage, Storage};
use atelier_application::media::ports::BlobStorage;
use atelier_domain::media::{MediaFormat, content_hash, original_key};
use s3::creds::Credentials;
use s3::{Bucket, BucketConfiguration, Region};

use crate::contract;

/// A moto server, stopped when dropped.
struct MotoServer {
    child: Child,
    endpoint: String,
}

impl Drop for MotoServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn moto_binary() -> Option<PathBuf> {
    let configured = std::env::var_os("ATELIER_TEST_MOTO_SERVER").map(PathBuf::from);
    let installed = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../.tools/moto/bin/moto_server");
    configured.or(Some(installed)).filter(|path| path.is_file())
}

/// Starts moto on a free port and waits until it answers; `None` (with the reason printed) when
/// moto is not installed.
fn start_moto() -> Option<MotoServer> {
    let Some(binary) = moto_binary() else {
        eprintln!(
            "SKIPPED: no moto_server found (run `just s3-test-server`, or set ATELIER_TEST_MOTO_SERVER): \
             the S3 storage contract was not checked"
        );
        return None;
    };
    let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let child = Command::new(&binary)
        .args(["-H", "127.0.0.1", "-p", &port.to_string()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|error| panic!("failed to start {}: {error}", binary.display()));
    let server = MotoServer { child, endpoint: format!("http://127.0.0.1:{port}") };
    let started = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(started.elapsed() < Duration::from_secs(30), "moto did not start within 30 s");
        std::thread::sleep(Duration::from_millis(100));
    }
    Some(server)
}

fn settings(server: &MotoServer, bucket: &str) -> S3Settings {
    S3Settings {
        bucket: bucket.into(),
        endpoint: Some(server.endpoint.clone()),
        region: "eu-west-1".into(),
        access_key: "atelier-test".into(),
        secret_key: "atelier-test-secret".into(),
        path_style: true,
    }
}

/// Creates a bucket (outside us-east-1, where a location constraint would be refused).
async fn create_bucket(server: &MotoServer, name: &str) {
    let region = Region::Custom { region: "eu-west-1".into(), endpoint: server.endpoint.clone() };
    let credentials = Credentials::new(Some("atelier-test"), Some("atelier-test-secret"), None, None, None).unwrap();
    let created = Bucket::create_with_path_style(name, region, credentials, BucketConfiguration::default())
        .await
        .expect("moto creates the bucket");
    assert!(created.success(), "bucket creation answered {}", created.response_code);
}

#[tokio::test]
async fn an_s3_bucket_keeps_the_storage_contract() {
    let Some(server) = start_moto() else { return };
    create_bucket(&server, "atelier-media").await;
    let storage = Storage::S3(S3Storage::new(&settings(&server, "atelier-media")).unwrap());
    contract::check(&storage).await;
}

#[tokio::test]
async fn an_unreachable_or_missing_bucket_is_an_error_not_a_missing_file() {
    let Some(server) = start_moto() else { return };
    let key = original_key(&content_hash(b"anything"), MediaFormat::Png);

    let missing = S3Storage::new(&settings(&server, "no-such-bucket")).unwrap();
    assert!(missing.put(&key, std::sync::Arc::from(&b"x"[..]), "image/png").await.is_err());

    let mut closed = settings(&server, "atelier-media");
    let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    closed.endpoint = Some(format!("http://127.0.0.1:{port}"));
    let unreachable = S3Storage::new(&closed).unwrap();
    assert!(unreachable.get(&key).await.is_err(), "a closed port is an error");
    assert!(unreachable.size(&key).await.is_err());
}

#[tokio::test]
async fn scheduled_backups_are_kept_under_their_own_prefix_beside_the_media() {
    let Some(server) = start_moto() else { return };
    create_bucket(&server, "atelier-backups").await;
    let bucket = S3Storage::new(&settings(&server, "atelier-backups")).unwrap();
    let key = original_key(&content_hash(b"a picture"), MediaFormat::Png);
    bucket.put(&key, std::sync::Arc::from(&b"a picture"[..]), "image/png").await.unwrap();
    let folder = tempfile::tempdir().unwrap();
    // One backup in one request, one over rust-s3's 8 MiB chunk, uploaded in two parts.
    let small: Vec<u8> = (0..1024 * 1024).map(|i: u32| (i % 251) as u8).collect();
    let large: Vec<u8> = (0..9 * 1024 * 1024 + 123).map(|i: u32| (i % 241) as u8).collect();
    for (name, bytes) in
        [("atelier-backup-20261128T000000Z.tar.gz", &small), ("atelier-backup-20261128T060000Z.tar.gz", &large)]
    {
        let file = folder.path().join(name);
        std::fs::write(&file, bytes).unwrap();
        bucket.put_backup(name, &file).await.unwrap();
    }
    let mut names = bucket.list_backups().await.unwrap();
    names.sort();
    assert_eq!(names, ["atelier-backup-20261128T000000Z.tar.gz", "atelier-backup-20261128T060000Z.tar.gz"]);
    let stored = bucket.get_backup("atelier-backup-20261128T000000Z.tar.gz").await.unwrap().unwrap();
    assert!(stored == small, "the whole small file is uploaded");
    let stored = bucket.get_backup("atelier-backup-20261128T060000Z.tar.gz").await.unwrap().unwrap();
    assert_eq!(stored.len(), large.len(), "the whole large file is uploaded");
    assert!(stored == large, "the large file's parts are in order");
    bucket.delete_backup("atelier-backup-20261128T000000Z.tar.gz").await.unwrap();
    assert_eq!(bucket.list_backups().await.unwrap(), ["atelier-backup-20261128T060000Z.tar.gz"]);
    bucket.delete_backup("atelier-backup-20261128T060000Z.tar.gz").await.unwrap();
    assert!(bucket.list_backups().await.unwrap().is_empty());
    assert_eq!(bucket.get(&key).await.unwrap().as_deref(), Some(&b"a picture"[..]), "the media is untouched");
    for name in ["../media", "a/b", ".hidden", ""] {
        assert!(bucket.delete_backup(name).await.is_err(), "{name:?} is not a backup's name");
    }
}
