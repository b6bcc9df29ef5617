//! Which hosts the server answers for, and the site's address a request stands for.
//!
//! A request whose `Host` is not allowed answers 400 before anything reads it
//! ([`crate::middleware::admit`]): allowed are the host of `ATELIER_PUBLIC_URL`, the names of
//! `ATELIER_ALLOWED_HOSTS`, and loopback (`localhost`, `*.localhost`, `127.0.0.0/8`, `[::1]`), on any
//! port. Names are compared without case and without a trailing dot. The probes (`/api/health`,
//! `/api/ready`) answer whatever the host, so a load balancer or an orchestrator may ask by address.
//!
//! The site's address (canonical links, link previews, structured data, the feed and the sitemap,
//! and part of every response cache key) is `ATELIER_PUBLIC_URL` when set, whatever the request's
//! host. Without it, it is the request's allowed host, normalised (lowercase, no trailing dot, no
//! default port), with the connection's scheme; `X-Forwarded-Proto` is believed only from a trusted
//! proxy ([`TrustedProxies`]), and `X-Forwarded-Host` and `Forwarded` are never read.

use std::net::{IpAddr, Ipv6Addr};

use actix_web::HttpRequest;
use actix_web::dev::ServiceRequest;
use actix_web::http::header::{self, HeaderMap, HeaderName};
use actix_web::web;

use crate::proxies::TrustedProxies;

const X_FORWARDED_PROTO: HeaderName = HeaderName::from_static("x-forwarded-proto");

/// Paths answered whatever the host: the probes, which tell nothing about the site.
const ANY_HOST_PATHS: [&str; 2] = ["/api/health", "/api/ready"];

/// The hosts the server answers for and the site's configured address.
#[derive(Debug, Clone, Default)]
pub struct HostPolicy {
    /// `ATELIER_PUBLIC_URL` without its trailing slash.
    public_url: Option<String>,
    /// Allowed names, lowercase without a trailing dot (the public address's host among them).
    names: Vec<String>,
}

/// A `Host` header's parts, normalised.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Host {
    /// Lowercase, without a trailing dot; an IPv6 address in brackets.
    pub name: String,
    pub port: Option<u16>,
}

impl Host {
    /// Reads a `Host` header's value: a name or an IPv4 address, or an IPv6 address in brackets,
    /// with an optional port; `None` for anything else.
    pub fn parse(value: &str) -> Option<Self> {
        let (name, port) = if value.starts_with('[') {
            let end = value.find(']')?;
            let (address, rest) = value.split_at(end + 1);
            address[1..address.len() - 1].parse::<Ipv6Addr>().ok()?;
            (address, rest.strip_prefix(':'))
        } else {
            match value.rsplit_once(':') {
                Some((name, port)) => (name, Some(port)),
                None => (value, None),
            }
        };
        if rest_is_invalid(port) {
            return None;
        }
        let port = match port {
            Some(port) => Some(port.parse::<u16>().ok()?),
            None => None,
        };
        let name = name.strip_suffix('.').unwrap_or(name).to_ascii_lowercase();
        let valid = name.starts_with('[')
            || (!name.is_empty()
                && name.len() <= 253
                && name.split('.').all(|label| {
                    !label.is_empty()
                        && label.len() <= 63
                        && label.bytes().all(|byte| byte.is_ascii_alphanumeric() || byte == b'-' || byte == b'_')
                }));
        valid.then_some(Self { name, port })
    }

    fn is_loopback(&self) -> bool {
        if self.name == "localhost" || self.name.ends_with(".localhost") {
            return true;
        }
        self.name.trim_start_matches('[').trim_end_matches(']').parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
    }

    /// `name[:port]`, the port left out when it is the scheme's default.
    fn authority(&self, scheme: &str) -> String {
        match self.port {
            Some(port) if !matches!((scheme, port), ("http", 80) | ("https", 443)) => format!("{}:{port}", self.name),
            _ => self.name.clone(),
        }
    }
}

fn rest_is_invalid(port: Option<&str>) -> bool {
    port.is_some_and(|port| port.is_empty() || !port.bytes().all(|byte| byte.is_ascii_digit()))
}

impl HostPolicy {
    /// The policy for a site at `public_url` (no trailing slash; `None` when unset) that also
    /// answers for `allowed` names.
    pub fn new(public_url: Option<&str>, allowed: &[String]) -> Self {
        let public_url = public_url.map(|url| url.trim_end_matches('/').to_owned()).filter(|url| !url.is_empty());
        let mut names: Vec<String> =
            allowed.iter().filter_map(|name| Host::parse(name.trim())).map(|host| host.name).collect();
        if let Some(host) = public_url
            .as_deref()
            .and_then(|url| url.split_once("://"))
            .map(|(_, rest)| rest.split(['/', '?', '#']).next().unwrap_or_default())
            .and_then(Host::parse)
        {
            names.push(host.name);
        }
        Self { public_url, names }
    }

    /// The configured address of the site, when there is one.
    pub fn public_url(&self) -> Option<&str> {
        self.public_url.as_deref()
    }

    /// Whether a request to `path` with these headers is answered: its `Host` is allowed (or it
    /// asks a probe).
    pub fn admits(&self, path: &str, headers: &HeaderMap) -> bool {
        if ANY_HOST_PATHS.contains(&path) {
            return true;
        }
        self.allowed_host(headers).is_some()
    }

    /// The request's host, when it is one the server answers for.
    fn allowed_host(&self, headers: &HeaderMap) -> Option<Host> {
        let mut values = headers.get_all(header::HOST);
        let value = values.next()?;
        if values.next().is_some() {
            return None;
        }
        let host = Host::parse(value.to_str().ok()?)?;
        (host.is_loopback() || self.names.contains(&host.name)).then_some(host)
    }

    /// The site's address for `request`: the configured one, else the request's scheme and allowed
    /// host (`http://localhost` for a host the server does not answer for, which only a test that
    /// skips the gate can send).
    pub fn address(&self, request: &HttpRequest) -> String {
        self.address_of(request.headers(), is_https(request))
    }

    /// [`HostPolicy::address`] for a request still in the middleware chain.
    pub fn address_of_service(&self, request: &ServiceRequest) -> String {
        self.address_of(request.headers(), is_https(request.request()))
    }

    fn address_of(&self, headers: &HeaderMap, https: bool) -> String {
        if let Some(url) = &self.public_url {
            return url.clone();
        }
        let scheme = if https { "https" } else { "http" };
        let authority =
            self.allowed_host(headers).map_or_else(|| "localhost".to_owned(), |host| host.authority(scheme));
        format!("{scheme}://{authority}")
    }
}

/// Whether the request came over TLS: the listener's own, or a trusted proxy's `X-Forwarded-Proto`.
fn is_https(request: &HttpRequest) -> bool {
    if request.app_config().secure() {
        return true;
    }
    let trusted = request
        .app_data::<web::Data<TrustedProxies>>()
        .zip(request.peer_addr())
        .is_some_and(|(proxies, peer)| proxies.contains(peer.ip()));
    trusted
        && request
            .headers()
            .get(X_FORWARDED_PROTO)
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.split(',').next_back())
            .is_some_and(|scheme| scheme.trim().eq_ignore_ascii_case("https"))
}

#[cfg(test)]
mod tests {
    use actix_web::http::header::HeaderValue;

    use super::*;

    fn headers(host: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(header::HOST, HeaderValue::from_str(host).unwrap());
        headers
    }

    #[test]
    fn hosts_are_read_without_case_trailing_dot_or_garbage() {
        assert_eq!(Host::parse("Studio.Example."), Some(Host { name: "studio.example".into(), port: None }));
        assert_eq!(Host::parse("studio.example:8080"), Some(Host { name: "studio.example".into(), port: Some(8080) }));
        assert_eq!(Host::parse("[::1]:3000"), Some(Host { name: "[::1]".into(), port: Some(3000) }));
        for invalid in ["", ":80", "a:", "a:b", "a:99999", "a b", "a/b", "a@b", "a..b", "[::1", "[zz]", "évil.example"]
        {
            assert_eq!(Host::parse(invalid), None, "{invalid:?}");
        }
    }

    #[test]
    fn only_the_public_host_the_listed_names_and_loopback_are_allowed() {
        let policy = HostPolicy::new(Some("https://studio.example"), &["Admin.Example".to_owned()]);
        for allowed in
            ["studio.example", "STUDIO.example.:443", "admin.example:8080", "localhost:1", "127.0.0.9", "[::1]"]
        {
            assert!(policy.admits("/", &headers(allowed)), "{allowed}");
        }
        for refused in ["evil.example", "studio.example.evil.example", "studio.example@evil.example", "10.0.0.1"] {
            assert!(!policy.admits("/", &headers(refused)), "{refused}");
        }
        assert!(!policy.admits("/", &HeaderMap::new()), "no host");
        assert!(policy.admits("/api/health", &headers("10.0.0.1")), "probes answer any host");
        let mut twice = headers("studio.example");
        twice.append(header::HOST, HeaderValue::from_static("evil.example"));
        assert!(!policy.admits("/", &twice), "two hosts");
    }

    #[test]
    fn the_address_is_the_public_url_else_the_normalised_host() {
        let configured = HostPolicy::new(Some("https://studio.example/"), &[]);
        assert_eq!(configured.address_of(&headers("localhost:8080"), false), "https://studio.example");
        let open = HostPolicy::new(None, &["studio.example".to_owned()]);
        assert_eq!(open.address_of(&headers("Studio.Example.:80"), false), "http://studio.example");
        assert_eq!(open.address_of(&headers("studio.example:443"), true), "https://studio.example");
        assert_eq!(open.address_of(&headers("localhost:8080"), false), "http://localhost:8080");
        assert_eq!(open.address_of(&headers("evil.example"), false), "http://localhost");
    }
}
