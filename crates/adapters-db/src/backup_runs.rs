//! The scheduled backups' runs, in `backup_runs`: a period is claimed by inserting its row, or by
//! taking over a row whose holder's lease lapsed before it finished, each in one statement that
//! only one instance can win.

use anyhow::Context;
use atelier_application::backups::ports::{BackupRun, BackupRuns, Claim, RunOutcome};
use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QueryOrder};

use crate::entities::backup_run::{ActiveModel, Column, Entity, Model};
use crate::query::Unique;
use crate::store::SeaOrmStore;

impl BackupRuns for SeaOrmStore {
    async fn claim_backup(
        &self,
        slot: DateTime<Utc>,
        holder: &str,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
    ) -> anyhow::Result<Claim> {
        let row = ActiveModel {
            slot: Set(slot),
            holder: Set(holder.to_owned()),
            started_at: Set(now),
            lease_until: Set(lease_until),
            finished_at: Set(None),
            archive: Set(None),
            bytes: Set(None),
            error: Set(None),
        };
        let inserted = Entity::insert(row)
            .on_conflict(OnConflict::column(Column::Slot).do_nothing().to_owned())
            .exec_without_returning(&self.db)
            .await
            .context("failed to claim the scheduled backup")?;
        if inserted == 1 {
            return Ok(Claim::Claimed);
        }
        let taken_over = Entity::update_many()
            .col_expr(Column::Holder, Expr::value(holder))
            .col_expr(Column::StartedAt, Expr::value(now))
            .col_expr(Column::LeaseUntil, Expr::value(lease_until))
            .filter(Column::Slot.eq(slot))
            .filter(Column::FinishedAt.is_null())
            .filter(Column::LeaseUntil.lt(now))
            .exec(&self.db)
            .await
            .context("failed to take over the scheduled backup")?;
        if taken_over.rows_affected == 1 {
            return Ok(Claim::Claimed);
        }
        let run = Entity::find_by_id(slot).unique(&self.db).await.context("failed to read the scheduled backup")?;
        Ok(if run.is_some_and(|run| run.finished_at.is_some()) { Claim::Finished } else { Claim::HeldElsewhere })
    }

    async fn finish_backup(&self, slot: DateTime<Utc>, at: DateTime<Utc>, outcome: &RunOutcome) -> anyhow::Result<()> {
        let (archive, bytes, error) = match outcome {
            RunOutcome::Written { archive, bytes } => {
                (Some(archive.clone()), Some(i64::try_from(*bytes).unwrap_or(i64::MAX)), None)
            }
            RunOutcome::Failed(message) => (None, None, Some(message.clone())),
        };
        Entity::update_many()
            .col_expr(Column::FinishedAt, Expr::value(Some(at)))
            .col_expr(Column::Archive, Expr::value(archive))
            .col_expr(Column::Bytes, Expr::value(bytes))
            .col_expr(Column::Error, Expr::value(error))
            .filter(Column::Slot.eq(slot))
            .exec(&self.db)
            .await
            .context("failed to record the scheduled backup's outcome")?;
        Ok(())
    }

    async fn last_finished_backup(&self) -> anyhow::Result<Option<BackupRun>> {
        let row = Entity::find()
            .filter(Column::FinishedAt.is_not_null())
            .order_by_desc(Column::Slot)
            .one(&self.db)
            .await
            .context("failed to read the last scheduled backup")?;
        Ok(row.map(run))
    }
}

fn run(row: Model) -> BackupRun {
    let outcome = row.finished_at.map(|_| match (row.archive, row.error) {
        (Some(archive), None) => {
            RunOutcome::Written { archive, bytes: row.bytes.and_then(|bytes| u64::try_from(bytes).ok()).unwrap_or(0) }
        }
        (_, error) => RunOutcome::Failed(error.unwrap_or_default()),
    });
    BackupRun { slot: row.slot, holder: row.holder, started_at: row.started_at, finished_at: row.finished_at, outcome }
}
