//! Stores the redirects' hits while the server runs: counted in memory by each request that
//! followed one, written every [`HITS_INTERVAL`] in one batch, and once more when the server stops.

use std::time::Duration;

use atelier_adapters_db::SeaOrmStore;
use atelier_application::ports::SharedClock;
use atelier_application::redirects::served::RedirectTable;
use tokio::sync::watch;
use tokio::task::JoinHandle;

/// How often the hits counted in memory are stored.
pub const HITS_INTERVAL: Duration = Duration::from_secs(10);

/// The background task that stores one instance's redirect hits.
#[derive(Debug)]
pub struct HitsWorker {
    table: RedirectTable<SeaOrmStore, SharedClock>,
}

impl HitsWorker {
    pub fn new(table: RedirectTable<SeaOrmStore, SharedClock>) -> Self {
        Self { table }
    }

    /// Starts the worker on the current runtime.
    pub fn spawn(self) -> RunningHits {
        let (stop, stopped) = watch::channel(false);
        RunningHits { stop, task: tokio::spawn(self.run(stopped)) }
    }

    async fn run(self, mut stop: watch::Receiver<bool>) {
        let mut ticker = tokio::time::interval(HITS_INTERVAL);
        ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            let stopping = tokio::select! {
                _ = stop.changed() => true,
                _ = ticker.tick() => false,
            };
            if let Err(error) = self.table.flush_hits().await {
                tracing::warn!(error = %format!("{error:#}"), "failed to store redirect hits; kept for the next try");
            }
            if stopping {
                return;
            }
        }
    }
}

/// A started worker; stop it when the server stops (the hits in hand are stored first).
#[derive(Debug)]
pub struct RunningHits {
    stop: watch::Sender<bool>,
    task: JoinHandle<()>,
}

impl RunningHits {
    pub async fn stop(self) {
        let _ = self.stop.send(true);
        let _ = self.task.await;
    }
}
