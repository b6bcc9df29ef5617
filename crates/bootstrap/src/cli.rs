//! The `atelier` command line.

use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::{Parser, Subcommand};

use crate::backup;
use crate::config::{Config, ConfigArgs};
use crate::export;
use crate::startup::{Application, account_service, clock, media_service, open_store};
use crate::telemetry;
use atelier_application::accounts::two_factor::TwoFactorReset;
use atelier_application::import::media::MediaFiles;
use atelier_application::import::model::Platform;
use atelier_application::import::{self, Importer};
use atelier_domain::user::{Email, NewUser, NewUserInput, Role};

/// Atelier: the website and back office of a software agency, in one binary.
#[derive(Debug, Parser)]
#[command(name = "atelier", version, about, args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Without a command, `atelier` serves with these settings.
    #[command(flatten)]
    serve: ConfigArgs,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Migrate the database, seed demo content into an empty one, and serve the site and the API
    /// (the default).
    Serve(ConfigArgs),
    /// Apply pending database migrations, then exit; with `--check`, only say whether any are
    /// pending.
    Migrate(MigrateArgs),
    /// Add an administrator account. The password is read from standard input when it is not a
    /// terminal, else asked for twice without echo; it is never taken from the command line.
    CreateAdmin {
        /// The new administrator's email.
        #[arg(long)]
        email: String,
        /// The new administrator's name.
        #[arg(long, default_value = "Administrator")]
        name: String,
        #[command(flatten)]
        config: ConfigArgs,
    },
    /// Turn off the two-factor sign-in of an account whose owner lost both the authenticator and the
    /// recovery codes, or whose authenticator no longer works after the token secret changed. Every
    /// session of the account ends; its owner signs in with the password and sets it up again.
    ResetTwoFactor {
        /// The account's email.
        #[arg(long)]
        email: String,
        #[command(flatten)]
        config: ConfigArgs,
    },
    /// Write a consistent snapshot of the SQLite database, the uploads kept in the data folder and the
    /// generated token secret to one archive (a gzip-compressed tar), while the server may be running.
    /// On PostgreSQL, write the site's export archive (no accounts or secrets: docs/backups.md).
    Backup {
        /// The archive to write; an existing file is replaced once the new one is complete.
        #[arg(value_name = "FILE")]
        file: PathBuf,
        #[command(flatten)]
        config: ConfigArgs,
    },
    /// Put a backup back, with the server stopped, after reading and checking it whole. A SQLite
    /// snapshot goes into the data folder (one that holds anything is left alone unless `--force` is
    /// given); an export archive (a PostgreSQL backup) into an empty database, as `import atelier`.
    Restore {
        /// The archive to read.
        #[arg(value_name = "FILE")]
        file: PathBuf,
        /// Replace the database, uploads and token secret of a data folder that is not empty.
        #[arg(long)]
        force: bool,
        #[command(flatten)]
        config: ConfigArgs,
    },
    /// Write the whole site (every record, revision and media file; no accounts, secrets or sessions)
    /// into one database-neutral archive (docs/export.md), while the server may be running.
    Export {
        /// The archive to write (a gzip-compressed tar); an existing file is replaced once the new
        /// one is complete.
        #[arg(value_name = "FILE")]
        file: PathBuf,
        #[command(flatten)]
        config: ConfigArgs,
    },
    /// Read content into this instance.
    Import {
        #[command(subcommand)]
        source: ImportSource,
    },
    /// Exit 0 when the server answers its health check, 1 otherwise: for a container's HEALTHCHECK
    /// (the image has nothing but the binary).
    Healthcheck {
        /// The address to ask [default: the configured listener's /api/health].
        #[arg(long, value_name = "URL")]
        url: Option<String>,
        #[command(flatten)]
        config: ConfigArgs,
    },
    /// Print the OpenAPI document, or write it to a file.
    Openapi {
        /// Write the document here instead of printing it.
        #[arg(long, short, value_name = "FILE")]
        output: Option<PathBuf>,
    },
}

/// `atelier migrate`'s arguments.
#[derive(Debug, clap::Args)]
struct MigrateArgs {
    /// Migrate nothing: exit 0 when the database is up to date, else list the pending migrations
    /// and exit 1.
    #[arg(long)]
    check: bool,
    #[command(flatten)]
    config: ConfigArgs,
}

/// Where imported content comes from.
#[derive(Debug, Subcommand)]
enum ImportSource {
    /// Restore an archive written by `atelier export` into an empty instance (a database on either
    /// SQLite or PostgreSQL that holds no content: start it with `ATELIER_SEED_DEMO=false`, or import
    /// before its first start). The archive is checked whole before anything is written.
    Atelier {
        /// The archive to read.
        #[arg(value_name = "FILE")]
        file: PathBuf,
        #[command(flatten)]
        config: ConfigArgs,
    },
    /// Import a WordPress site from its export (Tools → Export → All content: a WXR .xml file):
    /// posts, pages, categories, tags, authors' names, pictures and a 301 from every old address
    /// (docs/import.md). Run it again at will: what exists is left as it is.
    Wordpress(ForeignImport),
    /// Import a Ghost site from its export (Settings → Labs → Export: a .json file): posts, pages,
    /// tags, authors' names, pictures and a 301 from every old address (docs/import.md).
    Ghost(ForeignImport),
}

/// The arguments of `atelier import wordpress|ghost`.
#[derive(Debug, clap::Args)]
struct ForeignImport {
    /// The export file.
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// The old site's uploads: a folder (WordPress's `wp-content/uploads`, Ghost's
    /// `content/images`) or a .zip of it. Pictures the posts show are found here by their address.
    #[arg(long, value_name = "DIR|ZIP")]
    media: Option<PathBuf>,
    /// Print every record, redirect and problem the import would make, and write nothing.
    #[arg(long)]
    dry_run: bool,
    #[command(flatten)]
    config: ConfigArgs,
}

impl Cli {
    /// Runs the chosen command.
    ///
    /// # Errors
    /// Whatever the command failed on.
    pub async fn run(self) -> anyhow::Result<()> {
        match self.command.unwrap_or(Command::Serve(self.serve)) {
            Command::Serve(args) => {
                let config = configure(args)?;
                let served = Application::build(&config).await?.run_until_stopped().await;
                telemetry::shutdown();
                served.context("the server failed")?;
                tracing::info!("stopped");
                Ok(())
            }
            Command::Migrate(MigrateArgs { check: true, config }) => check_migrations(&configure(config)?).await,
            Command::Migrate(MigrateArgs { check: false, config: args }) => {
                let config = configure(args)?;
                open_store(&config).await?;
                tracing::info!("database is up to date");
                Ok(())
            }
            Command::CreateAdmin { email, name, config } => {
                let config = configure(config)?;
                let password = read_new_password()?;
                let store = open_store(&config).await?;
                let accounts = account_service(&config, store, clock())?;
                let input = NewUserInput {
                    name: Some(name),
                    email: Some(email),
                    password: Some(password),
                    role: Some(Role::Administrator.as_str().to_owned()),
                };
                let new_user = NewUser::parse(input, Role::Administrator).map_err(|errors| {
                    let messages: Vec<_> = errors.iter().map(|(_, message)| message.to_owned()).collect();
                    anyhow::anyhow!(messages.join("; "))
                })?;
                let user = accounts.create(new_user).await.map_err(|error| anyhow::anyhow!("{error}"))?;
                println!("Created {} {}", user.role.label(), user.email);
                Ok(())
            }
            Command::ResetTwoFactor { email, config } => {
                let config = configure(config)?;
                let email = Email::parse(&email).map_err(|error| anyhow::anyhow!("{error}"))?;
                let store = open_store(&config).await?;
                let accounts = account_service(&config, store, clock())?;
                match accounts.reset_two_factor(&email).await? {
                    TwoFactorReset::Reset { sessions_ended } => {
                        println!(
                            "Two-factor sign-in is off for {email}; {sessions_ended} session(s) signed out. \
                             They sign in with their password and can set it up again on their account screen."
                        );
                        Ok(())
                    }
                    TwoFactorReset::WasOff => {
                        println!("{email} has no two-factor sign-in; nothing changed");
                        Ok(())
                    }
                    TwoFactorReset::NoSuchAccount => anyhow::bail!("no account has the email {email}"),
                }
            }
            Command::Backup { file, config } => backup_site(&configure(config)?, &file).await,
            Command::Restore { file, force, config } => restore_site(&configure(config)?, &file, force).await,
            Command::Export { file, config } => export_site(configure(config)?, &file).await,
            Command::Import { source: ImportSource::Atelier { file, config } } => {
                import_site(configure(config)?, &file).await
            }
            Command::Import { source: ImportSource::Wordpress(args) } => {
                Box::pin(import_foreign(Platform::WordPress, args)).await
            }
            Command::Import { source: ImportSource::Ghost(args) } => {
                Box::pin(import_foreign(Platform::Ghost, args)).await
            }
            Command::Healthcheck { url, config } => healthcheck(url, config),
            Command::Openapi { output: None } => {
                print!("{}", atelier_adapters_http::openapi_json());
                Ok(())
            }
            Command::Openapi { output: Some(path) } => std::fs::write(&path, atelier_adapters_http::openapi_json())
                .with_context(|| format!("failed to write {}", path.display())),
        }
    }
}

/// `atelier backup FILE`: the backup, then what it holds.
async fn backup_site(config: &Config, file: &Path) -> anyhow::Result<()> {
    let summary = backup::backup(config, file).await?;
    let media = summary.media_files.map_or_else(
        || "uploads are in the bucket, back it up separately".to_owned(),
        |count| format!("{count} uploaded files"),
    );
    let media = if summary.export { format!("{media} as the site's export archive") } else { media };
    println!("Backed up the database and {media} to {} ({} bytes)", summary.archive.display(), summary.bytes);
    Ok(())
}

/// `atelier restore FILE`: the backup checked whole, then restored, then what was restored.
async fn restore_site(config: &Config, file: &Path, force: bool) -> anyhow::Result<()> {
    let summary = backup::restore(config, file, force).await?;
    if summary.export {
        println!(
            "Restored the site's export of {} ({} media files) into the database",
            summary.created_at.to_rfc3339(),
            summary.media_files
        );
        return Ok(());
    }
    println!(
        "Restored the backup of {} ({} uploaded files) into {}",
        summary.created_at.to_rfc3339(),
        summary.media_files,
        summary.data_dir.display()
    );
    Ok(())
}

/// `atelier healthcheck`: asks `url`, by default the configured listener's `/api/health`.
fn healthcheck(url: Option<String>, config: ConfigArgs) -> anyhow::Result<()> {
    let url = if let Some(url) = url {
        url
    } else {
        let config = Config::load(config)?;
        crate::observability::health_url(&config.host, config.port)
    };
    crate::observability::healthcheck(&url)
}

/// `atelier migrate --check`: the pending migrations on standard output, one a line, and an error
/// (exit status 1) when there are any.
async fn check_migrations(config: &Config) -> anyhow::Result<()> {
    let pending = atelier_adapters_db::migrations::pending(&config.database_url).await?;
    if pending.is_empty() {
        println!("The database is up to date");
        return Ok(());
    }
    for name in &pending {
        println!("{name}");
    }
    anyhow::bail!("{} migration(s) pending: run `atelier migrate` (docs/operations.md, Upgrades)", pending.len())
}

/// `atelier export FILE`.
async fn export_site(config: Config, file: &std::path::Path) -> anyhow::Result<()> {
    let summary = export::export(&config, file).await?;
    let rows: u64 = summary.manifest.tables.values().sum();
    println!(
        "Exported {rows} rows of {} tables and {} media files to {} ({} bytes)",
        summary.manifest.tables.len(),
        summary.manifest.media,
        summary.archive.display(),
        summary.bytes
    );
    Ok(())
}

/// `atelier import atelier FILE`.
async fn import_site(config: Config, file: &std::path::Path) -> anyhow::Result<()> {
    let manifest = export::import(&config, file).await?;
    let rows: u64 = manifest.tables.values().sum();
    println!(
        "Imported {rows} rows and {} media files from the export of {} (Atelier {})",
        manifest.media,
        manifest.created_at.to_rfc3339(),
        manifest.atelier_version
    );
    Ok(())
}

/// `atelier import wordpress|ghost FILE [--media DIR|ZIP] [--dry-run]`.
async fn import_foreign(platform: Platform, args: ForeignImport) -> anyhow::Result<()> {
    let ForeignImport { file, media, dry_run, config } = args;
    let config = configure(config)?;
    let text = std::fs::read(&file).with_context(|| format!("failed to read {}", file.display()))?;
    let text = String::from_utf8(text).map_err(|_| anyhow::anyhow!("{} is not UTF-8 text", file.display()))?;
    let export = import::parse(platform, &text).map_err(|error| anyhow::anyhow!("{}: {error}", file.display()))?;
    let files = match &media {
        None => MediaFiles::none(),
        Some(path) if path.is_dir() => MediaFiles::folder(path, config.media_max_bytes)?,
        Some(path) => MediaFiles::zip_file(path, config.media_max_bytes)?,
    };
    let store = open_store(&config).await?;
    let clock = clock();
    let importer = Importer::new(store.clone(), media_service(&config, store, clock.clone())?, clock);
    let report = Box::pin(importer.run(export, &files, dry_run)).await?;
    print!("{}", import_report(&report));
    Ok(())
}

/// The report as the command prints it: every record and redirect, every problem, then the counts.
fn import_report(report: &import::Report) -> String {
    use std::fmt::Write as _;
    let mut text = String::new();
    let heading = if report.dry_run { "Dry run: nothing was written" } else { "Imported" };
    let _ = writeln!(text, "{heading} ({} export)", report.platform.label());
    for line in &report.lines {
        let outcome = match line.outcome {
            import::Outcome::Created => "created",
            import::Outcome::WouldCreate => "would create",
            import::Outcome::Exists => "exists",
        };
        let _ = writeln!(text, "  {:<12} {:<9} {} → {}", outcome, line.kind.as_str(), line.title, line.address);
    }
    if !report.problems.is_empty() {
        let _ = writeln!(text, "Problems ({}):", report.problems.len());
        for problem in &report.problems {
            let _ = writeln!(text, "  - {problem}");
        }
    }
    let _ = writeln!(text, "Summary:");
    for line in report.summary() {
        let _ = writeln!(text, "  {line}");
    }
    text
}

fn configure(args: ConfigArgs) -> anyhow::Result<Config> {
    let config = Config::load(args)?;
    telemetry::init_with_traces(&config.log, config.log_format, config.observability.otlp_endpoint.as_deref());
    tracing::debug!(?config, "configuration");
    Ok(config)
}

/// Reads a new password: one line of standard input when it is piped, else a hidden prompt, twice.
fn read_new_password() -> anyhow::Result<String> {
    use std::io::IsTerminal;
    if !std::io::stdin().is_terminal() {
        let mut line = String::new();
        std::io::stdin().read_line(&mut line).context("failed to read the password from standard input")?;
        return Ok(line.trim_end_matches(['\r', '\n']).to_owned());
    }
    let password =
        rpassword::prompt_password("Password (at least 12 characters): ").context("failed to read the password")?;
    let again = rpassword::prompt_password("Repeat the password: ").context("failed to read the password")?;
    anyhow::ensure!(password == again, "the passwords differ");
    Ok(password)
}
