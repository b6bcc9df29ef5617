//! The media library: uploading files, finding them again, describing them and deleting the ones
//! nothing shows any more.
//!
//! An upload is checked (size, then the format its bytes say), stored under its content address
//! with, for images, WebP copies at the library's widths, and only then recorded. Nothing is left
//! half-written: when a step after the first stored file fails, the files stored so far are deleted.

#[cfg(test)]
pub(crate) mod fake;
pub mod ports;
mod shown;

use std::sync::Arc;

use atelier_domain::media::{
    self, FileRefusal, MediaChanges, MediaFormat, MediaInput, MediaItem, MediaKind, MediaVariant,
};
use atelier_domain::{FieldErrors, Page};

use self::ports::{BlobStorage, ImageProcessor, MediaFilter, MediaRepository, ProcessError, TagCount};
pub use self::shown::LibraryImages;
use crate::access::Audience;
use crate::ports::Clock;
use crate::records::{self, LookupError, SaveError, WriteError};
use crate::search::search_term;

/// The default page size of `GET /media`.
pub const DEFAULT_LIMIT: u64 = 10;

/// A list request as the caller sent it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MediaQuery {
    pub search: Option<String>,
    pub kind: Option<MediaKind>,
    pub tag: Option<String>,
    pub page: Option<i64>,
    pub limit: Option<i64>,
}

/// One uploaded file.
#[derive(Debug, Clone)]
pub struct Upload {
    /// The name the browser gave; only used for the default title and shown as the file name.
    pub file_name: String,
    pub bytes: Vec<u8>,
}

/// The outcome of an accepted upload.
#[derive(Debug, Clone, PartialEq)]
pub struct Uploaded {
    pub item: MediaItem,
    /// `false` when the same file was already in the library: its record is answered instead.
    pub created: bool,
}

/// Why an upload was not stored.
#[derive(Debug, thiserror::Error)]
pub enum UploadError {
    #[error("{0}")]
    Refused(FileRefusal),
    /// The bytes claim an image format but do not decode as one.
    #[error("{0}")]
    Unreadable(String),
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// Why an item could not be deleted.
#[derive(Debug, thiserror::Error)]
pub enum DeleteMediaError {
    #[error("{0} not found")]
    NotFound(&'static str),
    /// Content still shows it; the message says where.
    #[error("{0}")]
    InUse(String),
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl From<LookupError> for DeleteMediaError {
    fn from(error: LookupError) -> Self {
        match error {
            LookupError::NotFound(label) => Self::NotFound(label),
            LookupError::Unexpected(error) => Self::Unexpected(error),
        }
    }
}

/// The media use cases, over the records `S`, the file storage `B` and the image processor `P`.
#[derive(Debug, Clone)]
pub struct Media<S, B, P, C> {
    store: S,
    blobs: B,
    images: P,
    clock: C,
    max_bytes: u64,
}

impl<S: MediaRepository, B: BlobStorage, P: ImageProcessor, C: Clock> Media<S, B, P, C> {
    /// `max_bytes` bounds one file (see [`media::DEFAULT_MAX_BYTES`]).
    pub fn new(store: S, blobs: B, images: P, clock: C, max_bytes: u64) -> Self {
        Self { store, blobs, images, clock, max_bytes }
    }

    /// The size limit of one file, in bytes.
    pub fn max_bytes(&self) -> u64 {
        self.max_bytes
    }

    /// The stored files, for serving.
    pub fn blobs(&self) -> &B {
        &self.blobs
    }

    /// Checks, stores and records one file. A file already in the library answers its record.
    pub async fn upload(&self, upload: Upload) -> Result<Uploaded, UploadError> {
        media::check_size(upload.bytes.len() as u64, self.max_bytes).map_err(UploadError::Refused)?;
        let format = MediaFormat::detect(&upload.bytes).map_err(UploadError::Refused)?;
        let hash = media::content_hash(&upload.bytes);
        let key = media::original_key(&hash, format);
        if let Some(existing) = self.store.find_media_by_key(&key).await? {
            return Ok(Uploaded { item: existing, created: false });
        }
        let bytes: Arc<[u8]> = upload.bytes.into();
        let processed = if format.kind() == MediaKind::Image {
            self.images.process(bytes.clone(), format, media::VARIANT_WIDTHS.to_vec()).await.map_err(|error| {
                match error {
                    ProcessError::Unreadable(reason) => UploadError::Unreadable(reason),
                    ProcessError::Unexpected(error) => UploadError::Unexpected(error),
                }
            })?
        } else {
            ports::ProcessedImage::default()
        };

        let now = self.clock.now();
        let mut item = MediaItem {
            meta: atelier_domain::meta::RecordMeta::default(),
            id: self.clock.new_id(),
            key: key.clone(),
            format,
            file_name: media::clean_file_name(&upload.file_name),
            title: media::title_from_file_name(&upload.file_name),
            alt: String::new(),
            tags: Vec::new(),
            size: bytes.len() as u64,
            width: processed.width,
            height: processed.height,
            variants: processed
                .variants
                .iter()
                .map(|variant| MediaVariant {
                    key: media::variant_key(&hash, variant.width),
                    width: variant.width,
                    height: variant.height,
                    size: variant.bytes.len() as u64,
                })
                .collect(),
            created_at: now,
            updated_at: now,
        };

        let mut stored = Vec::new();
        let written = async {
            self.blobs.put(&key, bytes, format.mime()).await?;
            stored.push(key.clone());
            for (variant, encoded) in item.variants.iter().zip(processed.variants) {
                self.blobs.put(&variant.key, encoded.bytes.into(), MediaFormat::Webp.mime()).await?;
                stored.push(variant.key.clone());
            }
            anyhow::Ok(())
        }
        .await;
        if let Err(error) = written {
            self.remove_blobs(&stored).await;
            return Err(error.into());
        }

        match self.store.insert(&mut item).await {
            Ok(()) => Ok(Uploaded { item, created: true }),
            // The same file, uploaded at the same moment by another request, was recorded first:
            // the files are its files now, so they stay.
            Err(SaveError::DuplicateSlug) => match self.store.find_media_by_key(&key).await? {
                Some(existing) => Ok(Uploaded { item: existing, created: false }),
                None => Err(anyhow::anyhow!("media key {key} was taken and then vanished").into()),
            },
            Err(SaveError::Unexpected(error)) => {
                if self.store.find_media_by_key(&key).await.ok().flatten().is_none() {
                    self.remove_blobs(&stored).await;
                }
                Err(error.into())
            }
        }
    }

    /// Deletes stored files, best effort: one that cannot be deleted is logged and left as an
    /// orphan, which nothing links to.
    async fn remove_blobs(&self, keys: &[String]) {
        for key in keys {
            if let Err(error) = self.blobs.delete(key).await {
                tracing::warn!(key, error = format!("{error:#}"), "failed to delete a stored media file");
            }
        }
    }

    /// One page of items, newest first.
    pub async fn list(&self, query: MediaQuery) -> anyhow::Result<Page<MediaItem>> {
        let tag = search_term(query.tag.as_deref()).map(|tag| tag.to_lowercase());
        let filter = MediaFilter { search: search_term(query.search.as_deref()), kind: query.kind, tag };
        self.store.list_media(filter, Audience::Admin.page(query.page, query.limit, DEFAULT_LIMIT)).await
    }

    /// Every tag in use, with its count.
    pub async fn tags(&self) -> anyhow::Result<Vec<TagCount>> {
        self.store.media_tags().await
    }

    pub async fn get(&self, id: &str) -> Result<MediaItem, LookupError> {
        records::get(&self.store, id, |_: &MediaItem| true).await
    }

    /// Changes the title, alt text or tags sent; the others keep their values.
    pub async fn update(&self, id: &str, input: MediaInput) -> Result<MediaItem, WriteError> {
        let id = records::parse_id::<MediaItem>(id)?;
        let changes = MediaChanges::parse(input).map_err(WriteError::Invalid)?;
        let mut item = records::found(&self.store, id).await?;
        item.apply(changes, self.clock.now());
        match self.store.update(&mut item).await {
            Ok(true) => Ok(item),
            Ok(false) => Err(records::not_found::<MediaItem>().into()),
            Err(SaveError::Unexpected(error)) => Err(error.into()),
            Err(SaveError::DuplicateSlug) => {
                let mut errors = FieldErrors::new();
                errors.add("key", "Another item holds this file");
                Err(WriteError::Invalid(errors))
            }
        }
    }

    /// Deletes the item and its files, unless a post, project or team member still shows it.
    pub async fn delete(&self, id: &str) -> Result<(), DeleteMediaError> {
        let id = records::parse_id::<MediaItem>(id)?;
        let item = records::found(&self.store, id).await?;
        let uses = self.store.media_uses(item.hash()).await?;
        if !uses.is_empty() {
            return Err(DeleteMediaError::InUse(media::in_use_message(&uses)));
        }
        if !self.store.delete(id).await? {
            return Err(records::not_found::<MediaItem>().into());
        }
        self.remove_blobs(&item.keys()).await;
        Ok(())
    }
}

#[cfg(test)]
mod tests;
