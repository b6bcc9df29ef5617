//! The outside services the configuration may name: the mail server notification emails go
//! through ([`SmtpConfig`]) and the S3-compatible bucket media files are kept in ([`S3Config`]),
//! each checked and completed from its settings as given.

use secrecy::SecretString;
use serde::Deserialize;

/// How the connection to the mail server is secured.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum SmtpTls {
    /// Plain text: only for a relay on the same machine or network.
    None,
    /// A plain connection upgraded with STARTTLS, which the server must offer.
    Starttls,
    /// TLS from the first byte (implicit TLS).
    Tls,
}

/// The mail server that notification emails go through.
#[derive(Clone)]
pub struct SmtpConfig {
    pub host: String,
    pub port: u16,
    pub tls: SmtpTls,
    pub user: Option<String>,
    pub password: Option<SecretString>,
    pub from: String,
}

impl std::fmt::Debug for SmtpConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SmtpConfig")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("tls", &self.tls)
            .field("user", &self.user)
            .field("password", &self.password.as_ref().map(|_| "***"))
            .field("from", &self.from)
            .finish()
    }
}

/// The S3-compatible bucket media files are kept in.
#[derive(Clone)]
pub struct S3Config {
    pub bucket: String,
    /// `None`: AWS itself, from the region.
    pub endpoint: Option<String>,
    pub region: String,
    pub access_key: String,
    pub secret_key: SecretString,
    pub path_style: bool,
}

impl std::fmt::Debug for S3Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("S3Config")
            .field("bucket", &self.bucket)
            .field("endpoint", &self.endpoint)
            .field("region", &self.region)
            .field("access_key", &self.access_key)
            .field("secret_key", &"***")
            .field("path_style", &self.path_style)
            .finish()
    }
}

/// The mail settings as given, before defaults.
pub(super) struct SmtpArgs {
    pub(super) host: Option<String>,
    pub(super) port: Option<u16>,
    pub(super) tls: Option<SmtpTls>,
    pub(super) user: Option<String>,
    pub(super) password: Option<String>,
    pub(super) from: Option<String>,
}

/// The mail server, when a host is given (blank means unset), with the port and TLS mode each
/// defaulting from the other.
pub(super) fn smtp(args: SmtpArgs) -> anyhow::Result<Option<SmtpConfig>> {
    let Some(host) = args.host.map(|host| host.trim().to_owned()).filter(|host| !host.is_empty()) else {
        return Ok(None);
    };
    let tls = args.tls.unwrap_or(if args.port == Some(465) { SmtpTls::Tls } else { SmtpTls::Starttls });
    let port = args.port.unwrap_or(match tls {
        SmtpTls::Tls => 465,
        SmtpTls::None => 25,
        SmtpTls::Starttls => 587,
    });
    let user = args.user.filter(|user| !user.trim().is_empty());
    let password = args.password.filter(|password| !password.is_empty());
    anyhow::ensure!(
        user.is_some() == password.is_some(),
        "ATELIER_SMTP_USER and ATELIER_SMTP_PASSWORD go together: set both or neither"
    );
    let from = args
        .from
        .filter(|from| !from.trim().is_empty())
        .or_else(|| user.clone().filter(|user| user.contains('@')))
        .ok_or_else(|| anyhow::anyhow!("ATELIER_SMTP_FROM is required when ATELIER_SMTP_HOST is set"))?;
    Ok(Some(SmtpConfig { host, port, tls, user, password: password.map(SecretString::from), from }))
}

/// The bucket settings as given, before defaults.
pub(super) struct S3Args {
    pub(super) bucket: Option<String>,
    pub(super) endpoint: Option<String>,
    pub(super) region: Option<String>,
    pub(super) access_key: Option<String>,
    pub(super) secret_key: Option<String>,
    pub(super) path_style: Option<bool>,
}

/// The bucket, when one is named (blank means unset): its credentials are required, the endpoint
/// must be an http(s) address.
pub(super) fn s3(args: S3Args) -> anyhow::Result<Option<S3Config>> {
    let Some(bucket) = args.bucket.map(|bucket| bucket.trim().to_owned()).filter(|bucket| !bucket.is_empty()) else {
        return Ok(None);
    };
    let endpoint = args.endpoint.map(|url| url.trim().trim_end_matches('/').to_owned()).filter(|url| !url.is_empty());
    if let Some(endpoint) = &endpoint {
        let host = endpoint.strip_prefix("https://").or_else(|| endpoint.strip_prefix("http://"));
        anyhow::ensure!(
            host.is_some_and(|host| !host.is_empty() && !host.contains(char::is_whitespace)),
            "ATELIER_S3_ENDPOINT must be an http(s) address such as https://s3.example.com"
        );
    }
    let access_key = args.access_key.map(|key| key.trim().to_owned()).filter(|key| !key.is_empty());
    let secret_key = args.secret_key.filter(|key| !key.is_empty());
    let (Some(access_key), Some(secret_key)) = (access_key, secret_key) else {
        anyhow::bail!("ATELIER_S3_ACCESS_KEY and ATELIER_S3_SECRET_KEY are required when ATELIER_S3_BUCKET is set");
    };
    let region = args.region.map(|region| region.trim().to_owned()).filter(|region| !region.is_empty());
    Ok(Some(S3Config {
        bucket,
        endpoint,
        region: region.unwrap_or_else(|| "us-east-1".to_owned()),
        access_key,
        secret_key: SecretString::from(secret_key),
        path_style: args.path_style.unwrap_or(false),
    }))
}
