//! What sign-in and accounts need from storage: accounts, sessions, authenticators and invitations
//! (failed attempts are counted by [`crate::limits`]).

use std::future::Future;

use atelier_domain::EntityId;
use atelier_domain::invitation::Invitation;
use atelier_domain::two_factor::{SignInChallenge, TwoFactor};
use atelier_domain::user::{Email, Role, User};
use chrono::{DateTime, Utc};

/// What saving a record with a unique field came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SaveOutcome {
    Saved,
    /// Another record already holds the unique value.
    Conflict,
    NotFound,
}

/// Stored accounts. Emails are unique.
pub trait UserRepository: Send + Sync + 'static {
    /// # Errors
    /// Only infrastructure faults.
    fn count_users(&self) -> impl Future<Output = anyhow::Result<u64>> + Send;

    /// # Errors
    /// Only infrastructure faults.
    fn find_user(&self, id: EntityId) -> impl Future<Output = anyhow::Result<Option<User>>> + Send;

    /// # Errors
    /// Only infrastructure faults.
    fn find_user_by_email(&self, email: &Email) -> impl Future<Output = anyhow::Result<Option<User>>> + Send;

    /// Stores a new account; [`SaveOutcome::Conflict`] when its email is taken.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn insert_user(&self, user: &User) -> impl Future<Output = anyhow::Result<SaveOutcome>> + Send;

    /// Replaces a stored account; [`SaveOutcome::Conflict`] when its new email is taken.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn update_user(&self, user: &User) -> impl Future<Output = anyhow::Result<SaveOutcome>> + Send;

    /// The accounts of one role, oldest first.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn users_with_role(&self, role: Role) -> impl Future<Output = anyhow::Result<Vec<User>>> + Send;

    /// Every account, oldest first.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn all_users(&self) -> impl Future<Output = anyhow::Result<Vec<User>>> + Send;

    /// Deletes an account and its sessions, unless it is the Owner's.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn remove_account(&self, id: EntityId) -> impl Future<Output = anyhow::Result<RemoveAccountOutcome>> + Send;

    /// Gives an account another role, in one step that never touches the Owner's account (so no
    /// change can leave the site without its one Owner); `role` is never [`Role::Owner`].
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn change_role(
        &self,
        id: EntityId,
        role: Role,
        at: DateTime<Utc>,
    ) -> impl Future<Output = anyhow::Result<RoleChangeOutcome>> + Send;

    /// Makes `to` the Owner and `from` (the Owner) an Administrator, together: nothing changes
    /// unless `from` is the Owner and `to` another account.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn hand_over_ownership(
        &self,
        from: EntityId,
        to: EntityId,
        at: DateTime<Utc>,
    ) -> impl Future<Output = anyhow::Result<HandoverOutcome>> + Send;
}

/// What removing an account came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RemoveAccountOutcome {
    Removed,
    /// No account has the id.
    NotFound,
    /// It is the Owner's: it stays.
    Owner,
}

/// What changing an account's role came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RoleChangeOutcome {
    /// The account as it is now.
    Changed(User),
    NotFound,
    /// It is the Owner's: its role changes only by handing ownership over.
    Owner,
}

/// What handing ownership over came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HandoverOutcome {
    /// The new Owner's account as it is now.
    HandedOver(User),
    /// No account has the new Owner's id.
    NotFound,
    /// `from` is no longer the Owner (another handover came first), or `to` is `from`.
    NotOwner,
}

/// Invitations to join the back office, found by their token's hash.
pub trait InvitationRepository: Send + Sync + 'static {
    /// # Errors
    /// Only infrastructure faults.
    fn insert_invitation(&self, invitation: &Invitation) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// The invitation whose token hashes to `token_hash`, expired or not.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_invitation(&self, token_hash: &str) -> impl Future<Output = anyhow::Result<Option<Invitation>>> + Send;

    /// The invitations not expired at `now`, newest first.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn open_invitations(&self, now: DateTime<Utc>) -> impl Future<Output = anyhow::Result<Vec<Invitation>>> + Send;

    /// Withdraws an invitation; `false` when there was none.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn delete_invitation(&self, id: EntityId) -> impl Future<Output = anyhow::Result<bool>> + Send;

    /// Uses the invitation up and stores the account it creates, together: [`SaveOutcome::NotFound`]
    /// (and no account) when the invitation was used or withdrawn meanwhile,
    /// [`SaveOutcome::Conflict`] (and the invitation kept) when the email is taken.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn accept_invitation(
        &self,
        invitation: &Invitation,
        user: &User,
    ) -> impl Future<Output = anyhow::Result<SaveOutcome>> + Send;
}

/// A signed-in session: the server-side record behind one token, so a token can be revoked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    /// The token's `jti`.
    pub id: EntityId,
    pub user_id: EntityId,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    pub revoked_at: Option<DateTime<Utc>>,
    /// When a request last used it, to within [`atelier_domain::session::LAST_USED_RESOLUTION`].
    pub last_used_at: DateTime<Utc>,
    /// The address it was opened from.
    pub address: String,
    /// The `User-Agent` text of the browser it was opened in.
    pub user_agent: String,
}

impl Session {
    /// Neither revoked nor expired at `now`.
    pub fn is_live(&self, now: DateTime<Utc>) -> bool {
        self.revoked_at.is_none() && self.expires_at > now
    }
}

/// Stored sessions.
pub trait SessionRepository: Send + Sync + 'static {
    /// # Errors
    /// Only infrastructure faults.
    fn insert_session(&self, session: &Session) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// # Errors
    /// Only infrastructure faults.
    fn find_session(&self, id: EntityId) -> impl Future<Output = anyhow::Result<Option<Session>>> + Send;

    /// Revokes one session (a no-op when already revoked).
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn revoke_session(&self, id: EntityId, at: DateTime<Utc>) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// Revokes every live session of a user but `keep`; answers how many it revoked.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn revoke_other_sessions(
        &self,
        user_id: EntityId,
        keep: EntityId,
        at: DateTime<Utc>,
    ) -> impl Future<Output = anyhow::Result<u64>> + Send;

    /// Records that a session was used at `at`, unless it was already recorded as used after
    /// `unless_since` (so concurrent requests write once).
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn touch_session(
        &self,
        id: EntityId,
        at: DateTime<Utc>,
        unless_since: DateTime<Utc>,
    ) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// Whether the user opened a session from `address` at or after `since` (an address the account
    /// is known at).
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn signed_in_from(
        &self,
        user_id: EntityId,
        address: &str,
        since: DateTime<Utc>,
    ) -> impl Future<Output = anyhow::Result<bool>> + Send;

    /// A user's sessions that are neither revoked nor expired at `now`, most recently used first.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn live_sessions(
        &self,
        user_id: EntityId,
        now: DateTime<Utc>,
    ) -> impl Future<Output = anyhow::Result<Vec<Session>>> + Send;
}

/// Accounts' authenticators and recovery codes.
pub trait TwoFactorRepository: Send + Sync + 'static {
    /// An account's authenticator, pending or enabled.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_two_factor(&self, user_id: EntityId) -> impl Future<Output = anyhow::Result<Option<TwoFactor>>> + Send;

    /// Stores a pending enrolment, replacing any earlier pending one; `false` (and nothing stored)
    /// when the account's two-factor sign-in is already enabled.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn save_pending_two_factor(&self, pending: &TwoFactor) -> impl Future<Output = anyhow::Result<bool>> + Send;

    /// Enables the pending enrolment, records `step` as used and replaces the account's recovery
    /// codes with `recovery_code_hashes`, together; `false` (and nothing changed) when no enrolment
    /// is pending.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn enable_two_factor(
        &self,
        user_id: EntityId,
        step: u64,
        at: DateTime<Utc>,
        recovery_code_hashes: &[String],
    ) -> impl Future<Output = anyhow::Result<bool>> + Send;

    /// Records that a code of `step` was accepted, in one atomic step that succeeds only while no
    /// code of that step or a later one was: `false` when one was (a replay, or a race lost).
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn use_totp_step(&self, user_id: EntityId, step: u64) -> impl Future<Output = anyhow::Result<bool>> + Send;

    /// Uses up the unused recovery code of the account with this hash, atomically: `false` when
    /// there is none (never issued, or used already).
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn use_recovery_code(
        &self,
        user_id: EntityId,
        code_hash: &str,
        at: DateTime<Utc>,
    ) -> impl Future<Output = anyhow::Result<bool>> + Send;

    /// How many of the account's recovery codes are still unused.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn unused_recovery_codes(&self, user_id: EntityId) -> impl Future<Output = anyhow::Result<u64>> + Send;

    /// Removes the account's authenticator and recovery codes; `false` when it had none.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn remove_two_factor(&self, user_id: EntityId) -> impl Future<Output = anyhow::Result<bool>> + Send;
}

/// The challenges between the password step and the code step of sign-ins, found by their token's
/// hash.
pub trait SignInChallengeRepository: Send + Sync + 'static {
    /// Stores a new challenge, and forgets challenges that expired before `challenge.created_at`.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn insert_challenge(&self, challenge: &SignInChallenge) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// The challenge whose token hashes to `token_hash`, usable or not.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_challenge(&self, token_hash: &str) -> impl Future<Output = anyhow::Result<Option<SignInChallenge>>> + Send;

    /// Counts a wrong code against a challenge.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn count_challenge_failure(&self, id: EntityId) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// Uses a challenge up (deletes it); `false` when it was already gone, so of two requests
    /// completing one challenge at once only one succeeds.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn take_challenge(&self, id: EntityId) -> impl Future<Output = anyhow::Result<bool>> + Send;
}
