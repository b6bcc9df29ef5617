//! Contact messages: what visitors send through the contact form, read and answered in the back
//! office's inbox.

use crate::meta::RecordMeta;
use chrono::{DateTime, Utc};

use crate::id::EntityId;
use crate::inbox::{LeadSource, MAX_NOTES_LEN, MAX_PHONE_LEN, submitted_email};
use crate::page_view::{Attribution, AttributionInput};
use crate::patch::set;
use crate::validation::{FieldErrors, optional_text, required_text};

pub const MAX_NAME_LEN: usize = 100;
pub const MAX_SUBJECT_LEN: usize = 200;
pub const MAX_MESSAGE_LEN: usize = 5000;
pub const MAX_TAGS: usize = 20;
pub const MAX_TAG_LEN: usize = 50;

/// Where a message stands in the inbox. Any status may follow any other.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ContactStatus {
    #[default]
    New,
    Read,
    Replied,
    Closed,
}

crate::word_enum!(ContactStatus, |_| "Status must be new, read, replied or closed".to_owned(), {
    New => "new",
    Read => "read",
    Replied => "replied",
    Closed => "closed",
});

/// How urgently a message needs an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ContactPriority {
    Low,
    #[default]
    Medium,
    High,
}

crate::word_enum!(ContactPriority, |_| "Priority must be low, medium or high".to_owned(), {
    Low => "low",
    Medium => "medium",
    High => "high",
});

/// A stored contact message.
#[derive(Debug, Clone, PartialEq)]
pub struct ContactMessage {
    /// Its version and who created and last changed it.
    pub meta: RecordMeta,
    pub id: EntityId,
    pub name: String,
    /// Lowercased.
    pub email: String,
    /// Empty when not given.
    pub phone: String,
    pub subject: String,
    pub message: String,
    pub status: ContactStatus,
    pub priority: ContactPriority,
    pub source: LeadSource,
    /// Trimmed, none empty, no duplicates.
    pub tags: Vec<String>,
    /// The administrators' notes.
    pub notes: String,
    /// Kept in the Spam folder: out of the inbox, its unread count and its exports; purged after
    /// [`crate::inbox::SPAM_RETENTION`].
    pub spam: bool,
    /// The page and source of the visit that sent it, when the form sent them; set once, on creation.
    pub attribution: Option<Attribution>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// The fields of a contact message as a client sent them, before any check. `None` means "not sent".
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ContactInput {
    pub name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub subject: Option<String>,
    pub message: Option<String>,
    pub status: Option<String>,
    pub priority: Option<String>,
    pub source: Option<String>,
    pub tags: Option<Vec<String>>,
    pub notes: Option<String>,
    pub spam: Option<bool>,
    pub attribution: Option<AttributionInput>,
}

/// Validated changes to a contact message: every field that was sent, parsed. Fields not sent stay as
/// they are on update and take their defaults on creation.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ContactChanges {
    name: Option<String>,
    email: Option<String>,
    phone: Option<String>,
    subject: Option<String>,
    message: Option<String>,
    status: Option<ContactStatus>,
    priority: Option<ContactPriority>,
    source: Option<LeadSource>,
    tags: Option<Vec<String>>,
    notes: Option<String>,
    spam: Option<bool>,
    attribution: Option<Attribution>,
}

impl ContactChanges {
    /// Checks every sent field; on creation name, email, subject and message are required.
    pub fn parse(input: ContactInput, creating: bool) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let mut required = |field: &str, value: Option<String>, label: &str, max: usize| match (value, creating) {
            (None, false) => None,
            (value, _) => errors.check(field, required_text(value.as_deref(), label, max)),
        };
        let name = required("name", input.name, "Name", MAX_NAME_LEN);
        let subject = required("subject", input.subject, "Subject", MAX_SUBJECT_LEN);
        let message = required("message", input.message, "Message", MAX_MESSAGE_LEN);
        let email = match (input.email, creating) {
            (None, false) => None,
            (email, _) => errors.check("email", submitted_email(email.as_deref())),
        };
        let phone =
            input.phone.and_then(|phone| errors.check("phone", optional_text(Some(&phone), "Phone", MAX_PHONE_LEN)));
        let status = input.status.and_then(|status| errors.check("status", ContactStatus::parse(&status)));
        let priority = input.priority.and_then(|priority| errors.check("priority", ContactPriority::parse(&priority)));
        let source = input.source.and_then(|source| errors.check("source", LeadSource::parse(&source)));
        let tags = input.tags.and_then(|tags| errors.check("tags", parse_tags(&tags)));
        let notes =
            input.notes.and_then(|notes| errors.check("notes", optional_text(Some(&notes), "Notes", MAX_NOTES_LEN)));
        let spam = input.spam;
        let attribution = Attribution::parse_into(input.attribution.as_ref(), &mut errors);
        errors.finish(|| Self {
            name,
            email,
            phone,
            subject,
            message,
            status,
            priority,
            source,
            tags,
            notes,
            spam,
            attribution,
        })
    }

    /// These changes with the fields only administrators may choose reset to what every anonymous
    /// submission gets: status new, priority medium, source website, no tags, no notes, not spam.
    #[must_use]
    pub fn as_anonymous_submission(self) -> Self {
        Self {
            spam: Some(false),
            status: Some(ContactStatus::New),
            priority: Some(ContactPriority::Medium),
            source: Some(LeadSource::Website),
            tags: Some(Vec::new()),
            notes: Some(String::new()),
            ..self
        }
    }
}

fn parse_tags(tags: &[String]) -> Result<Vec<String>, String> {
    if tags.len() > MAX_TAGS {
        return Err(format!("At most {MAX_TAGS} tags are allowed"));
    }
    if tags.iter().any(|tag| tag.chars().count() > MAX_TAG_LEN) {
        return Err(format!("Each tag must be at most {MAX_TAG_LEN} characters"));
    }
    let mut kept: Vec<String> = Vec::new();
    for tag in tags.iter().map(|tag| tag.trim()).filter(|tag| !tag.is_empty()) {
        if !kept.iter().any(|seen| seen == tag) {
            kept.push(tag.to_owned());
        }
    }
    Ok(kept)
}

impl ContactMessage {
    /// A new message from validated changes; the required fields were checked by
    /// [`ContactChanges::parse`].
    pub fn create(id: EntityId, changes: ContactChanges, now: DateTime<Utc>) -> Self {
        let mut message = Self {
            meta: RecordMeta::default(),
            id,
            name: String::new(),
            email: String::new(),
            phone: String::new(),
            subject: String::new(),
            message: String::new(),
            status: ContactStatus::default(),
            priority: ContactPriority::default(),
            source: LeadSource::default(),
            tags: Vec::new(),
            notes: String::new(),
            spam: false,
            attribution: changes.attribution.clone(),
            created_at: now,
            updated_at: now,
        };
        message.apply(changes, now);
        message
    }

    /// Applies the fields that were sent and stamps the update time. The attribution is the
    /// submission's and never changes.
    pub fn apply(&mut self, changes: ContactChanges, now: DateTime<Utc>) {
        let ContactChanges {
            name, email, phone, subject, message, status, priority, source, tags, notes, spam, ..
        } = changes;
        set(&mut self.name, name);
        set(&mut self.email, email);
        set(&mut self.phone, phone);
        set(&mut self.subject, subject);
        set(&mut self.message, message);
        set(&mut self.status, status);
        set(&mut self.priority, priority);
        set(&mut self.source, source);
        set(&mut self.tags, tags);
        set(&mut self.notes, notes);
        set(&mut self.spam, spam);
        self.updated_at = now;
    }
}

/// The inbox's unread count: the number of messages whose status is `new`. Derived from the stored
/// statuses, so it cannot drift and is never negative.
pub fn unread_count(statuses: impl IntoIterator<Item = ContactStatus>) -> u64 {
    statuses.into_iter().map(|status| u64::from(status == ContactStatus::New)).sum()
}

/// The back office's rule for moving the unread count when one message changes (`None` before: it
/// was created; `None` after: it was deleted): a new message counts as unread; moving away from new
/// reduces the count, never below zero; returning to new increases it; deleting a new message reduces
/// it; creating a message with status new increases it. Agrees with [`unread_count`] at every step.
pub fn unread_count_after(count: u64, before: Option<ContactStatus>, after: Option<ContactStatus>) -> u64 {
    let was_unread = before == Some(ContactStatus::New);
    let is_unread = after == Some(ContactStatus::New);
    match (was_unread, is_unread) {
        (false, true) => count + 1,
        (true, false) => count.saturating_sub(1),
        _ => count,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{Duration, TimeZone};

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).unwrap()
    }

    fn valid_input() -> ContactInput {
        ContactInput {
            name: Some(" Ana Lima ".into()),
            email: Some("Ana@Example.com".into()),
            subject: Some("A new website".into()),
            message: Some("We need a new website.".into()),
            ..ContactInput::default()
        }
    }

    fn message(input: ContactInput) -> ContactMessage {
        ContactMessage::create(EntityId::generate(now()), ContactChanges::parse(input, true).unwrap(), now())
    }

    #[test]
    fn a_new_message_is_new_medium_from_the_website_with_trimmed_fields_and_a_lowercased_email() {
        let created = message(valid_input());
        assert_eq!(created.name, "Ana Lima");
        assert_eq!(created.email, "ana@example.com");
        assert_eq!(created.status, ContactStatus::New);
        assert_eq!(created.priority, ContactPriority::Medium);
        assert_eq!(created.source, LeadSource::Website);
        assert!(created.tags.is_empty() && created.notes.is_empty() && created.phone.is_empty());
    }

    #[test]
    fn creating_requires_name_email_subject_and_message_and_reports_them_all() {
        let errors = ContactChanges::parse(ContactInput::default(), true).unwrap_err();
        assert_eq!(errors.get("name"), Some("Name is required"));
        assert_eq!(errors.get("email"), Some("Email is required"));
        assert_eq!(errors.get("subject"), Some("Subject is required"));
        assert_eq!(errors.get("message"), Some("Message is required"));
        assert!(ContactChanges::parse(ContactInput::default(), false).is_ok());
    }

    #[test]
    fn an_anonymous_submission_is_never_spam_by_its_own_word_and_administrators_may_flag_or_clear_it() {
        let flagged = ContactInput { spam: Some(true), ..valid_input() };
        let changes = ContactChanges::parse(flagged.clone(), true).unwrap().as_anonymous_submission();
        assert!(!ContactMessage::create(EntityId::generate(now()), changes, now()).spam);
        let mut kept = message(flagged);
        assert!(kept.spam, "an administrator's entry may be filed as spam");
        let later = now() + Duration::hours(1);
        kept.apply(ContactChanges::parse(ContactInput::default(), false).unwrap(), later);
        assert!(kept.spam, "an update that does not send the flag keeps it");
        kept.apply(
            ContactChanges::parse(ContactInput { spam: Some(false), ..ContactInput::default() }, false).unwrap(),
            later,
        );
        assert!(!kept.spam);
    }

    #[test]
    fn oversize_and_invalid_fields_are_named() {
        let input = ContactInput {
            name: Some("n".repeat(MAX_NAME_LEN + 1)),
            email: Some("not-an-email".into()),
            phone: Some("1".repeat(MAX_PHONE_LEN + 1)),
            subject: Some("s".repeat(MAX_SUBJECT_LEN + 1)),
            message: Some("m".repeat(MAX_MESSAGE_LEN + 1)),
            status: Some("archived".into()),
            priority: Some("urgent".into()),
            source: Some("carrier-pigeon".into()),
            tags: Some(vec!["t".repeat(MAX_TAG_LEN + 1)]),
            notes: Some("x".repeat(MAX_NOTES_LEN + 1)),
            spam: None,
            attribution: None,
        };
        let errors = ContactChanges::parse(input, true).unwrap_err();
        assert_eq!(errors.get("name"), Some("Name must be at most 100 characters"));
        assert_eq!(errors.get("email"), Some("Email is invalid"));
        assert_eq!(errors.get("message"), Some("Message must be at most 5000 characters"));
        for field in ["phone", "subject", "status", "priority", "source", "tags", "notes"] {
            assert!(errors.get(field).is_some(), "{field} should fail");
        }
    }

    #[test]
    fn statuses_and_priorities_parse_from_their_api_names() {
        for status in ContactStatus::ALL {
            assert_eq!(ContactStatus::parse(status.as_str()), Ok(status));
        }
        for priority in ContactPriority::ALL {
            assert_eq!(ContactPriority::parse(priority.as_str()), Ok(priority));
        }
        assert!(ContactStatus::parse("New").is_err());
        assert!(ContactPriority::parse("urgent").is_err(), "urgent is for project requests only");
    }

    #[test]
    fn tags_are_trimmed_deduplicated_and_capped() {
        let input = ContactInput {
            tags: Some(vec![" lead ".into(), String::new(), "lead".into(), "web".into()]),
            ..valid_input()
        };
        assert_eq!(message(input).tags, ["lead", "web"]);
        let many = ContactInput { tags: Some((0..=MAX_TAGS).map(|n| format!("t{n}")).collect()), ..valid_input() };
        assert!(ContactChanges::parse(many, true).is_err());
    }

    #[test]
    fn anonymous_submissions_get_the_public_defaults_whatever_they_say() {
        let input = ContactInput {
            status: Some("closed".into()),
            priority: Some("high".into()),
            source: Some("referral".into()),
            tags: Some(vec!["vip".into()]),
            notes: Some("call back".into()),
            phone: Some("+1 555 0100".into()),
            ..valid_input()
        };
        let changes = ContactChanges::parse(input, true).unwrap().as_anonymous_submission();
        let created = ContactMessage::create(EntityId::generate(now()), changes, now());
        assert_eq!(created.status, ContactStatus::New);
        assert_eq!(created.priority, ContactPriority::Medium);
        assert_eq!(created.source, LeadSource::Website);
        assert!(created.tags.is_empty() && created.notes.is_empty());
        assert_eq!(created.phone, "+1 555 0100");
    }

    #[test]
    fn an_update_changes_only_the_fields_sent() {
        let mut existing = message(valid_input());
        let later = now() + Duration::hours(1);
        let input = ContactInput { notes: Some("Called back".into()), ..ContactInput::default() };
        existing.apply(ContactChanges::parse(input, false).unwrap(), later);
        assert_eq!(existing.notes, "Called back");
        assert_eq!(existing.status, ContactStatus::New);
        assert_eq!(existing.subject, "A new website");
        assert_eq!((existing.created_at, existing.updated_at), (now(), later));
    }

    /// A small deterministic pseudo-random generator (64-bit LCG), so the property test needs no crate
    /// and every run checks the same sequences.
    struct Lcg(u64);

    impl Lcg {
        fn below(&mut self, bound: usize) -> usize {
            self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            usize::try_from((self.0 >> 33) % (bound as u64)).unwrap()
        }
    }

    #[test]
    fn the_unread_count_follows_the_stored_statuses_through_any_sequence_of_changes() {
        for seed in 0..200 {
            let mut random = Lcg(seed);
            let mut statuses: Vec<ContactStatus> = Vec::new();
            let mut count = 0_u64;
            for _ in 0..300 {
                let (before, after) = match random.below(3) {
                    0 => {
                        let status = ContactStatus::ALL[random.below(4)];
                        statuses.push(status);
                        (None, Some(status))
                    }
                    1 if !statuses.is_empty() => {
                        let index = random.below(statuses.len());
                        let before = statuses[index];
                        statuses[index] = ContactStatus::ALL[random.below(4)];
                        (Some(before), Some(statuses[index]))
                    }
                    2 if !statuses.is_empty() => (Some(statuses.swap_remove(random.below(statuses.len()))), None),
                    _ => continue,
                };
                count = unread_count_after(count, before, after);
                assert_eq!(count, unread_count(statuses.iter().copied()), "seed {seed}");
                let new = statuses.iter().filter(|status| **status == ContactStatus::New).count();
                assert_eq!(count, new as u64, "seed {seed}");
            }
        }
    }

    #[test]
    fn the_unread_count_never_goes_below_zero() {
        assert_eq!(unread_count_after(0, Some(ContactStatus::New), Some(ContactStatus::Read)), 0);
        assert_eq!(unread_count_after(0, Some(ContactStatus::New), None), 0);
        assert_eq!(unread_count_after(2, Some(ContactStatus::Read), Some(ContactStatus::New)), 3);
        assert_eq!(unread_count_after(2, Some(ContactStatus::Read), Some(ContactStatus::Closed)), 2);
        assert_eq!(unread_count(Vec::new()), 0);
    }
}
