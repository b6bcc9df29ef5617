//! Posting a signed message with reqwest (rustls), safely:
//! - names are resolved by [`GuardedResolver`], which drops every address the [`AddressPolicy`]
//!   refuses, and reqwest connects to the addresses it returns (no second lookup a rebinding DNS
//!   server could answer differently); a URL naming an address is checked before connecting;
//! - redirects are never followed: a 3xx answer is a failed attempt (so no redirect can lead to an
//!   address the policy refuses);
//! - no proxy from the environment is used; connecting and the whole attempt have short time-outs;
//! - at most [`EXCERPT_LIMIT`] bytes of the answer are read, the rest is dropped.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};

use atelier_application::webhooks::ports::{OutgoingWebhook, WebhookSender};
use atelier_domain::webhook::{AttemptResult, EXCERPT_LIMIT};
use reqwest::dns::{Addrs, Name, Resolve, Resolving};
use reqwest::{Client, Url, redirect};

use crate::guard::AddressPolicy;
use crate::signature;

/// How the sender behaves.
#[derive(Debug, Clone)]
pub struct SenderSettings {
    /// Networks allowed besides public addresses.
    pub policy: AddressPolicy,
    /// The longest one attempt may take, answer included.
    pub timeout: Duration,
    /// The longest connecting may take.
    pub connect_timeout: Duration,
}

impl Default for SenderSettings {
    fn default() -> Self {
        Self {
            policy: AddressPolicy::default(),
            timeout: Duration::from_secs(5),
            connect_timeout: Duration::from_secs(3),
        }
    }
}

/// Sends webhooks over HTTP(S).
#[derive(Debug, Clone)]
pub struct HttpWebhookSender {
    client: Client,
    policy: Arc<AddressPolicy>,
}

impl HttpWebhookSender {
    /// # Errors
    /// When the HTTP client cannot be built (its TLS set-up).
    pub fn new(settings: SenderSettings) -> Result<Self, reqwest::Error> {
        let policy = Arc::new(settings.policy);
        let client = Client::builder()
            .dns_resolver(Arc::new(GuardedResolver { policy: policy.clone() }))
            .redirect(redirect::Policy::none())
            .no_proxy()
            .timeout(settings.timeout)
            .connect_timeout(settings.connect_timeout)
            .user_agent(concat!("Atelier-Webhooks/", env!("CARGO_PKG_VERSION")))
            .build()?;
        Ok(Self { client, policy })
    }

    async fn post(&self, message: OutgoingWebhook<'_>) -> Result<(u16, String), String> {
        let url = Url::parse(message.url).map_err(|error| format!("the URL is not valid: {error}"))?;
        if !matches!(url.scheme(), "http" | "https") {
            return Err("only http and https URLs are sent to".to_owned());
        }
        // A URL that names an address is not resolved: check it here.
        let literal = match url.host() {
            Some(url::Host::Ipv4(v4)) => Some(IpAddr::V4(v4)),
            Some(url::Host::Ipv6(v6)) => Some(IpAddr::V6(v6)),
            Some(url::Host::Domain(_)) => None,
            None => return Err("the URL has no host".to_owned()),
        };
        if let Some(address) = literal.filter(|address| !self.policy.permits(*address)) {
            return Err(format!("refused: {address} is not a public address"));
        }
        let signature = signature::sign(message.secret, message.id, message.timestamp, message.body)
            .ok_or_else(|| "the endpoint's secret is not a whsec_ key".to_owned())?;
        let mut response = self
            .client
            .post(url)
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .header("webhook-id", message.id)
            .header("webhook-timestamp", message.timestamp.to_string())
            .header("webhook-signature", signature)
            .body(message.body.to_owned())
            .send()
            .await
            .map_err(|error| describe(&error))?;
        let status = response.status().as_u16();
        let mut excerpt = Vec::new();
        while excerpt.len() < EXCERPT_LIMIT {
            match response.chunk().await {
                Ok(Some(chunk)) => {
                    let room = EXCERPT_LIMIT - excerpt.len();
                    excerpt.extend_from_slice(&chunk[..chunk.len().min(room)]);
                }
                Ok(None) | Err(_) => break,
            }
        }
        Ok((status, String::from_utf8_lossy(&excerpt).into_owned()))
    }
}

/// The cause chain of a failed request, in a line (the resolver's refusal comes through whole).
fn describe(error: &reqwest::Error) -> String {
    let mut text = if error.is_timeout() { "timed out".to_owned() } else { error.to_string() };
    let mut source = std::error::Error::source(error);
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}

impl WebhookSender for HttpWebhookSender {
    async fn send(&self, message: OutgoingWebhook<'_>) -> AttemptResult {
        let started = Instant::now();
        let outcome = self.post(message).await;
        let duration_ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
        match outcome {
            Ok((status, excerpt)) => AttemptResult {
                status: Some(status),
                excerpt,
                error: (300..400)
                    .contains(&status)
                    .then(|| "redirects are not followed: give the final URL".to_owned()),
                duration_ms,
            },
            Err(error) => AttemptResult { status: None, excerpt: String::new(), error: Some(error), duration_ms },
        }
    }
}

/// Resolves names with the system's resolver and keeps only the addresses the policy allows.
#[derive(Debug)]
struct GuardedResolver {
    policy: Arc<AddressPolicy>,
}

impl Resolve for GuardedResolver {
    fn resolve(&self, name: Name) -> Resolving {
        Box::pin(allowed_addresses(self.policy.clone(), name.as_str().to_owned()))
    }
}

/// The addresses `host` resolves to that `policy` allows; an error naming them when none is.
async fn allowed_addresses(policy: Arc<AddressPolicy>, host: String) -> Result<Addrs, BoxError> {
    let resolved = lookup(&host).await?;
    let allowed: Vec<SocketAddr> = resolved.iter().copied().filter(|address| policy.permits(address.ip())).collect();
    if allowed.is_empty() {
        let refused: Vec<String> = resolved.iter().map(|address| address.ip().to_string()).collect();
        return Err(format!("refused: {host} resolves to no public address ({})", refused.join(", ")).into());
    }
    Ok(Box::new(allowed.into_iter()))
}

type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// The addresses `host` resolves to, by the system's resolver (glibc's getaddrinfo).
#[cfg(not(feature = "hickory-dns"))]
async fn lookup(host: &str) -> Result<Vec<SocketAddr>, BoxError> {
    Ok(tokio::net::lookup_host((host, 0)).await?.collect())
}

/// The addresses `host` resolves to, by hickory (in Rust, reading `/etc/resolv.conf` and
/// `/etc/hosts`), so a statically linked binary needs no NSS modules. One resolver (with its cache)
/// serves every lookup.
#[cfg(feature = "hickory-dns")]
async fn lookup(host: &str) -> Result<Vec<SocketAddr>, BoxError> {
    use hickory_resolver::TokioResolver;
    static RESOLVER: std::sync::OnceLock<TokioResolver> = std::sync::OnceLock::new();
    if let Ok(address) = host.parse::<std::net::IpAddr>() {
        return Ok(vec![SocketAddr::new(address, 0)]);
    }
    let resolver = if let Some(resolver) = RESOLVER.get() {
        resolver
    } else {
        let built = TokioResolver::builder_tokio()?.build();
        RESOLVER.get_or_init(|| built)
    };
    Ok(resolver.lookup_ip(host).await?.iter().map(|address| SocketAddr::new(address, 0)).collect())
}

#[cfg(test)]
mod tests {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::TcpListener;

    use super::*;

    const SECRET: &str = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

    /// A receiver on a free local port answering every connection with `answer`; what it read is
    /// sent back on the channel.
    async fn receiver(answer: &'static str) -> (u16, tokio::sync::mpsc::UnboundedReceiver<String>) {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
        tokio::spawn(async move {
            while let Ok((mut socket, _)) = listener.accept().await {
                let mut buffer = vec![0_u8; 16 * 1024];
                let read = socket.read(&mut buffer).await.unwrap_or(0);
                let _ = tx.send(String::from_utf8_lossy(&buffer[..read]).into_owned());
                let _ = socket.write_all(answer.as_bytes()).await;
            }
        });
        (port, rx)
    }

    fn sender(allow: &[&str]) -> HttpWebhookSender {
        let policy = AddressPolicy::new(allow.iter().map(|net| net.parse().unwrap()).collect());
        HttpWebhookSender::new(SenderSettings { policy, ..SenderSettings::default() }).unwrap()
    }

    fn message(url: &str) -> OutgoingWebhook<'_> {
        OutgoingWebhook {
            url,
            id: "msg_p5jXN8AQM9LWM0D4loKWxJek",
            timestamp: 1_614_265_330,
            body: r#"{"test": 2432232314}"#,
            secret: SECRET,
        }
    }

    #[tokio::test]
    async fn a_loopback_receiver_is_refused_unless_its_network_is_allowed() {
        let (port, mut seen) = receiver("HTTP/1.1 204 No Content\r\ncontent-length: 0\r\n\r\n").await;
        for url in [
            format!("http://127.0.0.1:{port}/"),
            format!("http://localhost:{port}/"),
            format!("http://[::ffff:127.0.0.1]:{port}/"),
        ] {
            let result = sender(&[]).send(message(&url)).await;
            assert!(result.error.as_deref().is_some_and(|error| error.contains("refused")), "{url}: {result:?}");
            assert_eq!(result.status, None);
        }
        assert!(seen.try_recv().is_err(), "nothing reached the receiver");

        let url = format!("http://127.0.0.1:{port}/hook");
        let result = sender(&["127.0.0.1/32"]).send(message(&url)).await;
        assert!(result.succeeded(), "{result:?}");
        let request = seen.recv().await.unwrap().to_lowercase();
        assert!(request.starts_with("post /hook"));
        assert!(request.contains("webhook-id: msg_p5jxn8aqm9lwm0d4lokwxjek"));
        assert!(request.contains("webhook-timestamp: 1614265330"));
        let signature = "webhook-signature: v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=".to_lowercase();
        assert!(request.contains(&signature), "{request}");
    }

    #[tokio::test]
    async fn redirects_are_failures_and_never_followed() {
        let (port, mut seen) =
            receiver("HTTP/1.1 302 Found\r\nlocation: http://169.254.169.254/\r\ncontent-length: 0\r\n\r\n").await;
        let url = format!("http://127.0.0.1:{port}/");
        let result = sender(&["127.0.0.1/32"]).send(message(&url)).await;
        assert_eq!(result.status, Some(302));
        assert!(!result.succeeded());
        assert!(result.error.unwrap().contains("redirects are not followed"));
        seen.recv().await.unwrap();
        assert!(seen.try_recv().is_err(), "one request only");
    }

    #[tokio::test]
    async fn only_the_start_of_a_long_answer_is_kept() {
        let body = "x".repeat(3 * EXCERPT_LIMIT);
        let answer: &'static str =
            Box::leak(format!("HTTP/1.1 500 Oops\r\ncontent-length: {}\r\n\r\n{body}", body.len()).into_boxed_str());
        let (port, _seen) = receiver(answer).await;
        let url = format!("http://127.0.0.1:{port}/");
        let result = sender(&["127.0.0.1/32"]).send(message(&url)).await;
        assert_eq!(result.status, Some(500));
        assert_eq!(result.excerpt.len(), EXCERPT_LIMIT);
        assert!(!result.succeeded());
    }
}
