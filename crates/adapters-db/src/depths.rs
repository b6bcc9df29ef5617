//! How many mails and webhook deliveries wait to be sent, and how many were given up: read for the
//! metrics before each scrape (rows already sent are not counted, so the query stays small).

use anyhow::Context;
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QuerySelect};

use crate::entities::{outgoing_mail, webhook_delivery};

/// The outbox's and the webhook queue's unsent rows.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct QueueDepths {
    /// Mails still to send (including those waiting for a retry).
    pub mail_pending: u64,
    /// Mails given up after their last attempt.
    pub mail_failed: u64,
    /// Webhook deliveries still to send.
    pub webhooks_pending: u64,
    /// Webhook deliveries given up.
    pub webhooks_failed: u64,
}

/// Counts the unsent rows of both queues by status.
///
/// # Errors
/// When the database cannot be read.
pub async fn queue_depths(db: &DatabaseConnection) -> anyhow::Result<QueueDepths> {
    let mails: Vec<(String, i64)> = outgoing_mail::Entity::find()
        .select_only()
        .column(outgoing_mail::Column::Status)
        .column_as(outgoing_mail::Column::Id.count(), "count")
        .filter(outgoing_mail::Column::Status.is_in(["pending", "failed"]))
        .group_by(outgoing_mail::Column::Status)
        .into_tuple()
        .all(db)
        .await
        .context("failed to count the mail outbox")?;
    let deliveries: Vec<(String, i64)> = webhook_delivery::Entity::find()
        .select_only()
        .column(webhook_delivery::Column::Status)
        .column_as(webhook_delivery::Column::Id.count(), "count")
        .filter(webhook_delivery::Column::Status.is_in(["pending", "failed"]))
        .group_by(webhook_delivery::Column::Status)
        .into_tuple()
        .all(db)
        .await
        .context("failed to count the webhook deliveries")?;
    let count = |rows: &[(String, i64)], status: &str| {
        rows.iter().find(|(name, _)| name == status).map_or(0, |(_, count)| u64::try_from(*count).unwrap_or(0))
    };
    Ok(QueueDepths {
        mail_pending: count(&mails, "pending"),
        mail_failed: count(&mails, "failed"),
        webhooks_pending: count(&deliveries, "pending"),
        webhooks_failed: count(&deliveries, "failed"),
    })
}

/// The connection pool's use at one moment.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PoolUse {
    /// Connections open, idle or in use.
    pub open: u32,
    /// Connections open and idle.
    pub idle: u32,
    /// The most the pool opens.
    pub max: u32,
}

/// How much of the connection pool is in use.
pub fn pool_use(db: &DatabaseConnection) -> PoolUse {
    fn of<DB: sea_orm::sqlx::Database>(pool: &sea_orm::sqlx::Pool<DB>) -> PoolUse {
        PoolUse {
            open: pool.size(),
            idle: u32::try_from(pool.num_idle()).unwrap_or(u32::MAX),
            max: pool.options().get_max_connections(),
        }
    }
    match db.get_database_backend() {
        sea_orm::DbBackend::Sqlite => of(db.get_sqlite_connection_pool()),
        sea_orm::DbBackend::Postgres => of(db.get_postgres_connection_pool()),
        _ => PoolUse::default(),
    }
}

/// Calls `observe` with the duration of every statement `db` runs and whether it failed.
pub fn time_statements(
    db: &mut DatabaseConnection,
    observe: impl Fn(std::time::Duration, bool) + Send + Sync + 'static,
) {
    db.set_metric_callback(move |info| observe(info.elapsed, info.failed));
}
