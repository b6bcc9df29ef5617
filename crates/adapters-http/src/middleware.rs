//! Cross-cutting response handling: a request id on every response, one access log line per request
//! (inside the request's span, so it carries the id), security headers, and a generic JSON body with
//! the request id on every internal error, whatever produced it.

use std::time::Instant;

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderName, HeaderValue};
use actix_web::http::{Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::{Error, HttpMessage, HttpResponse, ResponseError, web};
use atelier_application::freshness::ContentGeneration;
use tracing_actix_web::RequestId;

use crate::error::{ApiError, ErrorBody, INTERNAL_ERROR};
use crate::hosts::HostPolicy;
use crate::input;
use crate::security::{self, SecurityHeaders};

pub const REQUEST_ID_HEADER: &str = "x-request-id";

/// Finishes every response; runs inside the request span opened by `TracingLogger`.
pub async fn finalize(
    request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, Error> {
    let started = Instant::now();
    let settings =
        request.app_data::<web::Data<SecurityHeaders>>().map(|settings| *settings.get_ref()).unwrap_or_default();
    let request_id = request.extensions().get::<RequestId>().map(ToString::to_string).unwrap_or_default();

    let mut response = next.call(request).await?.map_into_boxed_body();
    let status = response.status();
    if status == StatusCode::INTERNAL_SERVER_ERROR {
        let body = ErrorBody { message: INTERNAL_ERROR.into(), errors: None, request_id: Some(request_id.clone()) };
        let (request, _) = response.into_parts();
        response = ServiceResponse::new(request, HttpResponse::build(status).json(body));
    }

    let path = response.request().path().to_owned();
    let headers = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(&request_id) {
        headers.insert(HeaderName::from_static(REQUEST_ID_HEADER), value);
    }
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("strict-origin-when-cross-origin"));
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    security::apply(headers, &path, settings);

    let elapsed_ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
    let status = status.as_u16();
    if status >= 500 {
        tracing::error!(status, elapsed_ms, "request completed");
    } else {
        tracing::info!(status, elapsed_ms, "request completed");
    }
    Ok(response)
}

/// The edge: a request for a host the server does not answer for ([`crate::hosts`]) or whose query
/// string is not text ([`crate::input`]) answers 400, one whose path is not text 404, before any
/// cache, gate or handler reads it.
pub async fn admit(
    request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, Error> {
    let hosts = request.app_data::<web::Data<HostPolicy>>().expect("the host policy is registered");
    if !hosts.admits(request.path(), request.headers()) {
        let refusal = ApiError::bad_request("This server does not answer for that host");
        return Ok(request.into_response(refusal.error_response()));
    }
    let refusal = match input::check_address(request.path(), request.query_string()) {
        Ok(()) => return Ok(next.call(request).await?.map_into_boxed_body()),
        Err(input::Refused::Path) => ApiError::not_found("Not found"),
        Err(input::Refused::Query(message)) => ApiError::bad_request(message),
    };
    Ok(request.into_response(refusal.error_response()))
}

/// The span every line of a request is logged in: its id, method and path (never the query string,
/// which may carry personal data).
#[derive(Debug)]
pub struct RequestSpan;

impl tracing_actix_web::RootSpanBuilder for RequestSpan {
    fn on_request_start(request: &ServiceRequest) -> tracing::Span {
        let request_id = request.extensions().get::<RequestId>().map(ToString::to_string).unwrap_or_default();
        tracing::info_span!("request", request_id = %request_id, method = %request.method(), path = %request.path())
    }

    fn on_request_end<B: MessageBody>(_span: tracing::Span, _outcome: &Result<ServiceResponse<B>, Error>) {}
}

/// What runs once a request that changed the content has been answered: the wiring hands the memory
/// the change freed back to the system (`ServerParts::after_changes`; docs/performance.md, "Where the
/// memory goes"). A change renders markdown, rebuilds word indexes and serialises whole records; the
/// allocator keeps what that freed, scattered between live blocks, unless asked to return it.
#[derive(Debug, Clone, Copy)]
pub struct AfterChanges(pub fn());

/// Runs [`AfterChanges`] after a request with a method other than GET, HEAD and OPTIONS during which
/// the content generation moved; reads, and writes that change no content (page views, sign-ins),
/// never run it.
pub async fn after_changes(
    request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, Error> {
    let watched = writes(request.method())
        .then(|| {
            let hook = request.app_data::<web::Data<AfterChanges>>()?.0;
            let generation = request.app_data::<web::Data<ContentGeneration>>()?;
            Some((hook, generation.get_ref().clone(), generation.stamp()))
        })
        .flatten();
    let response = next.call(request).await?.map_into_boxed_body();
    if let Some((hook, generation, before)) = watched
        && generation.stamp() != before
    {
        hook();
    }
    Ok(response)
}

/// Whether a request with `method` may change the content.
fn writes(method: &Method) -> bool {
    !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_requests_that_may_change_the_content_are_watched() {
        for method in [Method::POST, Method::PUT, Method::PATCH, Method::DELETE] {
            assert!(writes(&method), "{method}");
        }
        for method in [Method::GET, Method::HEAD, Method::OPTIONS] {
            assert!(!writes(&method), "{method}");
        }
    }
}
