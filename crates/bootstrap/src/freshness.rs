//! Keeps the content generation in step with the database while the server runs: the shared
//! generation read every [`POLL_INTERVAL`], and on PostgreSQL heard at once when another instance
//! announces a change.

use atelier_adapters_db::{GenerationListener, SeaOrmStore};
use atelier_application::freshness::{GenerationSync, POLL_INTERVAL};
use atelier_application::ports::SharedClock;
use tokio::sync::watch;
use tokio::task::JoinHandle;

/// The background task that keeps one instance's generation in step.
#[derive(Debug)]
pub struct FreshnessWorker {
    sync: GenerationSync<SeaOrmStore, SharedClock>,
    listener: Option<GenerationListener>,
    /// Whether the last attempt failed, so a database outage is logged once, not twice a second.
    failing: bool,
}

impl FreshnessWorker {
    /// The worker for `sync`, listening for announcements where the database makes them.
    ///
    /// # Errors
    /// When the listening connection cannot be opened.
    pub async fn new(sync: GenerationSync<SeaOrmStore, SharedClock>, store: &SeaOrmStore) -> anyhow::Result<Self> {
        let listener = GenerationListener::start(store).await?;
        Ok(Self { sync, listener, failing: false })
    }

    /// Starts the worker on the current runtime.
    pub fn spawn(self) -> RunningFreshness {
        let (stop, stopped) = watch::channel(false);
        RunningFreshness { stop, task: tokio::spawn(self.run(stopped)) }
    }

    async fn run(mut self, mut stop: watch::Receiver<bool>) {
        let mut ticker = tokio::time::interval(POLL_INTERVAL);
        ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            let outcome = tokio::select! {
                _ = stop.changed() => return,
                _ = ticker.tick() => self.sync.refresh().await,
                // An announcement, or a lost connection that may have missed some: read the row.
                heard = next_announcement(self.listener.as_mut()) => match heard {
                    Ok(()) => self.sync.refresh().await,
                    Err(error) => {
                        tracing::warn!(error = %format!("{error:#}"), "stopped listening for content changes; reading them every poll");
                        self.listener = None;
                        Ok(())
                    }
                },
            };
            match outcome {
                Ok(()) if self.failing => {
                    self.failing = false;
                    tracing::info!("the content generation is in step with the database again");
                }
                Err(error) if !self.failing => {
                    self.failing = true;
                    tracing::error!(
                        error = %format!("{error:#}"),
                        "the content generation cannot be read: public reads are not cached until it can"
                    );
                }
                Ok(()) | Err(_) => {}
            }
        }
    }
}

async fn next_announcement(listener: Option<&mut GenerationListener>) -> anyhow::Result<()> {
    match listener {
        Some(listener) => listener.wait().await,
        None => std::future::pending().await,
    }
}

/// A started worker; stop it when the server stops.
#[derive(Debug)]
pub struct RunningFreshness {
    stop: watch::Sender<bool>,
    task: JoinHandle<()>,
}

impl RunningFreshness {
    pub async fn stop(self) {
        let _ = self.stop.send(true);
        let _ = self.task.await;
    }
}
