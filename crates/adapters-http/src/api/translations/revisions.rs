//! `/translations/{kind}/{id}/{lang}/revisions`: a translation's earlier versions in one language
//! (docs/languages.md), read and restored; a record's own revisions are its resource's.

use actix_web::http::StatusCode;
use actix_web::web;
use atelier_application::ports::SharedClock;
use atelier_application::revisions::{Revision, RevisionSummary};
use atelier_application::store::Store;
use atelier_application::translations::{LanguageView, Translations};
use atelier_domain::translation::{Freshness, Publication, Translation};
use atelier_domain::user::Role;
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use super::{TranslationDto, TranslationKindDto, kind};
use crate::caller::SignedIn;
use crate::error::ApiError;
use crate::responses::Conflict;

/// An earlier version of a record's translation in one language, kept when a save replaced it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = TranslationRevision)]
pub struct TranslationRevisionDto {
    /// 24 lowercase hexadecimal characters.
    #[serde(rename = "_id")]
    pub id: String,
    /// The record's `_id`.
    pub record_id: String,
    /// The language's tag: the revision's label.
    #[schema(example = "de")]
    pub lang: String,
    /// The `_id` of the person whose save replaced this version.
    pub author_id: String,
    /// Their name at the time.
    pub author_name: String,
    /// When that save happened.
    pub created_at: DateTime<Utc>,
    /// When this version itself was saved.
    pub saved_at: DateTime<Utc>,
}

impl TranslationRevisionDto {
    fn new(summary: RevisionSummary, lang: &str) -> Self {
        Self {
            id: summary.id.to_string(),
            record_id: summary.record_id.to_string(),
            lang: lang.to_owned(),
            author_id: summary.author.id.to_string(),
            author_name: summary.author.name,
            created_at: summary.created_at,
            saved_at: summary.saved_at,
        }
    }
}

/// One earlier version of a translation, whole.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = TranslationRevisionDetail)]
pub struct TranslationRevisionDetailDto {
    #[serde(flatten)]
    pub revision: TranslationRevisionDto,
    /// The translation as it was (`status`: whether it was up to date with the default language's
    /// texts as they are now; `version` and `updatedBy` are not kept and read `null`).
    pub translation: TranslationDto,
}

fn as_it_was(revision: Revision<Translation>) -> TranslationRevisionDetailDto {
    let lang = revision.snapshot.lang.to_string();
    let has_publication = revision.snapshot.kind.has_publication();
    let mut translation = TranslationDto::new(
        LanguageView {
            lang: revision.snapshot.lang.clone(),
            freshness: Freshness::UpToDate,
            translation: Some(revision.snapshot),
        },
        has_publication,
    );
    translation.version = None;
    TranslationRevisionDetailDto { revision: TranslationRevisionDto::new(revision.summary, &lang), translation }
}

/// List a translation's revisions
///
/// The versions earlier saves of the record's translation in this language replaced, newest first
/// (at most 50 are kept per record and language), without their texts. A record's own revisions
/// are listed by its resource.
#[utoipa::path(
    get, path = "/translations/{kind}/{id}/{lang}/revisions", tag = "translations",
    operation_id = "listTranslationRevisions",
    params(
        ("kind" = TranslationKindDto, Path, description = "The record's kind"),
        ("id" = String, Path, description = "The record's `_id`"),
        ("lang" = String, Path, description = "One of the site's language tags other than the default (any case)"),
    ),
    responses((status = 200, description = "The revisions, newest first", body = [TranslationRevisionDto]))
)]
pub async fn list_revisions<S: Store>(
    translations: web::Data<Translations<S, SharedClock>>,
    path: web::Path<(String, String, String)>,
) -> Result<web::Json<Vec<TranslationRevisionDto>>, ApiError> {
    let (kind_name, id, lang) = path.into_inner();
    let kind = kind(&kind_name)?;
    let (tag, summaries) = translations.revisions(kind, &id, &lang).await?;
    let tag = tag.to_string();
    Ok(web::Json(summaries.into_iter().map(|summary| TranslationRevisionDto::new(summary, &tag)).collect()))
}

/// Get a translation's revision
///
/// One earlier version of the record's translation in this language, with its texts.
#[utoipa::path(
    get, path = "/translations/{kind}/{id}/{lang}/revisions/{revisionId}", tag = "translations",
    operation_id = "getTranslationRevision",
    params(
        ("kind" = TranslationKindDto, Path, description = "The record's kind"),
        ("id" = String, Path, description = "The record's `_id`"),
        ("lang" = String, Path, description = "One of the site's language tags other than the default (any case)"),
        ("revisionId" = String, Path, description = "The revision's `_id`"),
    ),
    responses((status = 200, description = "The revision", body = TranslationRevisionDetailDto))
)]
pub async fn get_revision<S: Store>(
    translations: web::Data<Translations<S, SharedClock>>,
    path: web::Path<(String, String, String, String)>,
) -> Result<web::Json<TranslationRevisionDetailDto>, ApiError> {
    let (kind_name, id, lang, revision_id) = path.into_inner();
    let revision = translations.revision(kind(&kind_name)?, &id, &lang, &revision_id).await?;
    Ok(web::Json(as_it_was(revision)))
}

/// Restore a translation's revision
///
/// Saves the revision's texts, slug and publication as the record's translation in this language
/// (created again if it was deleted); the version this replaces is kept as a revision in turn. No
/// other language, nor the record itself, changes. Its status is the revision's: outdated when the
/// default language's texts changed since it was translated. A slug another record has taken since
/// is a conflict (409); a Contributor may not restore a published version (403).
#[utoipa::path(
    post, path = "/translations/{kind}/{id}/{lang}/revisions/{revisionId}/restore", tag = "translations",
    operation_id = "restoreTranslationRevision",
    params(
        ("kind" = TranslationKindDto, Path, description = "The record's kind"),
        ("id" = String, Path, description = "The record's `_id`"),
        ("lang" = String, Path, description = "One of the site's language tags other than the default (any case)"),
        ("revisionId" = String, Path, description = "The revision's `_id`"),
    ),
    responses((status = 200, description = "The translation as restored", body = TranslationDto), Conflict)
)]
pub async fn restore_revision<S: Store>(
    translations: web::Data<Translations<S, SharedClock>>,
    signed_in: SignedIn,
    path: web::Path<(String, String, String, String)>,
) -> Result<web::Json<TranslationDto>, ApiError> {
    let (kind_name, id, lang, revision_id) = path.into_inner();
    let kind = kind(&kind_name)?;
    if signed_in.0.role() == Role::Contributor {
        let kept = translations.revision(kind, &id, &lang, &revision_id).await?.snapshot;
        if kept.publication == Publication::Published || kept.publish_at.is_some() {
            return Err(ApiError::client(StatusCode::FORBIDDEN, crate::access::PUBLISH_REFUSED));
        }
    }
    let view = translations.restore(kind, &id, &lang, &revision_id, &signed_in.author()).await?;
    Ok(web::Json(TranslationDto::new(view, kind.has_publication())))
}
