//! The old site's uploads, given beside the export as a folder or a .zip, found by the address a
//! post shows them at (`/wp-content/uploads/2019/05/x.jpg`, `/content/images/2021/03/y.png`).
//!
//! A zip is read in place, entry by entry: no file of it is written anywhere, so a name that climbs
//! out of its folder (`../x`, "zip slip") can do no harm, and such names are refused anyway. The
//! number of entries, each file's size and the total read are bounded, whatever the zip claims (a
//! "zip bomb" stops at the limit).

use std::collections::HashMap;
use std::fs::File;
use std::io::{Read, Seek};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use super::model::url_path;

/// The most files a media folder or zip may hold.
pub const MAX_ENTRIES: usize = 100_000;
/// The most bytes read out of a zip in one import.
pub const MAX_TOTAL_BYTES: u64 = 8 * 1024 * 1024 * 1024;

/// Where the files are.
enum Reader {
    Folder(PathBuf),
    Zip(Mutex<zip::ZipArchive<Box<dyn ReadSeek>>>),
}

/// Read and seek, for a zip in a file or in memory.
pub trait ReadSeek: Read + Seek + Send {}
impl<T: Read + Seek + Send> ReadSeek for T {}

/// The media files of an import.
pub struct MediaFiles {
    /// Where the bytes are read, shared with the blocking threads that read them.
    source: Arc<Source>,
    /// Every file's path inside the folder or zip (`/`-separated), by its lowercase file name.
    by_name: HashMap<String, Vec<String>>,
    /// Names refused while listing.
    pub problems: Vec<String>,
}

/// What reading a file needs.
struct Source {
    reader: Reader,
    /// Entries of the zip by path.
    zip_index: HashMap<String, usize>,
    /// The most bytes one file may have (the media library's limit).
    max_file: u64,
    read: Mutex<u64>,
}

impl std::fmt::Debug for MediaFiles {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MediaFiles").field("files", &self.len()).finish_non_exhaustive()
    }
}

/// A media set that cannot be read; the message says why.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct MediaError(pub String);

impl MediaFiles {
    /// No files (an import without media).
    pub fn none() -> Self {
        Self::empty(Reader::Folder(PathBuf::new()), 0)
    }

    fn empty(reader: Reader, max_file: u64) -> Self {
        Self::with_index(reader, HashMap::new(), max_file)
    }

    fn with_index(reader: Reader, zip_index: HashMap<String, usize>, max_file: u64) -> Self {
        Self {
            source: Arc::new(Source { reader, zip_index, max_file, read: Mutex::new(0) }),
            by_name: HashMap::new(),
            problems: Vec::new(),
        }
    }

    /// The files under a folder (links are not followed).
    ///
    /// # Errors
    /// When the folder cannot be read or holds too many files.
    pub fn folder(root: &Path, max_file: u64) -> Result<Self, MediaError> {
        let mut files = Self::empty(Reader::Folder(root.to_owned()), max_file);
        let mut pending = vec![root.to_owned()];
        let mut count = 0;
        while let Some(folder) = pending.pop() {
            let entries = std::fs::read_dir(&folder).map_err(|error| {
                MediaError(format!("The media folder {} cannot be read: {error}", folder.display()))
            })?;
            for entry in entries.flatten() {
                let Ok(kind) = entry.file_type() else { continue };
                let path = entry.path();
                if kind.is_dir() {
                    pending.push(path);
                } else if kind.is_file() {
                    count += 1;
                    if count > MAX_ENTRIES {
                        return Err(MediaError(format!("The media folder holds more than {MAX_ENTRIES} files")));
                    }
                    if let Ok(relative) = path.strip_prefix(root) {
                        let relative: Vec<_> =
                            relative.components().map(|part| part.as_os_str().to_string_lossy()).collect();
                        files.add(&relative.join("/"));
                    }
                }
            }
        }
        Ok(files)
    }

    /// The files of a zip.
    ///
    /// # Errors
    /// When it is not a zip or holds too many entries.
    pub fn zip(reader: Box<dyn ReadSeek>, max_file: u64) -> Result<Self, MediaError> {
        let archive = zip::ZipArchive::new(reader)
            .map_err(|error| MediaError(format!("The media file is not a readable .zip: {error}")))?;
        if archive.len() > MAX_ENTRIES {
            return Err(MediaError(format!("The media zip holds more than {MAX_ENTRIES} entries")));
        }
        let names: Vec<(usize, String)> = (0..archive.len())
            .filter_map(|index| {
                archive.name_for_index(index).and_then(Result::ok).map(|name| (index, name.into_owned()))
            })
            .collect();
        let mut zip_index = HashMap::new();
        let mut listed = Vec::new();
        let mut problems = Vec::new();
        for (index, name) in names {
            if name.ends_with('/') {
                continue;
            }
            let climbs = name.starts_with('/')
                || name.contains('\\')
                || name.split('/').any(|part| part == ".." || part == ".")
                || name.contains(':')
                || name.chars().any(char::is_control);
            if climbs {
                problems.push(format!("the zip entry “{}” has an unsafe name: not read", name.escape_debug()));
                continue;
            }
            zip_index.insert(name.clone(), index);
            listed.push(name);
        }
        let mut files = Self::with_index(Reader::Zip(Mutex::new(archive)), zip_index, max_file);
        files.problems = problems;
        for name in listed {
            files.add(&name);
        }
        Ok(files)
    }

    /// A zip in a file.
    ///
    /// # Errors
    /// As [`Self::zip`], and when the file cannot be opened.
    pub fn zip_file(path: &Path, max_file: u64) -> Result<Self, MediaError> {
        let file =
            File::open(path).map_err(|error| MediaError(format!("{} cannot be opened: {error}", path.display())))?;
        Self::zip(Box::new(std::io::BufReader::new(file)), max_file)
    }

    fn add(&mut self, path: &str) {
        let name = path.rsplit('/').next().unwrap_or(path).to_lowercase();
        self.by_name.entry(name).or_default().push(path.to_owned());
    }

    /// How many files there are.
    pub fn len(&self) -> usize {
        self.by_name.values().map(Vec::len).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The file an address shows: the one whose path ends with the most of the address's path
    /// (at least its last folder and name, or the name alone when no other file has it). A resized
    /// copy WordPress made (`x-300x200.jpg`) falls back to its original (`x.jpg`).
    pub fn find(&self, address: &str) -> Option<String> {
        let path = url_path(address)?;
        let path = percent_decode(&path);
        self.find_path(&path).or_else(|| {
            let (stem, extension) = path.rsplit_once('.')?;
            let (base, size) = stem.rsplit_once('-')?;
            let (width, height) = size.split_once('x')?;
            let numeric = |text: &str| !text.is_empty() && text.bytes().all(|byte| byte.is_ascii_digit());
            (numeric(width) && numeric(height)).then(|| self.find_path(&format!("{base}.{extension}"))).flatten()
        })
    }

    fn find_path(&self, path: &str) -> Option<String> {
        let parts: Vec<&str> = path.split('/').filter(|part| !part.is_empty()).collect();
        let name = parts.last()?.to_lowercase();
        let candidates = self.by_name.get(&name)?;
        let matched = |candidate: &str| {
            candidate.split('/').rev().zip(parts.iter().rev()).take_while(|(a, b)| a.eq_ignore_ascii_case(b)).count()
        };
        let best = candidates.iter().max_by_key(|candidate| matched(candidate))?;
        (matched(best) >= 2 || candidates.len() == 1).then(|| best.clone())
    }

    /// The bytes of a file [`Self::find`] answered.
    ///
    /// # Errors
    /// When it cannot be read, is larger than one file may be, or the import has read too much.
    pub fn read(&self, path: &str) -> Result<Vec<u8>, MediaError> {
        self.source.read(path)
    }

    /// As [`Self::read`], on a thread where blocking is allowed (the reading of a folder or zip is
    /// blocking: it never holds up an async worker).
    ///
    /// # Errors
    /// As [`Self::read`].
    pub async fn read_blocking(&self, path: &str) -> Result<Vec<u8>, MediaError> {
        let source = Arc::clone(&self.source);
        let path = path.to_owned();
        tokio::task::spawn_blocking(move || source.read(&path))
            .await
            .map_err(|_| MediaError("the media reader stopped".to_owned()))?
    }
}

impl Source {
    fn read(&self, path: &str) -> Result<Vec<u8>, MediaError> {
        let limit = self.max_file;
        let mut bytes = Vec::new();
        match &self.reader {
            Reader::Folder(root) => {
                let file = File::open(root.join(path)).map_err(|error| MediaError(format!("{path}: {error}")))?;
                file.take(limit + 1).read_to_end(&mut bytes).map_err(|error| MediaError(format!("{path}: {error}")))?;
            }
            Reader::Zip(archive) => {
                let index = *self.zip_index.get(path).ok_or_else(|| MediaError(format!("{path}: not in the zip")))?;
                let mut archive = archive.lock().map_err(|_| MediaError("the zip reader failed".to_owned()))?;
                let entry = archive.by_index(index).map_err(|error| MediaError(format!("{path}: {error}")))?;
                entry
                    .take(limit + 1)
                    .read_to_end(&mut bytes)
                    .map_err(|error| MediaError(format!("{path}: {error}")))?;
            }
        }
        if bytes.len() as u64 > limit {
            return Err(MediaError(format!("{path} is larger than {} MB", limit / 1_000_000)));
        }
        let mut read = self.read.lock().map_err(|_| MediaError("the media reader failed".to_owned()))?;
        *read += bytes.len() as u64;
        if *read > MAX_TOTAL_BYTES {
            return Err(MediaError(format!("the media files add up to more than {} GB", MAX_TOTAL_BYTES >> 30)));
        }
        Ok(bytes)
    }
}

fn percent_decode(path: &str) -> String {
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while index < bytes.len() {
        if bytes[index] == b'%'
            && let Some(hex) = path.get(index + 1..index + 3)
            && let Ok(byte) = u8::from_str_radix(hex, 16)
        {
            out.push(byte);
            index += 3;
        } else {
            out.push(bytes[index]);
            index += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use std::io::{Cursor, Write};

    use super::*;

    fn zip_of(entries: &[(&str, &[u8])]) -> Vec<u8> {
        let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
        for (name, bytes) in entries {
            writer.start_file(*name, zip::write::SimpleFileOptions::default()).unwrap();
            writer.write_all(bytes).unwrap();
        }
        writer.finish().unwrap().into_inner()
    }

    #[test]
    fn finds_files_by_the_end_of_their_address() {
        let bytes = zip_of(&[
            ("uploads/2019/05/cat.jpg", b"cat"),
            ("uploads/2020/01/cat.jpg", b"other cat"),
            ("images/2021/03/y.png", b"y"),
        ]);
        let files = MediaFiles::zip(Box::new(Cursor::new(bytes)), 1000).unwrap();
        let found = files.find("https://old.example/wp-content/uploads/2019/05/cat.jpg").unwrap();
        assert_eq!(found, "uploads/2019/05/cat.jpg");
        assert_eq!(files.read(&found).unwrap(), b"cat");
        assert_eq!(
            files.find("/wp-content/uploads/2019/05/cat-300x200.jpg").as_deref(),
            Some("uploads/2019/05/cat.jpg")
        );
        assert_eq!(files.find("__GHOST_URL__/content/images/2021/03/y.png").as_deref(), Some("images/2021/03/y.png"));
        assert_eq!(files.find("/elsewhere/cat.jpg"), None, "two files are named so; neither matches more");
        assert_eq!(files.find("/missing.png"), None);
    }

    #[test]
    fn unsafe_names_are_not_read_and_sizes_are_bounded() {
        let bytes = zip_of(&[("../../etc/passwd.jpg", b"x"), ("big.jpg", &[0u8; 5000])]);
        let files = MediaFiles::zip(Box::new(Cursor::new(bytes)), 1000).unwrap();
        assert_eq!(files.problems.len(), 1, "{:?}", files.problems);
        assert_eq!(files.find("/etc/passwd.jpg"), None);
        let error = files.read(&files.find("/big.jpg").unwrap()).unwrap_err();
        assert!(error.0.contains("larger than"), "{error}");
    }

    #[test]
    fn a_file_that_is_no_zip_is_refused() {
        let error = MediaFiles::zip(Box::new(Cursor::new(b"nope".to_vec())), 1000).unwrap_err();
        assert!(error.0.contains("not a readable .zip"), "{error}");
    }
}
