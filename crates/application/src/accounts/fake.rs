//! The in-memory accounts, sessions, authenticators and invitations. None of them is content: an installation
//! with only its administrator still gets the demo content.

use atelier_domain::EntityId;
use atelier_domain::invitation::Invitation;
use atelier_domain::user::{Email, Role, User};
use chrono::{DateTime, Utc};

use atelier_domain::two_factor::{SignInChallenge, TwoFactor};

use super::ports::{
    HandoverOutcome, InvitationRepository, RemoveAccountOutcome, RoleChangeOutcome, SaveOutcome, Session,
    SessionRepository, SignInChallengeRepository, TwoFactorRepository, UserRepository,
};
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

    async fn users_with_role(&self, role: Role) -> anyhow::Result<Vec<User>> {
        self.with(|tables| {
            let mut users: Vec<User> = tables.rows::<User>().iter().filter(|user| user.role == role).cloned().collect();
            users.sort_by_key(|user| (user.created_at, user.id));
            Ok(users)
        })
    }

    async fn all_users(&self) -> anyhow::Result<Vec<User>> {
        self.with(|tables| {
            let mut users: Vec<User> = tables.rows::<User>().to_vec();
            users.sort_by_key(|user| (user.created_at, user.id));
            Ok(users)
        })
    }

    async fn remove_account(&self, id: EntityId) -> anyhow::Result<RemoveAccountOutcome> {
        self.with(|tables| {
            let users = tables.private_rows_mut::<User>();
            match users.iter().find(|user| user.id == id) {
                None => return Ok(RemoveAccountOutcome::NotFound),
                Some(user) if user.role == Role::Owner => return Ok(RemoveAccountOutcome::Owner),
                Some(_) => {}
            }
            users.retain(|user| user.id != id);
            // The database deletes them with the account.
            tables.private_rows_mut::<Session>().retain(|session| session.user_id != id);
            tables.private_rows_mut::<TwoFactor>().retain(|two_factor| two_factor.user_id != id);
            tables.private_rows_mut::<StoredRecoveryCode>().retain(|code| code.user_id != id);
            tables.private_rows_mut::<SignInChallenge>().retain(|challenge| challenge.user_id != id);
            Ok(RemoveAccountOutcome::Removed)
        })
    }

    async fn change_role(&self, id: EntityId, role: Role, at: DateTime<Utc>) -> anyhow::Result<RoleChangeOutcome> {
        assert_ne!(role, Role::Owner, "ownership is handed over, never set");
        self.with(|tables| match tables.private_rows_mut::<User>().iter_mut().find(|user| user.id == id) {
            None => Ok(RoleChangeOutcome::NotFound),
            Some(user) if user.role == Role::Owner => Ok(RoleChangeOutcome::Owner),
            Some(user) => {
                user.role = role;
                user.updated_at = at;
                Ok(RoleChangeOutcome::Changed(user.clone()))
            }
        })
    }

    async fn hand_over_ownership(
        &self,
        from: EntityId,
        to: EntityId,
        at: DateTime<Utc>,
    ) -> anyhow::Result<HandoverOutcome> {
        self.with(|tables| {
            let users = tables.private_rows_mut::<User>();
            if from == to || !users.iter().any(|user| user.id == from && user.role == Role::Owner) {
                return Ok(HandoverOutcome::NotOwner);
            }
            if !users.iter().any(|user| user.id == to) {
                return Ok(HandoverOutcome::NotFound);
            }
            let mut new_owner = None;
            for user in users.iter_mut() {
                if user.id == from {
                    user.role = Role::Administrator;
                    user.updated_at = at;
                } else if user.id == to {
                    user.role = Role::Owner;
                    user.updated_at = at;
                    new_owner = Some(user.clone());
                }
            }
            Ok(HandoverOutcome::HandedOver(new_owner.expect("checked")))
        })
    }
}

impl InvitationRepository for InMemoryStore {
    async fn insert_invitation(&self, invitation: &Invitation) -> anyhow::Result<()> {
        self.with(|tables| tables.private_rows_mut::<Invitation>().push(invitation.clone()));
        Ok(())
    }

    async fn find_invitation(&self, token_hash: &str) -> anyhow::Result<Option<Invitation>> {
        self.with(|tables| Ok(tables.rows::<Invitation>().iter().find(|i| i.token_hash == token_hash).cloned()))
    }

    async fn open_invitations(&self, now: DateTime<Utc>) -> anyhow::Result<Vec<Invitation>> {
        self.with(|tables| {
            let mut open: Vec<Invitation> =
                tables.rows::<Invitation>().iter().filter(|i| i.is_open(now)).cloned().collect();
            open.sort_by(|a, b| b.created_at.cmp(&a.created_at).then_with(|| b.id.cmp(&a.id)));
            Ok(open)
        })
    }

    async fn delete_invitation(&self, id: EntityId) -> anyhow::Result<bool> {
        self.with(|tables| {
            let invitations = tables.private_rows_mut::<Invitation>();
            let before = invitations.len();
            invitations.retain(|invitation| invitation.id != id);
            Ok(invitations.len() < before)
        })
    }

    async fn accept_invitation(&self, invitation: &Invitation, user: &User) -> anyhow::Result<SaveOutcome> {
        self.with(|tables| {
            if !tables.rows::<Invitation>().iter().any(|i| i.id == invitation.id) {
                return Ok(SaveOutcome::NotFound);
            }
            if tables.rows::<User>().iter().any(|other| other.email == user.email) {
                return Ok(SaveOutcome::Conflict);
            }
            tables.private_rows_mut::<Invitation>().retain(|i| i.id != invitation.id);
            tables.private_rows_mut::<User>().push(user.clone());
            Ok(SaveOutcome::Saved)
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

    async fn revoke_other_sessions(&self, user_id: EntityId, keep: EntityId, at: DateTime<Utc>) -> anyhow::Result<u64> {
        Ok(self.with(|tables| {
            let sessions = tables.private_rows_mut::<Session>();
            let mut revoked = 0;
            for session in
                sessions.iter_mut().filter(|s| s.user_id == user_id && s.id != keep && s.revoked_at.is_none())
            {
                session.revoked_at = Some(at);
                revoked += 1;
            }
            revoked
        }))
    }

    async fn touch_session(&self, id: EntityId, at: DateTime<Utc>, unless_since: DateTime<Utc>) -> anyhow::Result<()> {
        self.with(|tables| {
            let sessions = tables.private_rows_mut::<Session>();
            for session in sessions.iter_mut().filter(|s| s.id == id && s.last_used_at <= unless_since) {
                session.last_used_at = at;
            }
        });
        Ok(())
    }

    async fn signed_in_from(&self, user_id: EntityId, address: &str, since: DateTime<Utc>) -> anyhow::Result<bool> {
        self.with(|tables| {
            Ok(tables
                .rows::<Session>()
                .iter()
                .any(|s| s.user_id == user_id && s.address == address && s.created_at >= since))
        })
    }

    async fn live_sessions(&self, user_id: EntityId, now: DateTime<Utc>) -> anyhow::Result<Vec<Session>> {
        self.with(|tables| {
            let mut live: Vec<Session> =
                tables.rows::<Session>().iter().filter(|s| s.user_id == user_id && s.is_live(now)).cloned().collect();
            live.sort_by(|a, b| b.last_used_at.cmp(&a.last_used_at).then_with(|| b.id.cmp(&a.id)));
            Ok(live)
        })
    }
}

/// One issued recovery code: its hash, and when it was used.
#[derive(Debug, Clone)]
struct StoredRecoveryCode {
    user_id: EntityId,
    hash: String,
    used_at: Option<DateTime<Utc>>,
}

impl TwoFactorRepository for InMemoryStore {
    async fn find_two_factor(&self, user_id: EntityId) -> anyhow::Result<Option<TwoFactor>> {
        self.with(|tables| Ok(tables.rows::<TwoFactor>().iter().find(|t| t.user_id == user_id).cloned()))
    }

    async fn save_pending_two_factor(&self, pending: &TwoFactor) -> anyhow::Result<bool> {
        self.with(|tables| {
            let rows = tables.private_rows_mut::<TwoFactor>();
            if rows.iter().any(|t| t.user_id == pending.user_id && t.is_enabled()) {
                return Ok(false);
            }
            rows.retain(|t| t.user_id != pending.user_id);
            rows.push(pending.clone());
            Ok(true)
        })
    }

    async fn enable_two_factor(
        &self,
        user_id: EntityId,
        step: u64,
        at: DateTime<Utc>,
        recovery_code_hashes: &[String],
    ) -> anyhow::Result<bool> {
        self.with(|tables| {
            let rows = tables.private_rows_mut::<TwoFactor>();
            let Some(pending) = rows.iter_mut().find(|t| t.user_id == user_id && !t.is_enabled()) else {
                return Ok(false);
            };
            pending.enabled_at = Some(at);
            pending.last_used_step = Some(step);
            let codes = tables.private_rows_mut::<StoredRecoveryCode>();
            codes.retain(|code| code.user_id != user_id);
            codes.extend(recovery_code_hashes.iter().map(|hash| StoredRecoveryCode {
                user_id,
                hash: hash.clone(),
                used_at: None,
            }));
            Ok(true)
        })
    }

    async fn use_totp_step(&self, user_id: EntityId, step: u64) -> anyhow::Result<bool> {
        self.with(|tables| {
            let rows = tables.private_rows_mut::<TwoFactor>();
            match rows.iter_mut().find(|t| t.user_id == user_id && t.is_enabled() && t.accepts_step(step)) {
                Some(two_factor) => {
                    two_factor.last_used_step = Some(step);
                    Ok(true)
                }
                None => Ok(false),
            }
        })
    }

    async fn use_recovery_code(&self, user_id: EntityId, code_hash: &str, at: DateTime<Utc>) -> anyhow::Result<bool> {
        self.with(|tables| {
            let codes = tables.private_rows_mut::<StoredRecoveryCode>();
            match codes.iter_mut().find(|c| c.user_id == user_id && c.hash == code_hash && c.used_at.is_none()) {
                Some(code) => {
                    code.used_at = Some(at);
                    Ok(true)
                }
                None => Ok(false),
            }
        })
    }

    async fn unused_recovery_codes(&self, user_id: EntityId) -> anyhow::Result<u64> {
        self.with(|tables| {
            let codes = tables.rows::<StoredRecoveryCode>();
            Ok(codes.iter().filter(|c| c.user_id == user_id && c.used_at.is_none()).count() as u64)
        })
    }

    async fn remove_two_factor(&self, user_id: EntityId) -> anyhow::Result<bool> {
        self.with(|tables| {
            let rows = tables.private_rows_mut::<TwoFactor>();
            let before = rows.len();
            rows.retain(|t| t.user_id != user_id);
            let removed = rows.len() < before;
            tables.private_rows_mut::<StoredRecoveryCode>().retain(|code| code.user_id != user_id);
            Ok(removed)
        })
    }
}

impl SignInChallengeRepository for InMemoryStore {
    async fn insert_challenge(&self, challenge: &SignInChallenge) -> anyhow::Result<()> {
        self.with(|tables| {
            let rows = tables.private_rows_mut::<SignInChallenge>();
            rows.retain(|c| c.expires_at > challenge.created_at);
            rows.push(challenge.clone());
        });
        Ok(())
    }

    async fn find_challenge(&self, token_hash: &str) -> anyhow::Result<Option<SignInChallenge>> {
        self.with(|tables| Ok(tables.rows::<SignInChallenge>().iter().find(|c| c.token_hash == token_hash).cloned()))
    }

    async fn count_challenge_failure(&self, id: EntityId) -> anyhow::Result<()> {
        self.with(|tables| {
            for challenge in tables.private_rows_mut::<SignInChallenge>().iter_mut().filter(|c| c.id == id) {
                challenge.failed_attempts += 1;
            }
        });
        Ok(())
    }

    async fn take_challenge(&self, id: EntityId) -> anyhow::Result<bool> {
        self.with(|tables| {
            let rows = tables.private_rows_mut::<SignInChallenge>();
            let before = rows.len();
            rows.retain(|c| c.id != id);
            Ok(rows.len() < before)
        })
    }
}
