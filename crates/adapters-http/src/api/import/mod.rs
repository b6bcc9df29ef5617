//! `POST /import`: a WordPress or Ghost site moved in from the back office (docs/import.md), as
//! `atelier import wordpress|ghost FILE` does from a shell, for the Owner and Administrators.
//!
//! The export is read into memory up to [`MAX_EXPORT_BYTES`]; the media zip is written, as it
//! streams in, to a temporary file (in `TMPDIR`, gone when the request ends) up to
//! [`MAX_MEDIA_ZIP_BYTES`] and read in place. Parsing the export and listing the zip run on the
//! blocking pool, and so does every read of a picture out of the zip. One import runs at a time on an
//! instance (409 while one runs). Whatever the files hold, a file that is not an export or a zip is
//! a 422 naming its part: nothing in them can make the import fail as the server's fault.

mod dto;

use std::io::Write;

use actix_multipart::{Field, Multipart};
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, web};
use atelier_application::import::media::MediaFiles;
use atelier_application::import::model::{Export, Platform};
use atelier_application::import::{self, ImportError, Importer};
use atelier_application::ports::SharedClock;
use atelier_domain::media::human_size;
use futures_util::StreamExt;
use utoipa::OpenApi;

pub use self::dto::{CountDto, ImportFormDto, KindDto, OutcomeDto, PlatformDto, RecordDto, RedirectDto, ReportDto};
use crate::contract::Rules;
use crate::error::ApiError;
use crate::form_parts::{read_capped, unreadable};
use crate::ports::{MediaService, Ports};
use crate::responses::Conflict;

/// What a form that is not `multipart/form-data` is told must be sent so.
const IMPORT: &str = "The import";
/// The largest export file accepted.
pub const MAX_EXPORT_BYTES: u64 = 64 * 1024 * 1024;
/// The largest media zip accepted.
pub const MAX_MEDIA_ZIP_BYTES: u64 = 2 * 1024 * 1024 * 1024;
/// The largest text part (`dryRun`, `platform`) or ignored part read.
const MAX_TEXT_BYTES: u64 = 1024;

const RUNNING: &str = "An import is already running: try again when it has finished";

/// What an import needs besides the media library.
#[derive(Debug)]
pub struct ImportState<S> {
    store: S,
    clock: SharedClock,
}

/// Held while an import runs, so one runs at a time: one for the whole server (its workers share
/// it), registered by [`crate::serve`].
#[derive(Debug, Default)]
pub struct ImportLock(tokio::sync::Mutex<()>);

/// The parts of the form, as received.
#[derive(Default)]
struct Received {
    export: Option<Vec<u8>>,
    media: Option<std::fs::File>,
    dry_run: bool,
    platform: Option<Platform>,
}

/// Import a WordPress or Ghost site
///
/// Reads WordPress's export (WXR) or Ghost's (JSON), with the old site's uploads as a zip if given,
/// and writes its posts, pages, categories, tags, pictures and a 301 from every old address to the
/// new one, through the same rules as the back office's forms (docs/import.md). With `dryRun`
/// nothing is written and the report says what would be. Nothing is created twice: what exists is
/// left as it is and reported `exists`. A file that is not an export, or a media file that is not a
/// zip, is refused with 422 before anything is written; what cannot be kept as it was is a line of
/// `problems`. One import runs at a time (409). Each record written, and the import as a whole,
/// is recorded in the audit log under the caller's name.
#[utoipa::path(
    post, path = "/import", tag = "import", operation_id = "importContent",
    request_body(content = ImportFormDto, content_type = "multipart/form-data"),
    responses((status = 200, description = "What the import did, or would do", body = ReportDto), Conflict)
)]
pub async fn import_content<P: Ports>(
    state: web::Data<ImportState<P::Store>>,
    lock: web::Data<ImportLock>,
    media: web::Data<MediaService<P>>,
    request: HttpRequest,
    payload: web::Payload,
) -> Result<web::Json<ReportDto>, ApiError> {
    let Ok(_running) = lock.0.try_lock() else {
        return Err(ApiError::client(StatusCode::CONFLICT, RUNNING));
    };
    let mut form = Multipart::new(request.headers(), payload);
    let received = receive(&mut form).await?;
    let Received { export, media: zip, dry_run, platform } = received;
    let export = export.ok_or_else(|| ApiError::invalid_field("file", "Choose the export file to import"))?;
    let max_file = media.max_bytes();
    let (export, files) = web::block(move || prepare(&export, platform, zip, max_file))
        .await
        .map_err(|_| ApiError::invalid_field("file", "The export could not be read"))??;
    let importer = Importer::new(state.store.clone(), media.get_ref().clone(), state.clock.clone());
    let report = Box::pin(importer.run(export, &files, dry_run)).await.map_err(ApiError::Unexpected)?;
    Ok(web::Json(report.into()))
}

/// Reads the form's parts: `file`, `media`, `dryRun`, `platform`; others are read and ignored.
async fn receive(form: &mut Multipart) -> Result<Received, ApiError> {
    let mut received = Received::default();
    while let Some(field) = form.next().await {
        let field = field.map_err(|error| unreadable(&error, IMPORT))?;
        let name = field.name().unwrap_or_default().to_owned();
        match name.as_str() {
            "file" => {
                received.export =
                    Some(read_capped(field, MAX_EXPORT_BYTES, IMPORT, || too_large("file", MAX_EXPORT_BYTES)).await?);
            }
            "media" => received.media = spool(field).await?,
            "dryRun" => {
                let text = text_of(field, "dryRun").await?;
                received.dry_run = match text.trim() {
                    "true" | "1" | "on" => true,
                    "false" | "0" | "" => false,
                    _ => return Err(ApiError::invalid_field("dryRun", "dryRun must be true or false")),
                };
            }
            "platform" => {
                let text = text_of(field, "platform").await?;
                received.platform = match text.trim() {
                    "wordpress" => Some(Platform::WordPress),
                    "ghost" => Some(Platform::Ghost),
                    "" => None,
                    _ => return Err(ApiError::invalid_field("platform", "platform must be wordpress or ghost")),
                };
            }
            _ => {
                read_capped(field, MAX_TEXT_BYTES, IMPORT, || too_large(&name, MAX_TEXT_BYTES)).await?;
            }
        }
    }
    Ok(received)
}

/// A text part.
async fn text_of(field: Field, name: &str) -> Result<String, ApiError> {
    let bytes = read_capped(field, MAX_TEXT_BYTES, IMPORT, || too_large(name, MAX_TEXT_BYTES)).await?;
    String::from_utf8(bytes).map_err(|_| ApiError::invalid_field(name, format!("{name} must be text")))
}

/// The media zip, written to a temporary file as it streams in; `None` when the part is empty (a
/// form sent with no file chosen).
async fn spool(mut field: Field) -> Result<Option<std::fs::File>, ApiError> {
    let mut file = tempfile::tempfile().map_err(|error| ApiError::Unexpected(error.into()))?;
    let mut written = 0_u64;
    while let Some(chunk) = field.next().await {
        let chunk = chunk.map_err(|error| unreadable(&error, IMPORT))?;
        written += chunk.len() as u64;
        if written > MAX_MEDIA_ZIP_BYTES {
            return Err(too_large("media", MAX_MEDIA_ZIP_BYTES));
        }
        file.write_all(&chunk).map_err(|error| ApiError::Unexpected(error.into()))?;
    }
    Ok((written > 0).then_some(file))
}

/// Parses the export and lists the zip (blocking work).
fn prepare(
    bytes: &[u8],
    platform: Option<Platform>,
    zip: Option<std::fs::File>,
    max_file: u64,
) -> Result<(Export, MediaFiles), ApiError> {
    let text =
        std::str::from_utf8(bytes).map_err(|_| ApiError::invalid_field("file", "The export is not UTF-8 text"))?;
    let platform = match platform {
        Some(platform) => platform,
        None => detect(text)?,
    };
    let export = import::parse(platform, text).map_err(|error| match error {
        ImportError::Unreadable(reason) => ApiError::invalid_field("file", reason),
        ImportError::Unexpected(error) => ApiError::Unexpected(error),
    })?;
    let files = match zip {
        None => MediaFiles::none(),
        Some(file) => MediaFiles::zip(Box::new(std::io::BufReader::new(file)), max_file)
            .map_err(|error| ApiError::invalid_field("media", error.0))?,
    };
    Ok((export, files))
}

/// The platform of an export, from its first character: `<` opens a WXR file, `{` a Ghost export.
fn detect(text: &str) -> Result<Platform, ApiError> {
    match text.trim_start_matches('\u{feff}').trim_start().chars().next() {
        Some('<') => Ok(Platform::WordPress),
        Some('{') => Ok(Platform::Ghost),
        _ => Err(ApiError::invalid_field(
            "file",
            "The file is neither a WordPress export (a WXR .xml file) nor a Ghost export (a .json file)",
        )),
    }
}

fn too_large(name: &str, limit: u64) -> ApiError {
    let what = match name {
        "file" => "The export file",
        "media" => "The media zip",
        _ => "A part of the form",
    };
    ApiError::client(StatusCode::PAYLOAD_TOO_LARGE, format!("{what} is larger than {}", human_size(limit)))
}

/// The import's part of the document.
#[derive(Debug, OpenApi)]
#[openapi(
    paths(import_content),
    tags((name = "import", description = "Moving a WordPress or Ghost site in"))
)]
pub struct Doc;

pub fn rules() -> Rules {
    use crate::contract::{body, given};

    Rules::bodies(vec![body::<ImportFormDto>(vec![("file", given().required())])])
}

pub fn routes<P: Ports>(config: &mut crate::api::Routes, store: &P::Store, clock: &SharedClock) {
    let state = ImportState { store: store.clone(), clock: clock.clone() };
    config.app_data(web::Data::new(state)).service(super::resource("/import").post(import_content::<P>));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_platform_is_read_from_the_first_character() {
        assert!(matches!(detect("\u{feff}  <?xml version=\"1.0\"?>"), Ok(Platform::WordPress)));
        assert!(matches!(detect("\n{\"db\": []}"), Ok(Platform::Ghost)));
        assert!(detect("PK\u{3}\u{4}").is_err());
        assert!(detect("").is_err());
    }
}
