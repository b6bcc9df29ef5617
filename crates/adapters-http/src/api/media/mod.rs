//! `/media`: the media library. Uploads are `multipart/form-data`, read as they stream in and
//! refused as soon as one file passes the size limit; files are served, outside `/api`, from
//! `/media/{key}` with year-long caching (their keys are content addresses).

mod dto;
mod serving;
mod upload;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use atelier_application::media::{DeleteMediaError, LibraryImages, MediaQuery};
use atelier_application::ports::SharedClock;
use atelier_domain::media::MediaKind;
use utoipa::OpenApi;

use crate::contract::Rules;
use crate::error::ApiError;
use crate::extract::JsonBody;
use crate::ports::{MediaService, Ports};
use crate::responses::{Conflict, Deleted};

pub use self::dto::{
    MediaInputDto, MediaItemDto, MediaKindDto, MediaListDto, MediaListParams, MediaTagDto, UploadFormDto,
    UploadResultDto, UploadedDto,
};
pub use self::serving::file_routes;
pub use self::upload::{MAX_FILES_PER_UPLOAD, upload_media};
pub(crate) use crate::images::images_of;
pub use crate::images::{LibraryImageDto, MediaVariantDto};

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

/// The operations of this resource, documented: nested into the API document by [`super::documents`].
#[derive(Debug, OpenApi)]
#[openapi(
    paths(list_media, list_media_tags, get_media, upload::upload_media, update_media, delete_media),
    tags((name = "media", description = "The media library: images, documents and videos for the site")),
)]
pub struct Doc;

/// The rules of the bodies and parameters this resource takes, from the domain's limits
/// ([`crate::contract`]): collected by [`super::rules`].
pub fn rules() -> Rules {
    use atelier_domain::media;

    use crate::contract::{body, filled, list, some, text};

    Rules::bodies(vec![
        body::<dto::UploadFormDto>(vec![("files", some().required())]),
        body::<MediaInputDto>(vec![
            ("title", filled(media::MAX_TITLE_LEN)),
            ("alt", text(media::MAX_ALT_LEN)),
            ("tags", list(media::MAX_TAGS, text(media::MAX_TAG_LEN))),
        ]),
    ])
}

pub fn routes<P: Ports>(config: &mut crate::api::Routes, store: &P::Store, _clock: &SharedClock) {
    // The look-up of the library images records show, for the DTOs of posts and projects.
    config.app_data(web::Data::new(LibraryImages::new(store.clone())));
    config
        .service(super::resource("/media").get(list_media::<P>).post(upload_media::<P>))
        .service(super::resource("/media/tags").get(list_media_tags::<P>))
        .service(super::resource("/media/{id}").get(get_media::<P>).put(update_media::<P>).delete(delete_media::<P>));
}
