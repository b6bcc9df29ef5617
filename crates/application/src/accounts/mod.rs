//! Accounts and sessions: signing in and out, checking tokens, adding accounts, changing one's
//! password or profile, and the first account (the Owner) of a new installation.

#[cfg(test)]
mod admin_tests;
pub mod admins;
#[cfg(test)]
mod fake;
pub mod ports;
pub mod two_factor;
#[cfg(test)]
mod two_factor_tests;

use atelier_domain::limits::LimitKey;
use atelier_domain::session::{LAST_USED_RESOLUTION, kept_address, kept_user_agent};
use atelier_domain::user::{
    Email, NewUser, NewUserInput, PASSWORD_CHANGES, Password, ProfileChanges, Role, SignInLimits, User,
};
use atelier_domain::{EntityId, FieldErrors};
use chrono::{DateTime, Duration, Utc};

use self::ports::{
    SaveOutcome, Session, SessionRepository, SignInChallengeRepository, TwoFactorRepository, UserRepository,
};
use self::two_factor::{CodeChallenge, TwoFactorPolicy};
use crate::audit::Change;
use crate::audit::ports::AuditRepository;
use crate::limits::{self, Counted, LimitError, ports::AttemptLog};
use crate::notifications::Notifications;
use crate::ports::{Clock, InvalidToken, PasswordHasher, SecretSealer, TokenClaims, TokenIssuer};
use crate::records::LookupError;

/// How long a token is valid.
pub const TOKEN_LIFETIME: Duration = Duration::hours(12);

/// What one session is called in messages.
pub const SESSION_LABEL: &str = "Session";

/// The one message for an unknown email and a wrong password alike.
pub const INVALID_CREDENTIALS: &str = "Invalid email or password";

/// A successful sign-in or registration: the bearer token and the account.
#[derive(Debug, Clone)]
pub struct SignedIn {
    pub token: String,
    pub user: User,
    /// Two-factor sign-in is required on this site and the account has not set it up yet: every
    /// call but the few that set it up answers 403 until it has.
    pub must_enrol_two_factor: bool,
}

/// What the password step of a sign-in came to.
#[derive(Debug, Clone)]
pub enum SignInStep {
    /// Signed in.
    SignedIn(SignedIn),
    /// The account has two-factor sign-in: a code has to follow, with the challenge's token.
    CodeRequired(CodeChallenge),
}

impl SignInStep {
    /// The session, when the sign-in needed no second step.
    pub fn signed_in(self) -> Option<SignedIn> {
        match self {
            Self::SignedIn(signed_in) => Some(signed_in),
            Self::CodeRequired(_) => None,
        }
    }
}

/// Where a request comes from: the client's address and its browser's `User-Agent` text, kept with
/// the sessions it opens.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Client {
    pub address: String,
    pub user_agent: String,
}

impl Client {
    pub fn new(address: &str, user_agent: &str) -> Self {
        Self { address: kept_address(address), user_agent: kept_user_agent(user_agent) }
    }
}

/// The account and session behind a valid token.
#[derive(Debug, Clone)]
pub struct Principal {
    pub user: User,
    pub session_id: EntityId,
    /// Two-factor sign-in is required and the account has not set it up yet.
    pub must_enrol_two_factor: bool,
}

impl Principal {
    /// The account's role, as stored when this request began.
    pub fn role(&self) -> Role {
        self.user.role
    }
}

#[derive(Debug, thiserror::Error)]
pub enum LoginError {
    #[error("{INVALID_CREDENTIALS}")]
    InvalidCredentials,
    /// Too many recent failures for this account from this address, or for this account from
    /// addresses it is not known at.
    #[error("too many failed sign-in attempts")]
    Throttled { wait: atelier_domain::limits::RetryAfter },
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// A sign-in attempt refused by its limits before anything was checked: when to try again.
#[derive(Debug)]
pub(crate) enum SignInRefused {
    Throttled(atelier_domain::limits::RetryAfter),
    Unexpected(anyhow::Error),
}

impl From<anyhow::Error> for SignInRefused {
    fn from(error: anyhow::Error) -> Self {
        Self::Unexpected(error)
    }
}

impl From<SignInRefused> for LoginError {
    fn from(refused: SignInRefused) -> Self {
        match refused {
            SignInRefused::Throttled(wait) => Self::Throttled { wait },
            SignInRefused::Unexpected(error) => Self::Unexpected(error),
        }
    }
}

/// A sign-in attempt counted against its limits while its password or code is checked.
#[derive(Debug)]
pub(crate) struct SignInAttempt {
    pair_key: LimitKey,
    pair: Counted,
    /// `None` from an address the account is known at.
    account: Option<Counted>,
}

#[derive(Debug, thiserror::Error)]
pub enum AuthError {
    /// Missing, malformed, forged, expired or revoked token, or a deleted account.
    #[error("invalid or expired token")]
    Invalid,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl From<InvalidToken> for AuthError {
    fn from(_: InvalidToken) -> Self {
        Self::Invalid
    }
}

#[derive(Debug, thiserror::Error)]
pub enum AccountError {
    #[error("Validation failed")]
    Invalid(FieldErrors),
    /// Accounts exist and the caller is not signed in.
    #[error("Sign in as an Owner or Administrator to add accounts")]
    SignInRequired,
    /// The caller may not do this.
    #[error("Administrator or higher role required to add accounts")]
    Forbidden,
    #[error("An account with this email already exists")]
    EmailTaken,
    /// The caller still has to change a generated password or set up two-factor sign-in.
    #[error("Finish securing your own account before adding others")]
    SetupRequired,
    /// Too many wrong current passwords lately.
    #[error("Too many attempts. Please try again in {} minutes.", .0.minutes())]
    Throttled(atelier_domain::limits::RetryAfter),
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// What `ensure_first_admin` did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FirstAdmin {
    /// Accounts existed already.
    NotNeeded,
    /// The first administrator was created with the password given.
    Created { email: Email },
    /// The first administrator was created with a generated password, to be shown once.
    CreatedWithGeneratedPassword { email: Email, password: Password },
}

/// The account use cases.
#[derive(Debug, Clone)]
pub struct Accounts<S, H, T, K, C> {
    store: S,
    hasher: H,
    tokens: T,
    /// Seals the accounts' TOTP secrets.
    sealer: K,
    clock: C,
    limits: SignInLimits,
    invitations: InvitationDelivery,
    two_factor: TwoFactorPolicy,
}

/// How invitations reach people: their links' base address, and the mail that carries them when
/// mail is on.
#[derive(Debug, Clone, Default)]
pub struct InvitationDelivery {
    pub mail: Notifications,
    /// The site's public address (`https://studio.example`); without it links are paths.
    pub public_url: Option<String>,
}

/// What signing in keeps in the store: accounts, sessions, the attempts the limits count, the audit
/// log, two-factor secrets and sign-in challenges.
pub trait AccountStore:
    UserRepository + SessionRepository + AttemptLog + AuditRepository + TwoFactorRepository + SignInChallengeRepository
{
}

impl<S> AccountStore for S where
    S: UserRepository
        + SessionRepository
        + AttemptLog
        + AuditRepository
        + TwoFactorRepository
        + SignInChallengeRepository
{
}

impl<S, H, T, K, C> Accounts<S, H, T, K, C>
where
    S: AccountStore,
    H: PasswordHasher,
    T: TokenIssuer,
    K: SecretSealer,
    C: Clock,
{
    pub fn new(store: S, hasher: H, tokens: T, sealer: K, clock: C) -> Self {
        Self {
            store,
            hasher,
            tokens,
            sealer,
            clock,
            limits: SignInLimits::STANDARD,
            invitations: InvitationDelivery::default(),
            two_factor: TwoFactorPolicy::default(),
        }
    }

    /// Requires two-factor sign-in of every account when `required`: one without it is
    /// refused everything but setting it up.
    #[must_use]
    pub fn requiring_two_factor(mut self, required: bool) -> Self {
        self.two_factor.required = required;
        self
    }

    /// Mails invitations as `delivery` says and words their links with its public address.
    #[must_use]
    pub fn delivering_invitations(mut self, delivery: InvitationDelivery) -> Self {
        self.invitations = delivery;
        self
    }

    /// The password step of a sign-in. Unknown emails and wrong passwords fail alike, in about the
    /// same time. The attempt is counted against the sign-in limits before the password is checked
    /// (so a burst of parallel attempts gets no more checked than the limits allow) and taken back
    /// when the password is right; an account with two-factor sign-in gets a challenge for the code
    /// step instead of a session, and its pair's failures are only forgotten once that step succeeds.
    pub async fn login(&self, email: &str, password: &str, client: &Client) -> Result<SignInStep, LoginError> {
        let now = self.clock.now();
        let typed_email = email.trim().to_lowercase();
        let user = match Email::parse(&typed_email) {
            Ok(email) => self.store.find_user_by_email(&email).await?,
            Err(_) => None,
        };
        let attempt = self.count_sign_in(&typed_email, user.as_ref().map(|user| user.id), client).await?;
        let matches = self.hasher.verify(password, user.as_ref().map(|user| &user.password_hash)).await?;
        match user {
            Some(user) if matches => {
                if self.two_factor_enabled(user.id).await? {
                    self.sign_in_passed(attempt, false).await?;
                    return Ok(SignInStep::CodeRequired(self.issue_challenge(&user, now).await?));
                }
                self.sign_in_passed(attempt, true).await?;
                Ok(SignInStep::SignedIn(self.signed_in(user, client, now).await?))
            }
            _ => {
                self.note_sign_in_failure(&typed_email).await?;
                Err(LoginError::InvalidCredentials)
            }
        }
    }

    /// Counts a sign-in attempt for the account known by `email` (as typed, lowercased; `user` its
    /// id when an account has it) from the client's address: against the pair's limit, and, unless
    /// the account signed in from this address lately, against the account's.
    pub(crate) async fn count_sign_in(
        &self,
        email: &str,
        user: Option<EntityId>,
        client: &Client,
    ) -> Result<SignInAttempt, SignInRefused> {
        let now = self.clock.now();
        let refused = |error: LimitError| match error {
            LimitError::Exceeded(wait) => SignInRefused::Throttled(wait),
            LimitError::Unexpected(error) => SignInRefused::Unexpected(error),
        };
        let pair_key = SignInLimits::pair_key(email, &client.address);
        let pair = limits::count(&self.store, &self.clock, &self.limits.pair, &pair_key).await.map_err(refused)?;
        let known = match user {
            Some(user) => {
                let since = now - self.limits.known_address_for;
                self.store.signed_in_from(user, &client.address, since).await?
            }
            None => false,
        };
        if known {
            return Ok(SignInAttempt { pair_key, pair, account: None });
        }
        let account_key = SignInLimits::account_key(email);
        match limits::count(&self.store, &self.clock, &self.limits.account, &account_key).await {
            Ok(account) => Ok(SignInAttempt { pair_key, pair, account: Some(account) }),
            Err(error) => {
                limits::take_back(&self.store, pair).await?;
                Err(refused(error))
            }
        }
    }

    /// The attempt proved right: it is taken back, and when the whole sign-in is done
    /// (`completed`), the pair's earlier failures are forgotten too.
    pub(crate) async fn sign_in_passed(&self, attempt: SignInAttempt, completed: bool) -> anyhow::Result<()> {
        if let Some(account) = attempt.account {
            limits::take_back(&self.store, account).await?;
        }
        if completed {
            limits::clear(&self.store, &attempt.pair_key).await
        } else {
            limits::take_back(&self.store, attempt.pair).await
        }
    }

    /// Forgets the failed sign-ins counted against the account as a whole (the operator's reset).
    pub(crate) async fn forget_sign_in_failures(&self, email: &str) -> anyhow::Result<()> {
        limits::clear(&self.store, &SignInLimits::account_key(email)).await
    }

    /// Keeps a failed sign-in in the audit log (its attempt stays counted).
    pub(crate) async fn note_sign_in_failure(&self, typed_email: &str) -> anyhow::Result<()> {
        let change = Change {
            action: Some("sign-in-failed"),
            attempted_identity: Some(typed_email.to_owned()),
            ..Change::default()
        };
        self.store.record_audit_entry(change).await
    }

    /// Opens a session for `user`.
    async fn signed_in(&self, user: User, client: &Client, now: DateTime<Utc>) -> anyhow::Result<SignedIn> {
        let token = self.open_session(&user, client, now).await?;
        let must_enrol_two_factor = self.must_enrol_two_factor(&user).await?;
        Ok(SignedIn { token, user, must_enrol_two_factor })
    }

    async fn open_session(&self, user: &User, client: &Client, now: DateTime<Utc>) -> anyhow::Result<String> {
        let session = Session {
            id: self.clock.new_id(),
            user_id: user.id,
            created_at: now,
            expires_at: now + TOKEN_LIFETIME,
            revoked_at: None,
            last_used_at: now,
            address: client.address.clone(),
            user_agent: client.user_agent.clone(),
        };
        self.store.insert_session(&session).await?;
        self.tokens.issue(&TokenClaims {
            session_id: session.id,
            user_id: user.id,
            issued_at: now,
            expires_at: session.expires_at,
        })
    }

    /// The account behind a token: well signed, unexpired, its session not revoked, its account still
    /// there. Records the session's use, at most once per [`LAST_USED_RESOLUTION`].
    pub async fn authenticate(&self, token: &str) -> Result<Principal, AuthError> {
        let claims = self.tokens.decode(token)?;
        let now = self.clock.now();
        if claims.expires_at <= now {
            return Err(AuthError::Invalid);
        }
        let session = self.store.find_session(claims.session_id).await?.ok_or(AuthError::Invalid)?;
        if session.user_id != claims.user_id || !session.is_live(now) {
            return Err(AuthError::Invalid);
        }
        let user = self.store.find_user(claims.user_id).await?.ok_or(AuthError::Invalid)?;
        if now - session.last_used_at >= LAST_USED_RESOLUTION {
            self.store.touch_session(session.id, now, now - LAST_USED_RESOLUTION).await?;
        }
        let must_enrol_two_factor = self.must_enrol_two_factor(&user).await?;
        Ok(Principal { user, session_id: session.id, must_enrol_two_factor })
    }

    /// Revokes the caller's session: its token stops working at once.
    pub async fn logout(&self, principal: &Principal) -> anyhow::Result<()> {
        self.store.revoke_session(principal.session_id, self.clock.now()).await
    }

    /// The caller's live sessions, most recently used first (the caller's own among them).
    pub async fn sessions(&self, principal: &Principal) -> anyhow::Result<Vec<Session>> {
        self.store.live_sessions(principal.user.id, self.clock.now()).await
    }

    /// Signs out one of the caller's live sessions, by the id a client sent; the caller's own
    /// session may be one.
    ///
    /// # Errors
    /// [`LookupError::NotFound`] when the id names no live session of the caller's.
    pub async fn sign_out_session(&self, principal: &Principal, id: &str) -> Result<(), LookupError> {
        let not_found = || LookupError::NotFound(SESSION_LABEL);
        let id = EntityId::parse(id).map_err(|_| not_found())?;
        let now = self.clock.now();
        match self.store.find_session(id).await? {
            Some(session) if session.user_id == principal.user.id && session.is_live(now) => {
                self.store.revoke_session(id, now).await?;
                Ok(())
            }
            _ => Err(not_found()),
        }
    }

    /// Signs out every session of the caller's but the one making the call; answers how many.
    pub async fn sign_out_other_sessions(&self, principal: &Principal) -> anyhow::Result<u64> {
        self.store.revoke_other_sessions(principal.user.id, principal.session_id, self.clock.now()).await
    }

    /// Adds an account. Anyone may while no account exists (the first one is always the Owner);
    /// afterwards only the Owner or an Administrator may, with any role but the Owner's (a
    /// Contributor when none is given).
    pub async fn register(
        &self,
        caller: Option<&Principal>,
        input: NewUserInput,
        client: &Client,
    ) -> Result<SignedIn, AccountError> {
        let first = self.store.count_users().await? == 0;
        if !first {
            match caller {
                None => return Err(AccountError::SignInRequired),
                Some(caller) if !caller.role().manages_accounts() => return Err(AccountError::Forbidden),
                // Registering is a public operation, so the gate's account set-up rule is kept here.
                Some(caller) if caller.user.must_change_password || caller.must_enrol_two_factor => {
                    return Err(AccountError::SetupRequired);
                }
                Some(_) => {}
            }
        }
        let mut new_user = NewUser::parse(input, Role::Contributor).map_err(AccountError::Invalid)?;
        if first {
            new_user.role = Role::Owner;
        } else if new_user.role == Role::Owner {
            let mut errors = FieldErrors::new();
            errors.add("role", admins::OWNER_NOT_GIVEN);
            return Err(AccountError::Invalid(errors));
        }
        let user = self.create(new_user).await?;
        Ok(self.signed_in(user, client, self.clock.now()).await?)
    }

    /// Stores a validated new account with its password hashed; the first account of an
    /// installation is its Owner whatever role it was given, and no later one becomes Owner this way
    /// (it is an Administrator instead).
    pub async fn create(&self, mut new_user: NewUser) -> Result<User, AccountError> {
        if self.store.count_users().await? == 0 {
            new_user.role = Role::Owner;
        } else if new_user.role == Role::Owner {
            new_user.role = Role::Administrator;
        }
        self.create_account(new_user, false).await
    }

    async fn create_account(&self, new_user: NewUser, must_change_password: bool) -> Result<User, AccountError> {
        let now = self.clock.now();
        let user = User {
            id: self.clock.new_id(),
            email: new_user.email,
            name: new_user.name,
            role: new_user.role,
            password_hash: self.hasher.hash(&new_user.password).await?,
            must_change_password,
            created_at: now,
            updated_at: now,
        };
        match self.store.insert_user(&user).await? {
            SaveOutcome::Saved => Ok(user),
            SaveOutcome::Conflict | SaveOutcome::NotFound => Err(AccountError::EmailTaken),
        }
    }

    /// Creates the first account of an empty installation, its Owner, with the password given or a
    /// generated one; a generated one (printed in the log) must be changed at the first sign-in.
    pub async fn ensure_first_admin(
        &self,
        email: Email,
        password: Option<Password>,
    ) -> Result<FirstAdmin, AccountError> {
        if self.store.count_users().await? > 0 {
            return Ok(FirstAdmin::NotNeeded);
        }
        let (password, generated) = match password {
            Some(password) => (password, false),
            None => (Password::generate(), true),
        };
        let new_user = NewUser {
            name: "Administrator".to_owned(),
            email: email.clone(),
            password: password.clone(),
            role: Role::Owner,
        };
        self.create_account(new_user, generated).await?;
        Ok(if generated {
            FirstAdmin::CreatedWithGeneratedPassword { email, password }
        } else {
            FirstAdmin::Created { email }
        })
    }

    /// Changes the caller's password after checking the current one, and signs out every other
    /// session of the account. A password that had to be changed no longer has to. Wrong current
    /// passwords are limited ([`PASSWORD_CHANGES`]), counted before the check.
    pub async fn change_password(&self, principal: &Principal, current: &str, new: &str) -> Result<(), AccountError> {
        let key = LimitKey::new("password-change", &[&principal.user.id.to_string()]);
        let attempt = match limits::count(&self.store, &self.clock, &PASSWORD_CHANGES, &key).await {
            Ok(attempt) => attempt,
            Err(LimitError::Exceeded(wait)) => return Err(AccountError::Throttled(wait)),
            Err(LimitError::Unexpected(error)) => return Err(error.into()),
        };
        let mut errors = FieldErrors::new();
        let new = errors.check("newPassword", Password::parse(new));
        if self.hasher.verify(current, Some(&principal.user.password_hash)).await? {
            limits::take_back(&self.store, attempt).await?;
        } else {
            errors.add("currentPassword", "Current password is incorrect");
        }
        let new = errors.finish(|| new.expect("checked")).map_err(AccountError::Invalid)?;
        let mut user = principal.user.clone();
        user.password_hash = self.hasher.hash(&new).await?;
        user.must_change_password = false;
        user.updated_at = self.clock.now();
        self.save(&user).await?;
        self.store.revoke_other_sessions(user.id, principal.session_id, user.updated_at).await?;
        Ok(())
    }

    /// Changes the caller's name and email.
    pub async fn update_profile(&self, principal: &Principal, changes: ProfileChanges) -> Result<User, AccountError> {
        let mut user = principal.user.clone();
        if let Some(name) = changes.name {
            user.name = name;
        }
        if let Some(email) = changes.email {
            user.email = email;
        }
        user.updated_at = self.clock.now();
        self.save(&user).await?;
        Ok(user)
    }

    async fn save(&self, user: &User) -> Result<(), AccountError> {
        match self.store.update_user(user).await? {
            SaveOutcome::Saved => Ok(()),
            SaveOutcome::Conflict => Err(AccountError::EmailTaken),
            SaveOutcome::NotFound => Err(AccountError::Unexpected(anyhow::anyhow!("the signed-in account vanished"))),
        }
    }
}

#[cfg(test)]
mod tests;
