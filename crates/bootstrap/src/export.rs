//! `atelier export FILE` and `atelier import atelier FILE`: the whole site's archive
//! ([`atelier_application::site_archive`], docs/export.md) written from the configured database and
//! media storage, and read into an empty one.

use std::fs::File;
use std::io::{BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;
use atelier_application::site_archive::{self, ArchiveError, ArchiveLimits, ChunkSink, Manifest};

use atelier_adapters_db::SeaOrmStore;
use atelier_adapters_media::Storage;

use crate::config::Config;
use crate::startup::{media_storage, open_store};

/// What an export wrote.
#[derive(Debug)]
pub struct ExportSummary {
    pub archive: PathBuf,
    pub manifest: Manifest,
    pub bytes: u64,
}

/// Writes the archive's bytes to a file.
struct FileSink(BufWriter<File>);

impl ChunkSink for FileSink {
    async fn send(&mut self, chunk: Vec<u8>) -> anyhow::Result<()> {
        self.0.write_all(&chunk).context("failed to write the archive")
    }
}

/// Writes the site's archive to `archive`, while the server may be running. The file appears whole
/// or not at all (written beside its final name, then renamed), readable by its owner only (it holds
/// the inbox).
///
/// # Errors
/// When the database or the media storage cannot be read, or the file cannot be written.
pub async fn export(config: &Config, archive: &Path) -> anyhow::Result<ExportSummary> {
    let store = open_store(config).await?;
    let blobs = media_storage(config)?;
    export_to(&store, &blobs, archive, chrono::Utc::now()).await
}

/// [`export`] from an open store and media storage, stamped `created_at` (the scheduled backups of
/// a PostgreSQL deployment).
///
/// # Errors
/// As [`export`].
pub async fn export_to(
    store: &SeaOrmStore,
    blobs: &Storage,
    archive: &Path,
    created_at: chrono::DateTime<chrono::Utc>,
) -> anyhow::Result<ExportSummary> {
    let folder = archive.parent().filter(|parent| !parent.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::fs::create_dir_all(folder).with_context(|| format!("failed to create {}", folder.display()))?;
    let partial = tempfile::Builder::new()
        .prefix(".atelier-export-")
        .suffix(".part")
        .tempfile_in(folder)
        .with_context(|| format!("failed to write in {}", folder.display()))?;
    let mut sink = FileSink(BufWriter::new(partial.reopen().context("failed to open the archive")?));
    let summary = site_archive::write(store, blobs, &mut sink, created_at, env!("CARGO_PKG_VERSION")).await?;
    let file =
        sink.0.into_inner().map_err(std::io::IntoInnerError::into_error).context("failed to write the archive")?;
    file.sync_all().context("failed to write the archive")?;
    drop(file);
    partial.persist(archive).with_context(|| format!("failed to write {}", archive.display()))?;
    let bytes = std::fs::metadata(archive).map(|metadata| metadata.len()).unwrap_or_default();
    Ok(ExportSummary { archive: archive.to_owned(), manifest: summary.manifest, bytes })
}

/// Reads the archive at `archive` into the configured database, which is migrated first and must
/// hold no content, and its files into the configured media storage.
///
/// # Errors
/// [`ArchiveError::NotEmpty`], [`ArchiveError::Refused`] for a damaged or unsafe archive (nothing is
/// written then), or infrastructure faults.
pub async fn import(config: &Config, archive: &Path) -> Result<Manifest, ArchiveError> {
    // Opened before anything else, so a wrong path is said before the database is touched.
    File::open(archive)
        .map_err(|error| ArchiveError::Refused(format!("{} cannot be opened: {error}", archive.display())))?;
    let store = open_store(config).await?;
    let blobs = media_storage(config)?;
    let open = || File::open(archive).map(BufReader::new);
    Ok(site_archive::import(&store, &blobs, open, ArchiveLimits::default()).await?.manifest)
}
