//! `/blog/posts/{id}/revisions`: a post's earlier versions, read and restored.

use actix_web::http::StatusCode;
use atelier_application::blog::{BlogCatalog, PostView};
use atelier_application::media::LibraryImages;
use atelier_application::ports::SharedClock;
use atelier_application::records::LookupError;
use atelier_application::revisions::{Author, RestoreError, Revision, RevisionSummary};
use atelier_application::store::Store;
use atelier_domain::post::PostStatus;
use atelier_domain::user::Role;

use super::{PostDto, dto};
use crate::api::revisions::{History, revision_history};
use crate::error::ApiError;
use crate::responses::Conflict;

impl<S: Store> History<S> for BlogCatalog<S, SharedClock> {
    type Snapshot = PostView;
    type Record = PostDto;
    type Revision = PostRevisionDto;

    async fn summaries(&self, id: &str) -> Result<Vec<RevisionSummary>, LookupError> {
        self.revisions(id).await
    }

    async fn revision(&self, id: &str, revision_id: &str) -> Result<Revision<PostView>, LookupError> {
        Self::revision(self, id, revision_id).await
    }

    async fn restore(&self, id: &str, revision_id: &str, author: &Author) -> Result<PostView, RestoreError> {
        Self::restore(self, id, revision_id, author).await
    }

    /// A Contributor's posts stay drafts: a revision that was published is not theirs to restore.
    async fn may_restore(&self, id: &str, revision_id: &str, role: Role) -> Result<(), ApiError> {
        if role == Role::Contributor
            && Self::revision(self, id, revision_id).await?.snapshot.post.status == PostStatus::Published
        {
            return Err(ApiError::client(StatusCode::FORBIDDEN, crate::access::PUBLISH_REFUSED));
        }
        Ok(())
    }

    async fn record(images: &LibraryImages<S>, post: PostView) -> Result<PostDto, ApiError> {
        dto(images, post).await
    }
}

revision_history! {
    history: BlogCatalog,
    tag: "blog",
    path: "/blog/posts/{id}",
    key: "id" ("The post's `_id`"),
    noun: "post",
    named: "post",
    operations: ["listBlogPostRevisions", "getBlogPostRevision", "restoreBlogPostRevision"],
    record: PostDto,
    revision: PostRevisionDto as BlogPostRevision (
        "One earlier version of a post: who replaced it and when, and the post as it was.",
        snapshot: "The post as it was, with the names of its category and tags as they are now."
    ),
    list_description: "The versions earlier saves replaced, newest first (at most 50 are kept per post), without their\ncontent.",
    restore_description: "Saves the revision's fields as the post's current version; the version this replaces is kept as\na revision in turn. A category or tag deleted since is left out. A Contributor may not restore a\nrevision that was published (403).",
    restore_responses: [Conflict],
}
