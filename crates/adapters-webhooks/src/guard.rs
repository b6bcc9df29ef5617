//! Which addresses a webhook may be sent to: never this machine, a private network, link-local
//! addresses (the cloud metadata service at 169.254.169.254 among them) or anything else that is
//! not a public unicast address, in IPv4 or IPv6, including IPv4 addresses written in IPv6 forms
//! (mapped `::ffff:a.b.c.d`, compatible `::a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`) —
//! unless the configuration allows the network (`ATELIER_WEBHOOK_ALLOW_NETWORKS`, for a receiver
//! on the same machine or network).

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use ipnet::IpNet;

/// The addresses webhooks may go to.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AddressPolicy {
    allowed: Vec<IpNet>,
}

impl AddressPolicy {
    /// Public addresses only, plus `allowed` networks.
    pub fn new(allowed: Vec<IpNet>) -> Self {
        Self { allowed }
    }

    /// Whether a message may be sent to `address`.
    pub fn permits(&self, address: IpAddr) -> bool {
        let canonical = canonical(address);
        self.allowed.iter().any(|network| network.contains(&address) || network.contains(&canonical))
            || !is_forbidden(address)
    }
}

/// An IPv4 address written in an IPv6 form, as the IPv4 address it is.
fn canonical(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(address, IpAddr::V4),
        IpAddr::V4(_) => address,
    }
}

/// Whether `address` is anything but a public unicast address.
pub fn is_forbidden(address: IpAddr) -> bool {
    match address {
        IpAddr::V4(v4) => is_forbidden_v4(v4),
        IpAddr::V6(v6) => is_forbidden_v6(v6),
    }
}

fn is_forbidden_v4(address: Ipv4Addr) -> bool {
    let [a, b, c, _] = address.octets();
    address.is_unspecified()
        || a == 0 // "this network"
        || address.is_loopback() // 127/8
        || address.is_private() // 10/8, 172.16/12, 192.168/16
        || address.is_link_local() // 169.254/16, the metadata service included
        || (a == 100 && (64..128).contains(&b)) // 100.64/10, carrier-grade NAT
        || (a == 192 && b == 0 && c == 0) // 192.0.0/24, protocol assignments
        || (a == 192 && b == 0 && c == 2) // documentation
        || (a == 198 && (b == 18 || b == 19)) // 198.18/15, benchmarking
        || (a == 198 && b == 51 && c == 100) // documentation
        || (a == 203 && b == 0 && c == 113) // documentation
        || address.is_multicast() // 224/4
        || a >= 240 // 240/4 reserved, and the broadcast address
}

fn is_forbidden_v6(address: Ipv6Addr) -> bool {
    let segments = address.segments();
    let embedded = |high: u16, low: u16| {
        let [a, b] = high.to_be_bytes();
        let [c, d] = low.to_be_bytes();
        Ipv4Addr::new(a, b, c, d)
    };
    if let Some(v4) = address.to_ipv4_mapped() {
        return is_forbidden_v4(v4);
    }
    match segments {
        // ::, ::1 and the deprecated IPv4-compatible ::a.b.c.d: none is a public IPv6 address.
        // Teredo (2001::/32) tunnels to anywhere; documentation (2001:db8::/32); discard-only
        // (100::/64).
        [0, 0, 0, 0, 0, 0, _, _] | [0x2001, 0 | 0xdb8, ..] | [0x100, 0, 0, 0, ..] => true,
        // NAT64 (64:ff9b::/96): the IPv4 address it reaches; 6to4 (2002::/16): its relay's.
        [0x64, 0xff9b, 0, 0, 0, 0, high, low] | [0x2002, high, low, ..] => is_forbidden_v4(embedded(high, low)),
        [first, ..] => {
            (first & 0xfe00) == 0xfc00 // fc00::/7, unique local (fd00:ec2::254, a metadata service, too)
                || (first & 0xffc0) == 0xfe80 // fe80::/10, link-local
                || (first & 0xffc0) == 0xfec0 // fec0::/10, the former site-local
                || (first & 0xff00) == 0xff00 // ff00::/8, multicast
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const REFUSED: &[&str] = &[
        // IPv4
        "127.0.0.1",
        "127.255.255.254",
        "0.0.0.0",
        "0.1.2.3",
        "10.0.0.1",
        "10.255.255.255",
        "172.16.0.1",
        "172.31.255.255",
        "192.168.0.1",
        "192.168.255.255",
        "169.254.169.254",
        "169.254.0.1",
        "100.64.0.1",
        "100.127.255.255",
        "192.0.0.8",
        "192.0.2.1",
        "198.18.0.1",
        "198.51.100.7",
        "203.0.113.9",
        "224.0.0.1",
        "239.255.255.250",
        "240.0.0.1",
        "255.255.255.255",
        // IPv6
        "::",
        "::1",
        "fe80::1",
        "febf::1",
        "fec0::1",
        "fc00::1",
        "fd00::1",
        "fd00:ec2::254",
        "ff02::1",
        "2001:db8::1",
        "2001:0:4136:e378:8000:63bf:3fff:fdd2",
        "100::1",
        // IPv4 in IPv6 forms
        "::ffff:127.0.0.1",
        "::ffff:10.0.0.1",
        "::ffff:169.254.169.254",
        "::ffff:192.168.1.1",
        "::ffff:0.0.0.0",
        "::127.0.0.1",
        "::10.0.0.1",
        "::8.8.8.8",
        "64:ff9b::127.0.0.1",
        "64:ff9b::a9fe:a9fe",
        "2002:7f00:1::1",
        "2002:a00:1::",
        "2002:c0a8:101::1",
    ];

    const ALLOWED: &[&str] = &[
        "93.184.215.14",
        "8.8.8.8",
        "1.1.1.1",
        "172.15.255.255",
        "172.32.0.1",
        "100.63.255.255",
        "100.128.0.1",
        "169.253.0.1",
        "2606:4700:4700::1111",
        "2a00:1450:4001:80b::200e",
        "::ffff:8.8.8.8",
        "64:ff9b::808:808",
        "2002:808:808::1",
    ];

    #[test]
    fn every_private_local_or_reserved_form_is_refused() {
        let policy = AddressPolicy::default();
        for text in REFUSED {
            let address: IpAddr = text.parse().unwrap();
            assert!(!policy.permits(address), "{text} must be refused");
        }
    }

    #[test]
    fn public_addresses_are_allowed() {
        let policy = AddressPolicy::default();
        for text in ALLOWED {
            let address: IpAddr = text.parse().unwrap();
            assert!(policy.permits(address), "{text} must be allowed");
        }
    }

    #[test]
    fn a_configured_network_is_allowed_in_every_form_and_nothing_else_is() {
        let policy = AddressPolicy::new(vec!["127.0.0.1/32".parse().unwrap(), "fd12::/16".parse().unwrap()]);
        for allowed in ["127.0.0.1", "::ffff:127.0.0.1", "fd12::5"] {
            assert!(policy.permits(allowed.parse().unwrap()), "{allowed}");
        }
        for refused in ["127.0.0.2", "::1", "10.0.0.1", "fd13::1", "169.254.169.254"] {
            assert!(!policy.permits(refused.parse().unwrap()), "{refused}");
        }
    }
}
