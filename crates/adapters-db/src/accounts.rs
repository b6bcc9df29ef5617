//! Accounts, sessions and invitations in the `users`, `sessions` and `invitations` tables.

use anyhow::Context;
use atelier_application::accounts::ports::{
    HandoverOutcome, InvitationRepository, RemoveAccountOutcome, RoleChangeOutcome, SaveOutcome, Session,
    SessionRepository, UserRepository,
};
use atelier_application::audit::Change;
use atelier_domain::EntityId;
use atelier_domain::invitation::Invitation;
use atelier_domain::user::{Email, PasswordHash, Role, User};
use chrono::{DateTime, Utc};
use sea_orm::ActiveValue::Set;
use sea_orm::{
    ColumnTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, SqlErr, TransactionTrait,
};

use crate::audit;
use crate::entities::{invitation, session, user};
use crate::query::Unique;
use crate::store::{SeaOrmStore, stored};

/// A change made by (or to) an account when the request has no signed-in actor: a sign-in, a
/// registration, an accepted invitation.
fn about_account(id: EntityId) -> Change {
    Change { account: Some(id), ..Change::of(&id) }
}

fn is_unique_violation(error: &DbErr) -> bool {
    matches!(error.sql_err(), Some(SqlErr::UniqueConstraintViolation(_)))
}

impl UserRepository for SeaOrmStore {
    async fn count_users(&self) -> anyhow::Result<u64> {
        user::Entity::find().count(&self.db).await.context("failed to count users")
    }

    async fn find_user(&self, id: EntityId) -> anyhow::Result<Option<User>> {
        let row = user::Entity::find_by_id(id.to_string()).unique(&self.db).await.context("failed to read a user")?;
        row.map(user_into_domain).transpose()
    }

    async fn find_user_by_email(&self, email: &Email) -> anyhow::Result<Option<User>> {
        let row = user::Entity::find()
            .filter(user::Column::Email.eq(email.as_str()))
            .unique(&self.db)
            .await
            .context("failed to read a user by email")?;
        row.map(user_into_domain).transpose()
    }

    async fn insert_user(&self, user: &User) -> anyhow::Result<SaveOutcome> {
        let transaction = self.db.begin().await.context("failed to begin a transaction")?;
        match user::Entity::insert(user_to_active(user)).exec_without_returning(&transaction).await {
            Ok(_) => {}
            Err(error) if is_unique_violation(&error) => return Ok(SaveOutcome::Conflict),
            Err(error) => return Err(error).context("failed to insert a user"),
        }
        let recorded = audit::append(&transaction, about_account(user.id)).await?;
        audit::commit(transaction, recorded).await?;
        Ok(SaveOutcome::Saved)
    }

    async fn update_user(&self, user: &User) -> anyhow::Result<SaveOutcome> {
        // The row as it was, to name what changes (a password only as `password`).
        let before = if audit::wanted() {
            user::Entity::find_by_id(user.id.to_string()).unique(&self.db).await.context("failed to read a user")?
        } else {
            None
        };
        let mut row = user_to_active(user);
        let changed_fields = before.map(|before| {
            let before = user::ActiveModel::from(before);
            let fields = audit::changed_fields(&before, &row);
            fields
                .into_iter()
                .map(|field| if field == "passwordHash" { "password".to_owned() } else { field })
                .collect()
        });
        row.id = sea_orm::ActiveValue::Unchanged(user.id.to_string());
        let transaction = self.db.begin().await.context("failed to begin a transaction")?;
        let result = user::Entity::update_many()
            .set(row)
            .filter(user::Column::Id.eq(user.id.to_string()))
            .exec(&transaction)
            .await;
        match result {
            Ok(result) if result.rows_affected > 0 => {}
            Ok(_) => return Ok(SaveOutcome::NotFound),
            Err(error) if is_unique_violation(&error) => return Ok(SaveOutcome::Conflict),
            Err(error) => return Err(error).context("failed to update a user"),
        }
        let change = Change { changed_fields, ..Change::of(&user.id) };
        let recorded = audit::append(&transaction, change).await?;
        audit::commit(transaction, recorded).await?;
        Ok(SaveOutcome::Saved)
    }

    async fn users_with_role(&self, role: Role) -> anyhow::Result<Vec<User>> {
        let rows = user::Entity::find()
            .filter(user::Column::Role.eq(role.as_str()))
            .order_by_asc(user::Column::CreatedAt)
            .order_by_asc(user::Column::Id)
            .all(&self.db)
            .await
            .context("failed to list users by role")?;
        rows.into_iter().map(user_into_domain).collect()
    }

    async fn all_users(&self) -> anyhow::Result<Vec<User>> {
        let rows = user::Entity::find()
            .order_by_asc(user::Column::CreatedAt)
            .order_by_asc(user::Column::Id)
            .all(&self.db)
            .await
            .context("failed to list users")?;
        rows.into_iter().map(user_into_domain).collect()
    }

    async fn remove_account(&self, id: EntityId) -> anyhow::Result<RemoveAccountOutcome> {
        let transaction = self.db.begin().await.context("failed to begin a transaction")?;
        let row =
            user::Entity::find_by_id(id.to_string()).unique(&transaction).await.context("failed to read a user")?;
        let Some(row) = row else {
            return Ok(RemoveAccountOutcome::NotFound);
        };
        // The Owner's row is never deleted, even by a handover that commits meanwhile: the delete
        // itself requires the role not to be the Owner's.
        let deleted = user::Entity::delete_many()
            .filter(user::Column::Id.eq(id.to_string()))
            .filter(user::Column::Role.ne(Role::Owner.as_str()))
            .exec(&transaction)
            .await
            .context("failed to delete an account")?;
        if deleted.rows_affected == 0 {
            return Ok(RemoveAccountOutcome::Owner);
        }
        // Sessions and invitations sent go with the account (foreign keys cascade).
        let recorded = audit::append(&transaction, Change::of(&id).titled(row.name)).await?;
        audit::commit(transaction, recorded).await.context("failed to commit an account's removal")?;
        Ok(RemoveAccountOutcome::Removed)
    }

    async fn change_role(&self, id: EntityId, role: Role, at: DateTime<Utc>) -> anyhow::Result<RoleChangeOutcome> {
        let transaction = self.db.begin().await.context("failed to begin a transaction")?;
        let row =
            user::Entity::find_by_id(id.to_string()).unique(&transaction).await.context("failed to read a user")?;
        let Some(row) = row else {
            return Ok(RoleChangeOutcome::NotFound);
        };
        // One statement that leaves the Owner's row alone, whatever committed since the read.
        let updated = user::Entity::update_many()
            .col_expr(user::Column::Role, role.as_str().into())
            .col_expr(user::Column::UpdatedAt, at.into())
            .filter(user::Column::Id.eq(id.to_string()))
            .filter(user::Column::Role.ne(Role::Owner.as_str()))
            .exec(&transaction)
            .await
            .context("failed to change a role")?;
        if updated.rows_affected == 0 {
            return Ok(RoleChangeOutcome::Owner);
        }
        let before = stored("users.role", Role::parse(&row.role))?;
        let change = Change {
            changed_fields: Some(vec!["role".to_owned()]),
            ..Change::of(&id).titled(format!("{} ({} → {})", row.name, before.label(), role.label()))
        };
        let recorded = audit::append(&transaction, change).await?;
        audit::commit(transaction, recorded).await.context("failed to commit a role change")?;
        let mut user = user_into_domain(row)?;
        user.role = role;
        user.updated_at = at;
        Ok(RoleChangeOutcome::Changed(user))
    }

    async fn hand_over_ownership(
        &self,
        from: EntityId,
        to: EntityId,
        at: DateTime<Utc>,
    ) -> anyhow::Result<HandoverOutcome> {
        if from == to {
            return Ok(HandoverOutcome::NotOwner);
        }
        let transaction = self.db.begin().await.context("failed to begin a transaction")?;
        // The old Owner first: of two handovers at once, only the one that finds `from` still the
        // Owner goes on (on PostgreSQL the second waits for the first's row lock, then finds none).
        let demoted = user::Entity::update_many()
            .col_expr(user::Column::Role, Role::Administrator.as_str().into())
            .col_expr(user::Column::UpdatedAt, at.into())
            .filter(user::Column::Id.eq(from.to_string()))
            .filter(user::Column::Role.eq(Role::Owner.as_str()))
            .exec(&transaction)
            .await
            .context("failed to hand ownership over")?;
        if demoted.rows_affected == 0 {
            return Ok(HandoverOutcome::NotOwner);
        }
        let promoted = user::Entity::update_many()
            .col_expr(user::Column::Role, Role::Owner.as_str().into())
            .col_expr(user::Column::UpdatedAt, at.into())
            .filter(user::Column::Id.eq(to.to_string()))
            .exec(&transaction)
            .await
            .context("failed to hand ownership over")?;
        if promoted.rows_affected == 0 {
            // Dropping the transaction rolls the old Owner's change back.
            return Ok(HandoverOutcome::NotFound);
        }
        let row = user::Entity::find_by_id(to.to_string())
            .unique(&transaction)
            .await
            .context("failed to read the new owner")?
            .context("the new owner vanished")?;
        let change = Change {
            action: Some("ownership-handover"),
            changed_fields: Some(vec!["role".to_owned()]),
            ..Change::of(&to).titled(row.name.clone())
        };
        let recorded = audit::append(&transaction, change).await?;
        audit::commit(transaction, recorded).await.context("failed to commit an ownership handover")?;
        user_into_domain(row).map(HandoverOutcome::HandedOver)
    }
}

fn user_to_active(user: &User) -> user::ActiveModel {
    user::ActiveModel {
        id: Set(user.id.to_string()),
        email: Set(user.email.as_str().to_owned()),
        name: Set(user.name.clone()),
        role: Set(user.role.as_str().to_owned()),
        password_hash: Set(user.password_hash.as_str().to_owned()),
        must_change_password: Set(user.must_change_password),
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
        must_change_password: row.must_change_password,
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
            user_agent: Set(session.user_agent.clone()),
            address: Set(session.address.clone()),
            last_used_at: Set(Some(session.last_used_at)),
        };
        let transaction = self.db.begin().await.context("failed to begin a transaction")?;
        session::Entity::insert(row)
            .exec_without_returning(&transaction)
            .await
            .context("failed to insert a session")?;
        // A sign-in: the entry names the account that signed in.
        let recorded = audit::append(&transaction, about_account(session.user_id)).await?;
        audit::commit(transaction, recorded).await
    }

    async fn find_session(&self, id: EntityId) -> anyhow::Result<Option<Session>> {
        let row =
            session::Entity::find_by_id(id.to_string()).unique(&self.db).await.context("failed to read a session")?;
        row.map(session_into_domain).transpose()
    }

    async fn revoke_session(&self, id: EntityId, at: DateTime<Utc>) -> anyhow::Result<()> {
        let transaction = self.db.begin().await.context("failed to begin a transaction")?;
        session::Entity::update_many()
            .col_expr(session::Column::RevokedAt, at.into())
            .filter(session::Column::Id.eq(id.to_string()))
            .filter(session::Column::RevokedAt.is_null())
            .exec(&transaction)
            .await
            .context("failed to revoke a session")?;
        let recorded = audit::append(&transaction, Change::of(&id)).await?;
        audit::commit(transaction, recorded).await
    }

    async fn revoke_other_sessions(&self, user_id: EntityId, keep: EntityId, at: DateTime<Utc>) -> anyhow::Result<u64> {
        let transaction = self.db.begin().await.context("failed to begin a transaction")?;
        let result = session::Entity::update_many()
            .col_expr(session::Column::RevokedAt, at.into())
            .filter(session::Column::UserId.eq(user_id.to_string()))
            .filter(session::Column::Id.ne(keep.to_string()))
            .filter(session::Column::RevokedAt.is_null())
            .filter(session::Column::ExpiresAt.gt(at))
            .exec(&transaction)
            .await
            .context("failed to revoke a user's sessions")?;
        let recorded = audit::append(&transaction, Change::of(&user_id)).await?;
        audit::commit(transaction, recorded).await?;
        Ok(result.rows_affected)
    }

    async fn touch_session(&self, id: EntityId, at: DateTime<Utc>, unless_since: DateTime<Utc>) -> anyhow::Result<()> {
        session::Entity::update_many()
            .col_expr(session::Column::LastUsedAt, at.into())
            .filter(session::Column::Id.eq(id.to_string()))
            .filter(
                sea_orm::Condition::any()
                    .add(session::Column::LastUsedAt.is_null())
                    .add(session::Column::LastUsedAt.lte(unless_since)),
            )
            .exec(&self.db)
            .await
            .context("failed to record a session's use")?;
        Ok(())
    }

    async fn signed_in_from(&self, user_id: EntityId, address: &str, since: DateTime<Utc>) -> anyhow::Result<bool> {
        let found = session::Entity::find()
            .select_only()
            .column(session::Column::Id)
            .filter(session::Column::UserId.eq(user_id.to_string()))
            .filter(session::Column::Address.eq(address))
            .filter(session::Column::CreatedAt.gte(since))
            .into_tuple::<String>()
            .one(&self.db)
            .await
            .context("failed to look for a session from an address")?;
        Ok(found.is_some())
    }

    async fn live_sessions(&self, user_id: EntityId, now: DateTime<Utc>) -> anyhow::Result<Vec<Session>> {
        let rows = session::Entity::find()
            .filter(session::Column::UserId.eq(user_id.to_string()))
            .filter(session::Column::RevokedAt.is_null())
            .filter(session::Column::ExpiresAt.gt(now))
            .all(&self.db)
            .await
            .context("failed to list a user's sessions")?;
        let mut sessions = rows.into_iter().map(session_into_domain).collect::<anyhow::Result<Vec<_>>>()?;
        sessions.sort_by(|a, b| b.last_used_at.cmp(&a.last_used_at).then_with(|| b.id.cmp(&a.id)));
        Ok(sessions)
    }
}

fn session_into_domain(row: session::Model) -> anyhow::Result<Session> {
    Ok(Session {
        id: stored("sessions.id", EntityId::parse(&row.id))?,
        user_id: stored("sessions.user_id", EntityId::parse(&row.user_id))?,
        created_at: row.created_at,
        expires_at: row.expires_at,
        revoked_at: row.revoked_at,
        last_used_at: row.last_used_at.unwrap_or(row.created_at),
        address: row.address,
        user_agent: row.user_agent,
    })
}

impl InvitationRepository for SeaOrmStore {
    async fn insert_invitation(&self, invitation: &Invitation) -> anyhow::Result<()> {
        let transaction = self.db.begin().await.context("failed to begin a transaction")?;
        invitation::Entity::insert(invitation_to_active(invitation))
            .exec_without_returning(&transaction)
            .await
            .context("failed to insert an invitation")?;
        let change = Change { changed_fields: Some(vec!["email".to_owned()]), ..Change::of(&invitation.id) };
        let recorded = audit::append(&transaction, change).await?;
        audit::commit(transaction, recorded).await
    }

    async fn find_invitation(&self, token_hash: &str) -> anyhow::Result<Option<Invitation>> {
        let row = invitation::Entity::find()
            .filter(invitation::Column::TokenHash.eq(token_hash))
            .unique(&self.db)
            .await
            .context("failed to read an invitation")?;
        row.map(invitation_into_domain).transpose()
    }

    async fn open_invitations(&self, now: DateTime<Utc>) -> anyhow::Result<Vec<Invitation>> {
        let rows = invitation::Entity::find()
            .filter(invitation::Column::ExpiresAt.gt(now))
            .order_by_desc(invitation::Column::CreatedAt)
            .order_by_desc(invitation::Column::Id)
            .all(&self.db)
            .await
            .context("failed to list invitations")?;
        rows.into_iter().map(invitation_into_domain).collect()
    }

    async fn delete_invitation(&self, id: EntityId) -> anyhow::Result<bool> {
        let transaction = self.db.begin().await.context("failed to begin a transaction")?;
        let result = invitation::Entity::delete_by_id(id.to_string())
            .exec(&transaction)
            .await
            .context("failed to delete an invitation")?;
        let deleted = result.rows_affected > 0;
        let recorded = deleted && audit::append(&transaction, Change::of(&id)).await?;
        audit::commit(transaction, recorded).await?;
        Ok(deleted)
    }

    async fn accept_invitation(&self, invitation: &Invitation, user: &User) -> anyhow::Result<SaveOutcome> {
        let transaction = self.db.begin().await.context("failed to begin a transaction")?;
        let consumed = invitation::Entity::delete_by_id(invitation.id.to_string())
            .exec(&transaction)
            .await
            .context("failed to use an invitation up")?;
        if consumed.rows_affected == 0 {
            return Ok(SaveOutcome::NotFound);
        }
        match user::Entity::insert(user_to_active(user)).exec_without_returning(&transaction).await {
            Ok(_) => {}
            // Dropping the transaction rolls it back: the invitation stays.
            Err(error) if is_unique_violation(&error) => return Ok(SaveOutcome::Conflict),
            Err(error) => return Err(error).context("failed to insert an invited user"),
        }
        let recorded = audit::append(&transaction, about_account(user.id)).await?;
        audit::commit(transaction, recorded).await.context("failed to commit an accepted invitation")?;
        Ok(SaveOutcome::Saved)
    }
}

fn invitation_to_active(invitation: &Invitation) -> invitation::ActiveModel {
    invitation::ActiveModel {
        id: Set(invitation.id.to_string()),
        email: Set(invitation.email.as_str().to_owned()),
        invited_by: Set(invitation.invited_by.to_string()),
        role: Set(invitation.role.as_str().to_owned()),
        token_hash: Set(invitation.token_hash.clone()),
        created_at: Set(invitation.created_at),
        expires_at: Set(invitation.expires_at),
    }
}

fn invitation_into_domain(row: invitation::Model) -> anyhow::Result<Invitation> {
    Ok(Invitation {
        id: stored("invitations.id", EntityId::parse(&row.id))?,
        email: stored("invitations.email", Email::parse(&row.email))?,
        invited_by: stored("invitations.invited_by", EntityId::parse(&row.invited_by))?,
        role: stored("invitations.role", Role::parse(&row.role))?,
        token_hash: row.token_hash,
        created_at: row.created_at,
        expires_at: row.expires_at,
    })
}
