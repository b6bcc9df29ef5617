//! Atelier's mail sender: the application's [`Mailer`] port over SMTP, with lettre on tokio and
//! rustls (no OpenSSL).
//!
//! Each mail is plain text from the configured sender to the queued recipient, with the visitor as
//! the address to reply to when theirs is a valid mailbox, and `Auto-Submitted: auto-generated` so
//! mail servers do not answer it with vacation replies.

use std::time::Duration;

use anyhow::Context;
use atelier_application::notifications::ports::Mailer;
use atelier_domain::notification::{OutgoingMail, SendFailure, header_text};
use lettre::message::header::{ContentType, Header, HeaderName, HeaderValue};
use lettre::message::{Mailbox, Message};
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Tls, TlsParameters};
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};

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

/// Sends notifications through one SMTP server, one connection per mail.
#[derive(Clone)]
pub struct SmtpMailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl std::fmt::Debug for SmtpMailer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SmtpMailer").field("from", &self.from.to_string()).finish_non_exhaustive()
    }
}

impl SmtpMailer {
    /// A sender for these settings; nothing is contacted yet.
    ///
    /// # Errors
    /// When the sender is not a valid mailbox or the host cannot be used for TLS.
    pub fn new(settings: &SmtpSettings) -> anyhow::Result<Self> {
        let from: Mailbox =
            settings.from.trim().parse().with_context(|| format!("{:?} is not a valid sender", settings.from))?;
        let host = settings.host.trim();
        let tls = match settings.tls {
            TlsMode::None => Tls::None,
            TlsMode::StartTls => Tls::Required(tls_parameters(host)?),
            TlsMode::Tls => Tls::Wrapper(tls_parameters(host)?),
        };
        let mut builder = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(host)
            .port(settings.port)
            .tls(tls)
            .timeout(Some(settings.timeout));
        if let Some((user, password)) = &settings.credentials {
            builder = builder.credentials(Credentials::new(user.clone(), password.clone()));
        }
        Ok(Self { transport: builder.build(), from })
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
        self.transport
            .send(message)
            .await
            .map(|_| ())
            .map_err(|error| SendFailure { error: describe(&error), permanent: error.is_permanent() })
    }
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
