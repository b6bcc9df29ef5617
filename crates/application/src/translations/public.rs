//! Public reads in the site's languages (docs/languages.md, "Fallback"), for every kind: a read
//! names a language with `?lang=`; each record comes with its live translation there laid over it
//! field by field ([`Translatable::overlay`]), the language its texts are in, and the languages it
//! can be read in. A read without `lang` reads no language at all; one in the default language
//! reads the settings only; another reads the translations of the records read, in one query.

use atelier_domain::EntityId;
use atelier_domain::language::{LanguageTag, Languages, Untranslated};
use atelier_domain::slug::Slug;
use atelier_domain::translation::{self, Shown, Translatable, Translation, TranslationKind};
use chrono::{DateTime, Utc};

use super::ports::{SiteLanguages, TranslationRepository};
use super::sources::TranslatedRecords;
use super::{KeptLanguages, Translations};
use crate::freshness::ContentGeneration;
use crate::ports::Clock;

/// The language a public read asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadLanguage {
    pub languages: Languages,
    pub lang: LanguageTag,
}

impl ReadLanguage {
    /// Whether the read is in the default language: the records' own texts.
    pub fn is_default(&self) -> bool {
        self.languages.is_default(&self.lang)
    }

    /// Whether lists in this language leave out the records without a live translation there.
    pub fn hides_untranslated(&self) -> bool {
        !self.is_default() && self.languages.untranslated == Untranslated::Hide
    }
}

/// The language a public read's `lang` names: `None` when absent (the default language, read as
/// ever, reading nothing); `Ok(Err(message))` for a tag that is not one of the site's languages.
///
/// # Errors
/// Only infrastructure faults.
pub async fn read_language(
    store: &impl SiteLanguages,
    lang: Option<&str>,
) -> anyhow::Result<Result<Option<ReadLanguage>, String>> {
    read_language_kept(store, lang, None).await
}

/// [`read_language`], with the site's languages from `kept`'s copy for the current content
/// generation when given (no settings query while the generation holds), else from the store.
///
/// # Errors
/// Only infrastructure faults.
pub async fn read_language_kept(
    store: &impl SiteLanguages,
    lang: Option<&str>,
    kept: Option<Kept<'_>>,
) -> anyhow::Result<Result<Option<ReadLanguage>, String>> {
    let Some(lang) = lang else { return Ok(Ok(None)) };
    let languages = match kept {
        Some(Kept { generation, languages, now }) => {
            Languages::clone(&*languages.languages(store, generation, now).await?)
        }
        None => store.site_languages().await?,
    };
    let lang = match languages.requested(Some(lang)) {
        Ok(language) => language.tag.clone(),
        Err(message) => return Ok(Err(message)),
    };
    Ok(Ok(Some(ReadLanguage { languages, lang })))
}

/// Where a read finds the site's languages kept for the current content generation.
#[derive(Debug, Clone, Copy)]
pub struct Kept<'a> {
    pub generation: &'a ContentGeneration,
    pub languages: &'a KeptLanguages,
    /// The time the generation is checked at, on the use cases' clock.
    pub now: DateTime<Utc>,
}

/// A record as read in a language.
#[derive(Debug, Clone, PartialEq)]
pub struct InLanguage<R> {
    /// The record with its live translation laid over it (or as it is, in the default language).
    pub record: R,
    /// The language its texts are in: the one asked for, or the default when it has no live
    /// translation there.
    pub language: LanguageTag,
    /// The languages it can be read in, the default first, with its address in each for the
    /// kinds that have one; `None` for a read in the default language (which reads no
    /// translation).
    pub translations: Option<Vec<(LanguageTag, Option<Slug>)>>,
}

impl<S, C> Translations<S, C>
where
    S: TranslationRepository + SiteLanguages + TranslatedRecords,
    C: Clock,
{
    /// The language a public read's `lang` names (see [`read_language`]).
    ///
    /// # Errors
    /// Only infrastructure faults.
    pub async fn read_language(&self, lang: Option<&str>) -> anyhow::Result<Result<Option<ReadLanguage>, String>> {
        read_language(&self.store, lang).await
    }

    /// [`Self::read_language`] with the site's languages kept in `languages` for the current
    /// `generation`: a read with `lang` then costs no settings query while the generation holds.
    ///
    /// # Errors
    /// Only infrastructure faults.
    pub async fn read_language_kept(
        &self,
        lang: Option<&str>,
        generation: &ContentGeneration,
        languages: &KeptLanguages,
    ) -> anyhow::Result<Result<Option<ReadLanguage>, String>> {
        let kept = Kept { generation, languages, now: self.clock.now() };
        read_language_kept(&self.store, lang, Some(kept)).await
    }

    /// The records of `kind` a list in `read`'s language may show: `None` when it shows every
    /// record (the default language, or untranslated records falling back); else the ids of those
    /// with a live translation there, for the list's query to keep only them (so paging stays
    /// right).
    ///
    /// # Errors
    /// Only infrastructure faults.
    pub async fn listed_in(&self, kind: TranslationKind, read: &ReadLanguage) -> anyhow::Result<Option<Vec<EntityId>>> {
        listed_in(&self.store, kind, read, self.clock.now()).await
    }

    /// The key of the record of `kind` whose live translation in `read`'s language has `slug` as
    /// its address, if any (a read by slug tries it before the default slugs).
    ///
    /// # Errors
    /// Only infrastructure faults.
    pub async fn record_by_translated_slug(
        &self,
        kind: TranslationKind,
        read: &ReadLanguage,
        slug: &str,
    ) -> anyhow::Result<Option<String>> {
        if read.is_default() {
            return Ok(None);
        }
        let Ok(slug) = Slug::parse(slug) else { return Ok(None) };
        let now = self.clock.now();
        let found = self.store.find_by_translated_slug(kind, &read.lang, &slug).await?;
        Ok(found.filter(|translation| translation.is_live(now)).map(|translation| translation.record_id))
    }

    /// Lays each record's live translation in `read`'s language over it, with one query for all
    /// of them (none in the default language); in a list (`in_list`), a record hidden there is
    /// left out.
    ///
    /// # Errors
    /// Only infrastructure faults.
    pub async fn in_language<R: Translatable>(
        &self,
        records: Vec<R>,
        read: &ReadLanguage,
        in_list: bool,
    ) -> anyhow::Result<Vec<InLanguage<R>>> {
        in_language(&self.store, records, read, self.clock.now(), in_list).await
    }

    /// One record read in `read`'s language (its own page: it falls back, never hidden).
    ///
    /// # Errors
    /// Only infrastructure faults.
    pub async fn one_in_language<R: Translatable>(
        &self,
        record: R,
        read: &ReadLanguage,
    ) -> anyhow::Result<InLanguage<R>> {
        let mut list = self.in_language(vec![record], read, false).await?;
        list.pop().ok_or_else(|| anyhow::anyhow!("a record read on its own page is never left out"))
    }
}

/// The ids of the records of `kind` a list in `read`'s language may show at `now`: `None` when it
/// shows every record (the default language, or untranslated records falling back); else those
/// with a live translation there, for the list's query to keep only them.
///
/// # Errors
/// Only infrastructure faults.
pub async fn listed_in(
    store: &impl TranslationRepository,
    kind: TranslationKind,
    read: &ReadLanguage,
    now: DateTime<Utc>,
) -> anyhow::Result<Option<Vec<EntityId>>> {
    if !read.hides_untranslated() {
        return Ok(None);
    }
    let ids = store.live_in(kind, &read.lang, now).await?;
    Ok(Some(ids.iter().filter_map(|id| EntityId::parse(id).ok()).collect()))
}

/// Each record with its live translation at `now` in `read`'s language laid over it, read from
/// `store` in one query (none in the default language); in a list (`in_list`), a record hidden
/// there is left out.
///
/// # Errors
/// Only infrastructure faults.
pub async fn in_language<R: Translatable>(
    store: &impl TranslationRepository,
    records: Vec<R>,
    read: &ReadLanguage,
    now: DateTime<Utc>,
    in_list: bool,
) -> anyhow::Result<Vec<InLanguage<R>>> {
    let default = read.languages.default_language().tag.clone();
    if read.is_default() {
        return Ok(records
            .into_iter()
            .map(|record| InLanguage { record, language: default.clone(), translations: None })
            .collect());
    }
    let keys: Vec<String> = records.iter().map(Translatable::translation_key).collect();
    let stored = if keys.is_empty() { Vec::new() } else { store.translations_of(R::KIND, &keys).await? };
    Ok(records
        .into_iter()
        .zip(keys)
        .filter_map(|(record, key)| {
            let own: Vec<Translation> = stored.iter().filter(|row| row.record_id == key).cloned().collect();
            laid_over(record, &own, read, now, in_list)
        })
        .collect())
}

/// `record` read in `read`'s language (not the default's) given its stored translations `own`
/// (every language's): its live translation there laid over it, the language its texts are in and
/// the languages it can be read in; `None` in a list (`in_list`) that leaves it out.
pub fn laid_over<R: Translatable>(
    mut record: R,
    own: &[Translation],
    read: &ReadLanguage,
    now: chrono::DateTime<chrono::Utc>,
    in_list: bool,
) -> Option<InLanguage<R>> {
    let default = read.languages.default_language().tag.clone();
    let here = own.iter().find(|row| row.lang == read.lang);
    let shown = translation::shown(&read.languages, &read.lang, here, now, in_list);
    let translations = translation::alternates(&read.languages, record.default_slug(), own, now)
        .into_iter()
        .map(|(lang, slug)| (lang.clone(), slug.cloned()))
        .collect();
    let language = match (shown, here) {
        (Shown::Hidden, _) => return None,
        (Shown::Translated, Some(here)) => {
            record.overlay(here);
            read.lang.clone()
        }
        _ => default,
    };
    Some(InLanguage { record, language, translations: Some(translations) })
}

/// A record read with counts (a category's posts, a tag's uses) is translated as its record.
macro_rules! translatable_view {
    ($view:ty, $record:ty, $field:ident) => {
        impl Translatable for $view {
            const KIND: TranslationKind = <$record as Translatable>::KIND;

            fn translation_key(&self) -> String {
                self.$field.translation_key()
            }

            fn source_texts(&self) -> std::collections::BTreeMap<String, String> {
                self.$field.source_texts()
            }

            fn default_slug(&self) -> Option<&Slug> {
                self.$field.default_slug()
            }

            fn overlay(&mut self, translation: &Translation) {
                self.$field.overlay(translation);
            }
        }
    };
}

translatable_view!(crate::categories::CategoryView, atelier_domain::category::Category, category);
translatable_view!(crate::tags::TagView, atelier_domain::tag::Tag, tag);
