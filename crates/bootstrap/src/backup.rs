//! `atelier backup` and `atelier restore`: one archive holding a consistent snapshot of the SQLite
//! database, the uploaded files kept in the data folder and the generated token secret; on
//! PostgreSQL, the site's export archive (docs/export.md) stands for it.
//!
//! The snapshot is taken with SQLite's `VACUUM INTO` through an ordinary connection, so it is
//! consistent while the server keeps writing (the live file, its WAL and its shared memory are never
//! copied). The archive is a gzip-compressed tar (the `tar` and `flate2` crates) laid out as the data
//! folder is, plus a small manifest, written last:
//!
//! ```text
//! atelier.db            the database snapshot
//! jwt-secret            the generated token secret, when the data folder holds one
//! media/...             uploaded files, when they are kept in the data folder
//! atelier-backup.json   what wrote it, when, and each file's size and SHA-256
//! ```
//!
//! Format 1 (before the checksums) had the manifest first and no `files`; it is still read.
//! `restore` reads the whole archive and checks it before touching anything.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufReader, BufWriter, Read};
use std::path::{Component, Path, PathBuf};

use anyhow::Context;
use flate2::Compression;
use flate2::read::GzDecoder;
use flate2::write::GzEncoder;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::config::Config;
use crate::secret::SECRET_FILE;

mod files;

use files::{
    Hashing, append_bytes, append_file, append_folder, count_files, create_private, move_into_place, remove_file,
    sibling,
};

/// The manifest's name inside an archive.
const MANIFEST: &str = "atelier-backup.json";
/// The database snapshot's name inside an archive.
const DATABASE: &str = "atelier.db";
/// The uploads folder's name, inside an archive and inside the data folder.
const MEDIA: &str = "media";
/// The archive layout this version writes.
const FORMAT: u32 = 2;
/// The first layout, without checksums, still read.
const FORMAT_WITHOUT_CHECKSUMS: u32 = 1;
/// The export archive's manifest, by which `restore` knows one.
const EXPORT_MANIFEST: &str = atelier_application::site_archive::MANIFEST;

#[derive(Debug, Serialize, Deserialize)]
struct Manifest {
    format: u32,
    /// The version of Atelier that wrote the archive.
    version: String,
    created_at: chrono::DateTime<chrono::Utc>,
    /// Whether the archive holds the uploads (false when they are kept in a bucket).
    media: bool,
    /// Every other file of the archive by its path (format 2 on).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    files: Option<BTreeMap<String, FileDigest>>,
}

/// A file's size and SHA-256 (hexadecimal), as the manifest lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct FileDigest {
    size: u64,
    sha256: String,
}

/// What a backup wrote.
#[derive(Debug)]
pub struct BackupSummary {
    pub archive: PathBuf,
    /// Files copied from the uploads folder (on PostgreSQL: the media files of the export archive);
    /// `None` when uploads are kept in a bucket and not copied.
    pub media_files: Option<usize>,
    pub bytes: u64,
    /// Whether it is the site's export archive (PostgreSQL) rather than a SQLite snapshot.
    pub export: bool,
}

/// Writes a backup of the configured site to `archive`, while the server may be running: on SQLite
/// [`backup_at`]; on PostgreSQL the site's export archive (every record, revision and media file;
/// no accounts or secrets).
///
/// # Errors
/// When there is no database to back up, or when reading or writing fails.
pub async fn backup(config: &Config, archive: &Path) -> anyhow::Result<BackupSummary> {
    if !config.uses_sqlite() {
        let summary = crate::export::export(config, archive).await?;
        return Ok(BackupSummary {
            archive: summary.archive,
            media_files: usize::try_from(summary.manifest.media).ok(),
            bytes: summary.bytes,
            export: true,
        });
    }
    backup_at(config, archive, chrono::Utc::now()).await
}

/// Writes a consistent snapshot of the configured SQLite database, the uploads kept in the data folder
/// and the generated token secret to `archive`, stamped `created_at`, while the server may be
/// running. The archive appears whole or not at all: it is written beside its final name, then
/// renamed.
///
/// # Errors
/// On PostgreSQL, when there is no database to back up, or when reading or writing fails.
pub async fn backup_at(
    config: &Config,
    archive: &Path,
    created_at: chrono::DateTime<chrono::Utc>,
) -> anyhow::Result<BackupSummary> {
    let database = sqlite_file(config)?;
    anyhow::ensure!(database.is_file(), "there is no database at {} to back up", database.display());
    let folder = archive.parent().filter(|parent| !parent.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::fs::create_dir_all(folder).with_context(|| format!("failed to create {}", folder.display()))?;
    let work = tempfile::Builder::new()
        .prefix(".atelier-backup-")
        .tempdir_in(folder)
        .with_context(|| format!("failed to write in {}", folder.display()))?;

    // The snapshot: taken inside one read transaction by SQLite itself, so writes that commit meanwhile
    // are either wholly in it or not at all.
    let snapshot = work.path().join(DATABASE);
    atelier_adapters_db::snapshot_sqlite(&config.database_url, &snapshot).await?;

    // Uploads are copied after the snapshot: a file is written before its row, so every upload the
    // snapshot names is on disk (files uploaded meanwhile come along unused). Only an item deleted
    // during the backup can be named by the snapshot and lack its file.
    let media = config.s3.is_none();
    let partial = work.path().join("archive.tar.gz");
    let file = create_private(&partial).with_context(|| format!("failed to create {}", partial.display()))?;
    let mut tar = tar::Builder::new(GzEncoder::new(BufWriter::new(file), Compression::default()));
    let mut files = BTreeMap::new();
    append_file(&mut tar, &snapshot, Path::new(DATABASE), &mut files)
        .context("failed to archive the database snapshot")?;
    let secret = config.data_dir.join(SECRET_FILE);
    if secret.is_file() {
        append_file(&mut tar, &secret, Path::new(SECRET_FILE), &mut files)
            .context("failed to archive the token secret")?;
    }
    let media_files = if media {
        let mut count = 0;
        let uploads = config.media_dir();
        if uploads.is_dir() {
            count = append_folder(&mut tar, &uploads, Path::new(MEDIA), &mut files)?;
        }
        Some(count)
    } else {
        None
    };
    let manifest = Manifest {
        format: FORMAT,
        version: env!("CARGO_PKG_VERSION").to_owned(),
        created_at,
        media,
        files: Some(files),
    };
    append_bytes(&mut tar, MANIFEST, &serde_json::to_vec_pretty(&manifest)?)?;
    let writer = tar.into_inner().context("failed to finish the archive")?.finish().context("failed to compress")?;
    let file =
        writer.into_inner().map_err(std::io::IntoInnerError::into_error).context("failed to write the archive")?;
    file.sync_all().context("failed to write the archive")?;
    drop(file);
    std::fs::rename(&partial, archive).with_context(|| format!("failed to write {}", archive.display()))?;
    let bytes = std::fs::metadata(archive).map(|metadata| metadata.len()).unwrap_or_default();
    Ok(BackupSummary { archive: archive.to_owned(), media_files, bytes, export: false })
}

/// What kind of archive a file is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BackupKind {
    /// A SQLite snapshot written by [`backup_at`].
    Snapshot,
    /// The site's export archive (`atelier export`, and the backups of a PostgreSQL deployment).
    Export,
}

/// Tells the two kinds apart by the archive's first entry (a snapshot starts with its database or,
/// in format 1, its manifest; an export with its tables).
///
/// # Errors
/// When the file cannot be opened or is not a gzip-compressed tar of either kind.
pub fn kind_of(archive: &Path) -> anyhow::Result<BackupKind> {
    let file = File::open(archive).with_context(|| format!("failed to open {}", archive.display()))?;
    let mut tar = tar::Archive::new(GzDecoder::new(BufReader::new(file)));
    let not_backup = || format!("{} is not an Atelier backup (a gzip-compressed tar)", archive.display());
    let first = tar.entries().with_context(not_backup)?.next().with_context(not_backup)?.with_context(not_backup)?;
    let path = first.path().with_context(not_backup)?.to_string_lossy().into_owned();
    if path == MANIFEST || path == DATABASE {
        Ok(BackupKind::Snapshot)
    } else if path.starts_with("tables/") || path.starts_with("media/") || path == EXPORT_MANIFEST {
        Ok(BackupKind::Export)
    } else {
        anyhow::bail!("{} is not an Atelier backup: it starts with {path}", archive.display())
    }
}

/// Reads a snapshot archive whole without writing anything: every entry a plain file at a plain
/// relative path, none twice, readable to its end; the manifest present, in a format this version
/// reads; in format 2, every file listed with its size and SHA-256 and matching them, and nothing
/// unlisted. Returns the manifest.
fn check(archive: &Path) -> anyhow::Result<Manifest> {
    let file = File::open(archive).with_context(|| format!("failed to open {}", archive.display()))?;
    let name = archive.display();
    let damaged = |what: &str| format!("{name} is damaged or cut off ({what}): it was not restored");
    let mut tar = tar::Archive::new(GzDecoder::new(BufReader::new(file)));
    let mut found = BTreeMap::new();
    let mut manifest: Option<Manifest> = None;
    for entry in tar.entries().with_context(|| damaged("not a gzip-compressed tar"))? {
        let mut entry = entry.with_context(|| damaged("an entry cannot be read"))?;
        let path = entry.path().with_context(|| damaged("an entry has no readable name"))?.into_owned();
        let shown = path.display().to_string();
        anyhow::ensure!(
            !path.as_os_str().is_empty() && path.components().all(|part| matches!(part, Component::Normal(_))),
            "{name} holds {shown:?}, a path outside the data folder: it was not restored"
        );
        match entry.header().entry_type() {
            tar::EntryType::Regular => {}
            tar::EntryType::Directory => continue,
            other => anyhow::bail!("{name} holds {shown}, which is not a plain file ({other:?}): it was not restored"),
        }
        if shown == MANIFEST {
            let mut bytes = Vec::new();
            entry.read_to_end(&mut bytes).with_context(|| damaged("its manifest cannot be read"))?;
            manifest = Some(
                serde_json::from_slice(&bytes)
                    .with_context(|| format!("{name} is not an Atelier backup: its {MANIFEST} cannot be read"))?,
            );
            continue;
        }
        let mut reader = Hashing { inner: &mut entry, hasher: Sha256::new(), read: 0 };
        std::io::copy(&mut reader, &mut std::io::sink())
            .with_context(|| damaged(&format!("{shown} cannot be read")))?;
        let digest = FileDigest { size: reader.read, sha256: hex(&reader.hasher.finalize()) };
        anyhow::ensure!(
            found.insert(shown.clone(), digest).is_none(),
            "{name} holds {shown} twice: it was not restored"
        );
    }
    let manifest = manifest.with_context(|| format!("{name} is not an Atelier backup: it has no {MANIFEST}"))?;
    anyhow::ensure!(
        manifest.format == FORMAT || manifest.format == FORMAT_WITHOUT_CHECKSUMS,
        "{name} was written in backup format {}, which this version (format {FORMAT}) cannot read",
        manifest.format
    );
    anyhow::ensure!(found.contains_key(DATABASE), "{name} holds no database: it was not restored");
    if manifest.format == FORMAT {
        let listed = manifest.files.as_ref().with_context(|| damaged("its manifest lists no files"))?;
        for (path, digest) in &found {
            let expected = listed.get(path).with_context(|| damaged(&format!("{path} is not in its manifest")))?;
            anyhow::ensure!(
                expected == digest,
                "{name} is damaged: {path} does not match its checksum: it was not restored"
            );
        }
        if let Some(missing) = listed.keys().find(|path| !found.contains_key(*path)) {
            anyhow::bail!("{name} is damaged or cut off: {missing} is missing: it was not restored");
        }
    }
    Ok(manifest)
}

fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    bytes.iter().fold(String::with_capacity(bytes.len() * 2), |mut text, byte| {
        let _ = write!(text, "{byte:02x}");
        text
    })
}

/// What a restore put back.
#[derive(Debug)]
pub struct RestoreSummary {
    pub data_dir: PathBuf,
    pub media_files: usize,
    pub created_at: chrono::DateTime<chrono::Utc>,
    /// Whether it was an export archive, read into the database as `atelier import atelier` does.
    pub export: bool,
}

/// Puts a backup back. A SQLite snapshot ([`backup_at`]) goes into the configured data folder: a
/// folder that holds anything is left alone unless `force` is given; then its database, uploads and
/// token secret are replaced. An export archive (a PostgreSQL deployment's backup) is read into the
/// configured database as `atelier import atelier` does: it must hold no content. Either way the
/// whole archive is read and checked before anything is touched. The server must not be running.
///
/// # Errors
/// When the data folder is not empty and `force` is not given, when the file is not an Atelier
/// backup, is damaged or cut off or its database fails SQLite's integrity check, when a snapshot is
/// restored on PostgreSQL, or when reading or writing fails.
pub async fn restore(config: &Config, archive: &Path, force: bool) -> anyhow::Result<RestoreSummary> {
    if kind_of(archive)? == BackupKind::Export {
        let manifest = crate::export::import(config, archive).await.map_err(|error| anyhow::anyhow!("{error}"))?;
        return Ok(RestoreSummary {
            data_dir: config.data_dir.clone(),
            media_files: usize::try_from(manifest.media).unwrap_or(usize::MAX),
            created_at: manifest.created_at,
            export: true,
        });
    }
    anyhow::ensure!(
        config.uses_sqlite(),
        "{} is a SQLite backup: restore it with DATABASE_URL naming a SQLite file (on PostgreSQL, restore an \
         export archive, which the scheduled backups of a PostgreSQL deployment are)",
        archive.display()
    );
    let database = sqlite_file(config)?;
    let data_dir = &config.data_dir;
    if !force {
        let occupied = std::fs::read_dir(data_dir).is_ok_and(|mut entries| entries.next().is_some());
        anyhow::ensure!(
            !occupied && !database.exists(),
            "the data folder {} is not empty; stop the server and run restore again with --force to replace its \
             database, uploads and token secret",
            data_dir.display()
        );
    }
    // Read whole before anything is written.
    let manifest = check(archive)?;
    let file = File::open(archive).with_context(|| format!("failed to open {}", archive.display()))?;
    std::fs::create_dir_all(data_dir).with_context(|| format!("failed to create {}", data_dir.display()))?;
    let staging = tempfile::Builder::new()
        .prefix(".atelier-restore-")
        .tempdir_in(data_dir)
        .with_context(|| format!("failed to write in {}", data_dir.display()))?;
    // `unpack` keeps every entry inside the staging folder (no absolute paths, no `..`).
    tar::Archive::new(GzDecoder::new(BufReader::new(file)))
        .unpack(staging.path())
        .with_context(|| format!("{} is not an Atelier backup (a gzip-compressed tar)", archive.display()))?;
    let snapshot = staging.path().join(DATABASE);
    anyhow::ensure!(snapshot.is_file(), "{} holds no database", archive.display());
    atelier_adapters_db::check_sqlite_integrity(&snapshot).await?;

    // Replace: the old database with its WAL and shared memory, the uploads and the secret.
    for path in [database.clone(), sibling(&database, "-wal"), sibling(&database, "-shm")] {
        remove_file(&path)?;
    }
    if let Some(parent) = database.parent().filter(|parent| !parent.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).with_context(|| format!("failed to create {}", parent.display()))?;
    }
    move_into_place(&snapshot, &database)?;
    let secret = staging.path().join(SECRET_FILE);
    if secret.is_file() {
        move_into_place(&secret, &data_dir.join(SECRET_FILE))?;
    }
    let media_files = if manifest.media {
        let uploads = config.media_dir();
        if uploads.exists() {
            std::fs::remove_dir_all(&uploads).with_context(|| format!("failed to remove {}", uploads.display()))?;
        }
        let restored = staging.path().join(MEDIA);
        if restored.is_dir() {
            move_into_place(&restored, &uploads)?;
            count_files(&uploads)?
        } else {
            0
        }
    } else {
        0
    };
    Ok(RestoreSummary { data_dir: data_dir.clone(), media_files, created_at: manifest.created_at, export: false })
}

/// The SQLite database file the configuration names; PostgreSQL is refused with a pointer.
fn sqlite_file(config: &Config) -> anyhow::Result<PathBuf> {
    anyhow::ensure!(config.uses_sqlite(), "a SQLite snapshot needs a SQLite database; DATABASE_URL names another");
    let rest = config.database_url.trim_start_matches("sqlite:");
    let rest = rest.strip_prefix("//").unwrap_or(rest);
    let path = rest.split('?').next().unwrap_or_default();
    anyhow::ensure!(
        !path.is_empty() && !path.contains(":memory:"),
        "an in-memory database cannot be backed up or restored"
    );
    Ok(PathBuf::from(path))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::ConfigArgs;

    fn config(url: &str) -> Config {
        Config::load(ConfigArgs { database_url: Some(url.into()), ..ConfigArgs::default() }).unwrap()
    }

    #[test]
    fn the_database_file_comes_from_the_url() {
        assert_eq!(
            sqlite_file(&config("sqlite:///srv/atelier/atelier.db")).unwrap(),
            Path::new("/srv/atelier/atelier.db")
        );
        assert_eq!(sqlite_file(&config("sqlite://./data/a.db?mode=rwc")).unwrap(), Path::new("./data/a.db"));
        assert_eq!(sqlite_file(&config("sqlite:data/a.db")).unwrap(), Path::new("data/a.db"));
    }

    #[test]
    fn postgres_and_memory_databases_have_no_sqlite_file() {
        let error = sqlite_file(&config("postgres://app@db/atelier")).unwrap_err().to_string();
        assert!(error.contains("SQLite"), "{error}");
        assert!(sqlite_file(&config("sqlite::memory:")).is_err());
    }
}
