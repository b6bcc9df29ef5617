//! `/content/{type}/revisions`: a content page's earlier versions, read and restored.

use actix_web::web;
use atelier_application::content::Content;
use atelier_application::store::Store;
use serde::Serialize;
use utoipa::ToSchema;

use super::ContentPageDto;
use crate::caller::SignedIn;
use crate::error::ApiError;
use crate::revisions::RevisionDto;

/// One earlier version of a content page: who replaced it and when, and the page as it was.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = ContentPageRevision)]
pub struct ContentPageRevisionDto {
    pub revision: RevisionDto,
    /// The page as it was.
    pub snapshot: ContentPageDto,
}

/// List a content page's revisions
///
/// The versions earlier saves and status changes replaced, newest first (at most 50 are kept per
/// page), without their content.
#[utoipa::path(
    get, path = "/content/{type}/revisions", tag = "content", operation_id = "listContentPageRevisions",
    params(("type" = String, Path, description = "The page's type")),
    responses((status = 200, description = "The page's revisions, newest first", body = [RevisionDto]))
)]
pub async fn list_page_revisions<S: Store>(
    content: web::Data<Content<S>>,
    page_type: web::Path<String>,
) -> Result<web::Json<Vec<RevisionDto>>, ApiError> {
    Ok(web::Json(content.revisions(&page_type).await?.into_iter().map(RevisionDto::from).collect()))
}

/// Get a content page's revision
///
/// One earlier version of the page, whole.
#[utoipa::path(
    get, path = "/content/{type}/revisions/{revisionId}", tag = "content", operation_id = "getContentPageRevision",
    params(
        ("type" = String, Path, description = "The page's type"),
        ("revisionId" = String, Path, description = "The revision's `_id`"),
    ),
    responses((status = 200, description = "The revision", body = ContentPageRevisionDto))
)]
pub async fn get_page_revision<S: Store>(
    content: web::Data<Content<S>>,
    path: web::Path<(String, String)>,
) -> Result<web::Json<ContentPageRevisionDto>, ApiError> {
    let (page_type, revision_id) = path.into_inner();
    let revision = content.revision(&page_type, &revision_id).await?;
    Ok(web::Json(ContentPageRevisionDto { revision: revision.summary.into(), snapshot: revision.snapshot.into() }))
}

/// Restore a content page's revision
///
/// Saves the revision's fields as the page's current version; the version this replaces is kept as
/// a revision in turn.
#[utoipa::path(
    post, path = "/content/{type}/revisions/{revisionId}/restore", tag = "content",
    operation_id = "restoreContentPageRevision",
    params(
        ("type" = String, Path, description = "The page's type"),
        ("revisionId" = String, Path, description = "The revision's `_id`"),
    ),
    responses((status = 200, description = "The page as restored", body = ContentPageDto))
)]
pub async fn restore_page_revision<S: Store>(
    content: web::Data<Content<S>>,
    signed_in: SignedIn,
    path: web::Path<(String, String)>,
) -> Result<web::Json<ContentPageDto>, ApiError> {
    let (page_type, revision_id) = path.into_inner();
    Ok(web::Json(content.restore(&page_type, &revision_id, &signed_in.author()).await?.into()))
}
