//! The response cache: anonymous reads of public content answered from memory, and the content
//! generation moved on by every administrator's write (docs/caching.md).
//!
//! - An anonymous `GET` (no `Authorization` header at all) of an operation the gate marked
//!   [`Cacheable`] is answered from the stored body while the [`Stamp`] it was computed under is
//!   current and it is younger than [`MAX_AGE`]; otherwise it is computed, and stored when it is a
//!   200. The key is the path with its query string, exactly as sent. An entry past its age whose
//!   stamp is still current is recomputed by one request while the others are answered from it.
//! - Stored answers carry a weak `ETag` (a digest of the body, the same on every instance), a
//!   `Cache-Control` that lets a CDN keep them for one second and browsers none, and are sent
//!   gzip-compressed to callers that accept it (compressed once per stored body). `If-None-Match`
//!   with the current tag answers 304.
//! - A request with a token never reads from or adds to the cache, and its answer says `no-store`.
//! - The site's own documents (the sitemap, the feed, `robots.txt`) are stored here too, under keys of
//!   their own, with a `Last-Modified` date besides the tag ([`ResponseCache::put_dated`]), so they
//!   also answer `If-Modified-Since` with 304.
//! - So are the public site's pages with their heads filled in ([`ResponseCache::put_page`]), with
//!   the Content-Security-Policy that names their inline scripts, each also found by the address a
//!   visitor asked for ([`page_key`]): a page stored and still fresh is answered here, before the
//!   compression, the gate and the routes, as an API read is.
//! - After any write request by an administrator (whatever its outcome), the content generation
//!   moves on before the answer leaves: the next public read is computed afresh.

mod body;
mod entries;
mod serve;

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, PoisonError, RwLock};
use std::time::Duration;

use actix_web::http::header::HeaderValue;
use actix_web::web::Bytes;
use atelier_application::freshness::{ContentGeneration, Stamp};
use atelier_application::ports::{Clock, SharedClock};
use chrono::{DateTime, DurationRound, TimeDelta, Utc};

pub use self::body::CachedBody;
use self::entries::Entries;
pub use self::serve::{page_key, read_key, respond};

/// How long a stored answer is served before it is recomputed, whatever the generation (one request
/// recomputes it while the others are still answered from it, for at most as long again): the only
/// lag allowed is that of view counts, which change without a new generation.
pub const MAX_AGE: Duration = Duration::from_secs(10);

/// What a public answer tells caches: browsers revalidate every time (a 304 when unchanged); a
/// shared cache (a CDN) may reuse it for one second, the time an instance takes to see another's write.
pub const PUBLIC_CACHE_CONTROL: &str = "public, max-age=0, s-maxage=1";

/// What an answer computed for a caller with a token tells caches: keep nothing.
pub const PRIVATE_CACHE_CONTROL: &str = "private, no-store";

/// The most the stored answers may take by default, counting room for each one's compressed copy
/// (`ATELIER_RESPONSE_CACHE_MIB`).
pub const DEFAULT_BUDGET_BYTES: usize = 8 * 1024 * 1024;

/// The largest answer that is stored.
const MAX_ENTRY_BYTES: usize = 1024 * 1024;

/// Bodies smaller than this are not worth compressing.
const MIN_COMPRESSED_BYTES: usize = 1024;

/// The most addresses whose body dates are remembered ([`ResponseCache::put_dated`]); past it they
/// start over (a date is then the time the body is next computed, later than any sent before).
const MAX_DATED_KEYS: usize = 256;

/// The stored answers, shared by every worker.
#[derive(Debug)]
pub struct ResponseCache {
    /// The clock the generations' lives and the bodies' dates are read on.
    clock: SharedClock,
    map: RwLock<Entries>,
    /// For dated keys: the tag of the body last stored under each and since when it has been that.
    dates: std::sync::Mutex<HashMap<Box<str>, Dated>>,
    /// Hits and misses, exposed as `atelier_response_cache_lookups_total` when metrics are on.
    pub(crate) lookups: Lookups,
}

/// The cache's hits and misses, by what was looked up: API reads and public pages.
#[derive(Debug, Clone)]
pub(crate) struct Lookups {
    series: prometheus::IntCounterVec,
    pub(crate) api_hit: prometheus::IntCounter,
    pub(crate) api_miss: prometheus::IntCounter,
    pub(crate) page_hit: prometheus::IntCounter,
    pub(crate) page_miss: prometheus::IntCounter,
}

impl Lookups {
    fn new() -> Self {
        let series = prometheus::IntCounterVec::new(
            prometheus::Opts::new(
                "atelier_response_cache_lookups_total",
                "Anonymous reads looked up in the response cache, by kind (api, page) and result (hit, miss)",
            ),
            &["kind", "result"],
        )
        .expect("a valid series");
        Self {
            api_hit: series.with_label_values(&["api", "hit"]),
            api_miss: series.with_label_values(&["api", "miss"]),
            page_hit: series.with_label_values(&["page", "hit"]),
            page_miss: series.with_label_values(&["page", "miss"]),
            series,
        }
    }
}

/// The tag of the body last stored under a dated key, and since when it has been that body.
type Dated = (HeaderValue, DateTime<Utc>);

/// Whether an entry of `age` whose stamp is current is served. Past [`MAX_AGE`] (which only bounds
/// how far view counts lag: every other change moves the generation on), the first request to ask
/// recomputes it while the others are still answered from it, so that an expiry under load does
/// not send every waiting request to the database at once. Should that request not store a new
/// body, the entry stops being served at twice its age and every request computes afresh.
fn served(age: Duration, refreshing: &AtomicBool) -> bool {
    age < MAX_AGE || (age < MAX_AGE * 2 && refreshing.swap(true, Ordering::Relaxed))
}

impl ResponseCache {
    pub fn new(clock: SharedClock) -> Self {
        Self::with_budget(clock, DEFAULT_BUDGET_BYTES)
    }

    /// A cache whose answers take at most `budget` bytes (counting room for their compressed
    /// copies): when full, the answers read least make room ([`entries`]).
    pub fn with_budget(clock: SharedClock, budget: usize) -> Self {
        Self {
            clock,
            map: RwLock::new(Entries::new(budget)),
            dates: std::sync::Mutex::default(),
            lookups: Lookups::new(),
        }
    }

    /// The hits and misses as a Prometheus series, to register where metrics are served.
    pub fn lookups(&self) -> prometheus::IntCounterVec {
        self.lookups.series.clone()
    }

    /// The answer stored under `key`, while it is current.
    pub fn get(&self, key: &str, generation: &ContentGeneration) -> Option<Arc<CachedBody>> {
        let entries = self.map.read().unwrap_or_else(PoisonError::into_inner);
        let entry = entries.by_key.get(key)?;
        if !generation.is_current_at(entry.stamp, self.clock.now()) {
            return None;
        }
        served(entry.stored_at.elapsed(), &entry.refreshing).then(|| {
            entry.read();
            entry.clone()
        })
    }

    /// Stores `body` under `key` as computed under `stamp`, unless it is too large or already out of
    /// date, and answers it ready to send either way.
    pub fn put(
        &self,
        key: &str,
        stamp: Stamp,
        content_type: HeaderValue,
        body: Bytes,
        generation: &ContentGeneration,
    ) -> Arc<CachedBody> {
        self.store(key, stamp, Arc::new(CachedBody::new(stamp, content_type, body)), generation)
    }

    /// Stores `body` like [`ResponseCache::put`], dated: its `Last-Modified` is when this instance
    /// first produced this exact body (the same tag) under `key`, to the second. A different body
    /// gets a later date than the one before it, even within one second, so `If-Modified-Since`
    /// with a date this key was sent never hides a change. The content's own dates are not enough:
    /// a deleted post takes its date with it.
    pub fn put_dated(
        &self,
        key: &str,
        stamp: Stamp,
        content_type: HeaderValue,
        body: Bytes,
        generation: &ContentGeneration,
    ) -> Arc<CachedBody> {
        let mut entry = CachedBody::new(stamp, content_type, body);
        entry.last_modified = Some(self.date(key, &entry.etag));
        self.store(key, stamp, Arc::new(entry), generation)
    }

    /// Stores a page like [`ResponseCache::put`], with the Content-Security-Policy it is sent with,
    /// and finds it from then on by `asked` too ([`page_key`] of the address the request named), so
    /// [`ResponseCache::page`] answers that address before the page is resolved again.
    pub fn put_page(
        &self,
        key: &str,
        asked: &str,
        stamp: Stamp,
        body: Bytes,
        policy: HeaderValue,
        generation: &ContentGeneration,
    ) -> Arc<CachedBody> {
        let mut entry = CachedBody::new(stamp, HeaderValue::from_static("text/html; charset=utf-8"), body);
        entry.policy = Some(policy);
        let entry = self.store(key, stamp, Arc::new(entry), generation);
        self.find_page_at(asked, key, &entry);
        entry
    }

    /// Points the address `asked` at the page stored under `key`, when `entry` is what is stored there.
    fn find_page_at(&self, asked: &str, key: &str, entry: &Arc<CachedBody>) {
        let mut entries = self.map.write().unwrap_or_else(PoisonError::into_inner);
        if !entries.by_key.get(key).is_some_and(|stored| Arc::ptr_eq(stored, entry)) {
            return;
        }
        entries.point(asked, key);
    }

    /// The page stored for the address `asked` ([`page_key`]), while it is current and younger than
    /// [`MAX_AGE`]. Past that age it is left to [`ResponseCache::get`] of its own key, which has one
    /// request compute it again while the others are answered from it.
    pub fn page(&self, asked: &str, generation: &ContentGeneration) -> Option<Arc<CachedBody>> {
        let entries = self.map.read().unwrap_or_else(PoisonError::into_inner);
        let key = entries.pages.get(asked)?;
        let entry = entries.by_key.get(key)?;
        (generation.is_current_at(entry.stamp, self.clock.now()) && entry.stored_at.elapsed() < MAX_AGE).then(|| {
            entry.read();
            entry.clone()
        })
    }

    /// Since when the body tagged `etag` has been the one under `key`.
    fn date(&self, key: &str, etag: &HeaderValue) -> DateTime<Utc> {
        let now = self.clock.now();
        let now = now.duration_trunc(TimeDelta::seconds(1)).unwrap_or(now);
        let mut dates = self.dates.lock().unwrap_or_else(PoisonError::into_inner);
        let since = match dates.get(key) {
            Some((tag, since)) if tag == etag => return *since,
            Some((_, before)) => now.max(*before + TimeDelta::seconds(1)),
            None => now,
        };
        if dates.len() >= MAX_DATED_KEYS && !dates.contains_key(key) {
            dates.clear();
        }
        dates.insert(key.into(), (etag.clone(), since));
        since
    }

    fn store(
        &self,
        key: &str,
        stamp: Stamp,
        entry: Arc<CachedBody>,
        generation: &ContentGeneration,
    ) -> Arc<CachedBody> {
        if entry.body.len() > MAX_ENTRY_BYTES || !generation.is_current_at(stamp, self.clock.now()) {
            return entry;
        }
        let mut entries = self.map.write().unwrap_or_else(PoisonError::into_inner);
        match entries.newest {
            Some(newest) if newest > stamp => return entry,
            Some(newest) if newest == stamp => {}
            _ => {
                entries.clear();
                entries.newest = Some(stamp);
            }
        }
        // Full: the answers read least make room ([`entries`]).
        entries.insert(key, entry.clone());
        entry
    }

    /// Drops the answer stored under `key` (a view counted on a post drops the post's own answer, so
    /// the visitor who counted it sees the new count).
    pub fn forget(&self, key: &str) {
        let mut entries = self.map.write().unwrap_or_else(PoisonError::into_inner);
        entries.remove(key);
    }
}

#[cfg(test)]
mod tests {
    use actix_web::http::StatusCode;
    use actix_web::http::header::{self, HeaderMap};

    use super::body::{accepts_gzip, none_match};
    use super::*;

    /// A clock stopped within a second.
    #[derive(Debug, Clone)]
    struct Stopped;

    impl Clock for Stopped {
        fn now(&self) -> DateTime<Utc> {
            "2026-01-02T03:04:05.678Z".parse().unwrap()
        }
    }

    fn cache() -> ResponseCache {
        ResponseCache::new(SharedClock::new(Stopped))
    }

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.insert(header::HeaderName::from_static(name), HeaderValue::from_static(value));
        }
        map
    }

    #[test]
    fn if_none_match_compares_tags_weakly_and_accepts_lists_and_a_star() {
        let etag = HeaderValue::from_static("W/\"abc\"");
        assert!(none_match(&headers(&[("if-none-match", "W/\"abc\"")]), &etag));
        assert!(none_match(&headers(&[("if-none-match", "\"abc\"")]), &etag));
        assert!(none_match(&headers(&[("if-none-match", "\"x\", W/\"abc\"")]), &etag));
        assert!(none_match(&headers(&[("if-none-match", "*")]), &etag));
        assert!(!none_match(&headers(&[("if-none-match", "\"abd\"")]), &etag));
        assert!(!none_match(&headers(&[]), &etag));
    }

    #[test]
    fn gzip_is_chosen_only_when_the_caller_accepts_it() {
        assert!(accepts_gzip(&headers(&[("accept-encoding", "gzip, deflate, br")])));
        assert!(!accepts_gzip(&headers(&[("accept-encoding", "br")])));
        assert!(!accepts_gzip(&headers(&[("accept-encoding", "gzip;q=0")])));
        assert!(accepts_gzip(&headers(&[("accept-encoding", "br;q=1, *;q=0.1")])));
        assert!(!accepts_gzip(&headers(&[("accept-encoding", "*, gzip;q=0")])));
        assert!(!accepts_gzip(&headers(&[])));
    }

    #[test]
    fn a_body_gets_the_same_tag_wherever_it_is_computed() {
        let stamp = ContentGeneration::new().stamp();
        let json = HeaderValue::from_static("application/json");
        let one = CachedBody::new(stamp, json.clone(), Bytes::from_static(b"{\"a\":1}"));
        let two = CachedBody::new(stamp, json.clone(), Bytes::from_static(b"{\"a\":1}"));
        let other = CachedBody::new(stamp, json, Bytes::from_static(b"{\"a\":2}"));
        assert_eq!(one.etag, two.etag);
        assert_ne!(one.etag, other.etag);
    }

    #[test]
    fn a_dated_body_keeps_its_date_until_it_changes_and_then_gets_a_later_one() {
        let cache = cache();
        let stamp = ContentGeneration::new().stamp();
        let tag = |body: &'static [u8]| {
            CachedBody::new(stamp, HeaderValue::from_static("text/plain"), Bytes::from_static(body)).etag
        };
        let first = cache.date("/x", &tag(b"one"));
        assert_eq!(cache.date("/x", &tag(b"one")), first, "the same body keeps its date");
        let second = cache.date("/x", &tag(b"two"));
        assert!(second > first, "a change within the same second still gets a later date");
        assert!(cache.date("/x", &tag(b"one")) > second, "going back to an earlier body is a change too");
        assert_eq!(cache.date("/y", &tag(b"one")).timestamp_subsec_nanos(), 0, "dates are whole seconds");
    }

    #[test]
    fn if_modified_since_answers_304_only_for_the_date_or_a_later_one_and_yields_to_if_none_match() {
        let stamp = ContentGeneration::new().stamp();
        let mut entry = CachedBody::new(stamp, HeaderValue::from_static("text/plain"), Bytes::from_static(b"body"));
        let date: DateTime<Utc> = "2026-01-02T03:04:05Z".parse().unwrap();
        entry.last_modified = Some(date);
        let status = |pairs: &[(&'static str, &'static str)]| entry.respond(&headers(pairs)).status();
        assert_eq!(status(&[("if-modified-since", "Fri, 02 Jan 2026 03:04:05 GMT")]), StatusCode::NOT_MODIFIED);
        assert_eq!(status(&[("if-modified-since", "Sat, 03 Jan 2026 00:00:00 GMT")]), StatusCode::NOT_MODIFIED);
        assert_eq!(status(&[("if-modified-since", "Fri, 02 Jan 2026 03:04:04 GMT")]), StatusCode::OK);
        assert_eq!(status(&[("if-modified-since", "yesterday")]), StatusCode::OK);
        assert_eq!(
            status(&[("if-modified-since", "Sat, 03 Jan 2026 00:00:00 GMT"), ("if-none-match", "\"other\"")]),
            StatusCode::OK,
            "a tag asked about decides alone"
        );
        let response = entry.respond(&headers(&[]));
        assert_eq!(response.headers().get(header::LAST_MODIFIED).unwrap(), "Fri, 02 Jan 2026 03:04:05 GMT");
    }

    #[test]
    fn past_its_age_an_entry_is_recomputed_by_one_request_while_the_others_are_answered_from_it() {
        let refreshing = AtomicBool::new(false);
        assert!(served(Duration::from_secs(1), &refreshing));
        let expired = MAX_AGE + Duration::from_secs(1);
        assert!(!served(expired, &refreshing), "the first request past the age recomputes");
        assert!(served(expired, &refreshing) && served(expired, &refreshing), "the others are answered");
        assert!(!served(MAX_AGE * 2, &refreshing), "at twice the age nobody is answered from it");
    }

    #[test]
    fn a_reads_key_holds_the_address_the_path_and_only_the_parameters_read_normalised() {
        let read = ["search".to_owned(), "page".to_owned(), "category".to_owned()];
        let key = |query: &str| read_key("http://localhost:8080", "/api/blog/public/posts", query, &read);
        let plain = key("search=a b&page=2");
        assert_eq!(plain, "api http://localhost:8080/api/blog/public/posts?page=2&search=a b");
        for same in [
            "page=2&search=a+b",
            "search=a%20b&page=2&utm_source=x",
            "%73earch=%61+b&&page=2&Search=ignored&cachebust=1",
            "page=2&search=a b&",
        ] {
            assert_eq!(key(same), plain, "{same}");
        }
        assert_ne!(key("search=a b&page=2&page=3"), plain, "a repeated parameter is another request");
        assert_ne!(key("search=a%26b"), key("search=a&b="), "an escaped separator stays in its value");
        assert_ne!(key("page=2"), key("page=2&category="), "an empty value is a value");
        assert_ne!(
            read_key("http://a.example", "/api/x", "", &read),
            read_key("http://b.example", "/api/x", "", &read)
        );
        assert_eq!(read_key("h", "/api/services/%61%2f%2F%C3%a9", "", &[]), "api h/api/services/a%2F%2F%C3%A9");
    }

    #[test]
    fn nothing_is_stored_under_a_generation_that_is_not_current() {
        let cache = cache();
        let generation = ContentGeneration::new();
        let json = HeaderValue::from_static("application/json");
        cache.put("/api/x", generation.stamp(), json, Bytes::from_static(b"{}"), &generation);
        assert!(cache.get("/api/x", &generation).is_none(), "an untrusted generation stores nothing");
    }
}
