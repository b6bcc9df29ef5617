//! `POST /media`: uploads, read as they stream in and refused as soon as one file passes the size
//! limit; when one file is refused, none of the request's files is kept.

use actix_multipart::Multipart;
use actix_web::http::StatusCode;
use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use atelier_application::media::{Upload, UploadError, Uploaded};
use atelier_domain::media::{FileRefusal, human_size};
use futures_util::StreamExt;

use super::dto::{UploadFormDto, UploadResultDto, UploadedDto};
use crate::error::ApiError;
use crate::form_parts::{read_capped, unreadable};
use crate::ports::{MediaService, Ports};

/// What a form that is not `multipart/form-data` is told must be sent so.
const FILES: &str = "Files";

/// The most files one upload request may carry.
pub const MAX_FILES_PER_UPLOAD: usize = 20;

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
        let field = field.map_err(|error| unreadable(&error, FILES))?;
        let Some(file_name) =
            field.content_disposition().and_then(|disposition| disposition.get_filename()).map(str::to_owned)
        else {
            // Not a file (a text field): read and ignored.
            read_capped(field, 64 * 1024, FILES, || too_large(None, 64 * 1024)).await?;
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
        let bytes = read_capped(field, limit, FILES, || too_large(Some(&file_name), limit)).await?;
        let done = media.upload(Upload { file_name: file_name.clone(), bytes }).await;
        uploaded.push(done.map_err(|error| refused(&file_name, error))?);
    }
    if uploaded.is_empty() {
        return Err(ApiError::invalid_field("files", "Choose at least one file to upload"));
    }
    Ok(())
}

fn too_large(file_name: Option<&str>, limit: u64) -> ApiError {
    let reason = FileRefusal::TooLarge { limit }.message();
    let message = match file_name {
        Some(name) => format!("{name}: {reason}"),
        None => format!("The upload is too large: each file must be at most {}", human_size(limit)),
    };
    ApiError::client(StatusCode::PAYLOAD_TOO_LARGE, message)
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
