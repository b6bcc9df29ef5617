//! Two-factor sign-in: time-based one-time codes (RFC 6238, computed by `totp-rs`), the rule that a
//! code is accepted once, single-use recovery codes, and the short-lived challenge that joins the
//! password step of a sign-in to its code step.

use std::fmt;

use chrono::{DateTime, Duration, Utc};
use totp_rs::{Algorithm, Builder};

use crate::id::EntityId;
use crate::invitation::{OneTimeSecret, secret_hash};
use crate::limits::{Limit, LimitKey};

/// Seconds one code is valid for (RFC 6238's recommended time step).
pub const TIME_STEP_SECONDS: u64 = 30;
/// Digits of a code.
pub const CODE_DIGITS: u8 = 6;
/// Time steps accepted either side of the current one, for clocks a little off and codes typed
/// slowly (RFC 6238 §5.2 recommends one).
pub const ALLOWED_SKEW_STEPS: u16 = 1;
/// Bytes of a new secret: 160 bits, as RFC 4226 §4 recommends.
pub const SECRET_BYTES: usize = 20;
/// How many recovery codes an enrolment hands out.
pub const RECOVERY_CODE_COUNT: usize = 10;
/// How long the code step of a sign-in may follow its password step.
pub const CHALLENGE_LIFETIME: Duration = Duration::minutes(5);
/// Wrong codes one challenge takes before it is used up (the sign-in throttle counts them too).
pub const MAX_CHALLENGE_ATTEMPTS: u32 = 5;
/// The codes one challenge takes, counted atomically so a burst of codes cannot try more: at most
/// [`MAX_CHALLENGE_ATTEMPTS`] within its lifetime (each checked code counts until it proves right).
pub const CHALLENGE_CODES: Limit = Limit::per(MAX_CHALLENGE_ATTEMPTS as usize, CHALLENGE_LIFETIME);

/// The key a challenge's codes are counted under.
pub fn challenge_key(id: EntityId) -> LimitKey {
    LimitKey::new("challenge", &[&id.to_string()])
}

/// What authenticator apps show above the account when no site name is known.
pub const DEFAULT_ISSUER: &str = "Atelier";

/// The answer for a wrong or malformed code.
pub const INVALID_CODE: &str = "Invalid authentication code";

/// The answer for a right code of a time step already used (RFC 6238 §5.2: a code is accepted
/// once), such as the code that just confirmed the set-up: the person waits for the next one.
pub const USED_CODE: &str = "This code has already been used. Each code works once: wait for the next code in your authenticator app and enter it.";

/// A TOTP secret in the clear. Only ever stored sealed; never printed.
#[derive(Clone, PartialEq, Eq)]
pub struct TotpSecret(Vec<u8>);

impl fmt::Debug for TotpSecret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("TotpSecret(***)")
    }
}

impl TotpSecret {
    /// A new random secret of [`SECRET_BYTES`].
    ///
    /// # Panics
    /// Only when the operating system's random source is unavailable.
    pub fn generate() -> Self {
        let mut bytes = vec![0_u8; SECRET_BYTES];
        getrandom::fill(&mut bytes).expect("the operating system's random source is available");
        Self(bytes)
    }

    /// A secret read back from storage (after unsealing).
    pub fn from_bytes(bytes: Vec<u8>) -> Self {
        Self(bytes)
    }

    pub fn expose(&self) -> &[u8] {
        &self.0
    }

    /// The key to type into an authenticator app by hand: the secret in base32 (RFC 4648, without
    /// padding), in groups of four.
    pub fn manual_key(&self) -> String {
        let encoded = totp_rs::Secret::from(self.0.clone()).to_base32();
        let groups: Vec<String> =
            encoded.as_bytes().chunks(4).map(|chunk| String::from_utf8_lossy(chunk).into_owned()).collect();
        groups.join(" ")
    }

    /// The `otpauth://totp/...` address an authenticator app reads from a QR code, naming the site
    /// (`issuer`) and the account. Colons, which the format reserves, become spaces.
    pub fn provisioning_uri(&self, issuer: &str, account: &str) -> String {
        let issuer = label_part(issuer, DEFAULT_ISSUER);
        let account = label_part(account, "account");
        let totp = Builder::new()
            .with_algorithm(Algorithm::SHA1)
            .with_digits(CODE_DIGITS)
            .with_step_duration(TIME_STEP_SECONDS)
            .with_secret(self.0.clone())
            .with_issuer(Some(issuer))
            .with_account_name(account)
            .build_noncompliant();
        totp.to_url().expect("the label parts are neither empty nor hold a colon")
    }

    /// The code for the time `at`.
    pub fn code_at(&self, at: DateTime<Utc>) -> String {
        code(&self.0, Algorithm::SHA1, CODE_DIGITS, unix_seconds(at))
    }

    /// The time step of the code typed, when it is the code of the step at `at` or of one within
    /// [`ALLOWED_SKEW_STEPS`] of it. Spaces in the typed code are ignored. The caller still has to
    /// refuse a step already used ([`TwoFactor::accepts_step`]).
    pub fn matching_step(&self, typed: &str, at: DateTime<Utc>) -> Option<u64> {
        let typed: String = typed.chars().filter(|c| !c.is_whitespace()).collect();
        if typed.len() != usize::from(CODE_DIGITS) || !typed.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let now = unix_seconds(at) / TIME_STEP_SECONDS;
        let skew = u64::from(ALLOWED_SKEW_STEPS);
        (now.saturating_sub(skew)..=now + skew).find(|step| {
            let expected = code(&self.0, Algorithm::SHA1, CODE_DIGITS, step * TIME_STEP_SECONDS);
            constant_time_eq(expected.as_bytes(), typed.as_bytes())
        })
    }
}

/// Whether a typed code has the shape of an authenticator's code (six digits, spaces aside), as
/// opposed to a recovery code.
pub fn looks_like_totp_code(typed: &str) -> bool {
    let digits: Vec<char> = typed.chars().filter(|c| !c.is_whitespace()).collect();
    digits.len() == usize::from(CODE_DIGITS) && digits.iter().all(char::is_ascii_digit)
}

fn label_part(text: &str, fallback: &str) -> String {
    let cleaned: String = text.replace(':', " ").chars().filter(|c| !c.is_control()).collect();
    let cleaned = cleaned.trim();
    if cleaned.is_empty() { fallback.to_owned() } else { cleaned.to_owned() }
}

/// The RFC 6238 code of `secret` at `unix_time` seconds.
fn code(secret: &[u8], algorithm: Algorithm, digits: u8, unix_time: u64) -> String {
    Builder::new()
        .with_algorithm(algorithm)
        .with_digits(digits)
        .with_step_duration(TIME_STEP_SECONDS)
        .with_secret(secret.to_vec())
        .build_noncompliant()
        .generate(unix_time)
        .to_string()
}

fn unix_seconds(at: DateTime<Utc>) -> u64 {
    u64::try_from(at.timestamp()).unwrap_or(0)
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0_u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// An account's authenticator: its sealed secret, whether enrolment was confirmed, and the last
/// time step a code was accepted for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TwoFactor {
    pub user_id: EntityId,
    /// The secret as sealed by the server's key (see the application's `SecretSealer`).
    pub sealed_secret: Vec<u8>,
    /// When a first code confirmed it; `None` while enrolment is pending.
    pub enabled_at: Option<DateTime<Utc>>,
    /// The step of the last code accepted; no code of that step or an earlier one is accepted again.
    pub last_used_step: Option<u64>,
    pub created_at: DateTime<Utc>,
}

impl TwoFactor {
    /// A pending enrolment with a freshly sealed secret.
    pub fn pending(user_id: EntityId, sealed_secret: Vec<u8>, now: DateTime<Utc>) -> Self {
        Self { user_id, sealed_secret, enabled_at: None, last_used_step: None, created_at: now }
    }

    pub fn is_enabled(&self) -> bool {
        self.enabled_at.is_some()
    }

    /// RFC 6238 §5.2: a code is accepted once. A step at or before the last one used is refused,
    /// which also refuses any code older than one already used.
    pub fn accepts_step(&self, step: u64) -> bool {
        self.last_used_step.is_none_or(|last| step > last)
    }
}

/// The alphabet of recovery codes: Crockford's base32 in lower case (no i, l, o or u), so a code
/// read aloud or from paper is not misread.
const RECOVERY_ALPHABET: &[u8; 32] = b"0123456789abcdefghjkmnpqrstvwxyz";
/// Characters of a recovery code: 16 of 32 symbols are 80 random bits.
const RECOVERY_CODE_CHARS: usize = 16;

/// A recovery code as handed out once: `xxxx-xxxx-xxxx-xxxx`. Never printed.
#[derive(Clone, PartialEq, Eq)]
pub struct RecoveryCode(String);

impl fmt::Debug for RecoveryCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("RecoveryCode(***)")
    }
}

impl RecoveryCode {
    /// # Panics
    /// Only when the operating system's random source is unavailable.
    pub fn generate() -> Self {
        let mut bytes = [0_u8; RECOVERY_CODE_CHARS];
        getrandom::fill(&mut bytes).expect("the operating system's random source is available");
        // 256 is a multiple of 32: every symbol is equally likely.
        let symbols: Vec<char> = bytes
            .iter()
            .map(|byte| char::from(RECOVERY_ALPHABET[usize::from(*byte) % RECOVERY_ALPHABET.len()]))
            .collect();
        let groups: Vec<String> = symbols.chunks(4).map(|group| group.iter().collect()).collect();
        Self(groups.join("-"))
    }

    /// Ten new codes.
    pub fn generate_set() -> Vec<Self> {
        (0..RECOVERY_CODE_COUNT).map(|_| Self::generate()).collect()
    }

    pub fn expose(&self) -> &str {
        &self.0
    }

    /// What is stored to recognise it.
    pub fn hash(&self) -> String {
        recovery_code_hash(&self.0).expect("a generated code is well formed")
    }
}

/// The stored form of a recovery code as someone typed it, or `None` when it cannot be one. Case,
/// spaces and hyphens do not matter, and the letters Crockford's base32 reads as digits (`i`, `l`
/// as 1, `o` as 0) are read so.
///
/// The hash is a plain SHA-256, not argon2: each code holds 80 random bits, so no guessing, online
/// or from a copy of the database, can find one, and a slow hash would only make each sign-in check
/// up to ten of them slowly. An unkeyed hash also keeps the codes working if the server's secret
/// changes, when they are the way back in (the sealed TOTP secret can then no longer be opened).
pub fn recovery_code_hash(typed: &str) -> Option<String> {
    let normalised: String = typed
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .map(|c| match c.to_ascii_lowercase() {
            'i' | 'l' => '1',
            'o' => '0',
            other => other,
        })
        .collect();
    let valid = normalised.len() == RECOVERY_CODE_CHARS && normalised.bytes().all(|b| RECOVERY_ALPHABET.contains(&b));
    valid.then(|| secret_hash(&normalised))
}

/// The password step of a sign-in passed for an account with two-factor sign-in: the code step has
/// to follow within [`CHALLENGE_LIFETIME`], with the challenge's token (only its hash is stored).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignInChallenge {
    pub id: EntityId,
    pub user_id: EntityId,
    pub token_hash: String,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    /// Wrong codes tried with it so far.
    pub failed_attempts: u32,
}

impl SignInChallenge {
    /// A new challenge and the token to hand out.
    pub fn new(id: EntityId, user_id: EntityId, now: DateTime<Utc>) -> (Self, OneTimeSecret) {
        let token = OneTimeSecret::generate();
        let challenge = Self {
            id,
            user_id,
            token_hash: token.hash(),
            created_at: now,
            expires_at: now + CHALLENGE_LIFETIME,
            failed_attempts: 0,
        };
        (challenge, token)
    }

    /// Not expired and not worn out by wrong codes.
    pub fn is_usable(&self, now: DateTime<Utc>) -> bool {
        self.expires_at > now && self.failed_attempts < MAX_CHALLENGE_ATTEMPTS
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn at(seconds: i64) -> DateTime<Utc> {
        Utc.timestamp_opt(seconds, 0).unwrap()
    }

    /// RFC 6238 Appendix B: the seeds are the ASCII digits 1234567890 repeated to the hash's size.
    fn seed(length: usize) -> Vec<u8> {
        b"1234567890".iter().copied().cycle().take(length).collect()
    }

    #[test]
    fn codes_match_the_test_vectors_of_rfc_6238() {
        // (time, SHA1, SHA256, SHA512), eight digits, 30-second steps.
        let vectors: [(u64, &str, &str, &str); 6] = [
            (59, "94287082", "46119246", "90693936"),
            (1_111_111_109, "07081804", "68084774", "25091201"),
            (1_111_111_111, "14050471", "67062674", "99943326"),
            (1_234_567_890, "89005924", "91819424", "93441116"),
            (2_000_000_000, "69279037", "90698825", "38618901"),
            (20_000_000_000, "65353130", "77737706", "47863826"),
        ];
        for (time, sha1, sha256, sha512) in vectors {
            assert_eq!(code(&seed(20), Algorithm::SHA1, 8, time), sha1, "SHA1 at {time}");
            assert_eq!(code(&seed(32), Algorithm::SHA256, 8, time), sha256, "SHA256 at {time}");
            assert_eq!(code(&seed(64), Algorithm::SHA512, 8, time), sha512, "SHA512 at {time}");
        }
    }

    #[test]
    fn the_six_digit_codes_are_the_last_six_digits_of_the_rfc_vectors() {
        let secret = TotpSecret::from_bytes(seed(20));
        for (time, sha1) in [(59, "94287082"), (1_111_111_109, "07081804"), (2_000_000_000, "69279037")] {
            assert_eq!(secret.code_at(at(time)), sha1[2..], "at {time}");
        }
    }

    #[test]
    fn a_code_matches_its_own_step_and_one_either_side_only() {
        let secret = TotpSecret::from_bytes(seed(20));
        let now = at(1_111_111_111);
        let step = 1_111_111_111 / 30;
        assert_eq!(secret.matching_step(&secret.code_at(now), now), Some(step));
        assert_eq!(secret.matching_step(&secret.code_at(now - Duration::seconds(30)), now), Some(step - 1));
        assert_eq!(secret.matching_step(&secret.code_at(now + Duration::seconds(30)), now), Some(step + 1));
        assert_eq!(secret.matching_step(&secret.code_at(now - Duration::seconds(60)), now), None);
        assert_eq!(secret.matching_step(&secret.code_at(now + Duration::seconds(60)), now), None);
    }

    #[test]
    fn typed_codes_may_have_spaces_but_nothing_else() {
        assert!(looks_like_totp_code(" 123 456 "));
        assert!(!looks_like_totp_code("12345") && !looks_like_totp_code("abcd-efgh-jkmn-pqrs"));
        let secret = TotpSecret::from_bytes(seed(20));
        let now = at(59);
        assert_eq!(secret.code_at(now), "287082");
        assert!(secret.matching_step(" 287 082 ", now).is_some());
        for typed in ["28708", "2870821", "28708a", "", "２８７０８２"] {
            assert_eq!(secret.matching_step(typed, now), None, "{typed:?}");
        }
    }

    #[test]
    fn a_step_is_accepted_once_and_never_an_earlier_one() {
        let mut two_factor = TwoFactor::pending(EntityId::generate(at(0)), vec![1], at(0));
        assert!(two_factor.accepts_step(10));
        two_factor.last_used_step = Some(10);
        assert!(!two_factor.accepts_step(10));
        assert!(!two_factor.accepts_step(9));
        assert!(two_factor.accepts_step(11));
    }

    #[test]
    fn secrets_are_random_and_read_as_a_manual_key_and_an_otpauth_address() {
        let secret = TotpSecret::generate();
        assert_eq!(secret.expose().len(), SECRET_BYTES);
        assert_ne!(secret, TotpSecret::generate());
        assert!(!format!("{secret:?}").contains(&secret.manual_key()));

        let known = TotpSecret::from_bytes(seed(20));
        assert_eq!(known.manual_key(), "GEZD GNBV GY3T QOJQ GEZD GNBV GY3T QOJQ");
        assert_eq!(
            known.provisioning_uri("Studio: North", "ada@atelier.test"),
            "otpauth://totp/Studio%20%20North:ada%40atelier.test?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Studio%20%20North"
        );
        assert!(known.provisioning_uri(" ", "a@b.co").starts_with("otpauth://totp/Atelier:a%40b.co?"));
    }

    #[test]
    fn recovery_codes_are_ten_random_codes_of_80_bits_read_forgivingly() {
        let codes = RecoveryCode::generate_set();
        assert_eq!(codes.len(), RECOVERY_CODE_COUNT);
        let mut distinct: Vec<&str> = codes.iter().map(RecoveryCode::expose).collect();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), RECOVERY_CODE_COUNT);
        let code = &codes[0];
        assert_eq!(code.expose().len(), 19);
        assert_eq!(code.expose().matches('-').count(), 3);
        assert!(!format!("{code:?}").contains(code.expose()));

        let hash = code.hash();
        let shouted = code.expose().to_uppercase().replace('-', " ");
        assert_eq!(recovery_code_hash(&shouted), Some(hash.clone()));
        assert_eq!(recovery_code_hash("0000-1111-2222-3333"), recovery_code_hash("OOOO-IiLl-2222-3333"));
        assert_eq!(recovery_code_hash("0000-1111-2222-333"), None);
        assert_eq!(recovery_code_hash("0000-1111-2222-333u"), None);
        assert_ne!(hash, code.expose());
    }

    #[test]
    fn a_challenge_lasts_five_minutes_and_five_wrong_codes() {
        let now = at(1_000);
        let (mut challenge, token) = SignInChallenge::new(EntityId::generate(now), EntityId::generate(now), now);
        assert_eq!(challenge.token_hash, secret_hash(token.expose()));
        assert!(challenge.is_usable(now + Duration::seconds(299)));
        assert!(!challenge.is_usable(now + Duration::seconds(300)));
        challenge.failed_attempts = MAX_CHALLENGE_ATTEMPTS - 1;
        assert!(challenge.is_usable(now));
        challenge.failed_attempts = MAX_CHALLENGE_ATTEMPTS;
        assert!(!challenge.is_usable(now));
    }
}
