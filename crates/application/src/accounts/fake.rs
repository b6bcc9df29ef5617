//! The in-memory accounts, sessions and sign-in failures. None of them is content: an installation
//! with only its administrator still gets the demo content.

use atelier_domain::EntityId;
use atelier_domain::user::{Email, User};
use chrono::{DateTime, Utc};

use super::ports::{LoginAttemptRepository, RecentFailures, SaveOutcome, Session, SessionRepository, UserRepository};
use crate::fake::InMemoryStore;

impl UserRepository for InMemoryStore {
    async fn count_users(&self) -> anyhow::Result<u64> {
        self.with(|tables| Ok(tables.rows::<User>().len() as u64))
    }

    async fn find_user(&self, id: EntityId) -> anyhow::Result<Option<User>> {
        self.with(|tables| Ok(tables.rows::<User>().iter().find(|user| user.id == id).cloned()))
    }

    async fn find_user_by_email(&self, email: &Email) -> anyhow::Result<Option<User>> {
        self.with(|tables| Ok(tables.rows::<User>().iter().find(|user| &user.email == email).cloned()))
    }

    async fn insert_user(&self, user: &User) -> anyhow::Result<SaveOutcome> {
        self.with(|tables| {
            let users = tables.private_rows_mut::<User>();
            if users.iter().any(|other| other.email == user.email) {
                return Ok(SaveOutcome::Conflict);
            }
            users.push(user.clone());
            Ok(SaveOutcome::Saved)
        })
    }

    async fn update_user(&self, user: &User) -> anyhow::Result<SaveOutcome> {
        self.with(|tables| {
            let users = tables.private_rows_mut::<User>();
            if users.iter().any(|other| other.email == user.email && other.id != user.id) {
                return Ok(SaveOutcome::Conflict);
            }
            match users.iter_mut().find(|stored| stored.id == user.id) {
                Some(stored) => {
                    *stored = user.clone();
                    Ok(SaveOutcome::Saved)
                }
                None => Ok(SaveOutcome::NotFound),
            }
        })
    }
}

impl SessionRepository for InMemoryStore {
    async fn insert_session(&self, session: &Session) -> anyhow::Result<()> {
        self.with(|tables| tables.private_rows_mut::<Session>().push(session.clone()));
        Ok(())
    }

    async fn find_session(&self, id: EntityId) -> anyhow::Result<Option<Session>> {
        self.with(|tables| Ok(tables.rows::<Session>().iter().find(|session| session.id == id).cloned()))
    }

    async fn revoke_session(&self, id: EntityId, at: DateTime<Utc>) -> anyhow::Result<()> {
        self.with(|tables| {
            let sessions = tables.private_rows_mut::<Session>();
            for session in sessions.iter_mut().filter(|session| session.id == id && session.revoked_at.is_none()) {
                session.revoked_at = Some(at);
            }
        });
        Ok(())
    }

    async fn revoke_other_sessions(&self, user_id: EntityId, keep: EntityId, at: DateTime<Utc>) -> anyhow::Result<()> {
        self.with(|tables| {
            let sessions = tables.private_rows_mut::<Session>();
            for session in
                sessions.iter_mut().filter(|s| s.user_id == user_id && s.id != keep && s.revoked_at.is_none())
            {
                session.revoked_at = Some(at);
            }
        });
        Ok(())
    }
}

/// One failed sign-in: the email as typed (lowercased), the address, the time.
#[derive(Debug, Clone)]
struct LoginFailure {
    email: String,
    address: String,
    at: DateTime<Utc>,
}

impl LoginAttemptRepository for InMemoryStore {
    async fn record_login_failure(&self, email: &str, address: &str, at: DateTime<Utc>) -> anyhow::Result<()> {
        let failure = LoginFailure { email: email.to_owned(), address: address.to_owned(), at };
        self.with(|tables| tables.private_rows_mut::<LoginFailure>().push(failure));
        Ok(())
    }

    async fn login_failures_since(
        &self,
        email: &str,
        address: &str,
        since: DateTime<Utc>,
    ) -> anyhow::Result<RecentFailures> {
        self.with(|tables| {
            let recent = tables.rows::<LoginFailure>().iter().filter(|failure| failure.at >= since);
            let by_email = recent.clone().filter(|failure| failure.email == email).map(|failure| failure.at).collect();
            let by_address = recent.filter(|failure| failure.address == address).map(|failure| failure.at).collect();
            Ok(RecentFailures { by_email, by_address })
        })
    }

    async fn clear_login_failures(&self, email: &str) -> anyhow::Result<()> {
        self.with(|tables| tables.private_rows_mut::<LoginFailure>().retain(|failure| failure.email != email));
        Ok(())
    }
}
