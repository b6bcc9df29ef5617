//! Scheduled backups: every `every` (aligned on the wall clock, so every instance agrees on the
//! periods: with `6h`, at 00:00, 06:00, 12:00 and 18:00 UTC), one instance writes an archive of the
//! site, then drops the oldest beyond `keep`. Each period's run is claimed in the shared
//! [`ports::BackupRuns`], so when several instances run exactly one takes it; an instance that dies
//! holding it leaves it to another once its lease lapses. Each success and failure is logged and
//! recorded there.
//!
//! Archives are named after their period (`atelier-backup-20261128T060000Z.tar.gz`), so they sort by
//! age and only those are ever pruned: other files beside them are left alone.

pub mod ports;
pub mod status;

use std::time::Duration;

use chrono::{DateTime, NaiveDateTime, TimeDelta, Utc};

use crate::ports::Clock;
use ports::{BackupArchives, BackupRuns, Claim, RunOutcome};

/// The shortest period between backups.
pub const MIN_EVERY: Duration = Duration::from_secs(60);
/// How long an instance holds a period's backup before another may take it over (it died).
pub const LEASE: TimeDelta = TimeDelta::hours(1);

const PREFIX: &str = "atelier-backup-";
const SUFFIX: &str = ".tar.gz";
const STAMP: &str = "%Y%m%dT%H%M%SZ";

/// When backups are taken and how many are kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BackupSchedule {
    every: TimeDelta,
    keep: usize,
}

impl BackupSchedule {
    /// # Errors
    /// When `every` is under a minute (or beyond reason) or `keep` is zero.
    pub fn new(every: Duration, keep: usize) -> Result<Self, String> {
        if every < MIN_EVERY {
            return Err("backups are taken at most once a minute".into());
        }
        let every = TimeDelta::from_std(every).map_err(|_| "that period is too long".to_owned())?;
        if every > TimeDelta::days(366) {
            return Err("backups are taken at least once a year".into());
        }
        if keep == 0 {
            return Err("at least one backup is kept".into());
        }
        Ok(Self { every, keep })
    }

    pub fn keep(&self) -> usize {
        self.keep
    }

    /// The start of the period `now` falls in: a whole multiple of the period since the Unix epoch
    /// (to the second), the same on every instance.
    pub fn slot(&self, now: DateTime<Utc>) -> DateTime<Utc> {
        let every = self.every.num_seconds();
        let seconds = now.timestamp();
        let start = seconds - seconds.rem_euclid(every);
        DateTime::from_timestamp(start, 0).unwrap_or(now)
    }
}

/// The archive's name for the period starting at `slot`.
pub fn archive_name(slot: DateTime<Utc>) -> String {
    format!("{PREFIX}{}{SUFFIX}", slot.format(STAMP))
}

/// The period an archive named by [`archive_name`] stands for; `None` for any other name.
pub fn archive_slot(name: &str) -> Option<DateTime<Utc>> {
    let stamp = name.strip_prefix(PREFIX)?.strip_suffix(SUFFIX)?;
    NaiveDateTime::parse_from_str(stamp, STAMP).ok().map(|time| time.and_utc())
}

/// The archives to drop so that the `keep` newest of those named by [`archive_name`] remain.
pub fn beyond_keep(names: &[String], keep: usize) -> Vec<String> {
    let mut ours: Vec<(DateTime<Utc>, &String)> =
        names.iter().filter_map(|name| archive_slot(name).map(|slot| (slot, name))).collect();
    ours.sort_by(|a, b| b.cmp(a));
    ours.into_iter().skip(keep).map(|(_, name)| name.clone()).collect()
}

/// What one look at the schedule did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Tick {
    /// This period's backup is done (here or elsewhere), or another instance is writing it.
    NothingToDo,
    /// This instance wrote the period's backup and dropped `pruned` old ones.
    Written { archive: String, bytes: u64, pruned: usize },
    /// This instance took the period's backup and it failed (recorded; the next period tries again).
    Failed(String),
}

/// The scheduled backups of one instance.
#[derive(Debug)]
pub struct ScheduledBackups<R, A, C> {
    runs: R,
    archives: A,
    clock: C,
    schedule: BackupSchedule,
    /// This instance's name in the runs' record.
    holder: String,
    /// The last period known to be finished, so it is not asked about again.
    finished: Option<DateTime<Utc>>,
}

impl<R: BackupRuns, A: BackupArchives, C: Clock> ScheduledBackups<R, A, C> {
    pub fn new(runs: R, archives: A, clock: C, schedule: BackupSchedule, holder: String) -> Self {
        Self { runs, archives, clock, schedule, holder, finished: None }
    }

    /// Looks at the schedule: when the current period's backup is not taken yet and this instance
    /// wins it, writes it, records the outcome and prunes. Called often (every half minute); cheap
    /// when there is nothing to do.
    ///
    /// # Errors
    /// When the runs' record cannot be read or written (the database is down): tried again at the
    /// next call.
    pub async fn tick(&mut self) -> anyhow::Result<Tick> {
        let now = self.clock.now();
        let slot = self.schedule.slot(now);
        if self.finished == Some(slot) {
            return Ok(Tick::NothingToDo);
        }
        match self.runs.claim_backup(slot, &self.holder, now, now + LEASE).await? {
            Claim::HeldElsewhere => return Ok(Tick::NothingToDo),
            Claim::Finished => {
                self.finished = Some(slot);
                return Ok(Tick::NothingToDo);
            }
            Claim::Claimed => {}
        }
        let archive = archive_name(slot);
        tracing::info!(%archive, "writing the scheduled backup");
        let written = self.archives.write_backup(&archive, now).await;
        let outcome = match &written {
            Ok(bytes) => RunOutcome::Written { archive: archive.clone(), bytes: *bytes },
            Err(error) => RunOutcome::Failed(format!("{error:#}")),
        };
        self.runs.finish_backup(slot, self.clock.now(), &outcome).await?;
        self.finished = Some(slot);
        match outcome {
            RunOutcome::Written { archive, bytes } => {
                let pruned = self.prune().await;
                tracing::info!(%archive, bytes, pruned, "wrote the scheduled backup");
                Ok(Tick::Written { archive, bytes, pruned })
            }
            RunOutcome::Failed(message) => {
                tracing::error!(%archive, error = %message, "the scheduled backup failed");
                Ok(Tick::Failed(message))
            }
        }
    }

    /// Drops the archives beyond the number kept; a failure is logged, and tried again after the
    /// next backup.
    async fn prune(&self) -> usize {
        let names = match self.archives.list_backups().await {
            Ok(names) => names,
            Err(error) => {
                tracing::warn!(error = %format!("{error:#}"), "failed to list the backups to drop the oldest");
                return 0;
            }
        };
        let mut pruned = 0;
        for name in beyond_keep(&names, self.schedule.keep) {
            match self.archives.remove_backup(&name).await {
                Ok(()) => pruned += 1,
                Err(error) => {
                    tracing::warn!(archive = %name, error = %format!("{error:#}"), "failed to drop an old backup");
                }
            }
        }
        pruned
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;
    use std::sync::{Arc, Mutex};

    use chrono::TimeZone;

    use super::ports::BackupRun;
    use super::*;
    use crate::fake::FakeClock;

    /// Each period's run and the end of its lease.
    type Leased = BTreeMap<DateTime<Utc>, (BackupRun, DateTime<Utc>)>;

    /// The runs' record as the database keeps it, shared by every "instance" of a test.
    #[derive(Debug, Clone, Default)]
    struct FakeRuns(Arc<Mutex<Leased>>);

    impl BackupRuns for FakeRuns {
        async fn claim_backup(
            &self,
            slot: DateTime<Utc>,
            holder: &str,
            now: DateTime<Utc>,
            lease_until: DateTime<Utc>,
        ) -> anyhow::Result<Claim> {
            let mut runs = self.0.lock().unwrap();
            let fresh =
                BackupRun { slot, holder: holder.to_owned(), started_at: now, finished_at: None, outcome: None };
            if let Some((run, lease)) = runs.get(&slot) {
                if run.finished_at.is_some() {
                    return Ok(Claim::Finished);
                }
                if *lease > now {
                    return Ok(Claim::HeldElsewhere);
                }
            }
            runs.insert(slot, (fresh, lease_until));
            Ok(Claim::Claimed)
        }

        async fn finish_backup(
            &self,
            slot: DateTime<Utc>,
            at: DateTime<Utc>,
            outcome: &RunOutcome,
        ) -> anyhow::Result<()> {
            let mut runs = self.0.lock().unwrap();
            let (run, _) = runs.get_mut(&slot).expect("a claimed run");
            run.finished_at = Some(at);
            run.outcome = Some(outcome.clone());
            Ok(())
        }

        async fn last_finished_backup(&self) -> anyhow::Result<Option<BackupRun>> {
            let runs = self.0.lock().unwrap();
            Ok(runs.values().rev().find(|(run, _)| run.finished_at.is_some()).map(|(run, _)| run.clone()))
        }
    }

    /// Each archive written, and the time it was stamped with.
    type Writes = Vec<(String, DateTime<Utc>)>;

    /// A folder of archives in memory; `failing` makes the next write fail.
    #[derive(Debug, Clone, Default)]
    struct FakeArchives {
        names: Arc<Mutex<Vec<String>>>,
        writes: Arc<Mutex<Writes>>,
        failing: Arc<Mutex<bool>>,
    }

    impl BackupArchives for FakeArchives {
        async fn write_backup(&self, name: &str, created_at: DateTime<Utc>) -> anyhow::Result<u64> {
            if std::mem::take(&mut *self.failing.lock().unwrap()) {
                anyhow::bail!("the disk is full");
            }
            self.writes.lock().unwrap().push((name.to_owned(), created_at));
            self.names.lock().unwrap().push(name.to_owned());
            Ok(42)
        }

        async fn list_backups(&self) -> anyhow::Result<Vec<String>> {
            Ok(self.names.lock().unwrap().clone())
        }

        async fn remove_backup(&self, name: &str) -> anyhow::Result<()> {
            self.names.lock().unwrap().retain(|kept| kept != name);
            Ok(())
        }
    }

    fn at(hour: u32, minute: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 28, hour, minute, 0).single().unwrap()
    }

    fn every_6h(keep: usize) -> BackupSchedule {
        BackupSchedule::new(Duration::from_secs(6 * 3600), keep).unwrap()
    }

    #[test]
    fn periods_are_aligned_on_the_wall_clock() {
        let schedule = every_6h(7);
        assert_eq!(schedule.slot(at(5, 59)), at(0, 0));
        assert_eq!(schedule.slot(at(6, 0)), at(6, 0));
        assert_eq!(schedule.slot(at(17, 30)), at(12, 0));
        let half_hour = BackupSchedule::new(Duration::from_secs(1800), 1).unwrap();
        assert_eq!(half_hour.slot(at(10, 47)), at(10, 30));
    }

    #[test]
    fn a_schedule_needs_a_sensible_period_and_something_kept() {
        assert!(BackupSchedule::new(Duration::from_secs(59), 1).is_err());
        assert!(BackupSchedule::new(Duration::from_secs(3600), 0).is_err());
        assert!(BackupSchedule::new(Duration::from_secs(400 * 86_400), 1).is_err());
    }

    #[test]
    fn names_stand_for_their_period_and_others_are_never_pruned() {
        let name = archive_name(at(6, 0));
        assert_eq!(name, "atelier-backup-20261128T060000Z.tar.gz");
        assert_eq!(archive_slot(&name), Some(at(6, 0)));
        assert_eq!(archive_slot("notes.txt"), None);
        let names: Vec<String> = [at(0, 0), at(12, 0), at(6, 0), at(18, 0)]
            .into_iter()
            .map(archive_name)
            .chain(["site.tar.gz".to_owned()])
            .collect();
        assert_eq!(beyond_keep(&names, 2), vec![archive_name(at(6, 0)), archive_name(at(0, 0))]);
        assert!(beyond_keep(&names, 10).is_empty());
    }

    #[tokio::test]
    async fn of_several_instances_exactly_one_writes_each_periods_backup_and_old_ones_are_dropped() {
        let clock = FakeClock::at(at(5, 0));
        let runs = FakeRuns::default();
        let archives = FakeArchives::default();
        let mut instances: Vec<_> = ["a", "b", "c"]
            .into_iter()
            .map(|name| ScheduledBackups::new(runs.clone(), archives.clone(), clock.clone(), every_6h(2), name.into()))
            .collect();
        for hour in [5, 6, 7, 12, 18] {
            clock.set(at(hour, 1));
            let mut written = 0;
            for instance in &mut instances {
                if matches!(instance.tick().await.unwrap(), Tick::Written { .. }) {
                    written += 1;
                }
            }
            let expected = usize::from(hour != 7);
            assert_eq!(written, expected, "at {hour}:01");
        }
        let writes = archives.writes.lock().unwrap().clone();
        let names: Vec<_> = writes.iter().map(|(name, _)| name.clone()).collect();
        assert_eq!(names, [at(0, 0), at(6, 0), at(12, 0), at(18, 0)].map(archive_name));
        assert_eq!(writes[1].1, at(6, 1), "stamped with the time it was taken");
        assert_eq!(*archives.names.lock().unwrap(), [at(12, 0), at(18, 0)].map(archive_name), "two kept");
        let last = runs.last_finished_backup().await.unwrap().unwrap();
        assert_eq!(last.outcome, Some(RunOutcome::Written { archive: archive_name(at(18, 0)), bytes: 42 }));
    }

    #[tokio::test]
    async fn a_failure_is_recorded_and_the_next_period_tries_again() {
        let clock = FakeClock::at(at(6, 0));
        let runs = FakeRuns::default();
        let archives = FakeArchives::default();
        *archives.failing.lock().unwrap() = true;
        let mut backups = ScheduledBackups::new(runs.clone(), archives.clone(), clock.clone(), every_6h(7), "a".into());
        assert_eq!(backups.tick().await.unwrap(), Tick::Failed("the disk is full".into()));
        assert_eq!(backups.tick().await.unwrap(), Tick::NothingToDo, "not twice in a period");
        let last = runs.last_finished_backup().await.unwrap().unwrap();
        assert_eq!(last.outcome, Some(RunOutcome::Failed("the disk is full".into())));
        clock.set(at(12, 0));
        assert!(matches!(backups.tick().await.unwrap(), Tick::Written { .. }));
    }

    #[tokio::test]
    async fn a_backup_whose_instance_died_is_taken_over_once_its_lease_lapses() {
        let clock = FakeClock::at(at(6, 0));
        let runs = FakeRuns::default();
        let archives = FakeArchives::default();
        // "a" claims the period and dies before writing.
        runs.claim_backup(at(6, 0), "a", at(6, 0), at(6, 0) + LEASE).await.unwrap();
        let mut b = ScheduledBackups::new(runs.clone(), archives.clone(), clock.clone(), every_6h(7), "b".into());
        assert_eq!(b.tick().await.unwrap(), Tick::NothingToDo, "a's lease holds");
        clock.set(at(6, 0) + LEASE + TimeDelta::seconds(1));
        assert!(matches!(b.tick().await.unwrap(), Tick::Written { .. }), "taken over");
        assert_eq!(archives.writes.lock().unwrap().len(), 1);
    }
}
