//! `atelier backup` and `atelier restore`: one archive holding a consistent snapshot of the SQLite
//! database, the uploaded files kept in the data folder and the generated token secret.
//!
//! The snapshot is taken with SQLite's `VACUUM INTO` through an ordinary connection, so it is
//! consistent while the server keeps writing (the live file, its WAL and its shared memory are never
//! copied). The archive is a gzip-compressed tar (the `tar` and `flate2` crates) laid out as the data
//! folder is, plus a small manifest:
//!
//! ```text
//! atelier-backup.json   what wrote it, and when
//! atelier.db            the database snapshot
//! jwt-secret            the generated token secret, when the data folder holds one
//! media/...             uploaded files, when they are kept in the data folder
//! ```

use std::fs::File;
use std::io::{BufReader, BufWriter};
use std::path::{Path, PathBuf};

use anyhow::Context;
use flate2::Compression;
use flate2::read::GzDecoder;
use flate2::write::GzEncoder;
use serde::{Deserialize, Serialize};

use crate::config::Config;
use crate::secret::SECRET_FILE;

/// The manifest's name inside an archive.
const MANIFEST: &str = "atelier-backup.json";
/// The database snapshot's name inside an archive.
const DATABASE: &str = "atelier.db";
/// The uploads folder's name, inside an archive and inside the data folder.
const MEDIA: &str = "media";
/// The archive layout this version writes and reads.
const FORMAT: u32 = 1;

/// Said wherever a PostgreSQL deployment asks for a backup or a restore.
const POSTGRES_POINTER: &str = "backup and restore copy a SQLite database; back up a PostgreSQL deployment \
     with pg_dump and pg_restore, plus its media bucket or media folder (see \"Backups\" in the README)";

#[derive(Debug, Serialize, Deserialize)]
struct Manifest {
    format: u32,
    /// The version of Atelier that wrote the archive.
    version: String,
    created_at: chrono::DateTime<chrono::Utc>,
    /// Whether the archive holds the uploads (false when they are kept in a bucket).
    media: bool,
}

/// What a backup wrote.
#[derive(Debug)]
pub struct BackupSummary {
    pub archive: PathBuf,
    /// Files copied from the uploads folder; `None` when uploads are kept in a bucket.
    pub media_files: Option<usize>,
    pub bytes: u64,
}

/// Writes a consistent snapshot of the configured SQLite database, the uploads kept in the data folder
/// and the generated token secret to `archive`, while the server may be running. The archive appears
/// whole or not at all: it is written beside its final name, then renamed.
///
/// # Errors
/// On PostgreSQL, when there is no database to back up, or when reading or writing fails.
pub async fn backup(config: &Config, archive: &Path) -> anyhow::Result<BackupSummary> {
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
    let manifest = Manifest {
        format: FORMAT,
        version: env!("CARGO_PKG_VERSION").to_owned(),
        created_at: chrono::Utc::now(),
        media,
    };
    append_bytes(&mut tar, MANIFEST, &serde_json::to_vec_pretty(&manifest)?)?;
    tar.append_path_with_name(&snapshot, DATABASE).context("failed to archive the database snapshot")?;
    let secret = config.data_dir.join(SECRET_FILE);
    if secret.is_file() {
        tar.append_path_with_name(&secret, SECRET_FILE).context("failed to archive the token secret")?;
    }
    let media_files = if media {
        let mut count = 0;
        let uploads = config.media_dir();
        if uploads.is_dir() {
            count = append_folder(&mut tar, &uploads, Path::new(MEDIA))?;
        }
        Some(count)
    } else {
        None
    };
    let writer = tar.into_inner().context("failed to finish the archive")?.finish().context("failed to compress")?;
    let file =
        writer.into_inner().map_err(std::io::IntoInnerError::into_error).context("failed to write the archive")?;
    file.sync_all().context("failed to write the archive")?;
    drop(file);
    std::fs::rename(&partial, archive).with_context(|| format!("failed to write {}", archive.display()))?;
    let bytes = std::fs::metadata(archive).map(|metadata| metadata.len()).unwrap_or_default();
    Ok(BackupSummary { archive: archive.to_owned(), media_files, bytes })
}

/// What a restore put back.
#[derive(Debug)]
pub struct RestoreSummary {
    pub data_dir: PathBuf,
    pub media_files: usize,
    pub created_at: chrono::DateTime<chrono::Utc>,
}

/// Puts an archive written by [`backup`] back into the configured data folder. A data folder that
/// holds anything is left alone unless `force` is given; then its database, uploads and token secret
/// are replaced. The archive is unpacked and its database checked before anything is replaced. The
/// server must not be running on that folder.
///
/// # Errors
/// On PostgreSQL, when the data folder is not empty and `force` is not given, when the file is not an
/// Atelier backup or its database fails SQLite's integrity check, or when reading or writing fails.
pub async fn restore(config: &Config, archive: &Path, force: bool) -> anyhow::Result<RestoreSummary> {
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
    let manifest: Manifest = std::fs::read(staging.path().join(MANIFEST))
        .ok()
        .and_then(|bytes| serde_json::from_slice(&bytes).ok())
        .with_context(|| format!("{} is not an Atelier backup: it has no {MANIFEST}", archive.display()))?;
    anyhow::ensure!(
        manifest.format == FORMAT,
        "{} was written in backup format {}, which this version (format {FORMAT}) cannot read",
        archive.display(),
        manifest.format
    );
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
    Ok(RestoreSummary { data_dir: data_dir.clone(), media_files, created_at: manifest.created_at })
}

/// The SQLite database file the configuration names; PostgreSQL is refused with a pointer.
fn sqlite_file(config: &Config) -> anyhow::Result<PathBuf> {
    anyhow::ensure!(config.uses_sqlite(), POSTGRES_POINTER);
    let rest = config.database_url.trim_start_matches("sqlite:");
    let rest = rest.strip_prefix("//").unwrap_or(rest);
    let path = rest.split('?').next().unwrap_or_default();
    anyhow::ensure!(
        !path.is_empty() && !path.contains(":memory:"),
        "an in-memory database cannot be backed up or restored"
    );
    Ok(PathBuf::from(path))
}

fn append_bytes<W: std::io::Write>(tar: &mut tar::Builder<W>, name: &str, bytes: &[u8]) -> anyhow::Result<()> {
    let mut header = tar::Header::new_gnu();
    header.set_size(bytes.len() as u64);
    header.set_mode(0o600);
    header.set_mtime(u64::try_from(chrono::Utc::now().timestamp()).unwrap_or_default());
    header.set_cksum();
    tar.append_data(&mut header, name, bytes).with_context(|| format!("failed to archive {name}"))
}

/// Adds the files under `folder` as `name/...`, skipping uploads still being written (`.*.part`).
/// Returns how many files were added.
fn append_folder<W: std::io::Write>(tar: &mut tar::Builder<W>, folder: &Path, name: &Path) -> anyhow::Result<usize> {
    let mut count = 0;
    let mut entries: Vec<_> = std::fs::read_dir(folder)
        .with_context(|| format!("failed to read {}", folder.display()))?
        .collect::<Result<_, _>>()
        .with_context(|| format!("failed to read {}", folder.display()))?;
    entries.sort_by_key(std::fs::DirEntry::file_name);
    for entry in entries {
        let path = entry.path();
        let entry_name = name.join(entry.file_name());
        let kind = entry.file_type().with_context(|| format!("failed to read {}", path.display()))?;
        if kind.is_dir() {
            count += append_folder(tar, &path, &entry_name)?;
        } else if kind.is_file() && !is_partial_upload(&entry.file_name()) {
            match File::open(&path) {
                Ok(mut file) => {
                    tar.append_file(&entry_name, &mut file)
                        .with_context(|| format!("failed to archive {}", path.display()))?;
                    count += 1;
                }
                // Deleted since the folder was listed: it is not in the snapshot either.
                Err(error) if error.kind() == std::io::ErrorKind::NotFound => {}
                Err(error) => return Err(error).with_context(|| format!("failed to read {}", path.display())),
            }
        }
    }
    Ok(count)
}

/// Creates a file only its owner can read: the archive holds the token secret and personal data.
#[cfg(unix)]
fn create_private(path: &Path) -> std::io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new().write(true).create_new(true).mode(0o600).open(path)
}

#[cfg(not(unix))]
fn create_private(path: &Path) -> std::io::Result<File> {
    std::fs::OpenOptions::new().write(true).create_new(true).open(path)
}

fn is_partial_upload(name: &std::ffi::OsStr) -> bool {
    name.to_str()
        .is_some_and(|name| name.starts_with('.') && Path::new(name).extension().is_some_and(|ext| ext == "part"))
}

fn count_files(folder: &Path) -> anyhow::Result<usize> {
    let mut count = 0;
    for entry in std::fs::read_dir(folder).with_context(|| format!("failed to read {}", folder.display()))? {
        let entry = entry?;
        count += if entry.file_type()?.is_dir() { count_files(&entry.path())? } else { 1 };
    }
    Ok(count)
}

fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

fn remove_file(path: &Path) -> anyhow::Result<()> {
    match std::fs::remove_file(path) {
        Err(error) if error.kind() != std::io::ErrorKind::NotFound => {
            Err(error).with_context(|| format!("failed to remove {}", path.display()))
        }
        _ => Ok(()),
    }
}

fn move_into_place(from: &Path, to: &Path) -> anyhow::Result<()> {
    std::fs::rename(from, to).with_context(|| format!("failed to move {} to {}", from.display(), to.display()))
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
    fn postgres_and_memory_databases_are_refused_with_a_pointer() {
        let error = sqlite_file(&config("postgres://app@db/atelier")).unwrap_err().to_string();
        assert!(error.contains("pg_dump") && error.contains("README"), "{error}");
        assert!(sqlite_file(&config("sqlite::memory:")).is_err());
    }

    #[test]
    fn uploads_in_progress_are_skipped() {
        assert!(is_partial_upload(std::ffi::OsStr::new(".abcd.123.part")));
        assert!(!is_partial_upload(std::ffi::OsStr::new("abcd.webp")));
    }
}
