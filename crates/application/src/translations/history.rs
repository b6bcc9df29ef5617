//! Revisions of translations, one language at a time (docs/languages.md): a translation's save by
//! someone keeps the version it replaces as a revision of its record in that language (at most
//! [`MAX_REVISIONS_PER_RECORD`] per record and language), beside the record's own revisions and
//! apart from them; restoring one brings that language back and touches no other, nor the record.

use atelier_domain::EntityId;
use atelier_domain::language::LanguageTag;
use atelier_domain::revision::{MAX_REVISIONS_PER_RECORD, Revision, RevisionSummary};
use atelier_domain::translation::{Freshness, Translation, TranslationKind};

use super::ports::{SiteLanguages, TranslationRepository, TranslationRevisionRepository, TranslationWrite};
use super::{LanguageView, TranslationError, Translations};
use crate::ports::Clock;
use crate::revisions::{Author, LABEL};

/// Whether two versions of a translation have the same texts and publication (a save that changes
/// neither keeps no revision).
fn same_version(one: &Translation, other: &Translation) -> bool {
    one.fields == other.fields
        && one.slug == other.slug
        && one.publication == other.publication
        && one.publish_at == other.publish_at
}

impl<S, C> Translations<S, C>
where
    S: TranslationRepository + TranslationRevisionRepository + SiteLanguages + super::sources::TranslatedRecords,
    C: Clock,
{
    /// Keeps the version each stored write replaced, saved over by `author`.
    pub(super) async fn keep_revisions(&self, batch: &[TranslationWrite], author: &Author) -> anyhow::Result<()> {
        let now = self.clock.now();
        for write in batch {
            let Some(previous) = write.previous.as_ref().filter(|previous| !same_version(previous, &write.translation))
            else {
                continue;
            };
            let Ok(record_id) = EntityId::parse(&previous.record_id) else { continue };
            let summary = RevisionSummary {
                id: self.clock.new_id(),
                record_id,
                author: author.clone(),
                created_at: now,
                saved_at: previous.updated_at,
            };
            let revision = Revision { summary, snapshot: previous.clone() };
            self.store.add_translation_revision(&revision, MAX_REVISIONS_PER_RECORD).await?;
        }
        Ok(())
    }

    /// The record's kept versions in `lang` (its canonical tag, returned first), newest first.
    ///
    /// # Errors
    /// As [`Self::one`] for the record and the language.
    pub async fn revisions(
        &self,
        kind: TranslationKind,
        id: &str,
        lang: &str,
    ) -> Result<(LanguageTag, Vec<RevisionSummary>), TranslationError> {
        let (record_id, lang) = self.record_in(kind, id, lang).await?;
        let summaries = self.store.list_translation_revisions(kind, record_id, &lang).await?;
        Ok((lang, summaries))
    }

    /// One kept version of the record in `lang`.
    ///
    /// # Errors
    /// As [`Self::revisions`]; [`TranslationError::NotFound`] for an unknown or malformed revision.
    pub async fn revision(
        &self,
        kind: TranslationKind,
        id: &str,
        lang: &str,
        revision_id: &str,
    ) -> Result<Revision<Translation>, TranslationError> {
        let (record_id, lang) = self.record_in(kind, id, lang).await?;
        let not_found = || TranslationError::NotFound(format!("{LABEL} not found"));
        let revision_id = EntityId::parse(revision_id).map_err(|_| not_found())?;
        self.store.find_translation_revision(kind, record_id, &lang, revision_id).await?.ok_or_else(not_found)
    }

    /// Brings back a kept version of the record in `lang` (its texts, slug, publication and the
    /// default-language texts it was translated from), saved by `author` over the translation as it
    /// is now (created again if it was deleted), whose version is kept in turn. Other languages and
    /// the record itself are untouched.
    ///
    /// # Errors
    /// As [`Self::revision`]; [`TranslationError::Stale`] when the translation changes during the
    /// restore; [`TranslationError::DuplicateSlug`] when its slug belongs to another record now.
    pub async fn restore(
        &self,
        kind: TranslationKind,
        id: &str,
        lang: &str,
        revision_id: &str,
        author: &Author,
    ) -> Result<LanguageView, TranslationError> {
        let revision = self.revision(kind, id, lang, revision_id).await?;
        let source = self.source(kind, id).await?;
        let kept = revision.snapshot;
        let current = self.stored(kind, &source.record_id, &kept.lang).await?;
        let now = self.clock.now();
        let mut translation = current
            .clone()
            .unwrap_or_else(|| Translation { meta: atelier_domain::meta::RecordMeta::default(), ..kept.clone() });
        translation.fields = kept.fields.clone();
        translation.slug = kept.slug.clone();
        translation.publication = kept.publication;
        translation.publish_at = kept.publish_at;
        translation.source_hash = kept.source_hash.clone();
        translation.sources = kept.sources.clone();
        translation.updated_at = now;
        if current.is_none() {
            translation.created_at = now;
        }
        self.check_slug(&source, &translation).await?;
        let expected_version = current.as_ref().map(|current| current.meta.version);
        let mut batch = [TranslationWrite { translation, expected_version, previous: current }];
        self.save_batch(kind, &source.record_id, &mut batch).await?;
        self.keep_revisions(&batch, author).await?;
        let [write] = batch;
        Ok(LanguageView {
            freshness: Freshness::of(Some(&write.translation), &source.hash),
            lang: write.translation.lang.clone(),
            translation: Some(write.translation),
        })
    }

    /// The record's id and the language, checked as [`Self::one`] checks them.
    async fn record_in(
        &self,
        kind: TranslationKind,
        id: &str,
        lang: &str,
    ) -> Result<(EntityId, LanguageTag), TranslationError> {
        let source = self.source(kind, id).await?;
        let lang = self.other_language(lang).await?;
        let record_id = EntityId::parse(&source.record_id)
            .map_err(|_| TranslationError::NotFound(format!("No {kind} has the id {id}")))?;
        Ok((record_id, lang))
    }
}
