//! The checks of the settings that are more than a value: addresses, lists of hosts and networks,
//! and the proof of work's difficulty. Each message names the variable to fix.

use atelier_adapters_http::hosts::Host;

/// The public address, checked and without its trailing slash; blank means unset.
pub(super) fn public_url(url: Option<String>) -> anyhow::Result<Option<String>> {
    let Some(url) = url.map(|url| url.trim().trim_end_matches('/').to_owned()).filter(|url| !url.is_empty()) else {
        return Ok(None);
    };
    let host = url.strip_prefix("https://").or_else(|| url.strip_prefix("http://"));
    anyhow::ensure!(
        host.is_some_and(|host| !host.is_empty() && !host.contains(char::is_whitespace)),
        "ATELIER_PUBLIC_URL must be an absolute http(s) address such as https://studio.example"
    );
    Ok(Some(url))
}

/// The networks of `ATELIER_WEBHOOK_ALLOW_NETWORKS`: each a network (`10.0.0.0/8`) or one address.
pub(super) fn networks(list: Option<&str>) -> anyhow::Result<Vec<ipnet::IpNet>> {
    list.unwrap_or_default()
        .split(',')
        .map(str::trim)
        .filter(|entry| !entry.is_empty())
        .map(|entry| {
            entry
                .parse::<ipnet::IpNet>()
                .or_else(|_| entry.parse::<std::net::IpAddr>().map(ipnet::IpNet::from))
                .map_err(|_| {
                    anyhow::anyhow!("ATELIER_WEBHOOK_ALLOW_NETWORKS: '{entry}' is neither a network nor an address")
                })
        })
        .collect()
}

/// The host names of `ATELIER_ALLOWED_HOSTS`, lowercase without a trailing dot.
pub(super) fn allowed_hosts(list: Option<&str>) -> anyhow::Result<Vec<String>> {
    list.unwrap_or_default()
        .split(',')
        .map(str::trim)
        .filter(|entry| !entry.is_empty())
        .map(|entry| match Host::parse(entry) {
            Some(host) if host.port.is_none() => Ok(host.name),
            _ => Err(anyhow::anyhow!("ATELIER_ALLOWED_HOSTS: '{entry}' is not a host name (without a port)")),
        })
        .collect()
}

/// The proof of work's difficulty, within [`proof_of_work::MAX_NUMBER_RANGE`].
pub(super) fn challenge_max_number(value: Option<u64>) -> anyhow::Result<u64> {
    use atelier_domain::proof_of_work;
    let value = value.unwrap_or(proof_of_work::DEFAULT_MAX_NUMBER);
    let range = proof_of_work::MAX_NUMBER_RANGE;
    anyhow::ensure!(
        range.contains(&value),
        "ATELIER_CHALLENGE_MAX_NUMBER must be from {} to {}",
        range.start(),
        range.end()
    );
    Ok(value)
}
