//! The contact inbox: visitors' messages from the contact form, read, answered and annotated by
//! administrators.

#[cfg(test)]
mod fake;
pub mod ports;

use atelier_domain::contact::{ContactChanges, ContactInput, ContactMessage, ContactStatus};
use atelier_domain::notification::contact_notice;
use atelier_domain::{FieldErrors, Page};

use self::ports::{ContactFilter, ContactRepository};
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

/// The default page size of `GET /contacts`.
pub const DEFAULT_LIMIT: u64 = 10;

/// A list request as the caller sent it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ContactQuery {
    pub status: Option<ContactStatus>,
    pub search: Option<String>,
    /// The Spam folder instead of the inbox.
    pub spam: bool,
    pub page: Option<i64>,
    pub limit: Option<i64>,
}

/// One page of the inbox and its unread count.
#[derive(Debug, Clone, PartialEq)]
pub struct ContactListing {
    pub page: Page<ContactMessage>,
    /// Messages with status `new` in the whole inbox (spam aside), whatever the filter.
    pub unread_count: u64,
}

/// The contact inbox use cases.
#[derive(Debug, Clone)]
pub struct ContactInbox<S, C> {
    store: S,
    clock: C,
    notifications: Notifications,
    /// The proof of work anonymous submissions must carry; none asked without it.
    proofs: Option<ProofSettings>,
}

impl<S: ContactRepository + SettingsRepository + OutboxRepository + UsedChallengeRepository, C: Clock>
    ContactInbox<S, C>
{
    /// The inbox, notifying nobody of new messages.
    pub fn new(store: S, clock: C) -> Self {
        Self { store, clock, notifications: Notifications::off(), proofs: None }
    }

    /// The inbox, queueing a notification of each new message from the contact form.
    #[must_use]
    pub fn notifying(self, notifications: Notifications) -> Self {
        Self { notifications, ..self }
    }

    /// The same use cases, asking every anonymous submission for a valid proof of work.
    #[must_use]
    pub fn guarded(self, proofs: ProofSettings) -> Self {
        Self { proofs: Some(proofs), ..self }
    }

    /// One page of messages (of the inbox, or of the Spam folder with `spam`), newest first, with the
    /// inbox's unread count.
    pub async fn list(&self, audience: Audience, query: ContactQuery) -> anyhow::Result<ContactListing> {
        let filter =
            ContactFilter { status: query.status, search: search_term(query.search.as_deref()), spam: query.spam };
        let page = self.store.list_contacts(&filter, audience.page(query.page, query.limit, DEFAULT_LIMIT)).await?;
        let unread_count = self.store.count_unread_contacts().await?;
        Ok(ContactListing { page, unread_count })
    }

    /// One message by id. Reading a message never changes its status.
    pub async fn get(&self, id: &str) -> Result<ContactMessage, LookupError> {
        records::get(&self.store, id, |_: &ContactMessage| true).await
    }

    /// A message sent through the contact form or entered by an administrator. Anonymous submissions
    /// always get status new, priority medium, source website, no tags and no notes; one that fills
    /// the honeypot is stored flagged spam (and nobody is notified). With the guard on, an anonymous
    /// submission needs a valid, unused proof of work, checked with its fields. Once an anonymous message is stored,
    /// its notification is queued for the agency; that can never fail the submission.
    pub async fn submit(
        &self,
        audience: Audience,
        input: ContactInput,
        evidence: Evidence<'_>,
    ) -> Result<ContactMessage, WriteError> {
        let parsed = ContactChanges::parse(input, true);
        let (changes, flagged) = if audience == Audience::Public {
            let admitted = spam::admit(&self.store, &self.clock, self.proofs.as_ref(), evidence, parsed).await?;
            (admitted.value.as_anonymous_submission(), admitted.spam)
        } else {
            (parsed.map_err(WriteError::Invalid)?, false)
        };
        let now = self.clock.now();
        let mut message = ContactMessage::create(self.clock.new_id(), changes, now);
        message.spam = message.spam || flagged;
        self.store.insert(&mut message).await?;
        if audience == Audience::Public && !message.spam {
            notifications::queue_notice(&self.store, &self.clock, &self.notifications, |url| {
                contact_notice(&message, url)
            })
            .await;
        }
        // The sender of spam is answered as anyone else: nothing tells it where its words went.
        message.spam = message.spam && audience == Audience::Admin;
        Ok(message)
    }

    /// Changes the fields sent (status, notes or any other); the others keep their values.
    pub async fn update(&self, id: &str, input: ContactInput) -> Result<ContactMessage, WriteError> {
        let id = records::parse_id::<ContactMessage>(id)?;
        let changes = ContactChanges::parse(input, false).map_err(WriteError::Invalid)?;
        records::update(&self.store, id, |message: &mut ContactMessage| message.apply(changes, self.clock.now())).await
    }

    /// Moves a message to another status; any status may follow any other.
    pub async fn set_status(&self, id: &str, status: Option<String>) -> Result<ContactMessage, WriteError> {
        let Some(status) = status else {
            let mut errors = FieldErrors::new();
            errors.add("status", "Status is required");
            return Err(WriteError::Invalid(errors));
        };
        self.update(id, ContactInput { status: Some(status), ..ContactInput::default() }).await
    }

    pub async fn delete(&self, id: &str) -> Result<(), LookupError> {
        records::delete::<ContactMessage>(&self.store, id).await
    }
}

impl<S: ContactRepository + SettingsRepository + OutboxRepository + UsedChallengeRepository + AuditRepository, C: Clock>
    ContactInbox<S, C>
{
    /// Every message the search and status filter let through, newest first, for a CSV export;
    /// recorded in the audit log. The query's page and limit are ignored.
    ///
    /// # Errors
    /// [`ExportError::TooMany`] past [`export::EXPORT_MAX_ROWS`] matches.
    pub async fn export(&self, query: ContactQuery) -> Result<Vec<ContactMessage>, ExportError> {
        let filter =
            ContactFilter { status: query.status, search: search_term(query.search.as_deref()), spam: query.spam };
        let used = export::used(&[
            ("search", filter.search.is_some()),
            ("status", filter.status.is_some()),
            ("spam", filter.spam),
        ]);
        let page = self.store.list_contacts(&filter, export::page()).await?;
        export::recorded(&self.store, page, &used).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fake::{FakeClock, InMemoryStore};
    use crate::search::MAX_SEARCH_LEN;
    use atelier_domain::contact::ContactPriority;
    use atelier_domain::inbox::LeadSource;

    fn bot(honeypot: &str) -> Evidence<'_> {
        Evidence { honeypot: Some(honeypot), proof: None }
    }

    fn input(name: &str, subject: &str) -> ContactInput {
        ContactInput {
            name: Some(name.into()),
            email: Some(format!("{}@example.com", name.to_lowercase().replace(' ', "."))),
            subject: Some(subject.into()),
            message: Some("Hello there".into()),
            ..ContactInput::default()
        }
    }

    fn with_everything(name: &str) -> ContactInput {
        ContactInput {
            status: Some("closed".into()),
            priority: Some("high".into()),
            source: Some("referral".into()),
            tags: Some(vec!["vip".into()]),
            notes: Some("Known client".into()),
            ..input(name, "Hi")
        }
    }

    fn inbox() -> ContactInbox<InMemoryStore, FakeClock> {
        ContactInbox::new(InMemoryStore::default(), FakeClock::default())
    }

    async fn all(inbox: &ContactInbox<InMemoryStore, FakeClock>) -> ContactListing {
        inbox.list(Audience::Admin, ContactQuery::default()).await.unwrap()
    }

    #[tokio::test]
    async fn an_export_holds_every_message_the_filters_let_through_and_is_recorded() {
        let store = InMemoryStore::default();
        let inbox = ContactInbox::new(store.clone(), FakeClock::default());
        for (name, subject) in [("Ana", "Quote"), ("Ben", "Hello"), ("Cy", "Quote please")] {
            inbox.submit(Audience::Public, input(name, subject), Evidence::default()).await.unwrap();
        }
        let query = ContactQuery { search: Some("quote".into()), limit: Some(1), ..ContactQuery::default() };
        let rows = crate::audit::scope(crate::export::testing::context("contacts"), inbox.export(query)).await.unwrap();
        let mut names: Vec<_> = rows.iter().map(|row| row.name.as_str()).collect();
        names.sort_unstable();
        assert_eq!(names, ["Ana", "Cy"]);
        let entries = crate::export::testing::entries(&store);
        assert_eq!(entries.len(), 1);
        assert_eq!(entries[0].summary, ["2 rows", "search"]);
        assert_eq!(inbox.export(ContactQuery::default()).await.unwrap().len(), 3, "outside a scope, unrecorded");
        assert_eq!(crate::export::testing::entries(&store).len(), 1);
    }

    #[tokio::test]
    async fn anonymous_submissions_are_stored_new_medium_from_the_website_whatever_the_body_says() {
        let inbox = inbox();
        let created = inbox.submit(Audience::Public, with_everything("Ana"), Evidence::default()).await.unwrap();
        let stored = inbox.get(&created.id.to_string()).await.unwrap();
        assert_eq!(stored, created);
        assert_eq!(stored.status, ContactStatus::New);
        assert_eq!(stored.priority, ContactPriority::Medium);
        assert_eq!(stored.source, LeadSource::Website);
        assert!(stored.tags.is_empty() && stored.notes.is_empty());
    }

    #[tokio::test]
    async fn administrators_may_set_status_priority_source_tags_and_notes() {
        let inbox = inbox();
        let created = inbox.submit(Audience::Admin, with_everything("Ana"), Evidence::default()).await.unwrap();
        assert_eq!(created.status, ContactStatus::Closed);
        assert_eq!(created.priority, ContactPriority::High);
        assert_eq!(created.source, LeadSource::Referral);
        assert_eq!(created.tags, ["vip"]);
        assert_eq!(created.notes, "Known client");
    }

    #[tokio::test]
    async fn a_filled_honeypot_keeps_the_message_in_the_spam_folder_out_of_the_inbox_count_and_exports() {
        let inbox = inbox();
        let answer =
            inbox.submit(Audience::Public, input("Bot", "Buy now"), bot("https://spam.example")).await.unwrap();
        assert_eq!(answer.name, "Bot");
        assert_eq!(answer.status, ContactStatus::New);
        assert!(inbox.get(&answer.id.to_string()).await.unwrap().spam, "kept, flagged");
        let listing = all(&inbox).await;
        assert_eq!((listing.page.total_items, listing.unread_count), (0, 0), "not in the inbox nor its count");
        let spam = ContactQuery { spam: true, ..ContactQuery::default() };
        let folder = inbox.list(Audience::Admin, spam.clone()).await.unwrap();
        assert_eq!(folder.page.items.iter().map(|message| message.id).collect::<Vec<_>>(), [answer.id]);
        assert_eq!(folder.unread_count, 0);
        assert!(inbox.export(ContactQuery::default()).await.unwrap().is_empty(), "exports leave spam out");

        inbox.submit(Audience::Public, input("Ana", "Hi"), bot("   ")).await.unwrap();
        assert_eq!(all(&inbox).await.page.total_items, 1, "a blank honeypot is a person");
    }

    #[tokio::test]
    async fn not_spam_moves_a_message_into_the_inbox_and_its_unread_count() {
        let inbox = inbox();
        let answer = inbox.submit(Audience::Public, input("Ana", "Real"), bot("autofilled")).await.unwrap();
        let not_spam = ContactInput { spam: Some(false), ..ContactInput::default() };
        let moved = inbox.update(&answer.id.to_string(), not_spam).await.unwrap();
        assert!(!moved.spam);
        assert_eq!(moved.status, ContactStatus::New);
        let listing = all(&inbox).await;
        assert_eq!((listing.page.total_items, listing.unread_count), (1, 1));
        let spam = ContactQuery { spam: true, ..ContactQuery::default() };
        assert_eq!(inbox.list(Audience::Admin, spam).await.unwrap().page.total_items, 0);
    }

    #[tokio::test]
    async fn an_invalid_submission_is_refused_even_with_a_filled_honeypot() {
        let inbox = inbox();
        let result = inbox.submit(Audience::Public, ContactInput::default(), bot("spam")).await;
        let Err(WriteError::Invalid(errors)) = result else { panic!("expected a validation error") };
        assert_eq!(errors.get("name"), Some("Name is required"));
    }

    #[tokio::test]
    async fn the_unread_count_covers_the_whole_inbox_and_follows_status_changes_and_deletes() {
        let inbox = inbox();
        let first =
            inbox.submit(Audience::Public, input("Ana", "One"), Evidence::default()).await.unwrap().id.to_string();
        let second =
            inbox.submit(Audience::Public, input("Ben", "Two"), Evidence::default()).await.unwrap().id.to_string();
        inbox.submit(Audience::Admin, with_everything("Cy"), Evidence::default()).await.unwrap();
        assert_eq!(all(&inbox).await.unread_count, 2);

        let closed = ContactQuery { status: Some(ContactStatus::Closed), ..ContactQuery::default() };
        let listing = inbox.list(Audience::Admin, closed).await.unwrap();
        assert_eq!((listing.page.total_items, listing.unread_count), (1, 2), "the count ignores the filter");

        inbox.get(&first).await.unwrap();
        assert_eq!(all(&inbox).await.unread_count, 2, "reading a message does not mark it read");
        inbox.set_status(&first, Some("read".into())).await.unwrap();
        assert_eq!(all(&inbox).await.unread_count, 1);
        inbox.set_status(&first, Some("new".into())).await.unwrap();
        assert_eq!(all(&inbox).await.unread_count, 2);
        inbox.delete(&second).await.unwrap();
        assert_eq!(all(&inbox).await.unread_count, 1);
    }

    #[tokio::test]
    async fn lists_are_newest_first_searchable_and_paged() {
        let inbox = inbox();
        for (name, subject) in [("Ana Lima", "Website"), ("Ben Ode", "Mobile app"), ("Cy Park", "SEO audit")] {
            inbox.submit(Audience::Public, input(name, subject), Evidence::default()).await.unwrap();
        }
        let names = |listing: &ContactListing| -> Vec<String> {
            listing.page.items.iter().map(|message| message.name.clone()).collect()
        };
        assert_eq!(names(&all(&inbox).await), ["Cy Park", "Ben Ode", "Ana Lima"]);
        for term in ["MOBILE", "ben.ode@", " ode "] {
            let query = ContactQuery { search: Some(term.into()), ..ContactQuery::default() };
            assert_eq!(names(&inbox.list(Audience::Admin, query).await.unwrap()), ["Ben Ode"], "{term}");
        }
        let paged = ContactQuery { page: Some(2), limit: Some(2), ..ContactQuery::default() };
        let listing = inbox.list(Audience::Admin, paged).await.unwrap();
        assert_eq!(names(&listing), ["Ana Lima"]);
        assert_eq!((listing.page.total_items, listing.page.total_pages, listing.page.current_page), (3, 2, 2));
    }

    #[tokio::test]
    async fn a_search_longer_than_the_cap_is_cut_like_every_list_search() {
        let inbox = inbox();
        let longest = "x".repeat(MAX_SEARCH_LEN);
        inbox.submit(Audience::Public, input("Ana Lima", &longest), Evidence::default()).await.unwrap();
        inbox.submit(Audience::Public, input("Ben Ode", "Website"), Evidence::default()).await.unwrap();
        // Only the term's first 200 characters are searched for, so what follows them cannot miss.
        let query = ContactQuery { search: Some(format!(" {longest}never read ")), ..ContactQuery::default() };
        let found = inbox.list(Audience::Admin, query).await.unwrap();
        assert_eq!(found.page.items.iter().map(|message| message.name.as_str()).collect::<Vec<_>>(), ["Ana Lima"]);
    }

    #[tokio::test]
    async fn updates_change_only_the_fields_sent() {
        let inbox = inbox();
        let id = inbox.submit(Audience::Public, input("Ana", "Hi"), Evidence::default()).await.unwrap().id.to_string();
        let notes = ContactInput { notes: Some("Replied by phone".into()), ..ContactInput::default() };
        let updated = inbox.update(&id, notes).await.unwrap();
        assert_eq!(
            (updated.notes.as_str(), updated.status, updated.name.as_str()),
            ("Replied by phone", ContactStatus::New, "Ana")
        );
    }

    #[tokio::test]
    async fn a_status_change_needs_a_valid_status() {
        let inbox = inbox();
        let id = inbox.submit(Audience::Public, input("Ana", "Hi"), Evidence::default()).await.unwrap().id.to_string();
        let Err(WriteError::Invalid(errors)) = inbox.set_status(&id, None).await else { panic!() };
        assert_eq!(errors.get("status"), Some("Status is required"));
        let Err(WriteError::Invalid(errors)) = inbox.set_status(&id, Some("done".into())).await else { panic!() };
        assert!(errors.get("status").is_some());
    }

    #[tokio::test]
    async fn malformed_and_unknown_ids_are_not_found() {
        let inbox = inbox();
        for id in ["nope", "65f1c2a9b4e8d70012345678"] {
            assert!(matches!(inbox.get(id).await, Err(LookupError::NotFound(_))));
            assert!(matches!(inbox.delete(id).await, Err(LookupError::NotFound(_))));
            assert!(matches!(inbox.update(id, ContactInput::default()).await, Err(WriteError::NotFound(_))));
            assert!(matches!(inbox.set_status(id, Some("read".into())).await, Err(WriteError::NotFound(_))));
        }
    }

    mod notices {
        use super::*;
        use crate::notifications::fake::OutboxOutage;
        use crate::notifications::ports::OutboxRepository;
        use crate::settings::ports::SettingsRepository;
        use atelier_domain::notification::{About, MailStatus, Topic};
        use atelier_domain::settings::Settings;

        async fn notifying_inbox(contact_email: &str) -> ContactInbox<InMemoryStore, FakeClock> {
            let store = InMemoryStore::default();
            let mut settings = Settings::initial(FakeClock::start());
            settings.contact_email = contact_email.into();
            store.save_settings(&mut settings).await.unwrap();
            ContactInbox::new(store, FakeClock::default())
                .notifying(Notifications::on(Some("https://studio.example".into())))
        }

        async fn mails(
            inbox: &ContactInbox<InMemoryStore, FakeClock>,
            message: &ContactMessage,
        ) -> Vec<OutgoingMailView> {
            let about = About { topic: Topic::ContactMessage, id: message.id };
            let mails = inbox.store.mails_about(about).await.unwrap();
            mails.into_iter().map(|mail| (mail.recipient, mail.subject, mail.status)).collect()
        }

        type OutgoingMailView = (String, String, MailStatus);

        #[tokio::test]
        async fn a_message_from_the_contact_form_queues_a_notice_to_the_contact_email() {
            let inbox = notifying_inbox("team@studio.example").await;
            let message =
                inbox.submit(Audience::Public, input("Ana Lima", "New website"), Evidence::default()).await.unwrap();
            assert_eq!(
                mails(&inbox, &message).await,
                [("team@studio.example".into(), "New message from Ana Lima: New website".into(), MailStatus::Pending)]
            );
            let about = About { topic: Topic::ContactMessage, id: message.id };
            let body = &inbox.store.mails_about(about).await.unwrap()[0].body;
            assert!(body.contains(&format!("https://studio.example/admin/contacts/{}", message.id)), "{body}");
        }

        #[tokio::test]
        async fn no_notice_without_a_contact_email_for_bots_or_for_administrators_own_entries() {
            let inbox = notifying_inbox("").await;
            let message = inbox.submit(Audience::Public, input("Ana", "Hi"), Evidence::default()).await.unwrap();
            assert!(mails(&inbox, &message).await.is_empty());

            let inbox = notifying_inbox("team@studio.example").await;
            let bot = inbox.submit(Audience::Public, input("Bot", "Spam"), bot("x")).await.unwrap();
            assert!(mails(&inbox, &bot).await.is_empty());
            let typed_in = inbox.submit(Audience::Admin, input("Ben", "By phone"), Evidence::default()).await.unwrap();
            assert!(mails(&inbox, &typed_in).await.is_empty());

            let silent = ContactInbox::new(inbox.store.clone(), FakeClock::default());
            let message = silent.submit(Audience::Public, input("Cy", "Hi"), Evidence::default()).await.unwrap();
            assert!(mails(&inbox, &message).await.is_empty(), "notifications are off unless asked for");
        }

        #[tokio::test]
        async fn a_failure_to_queue_the_notice_does_not_fail_the_submission() {
            let inbox = notifying_inbox("team@studio.example").await;
            inbox.store.with(|tables| tables.private_rows_mut().push(OutboxOutage));
            let message = inbox.submit(Audience::Public, input("Ana", "Hi"), Evidence::default()).await.unwrap();
            assert_eq!(inbox.get(&message.id.to_string()).await.unwrap(), message, "the message is stored");
        }
    }
}
