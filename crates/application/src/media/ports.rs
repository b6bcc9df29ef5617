//! What the media library needs from the outside world: its records, a place to keep the files, and
//! something that reads images and makes their smaller copies.

use std::future::Future;
use std::ops::Range;
use std::sync::Arc;

use atelier_domain::media::{MediaFormat, MediaItem, MediaKind, MediaUse};
use atelier_domain::{Page, PageRequest};

use crate::records::{Record, RecordRepository, SaveError};

/// Inserting a second item with a stored key is a [`SaveError::DuplicateSlug`]: the key is the
/// record's unique field.
impl Record for MediaItem {
    const LABEL: &'static str = "Media item";
    type SaveError = SaveError;
    type DeleteError = anyhow::Error;

    crate::records::record_fields!();

    fn title(&self) -> String {
        self.title.clone()
    }
}

/// Which media items a list call wants.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MediaFilter {
    /// Case-insensitive search over title, alt text, file name and tags.
    pub search: Option<String>,
    pub kind: Option<MediaKind>,
    /// Items carrying this tag (tags are stored lowercase).
    pub tag: Option<String>,
}

/// A tag and how many items carry it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TagCount {
    pub tag: String,
    pub count: u64,
}

/// Stored media records.
pub trait MediaRepository: RecordRepository<MediaItem> {
    /// Items matching `filter`, newest first, one page of them with the total.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn list_media(
        &self,
        filter: MediaFilter,
        page: PageRequest,
    ) -> impl Future<Output = anyhow::Result<Page<MediaItem>>> + Send;

    /// The item whose original is stored under `key`.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_media_by_key(&self, key: &str) -> impl Future<Output = anyhow::Result<Option<MediaItem>>> + Send;

    /// The items whose originals are stored under any of `keys`, in no particular order.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_media_by_keys(&self, keys: &[String]) -> impl Future<Output = anyhow::Result<Vec<MediaItem>>> + Send;

    /// Every tag in use, by name, with its count.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn media_tags(&self) -> impl Future<Output = anyhow::Result<Vec<TagCount>>> + Send;

    /// Where content refers to a file whose keys start with `hash` (any of its URLs, relative or
    /// absolute): posts' featured images, projects' images and team avatars.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn media_uses(&self, hash: &str) -> impl Future<Output = anyhow::Result<Vec<MediaUse>>> + Send;
}

/// Where the files themselves are kept, by key. Keys are made by the domain
/// ([`atelier_domain::media::original_key`]) and checked before they reach a storage.
pub trait BlobStorage: Clone + Send + Sync + 'static {
    /// Stores `bytes` under `key`, replacing whatever was there (the same key always holds the same
    /// bytes). A reader never sees a half-written file.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn put(&self, key: &str, bytes: Arc<[u8]>, content_type: &str) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// The bytes stored under `key`, if any.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn get(&self, key: &str) -> impl Future<Output = anyhow::Result<Option<Vec<u8>>>> + Send;

    /// The size in bytes of what is stored under `key`, if anything.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn size(&self, key: &str) -> impl Future<Output = anyhow::Result<Option<u64>>> + Send;

    /// The bytes `range` (end exclusive, within the stored size) of what is stored under `key`, if
    /// anything: a part of a video a player seeks to, without reading the rest.
    ///
    /// # Errors
    /// Only infrastructure faults, or a range past the end of what is stored.
    fn get_range(&self, key: &str, range: Range<u64>) -> impl Future<Output = anyhow::Result<Option<Vec<u8>>>> + Send;

    /// Removes what is stored under `key`; nothing there is not an error.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn delete(&self, key: &str) -> impl Future<Output = anyhow::Result<()>> + Send;
}

/// An image's size and its smaller WebP copies.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProcessedImage {
    pub width: Option<u32>,
    pub height: Option<u32>,
    /// Narrowest first.
    pub variants: Vec<EncodedVariant>,
}

/// One WebP copy, encoded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EncodedVariant {
    pub width: u32,
    pub height: u32,
    pub bytes: Vec<u8>,
}

/// Why an image could not be processed.
#[derive(Debug, thiserror::Error)]
pub enum ProcessError {
    /// Its bytes do not decode (damaged or truncated), or it is too large in pixels to decode safely.
    #[error("{0}")]
    Unreadable(String),
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// Reads images and makes their copies; the work runs off the request threads.
pub trait ImageProcessor: Clone + Send + Sync + 'static {
    /// The image's size and a WebP copy at each of `widths` (each narrower than the image).
    ///
    /// # Errors
    /// [`ProcessError::Unreadable`] for bytes that do not decode as `format`.
    fn process(
        &self,
        bytes: Arc<[u8]>,
        format: MediaFormat,
        widths: Vec<u32>,
    ) -> impl Future<Output = Result<ProcessedImage, ProcessError>> + Send;
}
