//! The administrators of the back office: who they are, inviting another by a one-time link that
//! expires (mailed to them when mail is on), accepting such a link, and removing an administrator —
//! never the last one.

use atelier_domain::invitation::{INVITATIONS, Invitation, invitations_key, secret_hash};
use atelier_domain::limits::RetryAfter;
use atelier_domain::notification::invitation_notice;
use atelier_domain::user::{Email, NewUser, NewUserInput, Role, User};
use atelier_domain::{EntityId, FieldErrors};

use super::ports::{InvitationRepository, RemoveAdminOutcome, SaveOutcome};
use super::{Accounts, Client, Principal, SignedIn};
use crate::limits::{self, LimitError};
use crate::notifications::ports::OutboxRepository;
use crate::notifications::queue_mail_to;
use crate::ports::{Clock, PasswordHasher, SecretSealer, TokenIssuer};
use crate::records::LookupError;

/// What one invitation is called in messages.
pub const INVITATION_LABEL: &str = "Invitation";
/// What one administrator is called in messages.
pub const ADMIN_LABEL: &str = "Administrator";
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
pub enum RemoveAdminError {
    #[error("{ADMIN_LABEL} not found")]
    NotFound,
    #[error("The last administrator cannot be removed")]
    LastAdmin,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl<S, H, T, K, C> Accounts<S, H, T, K, C>
where
    S: super::AccountStore + InvitationRepository + OutboxRepository,
    H: PasswordHasher,
    T: TokenIssuer,
    K: SecretSealer,
    C: Clock,
{
    /// Every administrator, oldest first.
    pub async fn administrators(&self) -> anyhow::Result<Vec<User>> {
        self.store.users_with_role(Role::Admin).await
    }

    /// The invitations that may still be accepted, newest first.
    pub async fn open_invitations(&self) -> anyhow::Result<Vec<Invitation>> {
        self.store.open_invitations(self.clock.now()).await
    }

    /// Invites `email` to become an administrator. The link is answered once; with mail on it is
    /// also mailed to the address.
    ///
    /// # Errors
    /// [`InvitationError::Invalid`] for a malformed email, [`InvitationError::EmailTaken`] when an
    /// account already has it, [`InvitationError::Throttled`] past [`INVITATIONS`] (counted before
    /// anything is checked, taken back when the invitation is not sent).
    pub async fn invite(&self, principal: &Principal, email: &str) -> Result<Invited, InvitationError> {
        let email = Email::parse(email).map_err(|message| {
            let mut errors = FieldErrors::new();
            errors.add("email", message);
            InvitationError::Invalid(errors)
        })?;
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
        let (invitation, token) = Invitation::new(self.clock.new_id(), email, principal.user.id, self.clock.now());
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

    /// Accepts an invitation: creates the administrator with the name and password chosen, uses the
    /// invitation up, and signs the new administrator in.
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
            role: Some(Role::Admin.as_str().to_owned()),
        };
        let new_user = NewUser::parse(input, Role::Admin).map_err(InvitationError::Invalid)?;
        let now = self.clock.now();
        let user = User {
            id: self.clock.new_id(),
            email: new_user.email,
            name: new_user.name,
            role: Role::Admin,
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

    /// Removes an administrator and every session of theirs, unless they are the last one. The
    /// caller may remove themselves (the back office asks first); their token then stops working.
    ///
    /// # Errors
    /// [`RemoveAdminError::NotFound`] when the id names no administrator, `LastAdmin` when it names
    /// the only one.
    pub async fn remove_admin(&self, id: &str) -> Result<(), RemoveAdminError> {
        let id = EntityId::parse(id).map_err(|_| RemoveAdminError::NotFound)?;
        match self.store.remove_admin(id).await? {
            RemoveAdminOutcome::Removed => Ok(()),
            RemoveAdminOutcome::NotFound => Err(RemoveAdminError::NotFound),
            RemoveAdminOutcome::LastAdmin => Err(RemoveAdminError::LastAdmin),
        }
    }
}
