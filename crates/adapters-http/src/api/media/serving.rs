//! `/media/{key}`: the stored files, served outside `/api` with year-long caching (their keys are
//! content addresses) and single byte ranges.

use actix_web::body::{BodySize, MessageBody};
use actix_web::http::header::{self, ContentEncoding, EntityTag, Header as _, HeaderValue};
use actix_web::http::{Method, StatusCode};
use actix_web::{HttpMessage as _, HttpRequest, HttpResponse, web};
use atelier_application::media::ports::BlobStorage as _;
use atelier_domain::media::{MediaKind, key_format};

use crate::gate::ArrivedAsHead;
use crate::ports::{MediaService, Ports};

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

/// The public file route, `/media/{key}`, registered beside the web apps.
pub fn file_routes<P: Ports>(config: &mut web::ServiceConfig) {
    config.service(
        web::resource("/media/{key}").route(web::get().to(serve_file::<P>)).route(web::head().to(serve_file::<P>)),
    );
}
