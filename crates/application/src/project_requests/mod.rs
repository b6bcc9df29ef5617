//! The sales pipeline: project requests from the "Get a Quote" form, moved through their statuses by
//! administrators.

#[cfg(test)]
mod fake;
pub mod ports;

use atelier_domain::notification::project_request_notice;
use atelier_domain::project_request::{
    ProjectPriority, ProjectRequest, ProjectRequestChanges, ProjectRequestInput, ProjectRequestStats,
    ProjectRequestStatus,
};
use atelier_domain::{FieldErrors, Page};

use self::ports::{ProjectRequestFilter, ProjectRequestRepository};
use crate::access::Audience;
use crate::audit::ports::AuditRepository;
use crate::export::{self, ExportError};
use crate::notifications::ports::OutboxRepository;
use crate::notifications::{self, Notifications};
use crate::ports::Clock;
use crate::records::{self, LookupError, WriteError};
use crate::search::search_term;
use crate::settings::ports::SettingsRepository;
use crate::spam::ports::UsedChallengeRepository;
use crate::spam::{self, Evidence, ProofSettings};

/// The default page size of `GET /project-requests`.
pub const DEFAULT_LIMIT: u64 = 10;

/// A list request as the caller sent it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProjectRequestQuery {
    pub status: Option<ProjectRequestStatus>,
    pub priority: Option<ProjectPriority>,
    pub search: Option<String>,
    /// The requests kept as spam instead of the pipeline.
    pub spam: bool,
    pub page: Option<i64>,
    pub limit: Option<i64>,
}

/// The project request use cases.
#[derive(Debug, Clone)]
pub struct SalesPipeline<S, C> {
    store: S,
    clock: C,
    notifications: Notifications,
    /// The proof of work anonymous submissions must carry; none asked without it.
    proofs: Option<ProofSettings>,
}

impl<S: ProjectRequestRepository + SettingsRepository + OutboxRepository + UsedChallengeRepository, C: Clock>
    SalesPipeline<S, C>
{
    /// The pipeline, notifying nobody of new requests.
    pub fn new(store: S, clock: C) -> Self {
        Self { store, clock, notifications: Notifications::off(), proofs: None }
    }

    /// The pipeline, queueing a notification of each new request from the quote form.
    #[must_use]
    pub fn notifying(self, notifications: Notifications) -> Self {
        Self { notifications, ..self }
    }

    /// The same use cases, asking every anonymous submission for a valid proof of work.
    #[must_use]
    pub fn guarded(self, proofs: ProofSettings) -> Self {
        Self { proofs: Some(proofs), ..self }
    }

    /// One page of requests (of the pipeline, or those kept as spam with `spam`), newest first.
    pub async fn list(&self, audience: Audience, query: ProjectRequestQuery) -> anyhow::Result<Page<ProjectRequest>> {
        let filter = ProjectRequestFilter {
            status: query.status,
            priority: query.priority,
            search: search_term(query.search.as_deref()),
            spam: query.spam,
        };
        self.store.list_project_requests(&filter, audience.page(query.page, query.limit, DEFAULT_LIMIT)).await
    }

    /// How many requests there are per status and per priority, spam aside.
    pub async fn stats(&self) -> anyhow::Result<ProjectRequestStats> {
        self.store.project_request_stats().await
    }

    pub async fn get(&self, id: &str) -> Result<ProjectRequest, LookupError> {
        records::get(&self.store, id, |_: &ProjectRequest| true).await
    }

    /// A request sent through the quote form or entered by an administrator. Anonymous submissions
    /// always get status `new_request`, priority medium, source website and no notes; one that fills
    /// the honeypot is stored flagged spam (and nobody is notified). With the guard on, an anonymous
    /// submission needs a valid, unused proof of work, checked with its fields. Once an anonymous request is stored,
    /// its notification is queued for the agency; that can never fail the submission.
    pub async fn submit(
        &self,
        audience: Audience,
        input: ProjectRequestInput,
        evidence: Evidence<'_>,
    ) -> Result<ProjectRequest, WriteError> {
        let parsed = ProjectRequestChanges::parse(input, true);
        let (changes, flagged) = if audience == Audience::Public {
            let admitted = spam::admit(&self.store, &self.clock, self.proofs.as_ref(), evidence, parsed).await?;
            (admitted.value.as_anonymous_submission(), admitted.spam)
        } else {
            (parsed.map_err(WriteError::Invalid)?, false)
        };
        let now = self.clock.now();
        let mut request = ProjectRequest::create(self.clock.new_id(), changes, now);
        request.spam = request.spam || flagged;
        self.store.insert(&mut request).await?;
        if audience == Audience::Public && !request.spam {
            notifications::queue_notice(&self.store, &self.clock, &self.notifications, |url| {
                project_request_notice(&request, url)
            })
            .await;
        }
        // The sender of spam is answered as anyone else: nothing tells it where its words went.
        request.spam = request.spam && audience == Audience::Admin;
        Ok(request)
    }

    /// Changes the fields sent; the others keep their values.
    pub async fn update(&self, id: &str, input: ProjectRequestInput) -> Result<ProjectRequest, WriteError> {
        let id = records::parse_id::<ProjectRequest>(id)?;
        let changes = ProjectRequestChanges::parse(input, false).map_err(WriteError::Invalid)?;
        records::update(&self.store, id, |request: &mut ProjectRequest| request.apply(changes, self.clock.now())).await
    }

    /// Moves a request to another status; any status may follow any other.
    pub async fn set_status(&self, id: &str, status: Option<String>) -> Result<ProjectRequest, WriteError> {
        let Some(status) = status else {
            let mut errors = FieldErrors::new();
            errors.add("status", "Status is required");
            return Err(WriteError::Invalid(errors));
        };
        self.update(id, ProjectRequestInput { status: Some(status), ..ProjectRequestInput::default() }).await
    }

    pub async fn delete(&self, id: &str) -> Result<(), LookupError> {
        records::delete::<ProjectRequest>(&self.store, id).await
    }
}

impl<
    S: ProjectRequestRepository + SettingsRepository + OutboxRepository + UsedChallengeRepository + AuditRepository,
    C: Clock,
> SalesPipeline<S, C>
{
    /// Every request the search, status and priority filters let through, newest first, for a CSV
    /// export; recorded in the audit log. The query's page and limit are ignored.
    ///
    /// # Errors
    /// [`ExportError::TooMany`] past [`export::EXPORT_MAX_ROWS`] matches.
    pub async fn export(&self, query: ProjectRequestQuery) -> Result<Vec<ProjectRequest>, ExportError> {
        let filter = ProjectRequestFilter {
            status: query.status,
            priority: query.priority,
            search: search_term(query.search.as_deref()),
            spam: query.spam,
        };
        let used = export::used(&[
            ("search", filter.search.is_some()),
            ("status", filter.status.is_some()),
            ("priority", filter.priority.is_some()),
            ("spam", filter.spam),
        ]);
        let page = self.store.list_project_requests(&filter, export::page()).await?;
        export::recorded(&self.store, page, &used).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fake::{FakeClock, InMemoryStore};
    use atelier_domain::inbox::LeadSource;

    fn bot(honeypot: &str) -> Evidence<'_> {
        Evidence { honeypot: Some(honeypot), proof: None }
    }

    fn input(client: &str, company: &str) -> ProjectRequestInput {
        ProjectRequestInput {
            client_name: Some(client.into()),
            company_name: Some(company.into()),
            email: Some(format!("{}@example.com", client.to_lowercase())),
            project_type: Some("web-app".into()),
            budget: Some("10k-25k".into()),
            timeline: Some("1-3-months".into()),
            description: Some(format!("A portal for {company}")),
            ..ProjectRequestInput::default()
        }
    }

    fn chosen(client: &str, status: &str, priority: &str) -> ProjectRequestInput {
        ProjectRequestInput {
            status: Some(status.into()),
            priority: Some(priority.into()),
            source: Some("referral".into()),
            notes: Some("Warm lead".into()),
            ..input(client, "Acme")
        }
    }

    fn pipeline() -> SalesPipeline<InMemoryStore, FakeClock> {
        SalesPipeline::new(InMemoryStore::default(), FakeClock::default())
    }

    fn clients(page: &Page<ProjectRequest>) -> Vec<&str> {
        page.items.iter().map(|request| request.client_name.as_str()).collect()
    }

    #[tokio::test]
    async fn an_export_holds_every_request_the_filters_let_through_and_is_recorded() {
        let store = InMemoryStore::default();
        let pipeline = SalesPipeline::new(store.clone(), FakeClock::default());
        for (client, company) in [("Ana", "Acme"), ("Ben", "Globex"), ("Cy", "Acme Labs")] {
            pipeline.submit(Audience::Admin, input(client, company), Evidence::default()).await.unwrap();
        }
        let query = ProjectRequestQuery {
            search: Some("acme".into()),
            priority: Some(ProjectPriority::Medium),
            limit: Some(1),
            ..ProjectRequestQuery::default()
        };
        let rows = crate::audit::scope(crate::export::testing::context("project-requests"), pipeline.export(query))
            .await
            .unwrap();
        let mut names: Vec<_> = rows.iter().map(|row| row.client_name.as_str()).collect();
        names.sort_unstable();
        assert_eq!(names, ["Ana", "Cy"]);
        let entries = crate::export::testing::entries(&store);
        assert_eq!(entries.len(), 1);
        assert_eq!(entries[0].summary, ["2 rows", "search", "priority"]);
    }

    #[tokio::test]
    async fn anonymous_submissions_are_new_requests_of_medium_priority_from_the_website() {
        let pipeline = pipeline();
        let created =
            pipeline.submit(Audience::Public, chosen("Ana", "accepted", "urgent"), Evidence::default()).await.unwrap();
        let stored = pipeline.get(&created.id.to_string()).await.unwrap();
        assert_eq!(stored, created);
        assert_eq!(stored.status, ProjectRequestStatus::NewRequest);
        assert_eq!(stored.priority, ProjectPriority::Medium);
        assert_eq!(stored.source, LeadSource::Website);
        assert!(stored.notes.is_empty());
    }

    #[tokio::test]
    async fn administrators_may_choose_status_priority_source_and_notes() {
        let pipeline = pipeline();
        let created = pipeline
            .submit(Audience::Admin, chosen("Ana", "in_negotiation", "urgent"), Evidence::default())
            .await
            .unwrap();
        assert_eq!(created.status, ProjectRequestStatus::InNegotiation);
        assert_eq!(created.priority, ProjectPriority::Urgent);
        assert_eq!(created.source, LeadSource::Referral);
        assert_eq!(created.notes, "Warm lead");
    }

    #[tokio::test]
    async fn a_filled_honeypot_keeps_the_request_as_spam_out_of_the_pipeline_and_its_counts() {
        let pipeline = pipeline();
        let answer = pipeline.submit(Audience::Public, input("Bot", "Spam Inc"), bot("x")).await.unwrap();
        assert_eq!(answer.status, ProjectRequestStatus::NewRequest);
        assert!(pipeline.get(&answer.id.to_string()).await.unwrap().spam, "kept, flagged");
        assert_eq!(pipeline.stats().await.unwrap().total, 0, "the counts leave spam out");
        let listed = pipeline.list(Audience::Admin, ProjectRequestQuery::default()).await.unwrap();
        assert_eq!(listed.total_items, 0);
        let spam = ProjectRequestQuery { spam: true, ..ProjectRequestQuery::default() };
        let folder = pipeline.list(Audience::Admin, spam.clone()).await.unwrap();
        assert_eq!(folder.items.iter().map(|request| request.id).collect::<Vec<_>>(), [answer.id]);
        let exported = pipeline.export(ProjectRequestQuery::default()).await.unwrap();
        assert!(exported.is_empty(), "exports leave spam out");

        let not_spam = ProjectRequestInput { spam: Some(false), ..ProjectRequestInput::default() };
        let moved = pipeline.update(&answer.id.to_string(), not_spam).await.unwrap();
        assert!(!moved.spam);
        assert_eq!(pipeline.stats().await.unwrap().total, 1, "back in the pipeline");
        assert_eq!(pipeline.list(Audience::Admin, spam).await.unwrap().total_items, 0);
    }

    #[tokio::test]
    async fn lists_filter_by_status_priority_and_search_newest_first() {
        let pipeline = pipeline();
        pipeline.submit(Audience::Admin, chosen("Ana", "contacted", "high"), Evidence::default()).await.unwrap();
        pipeline.submit(Audience::Admin, chosen("Ben", "contacted", "low"), Evidence::default()).await.unwrap();
        pipeline.submit(Audience::Admin, input("Cy", "Globex"), Evidence::default()).await.unwrap();
        let everything = pipeline.list(Audience::Admin, ProjectRequestQuery::default()).await.unwrap();
        assert_eq!(clients(&everything), ["Cy", "Ben", "Ana"]);
        let contacted = ProjectRequestQuery { status: Some(ProjectRequestStatus::Contacted), ..Default::default() };
        assert_eq!(clients(&pipeline.list(Audience::Admin, contacted).await.unwrap()), ["Ben", "Ana"]);
        let high = ProjectRequestQuery { priority: Some(ProjectPriority::High), ..Default::default() };
        assert_eq!(clients(&pipeline.list(Audience::Admin, high).await.unwrap()), ["Ana"]);
        for term in ["GLOBEX", "cy@example", "portal for glob"] {
            let search = ProjectRequestQuery { search: Some(term.into()), ..Default::default() };
            assert_eq!(clients(&pipeline.list(Audience::Admin, search).await.unwrap()), ["Cy"], "{term}");
        }
    }

    #[tokio::test]
    async fn stats_count_every_status_and_priority() {
        let pipeline = pipeline();
        pipeline.submit(Audience::Admin, chosen("Ana", "contacted", "high"), Evidence::default()).await.unwrap();
        pipeline.submit(Audience::Admin, chosen("Ben", "contacted", "urgent"), Evidence::default()).await.unwrap();
        let id =
            pipeline.submit(Audience::Public, input("Cy", "Globex"), Evidence::default()).await.unwrap().id.to_string();
        pipeline.set_status(&id, Some("completed".into())).await.unwrap();
        let stats = pipeline.stats().await.unwrap();
        assert_eq!(stats.total, 3);
        assert_eq!(stats.status_count(ProjectRequestStatus::Contacted), 2);
        assert_eq!(stats.status_count(ProjectRequestStatus::Completed), 1);
        assert_eq!(stats.status_count(ProjectRequestStatus::NewRequest), 0);
        assert_eq!(stats.priority_count(ProjectPriority::Medium), 1);
        assert_eq!(stats.priority_count(ProjectPriority::Urgent), 1);
    }

    #[tokio::test]
    async fn status_changes_need_a_valid_status_and_unknown_ids_are_not_found() {
        let pipeline = pipeline();
        let id =
            pipeline.submit(Audience::Public, input("Ana", "Acme"), Evidence::default()).await.unwrap().id.to_string();
        assert!(matches!(pipeline.set_status(&id, None).await, Err(WriteError::Invalid(_))));
        assert!(matches!(pipeline.set_status(&id, Some("won".into())).await, Err(WriteError::Invalid(_))));
        for id in ["nope", "65f1c2a9b4e8d70012345678"] {
            assert!(matches!(pipeline.get(id).await, Err(LookupError::NotFound(_))));
            assert!(matches!(pipeline.delete(id).await, Err(LookupError::NotFound(_))));
            let update = pipeline.update(id, ProjectRequestInput::default()).await;
            assert!(matches!(update, Err(WriteError::NotFound(_))));
        }
    }

    #[tokio::test]
    async fn updates_keep_unsent_fields_and_deletes_remove_the_request() {
        let pipeline = pipeline();
        let id =
            pipeline.submit(Audience::Public, input("Ana", "Acme"), Evidence::default()).await.unwrap().id.to_string();
        let notes = ProjectRequestInput { notes: Some("Sent proposal v2".into()), ..Default::default() };
        let updated = pipeline.update(&id, notes).await.unwrap();
        assert_eq!((updated.notes.as_str(), updated.company_name.as_str()), ("Sent proposal v2", "Acme"));
        pipeline.delete(&id).await.unwrap();
        assert!(matches!(pipeline.get(&id).await, Err(LookupError::NotFound(_))));
    }

    mod notices {
        use super::*;
        use crate::notifications::fake::OutboxOutage;
        use crate::notifications::ports::OutboxRepository;
        use crate::settings::ports::SettingsRepository;
        use atelier_domain::notification::{About, OutgoingMail, Topic};
        use atelier_domain::settings::Settings;

        async fn notifying_pipeline(contact_email: &str) -> SalesPipeline<InMemoryStore, FakeClock> {
            let store = InMemoryStore::default();
            let mut settings = Settings::initial(FakeClock::start());
            settings.contact_email = contact_email.into();
            store.save_settings(&mut settings).await.unwrap();
            SalesPipeline::new(store, FakeClock::default()).notifying(Notifications::on(None))
        }

        async fn mails(
            pipeline: &SalesPipeline<InMemoryStore, FakeClock>,
            request: &ProjectRequest,
        ) -> Vec<OutgoingMail> {
            pipeline.store.mails_about(About { topic: Topic::ProjectRequest, id: request.id }).await.unwrap()
        }

        #[tokio::test]
        async fn a_request_from_the_quote_form_queues_a_notice_to_the_contact_email() {
            let pipeline = notifying_pipeline("team@studio.example").await;
            let request = pipeline.submit(Audience::Public, input("Ana", "Acme"), Evidence::default()).await.unwrap();
            let mails = mails(&pipeline, &request).await;
            assert_eq!(mails.len(), 1);
            assert_eq!(mails[0].recipient, "team@studio.example");
            assert_eq!(mails[0].subject, "New project request from Ana (Acme): Web Application");
            assert_eq!(mails[0].reply_to, "ana@example.com");
            assert!(mails[0].body.contains("Budget: $10,000 - $25,000\n"), "{}", mails[0].body);
            assert!(mails[0].body.ends_with(&format!(":\n/admin/project-requests/{}\n", request.id)));
        }

        #[tokio::test]
        async fn no_notice_without_a_contact_email_for_bots_or_for_administrators_own_entries() {
            let pipeline = notifying_pipeline("").await;
            let request = pipeline.submit(Audience::Public, input("Ana", "Acme"), Evidence::default()).await.unwrap();
            assert!(mails(&pipeline, &request).await.is_empty());
            let pipeline = notifying_pipeline("team@studio.example").await;
            let bot = pipeline.submit(Audience::Public, input("Bot", "Spam"), bot("x")).await.unwrap();
            assert!(mails(&pipeline, &bot).await.is_empty());
            let typed_in = pipeline.submit(Audience::Admin, input("Ben", "Globex"), Evidence::default()).await.unwrap();
            assert!(mails(&pipeline, &typed_in).await.is_empty());
        }

        #[tokio::test]
        async fn a_failure_to_queue_the_notice_does_not_fail_the_submission() {
            let pipeline = notifying_pipeline("team@studio.example").await;
            pipeline.store.with(|tables| tables.private_rows_mut().push(OutboxOutage));
            let request = pipeline.submit(Audience::Public, input("Ana", "Acme"), Evidence::default()).await.unwrap();
            assert_eq!(pipeline.get(&request.id.to_string()).await.unwrap(), request);
        }
    }
}
