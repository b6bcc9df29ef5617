//! The back office's team: who its accounts are and their roles, inviting someone with a role by a
//! one-time link that expires (mailed to them when mail is on), accepting such a link, changing an
//! account's role, handing ownership over, and removing an account — never the Owner's. The site
//! always has exactly one Owner: no role change touches the Owner's account, and only a handover,
//! which makes the old Owner an Administrator in the same step, makes another.

use atelier_domain::invitation::{INVITATIONS, Invitation, invitations_key, secret_hash};
use atelier_domain::limits::RetryAfter;
use atelier_domain::notification::invitation_notice;
use atelier_domain::user::{Email, NewUser, NewUserInput, Role, User};
use atelier_domain::{EntityId, FieldErrors};

use super::ports::{HandoverOutcome, InvitationRepository, RemoveAccountOutcome, RoleChangeOutcome, SaveOutcome};
use super::{Accounts, Client, Principal, SignedIn};
use crate::limits::{self, LimitError};
use crate::notifications::ports::OutboxRepository;
use crate::notifications::queue_mail_to;
use crate::ports::{Clock, PasswordHasher, SecretSealer, TokenIssuer};
use crate::records::LookupError;

/// What one invitation is called in messages.
pub const INVITATION_LABEL: &str = "Invitation";
/// What one account is called in messages.
pub const ACCOUNT_LABEL: &str = "Account";
/// Why a role given is the Owner's.
pub const OWNER_NOT_GIVEN: &str = "Only handing ownership over makes an account the Owner";
/// The answer for a link that was used, revoked, has expired or never existed.
pub const INVALID_INVITATION: &str = "This invitation link is invalid or has expired";

/// A new invitation: the stored record, the link to pass on (its token is never shown again) and
/// whether it was also mailed.
#[derive(Debug, Clone)]
pub struct Invited {
    pub invitation: Invitation,
    pub link: String,
    pub mailed: bool,
}

#[derive(Debug, thiserror::Error)]
pub enum InvitationError {
    #[error("Validation failed")]
    Invalid(FieldErrors),
    #[error("{INVALID_INVITATION}")]
    Unusable,
    #[error("An account with this email already exists")]
    EmailTaken,
    /// The administrator sent [`INVITATIONS`]' worth within the hour.
    #[error("Too many invitations. Please try again in {} minutes.", .0.minutes())]
    Throttled(RetryAfter),
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

#[derive(Debug, thiserror::Error)]
pub enum RemoveAccountError {
    #[error("{ACCOUNT_LABEL} not found")]
    NotFound,
    #[error("The Owner's account cannot be removed: hand ownership over first")]
    Owner,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

#[derive(Debug, thiserror::Error)]
pub enum RoleError {
    #[error("{ACCOUNT_LABEL} not found")]
    NotFound,
    #[error("Validation failed")]
    Invalid(FieldErrors),
    /// The account is the Owner's: its role changes only by handing ownership over.
    #[error("The Owner's role changes only by handing ownership over")]
    Owner,
    /// A handover by an account that is not (or no longer) the Owner, or to the Owner itself.
    #[error("Only the Owner hands ownership over, to another account")]
    NotOwner,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// The role an invitation or a role change names: any but the Owner's.
fn given_role(text: &str) -> Result<Role, String> {
    match Role::parse(text)? {
        Role::Owner => Err(OWNER_NOT_GIVEN.to_owned()),
        role => Ok(role),
    }
}

impl<S, H, T, K, C> Accounts<S, H, T, K, C>
where
    S: super::AccountStore + InvitationRepository + OutboxRepository,
    H: PasswordHasher,
    T: TokenIssuer,
    K: SecretSealer,
    C: Clock,
{
    /// Every account, oldest first.
    pub async fn team(&self) -> anyhow::Result<Vec<User>> {
        self.store.all_users().await
    }

    /// The invitations that may still be accepted, newest first.
    pub async fn open_invitations(&self) -> anyhow::Result<Vec<Invitation>> {
        self.store.open_invitations(self.clock.now()).await
    }

    /// Invites `email` to join with `role` (an Administrator when none is given). The link is
    /// answered once; with mail on it is also mailed to the address.
    ///
    /// # Errors
    /// [`InvitationError::Invalid`] for a malformed email or a role that is not one (or is the
    /// Owner's), [`InvitationError::EmailTaken`] when an
    /// account already has it, [`InvitationError::Throttled`] past [`INVITATIONS`] (counted before
    /// anything is checked, taken back when the invitation is not sent).
    pub async fn invite(
        &self,
        principal: &Principal,
        email: &str,
        role: Option<&str>,
    ) -> Result<Invited, InvitationError> {
        let mut errors = FieldErrors::new();
        let email = errors.check("email", Email::parse(email));
        let role = errors.check("role", role.map_or(Ok(Role::Administrator), given_role));
        let (email, role) =
            errors.finish(|| (email.expect("checked"), role.expect("checked"))).map_err(InvitationError::Invalid)?;
        let counted =
            match limits::count(&self.store, &self.clock, &INVITATIONS, &invitations_key(principal.user.id)).await {
                Ok(counted) => counted,
                Err(LimitError::Exceeded(wait)) => return Err(InvitationError::Throttled(wait)),
                Err(LimitError::Unexpected(error)) => return Err(error.into()),
            };
        if self.store.find_user_by_email(&email).await?.is_some() {
            limits::take_back(&self.store, counted).await?;
            return Err(InvitationError::EmailTaken);
        }
        let (invitation, token) =
            Invitation::new(self.clock.new_id(), email, role, principal.user.id, self.clock.now());
        self.store.insert_invitation(&invitation).await?;
        let link = Invitation::link(&token, self.invitations.public_url.as_deref());
        let inviter = &principal.user;
        let notice = invitation_notice(&invitation, &inviter.name, inviter.email.as_str(), &link);
        let mailed = match queue_mail_to(
            &self.store,
            &self.clock,
            &self.invitations.mail,
            invitation.email.as_str(),
            notice,
        )
        .await
        {
            Ok(mailed) => mailed,
            Err(error) => {
                // The link is answered all the same: the inviting administrator can pass it on.
                tracing::error!(error = %format!("{error:#}"), invitation = %invitation.id, "failed to queue an invitation mail");
                false
            }
        };
        Ok(Invited { invitation, link, mailed })
    }

    /// Withdraws an open invitation.
    ///
    /// # Errors
    /// [`LookupError::NotFound`] when the id names no invitation.
    pub async fn revoke_invitation(&self, id: &str) -> Result<(), LookupError> {
        let id = EntityId::parse(id).map_err(|_| LookupError::NotFound(INVITATION_LABEL))?;
        if self.store.delete_invitation(id).await? { Ok(()) } else { Err(LookupError::NotFound(INVITATION_LABEL)) }
    }

    /// The open invitation a link's token names.
    ///
    /// # Errors
    /// [`InvitationError::Unusable`] when it was used, withdrawn, has expired or never existed.
    pub async fn inspect_invitation(&self, token: &str) -> Result<Invitation, InvitationError> {
        let now = self.clock.now();
        match self.store.find_invitation(&secret_hash(token)).await? {
            Some(invitation) if invitation.is_open(now) && !token.trim().is_empty() => Ok(invitation),
            _ => Err(InvitationError::Unusable),
        }
    }

    /// Accepts an invitation: creates the account with the invitation's role and the name and
    /// password chosen, uses the invitation up, and signs the new account in.
    ///
    /// # Errors
    /// [`InvitationError::Unusable`] as [`Accounts::inspect_invitation`]; `Invalid` for a missing
    /// name or a short password; `EmailTaken` when an account took the email meanwhile.
    pub async fn accept_invitation(
        &self,
        token: &str,
        name: Option<String>,
        password: Option<String>,
        client: &Client,
    ) -> Result<SignedIn, InvitationError> {
        let invitation = self.inspect_invitation(token).await?;
        let input = NewUserInput {
            name,
            email: Some(invitation.email.as_str().to_owned()),
            password,
            role: Some(invitation.role.as_str().to_owned()),
        };
        let new_user = NewUser::parse(input, invitation.role).map_err(InvitationError::Invalid)?;
        let now = self.clock.now();
        let user = User {
            id: self.clock.new_id(),
            email: new_user.email,
            name: new_user.name,
            role: invitation.role,
            password_hash: self.hasher.hash(&new_user.password).await?,
            must_change_password: false,
            created_at: now,
            updated_at: now,
        };
        match self.store.accept_invitation(&invitation, &user).await? {
            SaveOutcome::Saved => {}
            SaveOutcome::Conflict => return Err(InvitationError::EmailTaken),
            SaveOutcome::NotFound => return Err(InvitationError::Unusable),
        }
        Ok(self.signed_in(user, client, now).await?)
    }

    /// Removes an account and every session of theirs, unless it is the Owner's. The caller may
    /// remove themselves (the back office asks first); their token then stops working.
    ///
    /// # Errors
    /// [`RemoveAccountError::NotFound`] when the id names no account, `Owner` when it names the
    /// Owner's.
    pub async fn remove_account(&self, id: &str) -> Result<(), RemoveAccountError> {
        let id = EntityId::parse(id).map_err(|_| RemoveAccountError::NotFound)?;
        match self.store.remove_account(id).await? {
            RemoveAccountOutcome::Removed => Ok(()),
            RemoveAccountOutcome::NotFound => Err(RemoveAccountError::NotFound),
            RemoveAccountOutcome::Owner => Err(RemoveAccountError::Owner),
        }
    }

    /// Gives another account (or the caller's own, unless it is the Owner's) a role; it applies
    /// from the account's next request.
    ///
    /// # Errors
    /// [`RoleError::NotFound`] when the id names no account, `Invalid` for a role that is not one
    /// or is the Owner's, `Owner` when the account is the Owner's.
    pub async fn change_role(&self, id: &str, role: Option<&str>) -> Result<User, RoleError> {
        let id = EntityId::parse(id).map_err(|_| RoleError::NotFound)?;
        let role = given_role(role.unwrap_or_default()).map_err(|message| {
            let mut errors = FieldErrors::new();
            errors.add("role", message);
            RoleError::Invalid(errors)
        })?;
        match self.store.change_role(id, role, self.clock.now()).await? {
            RoleChangeOutcome::Changed(user) => Ok(user),
            RoleChangeOutcome::NotFound => Err(RoleError::NotFound),
            RoleChangeOutcome::Owner => Err(RoleError::Owner),
        }
    }

    /// Hands ownership over: the account named becomes the Owner and the caller, the Owner until
    /// now, an Administrator, in one step.
    ///
    /// # Errors
    /// [`RoleError::NotOwner`] when the caller is not the Owner or names themselves, `NotFound`
    /// when the id names no account.
    pub async fn hand_over_ownership(&self, principal: &Principal, id: &str) -> Result<User, RoleError> {
        let id = EntityId::parse(id).map_err(|_| RoleError::NotFound)?;
        if principal.user.role != Role::Owner {
            return Err(RoleError::NotOwner);
        }
        match self.store.hand_over_ownership(principal.user.id, id, self.clock.now()).await? {
            HandoverOutcome::HandedOver(user) => Ok(user),
            HandoverOutcome::NotFound => Err(RoleError::NotFound),
            HandoverOutcome::NotOwner => Err(RoleError::NotOwner),
        }
    }
}
