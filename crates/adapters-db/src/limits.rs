//! Every limit's attempts in the `limit_attempts` table.
//!
//! An attempt is judged and counted in one transaction that no other attempt under its key
//! interleaves with: on PostgreSQL it first takes a transaction-scoped advisory lock named by the
//! key (held by one transaction of any instance at a time, released at commit); on SQLite its first
//! statement is the insert, which takes the database's one write lock until commit. Inside, the
//! attempt is inserted, the key's other attempts are read and judged, and a refused attempt's row
//! is deleted again before the commit, so nobody ever sees it.

use anyhow::Context;
use atelier_application::limits::ports::AttemptLog;
use atelier_domain::EntityId;
use atelier_domain::limits::{Limit, LimitKey, RetryAfter};
use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseBackend, EntityTrait, QueryFilter, QuerySelect, Statement,
    TransactionTrait,
};

use crate::entities::limit_attempt::{ActiveModel, Column, Entity};
use crate::store::SeaOrmStore;

impl AttemptLog for SeaOrmStore {
    async fn count_attempt(
        &self,
        id: EntityId,
        key: &LimitKey,
        limit: &Limit,
        at: DateTime<Utc>,
        forget_before: DateTime<Utc>,
    ) -> anyhow::Result<Result<(), RetryAfter>> {
        Entity::delete_many()
            .filter(Column::At.lte(forget_before))
            .exec(&self.db)
            .await
            .context("failed to forget old attempts")?;
        let transaction = self.db.begin().await.context("failed to begin counting an attempt")?;
        if transaction.get_database_backend() == DatabaseBackend::Postgres {
            let lock = Statement::from_sql_and_values(
                DatabaseBackend::Postgres,
                "SELECT pg_advisory_xact_lock($1)",
                [advisory_lock(key).into()],
            );
            transaction.execute_raw(lock).await.context("failed to lock a limit's key")?;
        }
        let row = ActiveModel { id: Set(id.to_string()), key: Set(key.as_str().to_owned()), at: Set(at) };
        Entity::insert(row).exec_without_returning(&transaction).await.context("failed to count an attempt")?;
        let others: Vec<DateTime<Utc>> = Entity::find()
            .select_only()
            .column(Column::At)
            .filter(Column::Key.eq(key.as_str()))
            .filter(Column::At.gt(at - limit.window))
            .filter(Column::Id.ne(id.to_string()))
            .into_tuple()
            .all(&transaction)
            .await
            .context("failed to read recent attempts")?;
        let verdict = limit.admits(&others, at);
        if verdict.is_err() {
            Entity::delete_by_id(id.to_string())
                .exec(&transaction)
                .await
                .context("failed to take a refused attempt back")?;
        }
        transaction.commit().await.context("failed to commit a counted attempt")?;
        Ok(verdict)
    }

    async fn take_back_attempt(&self, id: EntityId) -> anyhow::Result<()> {
        Entity::delete_by_id(id.to_string()).exec(&self.db).await.context("failed to take an attempt back")?;
        Ok(())
    }

    async fn forget_attempts(&self, key: &LimitKey) -> anyhow::Result<()> {
        Entity::delete_many()
            .filter(Column::Key.eq(key.as_str()))
            .exec(&self.db)
            .await
            .context("failed to forget a key's attempts")?;
        Ok(())
    }
}

/// The advisory lock a key's attempts take on PostgreSQL: 60 bits of the key's hash.
fn advisory_lock(key: &LimitKey) -> i64 {
    key.as_str().get(..15).and_then(|hex| i64::from_str_radix(hex, 16).ok()).unwrap_or_default()
}
