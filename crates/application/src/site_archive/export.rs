//! Writing the archive ([`write`]): the rows of one snapshot a table at a time, the media files
//! they name, then the manifest, streamed to a [`ChunkSink`].

use std::collections::BTreeMap;
use std::io::{Read, Seek, Write};

use chrono::{DateTime, Utc};
use flate2::Compression;
use flate2::write::GzEncoder;
use sha2::{Digest, Sha256};

use super::ports::{ContentSnapshot, SiteArchiveRepository};
use super::{FORMAT, FORMAT_VERSION, FileDigest, MANIFEST, MEDIA, Manifest, PAGE, TABLES};
use crate::media::ports::BlobStorage;

/// Where [`write`] hands the archive's compressed bytes as they are made.
pub trait ChunkSink: Send {
    /// Takes the next bytes of the archive.
    ///
    /// # Errors
    /// When the bytes cannot be passed on (a closed download): writing stops.
    fn send(&mut self, chunk: Vec<u8>) -> impl std::future::Future<Output = anyhow::Result<()>> + Send;
}

/// What [`write`] put in the archive.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportSummary {
    pub manifest: Manifest,
    /// Media files a row names that the storage no longer holds (deleted while the archive was
    /// written): left out.
    pub missing_media: Vec<String>,
}

/// Writes the whole site's archive to `sink`: every content table's rows read in one snapshot,
/// then every media file the snapshot names, then the manifest.
///
/// # Errors
/// When the store or the storage fails, or `sink` refuses the bytes.
pub async fn write<R, B, K>(
    repository: &R,
    blobs: &B,
    sink: &mut K,
    created_at: DateTime<Utc>,
    atelier_version: &str,
) -> anyhow::Result<ExportSummary>
where
    R: SiteArchiveRepository,
    B: BlobStorage,
    K: ChunkSink,
{
    use anyhow::Context;
    let mut tar = tar::Builder::new(GzEncoder::new(Vec::new(), Compression::default()));
    let mut manifest = Manifest {
        format: FORMAT.to_owned(),
        format_version: FORMAT_VERSION,
        atelier_version: atelier_version.to_owned(),
        created_at,
        tables: BTreeMap::new(),
        media: 0,
        files: BTreeMap::new(),
    };
    let mut snapshot = repository.snapshot().await?;
    for table in repository.content_tables() {
        let mut spool = tempfile::tempfile().context("failed to create a temporary file")?;
        let mut digest = Sha256::new();
        let (mut rows, mut size) = (0_u64, 0_u64);
        loop {
            let page = snapshot.rows(table, rows, PAGE).await?;
            for row in &page {
                let mut line = serde_json::to_vec(row).context("failed to write a row")?;
                line.push(b'\n');
                spool.write_all(&line).context("failed to write a temporary file")?;
                digest.update(&line);
                size += line.len() as u64;
            }
            rows += page.len() as u64;
            if (page.len() as u64) < PAGE {
                break;
            }
        }
        spool.rewind().context("failed to read a temporary file")?;
        let path = format!("{TABLES}{table}.jsonl");
        append(&mut tar, &path, size, spool)?;
        manifest.tables.insert((*table).to_owned(), rows);
        manifest.files.insert(path, FileDigest { size, sha256: hex(&digest.finalize()) });
        drain(&mut tar, sink).await?;
    }
    let keys = snapshot.media_keys().await?;
    snapshot.finish().await?;

    // Files are read after the snapshot: one deleted meanwhile is left out (its row is in the archive).
    let mut missing_media = Vec::new();
    for key in keys {
        let Some(bytes) = blobs.get(&key).await? else {
            tracing::warn!(%key, "a media file named by the library is missing from the storage; left out");
            missing_media.push(key);
            continue;
        };
        let path = format!("{MEDIA}{key}");
        append(&mut tar, &path, bytes.len() as u64, bytes.as_slice())?;
        manifest.files.insert(path, FileDigest { size: bytes.len() as u64, sha256: hex(&Sha256::digest(&bytes)) });
        manifest.media += 1;
        drain(&mut tar, sink).await?;
    }
    let text = serde_json::to_vec_pretty(&manifest).context("failed to write the manifest")?;
    append(&mut tar, MANIFEST, text.len() as u64, text.as_slice())?;
    let rest = tar.into_inner().context("failed to finish the archive")?.finish().context("failed to compress")?;
    if !rest.is_empty() {
        sink.send(rest).await?;
    }
    Ok(ExportSummary { manifest, missing_media })
}

pub(super) fn append(
    tar: &mut tar::Builder<GzEncoder<Vec<u8>>>,
    path: &str,
    size: u64,
    data: impl Read,
) -> anyhow::Result<()> {
    use anyhow::Context;
    let mut header = tar::Header::new_gnu();
    header.set_size(size);
    header.set_mode(0o600);
    header.set_entry_type(tar::EntryType::Regular);
    header.set_mtime(u64::try_from(Utc::now().timestamp()).unwrap_or_default());
    header.set_cksum();
    tar.append_data(&mut header, path, data).with_context(|| format!("failed to archive {path}"))
}

/// Hands the compressed bytes made so far to `sink`.
async fn drain(tar: &mut tar::Builder<GzEncoder<Vec<u8>>>, sink: &mut impl ChunkSink) -> anyhow::Result<()> {
    let made = std::mem::take(tar.get_mut().get_mut());
    if made.is_empty() { Ok(()) } else { sink.send(made).await }
}

pub(super) fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    bytes.iter().fold(String::with_capacity(bytes.len() * 2), |mut text, byte| {
        let _ = write!(text, "{byte:02x}");
        text
    })
}
