//! `/content/{type}/revisions`: a content page's earlier versions, read and restored.

use atelier_application::content::Content;
use atelier_application::media::LibraryImages;
use atelier_application::ports::SharedClock;
use atelier_application::records::LookupError;
use atelier_application::revisions::{Author, RestoreError, Revision, RevisionSummary};
use atelier_application::store::Store;
use atelier_domain::content::ContentPage;

use super::ContentPageDto;
use crate::api::revisions::{History, revision_history};
use crate::error::ApiError;

impl<S: Store> History<S> for Content<S, SharedClock> {
    type Snapshot = ContentPage;
    type Record = ContentPageDto;
    type Revision = ContentPageRevisionDto;

    async fn summaries(&self, page_type: &str) -> Result<Vec<RevisionSummary>, LookupError> {
        self.revisions(page_type).await
    }

    async fn revision(&self, page_type: &str, revision_id: &str) -> Result<Revision<ContentPage>, LookupError> {
        Self::revision(self, page_type, revision_id).await
    }

    async fn restore(&self, page_type: &str, revision_id: &str, author: &Author) -> Result<ContentPage, RestoreError> {
        Self::restore(self, page_type, revision_id, author).await
    }

    async fn record(_: &LibraryImages<S>, page: ContentPage) -> Result<ContentPageDto, ApiError> {
        Ok(page.into())
    }
}

revision_history! {
    history: Content,
    tag: "content",
    path: "/content/{type}",
    key: "type" ("The page's type"),
    noun: "page",
    named: "content page",
    operations: ["listContentPageRevisions", "getContentPageRevision", "restoreContentPageRevision"],
    record: ContentPageDto,
    revision: ContentPageRevisionDto as ContentPageRevision (
        "One earlier version of a content page: who replaced it and when, and the page as it was.",
        snapshot: "The page as it was."
    ),
    list_description: "The versions earlier saves and status changes replaced, newest first (at most 50 are kept per\npage), without their content.",
    restore_description: "Saves the revision's fields as the page's current version; the version this replaces is kept as\na revision in turn.",
    restore_responses: [],
}
