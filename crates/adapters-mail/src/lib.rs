//! Atelier's mail sender: the application's [`Mailer`] port over SMTP, with lettre on tokio and
//! rustls (no OpenSSL).
//!
//! The mail server's name is resolved here, not by lettre: by hickory (in Rust, reading
//! `/etc/resolv.conf` and `/etc/hosts`) with the `hickory-dns` feature, so the statically linked
//! binary never calls glibc's `getaddrinfo`, or by the system's resolver without it. The connection
//! is then opened to those addresses, each in turn, while TLS still verifies and names (SNI) the
//! configured host.
//!
//! Each mail is plain text from the configured sender to the queued recipient, with the visitor as
//! the address to reply to when theirs is a valid mailbox, and `Auto-Submitted: auto-generated` so
//! mail servers do not answer it with vacation replies.

use std::net::SocketAddr;
use std::time::Duration;

use anyhow::Context;
use atelier_application::notifications::ports::Mailer;
use atelier_domain::notification::{OutgoingMail, SendFailure, header_text};
use lettre::message::header::{ContentType, Header, HeaderName, HeaderValue};
use lettre::message::{Mailbox, Message};
use lettre::transport::smtp::authentication::{Credentials, DEFAULT_MECHANISMS};
use lettre::transport::smtp::client::{AsyncSmtpConnection, TlsParameters};
use lettre::transport::smtp::extension::ClientId;

/// How the connection to the mail server is secured.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TlsMode {
    /// Plain text: only for a relay on the same machine or network.
    None,
    /// Plain connection upgraded with STARTTLS, which the server must offer (submission, port 587).
    StartTls,
    /// TLS from the first byte (implicit TLS, port 465).
    Tls,
}

impl TlsMode {
    /// The usual mode of a port: TLS on 465, STARTTLS anywhere else.
    pub fn for_port(port: u16) -> Self {
        if port == 465 { Self::Tls } else { Self::StartTls }
    }
}

/// Where and how to send mail.
#[derive(Clone)]
pub struct SmtpSettings {
    pub host: String,
    pub port: u16,
    pub tls: TlsMode,
    /// User name and password, when the server wants them.
    pub credentials: Option<(String, String)>,
    /// The sender, `notifications@studio.example` or `Atelier <notifications@studio.example>`.
    pub from: String,
    /// The longest one connection may take to answer.
    pub timeout: Duration,
}

impl std::fmt::Debug for SmtpSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SmtpSettings")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("tls", &self.tls)
            .field("user", &self.credentials.as_ref().map(|(user, _)| user))
            .field("from", &self.from)
            .field("timeout", &self.timeout)
            .finish_non_exhaustive()
    }
}

/// How the connection is secured, with the host's name for TLS.
#[derive(Clone)]
enum Security {
    None,
    StartTls(TlsParameters),
    Tls(TlsParameters),
}

/// Sends notifications through one SMTP server, one connection per mail.
#[derive(Clone)]
pub struct SmtpMailer {
    host: String,
    port: u16,
    security: Security,
    credentials: Option<Credentials>,
    timeout: Duration,
    from: Mailbox,
}

impl std::fmt::Debug for SmtpMailer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SmtpMailer").field("from", &self.from.to_string()).finish_non_exhaustive()
    }
}

impl SmtpMailer {
    /// A sender for these settings; nothing is contacted (or resolved) yet.
    ///
    /// # Errors
    /// When the sender is not a valid mailbox or the host cannot be used for TLS.
    pub fn new(settings: &SmtpSettings) -> anyhow::Result<Self> {
        let from: Mailbox =
            settings.from.trim().parse().with_context(|| format!("{:?} is not a valid sender", settings.from))?;
        let host = settings.host.trim();
        let security = match settings.tls {
            TlsMode::None => Security::None,
            TlsMode::StartTls => Security::StartTls(tls_parameters(host)?),
            TlsMode::Tls => Security::Tls(tls_parameters(host)?),
        };
        Ok(Self {
            host: host.to_owned(),
            port: settings.port,
            security,
            credentials: settings.credentials.clone().map(|(user, password)| Credentials::new(user, password)),
            timeout: settings.timeout,
            from,
        })
    }

    /// A connection to the server, secured and signed in as configured: to the first of the host's
    /// addresses that answers.
    async fn connect(&self) -> Result<AsyncSmtpConnection, SendFailure> {
        let addresses = lookup(&self.host, self.port).await.map_err(|error| SendFailure {
            error: format!("failed to resolve the mail server {}: {error}", self.host),
            permanent: false,
        })?;
        let hello = ClientId::default();
        let wrapper = match &self.security {
            Security::Tls(parameters) => Some(parameters.clone()),
            Security::None | Security::StartTls(_) => None,
        };
        let mut connection =
            AsyncSmtpConnection::connect_tokio1(addresses.as_slice(), Some(self.timeout), &hello, wrapper, None)
                .await
                .map_err(failure)?;
        if let Security::StartTls(parameters) = &self.security {
            connection.starttls(parameters.clone(), &hello).await.map_err(failure)?;
        }
        if let Some(credentials) = &self.credentials {
            connection.auth(DEFAULT_MECHANISMS, credentials).await.map_err(failure)?;
        }
        Ok(connection)
    }

    /// The message for a queued mail.
    ///
    /// # Errors
    /// When the recipient is not a valid mailbox.
    fn message(&self, mail: &OutgoingMail) -> anyhow::Result<Message> {
        let to: Mailbox =
            mail.recipient.parse().with_context(|| format!("{:?} is not a valid recipient", mail.recipient))?;
        let mut builder = Message::builder()
            .from(self.from.clone())
            .to(to)
            // Queued subjects are already one line; this keeps any header free of line breaks.
            .subject(header_text(&mail.subject))
            .header(ContentType::TEXT_PLAIN)
            .header(AutoSubmitted);
        // The visitor's address only ever goes in as a parsed mailbox, or not at all.
        if let Ok(reply_to) = mail.reply_to.parse::<Mailbox>() {
            builder = builder.reply_to(reply_to);
        }
        builder.body(mail.body.clone()).context("failed to build the message")
    }
}

fn tls_parameters(host: &str) -> anyhow::Result<TlsParameters> {
    TlsParameters::new(host.to_owned()).with_context(|| format!("cannot use TLS with the mail server {host:?}"))
}

impl Mailer for SmtpMailer {
    async fn send(&self, mail: &OutgoingMail) -> Result<(), SendFailure> {
        // A message that cannot be written will never be: no retry can help.
        let message =
            self.message(mail).map_err(|error| SendFailure { error: format!("{error:#}"), permanent: true })?;
        let mut connection = self.connect().await?;
        let sent = connection.send(message.envelope(), &message.formatted()).await;
        connection.abort().await;
        sent.map(|_| ()).map_err(failure)
    }
}

/// A send's failure as the outbox records it.
#[allow(clippy::needless_pass_by_value, reason = "given to `map_err`, which hands over the error")]
fn failure(error: lettre::transport::smtp::Error) -> SendFailure {
    SendFailure { error: describe(&error), permanent: error.is_permanent() }
}

type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// The addresses of `host` (a name or an address) on `port`, by the system's resolver.
#[cfg(not(feature = "hickory-dns"))]
async fn lookup(host: &str, port: u16) -> Result<Vec<SocketAddr>, BoxError> {
    Ok(tokio::net::lookup_host((host, port)).await?.collect())
}

/// The addresses of `host` (a name or an address) on `port`, by hickory (in Rust, reading
/// `/etc/resolv.conf` and `/etc/hosts`), so a statically linked binary needs no NSS modules. One
/// resolver (with its cache) serves every lookup.
#[cfg(feature = "hickory-dns")]
async fn lookup(host: &str, port: u16) -> Result<Vec<SocketAddr>, BoxError> {
    use hickory_resolver::TokioResolver;
    static RESOLVER: std::sync::OnceLock<TokioResolver> = std::sync::OnceLock::new();
    if let Ok(address) = host.trim_start_matches('[').trim_end_matches(']').parse::<std::net::IpAddr>() {
        return Ok(vec![SocketAddr::new(address, port)]);
    }
    let resolver = if let Some(resolver) = RESOLVER.get() {
        resolver
    } else {
        let built = TokioResolver::builder_tokio()?.build();
        RESOLVER.get_or_init(|| built)
    };
    Ok(resolver.lookup_ip(host).await?.iter().map(|address| SocketAddr::new(address, port)).collect())
}

/// The error with its causes, as one line.
fn describe(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        let cause_text = cause.to_string();
        if !text.contains(&cause_text) {
            text.push_str(": ");
            text.push_str(&cause_text);
        }
        source = cause.source();
    }
    text
}

/// `Auto-Submitted: auto-generated` (RFC 3834): a machine wrote this mail, so nobody's vacation
/// responder should answer it.
#[derive(Debug, Clone, Copy)]
struct AutoSubmitted;

impl Header for AutoSubmitted {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("Auto-Submitted")
    }

    fn parse(_: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(Self)
    }

    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), "auto-generated".to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_port_chooses_the_usual_tls_mode() {
        assert_eq!(TlsMode::for_port(465), TlsMode::Tls);
        assert_eq!(TlsMode::for_port(587), TlsMode::StartTls);
        assert_eq!(TlsMode::for_port(25), TlsMode::StartTls);
    }

    #[test]
    fn passwords_never_print() {
        let settings = SmtpSettings {
            host: "smtp.example".into(),
            port: 587,
            tls: TlsMode::StartTls,
            credentials: Some(("user".into(), "hunter2-password".into())),
            from: "Atelier <notifications@studio.example>".into(),
            timeout: Duration::from_secs(20),
        };
        let printed = format!("{settings:?}");
        assert!(!printed.contains("hunter2") && printed.contains("user"), "{printed}");
        assert!(SmtpMailer::new(&settings).is_ok());
    }

    #[test]
    fn a_sender_that_is_no_mailbox_is_refused() {
        let settings = SmtpSettings {
            host: "smtp.example".into(),
            port: 587,
            tls: TlsMode::StartTls,
            credentials: None,
            from: "not an address".into(),
            timeout: Duration::from_secs(20),
        };
        assert!(SmtpMailer::new(&settings).is_err());
    }
}
