//! `/translations/{kind}/{id}`: a record's texts in the site's other languages (docs/languages.md),
//! read and written one language at a time or all at once, each language with its own version.
//!
//! Who may write a translation is who may edit the record: Editors and up any record; Authors the
//! posts and projects they created, Contributors the posts they created (the gate asks, as for the
//! record's own update), and a Contributor's translation stays a draft.

mod dto;
mod revisions;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use atelier_application::ports::SharedClock;
use atelier_application::store::Store;
use atelier_application::translations::{LanguageView, TranslationError, Translations};
use atelier_domain::translation::{TranslationKind, site};
use atelier_domain::user::Role;
use utoipa::OpenApi;

use crate::caller::SignedIn;
use crate::contract::Rules;
use crate::error::ApiError;
use crate::extract::JsonBody;
use crate::ports::Ports;
use crate::responses::{Conflict, Deleted};

pub use self::dto::{
    FreshnessDto, LanguageParams, PublicationDto, RecordTranslationsDto, TranslationDto, TranslationInputDto,
    TranslationKindDto, TranslationsInputDto,
};

impl From<TranslationError> for ApiError {
    fn from(error: TranslationError) -> Self {
        match error {
            TranslationError::NotFound(message) | TranslationError::UnknownLanguage(message) => {
                Self::not_found(message)
            }
            error @ TranslationError::NotTranslatable(_) => Self::not_found(error.to_string()),
            TranslationError::Invalid(errors) => Self::invalid(&errors),
            TranslationError::VersionRequired(_) => {
                Self::client(StatusCode::PRECONDITION_REQUIRED, crate::versions::VERSION_REQUIRED)
            }
            TranslationError::Stale { current, .. } => {
                let has_publication = current.as_ref().as_ref().is_some_and(|current| current.kind.has_publication());
                let current = (*current).map(|translation| {
                    let view = LanguageView {
                        lang: translation.lang.clone(),
                        freshness: atelier_domain::translation::Freshness::UpToDate,
                        translation: Some(translation),
                    };
                    TranslationDto::new(view, has_publication)
                });
                crate::versions::stale(current)
            }
            error @ TranslationError::DuplicateSlug { .. } => Self::client(StatusCode::CONFLICT, error.to_string()),
            TranslationError::Unexpected(error) => Self::Unexpected(error),
        }
    }
}

/// The kind a path names; an unknown one names no record.
fn kind(text: &str) -> Result<TranslationKind, ApiError> {
    TranslationKind::parse(text).map_err(|_| {
        ApiError::not_found(format!("Unknown kind of record '{text}': one of {}", TranslationKind::words()))
    })
}

/// A Contributor's translation stays a draft, as their post does.
fn may_publish(signed_in: &SignedIn, input: &TranslationInputDto) -> Result<(), ApiError> {
    if signed_in.0.role() == Role::Contributor && input.publishes() {
        return Err(ApiError::client(StatusCode::FORBIDDEN, crate::access::PUBLISH_REFUSED));
    }
    Ok(())
}

/// Read a record's translations
///
/// Every language of the site other than the default, in the settings' order, each with its status
/// (`missing`, `upToDate`, `outdated`: whether the default language's texts changed since it was
/// saved), version, fields and slug. Records are named by kind and `_id`, a page by its type
/// (`about`, `privacy`, `terms`), the site's name and description by `site/settings`; the home
/// page's texts (`site/home`) are not translated yet (404).
#[utoipa::path(
    get, path = "/translations/{kind}/{id}", tag = "translations", operation_id = "listRecordTranslations",
    params(
        ("kind" = TranslationKindDto, Path, description = "The record's kind"),
        ("id" = String, Path, description = "The record's `_id`"),
    ),
    responses((status = 200, description = "The record's translations", body = RecordTranslationsDto))
)]
pub async fn list_translations<S: Store>(
    translations: web::Data<Translations<S, SharedClock>>,
    path: web::Path<(String, String)>,
) -> Result<web::Json<RecordTranslationsDto>, ApiError> {
    let (kind_name, id) = path.into_inner();
    let kind = kind(&kind_name)?;
    let views = translations.all(kind, &id).await?;
    let languages = translations.languages().await?;
    let translatable = translatable(&translations, kind, &id).await?;
    Ok(web::Json(RecordTranslationsDto {
        kind: serde_json::from_value(serde_json::Value::String(kind.as_str().to_owned()))
            .map_err(|error| ApiError::Unexpected(anyhow::Error::new(error)))?,
        id,
        default_language: languages.default_language().tag.to_string(),
        translatable,
        translations: views.into_iter().map(|view| TranslationDto::new(view, kind.has_publication())).collect(),
    }))
}

/// The names of the fields a record's translations take: its kind's, or the site's record's own
/// (the home page's, one per text it has now: `hero.title`, `sections.services.heading`, …).
async fn translatable<S: Store>(
    translations: &Translations<S, SharedClock>,
    kind: TranslationKind,
    id: &str,
) -> Result<Vec<String>, ApiError> {
    if kind != TranslationKind::Site {
        return Ok(kind.fields().iter().map(|field| field.name.to_owned()).collect());
    }
    if let Some(fields) = site::site_fields(id) {
        return Ok(fields.iter().map(|field| field.name.to_owned()).collect());
    }
    Ok(translations.source(kind, id).await?.texts.into_keys().collect())
}

/// The pattern of the home page's field names (`/translations/site/home`), exact for the server's
/// check ([`site::home_field`]): each index below its list's maximum.
fn home_field_pattern() -> String {
    use atelier_domain::home_page::{
        MAX_FIGURES, MAX_FOOTER_SERVICES, MAX_ITEMS, MAX_LINKS, MAX_STEPS, SectionKey, SectionPart,
    };
    let index = |max: usize| (0..max).map(|at| at.to_string()).collect::<Vec<_>>().join("|");
    let links = index(MAX_LINKS);
    // Each section with the parts the site shows of it (`SectionKey::parts`), as the domain checks.
    let sections: Vec<String> = SectionKey::ALL
        .iter()
        .map(|key| {
            let parts: Vec<String> = key
                .parts()
                .iter()
                .map(|part| match part {
                    SectionPart::Heading => "heading|subheading".to_owned(),
                    SectionPart::Items => format!("items\\.(?:{})\\.(?:title|text)", index(MAX_ITEMS)),
                    SectionPart::Figures => format!("figures\\.(?:{})\\.label", index(MAX_FIGURES)),
                    SectionPart::NoteTitle => "note\\.title".to_owned(),
                    SectionPart::NoteText => "note\\.text".to_owned(),
                    SectionPart::Steps => format!("stepsHeading|steps\\.(?:{})", index(MAX_STEPS)),
                    SectionPart::Links => format!("links\\.(?:{links})\\.label"),
                })
                .collect();
            format!("{}\\.(?:{})", key.as_str(), parts.join("|"))
        })
        .collect();
    format!(
        "^(?:hero\\.(?:title|subtitle|trustedBy|links\\.(?:{links})\\.label)|footerServices\\.(?:{footer})|\
         sections\\.(?:{sections}))$",
        footer = index(MAX_FOOTER_SERVICES),
        sections = sections.join("|"),
    )
}

/// Save several translations of a record
///
/// Creates or updates the record's translations in several languages in one transaction:
/// `{"translations": {"de": {…}, "fr": {…}}}`. Each language is held to its own `version` (none to
/// create one); one stale language answers 409 `stale` with that language's translation as it is
/// now and saves nothing, one existing language without a `version` answers 428. A language that
/// is not one of the site's others, or a bad field, answers 422 naming
/// `translations.{lang}[.field]`.
#[utoipa::path(
    put, path = "/translations/{kind}/{id}", tag = "translations", operation_id = "saveRecordTranslations",
    params(
        ("kind" = TranslationKindDto, Path, description = "The record's kind"),
        ("id" = String, Path, description = "The record's `_id`"),
    ),
    request_body = TranslationsInputDto,
    responses((status = 200, description = "The translations saved", body = [TranslationDto]), Conflict)
)]
pub async fn save_translations<S: Store>(
    translations: web::Data<Translations<S, SharedClock>>,
    signed_in: SignedIn,
    path: web::Path<(String, String)>,
    body: JsonBody<TranslationsInputDto>,
) -> Result<web::Json<Vec<TranslationDto>>, ApiError> {
    let (kind_name, id) = path.into_inner();
    let kind = kind(&kind_name)?;
    let sent = body.0.translations.unwrap_or_default();
    if sent.is_empty() {
        // The record first: a path that names none is a 404 whatever the body.
        translations.source(kind, &id).await?;
        return Err(ApiError::invalid_field("translations", "Send at least one language's translation"));
    }
    for input in sent.values() {
        may_publish(&signed_in, input)?;
    }
    let writes = sent.into_iter().map(|(lang, input)| input.into_write(lang)).collect();
    let saved = translations.put_many_by(kind, &id, writes, &signed_in.author()).await?;
    Ok(web::Json(saved.into_iter().map(|view| TranslationDto::new(view, kind.has_publication())).collect()))
}

/// Read a record's translation in one language
///
/// The translation with its status, version, fields and slug. A language that is not one of the
/// site's languages other than the default, or in which the record has no translation, answers 404.
#[utoipa::path(
    get, path = "/translations/{kind}/{id}/{lang}", tag = "translations", operation_id = "getTranslation",
    params(
        ("kind" = TranslationKindDto, Path, description = "The record's kind"),
        ("id" = String, Path, description = "The record's `_id`"),
        ("lang" = String, Path, description = "One of the site's language tags other than the default (any case)"),
    ),
    responses((status = 200, description = "The translation", body = TranslationDto))
)]
pub async fn get_translation<S: Store>(
    translations: web::Data<Translations<S, SharedClock>>,
    path: web::Path<(String, String, String)>,
) -> Result<web::Json<TranslationDto>, ApiError> {
    let (kind_name, id, lang) = path.into_inner();
    let kind = kind(&kind_name)?;
    let view = translations.one(kind, &id, &lang).await?;
    Ok(web::Json(TranslationDto::new(view, kind.has_publication())))
}

/// Save a record's translation in one language
///
/// Creates the translation (no `version`, or 1) or updates it (its `version` as read: 428 without
/// it, 409 `stale` with the translation as it is now and who changed it when it is old). `fields`
/// replaces the translated texts; a field left out reads in the default language. Saving marks the
/// translation up to date with the default language's texts. A slug must not be another record's
/// address in that language (409). A language that is not one of the site's languages other than
/// the default answers 404; a Contributor's translation stays a draft (403).
#[utoipa::path(
    put, path = "/translations/{kind}/{id}/{lang}", tag = "translations", operation_id = "saveTranslation",
    params(
        ("kind" = TranslationKindDto, Path, description = "The record's kind"),
        ("id" = String, Path, description = "The record's `_id`"),
        ("lang" = String, Path, description = "One of the site's language tags other than the default (any case)"),
    ),
    request_body = TranslationInputDto,
    responses((status = 200, description = "The translation saved", body = TranslationDto), Conflict)
)]
pub async fn save_translation<S: Store>(
    translations: web::Data<Translations<S, SharedClock>>,
    signed_in: SignedIn,
    path: web::Path<(String, String, String)>,
    body: JsonBody<TranslationInputDto>,
) -> Result<web::Json<TranslationDto>, ApiError> {
    let (kind_name, id, lang) = path.into_inner();
    let kind = kind(&kind_name)?;
    may_publish(&signed_in, &body.0)?;
    let view = translations.put_by(kind, &id, body.0.into_write(lang), &signed_in.author()).await?;
    Ok(web::Json(TranslationDto::new(view, kind.has_publication())))
}

/// Delete a record's translation in one language
///
/// The record then reads in the default language there (or, with `untranslatedContent: hide`, is
/// left out of that language's lists).
#[utoipa::path(
    delete, path = "/translations/{kind}/{id}/{lang}", tag = "translations", operation_id = "deleteTranslation",
    params(
        ("kind" = TranslationKindDto, Path, description = "The record's kind"),
        ("id" = String, Path, description = "The record's `_id`"),
        ("lang" = String, Path, description = "One of the site's language tags other than the default (any case)"),
    ),
    responses(Deleted)
)]
pub async fn delete_translation<S: Store>(
    translations: web::Data<Translations<S, SharedClock>>,
    path: web::Path<(String, String, String)>,
) -> Result<HttpResponse, ApiError> {
    let (kind_name, id, lang) = path.into_inner();
    translations.delete(kind(&kind_name)?, &id, &lang).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// The operations of this resource, documented: nested into the API document by [`super::documents`].
#[derive(Debug, OpenApi)]
#[openapi(
    paths(
        list_translations,
        save_translations,
        get_translation,
        save_translation,
        delete_translation,
        revisions::list_revisions,
        revisions::get_revision,
        revisions::restore_revision,
    ),
    components(schemas(TranslationKindDto, FreshnessDto, PublicationDto)),
    tags((name = "translations", description = "A record's texts in the site's other languages")),
)]
pub struct Doc;

/// The rules of the bodies and parameters this resource takes, from the domain's limits
/// ([`crate::contract`]): collected by [`super::rules`].
pub fn rules() -> Rules {
    use atelier_domain::language::MAX_TAG_LEN;
    use atelier_domain::slug::MAX_SLUG_LEN;

    use crate::contract::{
        body, named, one_of, optional_date_time, optional_slug, some_entries, text, texts_by_name_or_pattern, whole,
    };

    let longest = atelier_domain::translation::TranslationKind::ALL
        .iter()
        .flat_map(|kind| kind.fields())
        .map(|field| field.max)
        .max()
        .unwrap_or(MAX_SLUG_LEN);
    let kinds: Vec<&str> = TranslationKind::ALL.iter().map(|kind| kind.as_str()).collect();
    let mut names: Vec<&str> = TranslationKind::ALL
        .iter()
        .flat_map(|kind| kind.fields())
        .chain(site::site_fields("contact").unwrap_or_default())
        .map(|field| field.name)
        .collect();
    names.sort_unstable();
    names.dedup();
    let all = [
        "listRecordTranslations",
        "saveRecordTranslations",
        "getTranslation",
        "saveTranslation",
        "deleteTranslation",
        "listTranslationRevisions",
        "getTranslationRevision",
        "restoreTranslationRevision",
    ];
    let one = [
        "getTranslation",
        "saveTranslation",
        "deleteTranslation",
        "listTranslationRevisions",
        "getTranslationRevision",
        "restoreTranslationRevision",
    ];
    Rules::bodies(vec![
        body::<TranslationInputDto>(vec![
            ("fields", texts_by_name_or_pattern(&names, &home_field_pattern(), longest)),
            ("slug", optional_slug()),
            ("publication", one_of(&["draft", "published"])),
            ("publishAt", optional_date_time()),
            ("version", whole(1, i64::MAX)),
        ]),
        body::<TranslationsInputDto>(vec![("translations", some_entries().required())]),
    ])
    .parameter(&all, "kind", &one_of(&kinds))
    .parameter(&all, "id", &text(MAX_SLUG_LEN))
    .parameter(&one, "lang", &named(MAX_TAG_LEN))
    .parameter(&["getTranslationRevision", "restoreTranslationRevision"], "revisionId", &text(MAX_SLUG_LEN))
}

pub fn routes<P: Ports>(config: &mut crate::api::Routes, store: &P::Store, clock: &SharedClock) {
    config.app_data(web::Data::new(Translations::new(store.clone(), clock.clone())));
    config
        .service(
            super::resource("/translations/{kind}/{id}")
                .get(list_translations::<P::Store>)
                .put(save_translations::<P::Store>),
        )
        .service(
            super::resource("/translations/{kind}/{id}/{lang}")
                .get(get_translation::<P::Store>)
                .put(save_translation::<P::Store>)
                .delete(delete_translation::<P::Store>),
        )
        .service(
            super::resource("/translations/{kind}/{id}/{lang}/revisions").get(revisions::list_revisions::<P::Store>),
        )
        .service(
            super::resource("/translations/{kind}/{id}/{lang}/revisions/{revisionId}")
                .get(revisions::get_revision::<P::Store>),
        )
        .service(
            super::resource("/translations/{kind}/{id}/{lang}/revisions/{revisionId}/restore")
                .post(revisions::restore_revision::<P::Store>),
        );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_documented_pattern_of_the_home_pages_names_is_the_domains_rule() {
        let pattern = regex::Regex::new(&home_field_pattern()).unwrap();
        let parts = [
            "heading",
            "subheading",
            "items.0.title",
            "items.11.text",
            "figures.7.label",
            "note.title",
            "note.text",
            "stepsHeading",
            "steps.3",
            "links.2.label",
            "links.3.label",
            "items.0",
            "order",
        ];
        for key in atelier_domain::home_page::SectionKey::ALL {
            for part in parts {
                let name = format!("sections.{}.{part}", key.as_str());
                assert_eq!(pattern.is_match(&name), site::home_field(&name).is_some(), "{name}");
            }
        }
        for name in
            ["hero.title", "hero.links.2.label", "footerServices.11", "footerServices.12", "hero.links.0.target"]
        {
            assert_eq!(pattern.is_match(name), site::home_field(name).is_some(), "{name}");
        }
    }
}
