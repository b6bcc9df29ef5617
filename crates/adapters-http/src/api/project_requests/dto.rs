//! The `project_requests` resource's request and response bodies, with their conversions to and from domain types.

use atelier_domain::Page;
use atelier_domain::project_request::{
    ProjectPriority, ProjectRequest, ProjectRequestInput, ProjectRequestStats, ProjectRequestStatus,
};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::api::challenge::ProofOfWorkDto;
use crate::api::contacts::LeadSourceDto;

/// Where a request stands in the pipeline; any status may follow any other.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = ProjectRequestStatus)]
pub enum ProjectRequestStatusDto {
    NewRequest,
    Contacted,
    ProposalSent,
    InNegotiation,
    Accepted,
    Declined,
    Completed,
}

impl From<ProjectRequestStatus> for ProjectRequestStatusDto {
    fn from(status: ProjectRequestStatus) -> Self {
        match status {
            ProjectRequestStatus::NewRequest => Self::NewRequest,
            ProjectRequestStatus::Contacted => Self::Contacted,
            ProjectRequestStatus::ProposalSent => Self::ProposalSent,
            ProjectRequestStatus::InNegotiation => Self::InNegotiation,
            ProjectRequestStatus::Accepted => Self::Accepted,
            ProjectRequestStatus::Declined => Self::Declined,
            ProjectRequestStatus::Completed => Self::Completed,
        }
    }
}

impl From<ProjectRequestStatusDto> for ProjectRequestStatus {
    fn from(status: ProjectRequestStatusDto) -> Self {
        match status {
            ProjectRequestStatusDto::NewRequest => Self::NewRequest,
            ProjectRequestStatusDto::Contacted => Self::Contacted,
            ProjectRequestStatusDto::ProposalSent => Self::ProposalSent,
            ProjectRequestStatusDto::InNegotiation => Self::InNegotiation,
            ProjectRequestStatusDto::Accepted => Self::Accepted,
            ProjectRequestStatusDto::Declined => Self::Declined,
            ProjectRequestStatusDto::Completed => Self::Completed,
        }
    }
}

/// How urgently a request needs attention.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = ProjectPriority)]
pub enum ProjectPriorityDto {
    Low,
    Medium,
    High,
    Urgent,
}

impl From<ProjectPriority> for ProjectPriorityDto {
    fn from(priority: ProjectPriority) -> Self {
        match priority {
            ProjectPriority::Low => Self::Low,
            ProjectPriority::Medium => Self::Medium,
            ProjectPriority::High => Self::High,
            ProjectPriority::Urgent => Self::Urgent,
        }
    }
}

impl From<ProjectPriorityDto> for ProjectPriority {
    fn from(priority: ProjectPriorityDto) -> Self {
        match priority {
            ProjectPriorityDto::Low => Self::Low,
            ProjectPriorityDto::Medium => Self::Medium,
            ProjectPriorityDto::High => Self::High,
            ProjectPriorityDto::Urgent => Self::Urgent,
        }
    }
}

/// A request for a project quote.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ProjectRequest)]
pub struct ProjectRequestDto {
    /// The record's version and who created and last changed it.
    #[serde(flatten)]
    pub meta: crate::versions::MetaDto,
    /// 24 lowercase hexadecimal characters.
    #[serde(rename = "_id")]
    #[schema(example = "65f1c2a9b4e8d70012345678")]
    pub id: String,
    pub client_name: String,
    pub company_name: String,
    /// Lowercased.
    pub email: String,
    /// Empty when not given.
    pub phone: String,
    /// Free text, e.g. `web-app` from the public form or "Web Application" from the back office.
    pub project_type: String,
    /// Free text, e.g. `10k-25k`.
    pub budget: String,
    /// Free text, e.g. `1-3-months`.
    pub timeline: String,
    pub description: String,
    pub status: ProjectRequestStatusDto,
    pub priority: ProjectPriorityDto,
    pub source: LeadSourceDto,
    /// The administrators' notes.
    pub notes: String,
    /// Kept apart as spam: out of the pipeline, its counts and its exports; deleted 30 days after
    /// it arrived.
    pub spam: bool,
    /// The page and source of the visit that sent it; `null` when the form sent none or an
    /// administrator entered it.
    pub attribution: Option<crate::api::views::AttributionDto>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<ProjectRequest> for ProjectRequestDto {
    fn from(request: ProjectRequest) -> Self {
        Self {
            meta: request.meta.into(),
            id: request.id.to_string(),
            client_name: request.client_name,
            company_name: request.company_name,
            email: request.email,
            phone: request.phone,
            project_type: request.project_type,
            budget: request.budget,
            timeline: request.timeline,
            description: request.description,
            status: request.status.into(),
            priority: request.priority.into(),
            source: request.source.into(),
            notes: request.notes,
            spam: request.spam,
            attribution: request.attribution.map(Into::into),
            created_at: request.created_at,
            updated_at: request.updated_at,
        }
    }
}

/// One page of project requests.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ProjectRequestList)]
pub struct ProjectRequestListDto {
    /// Newest first.
    pub project_requests: Vec<ProjectRequestDto>,
    pub total_items: u64,
    pub total_pages: u64,
    pub current_page: u64,
}

impl From<Page<ProjectRequest>> for ProjectRequestListDto {
    fn from(page: Page<ProjectRequest>) -> Self {
        Self {
            project_requests: page.items.into_iter().map(ProjectRequestDto::from).collect(),
            total_items: page.total_items,
            total_pages: page.total_pages,
            current_page: page.current_page,
        }
    }
}

/// How many requests have each status (every status listed, zeros included).
#[derive(Debug, Default, Serialize, ToSchema)]
#[schema(as = ProjectRequestStatusCounts)]
pub struct ProjectRequestStatusCountsDto {
    pub new_request: u64,
    pub contacted: u64,
    pub proposal_sent: u64,
    pub in_negotiation: u64,
    pub accepted: u64,
    pub declined: u64,
    pub completed: u64,
}

/// How many requests have each priority (every priority listed, zeros included).
#[derive(Debug, Default, Serialize, ToSchema)]
#[schema(as = ProjectPriorityCounts)]
pub struct ProjectPriorityCountsDto {
    pub low: u64,
    pub medium: u64,
    pub high: u64,
    pub urgent: u64,
}

/// The pipeline at a glance.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ProjectRequestStats)]
pub struct ProjectRequestStatsDto {
    pub total: u64,
    pub by_status: ProjectRequestStatusCountsDto,
    pub by_priority: ProjectPriorityCountsDto,
}

impl From<ProjectRequestStats> for ProjectRequestStatsDto {
    fn from(stats: ProjectRequestStats) -> Self {
        let mut by_status = ProjectRequestStatusCountsDto::default();
        for (status, count) in &stats.by_status {
            let slot = match status {
                ProjectRequestStatus::NewRequest => &mut by_status.new_request,
                ProjectRequestStatus::Contacted => &mut by_status.contacted,
                ProjectRequestStatus::ProposalSent => &mut by_status.proposal_sent,
                ProjectRequestStatus::InNegotiation => &mut by_status.in_negotiation,
                ProjectRequestStatus::Accepted => &mut by_status.accepted,
                ProjectRequestStatus::Declined => &mut by_status.declined,
                ProjectRequestStatus::Completed => &mut by_status.completed,
            };
            *slot += count;
        }
        let mut by_priority = ProjectPriorityCountsDto::default();
        for (priority, count) in &stats.by_priority {
            let slot = match priority {
                ProjectPriority::Low => &mut by_priority.low,
                ProjectPriority::Medium => &mut by_priority.medium,
                ProjectPriority::High => &mut by_priority.high,
                ProjectPriority::Urgent => &mut by_priority.urgent,
            };
            *slot += count;
        }
        Self { total: stats.total, by_status, by_priority }
    }
}

/// The fields of a project request to send or change. On creation clientName, companyName, email,
/// projectType, budget, timeline and description are required; on update, fields left out keep their
/// values. Strings are trimmed; the email is lowercased. Anonymous senders always get status
/// `new_request`, priority `medium`, source `website` and no notes, whatever they send.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ProjectRequestInput)]
pub struct ProjectRequestInputDto {
    /// Required on creation ("Name is required"); at most 100 characters.
    pub client_name: Option<String>,
    /// Required on creation ("Company name is required"); at most 200 characters.
    pub company_name: Option<String>,
    /// Required on creation ("Email is required", "Email is invalid"); at most 254 characters.
    pub email: Option<String>,
    /// Optional; at most 40 characters.
    pub phone: Option<String>,
    /// Required on creation ("Please select a project type"); free text of at most 100 characters.
    pub project_type: Option<String>,
    /// Required on creation ("Please select a budget range"); free text of at most 100 characters.
    pub budget: Option<String>,
    /// Required on creation ("Please select a timeline"); free text of at most 100 characters.
    pub timeline: Option<String>,
    /// Required on creation ("Please provide a brief description"); at most 5000 characters.
    pub description: Option<String>,
    /// `new_request` by default; set by administrators only.
    #[schema(value_type = Option<ProjectRequestStatusDto>)]
    pub status: Option<String>,
    /// `medium` by default; set by administrators only.
    #[schema(value_type = Option<ProjectPriorityDto>)]
    pub priority: Option<String>,
    /// `website` by default; set by administrators only.
    #[schema(value_type = Option<LeadSourceDto>)]
    pub source: Option<String>,
    /// At most 5000 characters; set by administrators only.
    pub notes: Option<String>,
    /// `true` files the request as spam, `false` moves it back into the pipeline ("Not spam"); set
    /// by administrators only.
    pub spam: Option<bool>,
    /// Leave empty. A hidden field people never see: a submission that fills it is answered as usual
    /// but kept as spam.
    /// Where the visit that sent it came from (the public forms send what the page-view beacon saw
    /// first); kept as sent on creation, never changed afterwards.
    #[schema(nullable)]
    pub attribution: Option<crate::api::views::AttributionInputDto>,
    pub website: Option<String>,
    /// The answer to a challenge from `GET /challenge`, required of anonymous senders (a missing,
    /// invalid, expired or already used one is refused with a 422 naming `proofOfWork`, and nothing
    /// is stored); administrators send `null`.
    #[serde(default, deserialize_with = "crate::extract::present")]
    #[schema(nullable, value_type = Option<ProofOfWorkDto>)]
    pub proof_of_work: Option<Option<ProofOfWorkDto>>,
}

impl ProjectRequestInputDto {
    /// The domain input, the honeypot value and the proof of work as sent (left out, `null`, or a
    /// solved challenge).
    pub(super) fn into_parts(self) -> (ProjectRequestInput, Option<String>, Option<Option<ProofOfWorkDto>>) {
        let input = ProjectRequestInput {
            client_name: self.client_name,
            company_name: self.company_name,
            email: self.email,
            phone: self.phone,
            project_type: self.project_type,
            budget: self.budget,
            timeline: self.timeline,
            description: self.description,
            status: self.status,
            priority: self.priority,
            source: self.source,
            notes: self.notes,
            spam: self.spam,
            attribution: self.attribution.map(crate::api::views::AttributionInputDto::into_domain),
        };
        (input, self.website, self.proof_of_work)
    }
}

/// A new status for a project request.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(as = ProjectRequestStatusChange)]
pub struct ProjectRequestStatusChangeDto {
    /// Required.
    #[schema(value_type = ProjectRequestStatusDto)]
    pub status: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ProjectRequestListParams {
    /// Only requests with this status.
    pub status: Option<ProjectRequestStatusDto>,
    /// Only requests with this priority.
    pub priority: Option<ProjectPriorityDto>,
    /// Matched case-insensitively anywhere in the client name, company name, email or description.
    pub search: Option<String>,
    /// `true`: the requests kept as spam instead of the pipeline.
    pub spam: Option<bool>,
    /// Page size: 1 to 1000 for administrators; 10 by default.
    pub limit: Option<i64>,
    /// Page number from 1.
    pub page: Option<i64>,
}
