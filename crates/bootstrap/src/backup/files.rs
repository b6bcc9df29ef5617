//! The archive's files: each added to the tar with its size and SHA-256, the data folder's uploads
//! walked in a stable order, and the small file operations of writing and restoring an archive.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

use anyhow::Context;
use sha2::{Digest, Sha256};

use super::{FileDigest, hex};

pub(super) fn append_bytes<W: std::io::Write>(
    tar: &mut tar::Builder<W>,
    name: &str,
    bytes: &[u8],
) -> anyhow::Result<()> {
    let mut header = tar::Header::new_gnu();
    header.set_size(bytes.len() as u64);
    header.set_mode(0o600);
    header.set_mtime(u64::try_from(chrono::Utc::now().timestamp()).unwrap_or_default());
    header.set_cksum();
    tar.append_data(&mut header, name, bytes).with_context(|| format!("failed to archive {name}"))
}

/// Adds the file at `path` as `name`, noting its size and SHA-256 in `files`.
pub(super) fn append_file<W: std::io::Write>(
    tar: &mut tar::Builder<W>,
    path: &Path,
    name: &Path,
    files: &mut BTreeMap<String, FileDigest>,
) -> anyhow::Result<()> {
    let file = File::open(path).with_context(|| format!("failed to read {}", path.display()))?;
    append_open_file(tar, file, path, name, files)
}

pub(super) fn append_open_file<W: std::io::Write>(
    tar: &mut tar::Builder<W>,
    file: File,
    path: &Path,
    name: &Path,
    files: &mut BTreeMap<String, FileDigest>,
) -> anyhow::Result<()> {
    let metadata = file.metadata().with_context(|| format!("failed to read {}", path.display()))?;
    let size = metadata.len();
    let mut header = tar::Header::new_gnu();
    header.set_metadata(&metadata);
    header.set_size(size);
    let mut reader = Hashing { inner: file.take(size), hasher: Sha256::new(), read: 0 };
    tar.append_data(&mut header, name, &mut reader).with_context(|| format!("failed to archive {}", path.display()))?;
    anyhow::ensure!(reader.read == size, "{} changed while it was archived", path.display());
    files.insert(name.to_string_lossy().into_owned(), FileDigest { size, sha256: hex(&reader.hasher.finalize()) });
    Ok(())
}

/// A reader that hashes what passes through it.
pub(super) struct Hashing<R> {
    pub(super) inner: R,
    pub(super) hasher: Sha256,
    pub(super) read: u64,
}

impl<R: Read> Read for Hashing<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let count = self.inner.read(buf)?;
        self.hasher.update(&buf[..count]);
        self.read += count as u64;
        Ok(count)
    }
}

/// Adds the files under `folder` as `name/...`, skipping uploads still being written (`.*.part`).
/// Returns how many files were added.
pub(super) fn append_folder<W: std::io::Write>(
    tar: &mut tar::Builder<W>,
    folder: &Path,
    name: &Path,
    files: &mut BTreeMap<String, FileDigest>,
) -> anyhow::Result<usize> {
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
            count += append_folder(tar, &path, &entry_name, files)?;
        } else if kind.is_file() && !is_partial_upload(&entry.file_name()) {
            match File::open(&path) {
                Ok(file) => {
                    append_open_file(tar, file, &path, &entry_name, files)?;
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
pub(super) fn create_private(path: &Path) -> std::io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new().write(true).create_new(true).mode(0o600).open(path)
}

#[cfg(not(unix))]
pub(super) fn create_private(path: &Path) -> std::io::Result<File> {
    std::fs::OpenOptions::new().write(true).create_new(true).open(path)
}

pub(super) fn is_partial_upload(name: &std::ffi::OsStr) -> bool {
    name.to_str()
        .is_some_and(|name| name.starts_with('.') && Path::new(name).extension().is_some_and(|ext| ext == "part"))
}

pub(super) fn count_files(folder: &Path) -> anyhow::Result<usize> {
    let mut count = 0;
    for entry in std::fs::read_dir(folder).with_context(|| format!("failed to read {}", folder.display()))? {
        let entry = entry?;
        count += if entry.file_type()?.is_dir() { count_files(&entry.path())? } else { 1 };
    }
    Ok(count)
}

pub(super) fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

pub(super) fn remove_file(path: &Path) -> anyhow::Result<()> {
    match std::fs::remove_file(path) {
        Err(error) if error.kind() != std::io::ErrorKind::NotFound => {
            Err(error).with_context(|| format!("failed to remove {}", path.display()))
        }
        _ => Ok(()),
    }
}

pub(super) fn move_into_place(from: &Path, to: &Path) -> anyhow::Result<()> {
    std::fs::rename(from, to).with_context(|| format!("failed to move {} to {}", from.display(), to.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uploads_in_progress_are_skipped() {
        assert!(is_partial_upload(std::ffi::OsStr::new(".abcd.123.part")));
        assert!(!is_partial_upload(std::ffi::OsStr::new("abcd.webp")));
    }
}
