//! Accounts, sessions and failed sign-ins in the `users`, `sessions` and `login_failures` tables.

use anyhow::Context;
use atelier_application::accounts::ports::{
    LoginAttemptRepository, RecentFailures, SaveOutcome, Session, SessionRepository, UserRepository,
};
use atelier_domain::EntityId;
use atelier_domain::user::{Email, PasswordHash, Role, User};
use chrono::{DateTime, Duration, Utc};
use sea_orm::ActiveValue::Set;
use sea_orm::{ColumnTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, SqlErr};

use crate::entities::{login_failure, session, user};
use crate::store::{SeaOrmStore, stored};

/// Failures older than this are deleted as new ones arrive; far longer than any throttling window.
const LOGIN_FAILURE_RETENTION: Duration = Duration::days(1);

fn is_unique_violation(error: &DbErr) -> bool {
    matches!(error.sql_err(), Some(SqlErr::UniqueConstraintViolation(_)))
}

impl UserRepository for SeaOrmStore {
    async fn count_users(&self) -> anyhow::Result<u64> {
        user::Entity::find().count(&self.db).await.context("failed to count users")
    }

    async fn find_user(&self, id: EntityId) -> anyhow::Result<Option<User>> {
        let row = user::Entity::find_by_id(id.to_string()).one(&self.db).await.context("failed to read a user")?;
        row.map(user_into_domain).transpose()
    }

    async fn find_user_by_email(&self, email: &Email) -> anyhow::Result<Option<User>> {
        let row = user::Entity::find()
            .filter(user::Column::Email.eq(email.as_str()))
            .one(&self.db)
            .await
            .context("failed to read a user by email")?;
        row.map(user_into_domain).transpose()
    }

    async fn insert_user(&self, user: &User) -> anyhow::Result<SaveOutcome> {
        match user::Entity::insert(user_to_active(user)).exec_without_returning(&self.db).await {
            Ok(_) => Ok(SaveOutcome::Saved),
            Err(error) if is_unique_violation(&error) => Ok(SaveOutcome::Conflict),
            Err(error) => Err(error).context("failed to insert a user"),
        }
    }

    async fn update_user(&self, user: &User) -> anyhow::Result<SaveOutcome> {
        let mut row = user_to_active(user);
        row.id = sea_orm::ActiveValue::Unchanged(user.id.to_string());
        let result =
            user::Entity::update_many().set(row).filter(user::Column::Id.eq(user.id.to_string())).exec(&self.db).await;
        match result {
            Ok(result) if result.rows_affected > 0 => Ok(SaveOutcome::Saved),
            Ok(_) => Ok(SaveOutcome::NotFound),
            Err(error) if is_unique_violation(&error) => Ok(SaveOutcome::Conflict),
            Err(error) => Err(error).context("failed to update a user"),
        }
    }
}

fn user_to_active(user: &User) -> user::ActiveModel {
    user::ActiveModel {
        id: Set(user.id.to_string()),
        email: Set(user.email.as_str().to_owned()),
        name: Set(user.name.clone()),
        role: Set(user.role.as_str().to_owned()),
        password_hash: Set(user.password_hash.as_str().to_owned()),
        created_at: Set(user.created_at),
        updated_at: Set(user.updated_at),
    }
}

fn user_into_domain(row: user::Model) -> anyhow::Result<User> {
    Ok(User {
        id: stored("users.id", EntityId::parse(&row.id))?,
        email: stored("users.email", Email::parse(&row.email))?,
        name: row.name,
        role: stored("users.role", Role::parse(&row.role))?,
        password_hash: PasswordHash::new(row.password_hash),
        created_at: row.created_at,
        updated_at: row.updated_at,
    })
}

impl SessionRepository for SeaOrmStore {
    async fn insert_session(&self, session: &Session) -> anyhow::Result<()> {
        let row = session::ActiveModel {
            id: Set(session.id.to_string()),
            user_id: Set(session.user_id.to_string()),
            created_at: Set(session.created_at),
            expires_at: Set(session.expires_at),
            revoked_at: Set(session.revoked_at),
        };
        session::Entity::insert(row).exec_without_returning(&self.db).await.context("failed to insert a session")?;
        Ok(())
    }

    async fn find_session(&self, id: EntityId) -> anyhow::Result<Option<Session>> {
        let row =
            session::Entity::find_by_id(id.to_string()).one(&self.db).await.context("failed to read a session")?;
        row.map(|row| {
            Ok(Session {
                id: stored("sessions.id", EntityId::parse(&row.id))?,
                user_id: stored("sessions.user_id", EntityId::parse(&row.user_id))?,
                created_at: row.created_at,
                expires_at: row.expires_at,
                revoked_at: row.revoked_at,
            })
        })
        .transpose()
    }

    async fn revoke_session(&self, id: EntityId, at: DateTime<Utc>) -> anyhow::Result<()> {
        session::Entity::update_many()
            .col_expr(session::Column::RevokedAt, at.into())
            .filter(session::Column::Id.eq(id.to_string()))
            .filter(session::Column::RevokedAt.is_null())
            .exec(&self.db)
            .await
            .context("failed to revoke a session")?;
        Ok(())
    }

    async fn revoke_other_sessions(&self, user_id: EntityId, keep: EntityId, at: DateTime<Utc>) -> anyhow::Result<()> {
        session::Entity::update_many()
            .col_expr(session::Column::RevokedAt, at.into())
            .filter(session::Column::UserId.eq(user_id.to_string()))
            .filter(session::Column::Id.ne(keep.to_string()))
            .filter(session::Column::RevokedAt.is_null())
            .exec(&self.db)
            .await
            .context("failed to revoke a user's sessions")?;
        Ok(())
    }
}

impl LoginAttemptRepository for SeaOrmStore {
    async fn record_login_failure(&self, email: &str, address: &str, at: DateTime<Utc>) -> anyhow::Result<()> {
        login_failure::Entity::delete_many()
            .filter(login_failure::Column::AttemptedAt.lt(at - LOGIN_FAILURE_RETENTION))
            .exec(&self.db)
            .await
            .context("failed to forget old sign-in failures")?;
        let row = login_failure::ActiveModel {
            id: Set(EntityId::generate(at).to_string()),
            email: Set(email.chars().take(254).collect()),
            address: Set(address.chars().take(64).collect()),
            attempted_at: Set(at),
        };
        login_failure::Entity::insert(row)
            .exec_without_returning(&self.db)
            .await
            .context("failed to record a sign-in failure")?;
        Ok(())
    }

    async fn login_failures_since(
        &self,
        email: &str,
        address: &str,
        since: DateTime<Utc>,
    ) -> anyhow::Result<RecentFailures> {
        let times = |column: login_failure::Column, value: String| {
            login_failure::Entity::find()
                .select_only()
                .column(login_failure::Column::AttemptedAt)
                .filter(column.eq(value))
                .filter(login_failure::Column::AttemptedAt.gte(since))
                .order_by_asc(login_failure::Column::AttemptedAt)
                .into_tuple::<DateTime<Utc>>()
                .all(&self.db)
        };
        let email: String = email.chars().take(254).collect();
        let address: String = address.chars().take(64).collect();
        let by_email = times(login_failure::Column::Email, email).await.context("failed to read sign-in failures")?;
        let by_address =
            times(login_failure::Column::Address, address).await.context("failed to read sign-in failures")?;
        Ok(RecentFailures { by_email, by_address })
    }

    async fn clear_login_failures(&self, email: &str) -> anyhow::Result<()> {
        login_failure::Entity::delete_many()
            .filter(login_failure::Column::Email.eq(email))
            .exec(&self.db)
            .await
            .context("failed to clear sign-in failures")?;
        Ok(())
    }
}
