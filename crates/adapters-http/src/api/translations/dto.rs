//! The shapes of `/translations`: a record's languages as read, and a translation as sent.

use std::collections::BTreeMap;

use atelier_application::translations::{LanguageView, LanguageWrite};
use atelier_domain::translation::{Freshness, Publication, TranslationInput};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::versions::EditorDto;

/// The kinds of record that are translated, as the paths name them.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = TranslationKind)]
pub enum TranslationKindDto {
    Post,
    Project,
    Service,
    Faq,
    Testimonial,
    TeamMember,
    Category,
    Tag,
    Page,
    Site,
}

/// Where a translation stands against the default language's texts.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = TranslationStatus)]
pub enum FreshnessDto {
    /// No translation in this language.
    Missing,
    /// Saved against the default language's texts as they are now.
    UpToDate,
    /// The default language's texts changed after it was saved.
    Outdated,
}

impl From<Freshness> for FreshnessDto {
    fn from(freshness: Freshness) -> Self {
        match freshness {
            Freshness::Missing => Self::Missing,
            Freshness::UpToDate => Self::UpToDate,
            Freshness::Outdated => Self::Outdated,
        }
    }
}

/// Whether a post's translation is shown (with `publishAt`, scheduled).
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = TranslationPublication)]
pub enum PublicationDto {
    Draft,
    Published,
}

/// A record in one language other than the default.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Translation)]
pub struct TranslationDto {
    /// The language's canonical tag.
    #[schema(example = "de")]
    pub lang: String,
    pub status: FreshnessDto,
    /// The translation's own version (an update sends it); `null` when missing.
    #[schema(required = true, minimum = 1)]
    pub version: Option<i64>,
    /// The translated texts by field name; a field left out reads in the default language. The
    /// home page's entries of a list are where the entry each was written for is now.
    pub fields: BTreeMap<String, String>,
    /// The default language's text each translated field was written for when it was last saved,
    /// by field name (none for a translation saved before they were kept): where it differs from
    /// the record's text now, that text changed since.
    pub sources: BTreeMap<String, String>,
    /// The record's address in this language; `null`: its default slug.
    #[schema(required = true)]
    pub slug: Option<String>,
    /// A post's translation: whether it is shown; other kinds' are live when saved.
    #[schema(required = true)]
    pub publication: Option<PublicationDto>,
    /// When a published post translation goes live, or `null`.
    #[schema(required = true)]
    pub publish_at: Option<DateTime<Utc>>,
    /// Who changed it last, or `null`.
    #[schema(required = true)]
    pub updated_by: Option<EditorDto>,
    /// When it was changed last, or `null` when missing.
    #[schema(required = true)]
    pub updated_at: Option<DateTime<Utc>>,
}

impl TranslationDto {
    pub fn new(view: LanguageView, has_publication: bool) -> Self {
        let translation = view.translation;
        Self {
            lang: view.lang.to_string(),
            status: view.freshness.into(),
            version: translation.as_ref().map(|translation| translation.meta.version),
            fields: translation.as_ref().map(|translation| translation.fields.clone()).unwrap_or_default(),
            sources: translation.as_ref().map(|translation| translation.sources.clone()).unwrap_or_default(),
            slug: translation.as_ref().and_then(|translation| translation.slug.as_ref().map(ToString::to_string)),
            publication: translation.as_ref().filter(|_| has_publication).map(|translation| {
                match translation.publication {
                    Publication::Draft => PublicationDto::Draft,
                    Publication::Published => PublicationDto::Published,
                }
            }),
            publish_at: translation.as_ref().and_then(|translation| translation.publish_at),
            updated_by: translation
                .as_ref()
                .and_then(|translation| translation.meta.updated_by.clone().map(Into::into)),
            updated_at: translation.as_ref().map(|translation| translation.updated_at),
        }
    }
}

/// A record's translations: every language of the site other than the default.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = RecordTranslations)]
pub struct RecordTranslationsDto {
    pub kind: TranslationKindDto,
    /// The record's `_id` (a page's type, `settings` or `home` for the site).
    pub id: String,
    /// The default language's tag: the record's own fields.
    #[schema(example = "en")]
    pub default_language: String,
    /// The translatable fields of this kind, in the editor's order.
    pub translatable: Vec<String>,
    /// Each other language in the settings' order, a missing one with status `missing`.
    pub translations: Vec<TranslationDto>,
}

/// A translation as sent: created when the language has none, else updated (send its `version`).
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = TranslationInput)]
pub struct TranslationInputDto {
    /// Every translated text by field name (the kind's translatable fields, each within the record's
    /// own limit): replaces the stored ones; an empty text reads in the default language.
    pub fields: Option<BTreeMap<String, String>>,
    /// The record's address in this language (kinds with an address); empty: its default slug.
    pub slug: Option<String>,
    /// A post's translation: `draft` or `published`.
    pub publication: Option<String>,
    /// A post's translation: when it goes live (RFC 3339 with offset); empty clears it.
    pub publish_at: Option<String>,
    /// The translation's `version` as read; required to change an existing translation (428
    /// without it), none (or 1) to create one.
    #[schema(minimum = 1)]
    pub version: Option<i64>,
}

impl TranslationInputDto {
    pub fn into_write(self, lang: String) -> LanguageWrite {
        LanguageWrite {
            lang,
            input: TranslationInput {
                fields: self.fields,
                slug: self.slug,
                publication: self.publication,
                publish_at: self.publish_at,
            },
            version: self.version,
        }
    }

    /// Whether it would publish a translation or give it a publish time.
    pub fn publishes(&self) -> bool {
        self.publication.as_deref().is_some_and(|publication| publication.trim() == Publication::Published.as_str())
            || self.publish_at.as_deref().is_some_and(|at| !at.trim().is_empty())
    }
}

/// Several languages at once, each with its own `version`.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[schema(as = TranslationsInput)]
pub struct TranslationsInputDto {
    /// Each language's translation by its tag.
    pub translations: Option<BTreeMap<String, TranslationInputDto>>,
}

/// The language of a public read.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LanguageParams {
    /// One of the site's language tags (any case); absent: the default language. Another tag
    /// answers 400.
    pub lang: Option<String>,
}
