//! Proof of work against form spam, in ALTCHA's challenge format (<https://altcha.org/docs>), with
//! no third party: the server issues a challenge, the visitor's browser searches for the number
//! that solves it, and the server checks the answer before a public form is stored.
//!
//! A challenge is the SHA-256 of `salt + number` for a secret `number` between 0 and `max_number`
//! (the difficulty: the browser tries on average half of them). The salt carries the challenge's
//! expiry (`<random hex>?expires=<unix seconds>&`), so the expiry is bound into the hash, and the
//! challenge is signed with HMAC-SHA256 under the server's key, so only challenges this server
//! issued verify. A verified challenge is [`Redeemable`] once: the caller remembers it until it
//! expires (see the application's used-challenge store), so one solution stores one submission.

use chrono::{DateTime, Duration, Utc};
use hmac::{Hmac, KeyInit, Mac};
use sha2::{Digest, Sha256};

/// The only hash Atelier issues and accepts (ALTCHA's name for it).
pub const ALGORITHM: &str = "SHA-256";
/// The difficulty of the challenges a production server issues: the largest secret number. A
/// browser tries half of them on average; docs/spam.md has what that costs on a phone.
pub const DEFAULT_MAX_NUMBER: u64 = 20_000;
/// The smallest and largest difficulty a configuration may choose.
pub const MAX_NUMBER_RANGE: std::ops::RangeInclusive<u64> = 1..=10_000_000;
/// How long a challenge may be answered after it was issued.
pub const CHALLENGE_LIFETIME: Duration = Duration::minutes(10);
/// How many random bytes a salt starts with (written as hexadecimal).
const SALT_BYTES: usize = 12;
/// The salt's parameter holding the expiry.
const EXPIRES: &str = "expires";

/// The key challenges are signed with: derived from the server's secret by the wiring, never stored.
#[derive(Clone, PartialEq, Eq)]
pub struct ChallengeKey([u8; 32]);

impl ChallengeKey {
    pub const fn new(bytes: [u8; 32]) -> Self {
        Self(bytes)
    }

    fn sign(&self, challenge: &str) -> String {
        hex(&mac(&self.0, challenge).finalize().into_bytes())
    }

    /// Whether `signature` is this key's, compared in constant time.
    fn signed(&self, challenge: &str, signature: &str) -> bool {
        unhex(signature).is_some_and(|signature| mac(&self.0, challenge).verify_slice(&signature).is_ok())
    }
}

impl std::fmt::Debug for ChallengeKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ChallengeKey(***)")
    }
}

/// A challenge as it is sent to the browser.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Challenge {
    /// Always [`ALGORITHM`].
    pub algorithm: &'static str,
    /// The SHA-256 of `salt + number`, hexadecimal.
    pub challenge: String,
    /// The largest number the secret may be.
    pub max_number: u64,
    /// Random hexadecimal followed by `?expires=<unix seconds>&`.
    pub salt: String,
    /// HMAC-SHA256 of `challenge` under the server's key, hexadecimal.
    pub signature: String,
    /// When it can no longer be answered.
    pub expires_at: DateTime<Utc>,
}

impl Challenge {
    /// A fresh challenge of difficulty `max_number`, answerable for [`CHALLENGE_LIFETIME`] from `now`.
    ///
    /// # Errors
    /// When the system's random source fails.
    pub fn issue(key: &ChallengeKey, max_number: u64, now: DateTime<Utc>) -> Result<Self, getrandom::Error> {
        let mut salt = [0_u8; SALT_BYTES];
        getrandom::fill(&mut salt)?;
        let mut number = [0_u8; 8];
        getrandom::fill(&mut number)?;
        let number = u64::from_le_bytes(number) % (max_number.max(1) + 1);
        Ok(Self::with(key, &hex(&salt), number, max_number, now + CHALLENGE_LIFETIME))
    }

    /// The challenge whose answer is `number`, from a chosen salt and expiry (tests, and [`Self::issue`]).
    pub fn with(key: &ChallengeKey, random: &str, number: u64, max_number: u64, expires_at: DateTime<Utc>) -> Self {
        let salt = format!("{random}?{EXPIRES}={}&", expires_at.timestamp());
        let challenge = hash(&salt, number);
        let signature = key.sign(&challenge);
        Self { algorithm: ALGORITHM, challenge, max_number, salt, signature, expires_at }
    }

    /// The number that solves this challenge, searched for as a browser does (tests and tools).
    pub fn solve(&self) -> Option<u64> {
        (0..=self.max_number).find(|number| hash(&self.salt, *number) == self.challenge)
    }
}

/// A browser's answer to a challenge, as sent with a form (ALTCHA's payload).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Solution {
    pub algorithm: String,
    pub challenge: String,
    pub number: u64,
    pub salt: String,
    pub signature: String,
}

impl Solution {
    /// The answer `number` to `challenge`, as a browser sends it back.
    pub fn to(challenge: &Challenge, number: u64) -> Self {
        Self {
            algorithm: challenge.algorithm.to_owned(),
            challenge: challenge.challenge.clone(),
            number,
            salt: challenge.salt.clone(),
            signature: challenge.signature.clone(),
        }
    }
}

/// A verified answer: what is remembered, until it expires, so that it is used once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Redeemable {
    /// The challenge's hash: the key it is remembered under.
    pub challenge: String,
    pub expires_at: DateTime<Utc>,
}

/// Why an answer is refused. Each reads as the `proofOfWork` field's message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ProofError {
    #[error("Proof of work is required")]
    Missing,
    #[error("Proof of work is invalid")]
    Invalid,
    #[error("Proof of work has expired; please send the form again")]
    Expired,
    #[error("Proof of work was already used; please send the form again")]
    Reused,
}

/// Checks `solution` against the server's key at `now`: the hash is the challenge's, the challenge
/// is signed by `key`, and it has not expired. Whether it was used before is the caller's to check,
/// with the [`Redeemable`] this returns.
///
/// # Errors
/// [`ProofError::Missing`] without a solution; [`ProofError::Invalid`] for another algorithm, a
/// wrong number, an altered salt or challenge, or a foreign signature; [`ProofError::Expired`] past
/// the expiry the salt carries.
pub fn verify(key: &ChallengeKey, solution: Option<&Solution>, now: DateTime<Utc>) -> Result<Redeemable, ProofError> {
    let solution = solution.ok_or(ProofError::Missing)?;
    if solution.algorithm != ALGORITHM || solution.challenge.len() != 64 || solution.salt.len() > 200 {
        return Err(ProofError::Invalid);
    }
    let expires_at = expiry(&solution.salt).ok_or(ProofError::Invalid)?;
    if hash(&solution.salt, solution.number) != solution.challenge
        || !key.signed(&solution.challenge, &solution.signature)
    {
        return Err(ProofError::Invalid);
    }
    if expires_at <= now {
        return Err(ProofError::Expired);
    }
    Ok(Redeemable { challenge: solution.challenge.clone(), expires_at })
}

/// The expiry a salt carries: its one `expires` parameter.
fn expiry(salt: &str) -> Option<DateTime<Utc>> {
    let (_, params) = salt.split_once('?')?;
    let mut found = None;
    for param in params.split('&').filter(|param| !param.is_empty()) {
        let (name, value) = param.split_once('=')?;
        if name == EXPIRES {
            if found.is_some() {
                return None;
            }
            found = Some(DateTime::from_timestamp(value.parse().ok()?, 0)?);
        }
    }
    found
}

fn mac(key: &[u8], challenge: &str) -> Hmac<Sha256> {
    let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(key).expect("HMAC takes a key of any length");
    mac.update(challenge.as_bytes());
    mac
}

fn hash(salt: &str, number: u64) -> String {
    let mut hasher = Sha256::new();
    hasher.update(salt.as_bytes());
    hasher.update(number.to_string().as_bytes());
    hex(&hasher.finalize())
}

fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    bytes.iter().fold(String::with_capacity(bytes.len() * 2), |mut text, byte| {
        let _ = write!(text, "{byte:02x}");
        text
    })
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) || !text.is_ascii() {
        return None;
    }
    (0..text.len()).step_by(2).map(|at| u8::from_str_radix(&text[at..at + 2], 16).ok()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: ChallengeKey = ChallengeKey::new([7; 32]);

    fn now() -> DateTime<Utc> {
        DateTime::from_timestamp(1_800_000_000, 0).unwrap()
    }

    fn solved(challenge: &Challenge) -> Solution {
        Solution::to(challenge, challenge.solve().expect("every issued challenge has an answer"))
    }

    #[test]
    fn an_issued_challenge_solves_and_verifies_until_it_expires() {
        let challenge = Challenge::issue(&KEY, 1000, now()).unwrap();
        assert_eq!(challenge.algorithm, "SHA-256");
        assert_eq!(challenge.expires_at, now() + CHALLENGE_LIFETIME);
        assert!(challenge.salt.ends_with(&format!("?expires={}&", challenge.expires_at.timestamp())));
        let solution = solved(&challenge);
        let redeemable = verify(&KEY, Some(&solution), now()).unwrap();
        assert_eq!(redeemable, Redeemable { challenge: challenge.challenge.clone(), expires_at: challenge.expires_at });
        let late = challenge.expires_at;
        assert_eq!(verify(&KEY, Some(&solution), late - Duration::seconds(1)).map(|_| ()), Ok(()));
        assert_eq!(verify(&KEY, Some(&solution), late), Err(ProofError::Expired));
    }

    #[test]
    fn hash_and_signature_match_an_altcha_payload_made_elsewhere() {
        // A payload solved by ALTCHA's widget against a server keyed "super-secret" (the example of
        // the Rust and JavaScript ALTCHA libraries): SHA-256 over salt + number in decimal, then
        // HMAC-SHA256 of the hash's hexadecimal text.
        let challenge = "aa9c8ec8057413dd8220e21e15ab54b095fb3c840601d44c39bece8d9df34529";
        assert_eq!(hash("3065d108b2314f5ecc7e1207", 971_813), challenge);
        assert_eq!(
            hex(&mac(b"super-secret", challenge).finalize().into_bytes()),
            "d6c436288f1979f298f6532cea31db9e84e6338f4f58a9e00cb4105abbd11397"
        );
    }

    #[test]
    fn a_missing_answer_is_missing() {
        assert_eq!(verify(&KEY, None, now()), Err(ProofError::Missing));
    }

    #[test]
    fn a_wrong_number_is_invalid() {
        let challenge = Challenge::with(&KEY, "aa", 42, 100, now() + CHALLENGE_LIFETIME);
        assert_eq!(verify(&KEY, Some(&Solution::to(&challenge, 41)), now()), Err(ProofError::Invalid));
        assert!(verify(&KEY, Some(&Solution::to(&challenge, 42)), now()).is_ok());
    }

    #[test]
    fn a_challenge_signed_by_another_key_or_with_an_altered_signature_is_invalid() {
        let foreign = Challenge::with(&ChallengeKey::new([8; 32]), "aa", 42, 100, now() + CHALLENGE_LIFETIME);
        assert_eq!(verify(&KEY, Some(&Solution::to(&foreign, 42)), now()), Err(ProofError::Invalid));
        let challenge = Challenge::with(&KEY, "aa", 42, 100, now() + CHALLENGE_LIFETIME);
        for signature in ["", "zz", "00", &challenge.signature[2..], &challenge.signature.replace('a', "b")] {
            let mut solution = Solution::to(&challenge, 42);
            signature.clone_into(&mut solution.signature);
            if solution.signature != challenge.signature {
                assert_eq!(verify(&KEY, Some(&solution), now()), Err(ProofError::Invalid), "{signature}");
            }
        }
    }

    #[test]
    fn an_altered_expiry_salt_challenge_or_algorithm_is_invalid() {
        let challenge = Challenge::with(&KEY, "aa", 42, 100, now() + CHALLENGE_LIFETIME);
        let later = (now() + Duration::days(1)).timestamp();
        let altered = [
            Solution { salt: format!("aa?expires={later}&"), ..Solution::to(&challenge, 42) },
            Solution { salt: "ab".to_owned() + &challenge.salt[2..], ..Solution::to(&challenge, 42) },
            Solution { salt: "aa".into(), ..Solution::to(&challenge, 42) },
            Solution { salt: format!("{}expires={later}&", challenge.salt), ..Solution::to(&challenge, 42) },
            Solution { challenge: hash(&challenge.salt, 43), ..Solution::to(&challenge, 43) },
            Solution { algorithm: "SHA-512".into(), ..Solution::to(&challenge, 42) },
            Solution { algorithm: "sha-256".into(), ..Solution::to(&challenge, 42) },
        ];
        for solution in altered {
            assert_eq!(verify(&KEY, Some(&solution), now()), Err(ProofError::Invalid), "{solution:?}");
        }
    }

    #[test]
    fn a_challenge_resigned_by_its_solver_does_not_verify() {
        // A forger who picks a salt with a far expiry computes its hash, but cannot sign it.
        let forged = Challenge::with(&ChallengeKey::new([0; 32]), "aa", 1, 10, now() + Duration::days(365));
        assert_eq!(verify(&KEY, Some(&Solution::to(&forged, 1)), now()), Err(ProofError::Invalid));
    }

    #[test]
    fn issued_challenges_differ_and_keep_their_number_within_the_difficulty() {
        let first = Challenge::issue(&KEY, 10, now()).unwrap();
        let second = Challenge::issue(&KEY, 10, now()).unwrap();
        assert_ne!(first.salt, second.salt);
        assert!(first.solve().is_some_and(|number| number <= 10));
    }

    #[test]
    fn the_key_never_prints() {
        assert_eq!(format!("{KEY:?}"), "ChallengeKey(***)");
    }

    #[test]
    fn unhex_refuses_odd_and_foreign_text() {
        assert_eq!(unhex("0aff"), Some(vec![10, 255]));
        assert_eq!(unhex("0af"), None);
        assert_eq!(unhex("zz"), None);
        assert_eq!(unhex("é1"), None);
    }
}
