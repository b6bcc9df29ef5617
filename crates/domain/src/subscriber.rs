//! Newsletter subscribers: the addresses visitors leave in the site header's newsletter box.
//!
//! An address is stored once, whatever its case (it is trimmed and lowercased). With a mail server
//! configured a new address waits for its owner to confirm it (double opt-in) through a link mailed
//! to it; without one nobody can prove the address is theirs, so it is kept as not confirmed. Every
//! address has one random token: its links (confirm, unsubscribe) carry it, so only whoever received
//! them can use them.

use crate::meta::RecordMeta;
use chrono::{DateTime, Duration, Utc};

use crate::id::EntityId;
use crate::invitation::OneTimeSecret;
use crate::user::Email;
use crate::validation;

/// The newsletter box's message for a missing or malformed address (public-site.md §5).
pub const INVALID_EMAIL: &str = "Please enter a valid email address";

/// The page that confirms an address (a GET shows it, its form's POST confirms).
pub const CONFIRM_PATH: &str = "/newsletter/confirm";
/// The page that removes an address (a GET shows it, a POST removes: RFC 8058's one-click too).
pub const UNSUBSCRIBE_PATH: &str = "/newsletter/unsubscribe";

/// How long after a confirmation mail another sign-up of the same waiting address may send one
/// more: a sign-up form must not become a way to flood someone's inbox.
pub const CONFIRMATION_RESEND_AFTER: Duration = Duration::hours(24);

/// Where an address stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SubscriberStatus {
    /// A confirmation link was mailed and not yet followed.
    Pending,
    /// Its owner followed the confirmation link.
    Confirmed,
    /// Signed up while no mail server was configured: never confirmed by its owner.
    Unconfirmed,
}

crate::word_enum!(SubscriberStatus, |_| "Status must be pending, confirmed or unconfirmed".to_owned(), {
    Pending => "pending",
    Confirmed => "confirmed",
    Unconfirmed => "unconfirmed",
});

/// A stored newsletter address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subscriber {
    /// Its version and who created and last changed it.
    pub meta: RecordMeta,
    pub id: EntityId,
    /// Trimmed and lowercased: stored once whatever case it was typed in.
    pub email: Email,
    pub status: SubscriberStatus,
    /// 64 random hex digits, unique: the credential of the address's confirm and unsubscribe links.
    pub token: String,
    pub created_at: DateTime<Utc>,
    pub confirmed_at: Option<DateTime<Utc>>,
    /// When the last confirmation mail was queued.
    pub confirmation_sent_at: Option<DateTime<Utc>>,
}

/// The address typed into the newsletter box, trimmed and lowercased, or the box's message.
pub fn newsletter_email(value: Option<&str>) -> Result<Email, String> {
    let text = value.unwrap_or_default();
    if text.chars().count() > validation::MAX_EMAIL_LEN {
        return Err(INVALID_EMAIL.to_owned());
    }
    Email::parse(text).map_err(|_| INVALID_EMAIL.to_owned())
}

impl Subscriber {
    /// A new address with a fresh token: waiting for confirmation when confirmations can be
    /// mailed (`mail_on`), else kept as not confirmed.
    pub fn new(id: EntityId, email: Email, mail_on: bool, now: DateTime<Utc>) -> Self {
        Self {
            meta: RecordMeta::default(),
            id,
            email,
            status: if mail_on { SubscriberStatus::Pending } else { SubscriberStatus::Unconfirmed },
            token: OneTimeSecret::generate().expose().to_owned(),
            created_at: now,
            confirmed_at: None,
            confirmation_sent_at: None,
        }
    }

    /// Whether a sign-up at `now` should mail a confirmation link: mail is on, the address is not
    /// confirmed, and no link was mailed within [`CONFIRMATION_RESEND_AFTER`].
    pub fn needs_confirmation_mail(&self, mail_on: bool, now: DateTime<Utc>) -> bool {
        mail_on
            && self.status != SubscriberStatus::Confirmed
            && self.confirmation_sent_at.is_none_or(|sent| now - sent >= CONFIRMATION_RESEND_AFTER)
    }

    /// Records that a confirmation link was mailed at `now`: the address waits for it.
    pub fn confirmation_sent(&mut self, now: DateTime<Utc>) {
        self.status = SubscriberStatus::Pending;
        self.confirmation_sent_at = Some(now);
    }

    /// Its owner confirmed it; confirming again changes nothing.
    pub fn confirm(&mut self, now: DateTime<Utc>) {
        if self.status != SubscriberStatus::Confirmed {
            self.status = SubscriberStatus::Confirmed;
            self.confirmed_at = Some(now);
        }
    }

    /// The link that confirms the address, on the site at `base` (`https://studio.example`).
    pub fn confirm_link(&self, base: &str) -> String {
        format!("{}{CONFIRM_PATH}?token={}", base.trim_end_matches('/'), self.token)
    }

    /// The link that removes the address, on the site at `base`: for every mail sent to it.
    pub fn unsubscribe_link(&self, base: &str) -> String {
        format!("{}{UNSUBSCRIBE_PATH}?token={}", base.trim_end_matches('/'), self.token)
    }
}

/// Whether `text` has the shape of a subscriber's token (64 lowercase hex digits), so anything else
/// is not looked up.
pub fn is_token(text: &str) -> bool {
    text.len() == 64 && text.bytes().all(|byte| byte.is_ascii_digit() || (b'a'..=b'f').contains(&byte))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn subscriber(mail_on: bool) -> Subscriber {
        let now = Utc::now();
        Subscriber::new(EntityId::generate(now), Email::parse("ana@example.com").unwrap(), mail_on, now)
    }

    #[test]
    fn addresses_are_trimmed_and_lowercased_so_case_never_makes_a_second_one() {
        assert_eq!(newsletter_email(Some("  Ana.Lima@Example.COM ")).unwrap().as_str(), "ana.lima@example.com");
        assert_eq!(newsletter_email(Some("ANA@EXAMPLE.COM")), newsletter_email(Some("ana@example.com")));
    }

    #[test]
    fn a_missing_malformed_or_overlong_address_gets_the_boxs_message() {
        let long = format!("{}@example.com", "a".repeat(250));
        for text in [None, Some(""), Some("   "), Some("ana"), Some("ana@"), Some("ana@example"), Some("a b@c.de")] {
            assert_eq!(newsletter_email(text), Err(INVALID_EMAIL.to_owned()), "{text:?}");
        }
        assert_eq!(newsletter_email(Some(&long)), Err(INVALID_EMAIL.to_owned()));
    }

    #[test]
    fn a_new_address_waits_for_confirmation_only_when_mail_can_be_sent() {
        assert_eq!(subscriber(true).status, SubscriberStatus::Pending);
        assert_eq!(subscriber(false).status, SubscriberStatus::Unconfirmed);
        let (one, two) = (subscriber(true), subscriber(true));
        assert!(is_token(&one.token) && is_token(&two.token));
        assert_ne!(one.token, two.token);
    }

    #[test]
    fn a_confirmation_is_mailed_at_most_once_a_day_and_never_to_a_confirmed_address() {
        let mut subscriber = subscriber(true);
        let now = subscriber.created_at;
        assert!(subscriber.needs_confirmation_mail(true, now));
        assert!(!subscriber.needs_confirmation_mail(false, now), "not without a mail server");
        subscriber.confirmation_sent(now);
        assert!(!subscriber.needs_confirmation_mail(true, now + Duration::hours(23)));
        assert!(subscriber.needs_confirmation_mail(true, now + CONFIRMATION_RESEND_AFTER));
        subscriber.confirm(now + Duration::hours(1));
        assert!(!subscriber.needs_confirmation_mail(true, now + Duration::days(9)));
    }

    #[test]
    fn confirming_records_the_first_time_only() {
        let mut subscriber = subscriber(false);
        let first = subscriber.created_at + Duration::hours(1);
        subscriber.confirm(first);
        subscriber.confirm(first + Duration::hours(1));
        assert_eq!((subscriber.status, subscriber.confirmed_at), (SubscriberStatus::Confirmed, Some(first)));
    }

    #[test]
    fn links_carry_the_token_on_the_sites_address() {
        let subscriber = subscriber(true);
        assert_eq!(
            subscriber.unsubscribe_link("https://studio.example/"),
            format!("https://studio.example/newsletter/unsubscribe?token={}", subscriber.token)
        );
        assert_eq!(
            subscriber.confirm_link("https://studio.example"),
            format!("https://studio.example/newsletter/confirm?token={}", subscriber.token)
        );
    }

    #[test]
    fn the_confirmation_mail_names_the_site_and_carries_both_links_in_one_line_subject() {
        let subscriber = subscriber(true);
        let notice = crate::notification::newsletter_confirmation_notice(
            &subscriber,
            "Studio\r\nBcc: x",
            "https://studio.example",
        );
        assert_eq!(notice.subject, "Confirm your subscription to the Studio Bcc: x newsletter");
        assert!(notice.body.contains(&subscriber.confirm_link("https://studio.example")), "{}", notice.body);
        assert!(notice.body.contains(&subscriber.unsubscribe_link("https://studio.example")), "{}", notice.body);
        assert!(notice.reply_to.is_empty());
    }

    #[test]
    fn only_64_lowercase_hex_digits_are_a_token() {
        assert!(is_token(&"a1".repeat(32)));
        assert!(!is_token(&"A1".repeat(32)));
        assert!(!is_token(&"a1".repeat(31)));
        assert!(!is_token("' OR 1=1 --"));
    }
}
