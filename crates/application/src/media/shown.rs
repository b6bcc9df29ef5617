//! The library images records show: for the pages that show a post's featured image, a project's
//! image or the pictures in their markdown, each image's size and WebP copies, found with one query
//! whatever the number of records.

use std::collections::HashMap;

use atelier_domain::media::{LibraryImage, MediaItem, image_keys_for, images_named_in};

use super::ports::MediaRepository;

/// Finds the library images records name.
#[derive(Debug, Clone)]
pub struct LibraryImages<S> {
    store: S,
}

impl<S: MediaRepository> LibraryImages<S> {
    pub fn new(store: S) -> Self {
        Self { store }
    }

    /// For each record, given the texts that may name library images (an image URL, markdown),
    /// the library images it shows, in the order they appear. A path naming no stored image (a
    /// deleted file, an image whose size is unknown) is left out: the page shows it as written.
    ///
    /// # Errors
    /// Only infrastructure faults.
    pub async fn shown_by(&self, records: &[Vec<&str>]) -> anyhow::Result<Vec<Vec<LibraryImage>>> {
        let named: Vec<Vec<_>> = records
            .iter()
            .map(|texts| {
                let mut named = Vec::new();
                for text in texts {
                    for image in images_named_in(text) {
                        if !named.contains(&image) {
                            named.push(image);
                        }
                    }
                }
                named
            })
            .collect();
        let mut keys: Vec<String> = named.iter().flatten().flat_map(|image| image_keys_for(&image.hash)).collect();
        if keys.is_empty() {
            return Ok(vec![Vec::new(); records.len()]);
        }
        keys.sort_unstable();
        keys.dedup();
        let items: HashMap<String, MediaItem> = self
            .store
            .find_media_by_keys(&keys)
            .await?
            .into_iter()
            .map(|item| (item.hash().to_owned(), item))
            .collect();
        Ok(named
            .into_iter()
            .map(|images| {
                images.into_iter().filter_map(|image| LibraryImage::of(items.get(&image.hash)?, &image.path)).collect()
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use atelier_domain::media::content_hash;

    use super::*;
    use crate::fake::{FakeClock, InMemoryStore};
    use crate::media::fake::{FakeImages, InMemoryBlobs};
    use crate::media::{Media, Upload};

    async fn uploaded(media: &Media<InMemoryStore, InMemoryBlobs, FakeImages, FakeClock>, bytes: Vec<u8>) -> MediaItem {
        media.upload(Upload { file_name: "photo.png".into(), bytes }).await.unwrap().item
    }

    fn png(seed: &str) -> Vec<u8> {
        let mut bytes = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
        bytes.extend_from_slice(seed.as_bytes());
        bytes.resize(64, 0);
        bytes
    }

    #[tokio::test]
    async fn each_record_gets_the_library_images_its_texts_name() {
        let store = InMemoryStore::default();
        let media =
            Media::new(store.clone(), InMemoryBlobs::default(), FakeImages::default(), FakeClock::default(), 1024);
        let first = uploaded(&media, png("first")).await;
        let second = uploaded(&media, png("second")).await;
        let missing = content_hash(b"never uploaded");
        let copy = &second.variants[1].url();

        let cover = format!("https://studio.example{}", first.url());
        let markdown = format!("Intro\n\n![A]({copy})\n\n![B]({})\n\n![gone](/media/{missing}.png)", first.url());
        let records = vec![vec![cover.as_str(), markdown.as_str()], vec![""], vec![copy.as_str()]];
        let shown = LibraryImages::new(store).shown_by(&records).await.unwrap();

        let paths: Vec<Vec<&str>> =
            shown.iter().map(|images| images.iter().map(|image| image.path.as_str()).collect()).collect();
        assert_eq!(paths, [vec![first.url().as_str(), copy.as_str()], vec![], vec![copy.as_str()]]);
        let image = &shown[0][0];
        assert_eq!((image.width, image.height), (2000, 1000));
        assert_eq!(image.variants, first.variants);
        assert_eq!(shown[2][0].variants, second.variants, "a copy's URL finds its original's copies");
    }

    #[tokio::test]
    async fn records_naming_no_library_image_show_none() {
        let store = InMemoryStore::default();
        let shown = LibraryImages::new(store).shown_by(&[vec!["/images/demo/blog-1.svg"], vec![]]).await.unwrap();
        assert_eq!(shown, [vec![], vec![]]);
    }
}
