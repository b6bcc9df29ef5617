//! `/portfolio/{id}/revisions`: a project's earlier versions, read and restored.

use atelier_application::media::LibraryImages;
use atelier_application::portfolio::Portfolio;
use atelier_application::ports::SharedClock;
use atelier_application::records::LookupError;
use atelier_application::revisions::{Author, RestoreError, Revision, RevisionSummary};
use atelier_application::store::Store;
use atelier_domain::portfolio::Project;

use super::{ProjectDto, dto};
use crate::api::revisions::{History, revision_history};
use crate::error::ApiError;
use crate::responses::Conflict;

impl<S: Store> History<S> for Portfolio<S, SharedClock> {
    type Snapshot = Project;
    type Record = ProjectDto;
    type Revision = ProjectRevisionDto;

    async fn summaries(&self, id: &str) -> Result<Vec<RevisionSummary>, LookupError> {
        self.revisions(id).await
    }

    async fn revision(&self, id: &str, revision_id: &str) -> Result<Revision<Project>, LookupError> {
        Self::revision(self, id, revision_id).await
    }

    async fn restore(&self, id: &str, revision_id: &str, author: &Author) -> Result<Project, RestoreError> {
        Self::restore(self, id, revision_id, author).await
    }

    async fn record(images: &LibraryImages<S>, project: Project) -> Result<ProjectDto, ApiError> {
        dto(images, project).await
    }
}

revision_history! {
    history: Portfolio,
    tag: "portfolio",
    path: "/portfolio/{id}",
    key: "id" ("The project's `_id`"),
    noun: "project",
    named: "project",
    operations: ["listPortfolioProjectRevisions", "getPortfolioProjectRevision", "restorePortfolioProjectRevision"],
    record: ProjectDto,
    revision: ProjectRevisionDto as PortfolioProjectRevision (
        "One earlier version of a project: who replaced it and when, and the project as it was.",
        snapshot: "The project as it was."
    ),
    list_description: "The versions earlier saves replaced, newest first (at most 50 are kept per project), without\ntheir content.",
    restore_description: "Saves the revision's fields as the project's current version; the version this replaces is kept\nas a revision in turn. Technologies and tags deleted since are left out.",
    restore_responses: [Conflict],
}
