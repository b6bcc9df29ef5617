//! Invitations to join the back office with a role: a one-time secret link that expires. Only the secret's
//! hash is stored, so a copy of the database cannot be used to accept one.

use std::fmt;

use chrono::{DateTime, Duration, Utc};

use crate::id::EntityId;
use crate::limits::{Limit, LimitKey};
use crate::media::content_hash;
use crate::user::{Email, Role};

/// How long an invitation may be accepted.
pub const INVITATION_LIFETIME: Duration = Duration::hours(72);
/// Invitations one administrator may send within an hour: enough for a team, too few to turn the
/// site's mail into a spam cannon from a stolen session.
pub const INVITATIONS: Limit = Limit::per(20, Duration::hours(1));

/// The key an administrator's invitations are counted under.
pub fn invitations_key(inviter: EntityId) -> LimitKey {
    LimitKey::new("invitations", &[&inviter.to_string()])
}

/// The back-office page that accepts an invitation; the secret follows in the address's fragment,
/// which browsers never send to a server (so it never reaches a log).
pub const ACCEPT_PATH: &str = "/admin/accept-invite";

/// A random secret handed out once (an invitation's token): 32 random bytes as 64 hex digits.
/// Never printed.
#[derive(Clone, PartialEq, Eq)]
pub struct OneTimeSecret(String);

impl OneTimeSecret {
    /// # Panics
    /// Only when the operating system's random source is unavailable.
    pub fn generate() -> Self {
        let mut bytes = [0_u8; 32];
        getrandom::fill(&mut bytes).expect("the operating system's random source is available");
        Self(bytes.iter().fold(String::with_capacity(64), |mut hex, byte| {
            use std::fmt::Write;
            let _ = write!(hex, "{byte:02x}");
            hex
        }))
    }

    pub fn expose(&self) -> &str {
        &self.0
    }

    /// What is stored to find it again.
    pub fn hash(&self) -> String {
        secret_hash(&self.0)
    }
}

impl fmt::Debug for OneTimeSecret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("OneTimeSecret(***)")
    }
}

/// The stored form of a secret as a client sent it: its SHA-256 in hex. The secrets are random and
/// long, so a fast hash is enough; the text is trimmed first.
pub fn secret_hash(text: &str) -> String {
    content_hash(text.trim().as_bytes())
}

/// A stored invitation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invitation {
    pub id: EntityId,
    /// Who is invited; the account is created with this email.
    pub email: Email,
    /// The administrator who sent it.
    pub invited_by: EntityId,
    /// The role the account is created with (never [`Role::Owner`]: ownership is handed over).
    pub role: Role,
    /// [`OneTimeSecret::hash`] of its token.
    pub token_hash: String,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
}

impl Invitation {
    /// A new invitation and the token to hand out (only its hash is kept).
    pub fn new(
        id: EntityId,
        email: Email,
        role: Role,
        invited_by: EntityId,
        now: DateTime<Utc>,
    ) -> (Self, OneTimeSecret) {
        let token = OneTimeSecret::generate();
        let invitation = Self {
            id,
            email,
            invited_by,
            role,
            token_hash: token.hash(),
            created_at: now,
            expires_at: now + INVITATION_LIFETIME,
        };
        (invitation, token)
    }

    pub fn is_open(&self, now: DateTime<Utc>) -> bool {
        self.expires_at > now
    }

    /// The link that accepts it: absolute when the site's public address is known
    /// (`https://studio.example`), else from the site's root.
    pub fn link(token: &OneTimeSecret, public_url: Option<&str>) -> String {
        let base = public_url.map(|url| url.trim().trim_end_matches('/')).unwrap_or_default();
        format!("{base}{ACCEPT_PATH}#{}", token.expose())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_random_and_stored_only_as_their_hash() {
        let email = Email::parse("grace@atelier.test").unwrap();
        let now = Utc::now();
        let (invitation, token) =
            Invitation::new(EntityId::generate(now), email.clone(), Role::Editor, EntityId::generate(now), now);
        let (_, other) = Invitation::new(EntityId::generate(now), email, Role::Editor, EntityId::generate(now), now);
        assert_eq!(token.expose().len(), 64);
        assert_ne!(token, other);
        assert_eq!(invitation.token_hash, secret_hash(&format!(" {} ", token.expose())));
        assert_ne!(invitation.token_hash, token.expose());
        assert!(!format!("{token:?}").contains(token.expose()));
    }

    #[test]
    fn an_invitation_is_open_for_72_hours() {
        let now = Utc::now();
        let (invitation, _) = Invitation::new(
            EntityId::generate(now),
            Email::parse("a@b.co").unwrap(),
            Role::Sales,
            EntityId::generate(now),
            now,
        );
        assert!(invitation.is_open(now + Duration::hours(71)));
        assert!(!invitation.is_open(now + Duration::hours(72)));
    }

    #[test]
    fn the_link_carries_the_token_in_its_fragment() {
        let token = OneTimeSecret::generate();
        let expected = format!("https://studio.example/admin/accept-invite#{}", token.expose());
        assert_eq!(Invitation::link(&token, Some("https://studio.example/")), expected);
        assert_eq!(Invitation::link(&token, None), format!("/admin/accept-invite#{}", token.expose()));
    }
}
