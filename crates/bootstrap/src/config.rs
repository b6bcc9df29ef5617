//! Configuration, built once from defaults, an optional TOML file and `ATELIER_*` environment
//! variables or flags (in rising precedence), then passed down explicitly.

use atelier_adapters_http::proxies::TrustedProxies;

use crate::observability::Observability;
use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::Args;
use secrecy::SecretString;
use serde::Deserialize;

mod checks;
mod services;

use self::checks::{allowed_hosts, challenge_max_number, networks, public_url};

use self::services::{S3Args, SmtpArgs, s3, smtp};
pub use self::services::{S3Config, SmtpConfig, SmtpTls};

/// The first administrator's email when none is configured.
pub const DEFAULT_ADMIN_EMAIL: &str = "admin@atelier.local";

/// How log lines are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    /// Human-readable lines, for a terminal.
    Text,
    /// One JSON object a line, for log collectors.
    Json,
}

/// Settings given as flags or environment variables; each overrides the config file.
#[derive(Debug, Clone, Default, Args)]
pub struct ConfigArgs {
    /// A TOML file holding any of the settings below, keyed by their flag names with underscores, e.g.
    /// `port = 9000` or `data_dir = "/srv/atelier"`.
    #[arg(long, env = "ATELIER_CONFIG", value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Address to listen on [default: 127.0.0.1].
    #[arg(long, env = "ATELIER_HOST")]
    pub host: Option<String>,
    /// Port to listen on; 0 picks a free one [default: 8080].
    #[arg(long, env = "ATELIER_PORT")]
    pub port: Option<u16>,
    /// Database URL: `sqlite://FILE` or `postgres://...` [default: the SQLite file atelier.db in the
    /// data folder].
    #[arg(long, env = "DATABASE_URL", hide_env_values = true)]
    pub database_url: Option<String>,
    /// Folder for the SQLite database, the generated secret and uploads [default: ./data].
    #[arg(long, env = "ATELIER_DATA_DIR", value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
    /// Log filter, e.g. `info`, `warn`, `atelier=debug,info` [default: info].
    #[arg(long, env = "ATELIER_LOG")]
    pub log: Option<String>,
    /// Log line format [default: text].
    #[arg(long, env = "ATELIER_LOG_FORMAT")]
    pub log_format: Option<LogFormat>,
    /// Seed demo content into an empty database [default: true].
    #[arg(long, env = "ATELIER_SEED_DEMO")]
    pub seed_demo: Option<bool>,
    /// Serve the web apps from `<DIR>/public` and `<DIR>/admin` instead of the built-in ones.
    #[arg(long, env = "ATELIER_WEB_DIR", value_name = "DIR")]
    pub web_dir: Option<PathBuf>,
    /// Secret that signs sign-in tokens, at least 32 bytes [default: generated once and kept in the
    /// data folder as `jwt-secret`].
    #[arg(long, env = "ATELIER_JWT_SECRET", hide_env_values = true)]
    pub jwt_secret: Option<String>,
    /// Email of the first administrator, created on first start of an empty database [default:
    /// admin@atelier.local].
    #[arg(long, env = "ATELIER_ADMIN_EMAIL")]
    pub admin_email: Option<String>,
    /// Password of the first administrator [default: generated and printed once in the log].
    #[arg(long, env = "ATELIER_ADMIN_PASSWORD", hide_env_values = true)]
    pub admin_password: Option<String>,
    /// Require two-factor sign-in of every administrator: one without it is sent to set it up
    /// after signing in, before anything else [default: false].
    #[arg(long = "require-2fa", env = "ATELIER_REQUIRE_2FA")]
    pub require_2fa: Option<bool>,
    /// Largest file the media library accepts, in bytes [default: 10485760, 10 MiB].
    #[arg(long, env = "ATELIER_MEDIA_MAX_BYTES", value_name = "BYTES")]
    pub media_max_bytes: Option<u64>,
    /// How many days audit log entries are kept; older ones are dropped every hour [default: 365].
    #[arg(long, env = "ATELIER_AUDIT_RETENTION_DAYS", value_name = "DAYS")]
    pub audit_retention_days: Option<u32>,
    /// How many days raw page views are kept before only their daily totals remain [default: 30].
    #[arg(long, env = "ATELIER_VIEWS_KEEP_DAYS", value_name = "DAYS")]
    pub views_keep_days: Option<u32>,
    /// How many MiB the response cache's answers of public reads may take; when full, those read
    /// least make room [default: 8].
    #[arg(long, env = "ATELIER_RESPONSE_CACHE_MIB", value_name = "MIB")]
    pub response_cache_mib: Option<u32>,
    /// The difficulty of the public forms' proof of work: the largest number a browser may have to
    /// try, from 1 to 10000000 [default: 20000; docs/spam.md has what it costs on a phone].
    #[arg(long, env = "ATELIER_CHALLENGE_MAX_NUMBER", value_name = "NUMBER")]
    pub challenge_max_number: Option<u64>,
    /// The site's public address, e.g. `https://studio.example`, for links in notification emails
    /// [default: links are paths from the site's root].
    #[arg(long, env = "ATELIER_PUBLIC_URL", value_name = "URL")]
    pub public_url: Option<String>,
    /// Other host names the server answers for, comma-separated (`www.studio.example,10.0.0.7`);
    /// requests for any other host answer 400 [default: only the public address's host and
    /// loopback].
    #[arg(long, env = "ATELIER_ALLOWED_HOSTS", value_name = "LIST")]
    pub allowed_hosts: Option<String>,
    /// Reverse proxies or load balancers in front of the server, as comma-separated addresses or
    /// networks (`10.0.0.0/8,127.0.0.1`): for requests from them the client is read from
    /// `X-Forwarded-For` [default: none; the TCP peer is the client].
    #[arg(long, env = "ATELIER_TRUSTED_PROXIES", value_name = "LIST")]
    pub trusted_proxies: Option<String>,
    /// Networks webhooks may be sent to besides public addresses, comma-separated
    /// (`127.0.0.1/32,10.0.0.0/8`): for a receiver on this machine or a private network
    /// [default: none; loopback, private, link-local and other non-public addresses are refused].
    #[arg(long, env = "ATELIER_WEBHOOK_ALLOW_NETWORKS", value_name = "LIST")]
    pub webhook_allow_networks: Option<String>,
    /// Mail server for notification emails to the agency (the settings' contact email); without it
    /// no email is sent.
    #[arg(long, env = "ATELIER_SMTP_HOST")]
    pub smtp_host: Option<String>,
    /// Mail server port [default: 465 with `--smtp-tls tls`, 25 with `none`, else 587].
    #[arg(long, env = "ATELIER_SMTP_PORT")]
    pub smtp_port: Option<u16>,
    /// How the mail server connection is secured [default: tls on port 465, else starttls].
    #[arg(long, env = "ATELIER_SMTP_TLS")]
    pub smtp_tls: Option<SmtpTls>,
    /// User name on the mail server, when it asks for one.
    #[arg(long, env = "ATELIER_SMTP_USER")]
    pub smtp_user: Option<String>,
    /// Password on the mail server.
    #[arg(long, env = "ATELIER_SMTP_PASSWORD", hide_env_values = true)]
    pub smtp_password: Option<String>,
    /// Sender of notification emails, e.g. `Atelier <notifications@studio.example>` [default: the
    /// SMTP user when it is an email address].
    #[arg(long, env = "ATELIER_SMTP_FROM")]
    pub smtp_from: Option<String>,
    /// Keep media files in this S3-compatible bucket, shared by every instance, instead of the data
    /// folder.
    #[arg(long, env = "ATELIER_S3_BUCKET")]
    pub s3_bucket: Option<String>,
    /// The S3 service's address, e.g. `https://s3.example.com` or `http://127.0.0.1:9000` [default:
    /// AWS, from the region].
    #[arg(long, env = "ATELIER_S3_ENDPOINT", value_name = "URL")]
    pub s3_endpoint: Option<String>,
    /// The bucket's region [default: us-east-1].
    #[arg(long, env = "ATELIER_S3_REGION")]
    pub s3_region: Option<String>,
    /// Access key id for the bucket.
    #[arg(long, env = "ATELIER_S3_ACCESS_KEY")]
    pub s3_access_key: Option<String>,
    /// Secret access key for the bucket.
    #[arg(long, env = "ATELIER_S3_SECRET_KEY", hide_env_values = true)]
    pub s3_secret_key: Option<String>,
    /// Address objects as `<endpoint>/<bucket>/<key>`, as most self-hosted services need, rather than
    /// `<bucket>.<endpoint>/<key>` [default: false].
    #[arg(long, env = "ATELIER_S3_PATH_STYLE")]
    pub s3_path_style: Option<bool>,
    /// Take a backup this often, aligned on the clock (`6h`: at 00:00, 06:00, 12:00 and 18:00
    /// UTC), by one instance when several run [default: none; docs/backups.md].
    #[arg(long, env = "ATELIER_BACKUP_EVERY", value_name = "PERIOD")]
    pub backup_every: Option<String>,
    /// How many scheduled backups are kept; older ones are dropped [default: 7].
    #[arg(long, env = "ATELIER_BACKUP_KEEP", value_name = "COUNT")]
    pub backup_keep: Option<usize>,
    /// Where scheduled backups go: a folder, or `bucket` for the media bucket under `backups/`
    /// [default: `<data dir>/backups`].
    #[arg(long, env = "ATELIER_BACKUP_TO", value_name = "FOLDER|bucket")]
    pub backup_to: Option<String>,
    /// Serve Prometheus metrics at `/metrics` on this address and port of their own, without
    /// credentials, e.g. `127.0.0.1:9464` (keep it private) [default: not served on a listener of
    /// their own].
    #[arg(long, env = "ATELIER_METRICS_ADDRESS", value_name = "ADDRESS:PORT")]
    pub metrics_address: Option<String>,
    /// Serve Prometheus metrics at `/metrics` on the main listener to scrapers sending
    /// `Authorization: Bearer <token>`; at least 16 characters [default: not served there].
    #[arg(long, env = "ATELIER_METRICS_TOKEN", hide_env_values = true)]
    pub metrics_token: Option<String>,
    /// Export OpenTelemetry traces (one span per request, database statements inside) over
    /// OTLP/HTTP to this collector, e.g. `http://127.0.0.1:4318` [default: no traces].
    #[arg(long, env = "ATELIER_OTLP_ENDPOINT", value_name = "URL")]
    pub otlp_endpoint: Option<String>,
}

/// The keys a config file may hold.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct FileConfig {
    host: Option<String>,
    port: Option<u16>,
    database_url: Option<String>,
    data_dir: Option<PathBuf>,
    log: Option<String>,
    log_format: Option<LogFormat>,
    seed_demo: Option<bool>,
    web_dir: Option<PathBuf>,
    jwt_secret: Option<String>,
    admin_email: Option<String>,
    admin_password: Option<String>,
    require_2fa: Option<bool>,
    media_max_bytes: Option<u64>,
    audit_retention_days: Option<u32>,
    views_keep_days: Option<u32>,
    response_cache_mib: Option<u32>,
    challenge_max_number: Option<u64>,
    public_url: Option<String>,
    allowed_hosts: Option<String>,
    trusted_proxies: Option<String>,
    webhook_allow_networks: Option<String>,
    smtp_host: Option<String>,
    smtp_port: Option<u16>,
    smtp_tls: Option<SmtpTls>,
    smtp_user: Option<String>,
    smtp_password: Option<String>,
    smtp_from: Option<String>,
    s3_bucket: Option<String>,
    s3_endpoint: Option<String>,
    s3_region: Option<String>,
    s3_access_key: Option<String>,
    s3_secret_key: Option<String>,
    s3_path_style: Option<bool>,
    backup_every: Option<String>,
    backup_keep: Option<usize>,
    backup_to: Option<String>,
    metrics_address: Option<String>,
    metrics_token: Option<String>,
    otlp_endpoint: Option<String>,
}

/// The resolved configuration.
#[derive(Clone)]
pub struct Config {
    pub host: String,
    pub port: u16,
    /// May hold a password: never printed (see the `Debug` impl).
    pub database_url: String,
    pub data_dir: PathBuf,
    pub log: String,
    pub log_format: LogFormat,
    pub seed_demo: bool,
    pub web_dir: Option<PathBuf>,
    /// `None`: the secret kept in the data folder.
    pub jwt_secret: Option<SecretString>,
    pub admin_email: String,
    pub admin_password: Option<SecretString>,
    /// Every administrator must use two-factor sign-in.
    pub require_two_factor: bool,
    /// The size limit of one uploaded file, in bytes.
    pub media_max_bytes: u64,
    /// How many days audit log entries are kept (at least one).
    pub audit_retention_days: u32,
    /// How many days raw page views are kept (at least one); their daily totals are kept for ever.
    pub views_keep_days: u32,
    /// The most the response cache's answers may take, in bytes.
    pub response_cache_bytes: usize,
    /// The largest secret number of a proof-of-work challenge (its difficulty).
    pub challenge_max_number: u64,
    /// The site's public address without a trailing slash, when known.
    pub public_url: Option<String>,
    /// Host names answered for besides the public address's and loopback, lowercase.
    pub allowed_hosts: Vec<String>,
    /// The proxies whose `X-Forwarded-For` names the client.
    pub trusted_proxies: TrustedProxies,
    /// The networks webhooks may be sent to besides public addresses.
    pub webhook_allow_networks: Vec<ipnet::IpNet>,
    /// `None`: notification emails are off.
    pub smtp: Option<SmtpConfig>,
    /// `None`: media files are kept in the data folder.
    pub s3: Option<S3Config>,
    /// `None`: no scheduled backups.
    pub backups: Option<crate::scheduled_backups::BackupSettings>,
    /// Metrics and traces.
    pub observability: Observability,
}

impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Config")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("database", &redacted_url(&self.database_url))
            .field("data_dir", &self.data_dir)
            .field("log", &self.log)
            .field("log_format", &self.log_format)
            .field("seed_demo", &self.seed_demo)
            .field("web_dir", &self.web_dir)
            .field("jwt_secret", &self.jwt_secret.as_ref().map(|_| "***"))
            .field("admin_email", &self.admin_email)
            .field("admin_password", &self.admin_password.as_ref().map(|_| "***"))
            .field("require_two_factor", &self.require_two_factor)
            .field("media_max_bytes", &self.media_max_bytes)
            .field("audit_retention_days", &self.audit_retention_days)
            .field("views_keep_days", &self.views_keep_days)
            .field("response_cache_bytes", &self.response_cache_bytes)
            .field("challenge_max_number", &self.challenge_max_number)
            .field("public_url", &self.public_url)
            .field("allowed_hosts", &self.allowed_hosts)
            .field("trusted_proxies", &self.trusted_proxies)
            .field("webhook_allow_networks", &self.webhook_allow_networks)
            .field("smtp", &self.smtp)
            .field("s3", &self.s3)
            .field("backups", &self.backups)
            .field("observability", &self.observability)
            .finish()
    }
}

/// The database URL without its credentials, fit for a log line.
pub fn redacted_url(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme_end), Some(at)) if at > scheme_end => format!("{}://***{}", &url[..scheme_end], &url[at..]),
        _ => url.to_owned(),
    }
}

impl Config {
    /// Resolves the configuration: flags and environment over the config file over defaults.
    ///
    /// # Errors
    /// When the config file cannot be read or parsed, or a setting is invalid.
    pub fn load(args: ConfigArgs) -> anyhow::Result<Self> {
        let file = match &args.config {
            Some(path) => read_file(path)?,
            None => FileConfig::default(),
        };
        let data_dir = args.data_dir.or(file.data_dir).unwrap_or_else(|| PathBuf::from("./data"));
        let database_url = args
            .database_url
            .or(file.database_url)
            .unwrap_or_else(|| format!("sqlite://{}", data_dir.join("atelier.db").display()));
        Ok(Self {
            host: args.host.or(file.host).unwrap_or_else(|| "127.0.0.1".to_owned()),
            port: args.port.or(file.port).unwrap_or(8080),
            database_url,
            log: args.log.or(file.log).unwrap_or_else(|| "info".to_owned()),
            log_format: args.log_format.or(file.log_format).unwrap_or(LogFormat::Text),
            seed_demo: args.seed_demo.or(file.seed_demo).unwrap_or(true),
            web_dir: args.web_dir.or(file.web_dir),
            jwt_secret: args.jwt_secret.or(file.jwt_secret).map(SecretString::from),
            admin_email: args.admin_email.or(file.admin_email).unwrap_or_else(|| DEFAULT_ADMIN_EMAIL.to_owned()),
            admin_password: args.admin_password.or(file.admin_password).map(SecretString::from),
            require_two_factor: args.require_2fa.or(file.require_2fa).unwrap_or(false),
            media_max_bytes: args
                .media_max_bytes
                .or(file.media_max_bytes)
                .unwrap_or(atelier_domain::media::DEFAULT_MAX_BYTES)
                .max(1),
            audit_retention_days: args
                .audit_retention_days
                .or(file.audit_retention_days)
                .unwrap_or(atelier_application::audit::DEFAULT_RETENTION_DAYS)
                .max(1),
            views_keep_days: args
                .views_keep_days
                .or(file.views_keep_days)
                .unwrap_or(atelier_domain::page_view::DEFAULT_KEEP_DAYS)
                .max(1),
            response_cache_bytes: args
                .response_cache_mib
                .or(file.response_cache_mib)
                .map_or(atelier_adapters_http::cache::DEFAULT_BUDGET_BYTES, |mib| mib.max(1) as usize * 1024 * 1024),
            challenge_max_number: challenge_max_number(args.challenge_max_number.or(file.challenge_max_number))?,
            public_url: public_url(args.public_url.or(file.public_url))?,
            allowed_hosts: allowed_hosts(args.allowed_hosts.or(file.allowed_hosts).as_deref())?,
            trusted_proxies: args
                .trusted_proxies
                .or(file.trusted_proxies)
                .unwrap_or_default()
                .parse()
                .map_err(|error| anyhow::anyhow!("ATELIER_TRUSTED_PROXIES: {error}"))?,
            webhook_allow_networks: networks(args.webhook_allow_networks.or(file.webhook_allow_networks).as_deref())?,
            smtp: smtp(SmtpArgs {
                host: args.smtp_host.or(file.smtp_host),
                port: args.smtp_port.or(file.smtp_port),
                tls: args.smtp_tls.or(file.smtp_tls),
                user: args.smtp_user.or(file.smtp_user),
                password: args.smtp_password.or(file.smtp_password),
                from: args.smtp_from.or(file.smtp_from),
            })?,
            s3: s3(S3Args {
                bucket: args.s3_bucket.or(file.s3_bucket),
                endpoint: args.s3_endpoint.or(file.s3_endpoint),
                region: args.s3_region.or(file.s3_region),
                access_key: args.s3_access_key.or(file.s3_access_key),
                secret_key: args.s3_secret_key.or(file.s3_secret_key),
                path_style: args.s3_path_style.or(file.s3_path_style),
            })?,
            observability: Observability::parse(
                args.metrics_address.or(file.metrics_address),
                args.metrics_token.or(file.metrics_token),
                args.otlp_endpoint.or(file.otlp_endpoint),
            )?,
            backups: crate::scheduled_backups::BackupSettings::parse(
                args.backup_every.or(file.backup_every).as_deref(),
                args.backup_keep.or(file.backup_keep),
                args.backup_to.or(file.backup_to).as_deref(),
                &data_dir,
            )?,
            data_dir,
        })
    }

    /// Where uploaded files are kept when they are kept on this machine: `<data dir>/media`.
    pub fn media_dir(&self) -> PathBuf {
        self.data_dir.join("media")
    }

    /// Whether the database is a SQLite file, which lives in the data folder.
    pub fn uses_sqlite(&self) -> bool {
        self.database_url.starts_with("sqlite:")
    }
}

fn read_file(path: &Path) -> anyhow::Result<FileConfig> {
    let text = std::fs::read_to_string(path).with_context(|| format!("failed to read {}", path.display()))?;
    toml::from_str(&text).with_context(|| format!("failed to parse {}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_serve_a_laptop() {
        let config = Config::load(ConfigArgs::default()).unwrap();
        assert_eq!((config.host.as_str(), config.port), ("127.0.0.1", 8080));
        assert_eq!(config.database_url, "sqlite://./data/atelier.db");
        assert!(config.seed_demo);
        assert_eq!(config.log_format, LogFormat::Text);
    }

    #[test]
    fn audit_entries_are_kept_a_year_unless_configured_and_at_least_a_day() {
        assert_eq!(Config::load(ConfigArgs::default()).unwrap().audit_retention_days, 365);
        let folder = tempfile::tempdir().unwrap();
        let file = folder.path().join("atelier.toml");
        std::fs::write(&file, "audit_retention_days = 90\n").unwrap();
        let from_file = ConfigArgs { config: Some(file), ..ConfigArgs::default() };
        assert_eq!(Config::load(from_file).unwrap().audit_retention_days, 90);
        let zero = ConfigArgs { audit_retention_days: Some(0), ..ConfigArgs::default() };
        assert_eq!(Config::load(zero).unwrap().audit_retention_days, 1);
    }

    #[test]
    fn raw_page_views_are_kept_thirty_days_unless_configured_and_at_least_a_day() {
        assert_eq!(Config::load(ConfigArgs::default()).unwrap().views_keep_days, 30);
        let week = ConfigArgs { views_keep_days: Some(7), ..ConfigArgs::default() };
        assert_eq!(Config::load(week).unwrap().views_keep_days, 7);
        let zero = ConfigArgs { views_keep_days: Some(0), ..ConfigArgs::default() };
        assert_eq!(Config::load(zero).unwrap().views_keep_days, 1);
    }

    #[test]
    fn the_challenge_difficulty_defaults_to_the_production_one_and_stays_in_range() {
        let default = Config::load(ConfigArgs::default()).unwrap().challenge_max_number;
        assert_eq!(default, atelier_domain::proof_of_work::DEFAULT_MAX_NUMBER);
        let easy = ConfigArgs { challenge_max_number: Some(10), ..ConfigArgs::default() };
        assert_eq!(Config::load(easy).unwrap().challenge_max_number, 10);
        for wrong in [0, 10_000_001] {
            let args = ConfigArgs { challenge_max_number: Some(wrong), ..ConfigArgs::default() };
            let error = Config::load(args).unwrap_err().to_string();
            assert!(error.contains("ATELIER_CHALLENGE_MAX_NUMBER"), "{error}");
        }
    }

    #[test]
    fn the_database_follows_the_data_folder() {
        let args = ConfigArgs { data_dir: Some("/srv/atelier".into()), ..ConfigArgs::default() };
        assert_eq!(Config::load(args).unwrap().database_url, "sqlite:///srv/atelier/atelier.db");
    }

    #[test]
    fn flags_and_environment_override_the_file_which_overrides_defaults() {
        let folder = tempfile::tempdir().unwrap();
        let file = folder.path().join("atelier.toml");
        std::fs::write(&file, "port = 9000\nhost = \"0.0.0.0\"\nlog_format = \"json\"\n").unwrap();
        let args = ConfigArgs { config: Some(file), port: Some(9100), ..ConfigArgs::default() };
        let config = Config::load(args).unwrap();
        assert_eq!(config.port, 9100);
        assert_eq!(config.host, "0.0.0.0");
        assert_eq!(config.log_format, LogFormat::Json);
    }

    #[test]
    fn unknown_keys_in_the_file_are_refused() {
        let folder = tempfile::tempdir().unwrap();
        let file = folder.path().join("atelier.toml");
        std::fs::write(&file, "prot = 9000\n").unwrap();
        let error = Config::load(ConfigArgs { config: Some(file), ..ConfigArgs::default() }).unwrap_err();
        assert!(format!("{error:#}").contains("prot"), "{error:#}");
    }

    #[test]
    fn secrets_never_print() {
        let args = ConfigArgs {
            jwt_secret: Some("jwt-secret-value-that-is-long-enough".into()),
            admin_password: Some("admin-password-value".into()),
            ..ConfigArgs::default()
        };
        let printed = format!("{:?}", Config::load(args).unwrap());
        assert!(!printed.contains("jwt-secret-value") && !printed.contains("admin-password-value"), "{printed}");
    }

    #[test]
    fn database_passwords_never_print() {
        let args =
            ConfigArgs { database_url: Some("postgres://app:s3cret@db:5432/atelier".into()), ..ConfigArgs::default() };
        let printed = format!("{:?}", Config::load(args).unwrap());
        assert!(!printed.contains("s3cret"), "{printed}");
        assert!(printed.contains("postgres://***@db:5432/atelier"), "{printed}");
    }

    fn with_bucket() -> ConfigArgs {
        ConfigArgs {
            s3_bucket: Some(" atelier-media ".into()),
            s3_access_key: Some("AKIAEXAMPLE".into()),
            s3_secret_key: Some("s3-secret-value".into()),
            ..ConfigArgs::default()
        }
    }

    #[test]
    fn media_files_stay_in_the_data_folder_unless_a_bucket_is_named() {
        assert!(Config::load(ConfigArgs::default()).unwrap().s3.is_none());
        let blank = ConfigArgs { s3_bucket: Some(" ".into()), ..ConfigArgs::default() };
        assert!(Config::load(blank).unwrap().s3.is_none());

        let s3 = Config::load(with_bucket()).unwrap().s3.unwrap();
        assert_eq!(
            (s3.bucket.as_str(), s3.region.as_str(), s3.endpoint, s3.path_style),
            ("atelier-media", "us-east-1", None, false)
        );
        let args = ConfigArgs {
            s3_endpoint: Some("http://127.0.0.1:9000/".into()),
            s3_region: Some("eu-west-3".into()),
            s3_path_style: Some(true),
            ..with_bucket()
        };
        let s3 = Config::load(args).unwrap().s3.unwrap();
        assert_eq!(
            (s3.endpoint.as_deref(), s3.region.as_str(), s3.path_style),
            (Some("http://127.0.0.1:9000"), "eu-west-3", true)
        );
        let printed = format!("{:?}", Config::load(with_bucket()).unwrap());
        assert!(!printed.contains("s3-secret-value") && printed.contains("atelier-media"), "{printed}");
    }

    #[test]
    fn a_bucket_needs_its_keys_and_a_web_endpoint() {
        let without_secret = ConfigArgs { s3_secret_key: None, ..with_bucket() };
        assert!(format!("{:#}", Config::load(without_secret).unwrap_err()).contains("ATELIER_S3_SECRET_KEY"));
        let bad_endpoint = ConfigArgs { s3_endpoint: Some("s3.example.com".into()), ..with_bucket() };
        assert!(format!("{:#}", Config::load(bad_endpoint).unwrap_err()).contains("ATELIER_S3_ENDPOINT"));
    }

    fn with_smtp(host: &str) -> ConfigArgs {
        ConfigArgs {
            smtp_host: Some(host.into()),
            smtp_from: Some("Atelier <notifications@studio.example>".into()),
            ..ConfigArgs::default()
        }
    }

    #[test]
    fn mail_is_off_without_a_host() {
        assert!(Config::load(ConfigArgs::default()).unwrap().smtp.is_none());
        assert!(Config::load(with_smtp("  ")).unwrap().smtp.is_none());
    }

    #[test]
    fn the_mail_port_and_tls_mode_default_from_each_other() {
        let cases = [
            (None, None, 587, SmtpTls::Starttls),
            (Some(465), None, 465, SmtpTls::Tls),
            (Some(2525), None, 2525, SmtpTls::Starttls),
            (None, Some(SmtpTls::Tls), 465, SmtpTls::Tls),
            (None, Some(SmtpTls::None), 25, SmtpTls::None),
            (Some(1025), Some(SmtpTls::None), 1025, SmtpTls::None),
        ];
        for (port, tls, expected_port, expected_tls) in cases {
            let args = ConfigArgs { smtp_port: port, smtp_tls: tls, ..with_smtp("smtp.example") };
            let smtp = Config::load(args).unwrap().smtp.unwrap();
            assert_eq!((smtp.port, smtp.tls), (expected_port, expected_tls), "{port:?} {tls:?}");
            assert_eq!(smtp.host, "smtp.example");
        }
    }

    #[test]
    fn the_sender_defaults_to_an_email_user_and_is_required_otherwise() {
        let args = ConfigArgs {
            smtp_host: Some("smtp.example".into()),
            smtp_user: Some("team@studio.example".into()),
            smtp_password: Some("app-password".into()),
            ..ConfigArgs::default()
        };
        assert_eq!(Config::load(args).unwrap().smtp.unwrap().from, "team@studio.example");
        let args = ConfigArgs { smtp_host: Some("smtp.example".into()), ..ConfigArgs::default() };
        let error = Config::load(args).unwrap_err();
        assert!(format!("{error:#}").contains("ATELIER_SMTP_FROM"), "{error:#}");
    }

    #[test]
    fn a_mail_user_needs_a_password() {
        let args = ConfigArgs { smtp_user: Some("mailer".into()), ..with_smtp("smtp.example") };
        assert!(format!("{:#}", Config::load(args).unwrap_err()).contains("ATELIER_SMTP_PASSWORD"));
    }

    #[test]
    fn mail_settings_come_from_the_file_too_and_the_password_never_prints() {
        let folder = tempfile::tempdir().unwrap();
        let file = folder.path().join("atelier.toml");
        std::fs::write(
            &file,
            "smtp_host = \"smtp.example\"\nsmtp_tls = \"tls\"\nsmtp_user = \"mailer\"\n\
             smtp_password = \"mail-s3cret\"\nsmtp_from = \"team@studio.example\"\n",
        )
        .unwrap();
        let config = Config::load(ConfigArgs { config: Some(file), ..ConfigArgs::default() }).unwrap();
        let smtp = config.smtp.as_ref().unwrap();
        assert_eq!((smtp.port, smtp.tls, smtp.user.as_deref()), (465, SmtpTls::Tls, Some("mailer")));
        let printed = format!("{config:?}");
        assert!(!printed.contains("mail-s3cret") && printed.contains("smtp.example"), "{printed}");
    }

    #[test]
    fn the_public_address_is_an_absolute_http_url_kept_without_its_trailing_slash() {
        let load = |url: &str| Config::load(ConfigArgs { public_url: Some(url.into()), ..ConfigArgs::default() });
        assert_eq!(load("https://studio.example/").unwrap().public_url.as_deref(), Some("https://studio.example"));
        assert_eq!(load("http://127.0.0.1:8080").unwrap().public_url.as_deref(), Some("http://127.0.0.1:8080"));
        assert_eq!(load(" ").unwrap().public_url, None);
    }

    #[test]
    fn allowed_hosts_are_names_lowercased_and_none_by_default() {
        let load = |list: &str| Config::load(ConfigArgs { allowed_hosts: Some(list.into()), ..ConfigArgs::default() });
        assert!(Config::load(ConfigArgs::default()).unwrap().allowed_hosts.is_empty());
        assert_eq!(
            load(" WWW.Studio.Example., 10.0.0.7,[::1] ,").unwrap().allowed_hosts,
            ["www.studio.example", "10.0.0.7", "[::1]"]
        );
        for wrong in ["studio.example:8080", "https://studio.example", "a b"] {
            let error = load(wrong).unwrap_err().to_string();
            assert!(error.contains("ATELIER_ALLOWED_HOSTS"), "{error}");
        }
    }

    #[test]
    fn webhook_networks_are_networks_or_addresses_and_none_by_default() {
        let load = |list: &str| {
            Config::load(ConfigArgs { webhook_allow_networks: Some(list.into()), ..ConfigArgs::default() })
        };
        assert!(Config::load(ConfigArgs::default()).unwrap().webhook_allow_networks.is_empty());
        let networks = load("127.0.0.1/32, ::1,10.0.0.0/8,").unwrap().webhook_allow_networks;
        let expected: Vec<ipnet::IpNet> =
            ["127.0.0.1/32", "::1/128", "10.0.0.0/8"].iter().map(|net| net.parse().unwrap()).collect();
        assert_eq!(networks, expected);
        let error = load("intranet").unwrap_err().to_string();
        assert!(error.contains("ATELIER_WEBHOOK_ALLOW_NETWORKS: 'intranet'"), "{error}");
    }

    #[test]
    fn trusted_proxies_are_addresses_or_networks_and_none_by_default() {
        let load =
            |list: &str| Config::load(ConfigArgs { trusted_proxies: Some(list.into()), ..ConfigArgs::default() });
        assert_eq!(Config::load(ConfigArgs::default()).unwrap().trusted_proxies, TrustedProxies::default());
        let proxies = load("10.0.0.0/8, 127.0.0.1").unwrap().trusted_proxies;
        assert!(proxies.contains("10.1.2.3".parse().unwrap()) && proxies.contains("127.0.0.1".parse().unwrap()));
        assert!(!proxies.contains("127.0.0.2".parse().unwrap()));
        let error = load("10.0.0.0/8,balancer").unwrap_err().to_string();
        assert!(error.contains("ATELIER_TRUSTED_PROXIES: 'balancer' is neither"), "{error}");
        for bad in ["studio.example", "ftp://studio.example", "https://", "https://a b"] {
            assert!(load(bad).is_err(), "{bad}");
        }
    }
}
