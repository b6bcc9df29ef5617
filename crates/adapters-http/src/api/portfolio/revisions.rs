//! `/portfolio/{id}/revisions`: a project's earlier versions, read and restored.

use actix_web::web;
use atelier_application::media::LibraryImages;
use atelier_application::portfolio::Portfolio;
use atelier_application::store::Store;
use serde::Serialize;
use utoipa::ToSchema;

use super::{ProjectDto, dto};
use crate::caller::SignedIn;
use crate::error::ApiError;
use crate::responses::Conflict;
use crate::revisions::RevisionDto;

/// One earlier version of a project: who replaced it and when, and the project as it was.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = PortfolioProjectRevision)]
pub struct ProjectRevisionDto {
    pub revision: RevisionDto,
    /// The project as it was.
    pub snapshot: ProjectDto,
}

/// List a project's revisions
///
/// The versions earlier saves replaced, newest first (at most 50 are kept per project), without
/// their content.
#[utoipa::path(
    get, path = "/portfolio/{id}/revisions", tag = "portfolio", operation_id = "listPortfolioProjectRevisions",
    params(("id" = String, Path, description = "The project's `_id`")),
    responses((status = 200, description = "The project's revisions, newest first", body = [RevisionDto]))
)]
pub async fn list_project_revisions<S: Store>(
    portfolio: web::Data<Portfolio<S>>,
    id: web::Path<String>,
) -> Result<web::Json<Vec<RevisionDto>>, ApiError> {
    Ok(web::Json(portfolio.revisions(&id).await?.into_iter().map(RevisionDto::from).collect()))
}

/// Get a project's revision
///
/// One earlier version of the project, whole.
#[utoipa::path(
    get, path = "/portfolio/{id}/revisions/{revisionId}", tag = "portfolio",
    operation_id = "getPortfolioProjectRevision",
    params(
        ("id" = String, Path, description = "The project's `_id`"),
        ("revisionId" = String, Path, description = "The revision's `_id`"),
    ),
    responses((status = 200, description = "The revision", body = ProjectRevisionDto))
)]
pub async fn get_project_revision<S: Store>(
    portfolio: web::Data<Portfolio<S>>,
    images: web::Data<LibraryImages<S>>,
    path: web::Path<(String, String)>,
) -> Result<web::Json<ProjectRevisionDto>, ApiError> {
    let (id, revision_id) = path.into_inner();
    let revision = portfolio.revision(&id, &revision_id).await?;
    let snapshot = dto(&images, revision.snapshot).await?;
    Ok(web::Json(ProjectRevisionDto { revision: revision.summary.into(), snapshot }))
}

/// Restore a project's revision
///
/// Saves the revision's fields as the project's current version; the version this replaces is kept
/// as a revision in turn. Technologies and tags deleted since are left out.
#[utoipa::path(
    post, path = "/portfolio/{id}/revisions/{revisionId}/restore", tag = "portfolio",
    operation_id = "restorePortfolioProjectRevision",
    params(
        ("id" = String, Path, description = "The project's `_id`"),
        ("revisionId" = String, Path, description = "The revision's `_id`"),
    ),
    responses((status = 200, description = "The project as restored", body = ProjectDto), Conflict)
)]
pub async fn restore_project_revision<S: Store>(
    portfolio: web::Data<Portfolio<S>>,
    images: web::Data<LibraryImages<S>>,
    signed_in: SignedIn,
    path: web::Path<(String, String)>,
) -> Result<web::Json<ProjectDto>, ApiError> {
    let (id, revision_id) = path.into_inner();
    Ok(web::Json(dto(&images, portfolio.restore(&id, &revision_id, &signed_in.author()).await?).await?))
}
