//! What an operator's probe may know of the scheduled backups: when the last one ended and whether
//! it was written, and when the next is due. Never where backups go or why one failed (a reason can
//! name a path or a bucket): that stays in the log and in the runs' record.

use std::time::Duration;

use chrono::{DateTime, Utc};

use super::BackupSchedule;
use super::ports::{BackupRuns, RunOutcome};
use crate::ports::Clock;

/// How long the probe waits for the runs' record before saying it does not know.
pub const READ_LIMIT: Duration = Duration::from_secs(1);

/// How the last scheduled backup ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LastOutcome {
    /// No scheduled backup has ended yet.
    None,
    Written,
    Failed,
    /// The runs' record could not be read in time (the database is slow or down).
    Unknown,
}

/// The scheduled backups' state, as a probe shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BackupStatus {
    /// The period between backups.
    pub every: Duration,
    /// When the last scheduled backup ended, by any instance.
    pub last_run_at: Option<DateTime<Utc>>,
    pub last_outcome: LastOutcome,
    /// The start of the first period whose backup has not ended yet: in the past or now when the
    /// current period's is still to be written (an instance takes it within half a minute).
    pub next_due_at: DateTime<Utc>,
}

/// Reads the scheduled backups' state from the runs shared by every instance.
#[derive(Debug, Clone)]
pub struct BackupMonitor<R, C> {
    runs: R,
    clock: C,
    schedule: BackupSchedule,
}

impl<R: BackupRuns, C: Clock> BackupMonitor<R, C> {
    pub fn new(runs: R, clock: C, schedule: BackupSchedule) -> Self {
        Self { runs, clock, schedule }
    }

    /// The state now. Never fails and never waits long: a record that cannot be read within
    /// [`READ_LIMIT`] is reported as [`LastOutcome::Unknown`] (and logged).
    pub async fn status(&self) -> BackupStatus {
        let now = self.clock.now();
        let current = self.schedule.slot(now);
        let next = current + self.schedule.every;
        let every = self.schedule.every.to_std().unwrap_or_default();
        let last = match tokio::time::timeout(READ_LIMIT, self.runs.last_finished_backup()).await {
            Ok(Ok(last)) => last,
            Ok(Err(error)) => {
                tracing::warn!(error = %format!("{error:#}"), "failed to read the last scheduled backup");
                return BackupStatus {
                    every,
                    last_run_at: None,
                    last_outcome: LastOutcome::Unknown,
                    next_due_at: next,
                };
            }
            Err(_) => {
                tracing::warn!("reading the last scheduled backup took too long");
                return BackupStatus {
                    every,
                    last_run_at: None,
                    last_outcome: LastOutcome::Unknown,
                    next_due_at: next,
                };
            }
        };
        let Some(run) = last else {
            return BackupStatus { every, last_run_at: None, last_outcome: LastOutcome::None, next_due_at: current };
        };
        let last_outcome = match run.outcome {
            Some(RunOutcome::Written { .. }) => LastOutcome::Written,
            Some(RunOutcome::Failed(_)) => LastOutcome::Failed,
            None => LastOutcome::Unknown,
        };
        let next_due_at = if run.slot >= current { next } else { current };
        BackupStatus { every, last_run_at: run.finished_at, last_outcome, next_due_at }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use chrono::TimeZone;

    use super::super::ports::{BackupRun, Claim};
    use super::*;
    use crate::fake::FakeClock;

    /// The runs' record reduced to its last finished run, or a fault.
    #[derive(Debug, Clone, Default)]
    struct LastRun(Arc<Mutex<Option<Result<BackupRun, String>>>>);

    impl BackupRuns for LastRun {
        async fn claim_backup(
            &self,
            _: DateTime<Utc>,
            _: &str,
            _: DateTime<Utc>,
            _: DateTime<Utc>,
        ) -> anyhow::Result<Claim> {
            unreachable!("the monitor only reads")
        }

        async fn finish_backup(&self, _: DateTime<Utc>, _: DateTime<Utc>, _: &RunOutcome) -> anyhow::Result<()> {
            unreachable!("the monitor only reads")
        }

        async fn last_finished_backup(&self) -> anyhow::Result<Option<BackupRun>> {
            match self.0.lock().unwrap().clone() {
                None => Ok(None),
                Some(Ok(run)) => Ok(Some(run)),
                Some(Err(message)) => Err(anyhow::anyhow!(message)),
            }
        }
    }

    fn at(hour: u32, minute: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 28, hour, minute, 0).single().unwrap()
    }

    fn run(slot: DateTime<Utc>, finished_at: DateTime<Utc>, outcome: RunOutcome) -> BackupRun {
        BackupRun {
            slot,
            holder: "host:1:8080".into(),
            started_at: slot,
            finished_at: Some(finished_at),
            outcome: Some(outcome),
        }
    }

    fn monitor(runs: &LastRun, clock: &FakeClock) -> BackupMonitor<LastRun, FakeClock> {
        let schedule = BackupSchedule::new(Duration::from_secs(6 * 3600), 7).unwrap();
        BackupMonitor::new(runs.clone(), clock.clone(), schedule)
    }

    #[tokio::test]
    async fn before_any_backup_the_current_period_is_due() {
        let (runs, clock) = (LastRun::default(), FakeClock::at(at(7, 30)));
        let status = monitor(&runs, &clock).status().await;
        assert_eq!(status.last_outcome, LastOutcome::None);
        assert_eq!(status.last_run_at, None);
        assert_eq!(status.next_due_at, at(6, 0));
        assert_eq!(status.every, Duration::from_secs(6 * 3600));
    }

    #[tokio::test]
    async fn once_the_periods_backup_is_written_the_next_period_is_due() {
        let (runs, clock) = (LastRun::default(), FakeClock::at(at(7, 30)));
        let written = RunOutcome::Written { archive: "atelier-backup-20261128T060000Z.tar.gz".into(), bytes: 9 };
        *runs.0.lock().unwrap() = Some(Ok(run(at(6, 0), at(6, 2), written)));
        let status = monitor(&runs, &clock).status().await;
        assert_eq!((status.last_outcome, status.last_run_at), (LastOutcome::Written, Some(at(6, 2))));
        assert_eq!(status.next_due_at, at(12, 0));

        clock.set(at(12, 0));
        assert_eq!(monitor(&runs, &clock).status().await.next_due_at, at(12, 0), "a new period: due now");
    }

    #[tokio::test]
    async fn a_failure_is_reported_without_its_reason() {
        let (runs, clock) = (LastRun::default(), FakeClock::at(at(7, 30)));
        let failed = RunOutcome::Failed("failed to write /srv/secret/backups".into());
        *runs.0.lock().unwrap() = Some(Ok(run(at(6, 0), at(6, 1), failed)));
        let status = monitor(&runs, &clock).status().await;
        assert_eq!(status.last_outcome, LastOutcome::Failed);
        assert_eq!(status.next_due_at, at(12, 0), "a failed period is not retried");
        assert!(!format!("{status:?}").contains("secret"), "{status:?}");
    }

    #[tokio::test]
    async fn a_record_that_cannot_be_read_is_unknown_not_an_error() {
        let (runs, clock) = (LastRun::default(), FakeClock::at(at(7, 30)));
        *runs.0.lock().unwrap() = Some(Err("connection refused".into()));
        let status = monitor(&runs, &clock).status().await;
        assert_eq!((status.last_outcome, status.last_run_at), (LastOutcome::Unknown, None));
        assert_eq!(status.next_due_at, at(12, 0));
    }
}
