//! The cache middleware ([`respond`]): what a request reads from the stored answers and adds to
//! them, the keys it finds them by ([`read_key`], [`page_key`]), and the generation moved on after
//! an administrator's write.

use std::fmt::Write as _;

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderValue};
use actix_web::http::{Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::web;
use actix_web::{Error, HttpMessage};
use atelier_application::accounts::Principal;
use atelier_application::freshness::{ContentGeneration, GenerationSync};
use atelier_application::ports::SharedClock;

use super::{PRIVATE_CACHE_CONTROL, ResponseCache};
use crate::gate::{AccessPolicy, Cacheable};
use crate::hosts::HostPolicy;
use crate::input;
use crate::metrics::RoutePattern;
use crate::ports::Ports;

/// The key under which the page answering `path` (as the request named it, without its query) on the
/// site at `address` is found ([`ResponseCache::put_page`], [`ResponseCache::page`]).
pub fn page_key(address: &str, path: &str) -> String {
    format!("page at {address}{path}")
}

/// Whether `path` may name a page of the public site: not the API's, and no file's (a last segment
/// with a dot is a file: a page's address never has one).
pub(super) fn may_be_page(path: &str) -> bool {
    !path.starts_with("/api/") && !path.rsplit('/').next().unwrap_or_default().contains('.')
}

/// Whether a request with this method changes something.
pub(super) fn is_write(method: &Method) -> bool {
    !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

/// The cache middleware; wrap it outside the compression, so stored bodies are compressed once.
pub async fn respond<P: Ports>(
    request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, Error> {
    let api = request.path().starts_with("/api/");
    let anonymous = !request.headers().contains_key(header::AUTHORIZATION);
    let read = request.method() == Method::GET || request.method() == Method::HEAD;
    if !api {
        if read && anonymous && may_be_page(request.path()) {
            let cache = request.app_data::<web::Data<ResponseCache>>().expect("the response cache is registered");
            let generation =
                request.app_data::<web::Data<ContentGeneration>>().expect("the content generation is registered");
            let hosts = request.app_data::<web::Data<HostPolicy>>().expect("the host policy is registered");
            let asked = page_key(&hosts.address_of_service(&request), request.path());
            if let Some(entry) = cache.page(&asked, generation) {
                cache.lookups.page_hit.inc();
                let response = entry.respond(request.headers());
                return Ok(request.into_response(response));
            }
            cache.lookups.page_miss.inc();
        }
        return Ok(next.call(request).await?.map_into_boxed_body());
    }
    if read && anonymous {
        return read_through(request, next).await;
    }
    // Compression is left to the inner middleware: these answers are never stored.
    let write = is_write(request.method());
    let mut response = next.call(request).await?.map_into_boxed_body();
    if write && response.request().extensions().get::<Principal>().is_some() {
        let sync = response
            .request()
            .app_data::<web::Data<GenerationSync<P::Store, SharedClock>>>()
            .expect("the generation sync is registered")
            .clone();
        if let Err(error) = sync.changed().await {
            tracing::error!(error = format!("{error:#}"), "the content generation could not be shared; retrying");
        }
    }
    if !anonymous {
        response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(PRIVATE_CACHE_CONTROL));
    }
    Ok(response)
}

/// The key of an anonymous read at `path` with `query` (both as sent) on the site at `address`:
/// the address, the path, and only the query parameters the operation reads (`parameters`),
/// decoded as the handlers decode them, sorted by name (a repeated name keeps its values in the
/// order sent) and written again. Unknown parameters, their order and their spelling (`%41` or
/// `A`, `+` or `%20`) therefore make no entries of their own, while every input the answer
/// depends on is in the key: the site's address (the host without `ATELIER_PUBLIC_URL`, and the
/// scheme), the path and the parameters read. The path keeps its percent escapes except those of
/// unreserved characters (RFC 3986's normalisation), with upper-case digits.
pub fn read_key(address: &str, path: &str, query: &str, parameters: &[String]) -> String {
    let mut pairs: Vec<(String, String)> = query
        .split('&')
        .filter(|pair| !pair.is_empty())
        .filter_map(|pair| {
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            let name = String::from_utf8_lossy(&input::percent_decode(name.as_bytes(), true)).into_owned();
            let value = String::from_utf8_lossy(&input::percent_decode(value.as_bytes(), true)).into_owned();
            parameters.contains(&name).then_some((name, value))
        })
        .collect();
    pairs.sort_by(|one, other| one.0.cmp(&other.0));
    let mut key = format!("api {address}{}", normal_path(path));
    for (index, (name, value)) in pairs.iter().enumerate() {
        key.push(if index == 0 { '?' } else { '&' });
        key.push_str(&escaped(name));
        key.push('=');
        key.push_str(&escaped(value));
    }
    key
}

/// `path` with the escapes of unreserved characters decoded and the others' digits in upper case.
pub(super) fn normal_path(path: &str) -> String {
    let bytes = path.as_bytes();
    let mut normal = String::with_capacity(path.len());
    let mut index = 0;
    while index < bytes.len() {
        let escape = (bytes[index] == b'%')
            .then(|| path.get(index + 1..index + 3))
            .flatten()
            .filter(|hex| hex.bytes().all(|digit| digit.is_ascii_hexdigit()))
            .and_then(|hex| u8::from_str_radix(hex, 16).ok());
        match escape {
            Some(byte) if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) => normal.push(char::from(byte)),
            Some(byte) => {
                let _ = write!(normal, "%{byte:02X}");
            }
            None => {
                normal.push_str(&path[index..=index]);
                index += 1;
                continue;
            }
        }
        index += 3;
    }
    normal
}

/// A key part with the characters that separate the parts escaped.
fn escaped(text: &str) -> String {
    text.replace('%', "%25").replace('&', "%26").replace('=', "%3D")
}

/// An anonymous read: from the cache, or computed (uncompressed) and stored when it may be.
async fn read_through(
    mut request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, Error> {
    let cache = request.app_data::<web::Data<ResponseCache>>().expect("the response cache is registered").clone();
    let generation =
        request.app_data::<web::Data<ContentGeneration>>().expect("the content generation is registered").clone();
    let policy = request.app_data::<web::Data<AccessPolicy>>().expect("the access policy is registered");
    let hosts = request.app_data::<web::Data<HostPolicy>>().expect("the host policy is registered");
    let key = read_key(
        &hosts.address_of_service(&request),
        request.path(),
        request.query_string(),
        policy.read_parameters(request.path()),
    );
    if let Some(entry) = cache.get(&key, &generation) {
        cache.lookups.api_hit.inc();
        if let Some(route) = entry.route.get() {
            request.extensions_mut().insert(route.clone());
        }
        let response = entry.respond(request.headers());
        return Ok(request.into_response(response));
    }
    cache.lookups.api_miss.inc();
    // Taken before the content is read: a write that lands meanwhile makes this answer out of date.
    let stamp = generation.stamp();
    let caller_headers = request.headers().clone();
    request.headers_mut().remove(header::ACCEPT_ENCODING);
    let response = next.call(request).await?;
    let cacheable = response.status() == StatusCode::OK
        && response.request().extensions().get::<Cacheable>().is_some()
        && response.request().extensions().get::<Principal>().is_none();
    if !cacheable {
        let mut response = response.map_into_boxed_body();
        if !response.headers().contains_key(header::CACHE_CONTROL) {
            response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
        }
        return Ok(response);
    }
    let content_type = response
        .headers()
        .get(header::CONTENT_TYPE)
        .cloned()
        .unwrap_or_else(|| HeaderValue::from_static("application/octet-stream"));
    let (request, answer) = response.into_parts();
    let body = actix_web::body::to_bytes(answer.into_body())
        .await
        .map_err(|error| actix_web::error::ErrorInternalServerError(error.into()))?;
    let entry = cache.put(&key, stamp, content_type, body, &generation);
    if let Some(route) = request.app_data::<RoutePattern>() {
        let _ = entry.route.set(route.clone());
    }
    Ok(ServiceResponse::new(request, entry.respond(&caller_headers)))
}
