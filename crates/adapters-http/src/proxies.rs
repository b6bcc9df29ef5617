//! Which address a request comes from, for sign-in throttling, the public forms' limits and the
//! session list.
//!
//! By default it is the TCP peer's: `X-Forwarded-For` is written by whoever sends the request, so
//! believing it would let any client pick the address its attempts are counted under. Behind a
//! reverse proxy or load balancer that opens its own connections, every peer is the proxy, so the
//! operator names the proxies (`ATELIER_TRUSTED_PROXIES`). Only then, and only for a request whose
//! peer is one of them, is `X-Forwarded-For` read, from the right: each trusted proxy appends the
//! address it received the request from, so the rightmost address that is not a trusted proxy is
//! the client. Anything left of it is the client's own writing and is ignored.

use std::net::IpAddr;
use std::str::FromStr;

use actix_web::HttpRequest;
use actix_web::http::header::HeaderName;
use actix_web::web;
use ipnet::IpNet;

const X_FORWARDED_FOR: HeaderName = HeaderName::from_static("x-forwarded-for");

/// The networks of the proxies whose `X-Forwarded-For` is believed; empty by default.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<IpNet>);

impl TrustedProxies {
    /// Whether `address` is one of the trusted proxies.
    pub fn contains(&self, address: IpAddr) -> bool {
        let address = address.to_canonical();
        self.0.iter().any(|network| network.contains(&address))
    }

    /// The client behind a request from `peer` that carried these `X-Forwarded-For` values.
    fn client(&self, peer: IpAddr, forwarded_for: impl Iterator<Item = String>) -> IpAddr {
        if !self.contains(peer) {
            return peer;
        }
        let hops: Vec<String> = forwarded_for.collect();
        let mut client = peer;
        for hop in hops.iter().rev().flat_map(|value| value.rsplit(',')) {
            match parse_hop(hop) {
                Some(address) if self.contains(address) => client = address,
                Some(address) => return address.to_canonical(),
                // Not an address: nothing a trusted proxy wrote, so the chain ends here.
                None => break,
            }
        }
        client
    }
}

impl FromStr for TrustedProxies {
    type Err = String;

    /// Comma-separated addresses (`10.0.0.5`) and networks (`10.0.0.0/8`, `fd00::/8`).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        text.split(',')
            .map(str::trim)
            .filter(|entry| !entry.is_empty())
            .map(|entry| {
                entry
                    .parse::<IpNet>()
                    .or_else(|_| entry.parse::<IpAddr>().map(IpNet::from))
                    .map_err(|_| format!("'{entry}' is neither an IP address nor a network such as 10.0.0.0/8"))
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Self)
    }
}

/// One entry of `X-Forwarded-For`: an address, possibly with a port (`203.0.113.7:4711`,
/// `[2001:db8::1]:4711`).
fn parse_hop(hop: &str) -> Option<IpAddr> {
    let hop = hop.trim();
    hop.parse::<IpAddr>().ok().or_else(|| hop.parse::<std::net::SocketAddr>().ok().map(|socket| socket.ip()))
}

/// The address the request comes from: the TCP peer's, or, when the peer is a trusted proxy, the
/// client it forwarded for. `None` only when the connection has no peer address (tests).
pub fn client_ip(request: &HttpRequest) -> Option<IpAddr> {
    let peer = request.peer_addr()?.ip().to_canonical();
    let Some(proxies) = request.app_data::<web::Data<TrustedProxies>>() else {
        return Some(peer);
    };
    let values = request.headers().get_all(X_FORWARDED_FOR).filter_map(|value| value.to_str().ok()).map(str::to_owned);
    Some(proxies.client(peer, values))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    fn client(proxies: &str, peer: &str, headers: &[&str]) -> IpAddr {
        let proxies: TrustedProxies = proxies.parse().unwrap();
        proxies.client(ip(peer), headers.iter().map(|value| (*value).to_owned()))
    }

    #[test]
    fn without_trusted_proxies_the_header_is_ignored() {
        assert_eq!(client("", "198.51.100.9", &["203.0.113.7"]), ip("198.51.100.9"));
        assert_eq!(client("10.0.0.0/8", "198.51.100.9", &["203.0.113.7"]), ip("198.51.100.9"), "peer not trusted");
    }

    #[test]
    fn behind_a_trusted_proxy_the_rightmost_untrusted_address_is_the_client() {
        assert_eq!(client("10.0.0.0/8", "10.0.0.2", &["203.0.113.7"]), ip("203.0.113.7"));
        // The client wrote a first entry itself; the proxy appended the real address.
        assert_eq!(client("10.0.0.0/8", "10.0.0.2", &["1.2.3.4, 203.0.113.7"]), ip("203.0.113.7"));
        // Two proxies in a row, and the header split over two lines.
        assert_eq!(client("10.0.0.0/8", "10.0.0.2", &["1.2.3.4, 203.0.113.7", "10.0.0.3"]), ip("203.0.113.7"));
        assert_eq!(client("10.0.0.2, fd00::/8", "fd00::1", &["[2001:db8::5]:4711"]), ip("2001:db8::5"));
    }

    #[test]
    fn a_trusted_proxy_with_no_usable_header_is_the_client() {
        assert_eq!(client("10.0.0.2", "10.0.0.2", &[]), ip("10.0.0.2"));
        assert_eq!(client("10.0.0.0/8", "10.0.0.2", &["10.0.0.3"]), ip("10.0.0.3"));
        assert_eq!(client("10.0.0.0/8", "10.0.0.2", &["unknown"]), ip("10.0.0.2"));
        assert_eq!(client("10.0.0.0/8", "10.0.0.2", &["203.0.113.7, unknown"]), ip("10.0.0.2"));
    }

    #[test]
    fn ipv4_mapped_peers_match_ipv4_networks() {
        assert!("127.0.0.1".parse::<TrustedProxies>().unwrap().contains(ip("::ffff:127.0.0.1")));
    }

    #[test]
    fn the_setting_names_its_bad_entry() {
        let error = "10.0.0.0/8, proxy.local".parse::<TrustedProxies>().unwrap_err();
        assert_eq!(error, "'proxy.local' is neither an IP address nor a network such as 10.0.0.0/8");
    }
}
