//! Accounts: who may sign in, with which role, and the rules that protect sign-in.

use std::fmt;

use chrono::{DateTime, Duration, Utc};

use crate::id::EntityId;
use crate::validation::{self, FieldErrors, required_text};

pub const MIN_PASSWORD_LEN: usize = 12;
/// Long enough for any passphrase, short enough that hashing cannot be used to exhaust the server.
pub const MAX_PASSWORD_LEN: usize = 256;
pub const MAX_NAME_LEN: usize = 100;

/// What an account may do. Only administrators may use the back office and every non-public call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Admin,
    /// An account that may sign in but is refused by every protected call.
    Member,
}

crate::word_enum!(Role, |_| "Role must be admin or member".to_owned(), {
    Admin => "admin",
    Member => "member",
});

/// A lowercased, trimmed email address of a valid shape.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Email(String);

impl Email {
    pub fn parse(text: &str) -> Result<Self, String> {
        validation::email(text, "Email").map(Self)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Email {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A new password as typed: at least 12 characters. Never printed.
#[derive(Clone, PartialEq, Eq)]
pub struct Password(String);

impl Password {
    /// Checks a new password's length. Passwords are not trimmed: every character counts.
    pub fn parse(text: &str) -> Result<Self, String> {
        let length = text.chars().count();
        if length < MIN_PASSWORD_LEN {
            Err(format!("Password must be at least {MIN_PASSWORD_LEN} characters"))
        } else if length > MAX_PASSWORD_LEN {
            Err(format!("Password must be at most {MAX_PASSWORD_LEN} characters"))
        } else {
            Ok(Self(text.to_owned()))
        }
    }

    /// A random 20-character password of letters and digits, for a first administrator nobody chose
    /// a password for.
    ///
    /// # Panics
    /// Only when the operating system's random source is unavailable.
    pub fn generate() -> Self {
        const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
        let mut bytes = [0_u8; 20];
        getrandom::fill(&mut bytes).expect("the operating system's random source is available");
        // 256 is not a multiple of the alphabet's length; the bias this leaves is negligible for a
        // 20-character password.
        Self(bytes.iter().map(|byte| char::from(ALPHABET[usize::from(*byte) % ALPHABET.len()])).collect())
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Password {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Password(***)")
    }
}

/// A password hash in PHC string format. Never printed.
#[derive(Clone, PartialEq, Eq)]
pub struct PasswordHash(String);

impl PasswordHash {
    pub fn new(phc: String) -> Self {
        Self(phc)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for PasswordHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("PasswordHash(***)")
    }
}

/// A stored account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct User {
    pub id: EntityId,
    pub email: Email,
    pub name: String,
    pub role: Role,
    pub password_hash: PasswordHash,
    /// The password was generated and printed in the log (the first administrator's): the
    /// account must choose its own before doing anything else.
    pub must_change_password: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// A new account's fields as a client sent them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NewUserInput {
    pub name: Option<String>,
    pub email: Option<String>,
    pub password: Option<String>,
    pub role: Option<String>,
}

/// A new account's validated fields (the password is not hashed yet).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewUser {
    pub name: String,
    pub email: Email,
    pub password: Password,
    pub role: Role,
}

impl NewUser {
    /// Checks every field; the role defaults to `default_role`.
    pub fn parse(input: NewUserInput, default_role: Role) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let name = errors.check("name", required_text(input.name.as_deref(), "Name", MAX_NAME_LEN));
        let email = errors.check("email", Email::parse(input.email.as_deref().unwrap_or_default()));
        let password = errors.check("password", Password::parse(input.password.as_deref().unwrap_or_default()));
        let role = match input.role {
            Some(role) => errors.check("role", Role::parse(&role)),
            None => Some(default_role),
        };
        errors.finish(|| Self {
            name: name.expect("checked"),
            email: email.expect("checked"),
            password: password.expect("checked"),
            role: role.expect("checked"),
        })
    }
}

/// Changes to one's own profile.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProfileChanges {
    pub name: Option<String>,
    pub email: Option<Email>,
}

impl ProfileChanges {
    pub fn parse(name: Option<&str>, email: Option<&str>) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let name = name.and_then(|name| errors.check("name", required_text(Some(name), "Name", MAX_NAME_LEN)));
        let email = email.and_then(|email| errors.check("email", Email::parse(email)));
        errors.finish(|| Self { name, email })
    }
}

/// Brute-force protection for sign-in: how many recent failures lock out an email or an address.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LoginThrottle {
    pub max_failures_per_email: u64,
    pub max_failures_per_address: u64,
    pub window: Duration,
}

impl LoginThrottle {
    /// 5 failures for one email, or 20 from one address, within 15 minutes.
    pub const STANDARD: Self =
        Self { max_failures_per_email: 5, max_failures_per_address: 20, window: Duration::minutes(15) };

    /// When a sign-in may be tried again, or `None` when it may be tried now. `email_failures` and
    /// `address_failures` are the failure times within the window, oldest first.
    pub fn retry_at(
        &self,
        email_failures: &[DateTime<Utc>],
        address_failures: &[DateTime<Utc>],
        now: DateTime<Utc>,
    ) -> Option<DateTime<Utc>> {
        let locked_until = |failures: &[DateTime<Utc>], max: u64| {
            let recent: Vec<_> = failures.iter().filter(|at| **at > now - self.window).collect();
            let excess = u64::try_from(recent.len()).unwrap_or(u64::MAX).checked_sub(max)?;
            // The lock lifts once enough of the oldest failures have left the window.
            let index = usize::try_from(excess).unwrap_or(usize::MAX);
            recent.get(index).map(|at| **at + self.window)
        };
        let email = locked_until(email_failures, self.max_failures_per_email);
        let address = locked_until(address_failures, self.max_failures_per_address);
        email.max(address).filter(|at| *at > now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_need_at_least_12_characters_and_the_error_says_so() {
        assert_eq!(Password::parse("short"), Err("Password must be at least 12 characters".into()));
        assert!(Password::parse("twelve chars").is_ok());
        assert!(Password::parse(&"x".repeat(257)).is_err());
        assert!(Password::parse("ééééééééééé").is_err(), "characters, not bytes");
    }

    #[test]
    fn passwords_and_hashes_never_print() {
        let password = Password::parse("correct-horse-battery").unwrap();
        assert!(!format!("{password:?}").contains("horse"));
        assert!(!format!("{:?}", PasswordHash::new("$argon2id$secret".into())).contains("secret"));
    }

    #[test]
    fn generated_passwords_are_long_and_differ() {
        let (a, b) = (Password::generate(), Password::generate());
        assert_eq!(a.expose().len(), 20);
        assert!(Password::parse(a.expose()).is_ok());
        assert_ne!(a, b);
    }

    #[test]
    fn emails_are_compared_lowercased() {
        assert_eq!(Email::parse(" Admin@Atelier.DEV ").unwrap(), Email::parse("admin@atelier.dev").unwrap());
    }

    #[test]
    fn a_new_user_reports_every_bad_field() {
        let input = NewUserInput {
            name: Some(" ".into()),
            email: Some("x".into()),
            password: Some("short".into()),
            role: Some("root".into()),
        };
        let errors = NewUser::parse(input, Role::Admin).unwrap_err();
        for field in ["name", "email", "password", "role"] {
            assert!(errors.get(field).is_some(), "{field}");
        }
    }

    fn minutes_ago(now: DateTime<Utc>, minutes: &[i64]) -> Vec<DateTime<Utc>> {
        minutes.iter().map(|m| now - Duration::minutes(*m)).collect()
    }

    #[test]
    fn five_recent_failures_for_an_email_lock_it_until_the_oldest_leaves_the_window() {
        let now = Utc::now();
        let throttle = LoginThrottle::STANDARD;
        assert_eq!(throttle.retry_at(&minutes_ago(now, &[10, 8, 6, 4]), &[], now), None);
        let five = minutes_ago(now, &[10, 8, 6, 4, 2]);
        assert_eq!(throttle.retry_at(&five, &[], now), Some(now - Duration::minutes(10) + Duration::minutes(15)));
    }

    #[test]
    fn failures_older_than_the_window_do_not_count() {
        let now = Utc::now();
        let failures = minutes_ago(now, &[40, 30, 20, 16, 1]);
        assert_eq!(LoginThrottle::STANDARD.retry_at(&failures, &[], now), None);
    }

    #[test]
    fn twenty_failures_from_one_address_lock_it() {
        let now = Utc::now();
        let failures: Vec<_> = (0..20).map(|second| now - Duration::seconds(600 - second)).collect();
        let retry = LoginThrottle::STANDARD.retry_at(&[], &failures, now).unwrap();
        assert_eq!(retry, failures[0] + Duration::minutes(15));
        assert_eq!(LoginThrottle::STANDARD.retry_at(&[], &failures[1..], now), None);
    }
}
