//! The proof-of-work answers already used (`used_challenges`) and the purge of old spam from
//! `contact_messages` and `project_requests`.

use anyhow::Context;
use atelier_application::spam::ports::{SpamRepository, UsedChallengeRepository};
use atelier_domain::proof_of_work::Redeemable;
use chrono::{DateTime, Utc};
use sea_orm::{ActiveValue::Set, ColumnTrait, DbErr, EntityTrait, QueryFilter, SqlErr, TransactionTrait};

use crate::entities::{contact_message, project_request, used_challenge};
use crate::store::SeaOrmStore;

impl UsedChallengeRepository for SeaOrmStore {
    async fn redeem_challenge(&self, redeemable: &Redeemable) -> anyhow::Result<bool> {
        let row = used_challenge::ActiveModel {
            challenge: Set(redeemable.challenge.clone()),
            expires_at: Set(redeemable.expires_at),
        };
        match used_challenge::Entity::insert(row).exec(&self.db).await {
            Ok(_) => Ok(true),
            Err(error) if is_unique_violation(&error) => Ok(false),
            Err(error) => Err(error).context("failed to remember a used proof-of-work answer"),
        }
    }

    async fn forget_used_challenges(&self, now: DateTime<Utc>) -> anyhow::Result<u64> {
        let deleted = used_challenge::Entity::delete_many()
            .filter(used_challenge::Column::ExpiresAt.lte(now))
            .exec(&self.db)
            .await
            .context("failed to forget expired proof-of-work answers")?;
        Ok(deleted.rows_affected)
    }
}

impl SpamRepository for SeaOrmStore {
    async fn purge_spam(&self, before: DateTime<Utc>) -> anyhow::Result<u64> {
        let txn = self.db.begin().await.context("failed to start the spam purge")?;
        let contacts = contact_message::Entity::delete_many()
            .filter(contact_message::Column::Spam.eq(true))
            .filter(contact_message::Column::CreatedAt.lt(before))
            .exec(&txn)
            .await
            .context("failed to purge spam contact messages")?;
        let requests = project_request::Entity::delete_many()
            .filter(project_request::Column::Spam.eq(true))
            .filter(project_request::Column::CreatedAt.lt(before))
            .exec(&txn)
            .await
            .context("failed to purge spam project requests")?;
        txn.commit().await.context("failed to commit the spam purge")?;
        Ok(contacts.rows_affected + requests.rows_affected)
    }
}

fn is_unique_violation(error: &DbErr) -> bool {
    matches!(error.sql_err(), Some(SqlErr::UniqueConstraintViolation(_)))
}
