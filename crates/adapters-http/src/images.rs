//! The library images a record shows (a post's featured image, a project's image, a picture in
//! their markdown), as the records' DTOs carry them and the markdown renderer draws them: shared by
//! [`crate::api`] and [`crate::markdown`], below both.

use atelier_application::media::LibraryImages;
use atelier_application::store::Store;
use atelier_domain::media::{LibraryImage, MediaVariant};
use serde::Serialize;
use utoipa::ToSchema;

use crate::error::ApiError;

/// A smaller WebP copy of an image, for `srcset`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[schema(as = MediaVariant)]
pub struct MediaVariantDto {
    /// Where it is served, e.g. `/media/<sha-256>-480w.webp`.
    pub url: String,
    pub width: u32,
    pub height: u32,
    /// Bytes.
    pub size: u64,
}

impl From<MediaVariant> for MediaVariantDto {
    fn from(variant: MediaVariant) -> Self {
        Self { url: variant.url(), width: variant.width, height: variant.height, size: variant.size }
    }
}

/// An image of the media library that a record shows (a post's featured image, a project's image,
/// a picture in their markdown): what a page needs to show it well.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[schema(as = LibraryImage)]
pub struct LibraryImageDto {
    /// The library path the record names, `/media/<key>` (the path part when the record has an
    /// absolute URL): the page matches its image addresses against it.
    #[schema(example = "/media/9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08.jpg")]
    pub path: String,
    /// The original's size in pixels, for the `width` and `height` attributes.
    pub width: u32,
    pub height: u32,
    /// WebP copies for `srcset`, narrowest first; none for a GIF (it keeps its animation) or an
    /// image narrower than 480 pixels.
    pub variants: Vec<MediaVariantDto>,
    /// The alt text given in the library, trimmed; empty for none. The site describes the image with
    /// it wherever it appears, unless the record gives its own.
    pub alt: String,
}

impl From<LibraryImage> for LibraryImageDto {
    fn from(image: LibraryImage) -> Self {
        Self {
            path: image.path,
            width: image.width,
            height: image.height,
            variants: image.variants.into_iter().map(MediaVariantDto::from).collect(),
            alt: image.alt,
        }
    }
}

/// The library images of each record (`texts` gives the texts of each that may name them: image
/// URLs, markdown), as the records' DTOs carry them. One query for all the records.
pub(crate) async fn images_of<S: Store>(
    images: &LibraryImages<S>,
    texts: &[Vec<&str>],
) -> Result<Vec<Vec<LibraryImageDto>>, ApiError> {
    let shown = images.shown_by(texts).await?;
    Ok(shown.into_iter().map(|images| images.into_iter().map(LibraryImageDto::from).collect()).collect())
}
