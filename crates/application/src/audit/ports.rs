//! What the audit log needs from storage. Entries are appended by the store's own write paths (see
//! [`super::pending_entry`]); this port reads and prunes them, and appends the entry of a request
//! that writes nothing else (an export). There is no operation to change or delete one entry.

use std::future::Future;

use atelier_domain::{EntityId, Page, PageRequest};
use chrono::{DateTime, Utc};

use super::{Actor, AuditEntry, Change};

/// Which entries a list shows; every filter is optional.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AuditFilter {
    /// Only entries made by this account.
    pub actor: Option<EntityId>,
    /// Only entries about this kind of record (`services`, `blog/posts`, `auth`…).
    pub entity_kind: Option<String>,
    /// Only entries made at or after this instant.
    pub from: Option<DateTime<Utc>>,
    /// Only entries made before this instant.
    pub to: Option<DateTime<Utc>>,
}

/// The stored audit entries.
pub trait AuditRepository: Send + Sync + 'static {
    /// One page of the entries `filter` lets through, newest first, with their total.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn list_audit_entries(
        &self,
        filter: &AuditFilter,
        page: PageRequest,
    ) -> impl Future<Output = anyhow::Result<Page<AuditEntry>>> + Send;

    /// Every account the log names as having made an entry, each with the name and address of its
    /// newest entry.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn list_audit_actors(&self) -> impl Future<Output = anyhow::Result<Vec<Actor>>> + Send;

    /// Appends the current request's entry (see [`super::pending_entry`]) in a transaction of its
    /// own, for a recorded request that changes nothing: an export. Outside an audit scope, or once
    /// the request has its entry, it appends nothing.
    ///
    /// # Errors
    /// When the entry cannot be stored: what it stands for must then not happen.
    fn record_audit_entry(&self, change: Change) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// Deletes the entries made before `before` (the retention period); how many there were.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn prune_audit_entries(&self, before: DateTime<Utc>) -> impl Future<Output = anyhow::Result<u64>> + Send;
}
