//! The `atelier` command line.

use std::path::PathBuf;

use anyhow::Context;
use clap::{Parser, Subcommand};

use crate::config::{Config, ConfigArgs};
use crate::startup::{Application, open_store};
use crate::telemetry;

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
    /// Apply pending database migrations, then exit.
    Migrate(ConfigArgs),
    /// Print the OpenAPI document, or write it to a file.
    Openapi {
        /// Write the document here instead of printing it.
        #[arg(long, short, value_name = "FILE")]
        output: Option<PathBuf>,
    },
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
                Application::build(&config).await?.run_until_stopped().await.context("the server failed")?;
                tracing::info!("stopped");
                Ok(())
            }
            Command::Migrate(args) => {
                let config = configure(args)?;
                open_store(&config).await?;
                tracing::info!("database is up to date");
                Ok(())
            }
            Command::Openapi { output: None } => {
                print!("{}", atelier_adapters_http::openapi_json());
                Ok(())
            }
            Command::Openapi { output: Some(path) } => std::fs::write(&path, atelier_adapters_http::openapi_json())
                .with_context(|| format!("failed to write {}", path.display())),
        }
    }
}

fn configure(args: ConfigArgs) -> anyhow::Result<Config> {
    let config = Config::load(args)?;
    telemetry::init(&config.log, config.log_format);
    tracing::debug!(?config, "configuration");
    Ok(config)
}
