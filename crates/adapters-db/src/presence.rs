//! Who has a record open, in the `presence` table: one row per record and account. A heartbeat is
//! one upsert (a new row, or the row's `last_seen` moved on with its `since` kept), so parallel
//! heartbeats of one person leave one row, on every instance.

use anyhow::Context;
use atelier_application::presence::ports::PresenceRepository;
use atelier_domain::EntityId;
use atelier_domain::presence::{Presence, RecordRef};
use chrono::{DateTime, Utc};
use sea_orm::sea_query::OnConflict;
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter};

use crate::entities::presence::{ActiveModel, Column, Entity};
use crate::store::SeaOrmStore;

impl PresenceRepository for SeaOrmStore {
    async fn touch_presence(
        &self,
        record: &RecordRef,
        account: EntityId,
        at: DateTime<Utc>,
        forget_before: DateTime<Utc>,
    ) -> anyhow::Result<()> {
        Entity::delete_many()
            .filter(Column::LastSeen.lte(forget_before))
            .exec(&self.db)
            .await
            .context("failed to forget old presence")?;
        let row = ActiveModel {
            kind: Set(record.kind.as_str().to_owned()),
            record_id: Set(record.key().to_owned()),
            account_id: Set(account.to_string()),
            since: Set(at),
            last_seen: Set(at),
        };
        Entity::insert(row)
            .on_conflict(
                OnConflict::columns([Column::Kind, Column::RecordId, Column::AccountId])
                    .update_column(Column::LastSeen)
                    .to_owned(),
            )
            .exec_without_returning(&self.db)
            .await
            .context("failed to note a heartbeat")?;
        Ok(())
    }

    async fn presence_at(&self, record: &RecordRef) -> anyhow::Result<Vec<Presence>> {
        let rows = Entity::find()
            .filter(Column::Kind.eq(record.kind.as_str()))
            .filter(Column::RecordId.eq(record.key()))
            .all(&self.db)
            .await
            .context("failed to read who is present")?;
        rows.into_iter()
            .map(|row| {
                let account = EntityId::parse(&row.account_id)
                    .map_err(|_| anyhow::anyhow!("a stored presence has an invalid account id"))?;
                Ok(Presence { account, since: row.since, last_seen: row.last_seen })
            })
            .collect()
    }

    async fn leave_presence(&self, record: &RecordRef, account: EntityId) -> anyhow::Result<()> {
        Entity::delete_many()
            .filter(Column::Kind.eq(record.kind.as_str()))
            .filter(Column::RecordId.eq(record.key()))
            .filter(Column::AccountId.eq(account.to_string()))
            .exec(&self.db)
            .await
            .context("failed to leave a record")?;
        Ok(())
    }
}
