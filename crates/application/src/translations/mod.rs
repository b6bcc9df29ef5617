//! Translations of records (docs/languages.md): reading every language of a record or one, writing
//! one or several at once (each held to its own version, docs/versions.md), deleting one.
//!
//! A translation is kept against the record's default-language texts: each save remembers their
//! hash, so the editor can tell a translation that is up to date from one the default language has
//! moved away from. Its slug follows the rules of [`atelier_domain::translation`]: unique in its
//! language among translations (the store's unique index settles a race) and different from every
//! other record's default slug. Who may write one is decided at the edge, as for the record itself.
//!
//! Every kind is wired ([`sources`] reads each kind's records, the site's settings, home page and
//! contact details among them).

#[cfg(test)]
pub(crate) mod fake;
mod history;
#[cfg(test)]
mod history_tests;
mod kept;
#[cfg(test)]
mod kinds_tests;
pub mod ports;
pub use self::kept::KeptLanguages;
pub mod public;
pub mod sources;
#[cfg(test)]
mod tests;

use std::collections::BTreeMap;

use atelier_domain::FieldErrors;
use atelier_domain::language::{LanguageTag, Languages};
use atelier_domain::meta::RecordMeta;
use atelier_domain::slug::Slug;
use atelier_domain::translation::{
    self, Freshness, Translatable, Translation, TranslationChanges, TranslationInput, TranslationKind,
};

use self::ports::{
    SiteLanguages, TranslationRepository, TranslationRevisionRepository, TranslationSaveError, TranslationWrite,
};
use self::sources::TranslatedRecords;
use crate::ports::Clock;
use crate::revisions::Author;

/// The default-language side of a translated record: what its translations are kept against.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Source {
    /// The record's key as translations name it.
    pub record_id: String,
    /// The record's translatable texts in the default language.
    pub texts: BTreeMap<String, String>,
    pub default_slug: Option<Slug>,
    /// [`translation::source_hash`] of `texts`.
    pub hash: String,
}

impl Source {
    pub fn of<R: Translatable>(record: &R) -> Self {
        let texts = record.source_texts();
        Self {
            record_id: record.translation_key(),
            hash: translation::record_source_hash(R::KIND, &record.translation_key(), &texts),
            default_slug: record.default_slug().cloned(),
            texts,
        }
    }
}

/// One language of a record as the editor sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct LanguageView {
    pub lang: LanguageTag,
    pub freshness: Freshness,
    /// The stored translation; `None` when missing.
    pub translation: Option<Translation>,
}

/// Reading or writing a record's translations failed.
#[derive(Debug, thiserror::Error)]
pub enum TranslationError {
    /// No such record, or (for one language) no translation in it.
    #[error("{0}")]
    NotFound(String),
    /// Records of this kind cannot be translated yet.
    #[error("Translations of {0} records are not available yet")]
    NotTranslatable(TranslationKind),
    /// The language is not one of the site's languages other than the default.
    #[error("{0}")]
    UnknownLanguage(String),
    #[error("Validation failed")]
    Invalid(FieldErrors),
    /// An update of an existing translation that named no version.
    #[error("the update names no version")]
    VersionRequired(LanguageTag),
    /// The translation in this language changed since the version the write started from;
    /// `current` is it as it is now (`None`: deleted meanwhile).
    #[error("the translation in {lang} changed since")]
    Stale { lang: LanguageTag, current: Box<Option<Translation>> },
    /// The slug is another record's address in that language.
    #[error("Another record already has the slug {slug} in {lang}")]
    DuplicateSlug { lang: LanguageTag, slug: String },
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// One language's write as a client sent it.
#[derive(Debug, Clone, Default)]
pub struct LanguageWrite {
    pub lang: String,
    pub input: TranslationInput,
    /// The version the edit started from; required to change an existing translation.
    pub version: Option<i64>,
}

/// The translations use cases.
#[derive(Debug, Clone)]
pub struct Translations<S, C> {
    store: S,
    clock: C,
}

impl<S, C> Translations<S, C>
where
    S: TranslationRepository + TranslationRevisionRepository + SiteLanguages + TranslatedRecords,
    C: Clock,
{
    pub fn new(store: S, clock: C) -> Self {
        Self { store, clock }
    }

    /// The site's languages.
    ///
    /// # Errors
    /// Only infrastructure faults.
    pub async fn languages(&self) -> anyhow::Result<Languages> {
        self.store.site_languages().await
    }

    /// The record of `kind` a client's `id` names, as its translations see it.
    ///
    /// # Errors
    /// [`TranslationError::NotFound`] for no such record; [`TranslationError::NotTranslatable`]
    /// for the home page's texts (not translated yet).
    pub async fn source(&self, kind: TranslationKind, id: &str) -> Result<Source, TranslationError> {
        let not_found = || TranslationError::NotFound(format!("No {kind} has the id {id}"));
        let key = kind.record_key(id).ok_or_else(not_found)?;
        sources::read(&self.store, kind, &key).await?.ok_or_else(not_found)
    }

    /// Every language of the record other than the default, in the settings' order, each with its
    /// freshness and its stored translation (a missing one listed as missing).
    ///
    /// # Errors
    /// As [`Self::source`].
    pub async fn all(&self, kind: TranslationKind, id: &str) -> Result<Vec<LanguageView>, TranslationError> {
        let source = self.source(kind, id).await?;
        let languages = self.languages().await?;
        let stored = self.store.record_translations(kind, &source.record_id).await?;
        Ok(languages
            .others()
            .iter()
            .map(|language| {
                let translation = stored
                    .iter()
                    .find(|translation| translation.lang == language.tag)
                    .map(|translation| translation.attached_to(&source.texts));
                LanguageView {
                    lang: language.tag.clone(),
                    freshness: Freshness::of(translation.as_ref(), &source.hash),
                    translation,
                }
            })
            .collect())
    }

    /// The record's translation in `lang`.
    ///
    /// # Errors
    /// As [`Self::source`]; [`TranslationError::UnknownLanguage`] for a language that is not one of
    /// the site's others; [`TranslationError::NotFound`] when it has no translation there.
    pub async fn one(&self, kind: TranslationKind, id: &str, lang: &str) -> Result<LanguageView, TranslationError> {
        let source = self.source(kind, id).await?;
        let lang = self.other_language(lang).await?;
        let stored = self.stored(kind, &source.record_id, &lang).await?;
        let translation = stored
            .map(|translation| translation.attached_to(&source.texts))
            .ok_or_else(|| TranslationError::NotFound(format!("This {kind} has no translation in {lang}")))?;
        Ok(LanguageView {
            freshness: Freshness::of(Some(&translation), &source.hash),
            lang,
            translation: Some(translation),
        })
    }

    /// Creates or updates the record's translation in one language.
    ///
    /// # Errors
    /// As [`Self::put_many`].
    pub async fn put(
        &self,
        kind: TranslationKind,
        id: &str,
        write: LanguageWrite,
    ) -> Result<LanguageView, TranslationError> {
        Ok(self.put_many(kind, id, vec![write]).await?.remove(0))
    }

    /// [`Self::put`] by `author`: the version each write replaces is kept as a revision of its
    /// language, saved over by them.
    ///
    /// # Errors
    /// As [`Self::put_many`].
    pub async fn put_by(
        &self,
        kind: TranslationKind,
        id: &str,
        write: LanguageWrite,
        author: &Author,
    ) -> Result<LanguageView, TranslationError> {
        Ok(self.write_all(kind, id, vec![write], Some(author)).await?.remove(0))
    }

    /// [`Self::put_many`] by `author`, keeping each replaced version as a revision of its language.
    ///
    /// # Errors
    /// As [`Self::put_many`].
    pub async fn put_many_by(
        &self,
        kind: TranslationKind,
        id: &str,
        writes: Vec<LanguageWrite>,
        author: &Author,
    ) -> Result<Vec<LanguageView>, TranslationError> {
        self.write_all(kind, id, writes, Some(author)).await
    }

    /// Creates or updates the record's translations in several languages in one transaction, each
    /// held to its own version: an existing translation needs the version it was read at (else
    /// [`TranslationError::VersionRequired`]), and a stale one fails the whole write
    /// ([`TranslationError::Stale`], with the translation as it is now). A new one needs none (or 1).
    ///
    /// # Errors
    /// As [`Self::one`] for the record and each language; [`TranslationError::Invalid`] naming each
    /// bad field (keyed by language when several are sent); [`TranslationError::DuplicateSlug`].
    pub async fn put_many(
        &self,
        kind: TranslationKind,
        id: &str,
        writes: Vec<LanguageWrite>,
    ) -> Result<Vec<LanguageView>, TranslationError> {
        self.write_all(kind, id, writes, None).await
    }

    async fn write_all(
        &self,
        kind: TranslationKind,
        id: &str,
        writes: Vec<LanguageWrite>,
        author: Option<&Author>,
    ) -> Result<Vec<LanguageView>, TranslationError> {
        let source = self.source(kind, id).await?;
        let languages = self.languages().await?;
        let stored = self.store.record_translations(kind, &source.record_id).await?;
        let several = writes.len() > 1;
        let mut errors = FieldErrors::new();
        let mut parsed = Vec::with_capacity(writes.len());
        for write in writes {
            let prefix = if several { format!("translations.{}.", write.lang) } else { String::new() };
            let lang = match other_language(&languages, &write.lang) {
                Ok(lang) => lang,
                Err(message) if several => {
                    errors.add(&format!("translations.{}", write.lang), message);
                    continue;
                }
                Err(message) => return Err(TranslationError::UnknownLanguage(message)),
            };
            match TranslationChanges::parse_for(kind, &source.record_id, write.input) {
                Ok(changes) => parsed.push((lang, changes, write.version)),
                Err(invalid) => {
                    for (field, message) in invalid.iter() {
                        errors.add(&format!("{prefix}{field}"), message);
                    }
                }
            }
        }
        if !errors.is_empty() {
            return Err(TranslationError::Invalid(errors));
        }
        let now = self.clock.now();
        let mut batch = Vec::with_capacity(parsed.len());
        for (lang, changes, version) in parsed {
            let current = stored.iter().find(|translation| translation.lang == lang);
            let stale = || TranslationError::Stale {
                lang: lang.clone(),
                current: Box::new(current.map(|current| current.attached_to(&source.texts))),
            };
            let mut write = match (current, version) {
                (Some(_), None) => return Err(TranslationError::VersionRequired(lang)),
                (Some(current), Some(version)) if version != current.meta.version => return Err(stale()),
                (None, Some(version)) if version != RecordMeta::FIRST_VERSION => return Err(stale()),
                (Some(current), Some(version)) => {
                    // Saved where the editor showed it: each translated entry of a list at its
                    // entry's place now (`Translation::attached_to`).
                    let mut translation = current.attached_to(&source.texts);
                    translation.apply(changes, source.hash.clone(), now);
                    TranslationWrite { translation, expected_version: Some(version), previous: Some(current.clone()) }
                }
                (None, _) => {
                    let translation =
                        Translation::create(kind, source.record_id.clone(), lang, changes, source.hash.clone(), now);
                    TranslationWrite { translation, expected_version: None, previous: None }
                }
            };
            write.translation.written_for(&source.texts);
            self.check_slug(&source, &write.translation).await?;
            batch.push(write);
        }
        self.save_batch(kind, &source.record_id, &mut batch).await?;
        if let Some(author) = author {
            self.keep_revisions(&batch, author).await?;
        }
        Ok(batch
            .into_iter()
            .map(|write| LanguageView {
                lang: write.translation.lang.clone(),
                freshness: Freshness::UpToDate,
                translation: Some(write.translation),
            })
            .collect())
    }

    /// Deletes the record's translation in `lang`: the record reads in the default language there.
    ///
    /// # Errors
    /// As [`Self::one`].
    pub async fn delete(&self, kind: TranslationKind, id: &str, lang: &str) -> Result<(), TranslationError> {
        let source = self.source(kind, id).await?;
        let lang = self.other_language(lang).await?;
        if self.store.delete_translation(kind, &source.record_id, &lang).await? {
            Ok(())
        } else {
            Err(TranslationError::NotFound(format!("This {kind} has no translation in {lang}")))
        }
    }

    /// Stores `batch`, telling a stale write (with the translation as it is now) and a taken slug.
    async fn save_batch(
        &self,
        kind: TranslationKind,
        record_id: &str,
        batch: &mut [TranslationWrite],
    ) -> Result<(), TranslationError> {
        match self.store.save_translations(batch).await {
            Ok(()) => Ok(()),
            Err(TranslationSaveError::Stale(lang)) => {
                let current = self.stored(kind, record_id, &lang).await?;
                Err(TranslationError::Stale { lang, current: Box::new(current) })
            }
            Err(TranslationSaveError::DuplicateSlug(lang)) => {
                let slug = batch
                    .iter()
                    .find(|write| write.translation.lang == lang)
                    .and_then(|write| write.translation.slug.as_ref())
                    .map(ToString::to_string)
                    .unwrap_or_default();
                Err(TranslationError::DuplicateSlug { lang, slug })
            }
            Err(TranslationSaveError::Unexpected(error)) => Err(error.into()),
        }
    }

    async fn other_language(&self, lang: &str) -> Result<LanguageTag, TranslationError> {
        other_language(&self.languages().await?, lang).map_err(TranslationError::UnknownLanguage)
    }

    async fn stored(
        &self,
        kind: TranslationKind,
        record_id: &str,
        lang: &LanguageTag,
    ) -> anyhow::Result<Option<Translation>> {
        Ok(self
            .store
            .record_translations(kind, record_id)
            .await?
            .into_iter()
            .find(|translation| translation.lang == *lang))
    }

    /// A translated slug must not be another record's address in that language: another record's
    /// translated slug there (also held by the store's unique index) or its default slug.
    async fn check_slug(&self, source: &Source, translation: &Translation) -> Result<(), TranslationError> {
        let Some(slug) = &translation.slug else { return Ok(()) };
        let mut holders = self.store.translated_slug_holders(translation.kind, slug).await?;
        if let Some(record_id) = sources::default_slug_holder(&self.store, translation.kind, slug).await? {
            holders.push(translation::SlugHolder::Default { record_id });
        }
        if translation::translated_slug_taken(&source.record_id, &translation.lang, &holders) {
            return Err(TranslationError::DuplicateSlug { lang: translation.lang.clone(), slug: slug.to_string() });
        }
        Ok(())
    }
}

/// The language a write or read names, which must be one of the site's languages other than the
/// default (the default's texts are the record's own).
fn other_language(languages: &Languages, lang: &str) -> Result<LanguageTag, String> {
    match languages.find(lang) {
        Some(language) if !languages.is_default(&language.tag) => Ok(language.tag.clone()),
        Some(language) => Err(format!(
            "{} is the default language: its texts are the record's own, edited with the record",
            language.tag
        )),
        None => {
            let others: Vec<&str> = languages.others().iter().map(|language| language.tag.as_str()).collect();
            if others.is_empty() {
                Err("The site has no languages besides its default".to_owned())
            } else {
                Err(format!("lang must be one of the site's other languages: {}", others.join(", ")))
            }
        }
    }
}

/// Whether another record of `kind` than `record_id` has `slug` as a translated slug, in any
/// language: a default slug must differ from them.
///
/// # Errors
/// Only infrastructure faults.
pub async fn taken_by_translation(
    store: &impl TranslationRepository,
    kind: TranslationKind,
    record_id: Option<&str>,
    slug: &Slug,
) -> anyhow::Result<bool> {
    let holders = store.translated_slug_holders(kind, slug).await?;
    Ok(translation::default_slug_taken(record_id.unwrap_or_default(), &holders))
}
