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

pub mod ports;

use std::collections::{BTreeMap, BTreeSet};
use std::io::{BufRead, BufReader, Read, Seek, Write};
use std::sync::Arc;

use chrono::{DateTime, Utc};
use flate2::Compression;
use flate2::read::GzDecoder;
use flate2::write::GzEncoder;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::freshness::ports::GenerationRepository;
use crate::media::ports::BlobStorage;
use ports::{ContentLoad, ContentSnapshot, Row, SiteArchiveRepository};

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

fn append(tar: &mut tar::Builder<GzEncoder<Vec<u8>>>, path: &str, size: u64, data: impl Read) -> anyhow::Result<()> {
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

fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    bytes.iter().fold(String::with_capacity(bytes.len() * 2), |mut text, byte| {
        let _ = write!(text, "{byte:02x}");
        text
    })
}

/// Each content table's columns in the importing store's schema: what an archive may name.
pub type Schema = BTreeMap<String, BTreeSet<String>>;

/// Reads the schema an archive is checked against.
///
/// # Errors
/// Only infrastructure faults.
pub async fn schema(repository: &impl SiteArchiveRepository) -> anyhow::Result<Schema> {
    let mut schema = Schema::new();
    for table in repository.content_tables() {
        schema.insert((*table).to_owned(), repository.content_columns(table).await?.into_iter().collect());
    }
    Ok(schema)
}

/// What one entry of an archive is.
enum Entry {
    Manifest,
    Table(String),
    Media(String),
}

/// What an entry's path names, or why it is refused: only `manifest.json`, `tables/<a content
/// table>.jsonl` and `media/<a storage key>` are read; anything else, `..`, absolute paths and
/// backslashes are refused.
fn entry_of(path: &[u8], schema: &Schema) -> Result<Entry, ArchiveError> {
    let path = std::str::from_utf8(path).map_err(|_| refused("the archive holds a file whose name is not UTF-8"))?;
    if path.starts_with('/') || path.contains('\\') || path.split('/').any(|part| matches!(part, "" | "." | "..")) {
        return Err(refused(format!("the archive holds a file outside its own folder ({path:?})")));
    }
    if path == MANIFEST {
        return Ok(Entry::Manifest);
    }
    if let Some(table) = path.strip_prefix(TABLES).and_then(|rest| rest.strip_suffix(".jsonl")) {
        return if schema.contains_key(table) {
            Ok(Entry::Table(table.to_owned()))
        } else {
            Err(refused(format!("the archive holds a table this version does not know or import: {table:?}")))
        };
    }
    if let Some(key) = path.strip_prefix(MEDIA) {
        return if atelier_domain::media::key_format(key).is_some() {
            Ok(Entry::Media(key.to_owned()))
        } else {
            Err(refused(format!("the archive holds a media file whose name is no storage key: {key:?}")))
        };
    }
    Err(refused(format!("the archive holds an unexpected file: {path:?}")))
}

/// Counts the decompressed bytes and stops past the limit.
struct Limited<R> {
    inner: R,
    left: u64,
}

impl<R: Read> Read for Limited<R> {
    fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
        let read = self.inner.read(buffer)?;
        self.left = self.left.checked_sub(read as u64).ok_or_else(|| {
            std::io::Error::new(std::io::ErrorKind::InvalidData, "the archive is larger than allowed once decompressed")
        })?;
        Ok(read)
    }
}

/// An archive being read: the decompressed bytes are counted and stop at the limit.
fn open_archive<R: Read>(source: R, limits: ArchiveLimits) -> tar::Archive<Limited<GzDecoder<R>>> {
    tar::Archive::new(Limited { inner: GzDecoder::new(source), left: limits.total_bytes })
}

/// Checks one entry's kind, name and size, and says what it is.
fn checked_entry<R: Read>(
    entry: &tar::Entry<'_, R>,
    schema: &Schema,
    limits: ArchiveLimits,
    seen: &mut BTreeSet<String>,
) -> Result<Entry, ArchiveError> {
    let path = entry.path_bytes().into_owned();
    let name = String::from_utf8_lossy(&path).into_owned();
    let kind = entry.header().entry_type();
    if !kind.is_file() {
        let what = match kind {
            tar::EntryType::Symlink => "a symbolic link",
            tar::EntryType::Link => "a hard link",
            tar::EntryType::Directory => "a folder",
            _ => "a special file",
        };
        return Err(refused(format!("the archive holds {what} ({name:?}); it holds only plain files")));
    }
    let described = entry_of(&path, schema)?;
    if !seen.insert(name.clone()) {
        return Err(refused(format!("the archive holds {name:?} twice")));
    }
    if seen.len() as u64 > limits.files {
        return Err(refused(format!("the archive holds more than {} files", limits.files)));
    }
    let size = entry.header().size().map_err(|error| not_an_archive(&error))?;
    if size > limits.file_bytes {
        return Err(refused(format!("{name:?} is larger than allowed ({size} bytes; at most {})", limits.file_bytes)));
    }
    Ok(described)
}

fn not_an_archive(error: &std::io::Error) -> ArchiveError {
    if error.kind() == std::io::ErrorKind::InvalidData && error.to_string().contains("larger than allowed") {
        refused("the archive is larger than allowed once decompressed")
    } else {
        refused(format!("the file is not an Atelier export (a gzip-compressed tar): {error}"))
    }
}

fn read_error(name: &str, error: &std::io::Error) -> ArchiveError {
    if error.to_string().contains("larger than allowed") {
        refused("the archive is larger than allowed once decompressed")
    } else {
        refused(format!("{name} cannot be read (the archive is damaged or cut off): {error}"))
    }
}

/// Reads one row's line: a JSON object whose keys are columns of `table`.
fn parse_row(table: &str, number: u64, line: &[u8], schema: &Schema) -> Result<Row, ArchiveError> {
    let row: Row = serde_json::from_slice(line)
        .map_err(|error| refused(format!("row {number} of table {table} is not a JSON object: {error}")))?;
    let columns = &schema[table];
    if let Some(unknown) = row.keys().find(|column| !columns.contains(*column)) {
        return Err(refused(format!(
            "row {number} of table {table} has a column this version does not know: {unknown:?}"
        )));
    }
    Ok(row)
}

/// Reads the rows of a table entry a page at a time, keeping their count, size and digest.
struct RowReader<'a> {
    table: &'a str,
    reader: &'a mut dyn BufRead,
    limits: ArchiveLimits,
    schema: &'a Schema,
    digest: Sha256,
    count: u64,
    size: u64,
    line: Vec<u8>,
}

impl<'a> RowReader<'a> {
    fn new(table: &'a str, reader: &'a mut dyn BufRead, limits: ArchiveLimits, schema: &'a Schema) -> Self {
        Self { table, reader, limits, schema, digest: Sha256::new(), count: 0, size: 0, line: Vec::new() }
    }

    /// The next rows, up to a page; empty at the end.
    fn next_page(&mut self) -> Result<Vec<Row>, ArchiveError> {
        let mut page = Vec::new();
        while (page.len() as u64) < PAGE {
            self.line.clear();
            let read = (&mut *self.reader)
                .take(self.limits.row_bytes + 1)
                .read_until(b'\n', &mut self.line)
                .map_err(|error| read_error(&format!("{TABLES}{}.jsonl", self.table), &error))?;
            if read == 0 {
                break;
            }
            if read as u64 > self.limits.row_bytes {
                return Err(refused(format!(
                    "a row of table {} is larger than allowed ({} bytes)",
                    self.table, self.limits.row_bytes
                )));
            }
            self.digest.update(&self.line);
            self.size += read as u64;
            self.count += 1;
            let line = self.line.strip_suffix(b"\n").unwrap_or(&self.line);
            page.push(parse_row(self.table, self.count, line, self.schema)?);
        }
        Ok(page)
    }

    fn file_digest(self) -> FileDigest {
        FileDigest { size: self.size, sha256: hex(&self.digest.finalize()) }
    }
}

/// Reads an archive through without writing anything, and answers its manifest when every file is
/// as the manifest says.
///
/// # Errors
/// [`ArchiveError::Refused`] naming the first problem found.
pub fn check(source: impl Read, schema: &Schema, limits: ArchiveLimits) -> Result<Manifest, ArchiveError> {
    let mut manifest = None;
    let mut found = BTreeMap::new();
    let mut tables = BTreeMap::new();
    let mut media = 0_u64;
    let mut seen = BTreeSet::new();
    let mut archive = open_archive(source, limits);
    for entry in archive.entries().map_err(|error| not_an_archive(&error))? {
        let entry = entry.map_err(|error| not_an_archive(&error))?;
        let described = checked_entry(&entry, schema, limits, &mut seen)?;
        let mut reader = BufReader::new(entry.take(limits.file_bytes));
        match described {
            Entry::Manifest => {
                let mut text = Vec::new();
                reader.read_to_end(&mut text).map_err(|error| read_error(MANIFEST, &error))?;
                let parsed: Manifest = serde_json::from_slice(&text)
                    .map_err(|error| refused(format!("the archive's {MANIFEST} cannot be read: {error}")))?;
                manifest = Some(parsed);
            }
            Entry::Table(table) => {
                let mut rows = RowReader::new(&table, &mut reader, limits, schema);
                while !rows.next_page()?.is_empty() {}
                let count = rows.count;
                found.insert(format!("{TABLES}{table}.jsonl"), rows.file_digest());
                tables.insert(table, count);
            }
            Entry::Media(key) => {
                let mut digest = Sha256::new();
                let size = std::io::copy(&mut reader, &mut DigestWriter(&mut digest))
                    .map_err(|error| read_error(&format!("{MEDIA}{key}"), &error))?;
                let sha256 = hex(&digest.finalize());
                // An original's key is its content's SHA-256: a file under another's key is refused.
                let stem = key.split_once('.').map_or(key.as_str(), |(stem, _)| stem);
                if !stem.contains('-') && stem != sha256 {
                    return Err(refused(format!("{MEDIA}{key} does not hold the file its name promises")));
                }
                media += 1;
                found.insert(format!("{MEDIA}{key}"), FileDigest { size, sha256 });
            }
        }
    }
    let manifest =
        manifest.ok_or_else(|| refused(format!("the file is not an Atelier export: it has no {MANIFEST}")))?;
    if manifest.format != FORMAT {
        return Err(refused(format!("the file is not an Atelier export: its format is {:?}", manifest.format)));
    }
    if manifest.format_version != FORMAT_VERSION {
        return Err(refused(format!(
            "the archive was written in format version {} by Atelier {}; this version reads format version \
             {FORMAT_VERSION}",
            manifest.format_version, manifest.atelier_version
        )));
    }
    for (path, expected) in &manifest.files {
        match found.get(path) {
            None => return Err(refused(format!("{path} is listed in the manifest but missing from the archive"))),
            Some(actual) if actual != expected => {
                return Err(refused(format!("{path} is damaged: its SHA-256 or size differs from the manifest's")));
            }
            Some(_) => {}
        }
    }
    if let Some(extra) = found.keys().find(|path| !manifest.files.contains_key(*path)) {
        return Err(refused(format!("{extra} is in the archive but not listed in its manifest")));
    }
    if tables != manifest.tables {
        let differs = manifest
            .tables
            .iter()
            .find(|(table, count)| tables.get(*table) != Some(count))
            .map(|(table, _)| table.clone())
            .or_else(|| tables.keys().find(|table| !manifest.tables.contains_key(*table)).cloned())
            .unwrap_or_default();
        return Err(refused(format!("table {differs} holds other rows than the manifest counts")));
    }
    if media != manifest.media {
        return Err(refused(format!("the archive holds {media} media files; its manifest counts {}", manifest.media)));
    }
    Ok(manifest)
}

struct DigestWriter<'a>(&'a mut Sha256);

impl Write for DigestWriter<'_> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.update(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// What [`import`] read in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportSummary {
    pub manifest: Manifest,
}

/// Reads an archive into a store that holds no content: refuses a store with content, checks the
/// whole archive (as [`check`]), then loads every row in one transaction, table after table in the
/// archive's order, stores the media files, commits, and advances the content generation so every
/// instance forgets what it cached. `open` opens the archive (it is read twice).
///
/// # Errors
/// [`ArchiveError::NotEmpty`] naming the tables that hold rows, [`ArchiveError::Refused`] for an
/// archive that is not read in (nothing is written then), `Unexpected` for infrastructure faults.
pub async fn import<S, B, R>(
    store: &S,
    blobs: &B,
    open: impl Fn() -> std::io::Result<R>,
    limits: ArchiveLimits,
) -> Result<ImportSummary, ArchiveError>
where
    S: SiteArchiveRepository + GenerationRepository,
    B: BlobStorage,
    R: Read,
{
    let schema = schema(store).await?;
    let mut load = store.load().await?;
    let occupied = load.occupied_tables().await?;
    if !occupied.is_empty() {
        return Err(ArchiveError::NotEmpty(occupied));
    }
    let source = open().map_err(|error| refused(format!("the archive cannot be opened: {error}")))?;
    let manifest = check(source, &schema, limits)?;

    // The checked archive, read again: each table's rows a page at a time, each file as a whole.
    let source = open().map_err(|error| refused(format!("the archive cannot be opened: {error}")))?;
    let mut seen = BTreeSet::new();
    let mut archive = open_archive(source, limits);
    for entry in archive.entries().map_err(|error| not_an_archive(&error))? {
        let entry = entry.map_err(|error| not_an_archive(&error))?;
        let described = checked_entry(&entry, &schema, limits, &mut seen)?;
        let mut reader = BufReader::new(entry.take(limits.file_bytes));
        match described {
            Entry::Manifest => {}
            Entry::Table(table) => {
                let mut rows = RowReader::new(&table, &mut reader, limits, &schema);
                loop {
                    let page = rows.next_page()?;
                    if page.is_empty() {
                        break;
                    }
                    load.insert(&table, &page)
                        .await
                        .map_err(|error| refused(format!("table {table} cannot be imported: {error:#}")))?;
                }
            }
            Entry::Media(key) => {
                let mut bytes = Vec::new();
                reader.read_to_end(&mut bytes).map_err(|error| read_error(&key, &error))?;
                let format =
                    atelier_domain::media::key_format(&key).map_or("application/octet-stream", |format| format.mime());
                blobs.put(&key, Arc::<[u8]>::from(bytes), format).await?;
            }
        }
    }
    load.commit().await?;
    store.advance_generation().await?;
    Ok(ImportSummary { manifest })
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
