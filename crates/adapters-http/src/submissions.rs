//! Rate limiting of anonymous form submissions (`POST /contacts`, `POST /project-requests`): at most
//! [`MAX_SUBMISSIONS_PER_WINDOW`] per client address within any [`SUBMISSION_WINDOW`], across both
//! forms. The rule and its counts are the application's [`Submissions`], kept in the store so the
//! limit holds across restarts and across every instance on one database; this picks the client.
//!
//! The address is the TCP peer's, or the forwarded client's behind a trusted proxy
//! ([`crate::proxies`]). IPv6 clients are counted per /64 network, since one host usually holds a whole /64.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use atelier_application::ports::SharedClock;
use atelier_application::store::Store;
use atelier_application::submissions::Submissions;
#[cfg(doc)]
use atelier_domain::inbox::{MAX_SUBMISSIONS_PER_WINDOW, SUBMISSION_WINDOW};

use crate::error::ApiError;

/// The public forms' limit, shared by all server workers.
#[derive(Debug, Clone)]
pub struct SubmissionLimiter<S> {
    submissions: Submissions<S, SharedClock>,
    /// What this limit counts, when it is not the contact forms' shared one: its clients are
    /// counted under `<scope> <address>`, apart from the forms'.
    scope: Option<&'static str>,
}

impl<S: Store> SubmissionLimiter<S> {
    pub fn new(submissions: Submissions<S, SharedClock>) -> Self {
        Self { submissions, scope: None }
    }

    /// The same rule, with counts of its own (`newsletter`: sign-ups do not use up the forms' limit).
    #[must_use]
    pub fn scoped(self, scope: &'static str) -> Self {
        Self { scope: Some(scope), ..self }
    }

    /// Counts a submission from `client` (see [`crate::proxies::client_ip`]), or answers 429 with `Retry-After` when its window is full.
    ///
    /// # Errors
    /// 429 when the window is full; 500 when the store fails.
    pub async fn admit(&self, client: Option<IpAddr>) -> Result<(), ApiError> {
        let client = client_key(client);
        let key = match self.scope {
            Some(scope) => format!("{scope} {client}"),
            None => client.to_string(),
        };
        Ok(self.submissions.admit(&key).await?)
    }
}

/// The key a client is counted under: its IPv4 address, or its IPv6 /64 network.
pub fn client_key(client: Option<IpAddr>) -> IpAddr {
    match client.map(|client| client.to_canonical()) {
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

    fn peer(text: &str) -> Option<IpAddr> {
        text.parse::<std::net::SocketAddr>().ok().map(|peer| peer.ip())
    }

    #[test]
    fn the_port_does_not_matter_and_ipv6_counts_per_network() {
        assert_eq!(client_key(peer("203.0.113.7:1")), client_key(peer("203.0.113.7:2")));
        assert_ne!(client_key(peer("203.0.113.7:1")), client_key(peer("203.0.113.8:1")));
        assert_eq!(client_key(peer("[2001:db8:1:2::1]:1")), client_key(peer("[2001:db8:1:2:ffff::9]:2")));
        assert_ne!(client_key(peer("[2001:db8:1:2::1]:1")), client_key(peer("[2001:db8:1:3::1]:1")));
        assert_eq!(client_key(peer("[::ffff:203.0.113.7]:1")), client_key(peer("203.0.113.7:1")));
        assert_eq!(client_key(peer("[2001:db8:1:2::1]:1")).to_string(), "2001:db8:1:2::");
    }
}
