//! Limits on repeated attempts: sign-ins, two-factor and recovery codes, password changes,
//! invitations, the public forms and newsletter sign-ups all follow this one rule.
//!
//! A [`Limit`] lets at most `max` attempts through within any `window` (a sliding window, so it holds
//! over every stretch of that length, not per calendar slot). One with a [`Slowdown`] does not stop at
//! `max`: each further attempt must wait after the latest one, twice as long as the one before, up to
//! the slowdown's longest wait. The attempts are counted under a [`LimitKey`] (what is limited: an
//! account, an account and an address, a client), which names them without keeping what was typed.

use chrono::{DateTime, Duration, Utc};

use crate::media::content_hash;

/// How many attempts a key may make, and over what time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    /// Attempts allowed within any `window`.
    pub max: usize,
    pub window: Duration,
    /// What happens past `max`: without it, nothing until the window has room.
    pub slowdown: Option<Slowdown>,
}

/// Growing waits past a limit: `first` after the first attempt over it, doubling with each further
/// one, never more than `longest`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slowdown {
    pub first: Duration,
    pub longest: Duration,
}

/// A refused attempt must wait this long before the next one can be let through.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryAfter {
    seconds: u64,
}

impl RetryAfter {
    /// The wait until `at`, at least one second.
    pub fn until(at: DateTime<Utc>, now: DateTime<Utc>) -> Self {
        let wait = (at - now).num_milliseconds().max(0).unsigned_abs();
        Self { seconds: wait.div_ceil(1000).max(1) }
    }

    /// Whole seconds to wait, at least 1.
    pub fn seconds(self) -> u64 {
        self.seconds
    }

    /// Whole minutes to wait, rounded up, at least 1.
    pub fn minutes(self) -> u64 {
        self.seconds.div_ceil(60).max(1)
    }

    /// The moment the wait ends, seen from `now`.
    pub fn at(self, now: DateTime<Utc>) -> DateTime<Utc> {
        now + Duration::seconds(i64::try_from(self.seconds).unwrap_or(i64::MAX / 1000))
    }
}

impl Limit {
    /// A limit of `max` attempts within `window`, with no slowdown past it.
    pub const fn per(max: usize, window: Duration) -> Self {
        Self { max, window, slowdown: None }
    }

    /// Whether one more attempt at `now` is let through, given the times of the key's other counted
    /// attempts (any order; those that left the window are ignored). A refusal says how long until
    /// the next attempt would be.
    ///
    /// # Errors
    /// The wait, when the attempt is refused.
    pub fn admits(&self, others: &[DateTime<Utc>], now: DateTime<Utc>) -> Result<(), RetryAfter> {
        let mut recent: Vec<DateTime<Utc>> = others.iter().copied().filter(|at| *at + self.window > now).collect();
        if recent.len() < self.max {
            return Ok(());
        }
        recent.sort_unstable();
        // Room comes back when all but max - 1 of them have left the window.
        let frees_up = recent.get(recent.len() - self.max).map_or(now, |at| *at + self.window);
        let next = match self.slowdown {
            None => frees_up,
            Some(slowdown) => {
                let over = u32::try_from(recent.len() - self.max).unwrap_or(u32::MAX);
                let latest = recent.last().copied().unwrap_or(now);
                frees_up.min(latest + slowdown.wait(over))
            }
        };
        if next <= now { Ok(()) } else { Err(RetryAfter::until(next, now)) }
    }
}

impl Slowdown {
    /// The wait after the latest attempt when `over` attempts past the limit were let through already.
    fn wait(self, over: u32) -> Duration {
        let factor = 1_i32.checked_shl(over.min(30)).unwrap_or(i32::MAX);
        self.first.checked_mul(factor).map_or(self.longest, |wait| wait.min(self.longest))
    }
}

/// What a limit counts attempts under: a purpose and the values that identify the attempter, kept
/// only as a hash (the table of attempts holds no email or address, and a key has one length).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct LimitKey(String);

impl LimitKey {
    /// The key of `purpose` (`sign-in`, `form`, ...) for these values.
    pub fn new(purpose: &str, values: &[&str]) -> Self {
        let mut text = purpose.to_owned();
        for value in values {
            text.push('\u{1f}');
            text.push_str(value);
        }
        Self(content_hash(text.as_bytes()))
    }

    /// The stored form: 64 hexadecimal digits.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// How long counted attempts are kept: longer than any window.
pub const ATTEMPT_RETENTION: Duration = Duration::days(1);

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn at(seconds: i64) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 1, 1, 12, 0, 0).unwrap() + Duration::seconds(seconds)
    }

    fn run(limit: &Limit, history: &mut Vec<DateTime<Utc>>, now: DateTime<Utc>) -> Result<(), RetryAfter> {
        limit.admits(history, now)?;
        history.push(now);
        Ok(())
    }

    #[test]
    fn a_limit_lets_max_through_and_the_next_waits_for_the_oldest_to_leave_the_window() {
        let limit = Limit::per(3, Duration::minutes(10));
        let mut history = Vec::new();
        for second in [0, 60, 120] {
            assert_eq!(run(&limit, &mut history, at(second)), Ok(()));
        }
        let refused = run(&limit, &mut history, at(180)).unwrap_err();
        assert_eq!((refused.seconds(), refused.minutes()), (420, 7));
        assert!(run(&limit, &mut history, at(599)).is_err(), "a refused attempt does not count");
        assert_eq!(run(&limit, &mut history, at(600)), Ok(()), "the first left the window");
    }

    #[test]
    fn extra_entries_left_by_concurrent_attempts_wait_their_turn_in_any_order() {
        let limit = Limit::per(5, Duration::minutes(10));
        let history = [at(240), at(0), at(120), at(60), at(180), at(200), at(220)];
        assert_eq!(limit.admits(&history, at(300)).unwrap_err().seconds(), 420);
        assert_eq!(limit.admits(&history[..4], at(300)), Ok(()));
    }

    #[test]
    fn past_a_slowed_limit_each_wait_doubles_up_to_the_longest() {
        let limit = Limit {
            max: 3,
            window: Duration::hours(1),
            slowdown: Some(Slowdown { first: Duration::minutes(1), longest: Duration::minutes(15) }),
        };
        let mut history = vec![at(0), at(1), at(2)];
        let mut now = at(2);
        let mut waits = Vec::new();
        for _ in 0..7 {
            let wait = limit.admits(&history, now).unwrap_err();
            waits.push(wait.seconds());
            now = wait.at(now);
            run(&limit, &mut history, now).expect("let through once the wait is over");
        }
        assert_eq!(waits, [60, 120, 240, 480, 900, 900, 900]);
    }

    #[test]
    fn a_slowed_limit_lets_attempts_through_again_once_the_window_has_room() {
        let limit = Limit {
            max: 2,
            window: Duration::minutes(10),
            slowdown: Some(Slowdown { first: Duration::minutes(8), longest: Duration::minutes(15) }),
        };
        let history = [at(0), at(300), at(310)];
        // Past the limit by one: the next waits 16 minutes, capped to 15 after the latest, but the
        // window has room again sooner, when the second oldest leaves it.
        assert_eq!(limit.admits(&history, at(320)).unwrap_err().seconds(), 580);
        assert_eq!(limit.admits(&history, at(900)), Ok(()));
    }

    #[test]
    fn keys_differ_by_purpose_and_value_and_keep_no_value() {
        let key = LimitKey::new("sign-in", &["ana@example.com", "203.0.113.7"]);
        assert_eq!(key.as_str().len(), 64);
        assert!(!key.as_str().contains("ana"));
        assert_eq!(key, LimitKey::new("sign-in", &["ana@example.com", "203.0.113.7"]));
        assert_ne!(key, LimitKey::new("sign-in", &["ana@example.com", "203.0.113.8"]));
        assert_ne!(key, LimitKey::new("form", &["ana@example.com", "203.0.113.7"]));
        assert_ne!(LimitKey::new("a", &["b c"]), LimitKey::new("a", &["b", "c"]));
    }
}
