//! Webhooks: the sender built from the configuration, and the background worker that delivers the
//! queue while the server runs (every instance runs one; the store's claim sends each delivery
//! once).

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use atelier_adapters_db::SeaOrmStore;
use atelier_adapters_webhooks::{AddressPolicy, HttpWebhookSender, SenderSettings};
use atelier_application::ports::{SecretSealer, SharedClock};
use atelier_application::webhooks::WebhookDispatch;
use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::config::Config;

/// How often the worker looks for due deliveries: new events reach their endpoints within this.
const POLL_INTERVAL: Duration = Duration::from_secs(2);
/// How long the worker may finish the delivery in hand when the server stops; an attempt cut short
/// is claimed again once its lease ends.
const STOP_GRACE: Duration = Duration::from_secs(6);

/// Delivers the webhook queue in the background.
#[derive(Debug)]
pub struct WebhookWorker {
    dispatch: WebhookDispatch<SeaOrmStore, HttpWebhookSender, SharedClock>,
}

impl WebhookWorker {
    /// The worker with the sender the configuration allows.
    ///
    /// # Errors
    /// When the HTTP client cannot be built.
    pub fn new(
        config: &Config,
        store: SeaOrmStore,
        sealer: Arc<dyn SecretSealer>,
        clock: SharedClock,
    ) -> anyhow::Result<Self> {
        if !config.webhook_allow_networks.is_empty() {
            tracing::warn!(
                networks = ?config.webhook_allow_networks,
                "webhooks may be sent to these non-public networks (ATELIER_WEBHOOK_ALLOW_NETWORKS)"
            );
        }
        let settings = SenderSettings {
            policy: AddressPolicy::new(config.webhook_allow_networks.clone()),
            ..SenderSettings::default()
        };
        let sender = HttpWebhookSender::new(settings).context("failed to build the webhook sender")?;
        Ok(Self { dispatch: WebhookDispatch::new(store, sender, sealer, clock) })
    }

    /// Starts the worker on the current runtime.
    pub fn spawn(self) -> RunningWebhookWorker {
        let (stop, stopped) = watch::channel(false);
        RunningWebhookWorker { stop, task: tokio::spawn(self.run(stopped)) }
    }

    async fn run(self, mut stop: watch::Receiver<bool>) {
        loop {
            let pass = self.dispatch.deliver_due();
            tokio::pin!(pass);
            let outcome = tokio::select! {
                outcome = &mut pass => outcome,
                _ = stop.changed() => {
                    if tokio::time::timeout(STOP_GRACE, pass).await.is_err() {
                        tracing::warn!("stopped sending webhooks mid-attempt; that delivery is tried again later");
                    }
                    return;
                }
            };
            match outcome {
                Ok(report) if report.more_due => continue,
                Ok(_) => {}
                Err(error) => tracing::error!(error = %format!("{error:#}"), "the webhook queue is unreachable"),
            }
            tokio::select! {
                _ = stop.changed() => return,
                () = tokio::time::sleep(POLL_INTERVAL) => {}
            }
        }
    }
}

/// The running worker, to stop with the server.
#[derive(Debug)]
pub struct RunningWebhookWorker {
    stop: watch::Sender<bool>,
    task: JoinHandle<()>,
}

impl RunningWebhookWorker {
    /// Asks the worker to stop and waits until it has.
    pub async fn stop(self) {
        let _ = self.stop.send(true);
        if let Err(error) = self.task.await {
            tracing::error!(%error, "the webhook worker failed");
        }
    }
}
