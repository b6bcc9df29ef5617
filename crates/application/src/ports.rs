//! The ports: what the use cases need from the outside world. Adapters implement them; the SeaORM
//! adapter implements all of them on one store type.

use std::future::Future;

use atelier_domain::contact::{ContactMessage, ContactStatus};
use atelier_domain::project_request::{ProjectPriority, ProjectRequest, ProjectRequestStats, ProjectRequestStatus};
use atelier_domain::service::{Service, ServiceStatus};
use atelier_domain::settings::Settings;
use atelier_domain::user::{Email, Password, PasswordHash, User};
use atelier_domain::{EntityId, Page, PageRequest};
use chrono::{DateTime, Utc};

/// Which services a list call wants.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ServiceFilter {
    pub status: Option<ServiceStatus>,
    pub featured: Option<bool>,
}

/// Stored services.
pub trait ServiceRepository: Send + Sync + 'static {
    /// Services matching `filter`, ascending by display order then creation time, one page of them.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn list_services(
        &self,
        filter: ServiceFilter,
        page: PageRequest,
    ) -> impl Future<Output = anyhow::Result<Vec<Service>>> + Send;

    /// The service with this id, if any.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_service(&self, id: EntityId) -> impl Future<Output = anyhow::Result<Option<Service>>> + Send;

    /// Stores a new service.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn insert_service(&self, service: &Service) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// Replaces a stored service; `false` when no service has its id.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn update_service(&self, service: &Service) -> impl Future<Output = anyhow::Result<bool>> + Send;

    /// Deletes a service; `false` when none had this id.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn delete_service(&self, id: EntityId) -> impl Future<Output = anyhow::Result<bool>> + Send;
}

/// The one settings record.
pub trait SettingsRepository: Send + Sync + 'static {
    /// The stored settings, or `None` before anything was saved.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn load_settings(&self) -> impl Future<Output = anyhow::Result<Option<Settings>>> + Send;

    /// Stores the settings, replacing any stored before.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn save_settings(&self, settings: &Settings) -> impl Future<Output = anyhow::Result<()>> + Send;
}

/// Which contact messages a list call wants.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ContactFilter {
    pub status: Option<ContactStatus>,
    /// Matched case-insensitively anywhere in the name, email or subject.
    pub search: Option<String>,
}

/// Stored contact messages.
pub trait ContactRepository: Send + Sync + 'static {
    /// Messages matching `filter`, newest first, one page of them with the total that matched.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn list_contacts(
        &self,
        filter: &ContactFilter,
        page: PageRequest,
    ) -> impl Future<Output = anyhow::Result<Page<ContactMessage>>> + Send;

    /// How many stored messages have status `new`, across the whole inbox.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn count_unread_contacts(&self) -> impl Future<Output = anyhow::Result<u64>> + Send;

    /// The message with this id, if any.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_contact(&self, id: EntityId) -> impl Future<Output = anyhow::Result<Option<ContactMessage>>> + Send;

    /// Stores a new message.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn insert_contact(&self, message: &ContactMessage) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// Replaces a stored message; `false` when no message has its id.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn update_contact(&self, message: &ContactMessage) -> impl Future<Output = anyhow::Result<bool>> + Send;

    /// Deletes a message; `false` when none had this id.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn delete_contact(&self, id: EntityId) -> impl Future<Output = anyhow::Result<bool>> + Send;
}

/// Which project requests a list call wants.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProjectRequestFilter {
    pub status: Option<ProjectRequestStatus>,
    pub priority: Option<ProjectPriority>,
    /// Matched case-insensitively anywhere in the client name, company name, email or description.
    pub search: Option<String>,
}

/// Stored project requests.
pub trait ProjectRequestRepository: Send + Sync + 'static {
    /// Requests matching `filter`, newest first, one page of them with the total that matched.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn list_project_requests(
        &self,
        filter: &ProjectRequestFilter,
        page: PageRequest,
    ) -> impl Future<Output = anyhow::Result<Page<ProjectRequest>>> + Send;

    /// How many requests there are per status and per priority (grouped counts, zeros included).
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn project_request_stats(&self) -> impl Future<Output = anyhow::Result<ProjectRequestStats>> + Send;

    /// The request with this id, if any.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_project_request(&self, id: EntityId)
    -> impl Future<Output = anyhow::Result<Option<ProjectRequest>>> + Send;

    /// Stores a new request.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn insert_project_request(&self, request: &ProjectRequest) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// Replaces a stored request; `false` when no request has its id.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn update_project_request(&self, request: &ProjectRequest) -> impl Future<Output = anyhow::Result<bool>> + Send;

    /// Deletes a request; `false` when none had this id.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn delete_project_request(&self, id: EntityId) -> impl Future<Output = anyhow::Result<bool>> + Send;
}

/// The store as a whole.
pub trait StoreStatus: Send + Sync + 'static {
    /// Succeeds when the store answers a trivial query.
    ///
    /// # Errors
    /// When the store cannot be reached.
    fn ping(&self) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// Whether no content at all has been stored yet (the condition for seeding demo content).
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn is_empty(&self) -> impl Future<Output = anyhow::Result<bool>> + Send;
}

/// What saving a record with a unique field came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SaveOutcome {
    Saved,
    /// Another record already holds the unique value.
    Conflict,
    NotFound,
}

/// Stored accounts. Emails are unique.
pub trait UserRepository: Send + Sync + 'static {
    /// # Errors
    /// Only infrastructure faults.
    fn count_users(&self) -> impl Future<Output = anyhow::Result<u64>> + Send;

    /// # Errors
    /// Only infrastructure faults.
    fn find_user(&self, id: EntityId) -> impl Future<Output = anyhow::Result<Option<User>>> + Send;

    /// # Errors
    /// Only infrastructure faults.
    fn find_user_by_email(&self, email: &Email) -> impl Future<Output = anyhow::Result<Option<User>>> + Send;

    /// Stores a new account; [`SaveOutcome::Conflict`] when its email is taken.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn insert_user(&self, user: &User) -> impl Future<Output = anyhow::Result<SaveOutcome>> + Send;

    /// Replaces a stored account; [`SaveOutcome::Conflict`] when its new email is taken.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn update_user(&self, user: &User) -> impl Future<Output = anyhow::Result<SaveOutcome>> + Send;
}

/// A signed-in session: the server-side record behind one token, so a token can be revoked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    /// The token's `jti`.
    pub id: EntityId,
    pub user_id: EntityId,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    pub revoked_at: Option<DateTime<Utc>>,
}

/// Stored sessions.
pub trait SessionRepository: Send + Sync + 'static {
    /// # Errors
    /// Only infrastructure faults.
    fn insert_session(&self, session: &Session) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// # Errors
    /// Only infrastructure faults.
    fn find_session(&self, id: EntityId) -> impl Future<Output = anyhow::Result<Option<Session>>> + Send;

    /// Revokes one session (a no-op when already revoked).
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn revoke_session(&self, id: EntityId, at: DateTime<Utc>) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// Revokes every live session of a user but `keep`.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn revoke_other_sessions(
        &self,
        user_id: EntityId,
        keep: EntityId,
        at: DateTime<Utc>,
    ) -> impl Future<Output = anyhow::Result<()>> + Send;
}

/// The times of recent sign-in failures, oldest first.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RecentFailures {
    pub by_email: Vec<DateTime<Utc>>,
    pub by_address: Vec<DateTime<Utc>>,
}

/// Failed sign-in attempts, kept in the database so the limits hold across restarts and instances.
pub trait LoginAttemptRepository: Send + Sync + 'static {
    /// Records a failure for an email (as typed, lowercased) from an address.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn record_login_failure(
        &self,
        email: &str,
        address: &str,
        at: DateTime<Utc>,
    ) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// The failure times since `since`, oldest first: for the email, and from the address.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn login_failures_since(
        &self,
        email: &str,
        address: &str,
        since: DateTime<Utc>,
    ) -> impl Future<Output = anyhow::Result<RecentFailures>> + Send;

    /// Forgets an email's failures (after a successful sign-in).
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn clear_login_failures(&self, email: &str) -> impl Future<Output = anyhow::Result<()>> + Send;
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

/// Everything the application needs from its storage: the bound the HTTP layer and the wiring use.
pub trait Store:
    ServiceRepository
    + SettingsRepository
    + UserRepository
    + SessionRepository
    + LoginAttemptRepository
    + ContactRepository
    + ProjectRequestRepository
    + StoreStatus
    + Clone
{
}

impl<T> Store for T where
    T: ServiceRepository
        + SettingsRepository
        + UserRepository
        + SessionRepository
        + LoginAttemptRepository
        + ContactRepository
        + ProjectRequestRepository
        + StoreStatus
        + Clone
{
}
