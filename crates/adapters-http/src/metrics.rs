//! Prometheus metrics: requests by route pattern, method and status, their latency, and whatever the
//! wiring registers (database, queues, build info), served as the Prometheus text format at
//! `/metrics`, either on a listener of its own (no credentials) or on the main listener behind a
//! bearer token. With neither configured the server records nothing and `/metrics` is an unknown
//! address like any other.
//!
//! Labels never carry what a client sent: the route is the pattern the request matched
//! (`/api/posts/{id}`, not `/api/posts/42`), unknown methods are `other`, so a hostile client cannot
//! make new series.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Instant;

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{Server, ServiceRequest, ServiceResponse};
use actix_web::http::{Method, header};
use actix_web::middleware::{Next, from_fn};
use actix_web::{App, Error, HttpMessage, HttpRequest, HttpResponse, HttpServer, ResponseError, web};
use prometheus::{Encoder, HistogramOpts, HistogramVec, IntCounterVec, Opts, Registry, TextEncoder};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// Where `/metrics` is served.
pub const METRICS_PATH: &str = "/metrics";

/// The route label of a request that matched no route (the site's 404 or a short-circuited answer
/// on an address no route has).
pub const UNMATCHED_ROUTE: &str = "unmatched";

/// Latency buckets in seconds: from a cached answer (well under a millisecond) to a slow upload.
const LATENCY_BUCKETS: [f64; 14] =
    [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0];

/// Work done before every scrape: figures that are read rather than counted (queue depths, the
/// database pool).
pub type Refresh = Arc<dyn Fn() -> Pin<Box<dyn Future<Output = ()> + Send>> + Send + Sync>;

/// The registry and the HTTP server's own series.
pub struct Metrics {
    registry: Registry,
    requests: IntCounterVec,
    latency: HistogramVec,
    /// SHA-256 of the bearer token that opens `/metrics` on the main listener, when one is set.
    token: Option<[u8; 32]>,
    refresh: Option<Refresh>,
}

impl std::fmt::Debug for Metrics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Metrics").field("token", &self.token.map(|_| "***")).finish_non_exhaustive()
    }
}

impl Metrics {
    /// A registry with the request series; `token`, when given, opens `/metrics` on the main
    /// listener.
    ///
    /// # Panics
    /// Never: the series' names are fixed and valid.
    pub fn new(token: Option<&str>) -> Self {
        let registry = Registry::new();
        let requests = IntCounterVec::new(
            Opts::new("atelier_http_requests_total", "HTTP requests answered, by route pattern, method and status"),
            &["route", "method", "status"],
        )
        .expect("a valid series");
        let latency = HistogramVec::new(
            HistogramOpts::new(
                "atelier_http_request_duration_seconds",
                "Time from a request's arrival to its answer's headers, by route pattern and method",
            )
            .buckets(LATENCY_BUCKETS.to_vec()),
            &["route", "method"],
        )
        .expect("a valid series");
        registry.register(Box::new(requests.clone())).expect("registered once");
        registry.register(Box::new(latency.clone())).expect("registered once");
        let token = token.map(|token| Sha256::digest(token.as_bytes()).into());
        Self { registry, requests, latency, token, refresh: None }
    }

    /// Runs `refresh` before every scrape.
    #[must_use]
    pub fn refreshing(mut self, refresh: Refresh) -> Self {
        self.refresh = Some(refresh);
        self
    }

    /// Where the wiring registers its own series.
    pub fn registry(&self) -> &Registry {
        &self.registry
    }

    /// Adds `series` to the exposition (a second registration of the same name is logged and
    /// left out).
    pub fn register(&self, series: Box<dyn prometheus::core::Collector>) {
        if let Err(error) = self.registry.register(series) {
            tracing::warn!(%error, "a metric could not be registered");
        }
    }

    /// Whether `/metrics` is served on the main listener (a token is set).
    pub fn on_main_listener(&self) -> bool {
        self.token.is_some()
    }

    /// Whether `authorization` (an `Authorization` header's value) carries the token, compared in
    /// constant time.
    fn admits(&self, authorization: Option<&[u8]>) -> bool {
        let Some(expected) = &self.token else { return false };
        let Some(given) = authorization.and_then(|value| value.strip_prefix(b"Bearer ")) else { return false };
        let given: [u8; 32] = Sha256::digest(given).into();
        given.ct_eq(expected).into()
    }

    /// Counts one answered request.
    fn observe(&self, route: &str, method: &Method, status: u16, seconds: f64) {
        let method = method_label(method);
        self.latency.with_label_values(&[route, method]).observe(seconds);
        self.requests.with_label_values(&[route, method, status.to_string().as_str()]).inc();
    }

    /// The text exposition of every registered series, after the refresh.
    pub async fn render(&self) -> String {
        if let Some(refresh) = &self.refresh {
            refresh().await;
        }
        let mut text = Vec::new();
        if let Err(error) = TextEncoder::new().encode(&self.registry.gather(), &mut text) {
            tracing::warn!(%error, "failed to write the metrics");
        }
        String::from_utf8(text).unwrap_or_default()
    }
}

/// The method as a label: the standard ones by name, any other as `other`.
pub fn method_label(method: &Method) -> &'static str {
    match method.as_str() {
        "GET" => "GET",
        "HEAD" => "HEAD",
        "POST" => "POST",
        "PUT" => "PUT",
        "PATCH" => "PATCH",
        "DELETE" => "DELETE",
        "OPTIONS" => "OPTIONS",
        _ => "other",
    }
}

/// The pattern a route was registered with, kept in the route's own data so that a request's label
/// is read, not found again: matching a path against the route table (`HttpRequest::match_pattern`)
/// walks every route and cost more than the rest of a cached read's metrics (callgrind: 111,000
/// instructions for the list of posts, 362,000 for a post by slug, against about 5,000 for the
/// counter and the histogram). The API's routes carry it ([`crate::api::resource`]); the others are
/// matched.
#[derive(Debug, Clone)]
pub struct RoutePattern(Arc<str>);

impl RoutePattern {
    /// The label of the route registered at `pattern` (its whole path, scopes included).
    pub fn new(pattern: &str) -> Self {
        Self(Arc::from(pattern))
    }
}

/// The pattern a request's route carries, read rather than matched: the route's own data, or, for
/// an answer from the response cache (which never reaches the route), the pattern of the route that
/// computed it.
fn carried_route(request: &HttpRequest) -> Option<Arc<str>> {
    if let Some(pattern) = request.extensions().get::<RoutePattern>() {
        return Some(pattern.0.clone());
    }
    request.app_data::<RoutePattern>().map(|pattern| pattern.0.clone())
}

/// The route label of an answered request: the pattern of the route its path matches, never the
/// path itself.
pub fn route_label(request: &HttpRequest) -> Arc<str> {
    carried_route(request).unwrap_or_else(|| Arc::from(request.match_pattern().as_deref().unwrap_or(UNMATCHED_ROUTE)))
}

/// Records every request's route, method, status and latency; the outermost middleware.
pub async fn record(
    request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, Error> {
    let started = Instant::now();
    let metrics = request.app_data::<web::Data<Metrics>>().cloned();
    let response = next.call(request).await?.map_into_boxed_body();
    if let Some(metrics) = metrics {
        let route = route_label(response.request());
        metrics.observe(
            &route,
            response.request().method(),
            response.status().as_u16(),
            started.elapsed().as_secs_f64(),
        );
    }
    Ok(response)
}

/// `GET /metrics` on the main listener: the text exposition for a caller with the token, 401
/// otherwise.
pub async fn scrape_with_token(request: HttpRequest, metrics: web::Data<Metrics>) -> HttpResponse {
    let authorization = request.headers().get(header::AUTHORIZATION).map(header::HeaderValue::as_bytes);
    if !metrics.admits(authorization) {
        return HttpResponse::Unauthorized()
            .insert_header((header::WWW_AUTHENTICATE, "Bearer"))
            .insert_header((header::CACHE_CONTROL, "no-store"))
            .finish();
    }
    exposition(&metrics).await
}

/// `/metrics` on the main listener: the scrape for callers with the token when one is set, else
/// 404 whatever the site holds, so nothing about the metrics leaks.
pub fn routes(config: &mut web::ServiceConfig, metrics: Option<&web::Data<Metrics>>) {
    if let Some(metrics) = metrics {
        config.app_data(metrics.clone());
    }
    if metrics.is_some_and(|metrics| metrics.on_main_listener()) {
        config.route(METRICS_PATH, web::get().to(scrape_with_token));
    } else {
        config.route(METRICS_PATH, web::to(not_served));
    }
}

/// `/metrics` on the main listener without a token configured: 404, as for any unknown address.
pub async fn not_served() -> HttpResponse {
    crate::error::ApiError::not_found("Not found").error_response()
}

async fn scrape_open(metrics: web::Data<Metrics>) -> HttpResponse {
    exposition(&metrics).await
}

async fn exposition(metrics: &Metrics) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, prometheus::TEXT_FORMAT))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(metrics.render().await)
}

/// Serves `/metrics` without credentials on a listener of its own (meant for a private address);
/// every other path answers 404. One worker: Prometheus scrapes every few seconds.
///
/// # Errors
/// When the listener cannot be used.
pub fn serve_metrics(listener: std::net::TcpListener, metrics: web::Data<Metrics>) -> std::io::Result<Server> {
    let server = HttpServer::new(move || {
        App::new()
            .wrap(from_fn(no_store))
            .app_data(metrics.clone())
            .route(METRICS_PATH, web::get().to(scrape_open))
            .default_service(web::to(HttpResponse::NotFound))
    })
    .workers(1)
    .disable_signals()
    .listen(listener)?
    .shutdown_timeout(1)
    .run();
    Ok(server)
}

/// Answers on the metrics listener are never stored by a cache.
async fn no_store(
    request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, Error> {
    let mut response = next.call(request).await?.map_into_boxed_body();
    response.headers_mut().insert(header::CACHE_CONTROL, header::HeaderValue::from_static("no-store"));
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::{self, TestRequest};

    async fn ok() -> HttpResponse {
        HttpResponse::Ok().finish()
    }

    #[actix_web::test]
    async fn routes_are_labelled_by_pattern_never_by_the_path_sent() {
        let app = test::init_service(
            App::new()
                .route("/api/posts/{id}", web::get().to(ok))
                .service(web::scope("/api").route("/tags/{slug}/posts", web::get().to(ok)))
                .route("/blog/{slug}", web::get().to(ok)),
        )
        .await;
        let cases = [
            ("/api/posts/42", "/api/posts/{id}"),
            ("/api/posts/%3Cscript%3E", "/api/posts/{id}"),
            ("/api/tags/rust/posts", "/api/tags/{slug}/posts"),
            ("/blog/a-very-long-hostile-slug-0123456789", "/blog/{slug}"),
            ("/no/such/address/at/all", UNMATCHED_ROUTE),
        ];
        for (path, expected) in cases {
            let response = test::call_service(&app, TestRequest::get().uri(path).to_request()).await;
            assert_eq!(&*route_label(response.request()), expected, "{path}");
        }
    }

    #[actix_web::test]
    async fn an_api_route_is_labelled_by_the_pattern_it_carries_as_matching_would_label_it() {
        let app = test::init_service(App::new().service(web::scope("/api").configure(|config| {
            let mut routes = crate::api::Routes::new(config);
            routes
                .service(crate::api::resource("/tags/{slug}/posts").get(ok))
                .service(crate::api::resource("/posts").get(ok));
            routes.register();
        })))
        .await;
        for (path, expected) in [("/api/tags/%3Cb%3E/posts", "/api/tags/{slug}/posts"), ("/api/posts", "/api/posts")] {
            let response = test::call_service(&app, TestRequest::get().uri(path).to_request()).await;
            let request = response.request();
            assert!(carried_route(request).is_some(), "{path}: read from the route, not matched");
            assert_eq!(&*route_label(request), expected, "{path}");
            assert_eq!(request.match_pattern().as_deref(), Some(expected), "{path}: the same label as matching");
        }
        let refused = test::call_service(&app, TestRequest::delete().uri("/api/posts").to_request()).await;
        assert_eq!(refused.status(), 405);
        assert_eq!(&*route_label(refused.request()), "/api/posts", "a refused method keeps its route's label");
    }

    #[test]
    fn unknown_methods_share_one_label() {
        assert_eq!(method_label(&Method::GET), "GET");
        assert_eq!(method_label(&Method::from_bytes(b"BREW").unwrap()), "other");
    }

    #[test]
    fn only_the_exact_bearer_token_opens_the_metrics() {
        let metrics = Metrics::new(Some("scrape-token-0123456789"));
        assert!(metrics.admits(Some(b"Bearer scrape-token-0123456789")));
        assert!(!metrics.admits(Some(b"Bearer scrape-token-012345678")));
        assert!(!metrics.admits(Some(b"bearer scrape-token-0123456789")));
        assert!(!metrics.admits(Some(b"scrape-token-0123456789")));
        assert!(!metrics.admits(None));
        assert!(!Metrics::new(None).admits(Some(b"Bearer ")));
    }

    #[actix_web::test]
    async fn the_exposition_holds_the_request_series() {
        let metrics = Metrics::new(None);
        metrics.observe("/api/posts/{id}", &Method::GET, 200, 0.002);
        let text = metrics.render().await;
        assert!(
            text.contains(r#"atelier_http_requests_total{method="GET",route="/api/posts/{id}",status="200"} 1"#),
            "{text}"
        );
        assert!(text.contains("atelier_http_request_duration_seconds_bucket"), "{text}");
    }
}
