//! Wiring: opens the store, migrates, seeds, and builds the HTTP server on a bound listener.

use std::net::TcpListener;
use std::sync::Arc;

use anyhow::Context;
use atelier_adapters_crypto::{Argon2Hasher, JwtTokens, SealedSecrets, challenge_key};
use atelier_adapters_db::{SeaOrmStore, connect, migrations};
use atelier_adapters_http::hosts::HostPolicy;
use atelier_adapters_http::{AccountService, MediaService, Ports, SecurityHeaders, ServerParts, SitePages, WebAssets};
use atelier_adapters_mail::SmtpMailer;
use atelier_adapters_media::{ImageCopies, LocalStorage, S3Settings, S3Storage, Storage};
use atelier_application::accounts::{Accounts, FirstAdmin, InvitationDelivery};
use atelier_application::audit::AuditLog;
use atelier_application::demo::{SeedOutcome, seed_if_empty};
use atelier_application::freshness::{ContentGeneration, GenerationSync};
use atelier_application::insights::{PageViews, Rollup};
use atelier_application::media::Media;
use atelier_application::ports::{Clock, SecretSealer, SharedClock, SystemClock};
use atelier_application::redirects::served::RedirectTable;
use atelier_application::spam::{ProofSettings, SpamPurge};
use atelier_application::webhooks::Webhooks;
use atelier_domain::user::{Email, Password};
use secrecy::{ExposeSecret, SecretString};

use crate::config::{Config, redacted_url};
use crate::freshness::FreshnessWorker;
use crate::mail::{self, MailWorker};
use crate::redirects::HitsWorker;
use crate::secret;
use crate::views::ViewsWorker;
use crate::webhooks::WebhookWorker;

/// The adapters Atelier runs on: SeaORM storage, argon2 password hashing, JWT bearer tokens and
/// TOTP secrets sealed with XChaCha20-Poly1305.
#[derive(Debug)]
pub struct Production;

impl Ports for Production {
    type Store = SeaOrmStore;
    type Hasher = Argon2Hasher;
    type Tokens = JwtTokens;
    type Sealer = SealedSecrets;
    type Blobs = Storage;
    type Images = ImageCopies;
}

/// A built application, listening and ready to run.
pub struct Application {
    port: u16,
    server: actix_web::dev::Server,
    /// Sends notification emails while the server runs; `None` when mail is off.
    mail_worker: Option<MailWorker<SeaOrmStore, SmtpMailer>>,
    /// Sends webhooks while the server runs.
    webhook_worker: WebhookWorker,
    /// Keeps the content generation in step with the database while the server runs.
    freshness: FreshnessWorker,
    /// Drops audit log entries older than the retention period while the server runs.
    audit_pruning: AuditPruning,
    /// Stores the redirects' hits counted in memory.
    redirect_hits: HitsWorker,
    /// Drops spam past 30 days and expired proof-of-work answers while the server runs.
    spam_purge: SpamPurge<SeaOrmStore, SharedClock>,
    /// Takes the scheduled backups (`ATELIER_BACKUP_EVERY`); `None` when they are off.
    backups: Option<crate::scheduled_backups::Backups>,
    /// Serves `/metrics` on a listener of its own, when one is configured, with its port.
    metrics_server: Option<(actix_web::dev::Server, u16)>,
    /// Stores the page views held in memory and rolls up complete days.
    page_views: ViewsWorker,
}

/// The audit log's retention, applied at start and then every [`AUDIT_PRUNE_INTERVAL`]: one indexed
/// delete, so writes never pay for it.
#[derive(Debug)]
struct AuditPruning {
    log: AuditLog<SeaOrmStore, SharedClock>,
    retention_days: u32,
}

/// How often entries older than the retention are dropped.
const AUDIT_PRUNE_INTERVAL: std::time::Duration = std::time::Duration::from_secs(60 * 60);

impl AuditPruning {
    async fn run(self) {
        let mut ticker = tokio::time::interval(AUDIT_PRUNE_INTERVAL);
        ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticker.tick().await;
            match self.log.prune(self.retention_days).await {
                Ok(0) => {}
                Ok(pruned) => tracing::info!(pruned, "dropped audit log entries past their retention"),
                Err(error) => tracing::warn!(error = %format!("{error:#}"), "failed to prune the audit log"),
            }
        }
    }
}

/// How often old spam and expired proof-of-work answers are dropped (at start, then this often).
/// Every instance runs it; a delete another instance already made deletes nothing.
const SPAM_PURGE_INTERVAL: std::time::Duration = std::time::Duration::from_secs(60 * 60);

async fn purge_spam(purge: SpamPurge<SeaOrmStore, SharedClock>) {
    let mut ticker = tokio::time::interval(SPAM_PURGE_INTERVAL);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticker.tick().await;
        match purge.run().await {
            Ok(purged) if purged.spam > 0 => tracing::info!(purged = purged.spam, "dropped spam older than 30 days"),
            Ok(_) => {}
            Err(error) => tracing::warn!(error = %format!("{error:#}"), "failed to purge old spam"),
        }
    }
}

impl std::fmt::Debug for Application {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Application")
            .field("port", &self.port)
            .field("mail_worker", &self.mail_worker.is_some())
            .finish_non_exhaustive()
    }
}

impl Application {
    /// Opens and migrates the database, seeds demo content into an empty one, sets up notification
    /// emails, and binds the listener.
    ///
    /// # Errors
    /// When the database cannot be opened or migrated, the mail settings cannot be used, or the
    /// address cannot be bound.
    pub async fn build(config: &Config) -> anyhow::Result<Self> {
        Self::build_on(config, clock()).await
    }

    /// [`Self::build`] with every use case going by `clock`.
    ///
    /// # Errors
    /// As [`Self::build`].
    pub async fn build_on(config: &Config, clock: SharedClock) -> anyhow::Result<Self> {
        let (store, metrics) = crate::observability::instrument(&config.observability, open_store(config).await?)?;
        let mail = mail::setup(config, store.clone(), clock.clone())?;
        // Read once: the tokens, the sealed secrets and the proof-of-work challenges all derive from it.
        let secret = secret::token_secret(config.jwt_secret.as_ref(), &config.data_dir)?;
        let accounts =
            accounts_on(config, &secret, store.clone(), clock.clone())?.delivering_invitations(InvitationDelivery {
                mail: mail.notifications.clone(),
                public_url: config.public_url.clone(),
            });
        ensure_first_admin(config, &accounts).await?;
        if config.seed_demo {
            match seed_if_empty(&store, clock.now()).await? {
                SeedOutcome::Seeded => tracing::info!("seeded demo content into the empty database"),
                SeedOutcome::AlreadyHasContent => tracing::debug!("database has content; demo content not seeded"),
            }
        }
        let listener = TcpListener::bind((config.host.as_str(), config.port))
            .with_context(|| format!("failed to listen on {}:{}", config.host, config.port))?;
        let port = listener.local_addr().context("failed to read the bound address")?.port();
        let assets = config.web_dir.clone().map_or(WebAssets::Embedded, WebAssets::Directory);
        let media = media_service(config, store.clone(), clock.clone())?;
        let pages = SitePages::new(store.clone(), clock.clone(), assets, config.public_url.clone());
        let security =
            SecurityHeaders { https: config.public_url.as_deref().is_some_and(|url| url.starts_with("https://")) };
        let sync = GenerationSync::new(store.clone(), clock.clone(), ContentGeneration::new());
        let pages = pages.remembering(sync.generation().clone());
        // Read once before serving, so public reads are cached from the first request on.
        sync.refresh().await.context("failed to read the content generation")?;
        let freshness = FreshnessWorker::new(sync.clone(), &store).await?;
        let audit_pruning = AuditPruning {
            log: AuditLog::new(store.clone(), clock.clone()),
            retention_days: config.audit_retention_days,
        };
        let sealer = webhook_sealer(&secret)?;
        let webhooks = Webhooks::new(store.clone(), sealer.clone(), clock.clone());
        let webhook_worker = WebhookWorker::new(config, store.clone(), sealer, clock.clone())?;
        let redirects = RedirectTable::new(store.clone(), clock.clone(), sync.generation().clone());
        let redirect_hits = HitsWorker::new(redirects.clone());
        let spam_purge = SpamPurge::new(store.clone(), clock.clone());
        let backups = crate::scheduled_backups::scheduled(config, &store, media_storage(config)?, clock.clone())?;
        let proofs = ProofSettings { key: proof_key(&secret)?, max_number: config.challenge_max_number };
        let page_views = ViewsWorker::new(
            PageViews::new(store.clone(), clock.clone()),
            Rollup::new(store.clone(), clock.clone(), config.views_keep_days),
        );
        let parts = ServerParts {
            webhooks,
            store,
            clock,
            accounts,
            media,
            pages,
            notifications: mail.notifications,
            security,
            freshness: sync,
            trusted_proxies: config.trusted_proxies.clone(),
            hosts: HostPolicy::new(config.public_url.as_deref(), &config.allowed_hosts),
            redirects,
            proofs,
            metrics: metrics.clone(),
            page_views: page_views.views().clone(),
            backups: config.backups.as_ref().map(|settings| settings.schedule),
            response_cache_bytes: config.response_cache_bytes,
            after_changes: crate::allocator::release_free_memory,
        };
        let metrics_server = crate::observability::metrics_server(&config.observability, metrics.as_ref())?;
        let server =
            atelier_adapters_http::serve::<Production>(listener, parts).context("failed to start the HTTP server")?;
        tracing::info!(address = %format!("http://{}:{port}", config.host), "Atelier is listening");
        // What starting freed (the migrations, the document the gate's policy was read from, the
        // seeding) goes back to the system before the first request.
        crate::allocator::release_free_memory();
        Ok(Self {
            port,
            server,
            mail_worker: mail.worker,
            webhook_worker,
            freshness,
            audit_pruning,
            redirect_hits,
            spam_purge,
            backups,
            metrics_server,
            page_views,
        })
    }

    /// The port the metrics' own listener bound, when it has one.
    pub fn metrics_port(&self) -> Option<u16> {
        self.metrics_server.as_ref().map(|(_, port)| *port)
    }

    /// The port actually bound (useful with port 0).
    pub fn port(&self) -> u16 {
        self.port
    }

    /// The page views held in memory, shared with the server (tests store them at once with
    /// `flush`, instead of waiting for the worker).
    pub fn page_views(&self) -> PageViews<SeaOrmStore, SharedClock> {
        self.page_views.views().clone()
    }

    /// The rollup of page views the worker runs (tests run it at once).
    pub fn page_view_rollup(&self) -> Rollup<SeaOrmStore, SharedClock> {
        self.page_views.rollup().clone()
    }

    /// Serves, sends notification emails and keeps the content generation in step in the background,
    /// until SIGTERM or Ctrl-C; then lets in-flight requests finish and the mail in hand go out before
    /// stopping.
    ///
    /// # Errors
    /// When the server fails.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        let worker = self.mail_worker.map(MailWorker::spawn);
        let webhooks = self.webhook_worker.spawn();
        let freshness = self.freshness.spawn();
        let pruning = tokio::spawn(self.audit_pruning.run());
        let hits = self.redirect_hits.spawn();
        let views = self.page_views.spawn();
        let spam_purge = tokio::spawn(purge_spam(self.spam_purge));
        let backups = self.backups.map(crate::scheduled_backups::spawn);
        let metrics_handle = self.metrics_server.as_ref().map(|(server, _)| server.handle());
        let main = async {
            let served = self.server.await;
            if let Some(metrics) = metrics_handle {
                metrics.stop(true).await;
            }
            served
        };
        let served = match self.metrics_server {
            Some((metrics, _)) => tokio::join!(main, metrics).0,
            None => main.await,
        };
        // The views in hand first: the last requests' beacons are stored before anything else stops.
        views.stop().await;
        if let Some(backups) = backups {
            backups.stop().await;
        }
        hits.stop().await;
        pruning.abort();
        spam_purge.abort();
        if let Some(worker) = worker {
            worker.stop().await;
        }
        webhooks.stop().await;
        freshness.stop().await;
        served
    }
}

/// The clock Atelier goes by: the computer's own. Chosen here only; the use cases are handed it.
pub fn clock() -> SharedClock {
    SharedClock::new(SystemClock)
}

/// Opens the database (creating the data folder for SQLite) and applies pending migrations.
///
/// # Errors
/// When the data folder cannot be created or the database cannot be opened or migrated.
pub async fn open_store(config: &Config) -> anyhow::Result<SeaOrmStore> {
    if config.uses_sqlite() {
        crate::secret::private_folder(&config.data_dir)
            .with_context(|| format!("failed to create the data folder {}", config.data_dir.display()))?;
    }
    tracing::info!(database = %redacted_url(&config.database_url), "opening the database");
    let db = connect(&config.database_url).await?;
    migrations::run(&db).await?;
    Ok(SeaOrmStore::new(db))
}

/// The media library on the configured storage (see [`media_storage`]).
///
/// # Errors
/// When the bucket settings cannot describe a bucket.
pub fn media_service(
    config: &Config,
    store: SeaOrmStore,
    clock: SharedClock,
) -> anyhow::Result<MediaService<Production>> {
    Ok(Media::new(store, media_storage(config)?, ImageCopies::default(), clock, config.media_max_bytes))
}

/// Where media files are kept: the S3-compatible bucket when one is named, else files in
/// `<data dir>/media`.
///
/// # Errors
/// When the bucket settings cannot describe a bucket.
pub fn media_storage(config: &Config) -> anyhow::Result<Storage> {
    Ok(if let Some(s3) = &config.s3 {
        let bucket = S3Storage::new(&S3Settings {
            bucket: s3.bucket.clone(),
            endpoint: s3.endpoint.clone(),
            region: s3.region.clone(),
            access_key: s3.access_key.clone(),
            secret_key: s3.secret_key.expose_secret().to_owned(),
            path_style: s3.path_style,
        })
        .context("ATELIER_S3_*")?;
        tracing::info!(bucket = %bucket.describe(), "media files are kept in an S3-compatible bucket");
        Storage::S3(bucket)
    } else {
        tracing::info!(folder = %config.media_dir().display(), "media files are kept on this machine");
        Storage::Local(LocalStorage::new(config.media_dir()))
    })
}

/// The account use cases with argon2 hashing, tokens signed by the configured or kept secret, and
/// TOTP secrets sealed with a key derived from that same secret (so changing it turns every
/// authenticator off in effect: its owner signs in with a recovery code and sets it up again).
///
/// # Errors
/// When the secret cannot be read, created or used.
pub fn account_service(
    config: &Config,
    store: SeaOrmStore,
    clock: SharedClock,
) -> anyhow::Result<AccountService<Production>> {
    let secret = secret::token_secret(config.jwt_secret.as_ref(), &config.data_dir)?;
    accounts_on(config, &secret, store, clock)
}

/// [`account_service`] with the server secret already read.
fn accounts_on(
    config: &Config,
    secret: &SecretString,
    store: SeaOrmStore,
    clock: SharedClock,
) -> anyhow::Result<AccountService<Production>> {
    let tokens = JwtTokens::new(secret::bytes(secret)).context("ATELIER_JWT_SECRET")?;
    let sealer = SealedSecrets::new(secret::bytes(secret)).context("ATELIER_JWT_SECRET")?;
    Ok(Accounts::new(store, Argon2Hasher::new()?, tokens, sealer, clock)
        .requiring_two_factor(config.require_two_factor))
}

/// What seals webhook secrets at rest: a key derived from the same server secret as the tokens'
/// and the TOTP secrets' (with its own context per endpoint).
///
/// # Errors
/// When the secret cannot be used.
pub fn webhook_sealer(secret: &SecretString) -> anyhow::Result<Arc<dyn SecretSealer>> {
    Ok(Arc::new(SealedSecrets::new(secret::bytes(secret)).context("ATELIER_JWT_SECRET")?))
}

/// The key proof-of-work challenges are signed with, derived from the configured or kept secret
/// (so every instance sharing the secret accepts the others' challenges).
///
/// # Errors
/// When the secret cannot be used.
fn proof_key(secret: &SecretString) -> anyhow::Result<atelier_domain::proof_of_work::ChallengeKey> {
    challenge_key(secret::bytes(secret)).context("ATELIER_JWT_SECRET")
}

/// Creates the first administrator of an empty database, from the configured email and password or
/// with a generated password printed once.
async fn ensure_first_admin(config: &Config, accounts: &AccountService<Production>) -> anyhow::Result<()> {
    let email =
        Email::parse(&config.admin_email).map_err(|message| anyhow::anyhow!("ATELIER_ADMIN_EMAIL: {message}"))?;
    let password = config
        .admin_password
        .as_ref()
        .map(|password| Password::parse(password.expose_secret()))
        .transpose()
        .map_err(|message| anyhow::anyhow!("ATELIER_ADMIN_PASSWORD: {message}"))?;
    match accounts.ensure_first_admin(email, password).await.map_err(|error| anyhow::anyhow!("{error}"))? {
        FirstAdmin::NotNeeded => {}
        FirstAdmin::Created { email } => tracing::info!(%email, "created the first administrator"),
        FirstAdmin::CreatedWithGeneratedPassword { email, password } => tracing::warn!(
            %email,
            password = password.expose(),
            "created the first administrator with a generated password, shown only this once: sign in and change it"
        ),
    }
    Ok(())
}
