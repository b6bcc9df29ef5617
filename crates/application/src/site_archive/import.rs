//! Reading an archive: [`check`] refuses a damaged or hostile one without writing anything, and
//! [`import`] loads a checked one into a store that holds no content.

use std::collections::{BTreeMap, BTreeSet};
use std::io::{BufRead, BufReader, Read, Write};
use std::sync::Arc;

use flate2::read::GzDecoder;
use sha2::{Digest, Sha256};

use super::ports::{ContentLoad, Row, SiteArchiveRepository};

use super::export::hex;
use super::{
    ArchiveError, ArchiveLimits, FORMAT, FORMAT_VERSION, FileDigest, MANIFEST, MEDIA, Manifest, PAGE, TABLES, refused,
};
use crate::freshness::ports::GenerationRepository;
use crate::media::ports::BlobStorage;

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
pub(super) enum Entry {
    Manifest,
    Table(String),
    Media(String),
}

/// What an entry's path names, or why it is refused: only `manifest.json`, `tables/<a content
/// table>.jsonl` and `media/<a storage key>` are read; anything else, `..`, absolute paths and
/// backslashes are refused.
pub(super) fn entry_of(path: &[u8], schema: &Schema) -> Result<Entry, ArchiveError> {
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
pub(super) struct Limited<R> {
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
pub(super) fn open_archive<R: Read>(source: R, limits: ArchiveLimits) -> tar::Archive<Limited<GzDecoder<R>>> {
    tar::Archive::new(Limited { inner: GzDecoder::new(source), left: limits.total_bytes })
}

/// Checks one entry's kind, name and size, and says what it is.
pub(super) fn checked_entry<R: Read>(
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

pub(super) fn not_an_archive(error: &std::io::Error) -> ArchiveError {
    if error.kind() == std::io::ErrorKind::InvalidData && error.to_string().contains("larger than allowed") {
        refused("the archive is larger than allowed once decompressed")
    } else {
        refused(format!("the file is not an Atelier export (a gzip-compressed tar): {error}"))
    }
}

pub(super) fn read_error(name: &str, error: &std::io::Error) -> ArchiveError {
    if error.to_string().contains("larger than allowed") {
        refused("the archive is larger than allowed once decompressed")
    } else {
        refused(format!("{name} cannot be read (the archive is damaged or cut off): {error}"))
    }
}

/// Reads one row's line: a JSON object whose keys are columns of `table`.
pub(super) fn parse_row(table: &str, number: u64, line: &[u8], schema: &Schema) -> Result<Row, ArchiveError> {
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
pub(super) struct RowReader<'a> {
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

pub(super) struct DigestWriter<'a>(&'a mut Sha256);

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
