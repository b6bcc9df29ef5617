//! Notification emails: the SMTP sender built from the configuration, and the background worker that
//! delivers the outbox while the server runs.

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use atelier_adapters_db::SeaOrmStore;
use atelier_adapters_mail::{SmtpMailer, SmtpSettings, TlsMode};
use atelier_application::notifications::ports::Mailer;
use atelier_application::notifications::ports::OutboxRepository;
use atelier_application::notifications::{MailDelivery, Notifications};
use atelier_application::ports::SharedClock;
use secrecy::ExposeSecret;
use tokio::sync::{Notify, watch};
use tokio::task::JoinHandle;

use crate::config::{Config, SmtpConfig, SmtpTls};

/// How long one connection to the mail server may take to answer.
const SMTP_TIMEOUT: Duration = Duration::from_secs(20);
/// How often the worker looks for due mails when nothing wakes it: retries fall due, and other
/// instances may have queued mail.
const POLL_INTERVAL: Duration = Duration::from_secs(15);
/// How long the worker may finish the mail in hand when the server stops; an attempt cut short is
/// claimed again once its lease ends.
const STOP_GRACE: Duration = Duration::from_secs(5);

/// What the use cases queue and the worker that sends it, or neither when mail is off.
pub struct MailSetup<S, M> {
    pub notifications: Notifications,
    pub worker: Option<MailWorker<S, M>>,
}

impl<S, M> std::fmt::Debug for MailSetup<S, M> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MailSetup")
            .field("notifications", &self.notifications)
            .field("worker", &self.worker.is_some())
            .finish()
    }
}

/// Notifications through the configured mail server, or off (said once in the log) without one.
///
/// # Errors
/// When the mail settings cannot be used (an invalid sender).
pub fn setup(
    config: &Config,
    store: SeaOrmStore,
    clock: SharedClock,
) -> anyhow::Result<MailSetup<SeaOrmStore, SmtpMailer>> {
    let Some(smtp) = &config.smtp else {
        tracing::info!("email notifications are off: ATELIER_SMTP_HOST is not set");
        return Ok(MailSetup { notifications: Notifications::off(), worker: None });
    };
    let mailer = SmtpMailer::new(&smtp_settings(smtp)).context("ATELIER_SMTP_FROM")?;
    if smtp.tls == SmtpTls::None && smtp.user.is_some() {
        tracing::warn!(host = %smtp.host, "the SMTP password is sent unencrypted (ATELIER_SMTP_TLS=none)");
    }
    tracing::info!(
        host = %smtp.host,
        port = smtp.port,
        tls = ?smtp.tls,
        "email notifications are on: new messages and requests are mailed to the settings' contact email"
    );
    let worker = MailWorker::new(MailDelivery::new(store, mailer, clock), POLL_INTERVAL);
    let wake = worker.wake.clone();
    let notifications = Notifications::on(config.public_url.clone()).waking(move || wake.notify_one());
    Ok(MailSetup { notifications, worker: Some(worker) })
}

fn smtp_settings(smtp: &SmtpConfig) -> SmtpSettings {
    SmtpSettings {
        host: smtp.host.clone(),
        port: smtp.port,
        tls: match smtp.tls {
            SmtpTls::None => TlsMode::None,
            SmtpTls::Starttls => TlsMode::StartTls,
            SmtpTls::Tls => TlsMode::Tls,
        },
        credentials: smtp.user.clone().zip(smtp.password.as_ref().map(|password| password.expose_secret().to_owned())),
        from: smtp.from.clone(),
        timeout: SMTP_TIMEOUT,
    }
}

/// Delivers the outbox in the background: a pass at start, then whenever a mail is queued here and
/// at every poll interval.
#[derive(Debug)]
pub struct MailWorker<S, M> {
    delivery: MailDelivery<S, M, SharedClock>,
    wake: Arc<Notify>,
    poll: Duration,
}

impl<S: OutboxRepository, M: Mailer> MailWorker<S, M> {
    pub fn new(delivery: MailDelivery<S, M, SharedClock>, poll: Duration) -> Self {
        Self { delivery, wake: Arc::new(Notify::new()), poll }
    }

    /// Starts the worker on the current runtime.
    pub fn spawn(self) -> RunningWorker {
        let (stop, stopped) = watch::channel(false);
        RunningWorker { stop, task: tokio::spawn(self.run(stopped)) }
    }

    async fn run(self, mut stop: watch::Receiver<bool>) {
        loop {
            let pass = self.delivery.deliver_due();
            tokio::pin!(pass);
            let outcome = tokio::select! {
                outcome = &mut pass => outcome,
                _ = stop.changed() => {
                    if tokio::time::timeout(STOP_GRACE, pass).await.is_err() {
                        tracing::warn!("stopped sending notifications mid-attempt; that mail is tried again later");
                    }
                    return;
                }
            };
            match outcome {
                Ok(report) if report.more_due => continue,
                Ok(_) => {}
                Err(error) => tracing::error!(error = %format!("{error:#}"), "the notification outbox is unreachable"),
            }
            tokio::select! {
                _ = stop.changed() => return,
                () = self.wake.notified() => {}
                () = tokio::time::sleep(self.poll) => {}
            }
        }
    }
}

/// The running worker, to stop with the server.
#[derive(Debug)]
pub struct RunningWorker {
    stop: watch::Sender<bool>,
    task: JoinHandle<()>,
}

impl RunningWorker {
    /// Asks the worker to stop and waits until it has.
    pub async fn stop(self) {
        let _ = self.stop.send(true);
        if let Err(error) = self.task.await {
            tracing::error!(%error, "the notification worker failed");
        }
    }
}
