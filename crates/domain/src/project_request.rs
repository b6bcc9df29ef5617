//! Project requests: the "Get a Quote" form's submissions, worked through a small sales pipeline in
//! the back office.
//!
//! Longer than 400 lines only with its unit tests, kept beside the rules they check.

use crate::meta::RecordMeta;
use chrono::{DateTime, Utc};

use crate::id::EntityId;
use crate::inbox::{LeadSource, MAX_NOTES_LEN, MAX_PHONE_LEN, submitted_email};
use crate::page_view::{Attribution, AttributionInput};
use crate::patch::set;
use crate::validation::{FieldErrors, optional_text};

pub const MAX_CLIENT_NAME_LEN: usize = 100;
pub const MAX_COMPANY_NAME_LEN: usize = 200;
/// The longest project type, budget and timeline accepted (free text).
pub const MAX_CHOICE_LEN: usize = 100;
pub const MAX_DESCRIPTION_LEN: usize = 5000;

/// Where a request stands in the pipeline. Any status may follow any other.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ProjectRequestStatus {
    #[default]
    NewRequest,
    Contacted,
    ProposalSent,
    InNegotiation,
    Accepted,
    Declined,
    Completed,
}

crate::word_enum!(ProjectRequestStatus, |_| "Status must be new_request, contacted, proposal_sent, in_negotiation, accepted, declined or completed".to_owned(), {
    NewRequest => "new_request",
    Contacted => "contacted",
    ProposalSent => "proposal_sent",
    InNegotiation => "in_negotiation",
    Accepted => "accepted",
    Declined => "declined",
    Completed => "completed",
});

/// How urgently a request needs attention.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ProjectPriority {
    Low,
    #[default]
    Medium,
    High,
    Urgent,
}

crate::word_enum!(ProjectPriority, |_| "Priority must be low, medium, high or urgent".to_owned(), {
    Low => "low",
    Medium => "medium",
    High => "high",
    Urgent => "urgent",
});

/// A stored project request.
#[derive(Debug, Clone, PartialEq)]
pub struct ProjectRequest {
    /// Its version and who created and last changed it.
    pub meta: RecordMeta,
    pub id: EntityId,
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
    pub status: ProjectRequestStatus,
    pub priority: ProjectPriority,
    pub source: LeadSource,
    /// The administrators' notes.
    pub notes: String,
    /// Kept apart as spam: out of the pipeline, its counts and its exports; purged after
    /// [`crate::inbox::SPAM_RETENTION`].
    pub spam: bool,
    /// The page and source of the visit that sent it, when the form sent them; set once, on creation.
    pub attribution: Option<Attribution>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// The fields of a project request as a client sent them, before any check. `None` means "not sent".
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ProjectRequestInput {
    pub client_name: Option<String>,
    pub company_name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub project_type: Option<String>,
    pub budget: Option<String>,
    pub timeline: Option<String>,
    pub description: Option<String>,
    pub status: Option<String>,
    pub priority: Option<String>,
    pub source: Option<String>,
    pub notes: Option<String>,
    pub spam: Option<bool>,
    pub attribution: Option<AttributionInput>,
}

/// Validated changes to a project request: every field that was sent, parsed. Fields not sent stay as
/// they are on update and take their defaults on creation.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ProjectRequestChanges {
    client_name: Option<String>,
    company_name: Option<String>,
    email: Option<String>,
    phone: Option<String>,
    project_type: Option<String>,
    budget: Option<String>,
    timeline: Option<String>,
    description: Option<String>,
    status: Option<ProjectRequestStatus>,
    priority: Option<ProjectPriority>,
    source: Option<LeadSource>,
    notes: Option<String>,
    spam: Option<bool>,
    attribution: Option<Attribution>,
}

/// A required text with the form's own message when it is missing.
fn required(value: Option<&str>, missing: &str, label: &str, max: usize) -> Result<String, String> {
    match value {
        Some(text) if !text.trim().is_empty() => optional_text(Some(text), label, max),
        _ => Err(missing.to_owned()),
    }
}

impl ProjectRequestChanges {
    /// Checks every sent field; on creation every field but phone, status, priority, source and notes
    /// is required, with the request form's messages.
    pub fn parse(input: ProjectRequestInput, creating: bool) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let mut text =
            |field: &str, value: Option<String>, missing: &str, label: &str, max: usize| match (value, creating) {
                (None, false) => None,
                (value, _) => errors.check(field, required(value.as_deref(), missing, label, max)),
            };
        let client_name = text("clientName", input.client_name, "Name is required", "Name", MAX_CLIENT_NAME_LEN);
        let company_name =
            text("companyName", input.company_name, "Company name is required", "Company name", MAX_COMPANY_NAME_LEN);
        let project_type =
            text("projectType", input.project_type, "Please select a project type", "Project type", MAX_CHOICE_LEN);
        let budget = text("budget", input.budget, "Please select a budget range", "Budget", MAX_CHOICE_LEN);
        let timeline = text("timeline", input.timeline, "Please select a timeline", "Timeline", MAX_CHOICE_LEN);
        let description = text(
            "description",
            input.description,
            "Please provide a brief description",
            "Description",
            MAX_DESCRIPTION_LEN,
        );
        let email = match (input.email, creating) {
            (None, false) => None,
            (email, _) => errors.check("email", submitted_email(email.as_deref())),
        };
        let phone =
            input.phone.and_then(|phone| errors.check("phone", optional_text(Some(&phone), "Phone", MAX_PHONE_LEN)));
        let status = input.status.and_then(|status| errors.check("status", ProjectRequestStatus::parse(&status)));
        let priority = input.priority.and_then(|priority| errors.check("priority", ProjectPriority::parse(&priority)));
        let source = input.source.and_then(|source| errors.check("source", LeadSource::parse(&source)));
        let notes =
            input.notes.and_then(|notes| errors.check("notes", optional_text(Some(&notes), "Notes", MAX_NOTES_LEN)));
        let attribution = Attribution::parse_into(input.attribution.as_ref(), &mut errors);
        errors.finish(|| Self {
            client_name,
            company_name,
            email,
            phone,
            project_type,
            budget,
            timeline,
            description,
            status,
            priority,
            source,
            notes,
            spam: input.spam,
            attribution,
        })
    }

    /// These changes with the fields only administrators may choose reset to what every anonymous
    /// submission gets: status `new_request`, priority medium, source website, no notes, not spam.
    #[must_use]
    pub fn as_anonymous_submission(self) -> Self {
        Self {
            spam: Some(false),
            status: Some(ProjectRequestStatus::NewRequest),
            priority: Some(ProjectPriority::Medium),
            source: Some(LeadSource::Website),
            notes: Some(String::new()),
            ..self
        }
    }
}

impl ProjectRequest {
    /// A new request from validated changes; the required fields were checked by
    /// [`ProjectRequestChanges::parse`].
    pub fn create(id: EntityId, changes: ProjectRequestChanges, now: DateTime<Utc>) -> Self {
        let mut request = Self {
            meta: RecordMeta::default(),
            id,
            client_name: String::new(),
            company_name: String::new(),
            email: String::new(),
            phone: String::new(),
            project_type: String::new(),
            budget: String::new(),
            timeline: String::new(),
            description: String::new(),
            status: ProjectRequestStatus::default(),
            priority: ProjectPriority::default(),
            source: LeadSource::default(),
            notes: String::new(),
            spam: false,
            attribution: changes.attribution.clone(),
            created_at: now,
            updated_at: now,
        };
        request.apply(changes, now);
        request
    }

    /// Applies the fields that were sent and stamps the update time. The attribution is the
    /// submission's and never changes.
    pub fn apply(&mut self, changes: ProjectRequestChanges, now: DateTime<Utc>) {
        let ProjectRequestChanges {
            client_name,
            company_name,
            email,
            phone,
            project_type,
            budget,
            timeline,
            description,
            status,
            priority,
            source,
            notes,
            spam,
            ..
        } = changes;
        set(&mut self.client_name, client_name);
        set(&mut self.company_name, company_name);
        set(&mut self.email, email);
        set(&mut self.phone, phone);
        set(&mut self.project_type, project_type);
        set(&mut self.budget, budget);
        set(&mut self.timeline, timeline);
        set(&mut self.description, description);
        set(&mut self.status, status);
        set(&mut self.priority, priority);
        set(&mut self.source, source);
        set(&mut self.notes, notes);
        set(&mut self.spam, spam);
        self.updated_at = now;
    }
}

/// The pipeline at a glance: how many requests there are, per status and per priority, every status
/// and priority listed (zeros included).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProjectRequestStats {
    pub total: u64,
    pub by_status: Vec<(ProjectRequestStatus, u64)>,
    pub by_priority: Vec<(ProjectPriority, u64)>,
}

impl ProjectRequestStats {
    /// Stats from grouped counts; statuses and priorities that do not appear count zero.
    pub fn from_counts(
        status_counts: &[(ProjectRequestStatus, u64)],
        priority_counts: &[(ProjectPriority, u64)],
    ) -> Self {
        let by_status: Vec<_> = ProjectRequestStatus::ALL
            .into_iter()
            .map(|status| {
                (status, status_counts.iter().filter(|(counted, _)| *counted == status).map(|(_, n)| n).sum())
            })
            .collect();
        let by_priority = ProjectPriority::ALL
            .into_iter()
            .map(|priority| {
                (priority, priority_counts.iter().filter(|(counted, _)| *counted == priority).map(|(_, n)| n).sum())
            })
            .collect();
        Self { total: by_status.iter().map(|(_, count)| count).sum(), by_status, by_priority }
    }

    pub fn status_count(&self, status: ProjectRequestStatus) -> u64 {
        self.by_status.iter().find(|(counted, _)| *counted == status).map_or(0, |(_, count)| *count)
    }

    pub fn priority_count(&self, priority: ProjectPriority) -> u64 {
        self.by_priority.iter().find(|(counted, _)| *counted == priority).map_or(0, |(_, count)| *count)
    }
}

/// The public form's choices of project type, budget and timeline with the words people read
/// (public-site.md §9); the back office shows stored values by the same labels.
pub const CHOICE_LABELS: [(&str, &str); 18] = [
    ("website", "Website"),
    ("mobile-app", "Mobile App"),
    ("web-app", "Web Application"),
    ("ecommerce", "E-commerce"),
    ("ui-ux", "UI/UX Design"),
    ("seo", "SEO"),
    ("custom", "Custom / Other"),
    ("under-5k", "Under $5,000"),
    ("5k-10k", "$5,000 - $10,000"),
    ("10k-25k", "$10,000 - $25,000"),
    ("25k-50k", "$25,000 - $50,000"),
    ("over-50k", "Over $50,000"),
    ("not-sure", "Not sure yet"),
    ("asap", "As soon as possible"),
    ("1-3-months", "1-3 months"),
    ("3-6-months", "3-6 months"),
    ("6-plus-months", "6+ months"),
    ("flexible", "Flexible"),
];

/// A stored project type, budget or timeline as people read it: `10k-25k` → "$10,000 - $25,000";
/// free text (from the back office's own form) as written.
pub fn choice_label(value: &str) -> &str {
    CHOICE_LABELS.iter().find(|(stored, _)| *stored == value).map_or(value, |(_, label)| label)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{Duration, TimeZone};

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).unwrap()
    }

    fn valid_input() -> ProjectRequestInput {
        ProjectRequestInput {
            client_name: Some(" Maya Chen ".into()),
            company_name: Some("Northwind Traders".into()),
            email: Some("Maya@Northwind.example".into()),
            project_type: Some("web-app".into()),
            budget: Some("25k-50k".into()),
            timeline: Some("3-6-months".into()),
            description: Some("A customer portal for our wholesale clients.".into()),
            ..ProjectRequestInput::default()
        }
    }

    fn create(input: ProjectRequestInput) -> ProjectRequest {
        ProjectRequest::create(EntityId::generate(now()), ProjectRequestChanges::parse(input, true).unwrap(), now())
    }

    #[test]
    fn a_new_request_takes_the_documented_defaults() {
        let created = create(valid_input());
        assert_eq!(created.client_name, "Maya Chen");
        assert_eq!(created.email, "maya@northwind.example");
        assert_eq!(created.status, ProjectRequestStatus::NewRequest);
        assert_eq!(created.priority, ProjectPriority::Medium);
        assert_eq!(created.source, LeadSource::Website);
        assert!(created.phone.is_empty() && created.notes.is_empty());
    }

    #[test]
    fn creating_reports_every_missing_field_with_the_forms_messages() {
        let errors = ProjectRequestChanges::parse(ProjectRequestInput::default(), true).unwrap_err();
        assert_eq!(errors.get("clientName"), Some("Name is required"));
        assert_eq!(errors.get("companyName"), Some("Company name is required"));
        assert_eq!(errors.get("email"), Some("Email is required"));
        assert_eq!(errors.get("projectType"), Some("Please select a project type"));
        assert_eq!(errors.get("budget"), Some("Please select a budget range"));
        assert_eq!(errors.get("timeline"), Some("Please select a timeline"));
        assert_eq!(errors.get("description"), Some("Please provide a brief description"));
        assert_eq!(errors.get("phone"), None);
        assert!(ProjectRequestChanges::parse(ProjectRequestInput::default(), false).is_ok());
    }

    #[test]
    fn oversize_and_invalid_fields_are_named() {
        let input = ProjectRequestInput {
            client_name: Some("n".repeat(MAX_CLIENT_NAME_LEN + 1)),
            company_name: Some("c".repeat(MAX_COMPANY_NAME_LEN + 1)),
            email: Some("maya@".into()),
            phone: Some("1".repeat(MAX_PHONE_LEN + 1)),
            project_type: Some("t".repeat(MAX_CHOICE_LEN + 1)),
            budget: Some("b".repeat(MAX_CHOICE_LEN + 1)),
            timeline: Some("t".repeat(MAX_CHOICE_LEN + 1)),
            description: Some("d".repeat(MAX_DESCRIPTION_LEN + 1)),
            status: Some("won".into()),
            priority: Some("critical".into()),
            source: Some("fax".into()),
            notes: Some("x".repeat(MAX_NOTES_LEN + 1)),
            spam: None,
            attribution: None,
        };
        let errors = ProjectRequestChanges::parse(input, true).unwrap_err();
        assert_eq!(errors.get("clientName"), Some("Name must be at most 100 characters"));
        assert_eq!(errors.get("email"), Some("Email is invalid"));
        assert_eq!(errors.get("description"), Some("Description must be at most 5000 characters"));
        for field in
            ["companyName", "phone", "projectType", "budget", "timeline", "status", "priority", "source", "notes"]
        {
            assert!(errors.get(field).is_some(), "{field} should fail");
        }
    }

    #[test]
    fn statuses_and_priorities_parse_from_their_api_names() {
        for status in ProjectRequestStatus::ALL {
            assert_eq!(ProjectRequestStatus::parse(status.as_str()), Ok(status));
        }
        for priority in ProjectPriority::ALL {
            assert_eq!(ProjectPriority::parse(priority.as_str()), Ok(priority));
        }
        assert!(ProjectRequestStatus::parse("new").is_err());
        assert!(ProjectRequestStatus::parse("proposal-sent").is_err());
        assert_eq!(ProjectPriority::parse(" urgent "), Ok(ProjectPriority::Urgent));
    }

    #[test]
    fn anonymous_submissions_get_the_public_defaults_whatever_they_say() {
        let input = ProjectRequestInput {
            status: Some("accepted".into()),
            priority: Some("urgent".into()),
            source: Some("referral".into()),
            notes: Some("VIP".into()),
            ..valid_input()
        };
        let changes = ProjectRequestChanges::parse(input, true).unwrap().as_anonymous_submission();
        let created = ProjectRequest::create(EntityId::generate(now()), changes, now());
        assert_eq!(created.status, ProjectRequestStatus::NewRequest);
        assert_eq!(created.priority, ProjectPriority::Medium);
        assert_eq!(created.source, LeadSource::Website);
        assert!(created.notes.is_empty());
    }

    #[test]
    fn any_status_may_follow_any_other_and_updates_keep_unsent_fields() {
        let mut request = create(valid_input());
        let later = now() + Duration::hours(2);
        for status in
            [ProjectRequestStatus::Completed, ProjectRequestStatus::NewRequest, ProjectRequestStatus::Declined]
        {
            let input = ProjectRequestInput { status: Some(status.as_str().into()), ..ProjectRequestInput::default() };
            request.apply(ProjectRequestChanges::parse(input, false).unwrap(), later);
            assert_eq!(request.status, status);
        }
        assert_eq!(request.company_name, "Northwind Traders");
        assert_eq!((request.created_at, request.updated_at), (now(), later));
    }

    #[test]
    fn stats_list_every_status_and_priority_with_zeros() {
        let stats = ProjectRequestStats::from_counts(
            &[(ProjectRequestStatus::Contacted, 2), (ProjectRequestStatus::Accepted, 1)],
            &[(ProjectPriority::Urgent, 3)],
        );
        assert_eq!(stats.total, 3);
        assert_eq!(stats.by_status.len(), 7);
        assert_eq!(stats.by_priority.len(), 4);
        assert_eq!(stats.status_count(ProjectRequestStatus::Contacted), 2);
        assert_eq!(stats.status_count(ProjectRequestStatus::Completed), 0);
        assert_eq!(stats.priority_count(ProjectPriority::Urgent), 3);
        assert_eq!(stats.priority_count(ProjectPriority::Low), 0);
        let empty = ProjectRequestStats::from_counts(&[], &[]);
        assert_eq!(empty.total, 0);
        assert!(empty.by_status.iter().all(|(_, count)| *count == 0));
    }

    #[test]
    fn form_choices_read_by_their_labels_and_free_text_as_written() {
        assert_eq!(choice_label("10k-25k"), "$10,000 - $25,000");
        assert_eq!(choice_label("web-app"), "Web Application");
        assert_eq!(choice_label("6-plus-months"), "6+ months");
        assert_eq!(choice_label("Maintenance & Support"), "Maintenance & Support");
    }
}
