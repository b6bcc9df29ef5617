//! Two-factor sign-in with an authenticator app (TOTP, RFC 6238).
//!
//! Enrolment: [`Accounts::begin_two_factor`] makes a secret, keeps it sealed by the server's key and
//! answers the `otpauth://` address (shown as a QR code) and the key to type by hand; a first code
//! confirms it ([`Accounts::confirm_two_factor`]), which enables it and hands out ten single-use
//! recovery codes, once. Disabling needs the password and a code.
//!
//! Sign-in: for an account with two-factor sign-in, the password step answers a short-lived
//! challenge instead of a session ([`super::SignInStep::CodeRequired`]); [`Accounts::complete_sign_in`]
//! takes the challenge and a code (or a recovery code) and opens the session. Each code is counted
//! before it is checked, as a sign-in attempt (the account and address pair, and the account) and
//! against the challenge's own limit ([`CHALLENGE_CODES`]), so no burst of codes gets more checked;
//! a code is accepted once (RFC 6238 §5.2), and a recovery code once ever.

use atelier_domain::EntityId;
use atelier_domain::FieldErrors;
use atelier_domain::invitation::secret_hash;
use atelier_domain::two_factor::{
    CHALLENGE_CODES, DEFAULT_ISSUER, INVALID_CODE, RecoveryCode, SignInChallenge, TotpSecret, TwoFactor, USED_CODE,
    challenge_key, looks_like_totp_code, recovery_code_hash,
};
use atelier_domain::user::{Email, User};
use chrono::{DateTime, Utc};

use super::{AccountStore, Accounts, Client, Principal, SignInRefused, SignedIn};
use crate::limits::{self, LimitError};
use crate::ports::{Clock, PasswordHasher, SecretSealer, TokenIssuer};
use crate::settings::ports::SettingsRepository;

/// The answer for a challenge that expired, was used, was worn out by wrong codes, or never existed.
pub const CHALLENGE_EXPIRED: &str = "This sign-in has expired. Sign in again.";

/// Whether every administrator must use two-factor sign-in.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TwoFactorPolicy {
    pub required: bool,
}

/// What [`Accounts::reset_two_factor`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TwoFactorReset {
    /// It was on: it is off now, and this many sessions of the account were signed out.
    Reset { sessions_ended: u64 },
    /// The account had no two-factor sign-in (or had only begun setting it up, which is dropped).
    WasOff,
    /// No account has this email.
    NoSuchAccount,
}

/// The challenge the password step answers for an account with two-factor sign-in: its token goes
/// with the code step.
#[derive(Debug, Clone)]
pub struct CodeChallenge {
    pub token: String,
    pub expires_at: DateTime<Utc>,
}

/// An account's two-factor sign-in, as its owner sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TwoFactorStatus {
    pub enabled: bool,
    pub enabled_at: Option<DateTime<Utc>>,
    pub recovery_codes_left: u64,
    /// The site requires it of every administrator.
    pub required: bool,
}

/// What an authenticator app needs to add the account.
#[derive(Debug, Clone)]
pub struct Enrolment {
    /// `otpauth://totp/...`, shown as a QR code.
    pub otpauth_uri: String,
    /// The secret in base32, to type by hand.
    pub manual_key: String,
}

/// What a second factor typed turned out to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SecondFactor {
    /// A fresh authenticator code or an unused recovery code, now used up.
    Accepted,
    /// The authenticator's code of a time step already used.
    Used,
    /// Anything else.
    Wrong,
}

/// Why the code step of a sign-in failed.
#[derive(Debug, thiserror::Error)]
pub enum CodeStepError {
    #[error("{CHALLENGE_EXPIRED}")]
    ChallengeExpired,
    #[error("{INVALID_CODE}")]
    InvalidCode,
    /// The authenticator's code of a time step already used (the one that confirmed the set-up,
    /// or signed in a moment ago): right, but accepted once only.
    #[error("{USED_CODE}")]
    UsedCode,
    /// Too many recent failures for the account's email or from the address.
    #[error("too many failed sign-in attempts")]
    Throttled { wait: atelier_domain::limits::RetryAfter },
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// Why setting up or turning off two-factor sign-in failed.
#[derive(Debug, thiserror::Error)]
pub enum TwoFactorError {
    #[error("Two-factor sign-in is already on")]
    AlreadyEnabled,
    #[error("Two-factor sign-in is off")]
    NotEnabled,
    #[error("Start the set-up of two-factor sign-in first")]
    NotPending,
    #[error("Validation failed")]
    Invalid(FieldErrors),
    #[error("too many failed attempts")]
    Throttled { wait: atelier_domain::limits::RetryAfter },
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

fn invalid(field: &str, message: &str) -> TwoFactorError {
    let mut errors = FieldErrors::new();
    errors.add(field, message);
    TwoFactorError::Invalid(errors)
}

/// What a sealed secret is bound to: its account's id.
fn seal_context(user_id: EntityId) -> Vec<u8> {
    user_id.to_string().into_bytes()
}

impl<S, H, T, K, C> Accounts<S, H, T, K, C>
where
    S: AccountStore,
    H: PasswordHasher,
    T: TokenIssuer,
    K: SecretSealer,
    C: Clock,
{
    pub(super) async fn two_factor_enabled(&self, user_id: EntityId) -> anyhow::Result<bool> {
        Ok(self.store.find_two_factor(user_id).await?.is_some_and(|two_factor| two_factor.is_enabled()))
    }

    /// Whether the account must set up two-factor sign-in before anything else (the site requires
    /// it of every account). Only asked of the store when the site requires it.
    pub(super) async fn must_enrol_two_factor(&self, user: &User) -> anyhow::Result<bool> {
        if !self.two_factor.required {
            return Ok(false);
        }
        Ok(!self.two_factor_enabled(user.id).await?)
    }

    pub(super) async fn issue_challenge(&self, user: &User, now: DateTime<Utc>) -> anyhow::Result<CodeChallenge> {
        let (challenge, token) = SignInChallenge::new(self.clock.new_id(), user.id, now);
        self.store.insert_challenge(&challenge).await?;
        Ok(CodeChallenge { token: token.expose().to_owned(), expires_at: challenge.expires_at })
    }

    /// The code step of a sign-in: the challenge the password step answered and a code from the
    /// authenticator app, or a recovery code. Opens the session and uses the challenge up.
    ///
    /// # Errors
    /// [`CodeStepError::ChallengeExpired`] for a challenge that is no longer usable (sign in again),
    /// `InvalidCode` for a wrong or malformed code, `UsedCode` for a code of a time step already
    /// used, `Throttled` after too many failures.
    pub async fn complete_sign_in(
        &self,
        challenge_token: &str,
        code: &str,
        client: &Client,
    ) -> Result<SignedIn, CodeStepError> {
        let now = self.clock.now();
        let challenge = match self.store.find_challenge(&secret_hash(challenge_token)).await? {
            Some(challenge) if challenge.is_usable(now) && !challenge_token.trim().is_empty() => challenge,
            _ => return Err(CodeStepError::ChallengeExpired),
        };
        let user = self.store.find_user(challenge.user_id).await?.ok_or(CodeStepError::ChallengeExpired)?;
        let email = user.email.as_str();
        let on_challenge =
            match limits::count(&self.store, &self.clock, &CHALLENGE_CODES, &challenge_key(challenge.id)).await {
                Ok(counted) => counted,
                Err(LimitError::Exceeded(_)) => return Err(CodeStepError::ChallengeExpired),
                Err(LimitError::Unexpected(error)) => return Err(error.into()),
            };
        let attempt = match self.count_sign_in(email, Some(user.id), client).await {
            Ok(attempt) => attempt,
            Err(refused) => {
                limits::take_back(&self.store, on_challenge).await?;
                return Err(match refused {
                    SignInRefused::Throttled(wait) => CodeStepError::Throttled { wait },
                    SignInRefused::Unexpected(error) => CodeStepError::Unexpected(error),
                });
            }
        };
        let checked = self.check_second_factor(user.id, code, now).await?;
        if checked != SecondFactor::Accepted {
            self.note_sign_in_failure(email).await?;
            self.store.count_challenge_failure(challenge.id).await?;
            return Err(if checked == SecondFactor::Used {
                CodeStepError::UsedCode
            } else {
                CodeStepError::InvalidCode
            });
        }
        if !self.store.take_challenge(challenge.id).await? {
            return Err(CodeStepError::ChallengeExpired);
        }
        limits::clear(&self.store, &challenge_key(challenge.id)).await?;
        self.sign_in_passed(attempt, true).await?;
        Ok(self.signed_in(user, client, now).await?)
    }

    /// Whether `code` is a code of the account's enabled authenticator not used before (and now
    /// recorded as used), or one of its unused recovery codes (now used up); a right code of a
    /// time step already used is told apart, so the person can be told to wait for the next one.
    async fn check_second_factor(
        &self,
        user_id: EntityId,
        code: &str,
        now: DateTime<Utc>,
    ) -> anyhow::Result<SecondFactor> {
        let Some(two_factor) = self.store.find_two_factor(user_id).await?.filter(TwoFactor::is_enabled) else {
            return Ok(SecondFactor::Wrong);
        };
        if !looks_like_totp_code(code) {
            let used = match recovery_code_hash(code) {
                Some(hash) => self.store.use_recovery_code(user_id, &hash, now).await?,
                None => false,
            };
            return Ok(if used { SecondFactor::Accepted } else { SecondFactor::Wrong });
        }
        let Ok(secret) = self.sealer.open(&two_factor.sealed_secret, &seal_context(user_id)) else {
            tracing::error!(
                user = %user_id,
                "an authenticator's secret cannot be opened (was the server's secret changed?); recovery codes still work"
            );
            return Ok(SecondFactor::Wrong);
        };
        Ok(match TotpSecret::from_bytes(secret).matching_step(code, now) {
            // A lost race for the same step is a reuse too.
            Some(step) if two_factor.accepts_step(step) => {
                if self.store.use_totp_step(user_id, step).await? {
                    SecondFactor::Accepted
                } else {
                    SecondFactor::Used
                }
            }
            Some(_) => SecondFactor::Used,
            None => SecondFactor::Wrong,
        })
    }

    /// Whether the caller's two-factor sign-in is on, and how many recovery codes are left.
    pub async fn two_factor_status(&self, principal: &Principal) -> anyhow::Result<TwoFactorStatus> {
        let user_id = principal.user.id;
        let enabled_at = self.store.find_two_factor(user_id).await?.and_then(|two_factor| two_factor.enabled_at);
        let recovery_codes_left =
            if enabled_at.is_some() { self.store.unused_recovery_codes(user_id).await? } else { 0 };
        Ok(TwoFactorStatus {
            enabled: enabled_at.is_some(),
            enabled_at,
            recovery_codes_left,
            required: self.two_factor.required,
        })
    }

    /// Confirms the pending set-up with a first code from the app: two-factor sign-in is on from
    /// now, every other session of the account is signed out (it was opened with the password
    /// alone), and the ten recovery codes are answered, this once.
    ///
    /// # Errors
    /// [`TwoFactorError::NotPending`] without a set-up begun, `AlreadyEnabled`, `Invalid` (field
    /// `code`) for a wrong code.
    pub async fn confirm_two_factor(
        &self,
        principal: &Principal,
        code: &str,
    ) -> Result<Vec<RecoveryCode>, TwoFactorError> {
        let user_id = principal.user.id;
        let pending = match self.store.find_two_factor(user_id).await? {
            None => return Err(TwoFactorError::NotPending),
            Some(two_factor) if two_factor.is_enabled() => return Err(TwoFactorError::AlreadyEnabled),
            Some(pending) => pending,
        };
        let secret =
            self.sealer.open(&pending.sealed_secret, &seal_context(user_id)).map_err(|_| TwoFactorError::NotPending)?;
        let now = self.clock.now();
        let step =
            TotpSecret::from_bytes(secret).matching_step(code, now).ok_or_else(|| invalid("code", INVALID_CODE))?;
        let codes = RecoveryCode::generate_set();
        let hashes: Vec<String> = codes.iter().map(RecoveryCode::hash).collect();
        if !self.store.enable_two_factor(user_id, step, now, &hashes).await? {
            return Err(TwoFactorError::NotPending);
        }
        self.store.revoke_other_sessions(user_id, principal.session_id, now).await?;
        Ok(codes)
    }

    /// Turns the caller's two-factor sign-in off, with the password and a current code (or a
    /// recovery code). Failures count as failed sign-ins, and are throttled alike.
    ///
    /// # Errors
    /// [`TwoFactorError::NotEnabled`] when it is off, `Invalid` (`password` or `code`), `Throttled`.
    pub async fn disable_two_factor(
        &self,
        principal: &Principal,
        password: &str,
        code: &str,
        client: &Client,
    ) -> Result<(), TwoFactorError> {
        let user = &principal.user;
        let email = user.email.as_str();
        let now = self.clock.now();
        if !self.two_factor_enabled(user.id).await? {
            return Err(TwoFactorError::NotEnabled);
        }
        let attempt = self.count_sign_in(email, Some(user.id), client).await.map_err(|refused| match refused {
            SignInRefused::Throttled(wait) => TwoFactorError::Throttled { wait },
            SignInRefused::Unexpected(error) => TwoFactorError::Unexpected(error),
        })?;
        // The code is only checked (and, when right, used up) after the password was right.
        let failure = if self.hasher.verify(password, Some(&user.password_hash)).await? {
            match self.check_second_factor(user.id, code, now).await? {
                SecondFactor::Accepted => None,
                SecondFactor::Used => Some(invalid("code", USED_CODE)),
                SecondFactor::Wrong => Some(invalid("code", INVALID_CODE)),
            }
        } else {
            Some(invalid("password", "Password is incorrect"))
        };
        if let Some(failure) = failure {
            self.note_sign_in_failure(email).await?;
            return Err(failure);
        }
        self.sign_in_passed(attempt, true).await?;
        self.store.remove_two_factor(user.id).await?;
        Ok(())
    }

    /// For the operator, on the server's command line (`atelier reset-two-factor`): turns off the
    /// two-factor sign-in of the account with `email`, whose owner lost both the authenticator and
    /// the recovery codes (or whose secret no longer opens after the server's key changed). Every
    /// session of the account ends and its failed sign-ins against the account as a whole are
    /// forgotten, so its owner signs in with the password alone and sets two-factor sign-in up again.
    ///
    /// # Errors
    /// [`TwoFactorReset`] says what happened; an `Err` is an infrastructure fault.
    pub async fn reset_two_factor(&self, email: &Email) -> anyhow::Result<TwoFactorReset> {
        let Some(user) = self.store.find_user_by_email(email).await? else {
            return Ok(TwoFactorReset::NoSuchAccount);
        };
        let enabled = self.two_factor_enabled(user.id).await?;
        self.store.remove_two_factor(user.id).await?;
        if !enabled {
            return Ok(TwoFactorReset::WasOff);
        }
        // A fresh id matches no session, so every one of the account's sessions ends.
        let sessions_ended = self.store.revoke_other_sessions(user.id, self.clock.new_id(), self.clock.now()).await?;
        self.forget_sign_in_failures(user.email.as_str()).await?;
        Ok(TwoFactorReset::Reset { sessions_ended })
    }
}

impl<S, H, T, K, C> Accounts<S, H, T, K, C>
where
    S: AccountStore + SettingsRepository,
    H: PasswordHasher,
    T: TokenIssuer,
    K: SecretSealer,
    C: Clock,
{
    /// Begins setting up two-factor sign-in: a new secret, kept sealed until a first code confirms
    /// it (a set-up begun again replaces it). The app names the site by the settings' site name.
    ///
    /// # Errors
    /// [`TwoFactorError::AlreadyEnabled`] when it is on (turn it off first).
    pub async fn begin_two_factor(&self, principal: &Principal) -> Result<Enrolment, TwoFactorError> {
        let user = &principal.user;
        if self.two_factor_enabled(user.id).await? {
            return Err(TwoFactorError::AlreadyEnabled);
        }
        let secret = TotpSecret::generate();
        let sealed = self.sealer.seal(secret.expose(), &seal_context(user.id))?;
        if !self.store.save_pending_two_factor(&TwoFactor::pending(user.id, sealed, self.clock.now())).await? {
            return Err(TwoFactorError::AlreadyEnabled);
        }
        let site_name = self.store.load_settings().await?.map(|settings| settings.site_name).unwrap_or_default();
        let issuer = if site_name.trim().is_empty() { DEFAULT_ISSUER } else { site_name.as_str() };
        Ok(Enrolment {
            otpauth_uri: secret.provisioning_uri(issuer, user.email.as_str()),
            manual_key: secret.manual_key(),
        })
    }
}
