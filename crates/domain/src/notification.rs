//! Email notifications: the mail written for each new contact message or project request (to the
//! agency), invitation, newsletter confirmation and post submitted for review (to the Editors),
//! and the outbox rules — what a queued mail holds, and how failed attempts are retried.
//!
//! Visitors' text is only ever copied into a plain-text body; whatever goes into a header (the
//! subject) has its line breaks and other control characters replaced, so no header can be injected.

use std::fmt::Write as _;

use chrono::{DateTime, Duration, Utc};

use crate::EntityId;
use crate::contact::ContactMessage;
use crate::invitation::Invitation;
use crate::post::Post;
use crate::project_request::{ProjectRequest, choice_label};
use crate::subscriber::Subscriber;

/// The longest subject written, in characters.
pub const MAX_SUBJECT_CHARS: usize = 150;

/// What a notification is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Topic {
    ContactMessage,
    ProjectRequest,
    /// An invitation to become an administrator, mailed to the person invited.
    Invitation,
    /// The link that confirms a newsletter address, mailed to that address.
    NewsletterConfirmation,
    /// A blog post submitted for review, mailed to each Editor.
    PostReview,
}

crate::word_enum!(Topic, |text| format!("{text} is not a notification topic"), {
    ContactMessage => "contact_message",
    ProjectRequest => "project_request",
    Invitation => "invitation",
    NewsletterConfirmation => "newsletter_confirmation",
    PostReview => "post_review",
});

impl Topic {
    /// Whether its mails carry a secret (an invitation's one-time link) that must not outlive the
    /// sending in the outbox.
    pub fn carries_secret(self) -> bool {
        matches!(self, Self::Invitation)
    }
}

/// What is left of the body of a mail that carried a secret once it was sent or given up on.
pub const REDACTED_BODY: &str = "[This mail carried a one-time invitation link. The text was removed from the outbox once the mail \
     was sent or given up on; the link is known only to the person invited.]\n";

/// The record a notification is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct About {
    pub topic: Topic,
    pub id: EntityId,
}

impl About {
    /// The record's address in the back office, from the site's root.
    pub fn admin_path(&self) -> String {
        match self.topic {
            Topic::ContactMessage => format!("/admin/contacts/{}", self.id),
            Topic::ProjectRequest => format!("/admin/project-requests/{}", self.id),
            Topic::Invitation => "/admin/administrators".to_owned(),
            Topic::NewsletterConfirmation => "/admin/newsletter".to_owned(),
            Topic::PostReview => format!("/admin/blog/edit/{}", self.id),
        }
    }

    /// The record's address in the back office: absolute when the site's public address is known
    /// (`https://studio.example`, with or without a trailing slash), else from the site's root.
    pub fn admin_link(&self, public_url: Option<&str>) -> String {
        let path = self.admin_path();
        match public_url.map(|url| url.trim().trim_end_matches('/')) {
            Some(base) if !base.is_empty() => format!("{base}{path}"),
            _ => path,
        }
    }
}

/// A notification as written: who may be answered, the subject and the plain-text body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    pub about: About,
    /// The visitor's email, offered as the address to reply to.
    pub reply_to: String,
    /// One line, at most [`MAX_SUBJECT_CHARS`] characters, no control characters.
    pub subject: String,
    pub body: String,
}

/// The notification of a new contact message.
pub fn contact_notice(message: &ContactMessage, public_url: Option<&str>) -> Notice {
    let about = About { topic: Topic::ContactMessage, id: message.id };
    let body = format!(
        "{} <{}> sent a message through the contact form.\n\n{}\n{}\n\nOpen it in the back office:\n{}\n",
        message.name,
        message.email,
        facts(&[("Subject", &message.subject), ("Phone", &message.phone)]),
        message.message.trim_end(),
        about.admin_link(public_url),
    );
    Notice {
        about,
        reply_to: message.email.clone(),
        subject: header_text(&format!("New message from {}: {}", message.name, message.subject)),
        body,
    }
}

/// The notification of a new project request.
pub fn project_request_notice(request: &ProjectRequest, public_url: Option<&str>) -> Notice {
    let about = About { topic: Topic::ProjectRequest, id: request.id };
    let body = format!(
        "{} <{}> asked for a quote.\n\n{}\n{}\n\nOpen it in the back office:\n{}\n",
        request.client_name,
        request.email,
        facts(&[
            ("Company", &request.company_name),
            ("Phone", &request.phone),
            ("Project type", choice_label(&request.project_type)),
            ("Budget", choice_label(&request.budget)),
            ("Timeline", choice_label(&request.timeline)),
        ]),
        request.description.trim_end(),
        about.admin_link(public_url),
    );
    let client = if request.company_name.trim().is_empty() {
        request.client_name.clone()
    } else {
        format!("{} ({})", request.client_name, request.company_name)
    };
    Notice {
        about,
        reply_to: request.email.clone(),
        subject: header_text(&format!("New project request from {client}: {}", choice_label(&request.project_type))),
        body,
    }
}

/// The mail that invites someone to become an administrator, with the link that accepts it.
pub fn invitation_notice(invitation: &Invitation, inviter_name: &str, inviter_email: &str, link: &str) -> Notice {
    let about = About { topic: Topic::Invitation, id: invitation.id };
    let body = format!(
        "{} <{}> invites you to help run the website's back office, with the {} role.\n\n\
         Open this link to choose your name and password; it works once, until {}:\n{}\n\n\
         If you did not expect this, ignore this mail.\n",
        one_line(inviter_name),
        inviter_email,
        invitation.role.label(),
        invitation.expires_at.format("%Y-%m-%d %H:%M UTC"),
        link,
    );
    Notice {
        about,
        reply_to: inviter_email.to_owned(),
        subject: header_text(&format!("{} invites you to the back office", one_line(inviter_name))),
        body,
    }
}

/// The mail that tells an Editor a post waits for review, with the link to its form.
pub fn review_notice(post: &Post, submitter_name: &str, public_url: Option<&str>) -> Notice {
    let about = About { topic: Topic::PostReview, id: post.id };
    let title = one_line(&post.title);
    let body = format!(
        "{} submitted a blog post for review:\n\n{title}\n\nPublish it or send it back with a note in the back office:\n{}\n",
        one_line(submitter_name),
        about.admin_link(public_url),
    );
    Notice { about, reply_to: String::new(), subject: header_text(&format!("For review: {title}")), body }
}

/// The mail that asks the owner of a newsletter address to confirm it, with the link that does and
/// the one that removes the address.
pub fn newsletter_confirmation_notice(subscriber: &Subscriber, site_name: &str, base: &str) -> Notice {
    let site = one_line(site_name);
    let body = format!(
        "Someone, hopefully you, asked for the {site} newsletter to be sent to {}.\n\n\
         To confirm, open this link and press the button:\n{}\n\n\
         If it was not you, ignore this mail: nothing will be sent. To remove the address now:\n{}\n",
        subscriber.email,
        subscriber.confirm_link(base),
        subscriber.unsubscribe_link(base),
    );
    Notice {
        about: About { topic: Topic::NewsletterConfirmation, id: subscriber.id },
        reply_to: String::new(),
        subject: header_text(&format!("Confirm your subscription to the {site} newsletter")),
        body,
    }
}

/// `Label: value` lines, each ending in a line break, for the values that are not empty. A value stays
/// on its one line.
fn facts(facts: &[(&str, &str)]) -> String {
    let mut lines = String::new();
    for (label, value) in facts {
        let value = one_line(value);
        if !value.is_empty() {
            // Writing to a String cannot fail.
            let _ = writeln!(lines, "{label}: {value}");
        }
    }
    lines
}

/// The text with every run of control characters (line breaks, tabs, NUL…) and spaces around them
/// made one space, trimmed.
fn one_line(text: &str) -> String {
    text.split(|c: char| c.is_control()).map(str::trim).filter(|part| !part.is_empty()).collect::<Vec<_>>().join(" ")
}

/// Text safe for a mail header: one line without control characters, at most
/// [`MAX_SUBJECT_CHARS`] characters (an ellipsis marks a cut).
pub fn header_text(text: &str) -> String {
    let line = one_line(text);
    if line.chars().count() <= MAX_SUBJECT_CHARS {
        return line;
    }
    let mut cut: String = line.chars().take(MAX_SUBJECT_CHARS - 1).collect();
    cut.truncate(cut.trim_end().len());
    cut.push('…');
    cut
}

/// Where a queued mail stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MailStatus {
    /// Waiting for its next attempt.
    Pending,
    Sent,
    /// Given up on after [`MAX_ATTEMPTS`] attempts or a permanent refusal.
    Failed,
}

crate::word_enum!(MailStatus, |text| format!("{text} is not a mail status"), {
    Pending => "pending",
    Sent => "sent",
    Failed => "failed",
});

/// How long to wait after the first, second, … failed attempt before the next one.
pub const RETRY_DELAYS: [Duration; 5] =
    [Duration::minutes(1), Duration::minutes(5), Duration::minutes(30), Duration::hours(2), Duration::hours(12)];

/// The first attempt and one after each delay of [`RETRY_DELAYS`]; then the mail has failed.
pub const MAX_ATTEMPTS: u32 = 6;

const _: () = assert!(RETRY_DELAYS.len() + 1 == MAX_ATTEMPTS as usize);

/// The longest error kept on a mail or an attempt, in characters.
pub const MAX_ERROR_CHARS: usize = 1000;

/// A notification in the outbox.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutgoingMail {
    pub id: EntityId,
    /// The agency's address (the settings' contact email when it was queued).
    pub recipient: String,
    /// The visitor's email, or empty.
    pub reply_to: String,
    pub subject: String,
    pub body: String,
    pub about: About,
    pub status: MailStatus,
    /// Attempts made so far.
    pub attempts: u32,
    /// When a pending mail is due next (also the end of a sender's lease on it).
    pub next_attempt_at: DateTime<Utc>,
    /// Why the last attempt failed; empty after a success or before any attempt.
    pub last_error: String,
    pub created_at: DateTime<Utc>,
    pub sent_at: Option<DateTime<Utc>>,
}

/// How one attempt to send a mail ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AttemptOutcome {
    Sent,
    Failed,
}

crate::word_enum!(AttemptOutcome, |text| format!("{text} is not an attempt outcome"), {
    Sent => "sent",
    Failed => "failed",
});

/// One attempt to send a mail, kept for the record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailAttempt {
    pub id: EntityId,
    pub mail_id: EntityId,
    pub attempted_at: DateTime<Utc>,
    pub outcome: AttemptOutcome,
    /// Why it failed; empty when it was sent.
    pub error: String,
}

/// Why an attempt failed, as the sender saw it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SendFailure {
    pub error: String,
    /// The server refused the mail for good (an unknown recipient): retrying cannot help.
    pub permanent: bool,
}

impl OutgoingMail {
    /// A notice queued for `recipient` at `now`, due at once.
    pub fn queued(id: EntityId, recipient: &str, notice: Notice, now: DateTime<Utc>) -> Self {
        Self {
            id,
            recipient: recipient.trim().to_owned(),
            reply_to: notice.reply_to,
            subject: header_text(&notice.subject),
            body: notice.body,
            about: notice.about,
            status: MailStatus::Pending,
            attempts: 0,
            next_attempt_at: now,
            last_error: String::new(),
            created_at: now,
            sent_at: None,
        }
    }

    /// Records an attempt made at `now`: sent, or failed and either rescheduled after the next delay
    /// of [`RETRY_DELAYS`] or, after [`MAX_ATTEMPTS`] or a permanent refusal, given up on. Answers the
    /// attempt to keep.
    pub fn record_attempt(
        &mut self,
        attempt_id: EntityId,
        result: Result<(), SendFailure>,
        now: DateTime<Utc>,
    ) -> MailAttempt {
        self.attempts = self.attempts.saturating_add(1);
        let (outcome, error) = match result {
            Ok(()) => {
                self.status = MailStatus::Sent;
                self.sent_at = Some(now);
                self.last_error.clear();
                (AttemptOutcome::Sent, String::new())
            }
            Err(failure) => {
                let error: String = failure.error.chars().take(MAX_ERROR_CHARS).collect();
                match retry_delay(self.attempts).filter(|_| !failure.permanent) {
                    Some(delay) => self.next_attempt_at = now + delay,
                    None => self.status = MailStatus::Failed,
                }
                self.last_error.clone_from(&error);
                (AttemptOutcome::Failed, error)
            }
        };
        if self.status != MailStatus::Pending && self.about.topic.carries_secret() {
            // The outbox needs the body only until it is sent: from then on a copy of the database
            // must not hold a link that still works.
            REDACTED_BODY.clone_into(&mut self.body);
        }
        MailAttempt { id: attempt_id, mail_id: self.id, attempted_at: now, outcome, error }
    }
}

/// How long to wait after `attempts` failed attempts; `None` once [`MAX_ATTEMPTS`] were made.
pub fn retry_delay(attempts: u32) -> Option<Duration> {
    let index = usize::try_from(attempts.checked_sub(1)?).ok()?;
    RETRY_DELAYS.get(index).copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contact::{ContactChanges, ContactInput};
    use crate::project_request::{ProjectRequestChanges, ProjectRequestInput};
    use chrono::TimeZone;

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 3, 1, 9, 30, 0).unwrap()
    }

    fn id() -> EntityId {
        EntityId::parse("65f1c2a9b4e8d70012345678").unwrap()
    }

    fn message(subject: &str, text: &str) -> ContactMessage {
        let input = ContactInput {
            name: Some("Ana Lima".into()),
            email: Some("Ana@Example.com".into()),
            phone: Some("+1 555 0100".into()),
            subject: Some(subject.into()),
            message: Some(text.into()),
            ..ContactInput::default()
        };
        ContactMessage::create(id(), ContactChanges::parse(input, true).unwrap(), now())
    }

    fn request(company: &str) -> ProjectRequest {
        let input = ProjectRequestInput {
            client_name: Some("Ben Ode".into()),
            company_name: Some(company.into()),
            email: Some("ben@globex.example".into()),
            project_type: Some("web-app".into()),
            budget: Some("10k-25k".into()),
            timeline: Some("Next spring".into()),
            description: Some("A customer portal.\nWith invoices.".into()),
            ..ProjectRequestInput::default()
        };
        ProjectRequest::create(id(), ProjectRequestChanges::parse(input, true).unwrap(), now())
    }

    #[test]
    fn a_contact_notice_names_the_sender_the_subject_and_links_to_the_message() {
        let notice =
            contact_notice(&message("New website", "Hello,\n\nWe need a site."), Some("https://studio.example/"));
        assert_eq!(notice.subject, "New message from Ana Lima: New website");
        assert_eq!(notice.reply_to, "ana@example.com");
        assert_eq!(notice.about, About { topic: Topic::ContactMessage, id: id() });
        assert_eq!(
            notice.body,
            "Ana Lima <ana@example.com> sent a message through the contact form.\n\n\
             Subject: New website\nPhone: +1 555 0100\n\nHello,\n\nWe need a site.\n\n\
             Open it in the back office:\nhttps://studio.example/admin/contacts/65f1c2a9b4e8d70012345678\n"
        );
    }

    #[test]
    fn a_review_notice_names_the_writer_and_links_to_the_post_form() {
        let input = crate::post::PostInput { title: Some("Why\nRust".into()), ..Default::default() };
        let changes = crate::post::PostChanges::parse(input, true).unwrap();
        let post = Post::create(id(), crate::slug::Slug::parse("why-rust").unwrap(), changes, now());
        let notice = review_notice(&post, "Cai Contributor", Some("https://studio.example"));
        assert_eq!(notice.subject, "For review: Why Rust");
        assert_eq!(notice.about, About { topic: Topic::PostReview, id: id() });
        assert_eq!(
            notice.body,
            "Cai Contributor submitted a blog post for review:\n\nWhy Rust\n\n\
             Publish it or send it back with a note in the back office:\n\
             https://studio.example/admin/blog/edit/65f1c2a9b4e8d70012345678\n"
        );
    }

    #[test]
    fn without_a_public_address_the_link_is_a_path() {
        let notice = contact_notice(&message("Hi", "Hello"), None);
        assert!(notice.body.ends_with("Open it in the back office:\n/admin/contacts/65f1c2a9b4e8d70012345678\n"));
        let blank = contact_notice(&message("Hi", "Hello"), Some("  "));
        assert_eq!(blank.body, notice.body);
    }

    #[test]
    fn a_project_request_notice_reads_the_form_choices_by_their_labels() {
        let notice = project_request_notice(&request("Globex"), Some("https://studio.example"));
        assert_eq!(notice.subject, "New project request from Ben Ode (Globex): Web Application");
        assert_eq!(notice.reply_to, "ben@globex.example");
        assert_eq!(
            notice.body,
            "Ben Ode <ben@globex.example> asked for a quote.\n\n\
             Company: Globex\nProject type: Web Application\nBudget: $10,000 - $25,000\nTimeline: Next spring\n\n\
             A customer portal.\nWith invoices.\n\n\
             Open it in the back office:\nhttps://studio.example/admin/project-requests/65f1c2a9b4e8d70012345678\n"
        );
        let mut alone = request("Globex");
        alone.company_name.clear();
        let alone = project_request_notice(&alone, None);
        assert_eq!(alone.subject, "New project request from Ben Ode: Web Application");
        assert!(!alone.body.contains("Company:"));
        assert!(alone.body.ends_with(":\n/admin/project-requests/65f1c2a9b4e8d70012345678\n"));
    }

    #[test]
    fn visitors_text_cannot_break_out_of_the_subject_or_a_fact_line() {
        let mut evil = message("Hi\r\nBcc: victim@example.com", "Body\r\n.\r\nMAIL FROM:<x@y>");
        evil.name = "Eve\nTo: everyone@example.com".into();
        evil.phone = "1\r\nX: y".into();
        let notice = contact_notice(&evil, None);
        assert_eq!(notice.subject, "New message from Eve To: everyone@example.com: Hi Bcc: victim@example.com");
        assert!(!notice.subject.chars().any(char::is_control));
        assert!(notice.body.contains("\nPhone: 1 X: y\n"));
        assert!(notice.body.contains("Body\r\n.\r\nMAIL FROM:<x@y>"), "the body is the visitor's text, as written");
    }

    #[test]
    fn header_text_is_one_line_of_at_most_the_subject_length() {
        assert_eq!(header_text("  a\t\tb \u{0}\u{1b} c \r\n"), "a b c");
        let long = header_text(&"word ".repeat(100));
        assert_eq!(long.chars().count(), MAX_SUBJECT_CHARS);
        assert!(long.ends_with("word…"));
        let exact = "é".repeat(MAX_SUBJECT_CHARS);
        assert_eq!(header_text(&exact), exact);
    }

    #[test]
    fn words_round_trip() {
        for topic in Topic::ALL {
            assert_eq!(Topic::parse(topic.as_str()), Ok(topic));
        }
        for status in MailStatus::ALL {
            assert_eq!(MailStatus::parse(status.as_str()), Ok(status));
        }
        for outcome in AttemptOutcome::ALL {
            assert_eq!(AttemptOutcome::parse(outcome.as_str()), Ok(outcome));
        }
    }

    fn queued() -> OutgoingMail {
        OutgoingMail::queued(id(), " team@studio.example ", contact_notice(&message("Hi", "Hello"), None), now())
    }

    fn failure(error: &str) -> Result<(), SendFailure> {
        Err(SendFailure { error: error.into(), permanent: false })
    }

    #[test]
    fn a_queued_mail_is_due_at_once() {
        let mail = queued();
        assert_eq!((mail.status, mail.attempts, mail.next_attempt_at), (MailStatus::Pending, 0, now()));
        assert_eq!(mail.recipient, "team@studio.example");
        assert_eq!(mail.sent_at, None);
    }

    #[test]
    fn a_sent_mail_records_its_attempt_and_time() {
        let mut mail = queued();
        mail.record_attempt(id(), failure("connection refused"), now());
        let later = now() + Duration::minutes(1);
        let attempt = mail.record_attempt(id(), Ok(()), later);
        assert_eq!(attempt.outcome, AttemptOutcome::Sent);
        assert_eq!((attempt.attempted_at, attempt.mail_id, attempt.error.as_str()), (later, mail.id, ""));
        assert_eq!((mail.status, mail.attempts, mail.sent_at), (MailStatus::Sent, 2, Some(later)));
        assert!(mail.last_error.is_empty());
    }

    #[test]
    fn failures_back_off_one_five_thirty_minutes_two_and_twelve_hours_then_give_up() {
        let mut mail = queued();
        let mut at = now();
        let mut waits = Vec::new();
        while mail.status == MailStatus::Pending {
            let attempt = mail.record_attempt(id(), failure("connection refused"), at);
            assert_eq!((attempt.outcome, attempt.error.as_str()), (AttemptOutcome::Failed, "connection refused"));
            if mail.status == MailStatus::Pending {
                waits.push((mail.next_attempt_at - at).num_minutes());
                at = mail.next_attempt_at;
            }
        }
        assert_eq!(waits, [1, 5, 30, 120, 720]);
        assert_eq!((mail.status, mail.attempts), (MailStatus::Failed, MAX_ATTEMPTS));
        assert_eq!(mail.last_error, "connection refused");
        assert_eq!(retry_delay(0), None);
        assert_eq!(retry_delay(MAX_ATTEMPTS), None);
    }

    #[test]
    fn a_permanent_refusal_gives_up_at_once_and_long_errors_are_cut() {
        let mut mail = queued();
        let refusal = SendFailure { error: "x".repeat(MAX_ERROR_CHARS + 10), permanent: true };
        let attempt = mail.record_attempt(id(), Err(refusal), now());
        assert_eq!((mail.status, mail.attempts), (MailStatus::Failed, 1));
        assert_eq!(attempt.error.chars().count(), MAX_ERROR_CHARS);
        assert_eq!(mail.last_error, attempt.error);
    }

    fn invitation_mail() -> (OutgoingMail, String) {
        let email = crate::user::Email::parse("grace@atelier.test").unwrap();
        let (invitation, token) = Invitation::new(id(), email, crate::user::Role::Editor, id(), now());
        let link = Invitation::link(&token, Some("https://studio.example"));
        let notice = invitation_notice(&invitation, "Ada", "ada@atelier.test", &link);
        (OutgoingMail::queued(id(), "grace@atelier.test", notice, now()), token.expose().to_owned())
    }

    #[test]
    fn an_invitation_mail_keeps_its_link_only_until_it_is_sent() {
        let (mut mail, token) = invitation_mail();
        assert!(mail.body.contains(&token), "the queued mail carries the link to send");
        mail.record_attempt(id(), failure("connection refused"), now());
        assert!(mail.body.contains(&token), "a mail still to be retried keeps it");
        mail.record_attempt(id(), Ok(()), now() + Duration::minutes(1));
        assert_eq!(mail.body, REDACTED_BODY);
        assert!(mail.subject.contains("invites you"), "the subject stays for the record");
    }

    #[test]
    fn an_invitation_mail_given_up_on_loses_its_link_too() {
        let (mut mail, token) = invitation_mail();
        mail.record_attempt(id(), Err(SendFailure { error: "550 no such user".into(), permanent: true }), now());
        assert_eq!(mail.status, MailStatus::Failed);
        assert!(!mail.body.contains(&token));
    }

    #[test]
    fn other_mails_keep_their_text_once_sent() {
        let mut mail = queued();
        let body = mail.body.clone();
        mail.record_attempt(id(), Ok(()), now());
        assert_eq!(mail.body, body);
        assert!(Topic::Invitation.carries_secret());
        assert!(!Topic::ContactMessage.carries_secret() && !Topic::ProjectRequest.carries_secret());
    }
}
