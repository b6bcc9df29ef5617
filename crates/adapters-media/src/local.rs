//! Files in a folder of the local disk, readable by the server's user only (files 0600, folders
//! 0700): the server reads them and sends them; nobody else on the machine needs to.

use std::io::SeekFrom;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::Context;
use atelier_application::media::ports::BlobStorage;
use atelier_domain::media::key_format;
use tokio::io::{AsyncReadExt, AsyncSeekExt, AsyncWriteExt};

/// Files under `root`, each at `<root>/<first two characters of its key>/<key>`, so no folder grows
/// past a few thousand entries. A file is written to a temporary name and renamed into place, so a
/// reader never sees half of one.
#[derive(Debug, Clone)]
pub struct LocalStorage {
    root: Arc<PathBuf>,
}

impl LocalStorage {
    pub fn new(root: impl Into<PathBuf>) -> Self {
        Self { root: Arc::new(root.into()) }
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Where `key` lives. Only keys the library makes are accepted, so no key can name a path
    /// outside the root.
    fn path(&self, key: &str) -> anyhow::Result<PathBuf> {
        anyhow::ensure!(key_format(key).is_some(), "not a media key: {key:?}");
        Ok(self.root.join(&key[..2]).join(key))
    }
}

/// Creates `folder` (and its parents) readable by the owner only.
async fn private_folder(folder: &Path) -> std::io::Result<()> {
    let mut builder = tokio::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    builder.mode(0o700);
    builder.create(folder).await
}

/// A new file readable and writable by the owner only.
async fn private_file(path: &Path) -> std::io::Result<tokio::fs::File> {
    let mut options = tokio::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    options.mode(0o600);
    options.open(path).await
}

impl BlobStorage for LocalStorage {
    async fn put(&self, key: &str, bytes: Arc<[u8]>, _content_type: &str) -> anyhow::Result<()> {
        let path = self.path(key)?;
        let folder = path.parent().context("a media path has a folder")?;
        private_folder(folder)
            .await
            .with_context(|| format!("failed to create the media folder {}", folder.display()))?;
        let unique = atelier_domain::EntityId::generate(chrono::Utc::now());
        let temporary = folder.join(format!(".{key}.{unique}.part"));
        let written = async {
            let mut file = private_file(&temporary).await?;
            file.write_all(&bytes).await?;
            file.flush().await?;
            drop(file);
            tokio::fs::rename(&temporary, &path).await
        }
        .await;
        if let Err(error) = written {
            let _ = tokio::fs::remove_file(&temporary).await;
            return Err(error).with_context(|| format!("failed to write {}", path.display()));
        }
        Ok(())
    }

    async fn get(&self, key: &str) -> anyhow::Result<Option<Vec<u8>>> {
        let path = self.path(key)?;
        match tokio::fs::read(&path).await {
            Ok(bytes) => Ok(Some(bytes)),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(error) => Err(error).with_context(|| format!("failed to read {}", path.display())),
        }
    }

    async fn size(&self, key: &str) -> anyhow::Result<Option<u64>> {
        let path = self.path(key)?;
        match tokio::fs::metadata(&path).await {
            Ok(metadata) => Ok(Some(metadata.len())),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(error) => Err(error).with_context(|| format!("failed to read the size of {}", path.display())),
        }
    }

    async fn get_range(&self, key: &str, range: Range<u64>) -> anyhow::Result<Option<Vec<u8>>> {
        let path = self.path(key)?;
        let mut file = match tokio::fs::File::open(&path).await {
            Ok(file) => file,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(error) => return Err(error).with_context(|| format!("failed to open {}", path.display())),
        };
        let length = range.end.checked_sub(range.start).context("a range ends before it starts")?;
        let mut bytes = Vec::with_capacity(usize::try_from(length)?);
        file.seek(SeekFrom::Start(range.start))
            .await
            .with_context(|| format!("failed to seek in {}", path.display()))?;
        file.take(length)
            .read_to_end(&mut bytes)
            .await
            .with_context(|| format!("failed to read {}", path.display()))?;
        anyhow::ensure!(bytes.len() as u64 == length, "the range {range:?} passes the end of {}", path.display());
        Ok(Some(bytes))
    }

    async fn delete(&self, key: &str) -> anyhow::Result<()> {
        let path = self.path(key)?;
        match tokio::fs::remove_file(&path).await {
            Err(error) if error.kind() != std::io::ErrorKind::NotFound => {
                Err(error).with_context(|| format!("failed to delete {}", path.display()))
            }
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use atelier_domain::media::{MediaFormat, content_hash, original_key};

    #[tokio::test]
    async fn files_round_trip_and_delete_quietly() {
        let folder = tempfile::tempdir().unwrap();
        let storage = LocalStorage::new(folder.path().join("media"));
        let key = original_key(&content_hash(b"abc"), MediaFormat::Png);
        assert_eq!(storage.get(&key).await.unwrap(), None);
        storage.put(&key, Arc::from(&b"abc"[..]), "image/png").await.unwrap();
        storage.put(&key, Arc::from(&b"abc"[..]), "image/png").await.unwrap();
        assert_eq!(storage.get(&key).await.unwrap().as_deref(), Some(&b"abc"[..]));
        assert!(folder.path().join("media").join(&key[..2]).join(&key).is_file());
        storage.delete(&key).await.unwrap();
        storage.delete(&key).await.unwrap();
        assert_eq!(storage.get(&key).await.unwrap(), None);
        let leftovers = std::fs::read_dir(folder.path().join("media").join(&key[..2])).unwrap().count();
        assert_eq!(leftovers, 0, "no temporary file stays behind");
    }

    #[cfg(unix)]
    #[tokio::test]
    async fn files_and_folders_are_the_owners_only() {
        use std::os::unix::fs::PermissionsExt;
        let folder = tempfile::tempdir().unwrap();
        let storage = LocalStorage::new(folder.path().join("media"));
        let key = original_key(&content_hash(b"private"), MediaFormat::Png);
        storage.put(&key, Arc::from(&b"private"[..]), "image/png").await.unwrap();
        let mode = |path: PathBuf| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(folder.path().join("media").join(&key[..2]).join(&key)), 0o600);
        assert_eq!(mode(folder.path().join("media").join(&key[..2])), 0o700);
        assert_eq!(mode(folder.path().join("media")), 0o700);
    }
}
