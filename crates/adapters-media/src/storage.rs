//! The storage the wiring chose.

use std::sync::Arc;

use atelier_application::media::ports::BlobStorage;

use crate::LocalStorage;

/// One of the storages, as configured. A new storage (an S3-compatible bucket) is a new variant
/// here and a new arm in each method; nothing above this type changes.
#[derive(Debug, Clone)]
pub enum Storage {
    /// A folder on this machine (the default: `<data dir>/media`).
    Local(LocalStorage),
}

impl BlobStorage for Storage {
    async fn put(&self, key: &str, bytes: Arc<[u8]>, content_type: &str) -> anyhow::Result<()> {
        match self {
            Self::Local(storage) => storage.put(key, bytes, content_type).await,
        }
    }

    async fn get(&self, key: &str) -> anyhow::Result<Option<Vec<u8>>> {
        match self {
            Self::Local(storage) => storage.get(key).await,
        }
    }

    async fn delete(&self, key: &str) -> anyhow::Result<()> {
        match self {
            Self::Local(storage) => storage.delete(key).await,
        }
    }
}
