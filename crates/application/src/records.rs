//! The record port: plain storage of one kind of record by its id — find, insert, update, delete —
//! written once for every entity. An entity's own port names it as a supertrait and adds only its
//! own queries and rules (lists, counts, lookups by slug), so a use case bound by
//! `ServiceRepository` can also `find` and `insert` services.
//!
//! Also here: the errors every entity shares (a record not found, a taken slug, a record still in
//! use) and the small steps of the edit cycle the use cases repeat.

use std::future::Future;

use atelier_domain::meta::RecordMeta;
use atelier_domain::{EntityId, FieldErrors};

/// A kind of record stored by id.
pub trait Record: Clone + Send + Sync + 'static {
    /// What one record is called at the start of a message: "Service", "Contact message".
    const LABEL: &'static str;

    /// Why storing one can fail: [`anyhow::Error`] when only infrastructure can, else an error with
    /// business variants (a unique field taken) and one for infrastructure faults.
    type SaveError: From<anyhow::Error> + Send;

    /// Why deleting one can fail: [`anyhow::Error`], or [`RemoveError`] when other records may still
    /// refer to it.
    type DeleteError: From<anyhow::Error> + Send;

    fn id(&self) -> EntityId;

    /// Its version and who created and last changed it: the store keeps them (see
    /// [`RecordRepository::update`]); use cases only read them.
    fn meta(&self) -> &RecordMeta;

    fn meta_mut(&mut self) -> &mut RecordMeta;

    /// How the audit log names the record (its title or name), kept in each entry about it so
    /// the entry still reads well once the record is renamed or deleted.
    fn title(&self) -> String;
}

/// The `id`, `meta` and `meta_mut` of a [`Record`] kept in fields of those names: written once, in
/// place of the three methods of its `impl Record`.
macro_rules! record_fields {
    () => {
        fn id(&self) -> atelier_domain::EntityId {
            self.id
        }

        fn meta(&self) -> &atelier_domain::meta::RecordMeta {
            &self.meta
        }

        fn meta_mut(&mut self) -> &mut atelier_domain::meta::RecordMeta {
            &mut self.meta
        }
    };
}
pub(crate) use record_fields;

/// Stored records of kind `R`.
pub trait RecordRepository<R: Record>: Send + Sync + 'static {
    /// The record with this id, if any.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find(&self, id: EntityId) -> impl Future<Output = anyhow::Result<Option<R>>> + Send;

    /// Stores a new record at version 1, created by the request's signed-in person (if any), and
    /// sets `record`'s meta to what was stored.
    ///
    /// # Errors
    /// `R::SaveError`'s business variants when a unique field is taken or a reference is missing.
    fn insert(&self, record: &mut R) -> impl Future<Output = Result<(), R::SaveError>> + Send;

    /// Replaces the stored record with the same id; `false` when there is none. `record` carries
    /// the version it was read at: the write happens only while the stored record still has that
    /// version, and only when the request's update named that version (see
    /// [`crate::audit::take_expected_version`]); otherwise it fails with [`Stale`] (inside
    /// `R::SaveError`'s infrastructure variant) and changes nothing. Once written, `record`'s version
    /// is one more and its last editor the request's signed-in person.
    ///
    /// # Errors
    /// As [`RecordRepository::insert`], and [`Stale`].
    fn update(&self, record: &mut R) -> impl Future<Output = Result<bool, R::SaveError>> + Send;

    /// Deletes the record with this id; `false` when there was none.
    ///
    /// # Errors
    /// [`RemoveError::InUse`] (where `R::DeleteError` is one) when other records still refer to it.
    fn delete(&self, id: EntityId) -> impl Future<Output = Result<bool, R::DeleteError>> + Send;
}

/// An update started from a version the record has since left: someone else saved it in between.
/// Travels inside `anyhow::Error` (every save error has that variant), so each entity's errors carry
/// it untouched; [`is_stale`] finds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the record was changed by someone else since the version this update started from")]
pub struct Stale;

/// Whether `error` is (or wraps) [`Stale`].
pub fn is_stale(error: &anyhow::Error) -> bool {
    error.downcast_ref::<Stale>().is_some()
}

/// Whether a write that read `record` may go ahead for the current request: the version the request
/// named, if it named one for this record, must be the one `record` was read at. `key` is how the
/// request's path names the record (see [`crate::audit::take_expected_version`]).
///
/// # Errors
/// [`Stale`] when the request started from another version.
pub fn check_version(key: &str, read: &RecordMeta) -> Result<(), Stale> {
    match crate::audit::take_expected_version(key) {
        Some(expected) if expected != read.version => Err(Stale),
        _ => Ok(()),
    }
}

/// The meta of a record once an update of it is stored: one version more, changed by the request's
/// signed-in person (an update outside a request keeps the last editor).
pub fn next_meta(read: &RecordMeta) -> RecordMeta {
    RecordMeta {
        version: read.version + 1,
        created_by: read.created_by.clone(),
        updated_by: crate::audit::editor().or_else(|| read.updated_by.clone()),
    }
}

/// The meta of a record about to be created: version 1, created by the request's signed-in person.
pub fn first_meta() -> RecordMeta {
    let editor = crate::audit::editor();
    RecordMeta { version: RecordMeta::FIRST_VERSION, created_by: editor.clone(), updated_by: editor }
}

/// Why a record with a unique slug could not be saved.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// Another record of the same kind already has this slug.
    #[error("slug already in use")]
    DuplicateSlug,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// Why a record could not be deleted.
#[derive(Debug, thiserror::Error)]
pub enum RemoveError {
    /// Other records still refer to it.
    #[error("still in use")]
    InUse,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// Reading or deleting one record failed.
#[derive(Debug, thiserror::Error)]
pub enum LookupError {
    /// No record of this kind (its [`Record::LABEL`]) has the id, or the caller may not see it.
    #[error("{0} not found")]
    NotFound(&'static str),
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// Creating or changing a record whose only rules are its fields' failed.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// As [`LookupError::NotFound`].
    #[error("{0} not found")]
    NotFound(&'static str),
    #[error("Validation failed")]
    Invalid(FieldErrors),
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl From<LookupError> for WriteError {
    fn from(error: LookupError) -> Self {
        match error {
            LookupError::NotFound(label) => Self::NotFound(label),
            LookupError::Unexpected(error) => Self::Unexpected(error),
        }
    }
}

/// The error for a record of kind `R` that is not there.
pub fn not_found<R: Record>() -> LookupError {
    LookupError::NotFound(R::LABEL)
}

/// The id a client sent; a malformed one names no record, so it is not found.
///
/// # Errors
/// [`LookupError::NotFound`] for a malformed id.
pub fn parse_id<R: Record>(id: &str) -> Result<EntityId, LookupError> {
    EntityId::parse(id).map_err(|_| not_found::<R>())
}

/// The stored record with this id.
pub(crate) async fn found<R: Record>(store: &impl RecordRepository<R>, id: EntityId) -> Result<R, LookupError> {
    store.find(id).await?.ok_or_else(not_found::<R>)
}

/// The record with the id a client sent, when `visible` lets the caller see it.
pub(crate) async fn get<R: Record>(
    store: &impl RecordRepository<R>,
    id: &str,
    visible: impl FnOnce(&R) -> bool,
) -> Result<R, LookupError> {
    let id = parse_id::<R>(id)?;
    store.find(id).await?.filter(visible).ok_or_else(not_found::<R>)
}

/// Finds the record, changes it with `change` and stores it: the edit cycle every entity repeats.
pub(crate) async fn update<R, E>(
    store: &impl RecordRepository<R>,
    id: EntityId,
    change: impl FnOnce(&mut R),
) -> Result<R, E>
where
    R: Record,
    E: From<LookupError> + From<R::SaveError>,
{
    let mut record = store.find(id).await.map_err(LookupError::from)?.ok_or_else(not_found::<R>)?;
    change(&mut record);
    if store.update(&mut record).await? { Ok(record) } else { Err(not_found::<R>().into()) }
}

/// Deletes the record with the id a client sent.
pub(crate) async fn delete<R>(store: &impl RecordRepository<R>, id: &str) -> Result<(), LookupError>
where
    R: Record<DeleteError = anyhow::Error>,
{
    let id = parse_id::<R>(id)?;
    if store.delete(id).await? { Ok(()) } else { Err(not_found::<R>()) }
}

/// Deletes the record with the id a client sent unless other records use it. `uses` counts them —
/// before deleting, and again when one started using it meanwhile — and `in_use` words the refusal.
pub(crate) async fn delete_unused<R, E, Fut>(
    store: &impl RecordRepository<R>,
    id: &str,
    uses: impl Fn(EntityId) -> Fut,
    in_use: impl Fn(u64) -> E,
) -> Result<(), E>
where
    R: Record<DeleteError = RemoveError>,
    E: From<LookupError>,
    Fut: Future<Output = anyhow::Result<u64>>,
{
    let id = parse_id::<R>(id)?;
    let count = uses(id).await.map_err(LookupError::from)?;
    if count > 0 {
        return Err(in_use(count));
    }
    match store.delete(id).await {
        Ok(true) => Ok(()),
        Ok(false) => Err(not_found::<R>().into()),
        // Another record started using it since the count above.
        Err(RemoveError::InUse) => Err(in_use(uses(id).await.map_err(LookupError::from)?.max(1))),
        Err(RemoveError::Unexpected(error)) => Err(LookupError::from(error).into()),
    }
}
