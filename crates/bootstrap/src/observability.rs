//! Operations: the Prometheus metrics the wiring adds to the HTTP server's (build info, database
//! statements and pool, mail and webhook queues) and the listener they may have of their own.

use std::net::{SocketAddr, TcpListener};
use std::sync::Arc;

use actix_web::web;
use anyhow::Context;
use atelier_adapters_db::{SeaOrmStore, pool_use, queue_depths, time_statements};
use atelier_adapters_http::metrics::Metrics;
use prometheus::{HistogramOpts, HistogramVec, IntGauge, IntGaugeVec, Opts};
use secrecy::{ExposeSecret, SecretString};

/// The commit the binary was built from, when the build knew it.
pub const GIT_COMMIT: &str = env!("ATELIER_GIT_COMMIT");

/// How metrics and traces leave the server.
#[derive(Clone, Default)]
pub struct Observability {
    /// Serve `/metrics` without credentials on this address, e.g. `127.0.0.1:9464`.
    pub metrics_address: Option<SocketAddr>,
    /// Serve `/metrics` on the main listener to callers sending `Authorization: Bearer <token>`.
    pub metrics_token: Option<SecretString>,
    /// Export traces over OTLP/HTTP to this collector, e.g. `http://127.0.0.1:4318`.
    pub otlp_endpoint: Option<String>,
}

impl std::fmt::Debug for Observability {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Observability")
            .field("metrics_address", &self.metrics_address)
            .field("metrics_token", &self.metrics_token.as_ref().map(|_| "***"))
            .field("otlp_endpoint", &self.otlp_endpoint)
            .finish()
    }
}

/// The shortest scrape token accepted.
pub const MIN_TOKEN_CHARS: usize = 16;

impl Observability {
    /// Reads the settings as given (blank means unset).
    ///
    /// # Errors
    /// When the address is not `host:port` or the token is too short.
    pub fn parse(address: Option<String>, token: Option<String>, otlp: Option<String>) -> anyhow::Result<Self> {
        let blank_is_none = |value: Option<String>| value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
        let metrics_address = blank_is_none(address)
            .map(|address| {
                address.parse::<SocketAddr>().map_err(|_| {
                    anyhow::anyhow!("ATELIER_METRICS_ADDRESS must be an address and port such as 127.0.0.1:9464")
                })
            })
            .transpose()?;
        let metrics_token = blank_is_none(token);
        if let Some(token) = &metrics_token {
            anyhow::ensure!(
                token.chars().count() >= MIN_TOKEN_CHARS && !token.contains(char::is_whitespace),
                "ATELIER_METRICS_TOKEN must be at least {MIN_TOKEN_CHARS} characters without spaces"
            );
        }
        let otlp_endpoint = blank_is_none(otlp).map(|url| url.trim_end_matches('/').to_owned());
        if let Some(url) = &otlp_endpoint {
            anyhow::ensure!(
                url.starts_with("http://") || url.starts_with("https://"),
                "ATELIER_OTLP_ENDPOINT must be an http(s) address such as http://127.0.0.1:4318"
            );
        }
        Ok(Self { metrics_address, metrics_token: metrics_token.map(SecretString::from), otlp_endpoint })
    }

    /// Whether metrics are recorded at all.
    pub fn metrics_on(&self) -> bool {
        self.metrics_address.is_some() || self.metrics_token.is_some()
    }
}

/// The metrics, when configured, with the store's statements timed: returns the store to use from
/// now on (sharing the same pool) and the metrics for the server.
///
/// # Errors
/// When a series cannot be registered.
pub fn instrument(
    settings: &Observability,
    store: SeaOrmStore,
) -> anyhow::Result<(SeaOrmStore, Option<web::Data<Metrics>>)> {
    if !settings.metrics_on() {
        return Ok((store, None));
    }
    let token = settings.metrics_token.as_ref().map(ExposeSecret::expose_secret);
    let metrics = Metrics::new(token);
    let registry = metrics.registry().clone();

    let build = IntGaugeVec::new(
        Opts::new("atelier_build_info", "The running build: always 1, labelled with its version and commit"),
        &["version", "commit"],
    )?;
    build.with_label_values(&[env!("CARGO_PKG_VERSION"), GIT_COMMIT]).set(1);
    registry.register(Box::new(build))?;

    let statements = HistogramVec::new(
        HistogramOpts::new("atelier_db_statement_duration_seconds", "Time the database took per statement, by outcome")
            .buckets(vec![0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0, 5.0]),
        &["outcome"],
    )?;
    registry.register(Box::new(statements.clone()))?;
    let ok = statements.with_label_values(&["ok"]);
    let failed = statements.with_label_values(&["error"]);
    let mut db = store.connection().clone();
    time_statements(&mut db, move |elapsed, error| {
        if error { &failed } else { &ok }.observe(elapsed.as_secs_f64());
    });
    let store = SeaOrmStore::new(db);

    let pool = IntGaugeVec::new(
        Opts::new("atelier_db_pool_connections", "Database connections open, by state (idle, in_use)"),
        &["state"],
    )?;
    let pool_max = IntGauge::new("atelier_db_pool_max_connections", "The most connections the pool opens")?;
    let mail = IntGaugeVec::new(
        Opts::new("atelier_mail_outbox", "Notification emails not sent, by status (pending, failed: given up)"),
        &["status"],
    )?;
    let webhooks = IntGaugeVec::new(
        Opts::new("atelier_webhook_deliveries", "Webhook deliveries not made, by status (pending, failed: given up)"),
        &["status"],
    )?;
    for series in [&pool, &mail, &webhooks] {
        registry.register(Box::new(series.clone()))?;
    }
    registry.register(Box::new(pool_max.clone()))?;

    let read = store.clone();
    let refresh = Arc::new(move || {
        let (store, pool, pool_max, mail, webhooks) =
            (read.clone(), pool.clone(), pool_max.clone(), mail.clone(), webhooks.clone());
        Box::pin(async move {
            let used = pool_use(store.connection());
            pool.with_label_values(&["idle"]).set(i64::from(used.idle));
            pool.with_label_values(&["in_use"]).set(i64::from(used.open.saturating_sub(used.idle)));
            pool_max.set(i64::from(used.max));
            match queue_depths(store.connection()).await {
                Ok(depths) => {
                    let gauge = |value: u64| i64::try_from(value).unwrap_or(i64::MAX);
                    mail.with_label_values(&["pending"]).set(gauge(depths.mail_pending));
                    mail.with_label_values(&["failed"]).set(gauge(depths.mail_failed));
                    webhooks.with_label_values(&["pending"]).set(gauge(depths.webhooks_pending));
                    webhooks.with_label_values(&["failed"]).set(gauge(depths.webhooks_failed));
                }
                Err(error) => {
                    tracing::warn!(error = %format!("{error:#}"), "failed to read the queues for the metrics");
                }
            }
        }) as std::pin::Pin<Box<dyn std::future::Future<Output = ()> + Send>>
    });
    Ok((store, Some(web::Data::new(metrics.refreshing(refresh)))))
}

/// The metrics' own listener, bound now when an address is configured, with its port.
///
/// # Errors
/// When the address cannot be bound or served.
pub fn metrics_server(
    settings: &Observability,
    metrics: Option<&web::Data<Metrics>>,
) -> anyhow::Result<Option<(actix_web::dev::Server, u16)>> {
    let (Some(address), Some(metrics)) = (settings.metrics_address, metrics) else { return Ok(None) };
    let listener = TcpListener::bind(address).with_context(|| format!("failed to listen for metrics on {address}"))?;
    let port = listener.local_addr().context("failed to read the metrics address")?.port();
    let server = atelier_adapters_http::metrics::serve_metrics(listener, metrics.clone())
        .context("failed to serve the metrics")?;
    tracing::info!(address = %format!("http://{}:{port}/metrics", address.ip()), "metrics are served");
    Ok(Some((server, port)))
}

/// `atelier healthcheck`: asks `url` (a plain `http://` address, by default the configured
/// listener's `/api/health`) and succeeds only on a 200 within three seconds. Needs nothing but the
/// binary, for a container's HEALTHCHECK in an image that has no shell or curl.
///
/// # Errors
/// When the server cannot be reached in time or does not answer 200.
pub fn healthcheck(url: &str) -> anyhow::Result<()> {
    use std::io::{Read, Write};
    use std::net::{TcpStream, ToSocketAddrs};
    use std::time::Duration;
    const PATIENCE: Duration = Duration::from_secs(3);

    let rest = url.strip_prefix("http://").context("the health check's URL must start with http://")?;
    let (authority, path) = rest.find('/').map_or((rest, "/"), |slash| rest.split_at(slash));
    let address = authority
        .to_socket_addrs()
        .or_else(|_| format!("{authority}:80").to_socket_addrs())
        .with_context(|| format!("{authority} is not an address and port"))?
        .next()
        .with_context(|| format!("{authority} names no address"))?;
    let mut stream = TcpStream::connect_timeout(&address, PATIENCE).with_context(|| format!("{url}: no answer"))?;
    stream.set_read_timeout(Some(PATIENCE))?;
    stream.set_write_timeout(Some(PATIENCE))?;
    let request = format!("GET {path} HTTP/1.0\r\nHost: {authority}\r\nUser-Agent: atelier-healthcheck\r\n\r\n");
    stream.write_all(request.as_bytes()).with_context(|| format!("{url}: no answer"))?;
    let mut head = [0_u8; 32];
    let read = stream.read(&mut head).with_context(|| format!("{url}: no answer"))?;
    let status_line = String::from_utf8_lossy(&head[..read]);
    let status = status_line.split_whitespace().nth(1).unwrap_or_default();
    anyhow::ensure!(status == "200", "{url} answered {}", if status.is_empty() { "nothing" } else { status });
    Ok(())
}

/// The health check's default address: the configured listener's `/api/health` (over loopback when
/// it listens on every address).
pub fn health_url(host: &str, port: u16) -> String {
    let host = match host {
        "0.0.0.0" | "" => "127.0.0.1",
        "::" | "[::]" => "[::1]",
        host if host.contains(':') && !host.starts_with('[') => return format!("http://[{host}]:{port}/api/health"),
        host => host,
    };
    format!("http://{host}:{port}/api/health")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn metrics_are_off_unless_an_address_or_a_token_is_set() {
        assert!(!Observability::parse(None, None, None).unwrap().metrics_on());
        assert!(!Observability::parse(Some(" ".into()), Some(String::new()), None).unwrap().metrics_on());
        let address = Observability::parse(Some("127.0.0.1:9464".into()), None, None).unwrap();
        assert_eq!(address.metrics_address, Some("127.0.0.1:9464".parse().unwrap()));
        assert!(Observability::parse(None, Some("0123456789abcdef".into()), None).unwrap().metrics_on());
    }

    #[test]
    fn a_bad_address_a_short_token_or_a_bad_collector_is_refused() {
        let error = Observability::parse(Some("metrics.local".into()), None, None).unwrap_err().to_string();
        assert!(error.contains("ATELIER_METRICS_ADDRESS"), "{error}");
        let error = Observability::parse(None, Some("short".into()), None).unwrap_err().to_string();
        assert!(error.contains("ATELIER_METRICS_TOKEN"), "{error}");
        let error = Observability::parse(None, None, Some("collector:4318".into())).unwrap_err().to_string();
        assert!(error.contains("ATELIER_OTLP_ENDPOINT"), "{error}");
        let otlp = Observability::parse(None, None, Some("http://127.0.0.1:4318/".into())).unwrap();
        assert_eq!(otlp.otlp_endpoint.as_deref(), Some("http://127.0.0.1:4318"));
    }

    #[test]
    fn the_health_check_asks_the_configured_listener_over_loopback() {
        assert_eq!(health_url("0.0.0.0", 8080), "http://127.0.0.1:8080/api/health");
        assert_eq!(health_url("::", 8080), "http://[::1]:8080/api/health");
        assert_eq!(health_url("10.0.0.7", 9000), "http://10.0.0.7:9000/api/health");
    }

    #[test]
    fn the_health_check_needs_a_200() {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let answers = std::thread::spawn(move || {
            use std::io::{Read, Write};
            for answer in ["HTTP/1.1 200 OK\r\n\r\n", "HTTP/1.1 503 Service Unavailable\r\n\r\n"] {
                let (mut stream, _) = listener.accept().unwrap();
                let mut request = Vec::new();
                let mut chunk = [0_u8; 256];
                while !request.ends_with(b"\r\n\r\n") {
                    let read = stream.read(&mut chunk).unwrap();
                    assert!(read > 0, "the request ends with an empty line");
                    request.extend_from_slice(&chunk[..read]);
                }
                stream.write_all(answer.as_bytes()).unwrap();
            }
        });
        let url = format!("http://127.0.0.1:{port}/api/health");
        healthcheck(&url).unwrap();
        let refused = format!("{:#}", healthcheck(&url).unwrap_err());
        assert!(refused.contains("503"), "{refused}");
        answers.join().unwrap();
        assert!(healthcheck("https://127.0.0.1/").is_err());
    }

    #[test]
    fn the_token_never_prints() {
        let settings = Observability::parse(None, Some("scrape-token-0123456789".into()), None).unwrap();
        assert!(!format!("{settings:?}").contains("scrape-token"));
    }
}
