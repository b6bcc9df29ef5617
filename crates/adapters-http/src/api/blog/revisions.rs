//! `/blog/posts/{id}/revisions`: a post's earlier versions, read and restored.

use actix_web::web;
use atelier_application::blog::BlogCatalog;
use atelier_application::media::LibraryImages;
use atelier_application::store::Store;
use serde::Serialize;
use utoipa::ToSchema;

use super::{PostDto, dto};
use crate::caller::SignedIn;
use crate::error::ApiError;
use crate::responses::Conflict;
use crate::revisions::RevisionDto;

/// One earlier version of a post: who replaced it and when, and the post as it was.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = BlogPostRevision)]
pub struct PostRevisionDto {
    pub revision: RevisionDto,
    /// The post as it was, with the names of its category and tags as they are now.
    pub snapshot: PostDto,
}

/// List a post's revisions
///
/// The versions earlier saves replaced, newest first (at most 50 are kept per post), without their
/// content.
#[utoipa::path(
    get, path = "/blog/posts/{id}/revisions", tag = "blog", operation_id = "listBlogPostRevisions",
    params(("id" = String, Path, description = "The post's `_id`")),
    responses((status = 200, description = "The post's revisions, newest first", body = [RevisionDto]))
)]
pub async fn list_post_revisions<S: Store>(
    blog: web::Data<BlogCatalog<S>>,
    id: web::Path<String>,
) -> Result<web::Json<Vec<RevisionDto>>, ApiError> {
    Ok(web::Json(blog.revisions(&id).await?.into_iter().map(RevisionDto::from).collect()))
}

/// Get a post's revision
///
/// One earlier version of the post, whole.
#[utoipa::path(
    get, path = "/blog/posts/{id}/revisions/{revisionId}", tag = "blog", operation_id = "getBlogPostRevision",
    params(
        ("id" = String, Path, description = "The post's `_id`"),
        ("revisionId" = String, Path, description = "The revision's `_id`"),
    ),
    responses((status = 200, description = "The revision", body = PostRevisionDto))
)]
pub async fn get_post_revision<S: Store>(
    blog: web::Data<BlogCatalog<S>>,
    images: web::Data<LibraryImages<S>>,
    path: web::Path<(String, String)>,
) -> Result<web::Json<PostRevisionDto>, ApiError> {
    let (id, revision_id) = path.into_inner();
    let revision = blog.revision(&id, &revision_id).await?;
    let snapshot = dto(&images, revision.snapshot).await?;
    Ok(web::Json(PostRevisionDto { revision: revision.summary.into(), snapshot }))
}

/// Restore a post's revision
///
/// Saves the revision's fields as the post's current version; the version this replaces is kept as
/// a revision in turn. A category or tag deleted since is left out.
#[utoipa::path(
    post, path = "/blog/posts/{id}/revisions/{revisionId}/restore", tag = "blog",
    operation_id = "restoreBlogPostRevision",
    params(
        ("id" = String, Path, description = "The post's `_id`"),
        ("revisionId" = String, Path, description = "The revision's `_id`"),
    ),
    responses((status = 200, description = "The post as restored", body = PostDto), Conflict)
)]
pub async fn restore_post_revision<S: Store>(
    blog: web::Data<BlogCatalog<S>>,
    images: web::Data<LibraryImages<S>>,
    signed_in: SignedIn,
    path: web::Path<(String, String)>,
) -> Result<web::Json<PostDto>, ApiError> {
    let (id, revision_id) = path.into_inner();
    Ok(web::Json(dto(&images, blog.restore(&id, &revision_id, &signed_in.author()).await?).await?))
}
