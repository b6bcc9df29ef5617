//! Rate limiting of anonymous form submissions (`POST /contacts`, `POST /project-requests`): at most
//! [`MAX_SUBMISSIONS_PER_WINDOW`] per client address within any [`SUBMISSION_WINDOW`], across both
//! forms. The rule itself is the domain's [`SubmissionHistory`]; this keeps one history per client
//! address in memory.
//!
//! The address is the TCP peer's: `X-Forwarded-For` and similar headers are client-controlled and never
//! trusted. IPv6 clients are counted per /64 network, since one host usually holds a whole /64.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::Mutex;

#[cfg(doc)]
use atelier_domain::inbox::{MAX_SUBMISSIONS_PER_WINDOW, SUBMISSION_WINDOW};
use atelier_domain::inbox::{RetryAfter, SubmissionHistory};
use chrono::{DateTime, Utc};

use crate::error::ApiError;

/// How many admissions pass between two sweeps of expired histories.
const SWEEP_EVERY: u32 = 1024;

/// The recent anonymous submissions of every client address, shared by all server workers.
#[derive(Debug, Default)]
pub struct SubmissionLimiter {
    state: Mutex<LimiterState>,
}

#[derive(Debug, Default)]
struct LimiterState {
    clients: HashMap<IpAddr, SubmissionHistory>,
    since_sweep: u32,
}

impl SubmissionLimiter {
    /// Counts a submission from `peer`, or answers 429 with `Retry-After` when its window is full.
    pub fn admit(&self, peer: Option<SocketAddr>) -> Result<(), ApiError> {
        self.admit_at(client_key(peer), Utc::now()).map_err(|retry_after| ApiError::Throttled {
            message: retry_after.message(),
            retry_after_seconds: retry_after.seconds(),
        })
    }

    fn admit_at(&self, client: IpAddr, now: DateTime<Utc>) -> Result<(), RetryAfter> {
        let mut state = self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        state.since_sweep += 1;
        if state.since_sweep >= SWEEP_EVERY {
            state.since_sweep = 0;
            state.clients.retain(|_, history| !history.is_expired(now));
        }
        state.clients.entry(client).or_default().admit(now)
    }
}

/// The key a client is counted under: its IPv4 address, or its IPv6 /64 network.
fn client_key(peer: Option<SocketAddr>) -> IpAddr {
    match peer.map(|peer| peer.ip().to_canonical()) {
        Some(IpAddr::V6(address)) => {
            let network = u128::from(address) & !u128::from(u64::MAX);
            IpAddr::V6(Ipv6Addr::from(network))
        }
        Some(address) => address,
        None => IpAddr::V4(Ipv4Addr::UNSPECIFIED),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use atelier_domain::inbox::{MAX_SUBMISSIONS_PER_WINDOW, SUBMISSION_WINDOW};

    fn peer(text: &str) -> Option<SocketAddr> {
        text.parse().ok()
    }

    #[test]
    fn each_address_has_its_own_window() {
        let limiter = SubmissionLimiter::default();
        let now = Utc::now();
        let one = client_key(peer("203.0.113.7:5000"));
        let two = client_key(peer("203.0.113.8:5000"));
        for _ in 0..MAX_SUBMISSIONS_PER_WINDOW {
            assert!(limiter.admit_at(one, now).is_ok());
        }
        assert!(limiter.admit_at(one, now).is_err());
        assert!(limiter.admit_at(two, now).is_ok(), "another address is not limited");
        assert!(limiter.admit_at(one, now + SUBMISSION_WINDOW).is_ok(), "the window passes");
    }

    #[test]
    fn the_port_does_not_matter_and_ipv6_counts_per_network() {
        assert_eq!(client_key(peer("203.0.113.7:1")), client_key(peer("203.0.113.7:2")));
        assert_eq!(client_key(peer("[2001:db8:1:2::1]:1")), client_key(peer("[2001:db8:1:2:ffff::9]:2")));
        assert_ne!(client_key(peer("[2001:db8:1:2::1]:1")), client_key(peer("[2001:db8:1:3::1]:1")));
        assert_eq!(client_key(peer("[::ffff:203.0.113.7]:1")), client_key(peer("203.0.113.7:1")));
    }

    #[test]
    fn a_refusal_is_a_429_with_the_wait_in_seconds_and_minutes() {
        let limiter = SubmissionLimiter::default();
        for _ in 0..MAX_SUBMISSIONS_PER_WINDOW {
            limiter.admit(peer("198.51.100.1:1")).unwrap();
        }
        let Err(ApiError::Throttled { message, retry_after_seconds }) = limiter.admit(peer("198.51.100.1:1")) else {
            panic!("expected a refusal")
        };
        assert!((595..=600).contains(&retry_after_seconds), "{retry_after_seconds}");
        assert_eq!(message, "Too many submissions. Please try again in 10 minutes.");
    }

    #[test]
    fn expired_histories_are_swept() {
        let limiter = SubmissionLimiter::default();
        let start = Utc::now();
        for index in 1..SWEEP_EVERY {
            let client = IpAddr::V4(Ipv4Addr::from(index));
            limiter.admit_at(client, start).unwrap();
        }
        let later = start + SUBMISSION_WINDOW;
        limiter.admit_at(IpAddr::V4(Ipv4Addr::LOCALHOST), later).unwrap();
        assert_eq!(limiter.state.lock().unwrap().clients.len(), 1);
    }
}
