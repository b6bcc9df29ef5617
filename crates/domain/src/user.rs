//! Accounts: who may sign in, with which role, and the rules that protect sign-in.

use std::fmt;

use chrono::{DateTime, Duration, Utc};

use crate::id::EntityId;
use crate::limits::{Limit, LimitKey, Slowdown};
use crate::validation::{self, FieldErrors, required_text};

pub const MIN_PASSWORD_LEN: usize = 12;
/// Long enough for any passphrase, short enough that hashing cannot be used to exhaust the server.
pub const MAX_PASSWORD_LEN: usize = 256;
pub const MAX_NAME_LEN: usize = 100;

/// What an account may do in the back office. Exactly one account is the [`Role::Owner`]; what each
/// role may call is the HTTP layer's permission table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// Everything, and the only one who hands ownership over.
    Owner,
    /// Everything but handing ownership over.
    Administrator,
    /// All content, publishing included; no accounts, settings, audit log or exports.
    Editor,
    /// Creates posts and projects and uploads media; changes only their own.
    Author,
    /// Writes drafts of posts; publishes nothing.
    Contributor,
    /// Contact messages, project requests and the newsletter list; reads content, changes none.
    Sales,
}

crate::word_enum!(Role, |_| format!("Role must be one of {}", Role::words()), {
    Owner => "owner",
    Administrator => "administrator",
    Editor => "editor",
    Author => "author",
    Contributor => "contributor",
    Sales => "sales",
});

impl Role {
    /// The role's name in messages: `Editor`.
    pub fn label(self) -> &'static str {
        match self {
            Self::Owner => "Owner",
            Self::Administrator => "Administrator",
            Self::Editor => "Editor",
            Self::Author => "Author",
            Self::Contributor => "Contributor",
            Self::Sales => "Sales",
        }
    }

    /// Whether the role manages accounts (invites, changes roles, removes): the Owner and
    /// Administrators.
    pub fn manages_accounts(self) -> bool {
        matches!(self, Self::Owner | Self::Administrator)
    }
}

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

/// Brute-force protection for sign-in (and for every step that checks a password or a second factor
/// of an account): the limits its attempts are counted against. An attempt is counted before the
/// password is checked and taken back when it was right, so what stays counted is failures.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SignInLimits {
    /// Per account (the email as typed, lowercased) and client address: once full, that pair waits
    /// for the window, whatever password it sends, while every other address keeps its own count.
    pub pair: Limit,
    /// Per account from every address it has not signed in from lately: a slowdown against many
    /// addresses guessing together, which never reaches an address the account is known at.
    pub account: Limit,
    /// How long an address the account signed in from stays known.
    pub known_address_for: Duration,
}

impl SignInLimits {
    /// 5 failures per account and address within 15 minutes; 50 per account within an hour from
    /// addresses not known for it, then waits of 1 minute doubling up to 15; addresses known for 30
    /// days.
    pub const STANDARD: Self = Self {
        pair: Limit::per(5, Duration::minutes(15)),
        account: Limit {
            max: 50,
            window: Duration::hours(1),
            slowdown: Some(Slowdown { first: Duration::minutes(1), longest: Duration::minutes(15) }),
        },
        known_address_for: Duration::days(30),
    };

    /// The key of one account (as typed, lowercased) from one address.
    pub fn pair_key(email: &str, address: &str) -> LimitKey {
        LimitKey::new("sign-in", &[email, address])
    }

    /// The key of one account from everywhere.
    pub fn account_key(email: &str) -> LimitKey {
        LimitKey::new("sign-in-account", &[email])
    }
}

/// Wrong current passwords when changing one's password: 5 per account within 15 minutes (a stolen
/// session must not become a way to guess the password).
pub const PASSWORD_CHANGES: Limit = Limit::per(5, Duration::minutes(15));

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
        let errors = NewUser::parse(input, Role::Administrator).unwrap_err();
        for field in ["name", "email", "password", "role"] {
            assert!(errors.get(field).is_some(), "{field}");
        }
    }

    #[test]
    fn roles_are_stored_as_their_words_and_a_wrong_one_lists_them_all() {
        for role in Role::ALL {
            assert_eq!(Role::parse(role.as_str()), Ok(role));
        }
        assert_eq!(
            Role::parse("admin"),
            Err("Role must be one of owner, administrator, editor, author, contributor, sales".to_owned())
        );
        assert!(Role::Owner.manages_accounts() && Role::Administrator.manages_accounts());
        assert!(!Role::Editor.manages_accounts() && !Role::Sales.manages_accounts());
    }
}
