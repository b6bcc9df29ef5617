//! The audit log: who changed what, when, through which request.
//!
//! The HTTP layer knows who is calling and which operation a request is; the store knows when a
//! write commits. They meet through a task-local [`scope`]: the HTTP layer runs each
//! administrator's write (and each sign-in) inside one, carrying an [`AuditContext`], and the
//! store's write paths ask [`pending_entry`] for the entry to append to the very transaction of the
//! write. A write that fails rolls its entry back with it; a request that writes nothing leaves
//! none. Use cases do not take part: they neither pass nor see the context.
//!
//! One request gives at most one entry: the first audited write that commits in its scope carries it
//! ([`mark_recorded`]); writes the store makes on the side (revisions, the content generation,
//! throttling counters that are cleared) do not ask for one.
//!
//! Entries are append-only: no port changes or deletes one, except [`AuditLog::prune`], which drops
//! those older than the retention period.

#[cfg(test)]
mod fake;
pub mod ports;
#[cfg(test)]
mod tests;

use std::future::Future;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use atelier_domain::meta::Editor;
use atelier_domain::{EntityId, Page};
use chrono::{DateTime, Duration, Utc};

use self::ports::{AuditFilter, AuditRepository};
use crate::access::Audience;
use crate::ports::Clock;
use crate::records::Record;

/// The default page size of `GET /audit`.
pub const DEFAULT_LIMIT: u64 = 50;

/// How long entries are kept unless configured otherwise.
pub const DEFAULT_RETENTION_DAYS: u32 = 365;

/// At most this many characters of a record's title are kept in an entry.
pub const ENTITY_TITLE_MAX: usize = 200;

/// At most this many characters of an identity typed at a failed sign-in are kept.
pub const ATTEMPTED_IDENTITY_MAX: usize = 100;

/// The account that made a change, as it was named at the time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Actor {
    pub id: EntityId,
    pub name: String,
    pub email: String,
}

/// What the HTTP layer knows of a write before it runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuditContext {
    /// The signed-in administrator; none for a sign-in (the store names the account that signs in).
    pub actor: Option<Actor>,
    pub request_id: String,
    pub client_address: Option<String>,
    /// The documented operation: `PUT /services/{id}`.
    pub operation: String,
    /// What the operation does: `create`, `update`, `delete`, `status`, `reorder`, `restore`,
    /// `sign-in`, `password-change`…
    pub action: String,
    /// The kind of record it is about: the path's literal segments (`services`, `blog/posts`,
    /// `auth/sessions`).
    pub entity_kind: String,
    /// The record's id (or key) from the path, if the path names one.
    pub entity_id: Option<String>,
    /// The names of the fields the request sent (never their values).
    pub fields: Vec<String>,
    /// The version an update of one record started from (its body's `version`), which the store
    /// holds the write to: see [`take_expected_version`].
    pub version: Option<i64>,
}

/// One recorded change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuditEntry {
    pub id: EntityId,
    pub at: DateTime<Utc>,
    pub actor_id: Option<EntityId>,
    pub actor_name: Option<String>,
    /// The account's address at the time; for a failed sign-in, what was typed (truncated).
    pub actor_email: Option<String>,
    pub action: String,
    pub entity_kind: String,
    pub entity_id: Option<String>,
    /// The record's title or name when the entry was written (`None` for entries written before
    /// titles were kept, and for requests about no one record).
    pub entity_title: Option<String>,
    pub operation: String,
    pub request_id: String,
    pub client_address: Option<String>,
    /// The names of the fields changed (or, where the store cannot compare, sent).
    pub summary: Vec<String>,
}

/// What a write path knows better than the HTTP layer; every part is optional.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Change {
    /// Replaces the operation's action (`sign-in-failed`).
    pub action: Option<&'static str>,
    /// The record written, for a path that does not name it (a creation).
    pub entity_id: Option<String>,
    /// The account the entry is about when the request has no actor (a sign-in): the store fills in
    /// its name and address.
    pub account: Option<EntityId>,
    /// What was typed as the identity of a failed sign-in.
    pub attempted_identity: Option<String>,
    /// The fields that changed, when the write path could compare before and after.
    pub changed_fields: Option<Vec<String>>,
    /// The record's title or name as written (or, for a deletion, as it was).
    pub title: Option<String>,
}

impl Change {
    /// The write of the record with this id.
    pub fn of<T: ToString + ?Sized>(id: &T) -> Self {
        Self { entity_id: Some(id.to_string()), ..Self::default() }
    }

    /// The write of `record`: its id and its title.
    pub fn of_record<R: Record>(record: &R) -> Self {
        Self { title: Some(record.title()), ..Self::of(&record.id()) }
    }

    /// The same change, naming the record `title`.
    #[must_use]
    pub fn titled(self, title: impl Into<String>) -> Self {
        Self { title: Some(title.into()), ..self }
    }
}

#[derive(Debug)]
struct Scope {
    context: AuditContext,
    recorded: AtomicBool,
    /// The request's `version`, until the write of the record it names takes it.
    expected_version: Mutex<Option<i64>>,
}

tokio::task_local! {
    static SCOPE: Arc<Scope>;
}

/// Runs `future` with `context` as the audit scope of every write it makes.
pub async fn scope<F: Future>(context: AuditContext, future: F) -> F::Output {
    let expected_version = Mutex::new(context.version);
    SCOPE.scope(Arc::new(Scope { context, recorded: AtomicBool::new(false), expected_version }), future).await
}

/// Runs `future`, one write of many the current request makes (an import's), in an audit scope of its
/// own: its write gets an entry of its own, with the request's caller, id and client address, the
/// action `action` and the kind `entity_kind` (the record's id and title come from the write).
/// Outside a scope (a command), `future` runs as it is and records nothing.
pub async fn each_write<F: Future>(action: &str, entity_kind: &str, future: F) -> F::Output {
    match SCOPE.try_with(|scope| scope.context.clone()).ok() {
        Some(context) => {
            let context = AuditContext {
                action: action.to_owned(),
                entity_kind: entity_kind.to_owned(),
                entity_id: None,
                fields: Vec::new(),
                version: None,
                ..context
            };
            scope(context, future).await
        }
        None => future.await,
    }
}

/// Whether the current request has recorded its entry yet (`None` outside a scope).
pub fn recorded() -> Option<bool> {
    SCOPE.try_with(|scope| scope.recorded.load(Ordering::SeqCst)).ok()
}

/// The entry a write path appends to its transaction: `None` outside a scope, or when the request
/// already recorded one. `account` is resolved by the store (see [`Change::account`]); `id` is the
/// new entry's. Call [`mark_recorded`] once the transaction commits.
pub fn pending_entry(change: Change, id: EntityId, at: DateTime<Utc>) -> Option<AuditEntry> {
    SCOPE
        .try_with(|scope| {
            if scope.recorded.load(Ordering::SeqCst) {
                return None;
            }
            let context = &scope.context;
            let attempted = change.attempted_identity.map(|typed| truncated(&typed));
            let actor = context.actor.as_ref();
            Some(AuditEntry {
                id,
                at,
                actor_id: actor.map(|actor| actor.id).or(change.account),
                actor_name: actor.map(|actor| actor.name.clone()),
                actor_email: actor.map(|actor| actor.email.clone()).or(attempted),
                action: change.action.map_or_else(|| context.action.clone(), str::to_owned),
                entity_kind: context.entity_kind.clone(),
                entity_id: context.entity_id.clone().or(change.entity_id),
                entity_title: change.title.map(|title| title.trim().chars().take(ENTITY_TITLE_MAX).collect()),
                operation: context.operation.clone(),
                request_id: context.request_id.clone(),
                client_address: context.client_address.clone(),
                summary: change.changed_fields.unwrap_or_else(|| context.fields.clone()),
            })
        })
        .ok()
        .flatten()
}

/// The signed-in person the current request writes for (`None` outside a scope, and for a sign-in):
/// what a stored record keeps as its creator or last editor.
pub fn editor() -> Option<Editor> {
    SCOPE
        .try_with(|scope| scope.context.actor.as_ref().map(|actor| Editor { id: actor.id, name: actor.name.clone() }))
        .ok()
        .flatten()
}

/// The version the current request's update of the record `key` started from: `key` is the record's
/// id (or key, a content page's type) as the request's path names it, or for a record of which there
/// is one its kind (`settings`, `contact-details`, `home-page`). Taken once: the first write of that
/// record in the request is held to it, and a write of another record (a side effect) is not.
pub fn take_expected_version(key: &str) -> Option<i64> {
    SCOPE
        .try_with(|scope| {
            let context = &scope.context;
            let kind = context.entity_kind.split('/').next().unwrap_or_default();
            if context.entity_id.as_deref().unwrap_or(kind) != key {
                return None;
            }
            scope.expected_version.lock().map_or(None, |mut version| version.take())
        })
        .ok()
        .flatten()
}

/// Notes that the current request's entry committed, so later writes of the request add none.
pub fn mark_recorded() {
    let _ = SCOPE.try_with(|scope| scope.recorded.store(true, Ordering::SeqCst));
}

fn truncated(typed: &str) -> String {
    typed.trim().chars().take(ATTEMPTED_IDENTITY_MAX).collect()
}

/// A list request as the caller sent it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AuditQuery {
    pub actor: Option<String>,
    pub entity_kind: Option<String>,
    pub from: Option<DateTime<Utc>>,
    pub to: Option<DateTime<Utc>>,
    pub page: Option<i64>,
    pub limit: Option<i64>,
}

/// Why a list request was refused.
#[derive(Debug, thiserror::Error)]
pub enum AuditQueryError {
    /// The actor filter is not an account id.
    #[error("actor must be an account id")]
    InvalidActor,
    /// The date range ends before it starts.
    #[error("to must not be before from")]
    InvalidRange,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// The audit log's use cases: reading it, and dropping what is older than the retention period.
#[derive(Debug, Clone)]
pub struct AuditLog<S, C> {
    store: S,
    clock: C,
}

impl<S: AuditRepository, C: Clock> AuditLog<S, C> {
    pub fn new(store: S, clock: C) -> Self {
        Self { store, clock }
    }

    /// One page of entries, newest first.
    ///
    /// # Errors
    /// [`AuditQueryError::InvalidActor`] and [`AuditQueryError::InvalidRange`] for filters that
    /// cannot match anything.
    pub async fn list(&self, query: AuditQuery) -> Result<Page<AuditEntry>, AuditQueryError> {
        let actor = match query.actor.as_deref().map(str::trim).filter(|actor| !actor.is_empty()) {
            Some(actor) => Some(EntityId::parse(actor).map_err(|_| AuditQueryError::InvalidActor)?),
            None => None,
        };
        if let (Some(from), Some(to)) = (query.from, query.to)
            && to < from
        {
            return Err(AuditQueryError::InvalidRange);
        }
        let entity_kind = query.entity_kind.map(|kind| kind.trim().to_owned()).filter(|kind| !kind.is_empty());
        let filter = AuditFilter { actor, entity_kind, from: query.from, to: query.to };
        Ok(self.store.list_audit_entries(&filter, Audience::Admin.page(query.page, query.limit, DEFAULT_LIMIT)).await?)
    }

    /// The people the log names, by name (then address), for the "who" filter: current
    /// administrators and former ones alike, since entries outlive accounts.
    ///
    /// # Errors
    /// Only infrastructure faults.
    pub async fn actors(&self) -> anyhow::Result<Vec<Actor>> {
        let mut actors = self.store.list_audit_actors().await?;
        actors.sort_by(|a, b| {
            a.name.to_lowercase().cmp(&b.name.to_lowercase()).then_with(|| a.email.cmp(&b.email)).then(a.id.cmp(&b.id))
        });
        Ok(actors)
    }

    /// Deletes the entries older than `retention_days` (at least one day); how many there were.
    ///
    /// # Errors
    /// Only infrastructure faults.
    pub async fn prune(&self, retention_days: u32) -> anyhow::Result<u64> {
        let retention = Duration::days(i64::from(retention_days.max(1)));
        self.store.prune_audit_entries(self.clock.now() - retention).await
    }
}
