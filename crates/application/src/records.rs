//! The record port: plain storage of one kind of record by its id — find, insert, update, delete —
//! written once for every entity. An entity's own port names it as a supertrait and adds only its
//! own queries and rules (lists, counts, lookups by slug), so a use case bound by
//! `ServiceRepository` can also `find` and `insert` services.
//!
//! Also here: the errors every entity shares (a record not found, a taken slug, a record still in
//! use) and the small steps of the edit cycle the use cases repeat.

use std::future::Future;

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

    /// How the audit log names the record (its title or name), kept in each entry about it so
    /// the entry still reads well once the record is renamed or deleted.
    fn title(&self) -> String;
}

/// Stored records of kind `R`.
pub trait RecordRepository<R: Record>: Send + Sync + 'static {
    /// The record with this id, if any.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find(&self, id: EntityId) -> impl Future<Output = anyhow::Result<Option<R>>> + Send;

    /// Stores a new record.
    ///
    /// # Errors
    /// `R::SaveError`'s business variants when a unique field is taken or a reference is missing.
    fn insert(&self, record: &R) -> impl Future<Output = Result<(), R::SaveError>> + Send;

    /// Replaces the stored record with the same id; `false` when there is none.
    ///
    /// # Errors
    /// As [`RecordRepository::insert`].
    fn update(&self, record: &R) -> impl Future<Output = Result<bool, R::SaveError>> + Send;

    /// Deletes the record with this id; `false` when there was none.
    ///
    /// # Errors
    /// [`RemoveError::InUse`] (where `R::DeleteError` is one) when other records still refer to it.
    fn delete(&self, id: EntityId) -> impl Future<Output = Result<bool, R::DeleteError>> + Send;
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
    if store.update(&record).await? { Ok(record) } else { Err(not_found::<R>().into()) }
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
