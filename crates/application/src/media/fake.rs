//! The in-memory media library: records in the fake store, files in a map, and an image processor
//! that reports a fixed size.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use atelier_domain::content::ContentPage;
use atelier_domain::media::{MediaFormat, MediaItem, MediaUse, variant_widths};
use atelier_domain::portfolio::Project;
use atelier_domain::post::Post;
use atelier_domain::team::TeamMember;
use atelier_domain::{EntityId, Page, PageRequest};

use super::ports::{
    BlobStorage, EncodedVariant, ImageProcessor, MediaFilter, MediaRepository, ProcessError, ProcessedImage, TagCount,
};
use crate::fake::{FakeRecord, InMemoryStore, Tables, matches, paged};
use crate::records::{RecordRepository, SaveError};

impl FakeRecord for MediaItem {
    fn check(tables: &Tables, record: &Self) -> Result<(), SaveError> {
        let taken = tables.rows::<Self>().iter().any(|item| item.key == record.key && item.id != record.id);
        if taken { Err(SaveError::DuplicateSlug) } else { Ok(()) }
    }
}

fn refers_to(url: &str, hash: &str) -> bool {
    url.contains(&format!("/media/{hash}"))
}

impl MediaRepository for InMemoryStore {
    async fn list_media(&self, filter: MediaFilter, page: PageRequest) -> anyhow::Result<Page<MediaItem>> {
        self.with(|tables| {
            let mut found: Vec<_> = tables
                .rows::<MediaItem>()
                .iter()
                .filter(|item| filter.kind.is_none_or(|kind| item.kind() == kind))
                .filter(|item| filter.tag.as_ref().is_none_or(|tag| item.tags.contains(tag)))
                .filter(|item| {
                    let tags = item.tags.join(" ");
                    matches(filter.search.as_deref(), &[&item.title, &item.alt, &item.file_name, &tags])
                })
                .cloned()
                .collect();
            found.sort_by(|a, b| b.created_at.cmp(&a.created_at).then(b.id.cmp(&a.id)));
            Ok(paged(&found, page))
        })
    }

    async fn find_media_by_key(&self, key: &str) -> anyhow::Result<Option<MediaItem>> {
        self.with(|tables| Ok(tables.rows::<MediaItem>().iter().find(|item| item.key == key).cloned()))
    }

    async fn find_media_by_keys(&self, keys: &[String]) -> anyhow::Result<Vec<MediaItem>> {
        self.with(|tables| {
            Ok(tables.rows::<MediaItem>().iter().filter(|item| keys.contains(&item.key)).cloned().collect())
        })
    }

    async fn media_tags(&self) -> anyhow::Result<Vec<TagCount>> {
        self.with(|tables| {
            let mut counts = BTreeMap::<String, u64>::new();
            for tag in tables.rows::<MediaItem>().iter().flat_map(|item| &item.tags) {
                *counts.entry(tag.clone()).or_default() += 1;
            }
            Ok(counts.into_iter().map(|(tag, count)| TagCount { tag, count }).collect())
        })
    }

    async fn media_uses(&self, hash: &str) -> anyhow::Result<Vec<MediaUse>> {
        self.with(|tables| {
            let posts = tables.rows::<Post>();
            let projects = tables.rows::<Project>();
            let mut uses: Vec<MediaUse> = Vec::new();
            uses.extend(
                posts
                    .iter()
                    .filter(|post| refers_to(&post.featured_image, hash))
                    .map(|post| MediaUse::PostFeaturedImage { title: post.title.clone() }),
            );
            uses.extend(
                posts
                    .iter()
                    .filter(|post| refers_to(&post.content, hash))
                    .map(|post| MediaUse::PostText { title: post.title.clone() }),
            );
            uses.extend(
                projects
                    .iter()
                    .filter(|project| refers_to(&project.image, hash))
                    .map(|project| MediaUse::ProjectImage { title: project.title.clone() }),
            );
            uses.extend(
                projects
                    .iter()
                    .filter(|project| refers_to(&project.description, hash))
                    .map(|project| MediaUse::ProjectText { title: project.title.clone() }),
            );
            uses.extend(
                tables
                    .rows::<TeamMember>()
                    .iter()
                    .filter(|member| refers_to(&member.avatar, hash))
                    .map(|member| MediaUse::TeamAvatar { name: member.name.clone() }),
            );
            uses.extend(
                tables
                    .rows::<ContentPage>()
                    .iter()
                    .filter(|page| refers_to(&page.content, hash) || refers_to(&page.description, hash))
                    .map(|page| MediaUse::PageText { title: page.title.clone() }),
            );
            Ok(uses)
        })
    }
}

/// Key → bytes and content type.
type Files = BTreeMap<String, (Vec<u8>, String)>;

/// Files in memory. `fail_after` makes every `put` after that many fail, to test clean-up.
#[derive(Debug, Clone, Default)]
pub struct InMemoryBlobs {
    files: Arc<Mutex<Files>>,
    puts: Arc<AtomicUsize>,
    fail_after: Option<usize>,
}

impl InMemoryBlobs {
    pub fn failing_after(puts: usize) -> Self {
        Self { fail_after: Some(puts), ..Self::default() }
    }

    /// The stored keys, sorted.
    pub fn keys(&self) -> Vec<String> {
        self.files.lock().unwrap().keys().cloned().collect()
    }

    pub fn content_type(&self, key: &str) -> Option<String> {
        self.files.lock().unwrap().get(key).map(|(_, content_type)| content_type.clone())
    }
}

impl BlobStorage for InMemoryBlobs {
    async fn put(&self, key: &str, bytes: Arc<[u8]>, content_type: &str) -> anyhow::Result<()> {
        let done = self.puts.fetch_add(1, Ordering::SeqCst);
        if self.fail_after.is_some_and(|limit| done >= limit) {
            anyhow::bail!("the disk is full");
        }
        self.files.lock().unwrap().insert(key.to_owned(), (bytes.to_vec(), content_type.to_owned()));
        Ok(())
    }

    async fn get(&self, key: &str) -> anyhow::Result<Option<Vec<u8>>> {
        Ok(self.files.lock().unwrap().get(key).map(|(bytes, _)| bytes.clone()))
    }

    async fn size(&self, key: &str) -> anyhow::Result<Option<u64>> {
        Ok(self.files.lock().unwrap().get(key).map(|(bytes, _)| bytes.len() as u64))
    }

    async fn get_range(&self, key: &str, range: std::ops::Range<u64>) -> anyhow::Result<Option<Vec<u8>>> {
        let files = self.files.lock().unwrap();
        let Some((bytes, _)) = files.get(key) else { return Ok(None) };
        let (start, end) = (usize::try_from(range.start)?, usize::try_from(range.end)?);
        bytes.get(start..end).map(|part| Some(part.to_vec())).ok_or_else(|| anyhow::anyhow!("range past the end"))
    }

    async fn delete(&self, key: &str) -> anyhow::Result<()> {
        self.files.lock().unwrap().remove(key);
        Ok(())
    }
}

/// "Processes" every image as `width` × `height` pixels, with a copy of a few bytes at each width the
/// rules allow; bytes starting with `BROKEN` do not decode.
#[derive(Debug, Clone, Copy)]
pub struct FakeImages {
    pub width: u32,
    pub height: u32,
}

impl Default for FakeImages {
    fn default() -> Self {
        Self { width: 2000, height: 1000 }
    }
}

impl ImageProcessor for FakeImages {
    async fn process(
        &self,
        bytes: Arc<[u8]>,
        _format: MediaFormat,
        widths: Vec<u32>,
    ) -> Result<ProcessedImage, ProcessError> {
        if bytes.windows(6).any(|window| window == b"BROKEN") {
            return Err(ProcessError::Unreadable("The image could not be read".into()));
        }
        let variants = variant_widths(self.width)
            .into_iter()
            .filter(|width| widths.contains(width))
            .map(|width| EncodedVariant {
                width,
                height: self.height * width / self.width,
                bytes: format!("webp {width}").into_bytes(),
            })
            .collect();
        Ok(ProcessedImage { width: Some(self.width), height: Some(self.height), variants })
    }
}

/// The fake store, except that recording a media item fails as a broken database would.
#[derive(Debug, Clone, Default)]
pub struct BrokenInserts(pub InMemoryStore);

impl RecordRepository<MediaItem> for BrokenInserts {
    async fn find(&self, id: EntityId) -> anyhow::Result<Option<MediaItem>> {
        self.0.find(id).await
    }

    async fn insert(&self, _record: &mut MediaItem) -> Result<(), SaveError> {
        Err(SaveError::Unexpected(anyhow::anyhow!("the database went away")))
    }

    async fn update(&self, record: &mut MediaItem) -> Result<bool, SaveError> {
        self.0.update(record).await
    }

    async fn delete(&self, id: EntityId) -> anyhow::Result<bool> {
        RecordRepository::<MediaItem>::delete(&self.0, id).await
    }
}

impl MediaRepository for BrokenInserts {
    async fn list_media(&self, filter: MediaFilter, page: PageRequest) -> anyhow::Result<Page<MediaItem>> {
        self.0.list_media(filter, page).await
    }

    async fn find_media_by_key(&self, key: &str) -> anyhow::Result<Option<MediaItem>> {
        self.0.find_media_by_key(key).await
    }

    async fn find_media_by_keys(&self, keys: &[String]) -> anyhow::Result<Vec<MediaItem>> {
        self.0.find_media_by_keys(keys).await
    }

    async fn media_tags(&self) -> anyhow::Result<Vec<TagCount>> {
        self.0.media_tags().await
    }

    async fn media_uses(&self, hash: &str) -> anyhow::Result<Vec<MediaUse>> {
        self.0.media_uses(hash).await
    }
}
