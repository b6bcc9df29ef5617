//! Public reads in the site's languages (docs/languages.md), one helper for every translated kind:
//! `?lang=` read into a [`ReadLanguage`], the records laid over with their live translations in it
//! before their DTOs are made (so every text a DTO derives, such as rendered markdown, is the
//! language's), then each DTO marked with `language` and `translations`.
//!
//! Without `lang` nothing is read and the DTOs are as they always were; with the default language
//! only the settings are read, and each DTO says `language`; with another, one query reads the
//! translations of the records read.

use actix_web::{FromRequest, HttpRequest, web};
use atelier_application::freshness::ContentGeneration;
use atelier_application::ports::SharedClock;
use atelier_application::store::Store;
use atelier_application::translations::public::{InLanguage, ReadLanguage};
use atelier_application::translations::{KeptLanguages, Translations};
use atelier_domain::translation::{Translatable, TranslationKind};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::ApiError;

/// A language a record can be read in, and its address there for the kinds that have one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = RecordLanguage)]
pub struct RecordLanguageDto {
    #[schema(example = "de")]
    pub lang: String,
    /// The record's address in that language (projects, categories, tags); absent for the kinds
    /// without one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slug: Option<String>,
}

/// What a read in a language says of one record: the language its texts are in, and (in a
/// language other than the default) the languages it can be read in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Marks {
    pub language: String,
    pub translations: Option<Vec<RecordLanguageDto>>,
}

impl Marks {
    pub(crate) fn of<R>(item: &InLanguage<R>) -> Self {
        Self {
            language: item.language.to_string(),
            translations: item.translations.as_ref().map(|list| {
                list.iter()
                    .map(|(lang, slug)| RecordLanguageDto {
                        lang: lang.to_string(),
                        slug: slug.as_ref().map(ToString::to_string),
                    })
                    .collect()
            }),
        }
    }
}

/// A DTO of a translated record: it carries `language` and `translations` on reads that name a
/// language.
pub trait InLanguageDto {
    fn mark(&mut self, marks: Marks);
}

/// Implements [`InLanguageDto`] for DTOs with the fields `language` and `translations`.
macro_rules! in_language_dto {
    ($($dto:ty),+ $(,)?) => {
        $(
            impl $crate::api::languages::InLanguageDto for $dto {
                fn mark(&mut self, marks: $crate::api::languages::Marks) {
                    self.language = Some(marks.language);
                    self.translations = marks.translations;
                }
            }
        )+
    };
}
pub(crate) use in_language_dto;

/// The language a public read's `lang` names: `None` without one (no language is read at all); a
/// 400 for a tag that is not one of the site's languages.
///
/// # Errors
/// 400 for an unknown language; infrastructure faults.
pub async fn read<S: Store>(
    translations: &TranslationsData<S>,
    lang: Option<&str>,
) -> Result<Option<ReadLanguage>, ApiError> {
    let read = match &translations.kept {
        Some((generation, kept)) => translations.read_language_kept(lang, generation, kept).await?,
        None => translations.read_language(lang).await?,
    };
    read.map_err(ApiError::bad_request)
}

/// The ids a list in `read`'s language keeps (see `Translations::listed_in`): `None` for every
/// record, also without a language.
///
/// # Errors
/// Only infrastructure faults.
pub async fn listed<S: Store>(
    translations: &Translations<S, SharedClock>,
    kind: TranslationKind,
    read: Option<&ReadLanguage>,
) -> Result<Option<Vec<atelier_domain::EntityId>>, ApiError> {
    match read {
        Some(read) => Ok(translations.listed_in(kind, read).await?),
        None => Ok(None),
    }
}

/// The records laid over with their live translations in `read`'s language, each with its marks
/// for its DTO; in a list (`in_list`) a record the language hides is left out. Without a language
/// the records are returned as they are, unmarked, and nothing is read.
///
/// # Errors
/// Only infrastructure faults.
pub async fn lay_over<S: Store, R: Translatable>(
    translations: &Translations<S, SharedClock>,
    records: Vec<R>,
    read: Option<&ReadLanguage>,
    in_list: bool,
) -> Result<(Vec<R>, Vec<Option<Marks>>), ApiError> {
    Ok(marked(translations, records, read, in_list).await?)
}

/// [`lay_over`] for the server's pages, which read the records the API reads.
///
/// # Errors
/// Only infrastructure faults.
pub(crate) async fn marked<S: Store, R: Translatable>(
    translations: &Translations<S, SharedClock>,
    records: Vec<R>,
    read: Option<&ReadLanguage>,
    in_list: bool,
) -> anyhow::Result<(Vec<R>, Vec<Option<Marks>>)> {
    let Some(read) = read else {
        let marks = vec![None; records.len()];
        return Ok((records, marks));
    };
    let items = translations.in_language(records, read, in_list).await?;
    Ok(items
        .into_iter()
        .map(|item| {
            let marks = Marks::of(&item);
            (item.record, Some(marks))
        })
        .unzip())
}

/// One record laid over (its own page: it falls back, never hidden).
///
/// # Errors
/// Only infrastructure faults.
pub async fn lay_over_one<S: Store, R: Translatable>(
    translations: &Translations<S, SharedClock>,
    record: R,
    read: Option<&ReadLanguage>,
) -> Result<(R, Option<Marks>), ApiError> {
    let (mut records, mut marks) = lay_over(translations, vec![record], read, false).await?;
    match (records.pop(), marks.pop()) {
        (Some(record), Some(marks)) => Ok((record, marks)),
        _ => Err(ApiError::Unexpected(anyhow::anyhow!("a record read on its own page is never left out"))),
    }
}

/// The DTOs with their records' marks.
pub fn mark<D: InLanguageDto>(dtos: Vec<D>, marks: Vec<Option<Marks>>) -> Vec<D> {
    dtos.into_iter()
        .zip(marks)
        .map(|(mut dto, marks)| {
            if let Some(marks) = marks {
                dto.mark(marks);
            }
            dto
        })
        .collect()
}

/// The DTOs of records a use case read in a language, each marked with its language and
/// translations, in the use case's order.
pub fn dtos<R, D: From<R> + InLanguageDto>(items: Vec<InLanguage<R>>) -> Vec<D> {
    items
        .into_iter()
        .map(|item| {
            let marks = Marks::of(&item);
            mark_one(D::from(item.record), Some(marks))
        })
        .collect()
}

/// One DTO with its record's marks.
pub fn mark_one<D: InLanguageDto>(mut dto: D, marks: Option<Marks>) -> D {
    if let Some(marks) = marks {
        dto.mark(marks);
    }
    dto
}

/// The translations use case as handlers take it, with the site's languages kept per content
/// generation when the server shares them ([`KeptLanguages`], registered with the generation):
/// then a read with `lang` costs no settings query while the generation holds.
pub struct TranslationsData<S: Store> {
    translations: web::Data<Translations<S, SharedClock>>,
    kept: Option<(web::Data<ContentGeneration>, web::Data<KeptLanguages>)>,
}

impl<S: Store> std::fmt::Debug for TranslationsData<S> {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.debug_struct("TranslationsData").field("kept", &self.kept.is_some()).finish_non_exhaustive()
    }
}

impl<S: Store> std::ops::Deref for TranslationsData<S> {
    type Target = Translations<S, SharedClock>;

    fn deref(&self) -> &Self::Target {
        &self.translations
    }
}

impl<S: Store> FromRequest for TranslationsData<S> {
    type Error = actix_web::Error;
    type Future = std::future::Ready<Result<Self, Self::Error>>;

    fn from_request(request: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        let Some(translations) = request.app_data::<web::Data<Translations<S, SharedClock>>>().cloned() else {
            tracing::error!("the translations use case is not registered");
            return std::future::ready(Err(actix_web::error::ErrorInternalServerError("Something went wrong")));
        };
        let kept = request
            .app_data::<web::Data<ContentGeneration>>()
            .cloned()
            .zip(request.app_data::<web::Data<KeptLanguages>>().cloned());
        std::future::ready(Ok(Self { translations, kept }))
    }
}
