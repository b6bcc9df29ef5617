//! `/media`: the media library. Uploads are `multipart/form-data`, read as they stream in and
//! refused as soon as one file passes the size limit; files are served, outside `/api`, from
//! `/media/{key}` with year-long caching (their keys are content addresses).

use actix_multipart::{Field, Multipart, MultipartError};
use actix_web::body::{BodySize, MessageBody};
use actix_web::http::header::{self, ContentEncoding, EntityTag, Header as _, HeaderValue};
use actix_web::http::{Method, StatusCode};
use actix_web::{HttpMessage as _, HttpRequest, HttpResponse, web};
use atelier_application::media::ports::{BlobStorage as _, TagCount};
use atelier_application::media::{DeleteMediaError, LibraryImages, MediaQuery, Upload, UploadError, Uploaded};
use atelier_application::store::Store;
use atelier_domain::Page;
use atelier_domain::media::{
    FileRefusal, LibraryImage, MediaInput, MediaItem, MediaKind, MediaVariant, human_size, key_format,
};
use chrono::{DateTime, Utc};
use futures_util::StreamExt;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use crate::error::ApiError;
use crate::extract::JsonBody;
use crate::gate::ArrivedAsHead;
use crate::ports::{MediaService, Ports};
use crate::responses::{Conflict, Deleted};

/// The most files one upload request may carry.
pub const MAX_FILES_PER_UPLOAD: usize = 20;

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

/// A smaller WebP copy of an image, for `srcset`.
#[derive(Debug, Serialize, ToSchema)]
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
#[derive(Debug, Serialize, ToSchema)]
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

/// List media
///
/// One page of the library, newest first, searched and filtered by kind and tag.
#[utoipa::path(
    get, path = "/media", tag = "media", operation_id = "listMedia",
    params(MediaListParams),
    responses((status = 200, description = "One page of media items", body = MediaListDto))
)]
pub async fn list_media<P: Ports>(
    media: web::Data<MediaService<P>>,
    params: web::Query<MediaListParams>,
) -> Result<web::Json<MediaListDto>, ApiError> {
    let params = params.into_inner();
    let query = MediaQuery {
        search: params.search,
        kind: params.kind.map(MediaKind::from),
        tag: params.tag,
        page: params.page,
        limit: params.limit,
    };
    Ok(web::Json(media.list(query).await?.into()))
}

/// List media tags
///
/// Every tag in use in the library, by name, with how many items carry it.
#[utoipa::path(
    get, path = "/media/tags", tag = "media", operation_id = "listMediaTags",
    responses((status = 200, description = "The tags in use", body = Vec<MediaTagDto>))
)]
pub async fn list_media_tags<P: Ports>(
    media: web::Data<MediaService<P>>,
) -> Result<web::Json<Vec<MediaTagDto>>, ApiError> {
    Ok(web::Json(media.tags().await?.into_iter().map(MediaTagDto::from).collect()))
}

/// Get a media item
///
/// One item of the library with its URLs, size, dimensions and copies.
#[utoipa::path(
    get, path = "/media/{id}", tag = "media", operation_id = "getMedia",
    params(("id" = String, Path, description = "The item's `_id`")),
    responses((status = 200, description = "The media item", body = MediaItemDto))
)]
pub async fn get_media<P: Ports>(
    media: web::Data<MediaService<P>>,
    id: web::Path<String>,
) -> Result<web::Json<MediaItemDto>, ApiError> {
    Ok(web::Json(media.get(&id).await?.into()))
}

/// Upload media
///
/// Stores one or several files (`multipart/form-data`, each under `files`), each checked from its
/// bytes: JPEG, PNG, WebP, GIF or AVIF images, PDF documents, MP4 or WebM videos; SVG is refused.
/// Images get WebP copies 480, 960 and 1600 px wide and their size recorded; the title starts as the
/// file's name. A file already in the library answers its item (`created: false`). When one file is
/// refused, none of the request's files is kept.
#[utoipa::path(
    post, path = "/media", tag = "media", operation_id = "uploadMedia",
    request_body(content = UploadFormDto, content_type = "multipart/form-data"),
    responses((status = 201, description = "The stored files, in the order sent", body = UploadResultDto))
)]
pub async fn upload_media<P: Ports>(
    media: web::Data<MediaService<P>>,
    request: HttpRequest,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let limit = media.max_bytes();
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.parse::<u64>().ok());
    // A body that cannot fit even the most files allowed is refused before any of it is read.
    if declared
        .is_some_and(|length| length > limit.saturating_add(64 * 1024).saturating_mul(MAX_FILES_PER_UPLOAD as u64))
    {
        return Err(too_large(None, limit));
    }
    let mut form = Multipart::new(request.headers(), payload);
    let mut uploaded: Vec<Uploaded> = Vec::new();
    let outcome = receive::<P>(&media, &mut form, &mut uploaded, limit).await;
    match outcome {
        Ok(()) => {
            let items = uploaded.into_iter().map(UploadedDto::from).collect();
            Ok(HttpResponse::Created().json(UploadResultDto { items }))
        }
        Err(error) => {
            // None of the request's files is kept: the items it created go again.
            for done in uploaded.iter().filter(|done| done.created) {
                if let Err(error) = media.delete(&done.item.id.to_string()).await {
                    tracing::warn!(error = %error, "failed to remove a file of a refused upload");
                }
            }
            Err(error)
        }
    }
}

async fn receive<P: Ports>(
    media: &MediaService<P>,
    form: &mut Multipart,
    uploaded: &mut Vec<Uploaded>,
    limit: u64,
) -> Result<(), ApiError> {
    while let Some(field) = form.next().await {
        let field = field.map_err(|error| unreadable_form(&error))?;
        let Some(file_name) =
            field.content_disposition().and_then(|disposition| disposition.get_filename()).map(str::to_owned)
        else {
            // Not a file (a text field): read and ignored.
            read_capped(field, 64 * 1024, None).await?;
            continue;
        };
        if !crate::input::is_text(&file_name) {
            return Err(ApiError::invalid_field("files", "A file's name must not contain control characters"));
        }
        if uploaded.len() >= MAX_FILES_PER_UPLOAD {
            return Err(ApiError::client(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("At most {MAX_FILES_PER_UPLOAD} files can be uploaded at once"),
            ));
        }
        let bytes = read_capped(field, limit, Some(&file_name)).await?;
        let done = media.upload(Upload { file_name: file_name.clone(), bytes }).await;
        uploaded.push(done.map_err(|error| refused(&file_name, error))?);
    }
    if uploaded.is_empty() {
        return Err(ApiError::invalid_field("files", "Choose at least one file to upload"));
    }
    Ok(())
}

/// A field's bytes, refused with 413 as soon as they pass `limit` (the rest is never read).
async fn read_capped(mut field: Field, limit: u64, file_name: Option<&str>) -> Result<Vec<u8>, ApiError> {
    let mut bytes = Vec::new();
    while let Some(chunk) = field.next().await {
        let chunk = chunk.map_err(|error| unreadable_form(&error))?;
        if (bytes.len() + chunk.len()) as u64 > limit {
            return Err(too_large(file_name, limit));
        }
        bytes.extend_from_slice(&chunk);
    }
    Ok(bytes)
}

fn too_large(file_name: Option<&str>, limit: u64) -> ApiError {
    let reason = FileRefusal::TooLarge { limit }.message();
    let message = match file_name {
        Some(name) => format!("{name}: {reason}"),
        None => format!("The upload is too large: each file must be at most {}", human_size(limit)),
    };
    ApiError::client(StatusCode::PAYLOAD_TOO_LARGE, message)
}

fn unreadable_form(error: &MultipartError) -> ApiError {
    match error {
        MultipartError::ContentTypeMissing
        | MultipartError::ContentTypeParse
        | MultipartError::ContentTypeIncompatible
        | MultipartError::BoundaryMissing => {
            ApiError::client(StatusCode::UNSUPPORTED_MEDIA_TYPE, "Files must be sent as multipart/form-data")
        }
        _ => ApiError::bad_request("The upload could not be read"),
    }
}

/// The answer for a refused file, naming it.
fn refused(file_name: &str, error: UploadError) -> ApiError {
    let status = match &error {
        UploadError::Refused(FileRefusal::TooLarge { .. }) => StatusCode::PAYLOAD_TOO_LARGE,
        UploadError::Refused(FileRefusal::Svg | FileRefusal::Unsupported { .. }) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
        UploadError::Refused(FileRefusal::Empty) | UploadError::Unreadable(_) => StatusCode::UNPROCESSABLE_ENTITY,
        UploadError::Unexpected(_) => {
            let UploadError::Unexpected(error) = error else { unreachable!() };
            return ApiError::Unexpected(error.context(format!("failed to store the upload {file_name:?}")));
        }
    };
    let message = format!("{file_name}: {error}");
    if status == StatusCode::UNPROCESSABLE_ENTITY {
        return ApiError::invalid_field("files", message);
    }
    ApiError::client(status, message)
}

/// Update a media item
///
/// Changes the title, alt text or tags sent; fields left out keep their values.
#[utoipa::path(
    put, path = "/media/{id}", tag = "media", operation_id = "updateMedia",
    params(("id" = String, Path, description = "The item's `_id`")),
    request_body = MediaInputDto,
    responses((status = 200, description = "The updated item", body = MediaItemDto))
)]
pub async fn update_media<P: Ports>(
    media: web::Data<MediaService<P>>,
    id: web::Path<String>,
    body: JsonBody<MediaInputDto>,
) -> Result<web::Json<MediaItemDto>, ApiError> {
    let updated = media.update(&id, body.0.into()).await;
    let current = || async { Ok(MediaItemDto::from(media.get(&id).await?)) };
    Ok(web::Json(crate::versions::or_current(updated, current).await?.into()))
}

/// Delete a media item
///
/// Removes the item and its files, unless a post's featured image, a project's image or a team
/// member's avatar still shows it: then 409, naming where.
#[utoipa::path(
    delete, path = "/media/{id}", tag = "media", operation_id = "deleteMedia",
    params(("id" = String, Path, description = "The item's `_id`")),
    responses(Conflict, Deleted)
)]
pub async fn delete_media<P: Ports>(
    media: web::Data<MediaService<P>>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    media.delete(&id).await.map_err(|error| match error {
        DeleteMediaError::NotFound(_) => ApiError::not_found(error.to_string()),
        DeleteMediaError::InUse(message) => ApiError::client(StatusCode::CONFLICT, message),
        DeleteMediaError::Unexpected(error) => ApiError::Unexpected(error),
    })?;
    Ok(HttpResponse::NoContent().finish())
}

/// A stored file, at `/media/{key}` (outside `/api`, so not in the document): the bytes with the
/// type read at upload, `nosniff`, a year of caching and the key as its `ETag`. A single byte range
/// (`Range: bytes=…`, what a video player asks when it seeks) answers 206 with that part only, or 416
/// when it starts past the end; `If-Range` naming another version, several ranges or another unit
/// get the whole file. `HEAD` reads only the size. Documents (PDFs) are sent as attachments.
pub async fn serve_file<P: Ports>(
    media: web::Data<MediaService<P>>,
    key: web::Path<String>,
    request: HttpRequest,
) -> HttpResponse {
    let Some(format) = key_format(&key) else {
        return plain(StatusCode::NOT_FOUND, "Not found");
    };
    let tag = EntityTag::new_strong(key.clone());
    let quoted = tag.to_string();
    let header_text = |name| request.headers().get(name).and_then(|value: &HeaderValue| value.to_str().ok());
    let cached = header_text(header::IF_NONE_MATCH)
        .is_some_and(|value| value.split(',').any(|candidate| candidate.trim() == quoted || candidate.trim() == "*"));
    let mut response = if cached { HttpResponse::NotModified() } else { HttpResponse::Ok() };
    response
        .insert_header((header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=31536000, immutable")))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")))
        .insert_header((header::ACCEPT_RANGES, HeaderValue::from_static("bytes")))
        .insert_header(header::ETag(tag))
        // Images and videos are compressed already.
        .insert_header(ContentEncoding::Identity);
    // A document (a PDF) is downloaded, never shown in the site's origin, where a viewer would run
    // whatever it holds; images and videos are shown where pages place them.
    if format.kind() == MediaKind::Document {
        response.insert_header((header::CONTENT_DISPOSITION, format!("attachment; filename=\"{}\"", key.as_str())));
    }
    if cached {
        return response.finish();
    }
    let blobs = media.blobs();
    let head = request.method() == Method::HEAD || request.extensions().contains::<ArrivedAsHead>();
    // Ranges apply to GET only; `If-Range` with anything but this file's tag (another version, a
    // date) asks for the whole file.
    let range = (!head && header_text(header::IF_RANGE).is_none_or(|value| value == quoted))
        .then(|| header::Range::parse(&request).ok())
        .flatten()
        .and_then(|range| match range {
            header::Range::Bytes(specs) if specs.len() == 1 => specs.into_iter().next(),
            _ => None,
        });
    if head || range.is_some() {
        let size = match blobs.size(&key).await {
            Ok(Some(size)) => size,
            Ok(None) => return plain(StatusCode::NOT_FOUND, "Not found"),
            Err(error) => return read_failed(&error),
        };
        response.content_type(format.mime());
        let Some(spec) = range else {
            return response.body(HeadBody(size));
        };
        let Some((first, last)) = spec.to_satisfiable_range(size) else {
            return HttpResponse::build(StatusCode::RANGE_NOT_SATISFIABLE)
                .insert_header((header::CONTENT_RANGE, format!("bytes */{size}")))
                .insert_header((header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")))
                .content_type("text/plain; charset=utf-8")
                .body("Range not satisfiable");
        };
        return match blobs.get_range(&key, first..last + 1).await {
            Ok(Some(bytes)) => response
                .status(StatusCode::PARTIAL_CONTENT)
                .insert_header((header::CONTENT_RANGE, format!("bytes {first}-{last}/{size}")))
                .body(bytes),
            Ok(None) => plain(StatusCode::NOT_FOUND, "Not found"),
            Err(error) => read_failed(&error),
        };
    }
    match blobs.get(&key).await {
        Ok(Some(bytes)) => response.content_type(format.mime()).body(bytes),
        Ok(None) => plain(StatusCode::NOT_FOUND, "Not found"),
        Err(error) => read_failed(&error),
    }
}

/// The body of an answer to HEAD: it announces the file's length, which the server sends as
/// `Content-Length`, and has no bytes (the server sends none to HEAD anyway).
struct HeadBody(u64);

impl MessageBody for HeadBody {
    type Error = std::convert::Infallible;

    fn size(&self) -> BodySize {
        BodySize::Sized(self.0)
    }

    fn poll_next(
        self: std::pin::Pin<&mut Self>,
        _: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<actix_web::web::Bytes, Self::Error>>> {
        std::task::Poll::Ready(None)
    }
}

fn plain(status: StatusCode, text: &'static str) -> HttpResponse {
    HttpResponse::build(status).content_type("text/plain; charset=utf-8").body(text)
}

fn read_failed(error: &anyhow::Error) -> HttpResponse {
    tracing::error!(error = format!("{error:#}"), "failed to read a stored media file");
    plain(StatusCode::INTERNAL_SERVER_ERROR, "Internal server error")
}

/// The operations of this resource, documented: nested into the API document by [`super::documents`].
#[derive(Debug, OpenApi)]
#[openapi(
    paths(list_media, list_media_tags, get_media, upload_media, update_media, delete_media),
    tags((name = "media", description = "The media library: images, documents and videos for the site")),
)]
pub struct Doc;

pub fn routes<P: Ports>(config: &mut web::ServiceConfig, store: &P::Store) {
    // The look-up of the library images records show, for the DTOs of posts and projects.
    config.app_data(web::Data::new(LibraryImages::new(store.clone())));
    config
        .service(super::resource("/media").get(list_media::<P>).post(upload_media::<P>))
        .service(super::resource("/media/tags").get(list_media_tags::<P>))
        .service(super::resource("/media/{id}").get(get_media::<P>).put(update_media::<P>).delete(delete_media::<P>));
}

/// The public file route, `/media/{key}`, registered beside the web apps.
pub fn file_routes<P: Ports>(config: &mut web::ServiceConfig) {
    config.service(
        web::resource("/media/{key}").route(web::get().to(serve_file::<P>)).route(web::head().to(serve_file::<P>)),
    );
}
