//! What the sales pipeline needs from storage.

use std::future::Future;

use atelier_domain::project_request::{ProjectPriority, ProjectRequest, ProjectRequestStats, ProjectRequestStatus};
use atelier_domain::{Page, PageRequest};

use crate::records::{Record, RecordRepository};

impl Record for ProjectRequest {
    const LABEL: &'static str = "Project request";
    type SaveError = anyhow::Error;
    type DeleteError = anyhow::Error;

    crate::records::record_fields!();

    fn title(&self) -> String {
        self.client_name.clone()
    }
}

/// Which project requests a list call wants.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProjectRequestFilter {
    pub status: Option<ProjectRequestStatus>,
    pub priority: Option<ProjectPriority>,
    /// Matched case-insensitively anywhere in the client name, company name, email or description.
    pub search: Option<String>,
    /// Only requests kept as spam when true; only the others when false.
    pub spam: bool,
}

/// Stored project requests.
pub trait ProjectRequestRepository: RecordRepository<ProjectRequest> {
    /// Requests matching `filter`, newest first, one page of them with the total that matched.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn list_project_requests(
        &self,
        filter: &ProjectRequestFilter,
        page: PageRequest,
    ) -> impl Future<Output = anyhow::Result<Page<ProjectRequest>>> + Send;

    /// How many requests there are per status and per priority (grouped counts, zeros included),
    /// spam aside.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn project_request_stats(&self) -> impl Future<Output = anyhow::Result<ProjectRequestStats>> + Send;
}
