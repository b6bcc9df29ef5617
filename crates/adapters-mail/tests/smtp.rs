//! The SMTP sender against a mail server written here: a local listener speaking just enough SMTP to
//! take messages, started by each test on a free loopback port (no network), and a closed port for a
//! server that is down.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use atelier_adapters_mail::{SmtpMailer, SmtpSettings, TlsMode};
use atelier_application::notifications::ports::Mailer;
use atelier_domain::EntityId;
use atelier_domain::notification::{About, Notice, OutgoingMail, Topic};
use chrono::Utc;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};

/// What the sink was given in one message.
#[derive(Debug, Clone, Default)]
struct Received {
    auth: Option<String>,
    mail_from: String,
    rcpt_to: Vec<String>,
    /// The message as sent after DATA: headers, a blank line, the body; dot-stuffing undone.
    data: String,
}

impl Received {
    fn header(&self, name: &str) -> Option<&str> {
        let (headers, _) = self.data.split_once("\r\n\r\n")?;
        headers.split("\r\n").find_map(|line| {
            let (key, value) = line.split_once(':')?;
            key.eq_ignore_ascii_case(name).then(|| value.trim())
        })
    }

    fn body(&self) -> &str {
        self.data.split_once("\r\n\r\n").map_or("", |(_, body)| body)
    }
}

/// How the sink answers RCPT TO.
#[derive(Debug, Clone, Copy)]
enum Recipients {
    Accepted,
    Refused,
}

/// A mail server on a free loopback port that keeps every message it accepts.
struct Sink {
    port: u16,
    received: Arc<Mutex<Vec<Received>>>,
}

impl Sink {
    async fn start(recipients: Recipients) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let received = Arc::new(Mutex::new(Vec::new()));
        let kept = received.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let kept = kept.clone();
                tokio::spawn(async move { converse(stream, recipients, &kept).await });
            }
        });
        Self { port, received }
    }

    fn received(&self) -> Vec<Received> {
        self.received.lock().unwrap().clone()
    }
}

/// One SMTP session: greeting, EHLO, optional AUTH PLAIN, MAIL, RCPT, DATA, QUIT.
async fn converse(stream: TcpStream, recipients: Recipients, kept: &Mutex<Vec<Received>>) {
    let (reader, mut writer) = stream.into_split();
    let mut lines = BufReader::new(reader);
    let mut message = Received::default();
    writer.write_all(b"220 sink.test ESMTP\r\n").await.unwrap();
    let mut line = String::new();
    loop {
        line.clear();
        if lines.read_line(&mut line).await.unwrap_or(0) == 0 {
            return;
        }
        let command = line.trim_end().to_owned();
        let upper = command.to_ascii_uppercase();
        let reply: &[u8] = if upper.starts_with("EHLO") {
            b"250-sink.test\r\n250-8BITMIME\r\n250-SMTPUTF8\r\n250 AUTH PLAIN\r\n"
        } else if upper.starts_with("AUTH PLAIN") {
            message.auth = command.split(' ').nth(2).map(str::to_owned);
            b"235 2.7.0 Authentication successful\r\n"
        } else if upper.starts_with("MAIL FROM:") {
            message.mail_from = command["MAIL FROM:".len()..].to_owned();
            b"250 2.1.0 OK\r\n"
        } else if upper.starts_with("RCPT TO:") {
            match recipients {
                Recipients::Accepted => {
                    message.rcpt_to.push(command["RCPT TO:".len()..].to_owned());
                    b"250 2.1.5 OK\r\n"
                }
                Recipients::Refused => b"550 5.1.1 No such user here\r\n",
            }
        } else if upper == "DATA" {
            writer.write_all(b"354 End data with <CR><LF>.<CR><LF>\r\n").await.unwrap();
            loop {
                line.clear();
                if lines.read_line(&mut line).await.unwrap_or(0) == 0 {
                    return;
                }
                if line == ".\r\n" {
                    break;
                }
                message.data.push_str(line.strip_prefix('.').unwrap_or(&line));
            }
            kept.lock().unwrap().push(std::mem::take(&mut message));
            b"250 2.0.0 Queued\r\n"
        } else if upper == "QUIT" {
            writer.write_all(b"221 2.0.0 Bye\r\n").await.unwrap();
            return;
        } else if upper == "RSET" || upper == "NOOP" {
            b"250 2.0.0 OK\r\n"
        } else {
            b"502 5.5.2 Command not recognized\r\n"
        };
        writer.write_all(reply).await.unwrap();
    }
}

fn settings(port: u16) -> SmtpSettings {
    SmtpSettings {
        host: "127.0.0.1".into(),
        port,
        tls: TlsMode::None,
        credentials: None,
        from: "Atelier <notifications@studio.example>".into(),
        timeout: Duration::from_secs(10),
    }
}

fn mail(subject: &str, reply_to: &str) -> OutgoingMail {
    let now = Utc::now();
    let about = About { topic: Topic::ContactMessage, id: EntityId::generate(now) };
    let notice = Notice {
        about,
        reply_to: reply_to.into(),
        subject: subject.into(),
        body: "Ana Lima <ana@example.com> sent a message through the contact form.\n\n\
               Subject: New website\n\n\
               Hello,\n.\nA line with a lone dot above.\n\n\
               Open it in the back office: /admin/contacts/65f1c2a9b4e8d70012345678\n"
            .into(),
    };
    OutgoingMail::queued(EntityId::generate(now), "team@studio.example", notice, now)
}

/// A loopback port nothing listens on.
async fn closed_port() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    listener.local_addr().unwrap().port()
}

#[tokio::test]
async fn a_mail_reaches_the_server_with_its_recipient_subject_reply_address_and_body() {
    let sink = Sink::start(Recipients::Accepted).await;
    let mailer = SmtpMailer::new(&settings(sink.port)).unwrap();
    mailer.send(&mail("New message from Ana Lima: New website", "ana@example.com")).await.unwrap();

    let received = sink.received();
    assert_eq!(received.len(), 1);
    let message = &received[0];
    assert_eq!(message.mail_from, "<notifications@studio.example>");
    assert_eq!(message.rcpt_to, ["<team@studio.example>"]);
    assert_eq!(message.auth, None, "no credentials, no AUTH");
    assert_eq!(message.header("To"), Some("team@studio.example"));
    assert_eq!(message.header("From"), Some("Atelier <notifications@studio.example>"));
    assert_eq!(message.header("Subject"), Some("New message from Ana Lima: New website"));
    assert_eq!(message.header("Reply-To"), Some("ana@example.com"));
    assert_eq!(message.header("Auto-Submitted"), Some("auto-generated"));
    assert!(message.header("Content-Type").is_some_and(|value| value.starts_with("text/plain")), "{}", message.data);
    // The server gets the body as written, lines ending in CRLF (the sender ends it with one more).
    assert_eq!(
        message.body().trim_end(),
        "Ana Lima <ana@example.com> sent a message through the contact form.\r\n\r\n\
         Subject: New website\r\n\r\n\
         Hello,\r\n.\r\nA line with a lone dot above.\r\n\r\n\
         Open it in the back office: /admin/contacts/65f1c2a9b4e8d70012345678"
    );
}

#[tokio::test]
async fn credentials_are_sent_when_configured() {
    let sink = Sink::start(Recipients::Accepted).await;
    let mut settings = settings(sink.port);
    settings.credentials = Some(("mailer".into(), "s3cret-pass".into()));
    SmtpMailer::new(&settings).unwrap().send(&mail("Hi", "ana@example.com")).await.unwrap();
    // AUTH PLAIN carries "\0user\0password" in base64.
    assert_eq!(sink.received()[0].auth.as_deref(), Some("AG1haWxlcgBzM2NyZXQtcGFzcw=="));
}

#[tokio::test]
async fn no_header_can_be_injected_and_a_reply_address_that_is_no_mailbox_is_left_out() {
    let sink = Sink::start(Recipients::Accepted).await;
    let mailer = SmtpMailer::new(&settings(sink.port)).unwrap();
    let mut injected = mail("ignored", "ana@example.com>\r\nBcc: victim@example.com");
    injected.subject = "Hi\r\nBcc: victim@example.com\r\nX-Evil: 1".into();
    mailer.send(&injected).await.unwrap();

    let message = &sink.received()[0];
    assert_eq!(message.rcpt_to, ["<team@studio.example>"], "only the recipient gets it");
    assert_eq!(message.header("Bcc"), None);
    assert_eq!(message.header("X-Evil"), None);
    assert_eq!(message.header("Reply-To"), None);
    assert_eq!(message.header("Subject"), Some("Hi Bcc: victim@example.com X-Evil: 1"));
}

#[tokio::test]
async fn a_refused_recipient_is_a_permanent_failure() {
    let sink = Sink::start(Recipients::Refused).await;
    let failure = SmtpMailer::new(&settings(sink.port)).unwrap().send(&mail("Hi", "")).await.unwrap_err();
    assert!(failure.permanent, "{failure:?}");
    assert!(failure.error.contains("No such user"), "{}", failure.error);
    assert!(sink.received().is_empty());
}

#[tokio::test]
async fn a_server_that_is_down_is_a_failure_worth_retrying() {
    let port = closed_port().await;
    let started = std::time::Instant::now();
    let failure = SmtpMailer::new(&settings(port)).unwrap().send(&mail("Hi", "")).await.unwrap_err();
    assert!(!failure.permanent, "{failure:?}");
    assert!(failure.error.to_lowercase().contains("connect"), "{}", failure.error);
    assert!(started.elapsed() < Duration::from_secs(5), "a refused connection fails at once");
}

#[tokio::test]
async fn a_recipient_that_is_no_mailbox_is_a_permanent_failure() {
    let sink = Sink::start(Recipients::Accepted).await;
    let mut bad = mail("Hi", "");
    bad.recipient = "not an address".into();
    let failure = SmtpMailer::new(&settings(sink.port)).unwrap().send(&bad).await.unwrap_err();
    assert!(failure.permanent);
    assert!(failure.error.contains("not a valid recipient"), "{}", failure.error);
}

#[tokio::test]
async fn a_server_named_by_host_name_is_resolved_and_reached_at_an_address_that_answers() {
    // "localhost" may resolve to ::1 first, where nothing listens: the next address is tried.
    let sink = Sink::start(Recipients::Accepted).await;
    let mut settings = settings(sink.port);
    settings.host = "localhost".into();
    SmtpMailer::new(&settings).unwrap().send(&mail("Hi", "ana@example.com")).await.unwrap();
    assert_eq!(sink.received().len(), 1);
}

/// A server on a free loopback port that takes one connection and hands over the first bytes of
/// the TLS handshake the client starts: at once (implicit TLS), or after STARTTLS.
async fn tls_hello_catcher(starttls: bool) -> (u16, tokio::task::JoinHandle<Vec<u8>>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let received = tokio::spawn(async move {
        let (stream, _) = listener.accept().await.unwrap();
        let mut stream = BufReader::new(stream);
        if starttls {
            stream.get_mut().write_all(b"220 sink.test ESMTP\r\n").await.unwrap();
            let mut line = String::new();
            loop {
                line.clear();
                if stream.read_line(&mut line).await.unwrap_or(0) == 0 {
                    return Vec::new();
                }
                let upper = line.trim_end().to_ascii_uppercase();
                if upper.starts_with("EHLO") {
                    stream.get_mut().write_all(b"250-sink.test\r\n250 STARTTLS\r\n").await.unwrap();
                } else if upper == "STARTTLS" {
                    stream.get_mut().write_all(b"220 2.0.0 Ready to start TLS\r\n").await.unwrap();
                    break;
                } else {
                    stream.get_mut().write_all(b"502 5.5.2 Command not recognized\r\n").await.unwrap();
                }
            }
        }
        let mut hello = vec![0_u8; 4096];
        let read = tokio::io::AsyncReadExt::read(&mut stream, &mut hello).await.unwrap_or(0);
        hello.truncate(read);
        hello
    });
    (port, received)
}

#[tokio::test]
async fn tls_names_the_configured_host_while_the_connection_goes_to_its_address() {
    for (mode, starttls) in [(TlsMode::Tls, false), (TlsMode::StartTls, true)] {
        let (port, hello) = tls_hello_catcher(starttls).await;
        let mut settings = settings(port);
        settings.host = "localhost".into();
        settings.tls = mode;
        let failure = SmtpMailer::new(&settings).unwrap().send(&mail("Hi", "")).await.unwrap_err();
        assert!(!failure.permanent, "{mode:?}: {failure:?}");
        let hello = hello.await.expect("the client started TLS");
        assert_eq!(hello.first(), Some(&0x16), "{mode:?}: a TLS handshake record");
        // The ClientHello's server name (SNI) is the host's name, not the address connected to.
        assert!(hello.windows(b"localhost".len()).any(|window| window == b"localhost"), "{mode:?}: no SNI");
    }
}
