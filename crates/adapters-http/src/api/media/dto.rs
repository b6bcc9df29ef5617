//! The media library's request and response shapes.

use atelier_application::media::Uploaded;
use atelier_application::media::ports::TagCount;
use atelier_domain::Page;
use atelier_domain::media::{MediaInput, MediaItem, MediaKind};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::images::MediaVariantDto;

/// What a file is, as the library's type filter offers it.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = MediaKind)]
pub enum MediaKindDto {
    Image,
    Document,
    Video,
}

impl From<MediaKind> for MediaKindDto {
    fn from(kind: MediaKind) -> Self {
        match kind {
            MediaKind::Image => Self::Image,
            MediaKind::Document => Self::Document,
            MediaKind::Video => Self::Video,
        }
    }
}

impl From<MediaKindDto> for MediaKind {
    fn from(kind: MediaKindDto) -> Self {
        match kind {
            MediaKindDto::Image => Self::Image,
            MediaKindDto::Document => Self::Document,
            MediaKindDto::Video => Self::Video,
        }
    }
}

/// A file in the media library.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MediaItem)]
pub struct MediaItemDto {
    /// The record's version and who created and last changed it.
    #[serde(flatten)]
    pub meta: crate::versions::MetaDto,
    /// 24 lowercase hexadecimal characters.
    #[serde(rename = "_id")]
    #[schema(example = "65f1c2a9b4e8d70012345678")]
    pub id: String,
    pub title: String,
    /// Describes an image for people who cannot see it; may be empty.
    pub alt: String,
    /// Lowercase.
    pub tags: Vec<String>,
    pub kind: MediaKindDto,
    /// The media type read from the file's bytes, e.g. `image/png`.
    #[schema(example = "image/jpeg")]
    pub mime_type: String,
    /// The name the file had when uploaded.
    pub file_name: String,
    /// Bytes of the original.
    pub size: u64,
    /// Pixels, for images whose size could be read.
    pub width: Option<u32>,
    pub height: Option<u32>,
    /// Where the original is served: `/media/<sha-256>.<extension>`, cached for a year.
    #[schema(example = "/media/9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08.jpg")]
    pub url: String,
    /// WebP copies 480, 960 and 1600 pixels wide (never wider than the original), narrowest first.
    pub variants: Vec<MediaVariantDto>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<MediaItem> for MediaItemDto {
    fn from(item: MediaItem) -> Self {
        Self {
            meta: item.meta.clone().into(),
            id: item.id.to_string(),
            url: item.url(),
            kind: item.kind().into(),
            mime_type: item.format.mime().to_owned(),
            title: item.title,
            alt: item.alt,
            tags: item.tags,
            file_name: item.file_name,
            size: item.size,
            width: item.width,
            height: item.height,
            variants: item.variants.into_iter().map(MediaVariantDto::from).collect(),
            created_at: item.created_at,
            updated_at: item.updated_at,
        }
    }
}

/// One page of the library, newest first.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MediaList)]
pub struct MediaListDto {
    pub media: Vec<MediaItemDto>,
    pub total_items: u64,
    pub total_pages: u64,
    pub current_page: u64,
}

impl From<Page<MediaItem>> for MediaListDto {
    fn from(page: Page<MediaItem>) -> Self {
        Self {
            media: page.items.into_iter().map(MediaItemDto::from).collect(),
            total_items: page.total_items,
            total_pages: page.total_pages,
            current_page: page.current_page,
        }
    }
}

/// A tag in use and how many items carry it.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = MediaTag)]
pub struct MediaTagDto {
    pub tag: String,
    pub count: u64,
}

impl From<TagCount> for MediaTagDto {
    fn from(tag: TagCount) -> Self {
        Self { tag: tag.tag, count: tag.count }
    }
}

/// One file of an upload.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = MediaUploaded)]
pub struct UploadedDto {
    pub media: MediaItemDto,
    /// `false` when the same file was already in the library: its item is answered instead.
    pub created: bool,
}

impl From<Uploaded> for UploadedDto {
    fn from(uploaded: Uploaded) -> Self {
        Self { media: uploaded.item.into(), created: uploaded.created }
    }
}

/// The files of an upload, in the order sent.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = MediaUploadResult)]
pub struct UploadResultDto {
    pub items: Vec<UploadedDto>,
}

/// The form of an upload: one or several files under `files`.
#[derive(Debug, ToSchema)]
#[schema(as = MediaUploadForm)]
#[allow(dead_code)]
pub struct UploadFormDto {
    /// JPEG, PNG, WebP, GIF or AVIF images, PDF documents, MP4 or WebM videos, each within the size
    /// limit (10 MiB unless configured otherwise); the type is read from the bytes, not the name.
    #[schema(value_type = Vec<String>, format = Binary)]
    pub files: Vec<Vec<u8>>,
}

/// The editable fields of a media item. Fields left out keep their values; strings are trimmed.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MediaInput)]
pub struct MediaInputDto {
    /// At most 200 characters; cannot be emptied.
    pub title: Option<String>,
    /// At most 500 characters; may be empty.
    pub alt: Option<String>,
    /// At most 20 tags of at most 50 characters; lowercased, repeats dropped.
    pub tags: Option<Vec<String>>,
}

impl From<MediaInputDto> for MediaInput {
    fn from(dto: MediaInputDto) -> Self {
        Self { title: dto.title, alt: dto.alt, tags: dto.tags }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MediaListParams {
    /// Case-insensitive search over title, alt text, file name and tags.
    pub search: Option<String>,
    /// Only images, documents or videos.
    pub kind: Option<MediaKindDto>,
    /// Only items with this tag (case-insensitive).
    pub tag: Option<String>,
    /// Page size from 1 to 1000; 10 by default.
    pub limit: Option<i64>,
    /// Page number from 1.
    pub page: Option<i64>,
}
