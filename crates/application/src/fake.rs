//! The in-memory store the use-case tests run on, and fakes of the shared ports (a clock tests set
//! and move, a hasher, tokens).
//!
//! [`InMemoryStore`] keeps one table per kind of record ([`Tables`]) and implements the record port
//! once for every kind that says how the fake enforces its rules ([`FakeRecord`]). Each feature's
//! `fake.rs` adds its entity's rules and its own queries, beside its ports.

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use atelier_domain::ordering::Placement;
use atelier_domain::user::{Password, PasswordHash};
use atelier_domain::{EntityId, Page, PageRequest};
use chrono::{DateTime, Duration, TimeZone, Utc};

use crate::audit::{AuditEntry, Change};
use crate::ports::{Clock, InvalidToken, PasswordHasher, SecretSealer, TokenClaims, TokenIssuer, Unsealable};
use crate::records::{self, Record, RecordRepository};
use crate::store::StoreStatus;
use crate::webhooks::Announces;
use crate::webhooks::fake::announce;

/// A store that keeps everything in memory, shared between clones.
#[derive(Debug, Clone, Default)]
pub struct InMemoryStore(Arc<Mutex<Tables>>);

impl InMemoryStore {
    pub fn with<T>(&self, f: impl FnOnce(&mut Tables) -> T) -> T {
        f(&mut self.0.lock().expect("the fake store's lock is never poisoned"))
    }
}

/// One table of rows per stored type, created on first use.
#[derive(Default)]
pub struct Tables(HashMap<TypeId, Table>);

struct Table {
    rows: Box<dyn Rows>,
    /// Whether rows here count as content (accounts and sessions do not: see [`StoreStatus::is_empty`]).
    content: bool,
}

trait Rows: Send {
    fn len(&self) -> usize;
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

impl<T: Send + 'static> Rows for Vec<T> {
    fn len(&self) -> usize {
        self.len()
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

impl std::fmt::Debug for Tables {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.debug_struct("Tables").field("tables", &self.0.len()).finish_non_exhaustive()
    }
}

impl Tables {
    /// The stored rows of type `T`.
    pub fn rows<T: Send + 'static>(&self) -> &[T] {
        self.0.get(&TypeId::of::<T>()).map_or(&[], |table| {
            table.rows.as_any().downcast_ref::<Vec<T>>().expect("a table holds rows of its own type")
        })
    }

    /// The rows of type `T`, to change; content, as far as [`StoreStatus::is_empty`] is concerned.
    pub fn rows_mut<T: Send + 'static>(&mut self) -> &mut Vec<T> {
        self.table_mut(true)
    }

    /// The rows of type `T`, which do not count as content (accounts, sessions).
    pub fn private_rows_mut<T: Send + 'static>(&mut self) -> &mut Vec<T> {
        self.table_mut(false)
    }

    fn table_mut<T: Send + 'static>(&mut self, content: bool) -> &mut Vec<T> {
        let table =
            self.0.entry(TypeId::of::<T>()).or_insert_with(|| Table { rows: Box::new(Vec::<T>::new()), content });
        table.rows.as_any_mut().downcast_mut::<Vec<T>>().expect("a table holds rows of its own type")
    }

    fn holds_content(&self) -> bool {
        self.0.values().any(|table| table.content && table.rows.len() > 0)
    }
}

/// How the fake stores one kind of record: the rules the database enforces for it (unique fields,
/// references), which the fake must enforce too. Every rule defaults to none.
pub trait FakeRecord: Record + Announces {
    /// Refuses to store `record` when it clashes with another stored record.
    fn check(_tables: &Tables, _record: &Self) -> Result<(), Self::SaveError> {
        Ok(())
    }

    /// What an update stores, given the record stored before.
    fn updated(_stored: &Self, record: Self) -> Self {
        record
    }

    /// Refuses to delete the record while others refer to it.
    fn check_delete(_tables: &Tables, _id: EntityId) -> Result<(), Self::DeleteError> {
        Ok(())
    }
}

impl<R: FakeRecord> RecordRepository<R> for InMemoryStore {
    async fn find(&self, id: EntityId) -> anyhow::Result<Option<R>> {
        self.with(|tables| Ok(tables.rows::<R>().iter().find(|record| record.id() == id).cloned()))
    }

    async fn insert(&self, record: &mut R) -> Result<(), R::SaveError> {
        self.with(|tables| {
            R::check(tables, record)?;
            *record.meta_mut() = records::first_meta();
            tables.rows_mut::<R>().push(record.clone());
            audited(tables, Change::of_record(record));
            announce(tables, R::announcements(None, Some(&*record), Utc::now()));
            Ok(())
        })
    }

    async fn update(&self, record: &mut R) -> Result<bool, R::SaveError> {
        self.with(|tables| {
            R::check(tables, record)?;
            let key = record.id().to_string();
            match tables.rows_mut::<R>().iter_mut().find(|stored| stored.id() == record.id()) {
                Some(stored) => {
                    // The same checks as the database's conditional write.
                    records::check_version(&key, record.meta()).map_err(anyhow::Error::from)?;
                    if stored.meta().version != record.meta().version {
                        return Err(anyhow::Error::from(records::Stale).into());
                    }
                    *record.meta_mut() = records::next_meta(record.meta());
                    let before = stored.clone();
                    *stored = R::updated(stored, record.clone());
                    let after = stored.clone();
                    audited(tables, Change::of_record(record));
                    announce(tables, R::announcements(Some(&before), Some(&after), Utc::now()));
                    Ok(true)
                }
                None => Ok(false),
            }
        })
    }

    async fn delete(&self, id: EntityId) -> Result<bool, R::DeleteError> {
        self.with(|tables| {
            R::check_delete(tables, id)?;
            let rows = tables.rows_mut::<R>();
            let removed = rows.iter().find(|record| record.id() == id).cloned();
            let title = removed.as_ref().map(Record::title);
            let before = rows.len();
            rows.retain(|record| record.id() != id);
            let deleted = rows.len() < before;
            if deleted {
                audited(tables, Change { title, ..Change::of(&id) });
                announce(tables, R::announcements(removed.as_ref(), None, Utc::now()));
            }
            Ok(deleted)
        })
    }
}

/// Appends the current request's audit entry, as the database adapter does in a write's
/// transaction (here the write and the entry share the store's lock).
pub fn audited(tables: &mut Tables, change: Change) {
    let now = Utc::now();
    if let Some(entry) = crate::audit::pending_entry(change, EntityId::generate(now), now) {
        tables.private_rows_mut::<AuditEntry>().push(entry);
        crate::audit::mark_recorded();
    }
}

impl StoreStatus for InMemoryStore {
    async fn ping(&self) -> anyhow::Result<()> {
        Ok(())
    }

    async fn is_empty(&self) -> anyhow::Result<bool> {
        self.with(|tables| Ok(!tables.holds_content()))
    }
}

/// One page of `items`, which are in list order.
pub fn page_of<T: Clone>(items: &[T], page: PageRequest) -> Vec<T> {
    let offset = usize::try_from(page.offset()).unwrap_or(usize::MAX);
    let limit = usize::try_from(page.limit()).unwrap_or(usize::MAX);
    items.iter().skip(offset).take(limit).cloned().collect()
}

/// One page of `items` with the total.
pub fn paged<T: Clone>(items: &[T], page: PageRequest) -> Page<T> {
    Page::new(page_of(items, page), items.len() as u64, page)
}

/// Like [`paged`], with the total counted only up to [`PageRequest::count_limit`], as the stores
/// count a search's matches.
pub fn paged_bounded<T: Clone>(items: &[T], page: PageRequest) -> Page<T> {
    let total = items.len() as u64;
    let limit = page.count_limit();
    Page::counted(page_of(items, page), total.min(limit), total >= limit, page)
}

/// Whether any of `fields` contains `term`, ignoring case; no term matches everything.
pub fn matches(term: Option<&str>, fields: &[&str]) -> bool {
    term.is_none_or(|term| {
        let term = term.to_lowercase();
        fields.iter().any(|field| field.to_lowercase().contains(&term))
    })
}

/// Writes the placements' orders into the items they name.
pub fn apply_placements<T>(
    items: &mut [T],
    placements: &[Placement],
    id: impl Fn(&T) -> EntityId,
    order: impl Fn(&mut T) -> &mut u32,
) {
    for item in items {
        if let Some(placement) = placements.iter().find(|placement| placement.id == id(item)) {
            *order(item) = placement.order;
        }
    }
}

/// A clock that stands still until a test sets or moves it, shared between clones. It starts at
/// [`FakeClock::start`]. Its ids are predictable and unique in the test process: the clock's seconds,
/// then a counter, so records created at the same instant still sort by creation.
#[derive(Debug, Clone)]
pub struct FakeClock(Arc<Mutex<DateTime<Utc>>>);

impl FakeClock {
    /// 1 March 2025, 09:00 UTC.
    pub fn start() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2025, 3, 1, 9, 0, 0).single().expect("a valid date")
    }

    pub fn at(now: DateTime<Utc>) -> Self {
        Self(Arc::new(Mutex::new(now)))
    }

    pub fn set(&self, now: DateTime<Utc>) {
        *self.0.lock().expect("the fake clock's lock is never poisoned") = now;
    }

    pub fn advance(&self, by: Duration) {
        let now = self.now();
        self.set(now + by);
    }
}

impl Default for FakeClock {
    fn default() -> Self {
        Self::at(Self::start())
    }
}

impl Clock for FakeClock {
    fn now(&self) -> DateTime<Utc> {
        *self.0.lock().expect("the fake clock's lock is never poisoned")
    }

    fn new_id(&self) -> EntityId {
        static NEXT: AtomicU64 = AtomicU64::new(1);
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let seconds = self.now().timestamp() as u32;
        EntityId::from_parts(seconds, NEXT.fetch_add(1, Ordering::Relaxed).to_be_bytes())
    }
}

/// The administrator whose saves the tests make.
pub fn author() -> atelier_domain::revision::Author {
    atelier_domain::revision::Author { id: EntityId::from_parts(1, [0, 0, 0, 0, 0, 0, 0, 1]), name: "Ana Admin".into() }
}

/// "Hashes" by prefixing: enough to test the use cases without argon2's cost.
#[derive(Debug, Clone, Default)]
pub struct FakeHasher;

impl PasswordHasher for FakeHasher {
    async fn hash(&self, password: &Password) -> anyhow::Result<PasswordHash> {
        Ok(PasswordHash::new(format!("hashed:{}", password.expose())))
    }

    async fn verify(&self, password: &str, hash: Option<&PasswordHash>) -> anyhow::Result<bool> {
        Ok(hash.is_some_and(|hash| hash.as_str() == format!("hashed:{password}")))
    }
}

/// Tokens that are the claims in plain text: `session:user:expiry-seconds`; like the real ones they
/// decode whatever their expiry, which the account service judges on its clock.
#[derive(Debug, Clone, Default)]
pub struct FakeTokens(pub FakeClock);

impl TokenIssuer for FakeTokens {
    fn issue(&self, claims: &TokenClaims) -> anyhow::Result<String> {
        Ok(format!("{}:{}:{}", claims.session_id, claims.user_id, claims.expires_at.timestamp()))
    }

    fn decode(&self, token: &str) -> Result<TokenClaims, InvalidToken> {
        let mut parts = token.split(':');
        let session_id = parts.next().and_then(|p| EntityId::parse(p).ok()).ok_or(InvalidToken)?;
        let user_id = parts.next().and_then(|p| EntityId::parse(p).ok()).ok_or(InvalidToken)?;
        let expires_at = parts
            .next()
            .and_then(|p| p.parse().ok())
            .and_then(|s| DateTime::from_timestamp(s, 0))
            .ok_or(InvalidToken)?;
        Ok(TokenClaims { session_id, user_id, issued_at: self.0.now(), expires_at })
    }
}

/// "Seals" by prefixing the context and flipping every bit: unreadable at a glance, opened only
/// with the same context, and enough to test the use cases without a cipher.
#[derive(Debug, Clone, Default)]
pub struct FakeSealer;

impl SecretSealer for FakeSealer {
    fn seal(&self, secret: &[u8], context: &[u8]) -> anyhow::Result<Vec<u8>> {
        let mut sealed = context.to_vec();
        sealed.push(b'|');
        sealed.extend(secret.iter().map(|byte| !byte));
        Ok(sealed)
    }

    fn open(&self, sealed: &[u8], context: &[u8]) -> Result<Vec<u8>, Unsealable> {
        let rest = sealed.strip_prefix(context).and_then(|rest| rest.strip_prefix(b"|")).ok_or(Unsealable)?;
        Ok(rest.iter().map(|byte| !byte).collect())
    }
}

/// The meta a save of a record kept alone (the settings, a content page) stores, with the database's
/// checks: the request's version, then the stored one (`None` when none is stored yet).
///
/// # Errors
/// [`records::Stale`] as the database would answer.
pub fn saved_meta(
    key: &str,
    stored: Option<i64>,
    read: &atelier_domain::meta::RecordMeta,
) -> anyhow::Result<atelier_domain::meta::RecordMeta> {
    records::check_version(key, read)?;
    if stored.is_some_and(|version| version != read.version) {
        return Err(records::Stale.into());
    }
    let next = records::next_meta(read);
    Ok(match stored {
        Some(_) => next,
        None => atelier_domain::meta::RecordMeta { created_by: next.updated_by.clone(), ..next },
    })
}
