//! Scheduled backups (`ATELIER_BACKUP_EVERY`, `ATELIER_BACKUP_KEEP`, `ATELIER_BACKUP_TO`): the
//! schedule and the claiming of each period are [`atelier_application::backups`]; here, what a
//! backup is on each database and where it goes.
//!
//! On SQLite a backup is [`crate::backup`]'s archive (a `VACUUM INTO` snapshot, the uploads kept in
//! the data folder and the token secret); on PostgreSQL it is the site's export archive
//! ([`crate::export`]: every record, revision and media file). It goes to a folder (written beside
//! its final name, then renamed) or to the media bucket under `backups/` (written to a temporary
//! file, then uploaded in one piece). docs/backups.md has the whole story.

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::Context;
use atelier_adapters_db::SeaOrmStore;
use atelier_adapters_media::{S3Storage, Storage};
use atelier_application::backups::ports::BackupArchives;
use atelier_application::backups::{BackupSchedule, ScheduledBackups};
use atelier_application::ports::SharedClock;
use chrono::{DateTime, Utc};
use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::config::Config;

/// How many backups are kept when `ATELIER_BACKUP_KEEP` is not set.
pub const DEFAULT_KEEP: usize = 7;
/// How often each instance looks at the schedule: a cheap query when there is nothing to do.
pub const TICK: Duration = Duration::from_secs(30);
/// The word of `ATELIER_BACKUP_TO` that names the media bucket.
pub const BUCKET: &str = "bucket";

/// Where scheduled backups go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BackupTo {
    Folder(PathBuf),
    /// The media bucket, under `backups/`.
    Bucket,
}

/// The scheduled backups' settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BackupSettings {
    pub schedule: BackupSchedule,
    pub every: Duration,
    pub to: BackupTo,
}

impl BackupSettings {
    /// The settings, when `every` is given (blank means unset).
    ///
    /// # Errors
    /// When the period cannot be read (`6h`, `30m`, `1day`) or is under a minute, or nothing is kept.
    pub fn parse(
        every: Option<&str>,
        keep: Option<usize>,
        to: Option<&str>,
        data_dir: &Path,
    ) -> anyhow::Result<Option<Self>> {
        let Some(every) = every.map(str::trim).filter(|every| !every.is_empty()) else {
            return Ok(None);
        };
        let period = humantime::parse_duration(every).map_err(|error| {
            anyhow::anyhow!("ATELIER_BACKUP_EVERY: '{every}' is not a period such as 6h or 30m ({error})")
        })?;
        let schedule = BackupSchedule::new(period, keep.unwrap_or(DEFAULT_KEEP))
            .map_err(|message| anyhow::anyhow!("ATELIER_BACKUP_EVERY / ATELIER_BACKUP_KEEP: {message}"))?;
        let to = match to.map(str::trim).filter(|to| !to.is_empty()) {
            None => BackupTo::Folder(data_dir.join("backups")),
            Some(BUCKET) => BackupTo::Bucket,
            Some(folder) => BackupTo::Folder(PathBuf::from(folder)),
        };
        Ok(Some(Self { schedule, every: period, to }))
    }
}

/// Where the archives are kept, as opened.
#[derive(Debug, Clone)]
enum Place {
    Folder(PathBuf),
    Bucket(S3Storage),
}

/// Writes, lists and drops this site's backups ([`BackupArchives`]).
#[derive(Debug, Clone)]
pub struct SiteBackups {
    config: Config,
    store: SeaOrmStore,
    blobs: Storage,
    place: Place,
}

impl SiteBackups {
    /// # Errors
    /// When the backups go to the bucket and media files are not kept in one.
    pub fn new(config: &Config, store: SeaOrmStore, blobs: Storage, to: &BackupTo) -> anyhow::Result<Self> {
        let place = match (to, &blobs) {
            (BackupTo::Folder(folder), _) => Place::Folder(folder.clone()),
            (BackupTo::Bucket, Storage::S3(bucket)) => Place::Bucket(bucket.clone()),
            (BackupTo::Bucket, Storage::Local(_)) => {
                anyhow::bail!("ATELIER_BACKUP_TO=bucket keeps backups in the media bucket: set ATELIER_S3_BUCKET too")
            }
        };
        Ok(Self { config: config.clone(), store, blobs, place })
    }

    /// Writes the backup as the file `path` (whole or not at all).
    async fn write_file(&self, path: &Path, created_at: DateTime<Utc>) -> anyhow::Result<u64> {
        if self.config.uses_sqlite() {
            Ok(crate::backup::backup_at(&self.config, path, created_at).await?.bytes)
        } else {
            Ok(crate::export::export_to(&self.store, &self.blobs, path, created_at).await?.bytes)
        }
    }
}

impl BackupArchives for SiteBackups {
    async fn write_backup(&self, name: &str, created_at: DateTime<Utc>) -> anyhow::Result<u64> {
        match &self.place {
            Place::Folder(folder) => self.write_file(&folder.join(name), created_at).await,
            Place::Bucket(bucket) => {
                let scratch = tempfile::Builder::new()
                    .prefix(".atelier-backup-")
                    .tempdir()
                    .context("failed to make a temporary folder for the backup")?;
                let path = scratch.path().join(name);
                let bytes = self.write_file(&path, created_at).await?;
                bucket.put_backup(name, &path).await?;
                Ok(bytes)
            }
        }
    }

    async fn list_backups(&self) -> anyhow::Result<Vec<String>> {
        match &self.place {
            Place::Folder(folder) => {
                let mut names = Vec::new();
                for entry in
                    std::fs::read_dir(folder).with_context(|| format!("failed to read {}", folder.display()))?
                {
                    let entry = entry.with_context(|| format!("failed to read {}", folder.display()))?;
                    if let Some(name) = entry.file_name().to_str() {
                        names.push(name.to_owned());
                    }
                }
                Ok(names)
            }
            Place::Bucket(bucket) => bucket.list_backups().await,
        }
    }

    async fn remove_backup(&self, name: &str) -> anyhow::Result<()> {
        match &self.place {
            Place::Folder(folder) => {
                let path = folder.join(name);
                std::fs::remove_file(&path).with_context(|| format!("failed to remove {}", path.display()))
            }
            Place::Bucket(bucket) => bucket.delete_backup(name).await,
        }
    }
}

/// This instance's scheduled backups, as the server runs them.
pub type Backups = ScheduledBackups<SeaOrmStore, SiteBackups, SharedClock>;

/// The scheduled backups of `config`, when it asks for them.
///
/// # Errors
/// When the backups go to the bucket and media files are not kept in one.
pub fn scheduled(
    config: &Config,
    store: &SeaOrmStore,
    blobs: Storage,
    clock: SharedClock,
) -> anyhow::Result<Option<Backups>> {
    let Some(settings) = &config.backups else {
        return Ok(None);
    };
    let archives = SiteBackups::new(config, store.clone(), blobs, &settings.to)?;
    tracing::info!(every = %humantime::format_duration(settings.every), keep = settings.schedule.keep(), to = ?settings.to, "scheduled backups are on");
    Ok(Some(ScheduledBackups::new(store.clone(), archives, clock, settings.schedule, holder(config))))
}

/// This instance's name in the backups' record: its host, process and port.
fn holder(config: &Config) -> String {
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .or_else(|| std::env::var("HOSTNAME").ok())
        .map(|name| name.trim().to_owned())
        .filter(|name| !name.is_empty())
        .unwrap_or_else(|| "atelier".to_owned());
    let mut holder = format!("{host}:{}:{}", std::process::id(), config.port);
    holder.truncate(128);
    holder
}

/// Looks at the schedule every [`TICK`] while the server runs.
pub fn spawn(mut backups: Backups) -> RunningBackups {
    let (stop, mut stopped) = watch::channel(false);
    let task = tokio::spawn(async move {
        let mut ticker = tokio::time::interval(TICK);
        ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut failing = false;
        loop {
            tokio::select! {
                _ = stopped.changed() => return,
                _ = ticker.tick() => {}
            }
            let outcome = tokio::select! {
                _ = stopped.changed() => return,
                outcome = backups.tick() => outcome,
            };
            match outcome {
                Ok(_) => failing = false,
                Err(error) if !failing => {
                    failing = true;
                    tracing::error!(error = %format!("{error:#}"), "the scheduled backups cannot reach the database");
                }
                Err(_) => {}
            }
        }
    });
    RunningBackups { stop, task }
}

/// The started schedule; stop it when the server stops (a backup being written is abandoned: its
/// temporary file goes, and another instance takes the period once the lease lapses).
#[derive(Debug)]
pub struct RunningBackups {
    stop: watch::Sender<bool>,
    task: JoinHandle<()>,
}

impl RunningBackups {
    pub async fn stop(self) {
        let _ = self.stop.send(true);
        let _ = self.task.await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn periods_are_read_as_humans_write_them() {
        let data = Path::new("/srv/atelier");
        let six_hours = BackupSettings::parse(Some("6h"), None, None, data).unwrap().unwrap();
        assert_eq!(six_hours.every, Duration::from_secs(6 * 3600));
        assert_eq!(six_hours.schedule.keep(), DEFAULT_KEEP);
        assert_eq!(six_hours.to, BackupTo::Folder(data.join("backups")));
        let half_hour = BackupSettings::parse(Some("30m"), Some(3), Some("bucket"), data).unwrap().unwrap();
        assert_eq!(half_hour.every, Duration::from_secs(1800));
        assert_eq!(half_hour.to, BackupTo::Bucket);
        assert_eq!(
            BackupSettings::parse(Some("1day"), None, Some("/backups"), data).unwrap().unwrap().to,
            BackupTo::Folder(PathBuf::from("/backups"))
        );
        assert_eq!(BackupSettings::parse(None, None, None, data).unwrap(), None);
        assert_eq!(BackupSettings::parse(Some(" "), None, None, data).unwrap(), None);
    }

    #[test]
    fn a_wrong_period_or_nothing_kept_is_refused_with_the_setting_named() {
        let data = Path::new("/srv/atelier");
        for (every, keep) in [("often", None), ("10s", None), ("6h", Some(0))] {
            let error = BackupSettings::parse(Some(every), keep, None, data).unwrap_err().to_string();
            assert!(error.contains("ATELIER_BACKUP_"), "{error}");
        }
    }
}
