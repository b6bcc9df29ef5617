//! The limit on anonymous form submissions (`POST /contacts`, `POST /project-requests` and any other
//! public form, and newsletter sign-ups counted apart): the domain's [`SUBMISSIONS`] limit, counted
//! by the one limit mechanism ([`crate::limits`]) so it holds across restarts and instances.

use atelier_domain::inbox::SUBMISSIONS;
use atelier_domain::limits::{LimitKey, RetryAfter};

use crate::limits::{self, LimitError, ports::AttemptLog};
use crate::ports::Clock;

/// Why a submission was not admitted.
#[derive(Debug, thiserror::Error)]
pub enum AdmitError {
    #[error("{}", atelier_domain::inbox::too_many_submissions(*.0))]
    Throttled(RetryAfter),
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl From<LimitError> for AdmitError {
    fn from(error: LimitError) -> Self {
        match error {
            LimitError::Exceeded(wait) => Self::Throttled(wait),
            LimitError::Unexpected(error) => Self::Unexpected(error),
        }
    }
}

/// Admits anonymous submissions per client.
#[derive(Debug, Clone)]
pub struct Submissions<S, C> {
    store: S,
    clock: C,
}

impl<S: AttemptLog, C: Clock> Submissions<S, C> {
    pub fn new(store: S, clock: C) -> Self {
        Self { store, clock }
    }

    /// Counts a submission of `client` (an address or network, as the caller keys clients, with
    /// the scope of what it counts), or says how long it must wait.
    ///
    /// # Errors
    /// [`AdmitError::Throttled`] when the client's window is full; infrastructure faults.
    pub async fn admit(&self, client: &str) -> Result<(), AdmitError> {
        let key = LimitKey::new("form", &[client]);
        let _counted = limits::count(&self.store, &self.clock, &SUBMISSIONS, &key).await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use atelier_domain::inbox::MAX_SUBMISSIONS_PER_WINDOW;
    use chrono::Duration;

    use super::*;
    use crate::fake::{FakeClock, InMemoryStore};

    #[tokio::test]
    async fn a_client_gets_five_submissions_in_ten_minutes_and_is_told_how_long_to_wait() {
        let clock = FakeClock::default();
        let limits = Submissions::new(InMemoryStore::default(), clock.clone());
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
}
