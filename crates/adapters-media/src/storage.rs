//! The storage the wiring chose.

use std::ops::Range;
use std::sync::Arc;

use atelier_application::media::ports::BlobStorage;

use crate::{LocalStorage, S3Storage};

/// One of the storages, as configured. A new storage is a new variant here and a new arm in each
/// method; nothing above this type changes.
#[derive(Debug, Clone)]
pub enum Storage {
    /// A folder on this machine (the default: `<data dir>/media`).
    Local(LocalStorage),
    /// An S3-compatible bucket, shared by every instance.
    S3(S3Storage),
}

impl BlobStorage for Storage {
    async fn put(&self, key: &str, bytes: Arc<[u8]>, content_type: &str) -> anyhow::Result<()> {
        match self {
            Self::Local(storage) => storage.put(key, bytes, content_type).await,
            Self::S3(storage) => storage.put(key, bytes, content_type).await,
        }
    }

    async fn get(&self, key: &str) -> anyhow::Result<Option<Vec<u8>>> {
        match self {
            Self::Local(storage) => storage.get(key).await,
            Self::S3(storage) => storage.get(key).await,
        }
    }

    async fn size(&self, key: &str) -> anyhow::Result<Option<u64>> {
        match self {
            Self::Local(storage) => storage.size(key).await,
            Self::S3(storage) => storage.size(key).await,
        }
    }

    async fn get_range(&self, key: &str, range: Range<u64>) -> anyhow::Result<Option<Vec<u8>>> {
        match self {
            Self::Local(storage) => storage.get_range(key, range).await,
            Self::S3(storage) => storage.get_range(key, range).await,
        }
    }

    async fn delete(&self, key: &str) -> anyhow::Result<()> {
        match self {
            Self::Local(storage) => storage.delete(key).await,
            Self::S3(storage) => storage.delete(key).await,
        }
    }
}
