//! Recent anonymous form submissions in the `form_submissions` table.

use anyhow::Context;
use atelier_application::submissions::ports::{CountedSubmission, SubmissionLog};
use atelier_domain::EntityId;
use chrono::{DateTime, Utc};
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QuerySelect};

use crate::entities::form_submission::{ActiveModel, Column, Entity};
use crate::store::{SeaOrmStore, stored};

/// The longest client key stored (an IPv6 network in text is at most 39 characters).
const CLIENT_LEN: usize = 64;

fn client_key(client: &str) -> String {
    client.chars().take(CLIENT_LEN).collect()
}

impl SubmissionLog for SeaOrmStore {
    async fn record_submission(
        &self,
        id: EntityId,
        client: &str,
        at: DateTime<Utc>,
        forget_before: DateTime<Utc>,
    ) -> anyhow::Result<()> {
        Entity::delete_many()
            .filter(Column::SubmittedAt.lte(forget_before))
            .exec(&self.db)
            .await
            .context("failed to forget old form submissions")?;
        let row = ActiveModel { id: Set(id.to_string()), client: Set(client_key(client)), submitted_at: Set(at) };
        Entity::insert(row).exec_without_returning(&self.db).await.context("failed to count a form submission")?;
        Ok(())
    }

    async fn submissions_since(&self, client: &str, since: DateTime<Utc>) -> anyhow::Result<Vec<CountedSubmission>> {
        let rows: Vec<(String, DateTime<Utc>)> = Entity::find()
            .select_only()
            .columns([Column::Id, Column::SubmittedAt])
            .filter(Column::Client.eq(client_key(client)))
            .filter(Column::SubmittedAt.gte(since))
            .into_tuple()
            .all(&self.db)
            .await
            .context("failed to read recent form submissions")?;
        rows.into_iter()
            .map(|(id, at)| Ok(CountedSubmission { id: stored("form_submissions.id", id.parse())?, at }))
            .collect()
    }

    async fn forget_submission(&self, id: EntityId) -> anyhow::Result<()> {
        Entity::delete_by_id(id.to_string())
            .exec(&self.db)
            .await
            .context("failed to take back a refused form submission")?;
        Ok(())
    }
}
