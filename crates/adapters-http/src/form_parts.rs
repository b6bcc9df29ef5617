//! Reading `multipart/form-data` parts (the media library's uploads, the import's files): each part
//! capped as it streams in, and a form that cannot be read answered by what went wrong.

use actix_multipart::{Field, MultipartError};
use actix_web::http::StatusCode;
use futures_util::StreamExt;

use crate::error::ApiError;

/// A part's bytes, refused with `too_large` as soon as they pass `limit` (the rest is never read).
pub(crate) async fn read_capped(
    mut field: Field,
    limit: u64,
    what: &str,
    too_large: impl FnOnce() -> ApiError,
) -> Result<Vec<u8>, ApiError> {
    let mut bytes = Vec::new();
    while let Some(chunk) = field.next().await {
        let chunk = chunk.map_err(|error| unreadable(&error, what))?;
        if (bytes.len() + chunk.len()) as u64 > limit {
            return Err(too_large());
        }
        bytes.extend_from_slice(&chunk);
    }
    Ok(bytes)
}

/// A form that cannot be read: 415 when it is not `multipart/form-data` (`what` names what must be
/// sent so, e.g. "Files"), 400 when its parts are broken.
pub(crate) fn unreadable(error: &MultipartError, what: &str) -> ApiError {
    match error {
        MultipartError::ContentTypeMissing
        | MultipartError::ContentTypeParse
        | MultipartError::ContentTypeIncompatible
        | MultipartError::BoundaryMissing => {
            ApiError::client(StatusCode::UNSUPPORTED_MEDIA_TYPE, format!("{what} must be sent as multipart/form-data"))
        }
        _ => ApiError::bad_request("The upload could not be read"),
    }
}
