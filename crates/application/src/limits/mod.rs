//! Every limit on repeated attempts (sign-ins per account and address, two-factor and recovery codes,
//! password changes, invitations, the public forms, newsletter sign-ups) is the domain's
//! [`Limit`] applied to counts kept in the store through one port, [`AttemptLog`], so it holds
//! across restarts and across every instance on one database.
//!
//! An attempt is judged and counted in one atomic step of the store ([`AttemptLog::count_attempt`]):
//! no other attempt under the same key, on any instance, is judged in between, so a burst of N
//! attempts at once lets exactly as many through as the limit has room for, never more. An attempt
//! whose outcome is only known later (a password checked after counting) stays counted while it
//! runs, so a parallel burst cannot get more checked than the limit, and is taken back
//! ([`take_back`]) when it turns out not to count (a right password).

pub mod ports;

#[cfg(test)]
mod fake;

use atelier_domain::EntityId;
use atelier_domain::limits::{ATTEMPT_RETENTION, Limit, LimitKey, RetryAfter};

use crate::ports::Clock;
use ports::AttemptLog;

/// An attempt counted against a limit: it stays counted unless taken back.
#[derive(Debug, Clone, PartialEq, Eq)]
#[must_use = "an attempt that turns out not to count must be taken back"]
pub struct Counted {
    id: EntityId,
}

/// Why an attempt was not counted.
#[derive(Debug, thiserror::Error)]
pub enum LimitError {
    /// The limit is reached: nothing was counted, and the next attempt may come after the wait.
    #[error("too many attempts")]
    Exceeded(RetryAfter),
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// Counts an attempt under `key` against `limit`, or refuses it (and counts nothing).
///
/// # Errors
/// [`LimitError::Exceeded`] with the wait when the limit is reached; infrastructure faults.
pub async fn count<S: AttemptLog>(
    store: &S,
    clock: &impl Clock,
    limit: &Limit,
    key: &LimitKey,
) -> Result<Counted, LimitError> {
    let now = clock.now();
    let id = clock.new_id();
    match store.count_attempt(id, key, limit, now, now - ATTEMPT_RETENTION).await? {
        Ok(()) => Ok(Counted { id }),
        Err(wait) => Err(LimitError::Exceeded(wait)),
    }
}

/// Takes a counted attempt back: it turned out not to count (a right password, a refusal by
/// another limit).
///
/// # Errors
/// Only infrastructure faults.
pub async fn take_back<S: AttemptLog>(store: &S, counted: Counted) -> anyhow::Result<()> {
    store.take_back_attempt(counted.id).await
}

/// Forgets every attempt under `key` (a sign-in that succeeded clears its pair's failures).
///
/// # Errors
/// Only infrastructure faults.
pub async fn clear<S: AttemptLog>(store: &S, key: &LimitKey) -> anyhow::Result<()> {
    store.forget_attempts(key).await
}

#[cfg(test)]
mod tests {
    use chrono::Duration;

    use super::*;
    use crate::fake::{FakeClock, InMemoryStore};

    const THREE: Limit = Limit::per(3, Duration::minutes(10));

    #[tokio::test]
    async fn a_key_gets_its_limit_then_waits_and_others_keep_their_own_count() {
        let (store, clock) = (InMemoryStore::default(), FakeClock::default());
        let key = LimitKey::new("test", &["a"]);
        for _ in 0..3 {
            let _ = count(&store, &clock, &THREE, &key).await.unwrap();
            clock.advance(Duration::seconds(60));
        }
        let Err(LimitError::Exceeded(wait)) = count(&store, &clock, &THREE, &key).await else { panic!("a fourth") };
        assert_eq!(wait.seconds(), 420);
        assert_eq!(store.counted_attempts(&key), 3, "a refused attempt is not counted");
        let _ = count(&store, &clock, &THREE, &LimitKey::new("test", &["b"])).await.expect("another key");
    }

    #[tokio::test]
    async fn attempts_taken_back_or_cleared_free_their_place() {
        let (store, clock) = (InMemoryStore::default(), FakeClock::default());
        let key = LimitKey::new("test", &["a"]);
        let first = count(&store, &clock, &THREE, &key).await.unwrap();
        let _ = count(&store, &clock, &THREE, &key).await.unwrap();
        take_back(&store, first).await.unwrap();
        assert_eq!(store.counted_attempts(&key), 1);
        clear(&store, &key).await.unwrap();
        assert_eq!(store.counted_attempts(&key), 0);
    }

    #[tokio::test]
    async fn attempts_older_than_a_day_are_forgotten() {
        let (store, clock) = (InMemoryStore::default(), FakeClock::default());
        let old = LimitKey::new("test", &["old"]);
        let _ = count(&store, &clock, &THREE, &old).await.unwrap();
        clock.advance(ATTEMPT_RETENTION + Duration::seconds(1));
        let _ = count(&store, &clock, &THREE, &LimitKey::new("test", &["new"])).await.unwrap();
        assert_eq!(store.counted_attempts(&old), 0);
    }
}
