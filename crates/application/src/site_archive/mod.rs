//! The site archive: the whole site's content, its revisions and its media files in one
//! database-neutral file, written from one instance and read into an empty one on either database
//! (docs/export.md).
//!
//! The archive is a gzip-compressed tar holding
//!
//! ```text
//! tables/<table>.jsonl   one JSON object per row, its columns by name, in dependency order
//! media/<key>            every file the media library names, under its storage key
//! manifest.json          written last: format, versions, time, row counts, the SHA-256 of each file
//! ```
//!
//! [`write`] streams it: the rows are read inside one snapshot a page at a time, each table is
//! spooled to an unnamed temporary file (so memory holds one page and one media file at most) and
//! the compressed bytes are handed to a [`ChunkSink`] as they are made. [`check`] reads an archive
//! without writing anything and refuses a damaged or hostile one (a path out of the archive, a link,
//! an unknown table or column, a file whose digest or count differs from the manifest, more bytes
//! than [`ArchiveLimits`] allow once decompressed). [`import`] checks first, then loads every row
//! in one transaction into a store that holds no content, and stores the files.

mod export;
mod import;
pub mod ports;

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::media::ports::BlobStorage;
use ports::SiteArchiveRepository;

pub use self::export::*;
pub use self::import::*;

/// The `format` every archive's manifest names.
pub const FORMAT: &str = "atelier-export";
/// The layout this version writes and reads.
pub const FORMAT_VERSION: u32 = 1;
/// The manifest's name inside an archive.
pub const MANIFEST: &str = "manifest.json";
/// Where the tables are, inside an archive.
const TABLES: &str = "tables/";
/// Where the media files are, inside an archive.
const MEDIA: &str = "media/";
/// The rows read, spooled or loaded at a time.
const PAGE: u64 = 500;

/// What an archive's `manifest.json` says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Manifest {
    /// Always [`FORMAT`].
    pub format: String,
    /// The layout ([`FORMAT_VERSION`]).
    pub format_version: u32,
    /// The version of Atelier that wrote the archive.
    pub atelier_version: String,
    pub created_at: DateTime<Utc>,
    /// How many rows each table holds.
    pub tables: BTreeMap<String, u64>,
    /// How many media files the archive holds.
    pub media: u64,
    /// Every other file of the archive by its path, with its size and SHA-256 (hexadecimal).
    pub files: BTreeMap<String, FileDigest>,
}

/// One file's size and digest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FileDigest {
    pub size: u64,
    pub sha256: String,
}

/// How much an archive may hold once decompressed: beyond these it is refused (a "zip bomb" stops
/// at the limit, never filling the disk or the memory).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArchiveLimits {
    /// All files together.
    pub total_bytes: u64,
    /// One file (a media file is held in memory while it is stored).
    pub file_bytes: u64,
    /// One row.
    pub row_bytes: u64,
    /// Files in the archive.
    pub files: u64,
}

impl Default for ArchiveLimits {
    fn default() -> Self {
        Self { total_bytes: 32 << 30, file_bytes: 1 << 30, row_bytes: 64 << 20, files: 1_000_000 }
    }
}

/// Why an archive was not read in.
#[derive(Debug, thiserror::Error)]
pub enum ArchiveError {
    /// The file is not an archive this version reads, or it is damaged or unsafe.
    #[error("{0}")]
    Refused(String),
    /// The store already holds content.
    #[error(
        "the database already holds content ({}); an archive is imported into an empty instance only (a new \
         database that has not seeded demo content: set ATELIER_SEED_DEMO=false before its first start)",
        .0.join(", ")
    )]
    NotEmpty(Vec<String>),
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

fn refused(message: impl Into<String>) -> ArchiveError {
    ArchiveError::Refused(message.into())
}

/// The back office's download of the archive: recorded in the audit log before a byte leaves.
#[derive(Debug, Clone)]
pub struct SiteExport<S, C> {
    store: S,
    clock: C,
}

impl<S, C> SiteExport<S, C>
where
    S: SiteArchiveRepository + crate::audit::ports::AuditRepository + Clone,
    C: crate::ports::Clock,
{
    pub fn new(store: S, clock: C) -> Self {
        Self { store, clock }
    }

    /// Records the export in the audit log (an `export` entry for the whole site).
    ///
    /// # Errors
    /// When the entry cannot be stored: the archive must then not be handed out.
    pub async fn record(&self) -> anyhow::Result<()> {
        let change = crate::audit::Change {
            action: Some("export"),
            changed_fields: Some(vec!["whole site".to_owned()]),
            ..crate::audit::Change::default()
        };
        self.store.record_audit_entry(change).await
    }

    /// The day the archive is written, for its file name.
    pub fn today(&self) -> chrono::NaiveDate {
        self.clock.now().date_naive()
    }

    /// Writes the archive ([`write`]) with the files in `blobs`.
    ///
    /// # Errors
    /// As [`write`].
    pub async fn write<B: BlobStorage>(&self, blobs: &B, sink: &mut impl ChunkSink) -> anyhow::Result<ExportSummary> {
        write(&self.store, blobs, sink, self.clock.now(), env!("CARGO_PKG_VERSION")).await
    }
}

#[cfg(test)]
mod tests {
    use std::io::Write as _;

    use flate2::Compression;
    use flate2::write::GzEncoder;
    use sha2::{Digest, Sha256};

    use super::*;

    /// The SHA-256 of `picture`, as an original's key.
    const KEY: &str = "2cea274d0bedc39ec4ab6ba9e59ec889e3ed6fb56a1cf088a64d9b383378dc97.png";
    /// A WebP copy's key (copies are named after their original's content).
    const COPY: &str = "2cea274d0bedc39ec4ab6ba9e59ec889e3ed6fb56a1cf088a64d9b383378dc97-480w.webp";

    fn schema() -> Schema {
        let mut schema = Schema::new();
        schema.insert("faqs".into(), ["id", "question"].into_iter().map(String::from).collect());
        schema
    }

    /// An entry with any name and kind, written without the tar crate's own path checks.
    fn raw_entry(tar: &mut tar::Builder<Vec<u8>>, name: &str, kind: tar::EntryType, data: &[u8]) {
        let mut header = tar::Header::new_gnu();
        header.as_old_mut().name[..name.len()].copy_from_slice(name.as_bytes());
        header.set_size(data.len() as u64);
        header.set_mode(0o600);
        header.set_entry_type(kind);
        if kind == tar::EntryType::Symlink {
            header.set_link_name("/etc/passwd").unwrap();
        }
        header.set_cksum();
        tar.append(&header, data).unwrap();
    }

    fn digest(data: &[u8]) -> FileDigest {
        FileDigest { size: data.len() as u64, sha256: hex(&Sha256::digest(data)) }
    }

    /// A valid archive of two FAQ rows and one media file, changed by `change` before it is packed
    /// (entries as `(name, kind, bytes)`, and the manifest).
    fn archive(change: impl FnOnce(&mut Vec<(String, tar::EntryType, Vec<u8>)>, &mut Manifest)) -> Vec<u8> {
        let rows = b"{\"id\":\"a\",\"question\":\"Why?\"}\n{\"id\":\"b\",\"question\":\"How?\"}\n".to_vec();
        let media = b"picture".to_vec();
        let mut manifest = Manifest {
            format: FORMAT.into(),
            format_version: FORMAT_VERSION,
            atelier_version: "0.1.0".into(),
            created_at: DateTime::parse_from_rfc3339("2026-11-27T10:00:00Z").unwrap().with_timezone(&Utc),
            tables: [("faqs".to_owned(), 2)].into(),
            media: 1,
            files: [("tables/faqs.jsonl".to_owned(), digest(&rows)), (format!("media/{KEY}"), digest(&media))].into(),
        };
        let mut entries = vec![
            ("tables/faqs.jsonl".to_owned(), tar::EntryType::Regular, rows),
            (format!("media/{KEY}"), tar::EntryType::Regular, media),
        ];
        change(&mut entries, &mut manifest);
        let mut tar = tar::Builder::new(Vec::new());
        for (name, kind, data) in &entries {
            raw_entry(&mut tar, name, *kind, data);
        }
        if !entries.iter().any(|(name, ..)| name == MANIFEST) {
            raw_entry(&mut tar, MANIFEST, tar::EntryType::Regular, &serde_json::to_vec(&manifest).unwrap());
        }
        let mut gz = GzEncoder::new(Vec::new(), Compression::default());
        gz.write_all(&tar.into_inner().unwrap()).unwrap();
        gz.finish().unwrap()
    }

    fn refusal(bytes: &[u8]) -> String {
        refusal_within(bytes, ArchiveLimits::default())
    }

    fn refusal_within(bytes: &[u8], limits: ArchiveLimits) -> String {
        match check(bytes, &schema(), limits) {
            Err(ArchiveError::Refused(message)) => message,
            other => panic!("expected a refusal, got {other:?}"),
        }
    }

    #[test]
    fn a_sound_archive_passes_with_its_manifest() {
        let manifest = check(archive(|_, _| {}).as_slice(), &schema(), ArchiveLimits::default()).unwrap();
        assert_eq!(manifest.tables["faqs"], 2);
        assert_eq!(manifest.media, 1);
    }

    #[test]
    fn paths_out_of_the_archive_are_refused() {
        for name in ["../evil", "tables/../../etc/passwd", "/etc/passwd", "media/./x", "tables\\faqs.jsonl"] {
            let bytes = archive(|entries, _| entries.push((name.into(), tar::EntryType::Regular, b"x".to_vec())));
            let message = refusal(&bytes);
            assert!(message.contains("outside its own folder"), "{name}: {message}");
        }
    }

    #[test]
    fn links_and_folders_are_refused() {
        let bytes = archive(|entries, _| entries.push((format!("media/{COPY}"), tar::EntryType::Symlink, Vec::new())));
        assert!(refusal(&bytes).contains("symbolic link"));
        let bytes = archive(|entries, _| entries.push(("media/".into(), tar::EntryType::Directory, Vec::new())));
        assert!(refusal(&bytes).contains("folder"));
        let bytes = archive(|entries, _| entries.push(("tables/x".into(), tar::EntryType::Link, Vec::new())));
        assert!(refusal(&bytes).contains("hard link"));
    }

    #[test]
    fn unknown_tables_columns_files_and_media_names_are_refused() {
        let bytes =
            archive(|entries, _| entries.push(("tables/users.jsonl".into(), tar::EntryType::Regular, Vec::new())));
        assert!(refusal(&bytes).contains("\"users\""));
        let bytes = archive(|entries, manifest| {
            let rows = b"{\"id\":\"a\",\"password_hash\":\"x\"}\n".to_vec();
            manifest.files.insert("tables/faqs.jsonl".into(), digest(&rows));
            manifest.tables.insert("faqs".into(), 1);
            entries[0].2 = rows;
        });
        assert!(refusal(&bytes).contains("\"password_hash\""));
        let bytes = archive(|entries, _| entries.push(("notes.txt".into(), tar::EntryType::Regular, Vec::new())));
        assert!(refusal(&bytes).contains("unexpected file"));
        let bytes = archive(|entries, _| entries.push(("media/passwd".into(), tar::EntryType::Regular, Vec::new())));
        assert!(refusal(&bytes).contains("no storage key"));
        let bytes = archive(|entries, _| entries[0].2 = b"[1,2]\n".to_vec());
        assert!(refusal(&bytes).contains("not a JSON object"));
    }

    #[test]
    fn a_file_that_differs_from_the_manifest_is_refused() {
        let bytes = archive(|entries, _| entries[0].2[7] = b'B');
        assert!(refusal(&bytes).contains("tables/faqs.jsonl is damaged"), "{}", refusal(&bytes));
        let bytes = archive(|entries, _| entries[1].2 = b"pictures".to_vec());
        assert!(refusal(&bytes).contains("does not hold the file its name promises"));
        let bytes = archive(|_, manifest| {
            manifest.files.insert(format!("media/{COPY}"), digest(b"x"));
        });
        assert!(refusal(&bytes).contains("missing from the archive"));
        let bytes = archive(|entries, _| {
            entries.push((format!("media/{COPY}"), tar::EntryType::Regular, Vec::new()));
        });
        assert!(refusal(&bytes).contains("not listed in its manifest"));
        let bytes = archive(|_, manifest| {
            manifest.tables.insert("faqs".into(), 3);
        });
        assert!(refusal(&bytes).contains("table faqs"));
        let bytes = archive(|entries, _| entries.push(entries[1].clone()));
        assert!(refusal(&bytes).contains("twice"));
    }

    #[test]
    fn a_missing_or_foreign_manifest_is_refused() {
        let mut tar = tar::Builder::new(Vec::new());
        raw_entry(&mut tar, "tables/faqs.jsonl", tar::EntryType::Regular, b"");
        let mut gz = GzEncoder::new(Vec::new(), Compression::default());
        gz.write_all(&tar.into_inner().unwrap()).unwrap();
        assert!(refusal(&gz.finish().unwrap()).contains("no manifest.json"));
        let bytes = archive(|_, manifest| manifest.format_version = 2);
        assert!(refusal(&bytes).contains("format version 2"));
        let bytes = archive(|_, manifest| manifest.format = "something-else".into());
        assert!(refusal(&bytes).contains("not an Atelier export"));
        assert!(refusal(b"not even gzip").contains("not an Atelier export"));
    }

    #[test]
    fn an_archive_larger_than_the_limits_once_decompressed_is_refused() {
        // A megabyte of zeros compresses to about a kilobyte: the limit counts what comes out.
        let zeros = vec![0_u8; 1 << 20];
        let bytes = archive(|entries, _| entries[1].2.clone_from(&zeros));
        assert!(bytes.len() < 8 << 10);
        let limits = ArchiveLimits { total_bytes: 256 << 10, ..ArchiveLimits::default() };
        assert!(refusal_within(&bytes, limits).contains("larger than allowed"), "{}", refusal_within(&bytes, limits));
        let limits = ArchiveLimits { file_bytes: 1000, ..ArchiveLimits::default() };
        assert!(refusal_within(&bytes, limits).contains("larger than allowed"));
        let limits = ArchiveLimits { row_bytes: 10, ..ArchiveLimits::default() };
        assert!(refusal_within(&archive(|_, _| {}), limits).contains("a row of table faqs"));
        let limits = ArchiveLimits { files: 1, ..ArchiveLimits::default() };
        assert!(refusal_within(&archive(|_, _| {}), limits).contains("more than 1 files"));
    }
}
