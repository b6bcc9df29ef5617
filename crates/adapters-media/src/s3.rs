//! Files in an S3-compatible bucket (AWS S3, `MinIO`, Ceph, Cloudflare R2, …), so several instances
//! share one library. Through `rust-s3` over reqwest with rustls.

use std::ops::Range;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use atelier_application::media::ports::BlobStorage;
use atelier_domain::media::key_format;
use s3::creds::Credentials;
use s3::{Bucket, Region};

/// How long one request to the bucket may take.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// Where the bucket is and how to reach it.
#[derive(Clone)]
pub struct S3Settings {
    pub bucket: String,
    /// The service's address, e.g. `http://127.0.0.1:9000`; `None` for AWS itself (from the region).
    pub endpoint: Option<String>,
    pub region: String,
    pub access_key: String,
    pub secret_key: String,
    /// Addresses objects as `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint>/<key>` (most
    /// self-hosted services need it).
    pub path_style: bool,
}

impl std::fmt::Debug for S3Settings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("S3Settings")
            .field("bucket", &self.bucket)
            .field("endpoint", &self.endpoint)
            .field("region", &self.region)
            .field("access_key", &self.access_key)
            .field("secret_key", &"***")
            .field("path_style", &self.path_style)
            .finish()
    }
}

/// Objects named by their key at the bucket's root. Each object is written in one request, so a
/// reader sees the whole file or none of it.
#[derive(Clone)]
pub struct S3Storage {
    bucket: Arc<Bucket>,
}

impl std::fmt::Debug for S3Storage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("S3Storage").field("bucket", &self.bucket.name()).field("url", &self.bucket.url()).finish()
    }
}

impl S3Storage {
    /// A storage in the bucket `settings` name. Nothing is sent until the first file is stored or read.
    ///
    /// # Errors
    /// When the settings cannot describe a bucket (an unknown AWS region, a malformed endpoint).
    pub fn new(settings: &S3Settings) -> anyhow::Result<Self> {
        let region = match &settings.endpoint {
            Some(endpoint) => Region::Custom { region: settings.region.clone(), endpoint: endpoint.clone() },
            None => settings.region.parse().with_context(|| format!("unknown S3 region {:?}", settings.region))?,
        };
        let credentials = Credentials::new(Some(&settings.access_key), Some(&settings.secret_key), None, None, None)
            .context("invalid S3 credentials")?;
        let mut bucket = Bucket::new(&settings.bucket, region, credentials)
            .context("invalid S3 bucket settings")?
            .with_request_timeout(REQUEST_TIMEOUT)
            .context("invalid S3 request timeout")?;
        if settings.path_style {
            bucket = bucket.with_path_style();
        }
        Ok(Self { bucket: Arc::from(bucket) })
    }

    /// The bucket's name and address, for the log.
    pub fn describe(&self) -> String {
        format!("{} at {}", self.bucket.name(), self.bucket.url())
    }

    /// `key` as an object name, once checked: only keys the library makes.
    fn object(key: &str) -> anyhow::Result<&str> {
        anyhow::ensure!(key_format(key).is_some(), "not a media key: {key:?}");
        Ok(key)
    }
}

/// The folder of the bucket scheduled backups go to (`ATELIER_BACKUP_TO=bucket`).
pub const BACKUPS: &str = "backups/";

/// A backup's name as an object name under [`BACKUPS`], once checked: one plain file name.
fn backup_object(name: &str) -> anyhow::Result<String> {
    anyhow::ensure!(
        !name.is_empty()
            && !name.starts_with('.')
            && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_')),
        "not a backup's name: {name:?}"
    );
    Ok(format!("{BACKUPS}{name}"))
}

/// Scheduled backups kept in the media bucket, under [`BACKUPS`]: media keys never start so, so the
/// two never meet.
impl S3Storage {
    /// Uploads the file at `path` as the backup `name`, streamed (in parts when it is large); the
    /// object appears once the whole file is in.
    ///
    /// # Errors
    /// When the file cannot be read or the bucket refuses it.
    pub async fn put_backup(&self, name: &str, path: &std::path::Path) -> anyhow::Result<()> {
        let object = backup_object(name)?;
        let mut file =
            tokio::fs::File::open(path).await.with_context(|| format!("failed to read {}", path.display()))?;
        let response = self
            .bucket
            .put_object_stream_with_content_type(&mut file, &object, "application/gzip")
            .await
            .with_context(|| format!("failed to upload the backup {name} to the bucket"))?;
        succeeded(response.status_code(), "uploading the backup", name)
    }

    /// The names of the backups in the bucket.
    ///
    /// # Errors
    /// When the bucket cannot be listed.
    pub async fn list_backups(&self) -> anyhow::Result<Vec<String>> {
        let pages =
            self.bucket.list(BACKUPS.to_owned(), None).await.context("failed to list the backups in the bucket")?;
        Ok(pages
            .into_iter()
            .flat_map(|page| page.contents)
            .filter_map(|object| object.key.strip_prefix(BACKUPS).map(str::to_owned))
            .filter(|name| !name.is_empty() && !name.contains('/'))
            .collect())
    }

    /// Drops the backup `name` from the bucket.
    ///
    /// # Errors
    /// When the bucket refuses.
    pub async fn delete_backup(&self, name: &str) -> anyhow::Result<()> {
        let object = backup_object(name)?;
        let response = self
            .bucket
            .delete_object(&object)
            .await
            .with_context(|| format!("failed to delete the backup {name} from the bucket"))?;
        if response.status_code() == 404 {
            return Ok(());
        }
        succeeded(response.status_code(), "deleting the backup", name)
    }

    /// The backup `name`'s bytes, for a test or a download; `None` when there is none.
    ///
    /// # Errors
    /// When the bucket cannot be read.
    pub async fn get_backup(&self, name: &str) -> anyhow::Result<Option<Vec<u8>>> {
        let object = backup_object(name)?;
        let response =
            self.bucket.get_object(&object).await.with_context(|| format!("failed to read the backup {name}"))?;
        if response.status_code() == 404 {
            return Ok(None);
        }
        succeeded(response.status_code(), "reading the backup", name)?;
        Ok(Some(response.to_vec()))
    }
}

/// Fails unless the bucket answered with a success; names the operation and the status.
fn succeeded(status: u16, what: &str, key: &str) -> anyhow::Result<()> {
    anyhow::ensure!((200..300).contains(&status), "the bucket answered {status} to {what} {key}");
    Ok(())
}

impl BlobStorage for S3Storage {
    async fn put(&self, key: &str, bytes: Arc<[u8]>, content_type: &str) -> anyhow::Result<()> {
        let object = Self::object(key)?;
        let response = self
            .bucket
            .put_object_with_content_type(object, &bytes, content_type)
            .await
            .with_context(|| format!("failed to store {key} in the bucket"))?;
        succeeded(response.status_code(), "storing", key)
    }

    async fn get(&self, key: &str) -> anyhow::Result<Option<Vec<u8>>> {
        let object = Self::object(key)?;
        let response =
            self.bucket.get_object(object).await.with_context(|| format!("failed to read {key} from the bucket"))?;
        if response.status_code() == 404 {
            return Ok(None);
        }
        succeeded(response.status_code(), "reading", key)?;
        Ok(Some(response.to_vec()))
    }

    async fn size(&self, key: &str) -> anyhow::Result<Option<u64>> {
        let object = Self::object(key)?;
        let (head, status) = self
            .bucket
            .head_object(object)
            .await
            .with_context(|| format!("failed to read the size of {key} in the bucket"))?;
        if status == 404 {
            return Ok(None);
        }
        succeeded(status, "sizing", key)?;
        let length = head.content_length.with_context(|| format!("the bucket gave no size for {key}"))?;
        Ok(Some(u64::try_from(length).with_context(|| format!("the bucket gave a negative size for {key}"))?))
    }

    async fn get_range(&self, key: &str, range: Range<u64>) -> anyhow::Result<Option<Vec<u8>>> {
        let object = Self::object(key)?;
        if range.is_empty() {
            return Ok(self.size(key).await?.map(|_| Vec::new()));
        }
        let response = self
            .bucket
            .get_object_range(object, range.start, Some(range.end - 1))
            .await
            .with_context(|| format!("failed to read bytes {range:?} of {key} from the bucket"))?;
        match response.status_code() {
            404 => return Ok(None),
            416 => anyhow::bail!("the range {range:?} starts past the end of {key}"),
            status => succeeded(status, "reading a range of", key)?,
        }
        let bytes = response.to_vec();
        // A bucket answers a range that runs past the end with what there is.
        anyhow::ensure!(
            bytes.len() as u64 == range.end - range.start,
            "the range {range:?} passes the end of {key} ({} bytes read)",
            bytes.len()
        );
        Ok(Some(bytes))
    }

    async fn delete(&self, key: &str) -> anyhow::Result<()> {
        let object = Self::object(key)?;
        let response = self
            .bucket
            .delete_object(object)
            .await
            .with_context(|| format!("failed to delete {key} from the bucket"))?;
        // Deleting a missing object succeeds (204) on S3; some services answer 404.
        if response.status_code() == 404 {
            return Ok(());
        }
        succeeded(response.status_code(), "deleting", key)
    }
}
