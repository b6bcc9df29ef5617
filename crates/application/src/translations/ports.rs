//! What translations need from storage: the `translations` rows of every kind of record, and the
//! site's languages.

use std::future::Future;

use atelier_domain::EntityId;
use atelier_domain::language::{LanguageTag, Languages};
use atelier_domain::revision::{Revision, RevisionSummary};
use atelier_domain::slug::Slug;
use atelier_domain::translation::{SlugHolder, Translation, TranslationKind};
use chrono::{DateTime, Utc};

/// One translation to store: a new one (`expected_version: None`) or an update of the stored one
/// at that version.
#[derive(Debug, Clone, PartialEq)]
pub struct TranslationWrite {
    pub translation: Translation,
    pub expected_version: Option<i64>,
    /// The stored translation it replaces, as read before the write (`None`: a new one): what its
    /// webhooks compare with.
    pub previous: Option<Translation>,
}

/// Why translations could not be stored; nothing of the batch was.
#[derive(Debug, thiserror::Error)]
pub enum TranslationSaveError {
    /// The translation in this language changed (or was created, or deleted) since the version the
    /// write started from.
    #[error("the translation in {0} changed since")]
    Stale(LanguageTag),
    /// Another record's translation in this language has the slug.
    #[error("the slug is taken in {0}")]
    DuplicateSlug(LanguageTag),
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// The site's languages, as the settings list them.
pub trait SiteLanguages: Send + Sync + 'static {
    /// The site's languages, the default first.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn site_languages(&self) -> impl Future<Output = anyhow::Result<Languages>> + Send;
}

/// Stored translations. Unique: one per record and language, and one slug per kind and language.
pub trait TranslationRepository: Send + Sync + 'static {
    /// Every stored translation of the record, in any language (listed or not), by language.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn record_translations(
        &self,
        kind: TranslationKind,
        record_id: &str,
    ) -> impl Future<Output = anyhow::Result<Vec<Translation>>> + Send;

    /// Every stored translation of these records, in one query (a list's alternates and overlay).
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn translations_of(
        &self,
        kind: TranslationKind,
        record_ids: &[String],
    ) -> impl Future<Output = anyhow::Result<Vec<Translation>>> + Send;

    /// The translation in `lang` whose slug is `slug`, if any.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_by_translated_slug(
        &self,
        kind: TranslationKind,
        lang: &LanguageTag,
        slug: &Slug,
    ) -> impl Future<Output = anyhow::Result<Option<Translation>>> + Send;

    /// The translations (of any record, in any language) whose slug is `slug`, as slug holders.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn translated_slug_holders(
        &self,
        kind: TranslationKind,
        slug: &Slug,
    ) -> impl Future<Output = anyhow::Result<Vec<SlugHolder>>> + Send;

    /// The ids of the records of `kind` with a translation in `lang` visitors read at `now`.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn live_in(
        &self,
        kind: TranslationKind,
        lang: &LanguageTag,
        now: DateTime<Utc>,
    ) -> impl Future<Output = anyhow::Result<Vec<String>>> + Send;

    /// Stores every write in one transaction, each held to its own expected version, with the
    /// request's audit entry; sets each translation's meta to what was stored.
    ///
    /// # Errors
    /// [`TranslationSaveError::Stale`] for the first write whose version is not the stored one (or
    /// a new one that another request created meanwhile); [`TranslationSaveError::DuplicateSlug`]
    /// when another record's translation in that language has its slug. Nothing is stored then.
    fn save_translations(
        &self,
        writes: &mut [TranslationWrite],
    ) -> impl Future<Output = Result<(), TranslationSaveError>> + Send;

    /// Deletes the record's translation in `lang`; `false` when there was none.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn delete_translation(
        &self,
        kind: TranslationKind,
        record_id: &str,
        lang: &LanguageTag,
    ) -> impl Future<Output = anyhow::Result<bool>> + Send;

    /// Deletes every translation of the record (the record is deleted); how many there were.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn delete_record_translations(
        &self,
        kind: TranslationKind,
        record_id: &str,
    ) -> impl Future<Output = anyhow::Result<u64>> + Send;
}

/// The kept versions of translations (docs/languages.md): a record's revisions in one language,
/// labelled with it, kept beside the record's own.
pub trait TranslationRevisionRepository: Send + Sync + 'static {
    /// Keeps `revision` (a version of the translation in its snapshot's language), then drops the
    /// oldest of that record's revisions in that language beyond the newest `keep`.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn add_translation_revision(
        &self,
        revision: &Revision<Translation>,
        keep: usize,
    ) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// The record's translation revisions in `lang`, newest first, without their snapshots.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn list_translation_revisions(
        &self,
        kind: TranslationKind,
        record_id: EntityId,
        lang: &LanguageTag,
    ) -> impl Future<Output = anyhow::Result<Vec<RevisionSummary>>> + Send;

    /// One translation revision of the record in `lang`; `None` when it has no such revision.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_translation_revision(
        &self,
        kind: TranslationKind,
        record_id: EntityId,
        lang: &LanguageTag,
        id: EntityId,
    ) -> impl Future<Output = anyhow::Result<Option<Revision<Translation>>>> + Send;

    /// Forgets every translation revision of the record, in every language (it is deleted).
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn delete_translation_revisions(
        &self,
        kind: TranslationKind,
        record_id: EntityId,
    ) -> impl Future<Output = anyhow::Result<()>> + Send;
}
