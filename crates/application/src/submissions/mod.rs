//! The limit on anonymous form submissions (`POST /contacts`, `POST /project-requests` and any other
//! public form): the domain's [`admission`] rule, applied to counts kept in the store so the limit
//! holds across restarts and across every instance serving the site.
//!
//! A submission is counted first and judged after: it is recorded, then the client's other recent
//! submissions are read, and a refused one is taken back. Two instances admitting the same client at
//! once can then both refuse, but never both admit past the limit: whichever reads last sees every
//! admitted submission.

pub mod ports;

#[cfg(test)]
mod fake;

use atelier_domain::inbox::{RetryAfter, SUBMISSION_WINDOW, admission};

use crate::ports::{Clock, SystemClock};
use ports::SubmissionLog;

/// Why a submission was not admitted.
#[derive(Debug, thiserror::Error)]
pub enum AdmitError {
    #[error("{}", .0.message())]
    Throttled(RetryAfter),
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// Admits anonymous submissions per client.
#[derive(Debug, Clone)]
pub struct Submissions<S, C = SystemClock> {
    store: S,
    clock: C,
}

impl<S: SubmissionLog, C: Clock> Submissions<S, C> {
    pub fn new(store: S, clock: C) -> Self {
        Self { store, clock }
    }

    /// Counts a submission of `client` (an address or network, as the caller keys clients), or says
    /// how long it must wait.
    ///
    /// # Errors
    /// [`AdmitError::Throttled`] when the client's window is full; infrastructure faults.
    pub async fn admit(&self, client: &str) -> Result<(), AdmitError> {
        let now = self.clock.now();
        let id = self.clock.new_id();
        self.store.record_submission(id, client, now, now - SUBMISSION_WINDOW).await?;
        let others: Vec<_> = self
            .store
            .submissions_since(client, now - SUBMISSION_WINDOW)
            .await?
            .into_iter()
            .filter(|counted| counted.id != id)
            .map(|counted| counted.at)
            .collect();
        if let Err(wait) = admission(&others, now) {
            self.store.forget_submission(id).await?;
            return Err(AdmitError::Throttled(wait));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use atelier_domain::inbox::MAX_SUBMISSIONS_PER_WINDOW;
    use chrono::Duration;

    use super::*;
    use crate::fake::{FakeClock, InMemoryStore};

    fn limits() -> (Submissions<InMemoryStore, FakeClock>, InMemoryStore, FakeClock) {
        let store = InMemoryStore::default();
        let clock = FakeClock::default();
        (Submissions::new(store.clone(), clock.clone()), store, clock)
    }

    #[tokio::test]
    async fn a_client_gets_five_submissions_in_ten_minutes_and_is_told_how_long_to_wait() {
        let (limits, _, clock) = limits();
        for _ in 0..MAX_SUBMISSIONS_PER_WINDOW {
            limits.admit("203.0.113.7").await.unwrap();
            clock.advance(Duration::seconds(60));
        }
        let Err(AdmitError::Throttled(wait)) = limits.admit("203.0.113.7").await else { panic!("admitted a sixth") };
        assert_eq!(wait.seconds(), 300);
        limits.admit("203.0.113.8").await.expect("another client has its own window");
        clock.advance(Duration::seconds(300));
        limits.admit("203.0.113.7").await.expect("the oldest left the window");
    }

    #[tokio::test]
    async fn a_refused_submission_is_not_counted_and_old_entries_are_forgotten() {
        let (limits, store, clock) = limits();
        for _ in 0..MAX_SUBMISSIONS_PER_WINDOW {
            limits.admit("198.51.100.1").await.unwrap();
        }
        for _ in 0..3 {
            assert!(limits.admit("198.51.100.1").await.is_err());
        }
        let since = clock.now() - SUBMISSION_WINDOW;
        assert_eq!(store.submissions_since("198.51.100.1", since).await.unwrap().len(), MAX_SUBMISSIONS_PER_WINDOW);

        clock.advance(SUBMISSION_WINDOW);
        limits.admit("198.51.100.2").await.unwrap();
        let kept = store.submissions_since("198.51.100.1", since).await.unwrap();
        assert!(kept.is_empty(), "entries that left the window are forgotten: {kept:?}");
    }

    #[tokio::test]
    async fn entries_left_by_concurrent_attempts_never_let_more_than_five_through() {
        let (limits, store, clock) = limits();
        // Two attempts already counted by another instance, not yet judged.
        for _ in 0..2 {
            store
                .record_submission(clock.new_id(), "192.0.2.9", clock.now(), clock.now() - SUBMISSION_WINDOW)
                .await
                .unwrap();
        }
        let mut admitted = 0;
        for _ in 0..MAX_SUBMISSIONS_PER_WINDOW {
            if limits.admit("192.0.2.9").await.is_ok() {
                admitted += 1;
            }
        }
        assert_eq!(admitted, MAX_SUBMISSIONS_PER_WINDOW - 2);
    }
}
