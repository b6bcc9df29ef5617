//! Claiming one due row of a queue (the mail outbox, the webhook deliveries) when several instances
//! poll the same database: a row is claimed by moving its next attempt to the end of the claimer's
//! lease, in one statement that only succeeds while the row is still pending and due, so of two
//! instances racing for it exactly one wins and the other tries the next candidate.

use crate::query::Unique;
use anyhow::Context;
use chrono::{DateTime, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, Condition, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, QuerySelect};

/// How many due rows one claim looks at: when another instance wins the first, the next is tried.
const CLAIM_CANDIDATES: u64 = 5;

/// The columns a queue's rows are claimed by, and what its rows are called in errors.
pub(crate) struct Queue<E: EntityTrait> {
    pub id: E::Column,
    pub status: E::Column,
    pub next_attempt_at: E::Column,
    /// The status of a row still to send.
    pub pending: &'static str,
    /// The rows' name in error messages ("mails", "webhook deliveries").
    pub rows: &'static str,
}

impl<E: EntityTrait> Queue<E> {
    /// Claims the first pending row due at `now` that also meets `only`, until `lease_until`.
    pub(crate) async fn claim_due(
        &self,
        db: &DatabaseConnection,
        only: Condition,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
    ) -> anyhow::Result<Option<E::Model>> {
        let candidates: Vec<String> = E::find()
            .select_only()
            .column(self.id)
            .filter(self.status.eq(self.pending))
            .filter(self.next_attempt_at.lte(now))
            .filter(only)
            .order_by_asc(self.next_attempt_at)
            .order_by_asc(self.id)
            .limit(CLAIM_CANDIDATES)
            .into_tuple()
            .all(db)
            .await
            .with_context(|| format!("failed to look for due {}", self.rows))?;
        for id in candidates {
            let claimed = E::update_many()
                .col_expr(self.next_attempt_at, Expr::value(lease_until))
                .filter(self.id.eq(id.as_str()))
                .filter(self.status.eq(self.pending))
                .filter(self.next_attempt_at.lte(now))
                .exec(db)
                .await
                .with_context(|| format!("failed to claim one of the due {}", self.rows))?;
            if claimed.rows_affected == 1 {
                return E::find()
                    .filter(self.id.eq(id.as_str()))
                    .unique(db)
                    .await
                    .with_context(|| format!("failed to read one of the claimed {}", self.rows));
            }
        }
        Ok(None)
    }
}
