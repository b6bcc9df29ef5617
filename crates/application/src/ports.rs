//! The ports every feature may share: the clock, password hashing and bearer tokens. Each feature's storage port
//! lives beside its use cases (`blog::ports`, `services::ports`, ...), the record port every entity
//! builds on in [`crate::records`], and the store as a whole in [`crate::store`].

use std::future::Future;
use std::sync::Arc;

use atelier_domain::EntityId;
use atelier_domain::user::{Password, PasswordHash};
use chrono::{DateTime, Utc};

/// The time use cases go by and the ids of the records they create. Use cases never read the system
/// time themselves: tests give them a clock they can set and move.
pub trait Clock: Clone + Send + Sync + 'static {
    /// The current time.
    fn now(&self) -> DateTime<Utc>;

    /// A fresh id for a record created now: its first four bytes are the clock's seconds, so ids
    /// sort roughly by creation time (see [`EntityId`]).
    fn new_id(&self) -> EntityId {
        EntityId::generate(self.now())
    }
}

/// The computer's own clock.
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }
}

/// The clock the wiring chose, behind one type: the server's use cases all hold this one, so the
/// wiring picks the clock once ([`SystemClock`] when serving, a fixed one in a test) and the HTTP
/// layer never names it.
#[derive(Clone)]
pub struct SharedClock(Arc<dyn ChosenClock>);

impl SharedClock {
    pub fn new(clock: impl Clock) -> Self {
        Self(Arc::new(clock))
    }
}

impl std::fmt::Debug for SharedClock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("SharedClock").finish_non_exhaustive()
    }
}

impl Clock for SharedClock {
    fn now(&self) -> DateTime<Utc> {
        self.0.now()
    }

    fn new_id(&self) -> EntityId {
        self.0.new_id()
    }
}

/// [`Clock`] without its `Clone`, so a clock of any type can be held behind one pointer.
trait ChosenClock: Send + Sync + 'static {
    fn now(&self) -> DateTime<Utc>;
    fn new_id(&self) -> EntityId;
}

impl<C: Clock> ChosenClock for C {
    fn now(&self) -> DateTime<Utc> {
        Clock::now(self)
    }

    fn new_id(&self) -> EntityId {
        Clock::new_id(self)
    }
}

/// Password hashing, done off the request threads.
pub trait PasswordHasher: Send + Sync + 'static {
    /// # Errors
    /// Only faults of the hashing itself.
    fn hash(&self, password: &Password) -> impl Future<Output = anyhow::Result<PasswordHash>> + Send;

    /// Whether `password` matches `hash`. With `None` it checks against a fixed hash and answers
    /// `false`, taking as long as a real check, so an unknown account cannot be told from a wrong
    /// password by timing.
    ///
    /// # Errors
    /// Only faults of the hashing itself.
    fn verify(&self, password: &str, hash: Option<&PasswordHash>) -> impl Future<Output = anyhow::Result<bool>> + Send;
}

/// What a token says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenClaims {
    pub session_id: EntityId,
    pub user_id: EntityId,
    pub issued_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
}

/// A token that is malformed, forged, of another algorithm, or expired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("invalid or expired token")]
pub struct InvalidToken;

/// Signs and checks bearer tokens.
pub trait TokenIssuer: Send + Sync + 'static {
    /// # Errors
    /// Only faults of the signing itself.
    fn issue(&self, claims: &TokenClaims) -> anyhow::Result<String>;

    /// # Errors
    /// [`InvalidToken`] for anything but a well-signed, unexpired token.
    fn decode(&self, token: &str) -> Result<TokenClaims, InvalidToken>;
}

/// Sealed bytes that cannot be opened: tampered with, sealed for another owner, or sealed with
/// another key (the server's secret changed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the sealed secret cannot be opened with this server's key")]
pub struct Unsealable;

/// Keeps small secrets (an account's TOTP secret) encrypted at rest with a key only the server
/// holds, so a copy of the database alone does not reveal them.
pub trait SecretSealer: Send + Sync + 'static {
    /// Seals `secret` for its owner: `context` (the account's id) must be given again to open it,
    /// so sealed bytes moved to another account's row do not open.
    ///
    /// # Errors
    /// Only faults of the random source.
    fn seal(&self, secret: &[u8], context: &[u8]) -> anyhow::Result<Vec<u8>>;

    /// # Errors
    /// [`Unsealable`] for anything but bytes this key sealed for this context.
    fn open(&self, sealed: &[u8], context: &[u8]) -> Result<Vec<u8>, Unsealable>;
}
