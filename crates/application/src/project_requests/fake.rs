//! The in-memory sales pipeline.

use atelier_domain::project_request::{ProjectRequest, ProjectRequestStats};
use atelier_domain::{Page, PageRequest};

use super::ports::{ProjectRequestFilter, ProjectRequestRepository};
use crate::fake::{FakeRecord, InMemoryStore, matches, paged};

impl FakeRecord for ProjectRequest {}

impl ProjectRequestRepository for InMemoryStore {
    async fn list_project_requests(
        &self,
        filter: &ProjectRequestFilter,
        page: PageRequest,
    ) -> anyhow::Result<Page<ProjectRequest>> {
        self.with(|tables| {
            let mut found: Vec<_> = tables
                .rows::<ProjectRequest>()
                .iter()
                .filter(|request| request.spam == filter.spam)
                .filter(|request| filter.status.is_none_or(|status| request.status == status))
                .filter(|request| filter.priority.is_none_or(|priority| request.priority == priority))
                .filter(|request| {
                    matches(
                        filter.search.as_deref(),
                        &[&request.client_name, &request.company_name, &request.email, &request.description],
                    )
                })
                .cloned()
                .collect();
            found.sort_by(|a, b| b.created_at.cmp(&a.created_at).then(b.id.cmp(&a.id)));
            Ok(paged(&found, page))
        })
    }

    async fn project_request_stats(&self) -> anyhow::Result<ProjectRequestStats> {
        self.with(|tables| {
            let requests: Vec<_> = tables.rows::<ProjectRequest>().iter().filter(|request| !request.spam).collect();
            let statuses: Vec<_> = requests.iter().map(|request| (request.status, 1)).collect();
            let priorities: Vec<_> = requests.iter().map(|request| (request.priority, 1)).collect();
            Ok(ProjectRequestStats::from_counts(&statuses, &priorities))
        })
    }
}
