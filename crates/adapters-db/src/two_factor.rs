//! Two-factor sign-in in the `two_factor_credentials`, `recovery_codes` and `sign_in_challenges`
//! tables. Every write that a race could double (a code used twice, a recovery code spent twice, a
//! challenge completed twice) is one conditional statement whose affected-row count says who won.

use anyhow::Context;
use atelier_application::accounts::ports::{SignInChallengeRepository, TwoFactorRepository};
use atelier_application::audit::Change;
use atelier_domain::EntityId;
use atelier_domain::two_factor::{SignInChallenge, TwoFactor};
use chrono::{DateTime, Utc};
use sea_orm::ActiveValue::Set;
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{
    ColumnTrait, Condition, EntityTrait, ExprTrait, PaginatorTrait, QueryFilter, QuerySelect, TransactionTrait,
};

use crate::audit;
use crate::entities::{recovery_code, sign_in_challenge, two_factor_credential};
use crate::query::Unique;
use crate::store::{SeaOrmStore, stored};

fn step_to_row(step: u64) -> anyhow::Result<i64> {
    i64::try_from(step).context("time step out of range")
}

impl TwoFactorRepository for SeaOrmStore {
    async fn find_two_factor(&self, user_id: EntityId) -> anyhow::Result<Option<TwoFactor>> {
        let row = two_factor_credential::Entity::find_by_id(user_id.to_string())
            .unique(&self.db)
            .await
            .context("failed to read an authenticator")?;
        row.map(|row| {
            Ok(TwoFactor {
                user_id: stored("two_factor_credentials.user_id", EntityId::parse(&row.user_id))?,
                sealed_secret: row.sealed_secret,
                enabled_at: row.enabled_at,
                last_used_step: row
                    .last_used_step
                    .map(|step| stored("two_factor_credentials.last_used_step", u64::try_from(step)))
                    .transpose()?,
                created_at: row.created_at,
            })
        })
        .transpose()
    }

    async fn save_pending_two_factor(&self, pending: &TwoFactor) -> anyhow::Result<bool> {
        use two_factor_credential::{ActiveModel, Column, Entity};
        let row = ActiveModel {
            user_id: Set(pending.user_id.to_string()),
            sealed_secret: Set(pending.sealed_secret.clone()),
            enabled_at: Set(None),
            last_used_step: Set(None),
            created_at: Set(pending.created_at),
        };
        // Replaces a pending enrolment, never an enabled one: the update's condition leaves an
        // enabled row untouched and the statement then affects no row.
        let upsert = OnConflict::column(Column::UserId)
            .update_columns([Column::SealedSecret, Column::LastUsedStep, Column::CreatedAt])
            .action_and_where(Column::EnabledAt.is_null())
            .to_owned();
        let transaction = self.db.begin().await.context("failed to begin a transaction")?;
        let affected = Entity::insert(row)
            .on_conflict(upsert)
            .exec_without_returning(&transaction)
            .await
            .context("failed to store a pending authenticator")?;
        let saved = affected == 1;
        let recorded = saved && audit::append(&transaction, Change::of(&pending.user_id)).await?;
        audit::commit(transaction, recorded).await?;
        Ok(saved)
    }

    async fn enable_two_factor(
        &self,
        user_id: EntityId,
        step: u64,
        at: DateTime<Utc>,
        recovery_code_hashes: &[String],
    ) -> anyhow::Result<bool> {
        let transaction = self.db.begin().await.context("failed to begin a transaction")?;
        let enabled = two_factor_credential::Entity::update_many()
            .col_expr(two_factor_credential::Column::EnabledAt, Expr::value(at))
            .col_expr(two_factor_credential::Column::LastUsedStep, Expr::value(step_to_row(step)?))
            .filter(two_factor_credential::Column::UserId.eq(user_id.to_string()))
            .filter(two_factor_credential::Column::EnabledAt.is_null())
            .exec(&transaction)
            .await
            .context("failed to enable an authenticator")?;
        if enabled.rows_affected == 0 {
            // Dropping the transaction rolls it back.
            return Ok(false);
        }
        recovery_code::Entity::delete_many()
            .filter(recovery_code::Column::UserId.eq(user_id.to_string()))
            .exec(&transaction)
            .await
            .context("failed to delete old recovery codes")?;
        if !recovery_code_hashes.is_empty() {
            let rows = recovery_code_hashes.iter().map(|hash| recovery_code::ActiveModel {
                id: Set(EntityId::generate(at).to_string()),
                user_id: Set(user_id.to_string()),
                code_hash: Set(hash.clone()),
                created_at: Set(at),
                used_at: Set(None),
            });
            recovery_code::Entity::insert_many(rows)
                .exec_without_returning(&transaction)
                .await
                .context("failed to store recovery codes")?;
        }
        let recorded = audit::append(&transaction, Change::of(&user_id)).await?;
        audit::commit(transaction, recorded).await.context("failed to commit an enabled authenticator")?;
        Ok(true)
    }

    async fn use_totp_step(&self, user_id: EntityId, step: u64) -> anyhow::Result<bool> {
        use two_factor_credential::{Column, Entity};
        let step = step_to_row(step)?;
        let used = Entity::update_many()
            .col_expr(Column::LastUsedStep, Expr::value(step))
            .filter(Column::UserId.eq(user_id.to_string()))
            .filter(Column::EnabledAt.is_not_null())
            .filter(Condition::any().add(Column::LastUsedStep.is_null()).add(Column::LastUsedStep.lt(step)))
            .exec(&self.db)
            .await
            .context("failed to record a used code")?;
        Ok(used.rows_affected == 1)
    }

    async fn use_recovery_code(&self, user_id: EntityId, code_hash: &str, at: DateTime<Utc>) -> anyhow::Result<bool> {
        use recovery_code::{Column, Entity};
        let used = Entity::update_many()
            .col_expr(Column::UsedAt, Expr::value(at))
            .filter(Column::UserId.eq(user_id.to_string()))
            .filter(Column::CodeHash.eq(code_hash))
            .filter(Column::UsedAt.is_null())
            .exec(&self.db)
            .await
            .context("failed to use a recovery code")?;
        Ok(used.rows_affected == 1)
    }

    async fn unused_recovery_codes(&self, user_id: EntityId) -> anyhow::Result<u64> {
        recovery_code::Entity::find()
            .filter(recovery_code::Column::UserId.eq(user_id.to_string()))
            .filter(recovery_code::Column::UsedAt.is_null())
            .count(&self.db)
            .await
            .context("failed to count recovery codes")
    }

    async fn remove_two_factor(&self, user_id: EntityId) -> anyhow::Result<bool> {
        let transaction = self.db.begin().await.context("failed to begin a transaction")?;
        recovery_code::Entity::delete_many()
            .filter(recovery_code::Column::UserId.eq(user_id.to_string()))
            .exec(&transaction)
            .await
            .context("failed to delete recovery codes")?;
        let removed = two_factor_credential::Entity::delete_by_id(user_id.to_string())
            .exec(&transaction)
            .await
            .context("failed to delete an authenticator")?;
        let removed = removed.rows_affected > 0;
        let recorded = removed && audit::append(&transaction, Change::of(&user_id)).await?;
        audit::commit(transaction, recorded).await.context("failed to commit a removed authenticator")?;
        Ok(removed)
    }
}

impl SignInChallengeRepository for SeaOrmStore {
    async fn insert_challenge(&self, challenge: &SignInChallenge) -> anyhow::Result<()> {
        use sign_in_challenge::{ActiveModel, Column, Entity};
        let transaction = self.db.begin().await.context("failed to begin a transaction")?;
        Entity::delete_many()
            .filter(Column::ExpiresAt.lt(challenge.created_at))
            .exec(&transaction)
            .await
            .context("failed to forget expired sign-in challenges")?;
        let row = ActiveModel {
            id: Set(challenge.id.to_string()),
            user_id: Set(challenge.user_id.to_string()),
            token_hash: Set(challenge.token_hash.clone()),
            created_at: Set(challenge.created_at),
            expires_at: Set(challenge.expires_at),
            failed_attempts: Set(i32::try_from(challenge.failed_attempts).context("attempts out of range")?),
        };
        Entity::insert(row)
            .exec_without_returning(&transaction)
            .await
            .context("failed to store a sign-in challenge")?;
        // The password was right; the code step is still to come.
        let change = Change {
            action: Some("sign-in-password-accepted"),
            account: Some(challenge.user_id),
            ..Change::of(&challenge.user_id)
        };
        let recorded = audit::append(&transaction, change).await?;
        audit::commit(transaction, recorded).await
    }

    async fn find_challenge(&self, token_hash: &str) -> anyhow::Result<Option<SignInChallenge>> {
        use sign_in_challenge::{Column, Entity};
        let row = Entity::find()
            .filter(Column::TokenHash.eq(token_hash))
            .unique(&self.db)
            .await
            .context("failed to read a sign-in challenge")?;
        row.map(|row| {
            Ok(SignInChallenge {
                id: stored("sign_in_challenges.id", EntityId::parse(&row.id))?,
                user_id: stored("sign_in_challenges.user_id", EntityId::parse(&row.user_id))?,
                token_hash: row.token_hash,
                created_at: row.created_at,
                expires_at: row.expires_at,
                failed_attempts: stored("sign_in_challenges.failed_attempts", u32::try_from(row.failed_attempts))?,
            })
        })
        .transpose()
    }

    async fn count_challenge_failure(&self, id: EntityId) -> anyhow::Result<()> {
        use sign_in_challenge::{Column, Entity};
        let transaction = self.db.begin().await.context("failed to begin a transaction")?;
        Entity::update_many()
            .col_expr(Column::FailedAttempts, Expr::col(Column::FailedAttempts).add(1))
            .filter(Column::Id.eq(id.to_string()))
            .exec(&transaction)
            .await
            .context("failed to count a wrong code")?;
        let user_id: Option<String> = Entity::find_by_id(id.to_string())
            .select_only()
            .column(Column::UserId)
            .into_tuple()
            .unique(&transaction)
            .await
            .context("failed to read a sign-in challenge")?;
        let account = user_id.as_deref().map(EntityId::parse).transpose().ok().flatten();
        let change = Change { action: Some("sign-in-failed"), account, entity_id: user_id, ..Change::default() };
        let recorded = audit::append(&transaction, change).await?;
        audit::commit(transaction, recorded).await
    }

    async fn take_challenge(&self, id: EntityId) -> anyhow::Result<bool> {
        let taken = sign_in_challenge::Entity::delete_by_id(id.to_string())
            .exec(&self.db)
            .await
            .context("failed to use a sign-in challenge up")?;
        Ok(taken.rows_affected == 1)
    }
}
