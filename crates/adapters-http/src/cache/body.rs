//! One stored answer ([`CachedBody`]) and how it answers a request: its weak `ETag` (a digest of the
//! body), its date, 304 for a caller that already holds it, gzip for one that accepts it (compressed
//! once).

use std::io::Write as _;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::time::{Instant, SystemTime};

use actix_web::HttpResponse;
use actix_web::http::header::{self, HeaderMap, HeaderValue, HttpDate};
use actix_web::web::Bytes;
use atelier_application::freshness::Stamp;
use chrono::{DateTime, Utc};

use super::{MIN_COMPRESSED_BYTES, PUBLIC_CACHE_CONTROL};
use crate::metrics::RoutePattern;

/// One stored answer: the serialised body, its type and its tag.
#[derive(Debug)]
pub struct CachedBody {
    pub(super) stamp: Stamp,
    pub(super) stored_at: Instant,
    pub(super) content_type: HeaderValue,
    pub(super) etag: HeaderValue,
    /// When this body was first produced for its key (dated entries only).
    pub(super) last_modified: Option<DateTime<Utc>>,
    /// The page's own Content-Security-Policy (pages only).
    pub(super) policy: Option<HeaderValue>,
    pub(super) body: Bytes,
    pub(super) gzip: OnceLock<Option<Bytes>>,
    /// A request is recomputing this entry, which is past its age ([`ResponseCache::get`]).
    pub(super) refreshing: AtomicBool,
    /// How often it was read since it was stored (halved whenever room is made: [`super::entries`]).
    pub(super) reads: AtomicU32,
    /// When it was stored, in the order of the stores (the older goes first among equals).
    pub(super) sequence: AtomicU64,
    /// The pattern of the route that computed it, which a request answered from it is labelled with
    /// in the metrics (it never reaches the route).
    pub(super) route: OnceLock<RoutePattern>,
}

impl CachedBody {
    pub(super) fn new(stamp: Stamp, content_type: HeaderValue, body: Bytes) -> Self {
        // A tag tells a client whether its copy is this body; it is no secret and needs no
        // resistance to forgery (only administrators write content), so a fast digest serves:
        // XXH3's 128 bits, a tenth of SHA-256's time over a list page's 85 KB.
        let digest = xxhash_rust::xxh3::xxh3_128(&body);
        let etag =
            HeaderValue::from_str(&format!("W/\"{digest:032x}\"")).expect("a hex digest is a valid header value");
        Self {
            stamp,
            stored_at: Instant::now(),
            content_type,
            etag,
            last_modified: None,
            policy: None,
            body,
            gzip: OnceLock::new(),
            route: OnceLock::new(),
            refreshing: AtomicBool::new(false),
            reads: AtomicU32::new(0),
            sequence: AtomicU64::new(0),
        }
    }

    /// Counts one read of this answer (what decides which answers stay when room is made).
    pub(super) fn read(&self) {
        self.reads.fetch_add(1, Ordering::Relaxed);
    }

    /// The body's tag, as sent in `ETag`.
    pub fn etag(&self) -> &HeaderValue {
        &self.etag
    }

    /// The answer to a request with these headers: 304 when it already holds this body (by its
    /// tag, or for a dated body by its date when no tag is asked about), else the body,
    /// gzip-compressed when the caller accepts it.
    pub fn respond(&self, headers: &HeaderMap) -> HttpResponse {
        let unchanged = if headers.contains_key(header::IF_NONE_MATCH) {
            none_match(headers, &self.etag)
        } else {
            self.last_modified.is_some_and(|date| not_modified_since(headers, date))
        };
        let mut response = if unchanged { HttpResponse::NotModified() } else { HttpResponse::Ok() };
        if let Some(date) = self.last_modified {
            response.insert_header((header::LAST_MODIFIED, HttpDate::from(SystemTime::from(date))));
        }
        if let Some(policy) = &self.policy {
            response.insert_header((crate::security::CONTENT_SECURITY_POLICY, policy.clone()));
        }
        response
            .insert_header((header::ETAG, self.etag.clone()))
            .insert_header((header::CACHE_CONTROL, HeaderValue::from_static(PUBLIC_CACHE_CONTROL)))
            .insert_header((header::VARY, HeaderValue::from_static("accept-encoding")));
        if unchanged {
            return response.finish();
        }
        response.insert_header((header::CONTENT_TYPE, self.content_type.clone()));
        match self.gzip_for(headers) {
            Some(compressed) => {
                response.insert_header((header::CONTENT_ENCODING, HeaderValue::from_static("gzip"))).body(compressed)
            }
            None => response.body(self.body.clone()),
        }
    }

    /// The compressed body, when the caller prefers gzip and the body is worth compressing.
    fn gzip_for(&self, headers: &HeaderMap) -> Option<Bytes> {
        if self.body.len() < MIN_COMPRESSED_BYTES || !accepts_gzip(headers) {
            return None;
        }
        self.gzip
            .get_or_init(|| {
                let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
                encoder.write_all(&self.body).and_then(|()| encoder.finish()).ok().map(Bytes::from)
            })
            .clone()
    }
}

/// Whether `If-None-Match` names `etag` (weak comparison, as RFC 9110 asks for this header).
pub(super) fn none_match(headers: &HeaderMap, etag: &HeaderValue) -> bool {
    let Some(value) = headers.get(header::IF_NONE_MATCH).and_then(|value| value.to_str().ok()) else {
        return false;
    };
    let ours = etag.to_str().unwrap_or_default().trim_start_matches("W/");
    value.split(',').map(str::trim).any(|tag| tag == "*" || tag.trim_start_matches("W/") == ours)
}

/// Whether `If-Modified-Since` names `date` or a later one (RFC 9110 §13.1.3; an unreadable date is
/// ignored).
pub(super) fn not_modified_since(headers: &HeaderMap, date: DateTime<Utc>) -> bool {
    let Some(since) = headers.get(header::IF_MODIFIED_SINCE).and_then(|value| value.to_str().ok()) else {
        return false;
    };
    since.trim().parse::<HttpDate>().is_ok_and(|since| SystemTime::from(since) >= SystemTime::from(date))
}

/// Whether `Accept-Encoding` accepts gzip (by name or as `*`, with a weight above zero).
pub(super) fn accepts_gzip(headers: &HeaderMap) -> bool {
    let mut named = None;
    let mut any = None;
    for value in headers.get_all(header::ACCEPT_ENCODING).filter_map(|value| value.to_str().ok()) {
        for item in value.split(',') {
            let mut parts = item.split(';');
            let coding = parts.next().unwrap_or_default().trim();
            let weight = parts
                .filter_map(|parameter| parameter.trim().strip_prefix("q="))
                .find_map(|weight| weight.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            if coding.eq_ignore_ascii_case("gzip") || coding.eq_ignore_ascii_case("x-gzip") {
                named = Some(weight > 0.0);
            } else if coding == "*" {
                any = Some(weight > 0.0);
            }
        }
    }
    named.or(any).unwrap_or(false)
}
