//! `/blog/posts/{id}/submission` and `/blog/posts/{id}/review`: a writer submits a draft for review
//! (the Editors are mailed), an Editor publishes it or sends it back with a note.

use actix_web::web;
use atelier_application::blog::BlogCatalog;
use atelier_application::blog::review::{PostReviews, ReviewError};
use atelier_application::media::LibraryImages;
use atelier_application::ports::SharedClock;
use atelier_application::store::Store;
use serde::Deserialize;
use utoipa::ToSchema;

use super::{PostDto, dto};
use crate::caller::SignedIn;
use crate::error::ApiError;
use crate::extract::JsonBody;

impl From<ReviewError> for ApiError {
    fn from(error: ReviewError) -> Self {
        match error {
            ReviewError::NotFound => Self::not_found("Post not found"),
            ReviewError::Invalid(errors) => Self::invalid(&errors),
            ReviewError::Refused(refusal) => Self::invalid_field("status", refusal.to_string()),
            ReviewError::Unexpected(error) => Self::Unexpected(error),
        }
    }
}

/// Submitting a post for review: nothing but the `version` it was read at.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(as = BlogPostSubmission)]
pub struct SubmissionDto {}

/// What an Editor decides about a post in review.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = ReviewDecision)]
pub enum ReviewDecisionDto {
    /// Publish the post as it is.
    Publish,
    /// Back to draft, with a note for the writer.
    SendBack,
}

/// An Editor's decision about a post in review.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(as = BlogPostReview)]
pub struct ReviewDto {
    /// `publish`, or `send_back` (which needs a note).
    #[schema(value_type = ReviewDecisionDto)]
    #[serde(default)]
    pub decision: String,
    /// What the writer should change: required to send back, at most 2000 characters; the
    /// writer reads it in the post's form until they resubmit.
    pub note: Option<String>,
}

/// Submit a post for review
///
/// Puts a draft in review (status `in_review`): the public site does not show it, and it waits for
/// an Editor to publish it or send it back (`reviewBlogPost`). The note it was last sent back
/// with is cleared. Every Editor, Administrator and the Owner is mailed a link to it when mail is
/// configured. A post that is not a draft answers 422. Authors and Contributors submit their own
/// posts.
#[utoipa::path(
    post, path = "/blog/posts/{id}/submission", tag = "blog", operation_id = "submitBlogPostForReview",
    params(("id" = String, Path, description = "The post's `_id`")),
    request_body = SubmissionDto,
    responses((status = 200, description = "The post, in review", body = PostDto))
)]
pub async fn submit<S: Store>(
    reviews: web::Data<PostReviews<S, SharedClock>>,
    blog: web::Data<BlogCatalog<S, SharedClock>>,
    images: web::Data<LibraryImages<S>>,
    signed_in: SignedIn,
    id: web::Path<String>,
    _body: JsonBody<SubmissionDto>,
) -> Result<web::Json<PostDto>, ApiError> {
    let submitted = reviews.submit(&id, &signed_in.author()).await.map(|_| ());
    answer(&blog, &images, &id, submitted).await
}

/// Review a post
///
/// An Editor's decision about a post in review: `publish` publishes it as it is (at its publish
/// time when it has one); `send_back` returns it to draft with a note (`reviewNote`) its writer
/// reads in the post's form until they resubmit. A post not in review answers 422.
#[utoipa::path(
    post, path = "/blog/posts/{id}/review", tag = "blog", operation_id = "reviewBlogPost",
    params(("id" = String, Path, description = "The post's `_id`")),
    request_body = ReviewDto,
    responses((status = 200, description = "The post, published or back to draft", body = PostDto))
)]
pub async fn review<S: Store>(
    reviews: web::Data<PostReviews<S, SharedClock>>,
    blog: web::Data<BlogCatalog<S, SharedClock>>,
    images: web::Data<LibraryImages<S>>,
    signed_in: SignedIn,
    id: web::Path<String>,
    body: JsonBody<ReviewDto>,
) -> Result<web::Json<PostDto>, ApiError> {
    let ReviewDto { decision, note } = body.0;
    let decided = reviews.decide(&id, &decision, note.as_deref(), &signed_in.author()).await.map(|_| ());
    answer(&blog, &images, &id, decided).await
}

/// The post as it is after a review step, or the step's error (a stale one with the post as it is).
async fn answer<S: Store>(
    blog: &BlogCatalog<S, SharedClock>,
    images: &LibraryImages<S>,
    id: &str,
    result: Result<(), ReviewError>,
) -> Result<web::Json<PostDto>, ApiError> {
    let current = || async { dto(images, blog.get(atelier_application::access::Audience::Admin, id).await?).await };
    crate::versions::or_current(result, current).await?;
    Ok(web::Json(current().await?))
}
