//! Spam kept out without a third party: the proof of work every anonymous form carries (issued,
//! checked and used once here), the honeypot that flags what a bot sends, and the purge of old spam.
//!
//! A public contact message or project request is admitted only with a valid, unexpired, unused
//! proof of work (otherwise a 422 naming `proofOfWork`, and nothing is stored). One that also fills
//! the honeypot is stored flagged `spam`: kept in the back office's Spam folder, out of the inbox,
//! its counts and exports, until [`SPAM_RETENTION`] has passed.

#[cfg(test)]
mod fake;
pub mod ports;
#[cfg(test)]
mod tests;

use atelier_domain::FieldErrors;
use atelier_domain::inbox::{SPAM_RETENTION, is_bot_submission};
use atelier_domain::proof_of_work::{self, Challenge, ChallengeKey, ProofError, Solution};

use atelier_domain::limits::{Limit, LimitKey};
use chrono::Duration;

use self::ports::{SpamRepository, UsedChallengeRepository};
use crate::limits::{self, ports::AttemptLog};
use crate::ports::Clock;
use crate::records::WriteError;
use crate::submissions::AdmitError;

/// The body field the proof of work is sent in; its errors are reported under this name.
pub const PROOF_FIELD: &str = "proofOfWork";

/// How challenges are signed and how hard they are.
#[derive(Debug, Clone)]
pub struct ProofSettings {
    pub key: ChallengeKey,
    /// The largest secret number: the difficulty ([`proof_of_work::DEFAULT_MAX_NUMBER`] in production).
    pub max_number: u64,
}

/// What an anonymous submission carries besides its fields.
#[derive(Debug, Clone, Copy, Default)]
pub struct Evidence<'a> {
    /// The hidden `website` field.
    pub honeypot: Option<&'a str>,
    /// The browser's answer to a challenge.
    pub proof: Option<&'a Solution>,
}

/// A submission let in, and whether it is kept as spam.
#[derive(Debug)]
pub struct Admitted<T> {
    pub value: T,
    pub spam: bool,
}

/// How many challenges one client may ask for within ten minutes: a visitor opens a form or two
/// (each asks once, and again after a refusal), a bot farming answers ahead of time is stopped.
pub const CHALLENGES: Limit = Limit::per(30, Duration::minutes(10));

/// Issues the challenges the public forms solve.
#[derive(Debug, Clone)]
pub struct Challenges<S, C> {
    store: S,
    clock: C,
    settings: ProofSettings,
}

impl<S: AttemptLog, C: Clock> Challenges<S, C> {
    pub fn new(store: S, clock: C, settings: ProofSettings) -> Self {
        Self { store, clock, settings }
    }

    /// A fresh challenge for `client` (its address or network, as the caller keys clients),
    /// answerable for [`proof_of_work::CHALLENGE_LIFETIME`].
    ///
    /// # Errors
    /// [`AdmitError::Throttled`] past [`CHALLENGES`] for this client; infrastructure faults and a
    /// failing random source.
    pub async fn issue(&self, client: &str) -> Result<Challenge, AdmitError> {
        let key = LimitKey::new("challenge", &[client]);
        let _counted = limits::count(&self.store, &self.clock, &CHALLENGES, &key).await?;
        Challenge::issue(&self.settings.key, self.settings.max_number, self.clock.now())
            .map_err(|error| AdmitError::Unexpected(anyhow::anyhow!("the random source failed: {error}")))
    }
}

/// Lets an anonymous submission in: its fields (`parsed`) and its proof of work are checked
/// together, so one answer names every problem; only then is the proof used up, so a form refused
/// for a field can be corrected and sent again with the same answer. Without `settings` no proof is
/// asked (a use case built without the guard: tests of other rules).
///
/// # Errors
/// [`WriteError::Invalid`] with the fields' messages and, under [`PROOF_FIELD`], a missing,
/// invalid, expired or already used proof.
pub async fn admit<T, S: UsedChallengeRepository>(
    store: &S,
    clock: &impl Clock,
    settings: Option<&ProofSettings>,
    evidence: Evidence<'_>,
    parsed: Result<T, FieldErrors>,
) -> Result<Admitted<T>, WriteError> {
    let checked = settings.map(|settings| proof_of_work::verify(&settings.key, evidence.proof, clock.now()));
    let value = match (parsed, &checked) {
        (Err(mut errors), Some(Err(refused))) => {
            errors.add(PROOF_FIELD, refused.to_string());
            return Err(WriteError::Invalid(errors));
        }
        (Err(errors), _) => return Err(WriteError::Invalid(errors)),
        (Ok(_), Some(Err(refused))) => return Err(refusal(*refused)),
        (Ok(value), _) => value,
    };
    if let Some(Ok(redeemable)) = checked
        && !store.redeem_challenge(&redeemable).await?
    {
        return Err(refusal(ProofError::Reused));
    }
    Ok(Admitted { value, spam: is_bot_submission(evidence.honeypot) })
}

fn refusal(error: ProofError) -> WriteError {
    let mut errors = FieldErrors::new();
    errors.add(PROOF_FIELD, error.to_string());
    WriteError::Invalid(errors)
}

/// What one purge dropped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Purged {
    /// Messages and requests kept as spam past [`SPAM_RETENTION`].
    pub spam: u64,
    /// Used answers whose challenge expired.
    pub used_challenges: u64,
}

/// Drops spam older than [`SPAM_RETENTION`] and the used answers that can no longer verify. Run by
/// every instance now and then: deleting what is already deleted is harmless.
#[derive(Debug, Clone)]
pub struct SpamPurge<S, C> {
    store: S,
    clock: C,
}

impl<S: SpamRepository + UsedChallengeRepository, C: Clock> SpamPurge<S, C> {
    pub fn new(store: S, clock: C) -> Self {
        Self { store, clock }
    }

    /// # Errors
    /// Only infrastructure faults.
    pub async fn run(&self) -> anyhow::Result<Purged> {
        let now = self.clock.now();
        let spam = self.store.purge_spam(now - SPAM_RETENTION).await?;
        let used_challenges = self.store.forget_used_challenges(now).await?;
        Ok(Purged { spam, used_challenges })
    }
}
