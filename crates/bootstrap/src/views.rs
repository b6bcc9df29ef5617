//! Stores the public pages' views while the server runs: held in memory by each beacon request,
//! written in one batch every [`FLUSH_INTERVAL`] (so a crash loses at most that much) and once
//! more when the server stops; and sums complete days into their daily totals, forgetting raw views
//! past their retention, at start and every [`ROLLUP_INTERVAL`].

use std::time::Duration;

use atelier_adapters_db::SeaOrmStore;
use atelier_application::insights::{PageViews, Rollup};
use atelier_application::ports::SharedClock;
use tokio::sync::watch;
use tokio::task::JoinHandle;

/// How often the views held in memory are stored.
pub const FLUSH_INTERVAL: Duration = Duration::from_secs(1);

/// How many times the views in hand are tried when the server stops, and the pause between tries.
const LAST_FLUSH_TRIES: u32 = 5;
const LAST_FLUSH_PAUSE: Duration = Duration::from_millis(100);

/// How often complete days are rolled up.
pub const ROLLUP_INTERVAL: Duration = Duration::from_secs(10 * 60);

/// The background task that stores one instance's page views and rolls up complete days.
#[derive(Debug)]
pub struct ViewsWorker {
    views: PageViews<SeaOrmStore, SharedClock>,
    rollup: Rollup<SeaOrmStore, SharedClock>,
}

impl ViewsWorker {
    pub fn new(views: PageViews<SeaOrmStore, SharedClock>, rollup: Rollup<SeaOrmStore, SharedClock>) -> Self {
        Self { views, rollup }
    }

    /// The views recorded (the server's beacon shares them).
    pub fn views(&self) -> &PageViews<SeaOrmStore, SharedClock> {
        &self.views
    }

    /// The rollup the worker runs.
    pub fn rollup(&self) -> &Rollup<SeaOrmStore, SharedClock> {
        &self.rollup
    }

    /// Starts the worker on the current runtime.
    pub fn spawn(self) -> RunningViews {
        let (stop, stopped) = watch::channel(false);
        RunningViews { stop, task: tokio::spawn(self.run(stopped)) }
    }

    async fn run(self, mut stop: watch::Receiver<bool>) {
        let mut flushes = tokio::time::interval(FLUSH_INTERVAL);
        flushes.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut rollups = tokio::time::interval(ROLLUP_INTERVAL);
        rollups.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            let stopping = tokio::select! {
                _ = stop.changed() => true,
                _ = flushes.tick() => false,
                _ = rollups.tick() => {
                    if let Err(error) = self.rollup.run().await {
                        tracing::warn!(error = %format!("{error:#}"), "failed to roll up page views; tried again later");
                    }
                    false
                }
            };
            if stopping {
                self.last_flush().await;
                return;
            }
            if let Err(error) = self.views.flush().await {
                tracing::warn!(error = %format!("{error:#}"), "failed to store page views; kept for the next try");
            }
        }
    }
}

impl ViewsWorker {
    /// Stores the views in hand when the server stops. The HTTP workers' runtimes end just after the
    /// server does, and a pooled PostgreSQL connection one of them opened fails once then (its
    /// socket belonged to that runtime) and is dropped by the pool; a batch that fails so is held,
    /// and stored by the next try on a new connection.
    async fn last_flush(&self) {
        for attempt in 1..=LAST_FLUSH_TRIES {
            match self.views.flush().await {
                Ok(_) if self.views.pending() == 0 => return,
                Ok(_) => {}
                Err(error) if attempt == LAST_FLUSH_TRIES => {
                    tracing::warn!(error = %format!("{error:#}"), held = self.views.pending(), "failed to store the last page views");
                }
                Err(error) => {
                    tracing::debug!(error = %format!("{error:#}"), attempt, "the last page views are tried again");
                }
            }
            tokio::time::sleep(LAST_FLUSH_PAUSE).await;
        }
    }
}

/// A started worker; stop it when the server stops (the views in hand are stored first).
#[derive(Debug)]
pub struct RunningViews {
    stop: watch::Sender<bool>,
    task: JoinHandle<()>,
}

impl RunningViews {
    pub async fn stop(self) {
        let _ = self.stop.send(true);
        let _ = self.task.await;
    }
}
