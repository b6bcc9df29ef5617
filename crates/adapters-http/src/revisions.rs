//! What the three revision histories (posts, projects, content pages) share over HTTP: a revision as
//! a list shows it, the errors of a restore, and the author of a save.

use actix_web::http::StatusCode;
use atelier_application::revisions::{RestoreError, RevisionSummary};
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use crate::error::ApiError;

/// An earlier version of a record, kept when a save replaced it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Revision)]
pub struct RevisionDto {
    /// 24 lowercase hexadecimal characters.
    #[serde(rename = "_id")]
    pub id: String,
    /// The `_id` of the post, project or page.
    pub record_id: String,
    /// The `_id` of the administrator whose save replaced this version.
    pub author_id: String,
    /// Their name at the time.
    pub author_name: String,
    /// When that save happened.
    pub created_at: DateTime<Utc>,
    /// When this version itself was saved (the record's `updatedAt` then).
    pub saved_at: DateTime<Utc>,
}

impl From<RevisionSummary> for RevisionDto {
    fn from(summary: RevisionSummary) -> Self {
        Self {
            id: summary.id.to_string(),
            record_id: summary.record_id.to_string(),
            author_id: summary.author.id.to_string(),
            author_name: summary.author.name,
            created_at: summary.created_at,
            saved_at: summary.saved_at,
        }
    }
}

impl From<RestoreError> for ApiError {
    fn from(error: RestoreError) -> Self {
        match error {
            error @ RestoreError::NotFound(_) => Self::not_found(error.to_string()),
            RestoreError::Conflict(message) => Self::client(StatusCode::CONFLICT, message),
            RestoreError::Unexpected(error) => Self::Unexpected(error),
        }
    }
}
