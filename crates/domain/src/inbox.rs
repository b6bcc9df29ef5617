//! What the two public forms share: where a message or request came from, how their emails are
//! checked, and the protections of anonymous submissions (the honeypot field and the per-client
//! submission window).

use chrono::Duration;

use crate::limits::{Limit, RetryAfter};

use crate::validation;

/// Where a contact message or project request came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LeadSource {
    #[default]
    Website,
    Referral,
    SocialMedia,
    Email,
    Phone,
    Other,
}

crate::word_enum!(LeadSource, |_| "Source must be website, referral, social_media, email, phone or other".to_owned(), {
    Website => "website",
    Referral => "referral",
    SocialMedia => "social_media",
    Email => "email",
    Phone => "phone",
    Other => "other",
});

/// The longest phone number accepted.
pub const MAX_PHONE_LEN: usize = 40;
/// The longest administrator notes accepted.
pub const MAX_NOTES_LEN: usize = 5000;

/// A required email address, trimmed and lowercased, with the forms' messages: "Email is required",
/// "Email is invalid".
pub fn submitted_email(value: Option<&str>) -> Result<String, String> {
    let text = value.unwrap_or_default();
    if text.trim().is_empty() {
        return Err("Email is required".to_owned());
    }
    if text.chars().count() > validation::MAX_EMAIL_LEN {
        return Err(format!("Email must be at most {} characters", validation::MAX_EMAIL_LEN));
    }
    validation::email(text, "Email").map_err(|_| "Email is invalid".to_owned())
}

/// Whether an anonymous submission filled the hidden honeypot field (`website`), which people never
/// see: such a submission comes from a bot. A contact message or project request that also carries
/// a valid proof of work is kept flagged as spam (answered as if stored normally), so no real
/// message is lost to an autofilling browser; a newsletter sign-up is dropped.
pub fn is_bot_submission(honeypot: Option<&str>) -> bool {
    honeypot.is_some_and(|value| !value.trim().is_empty())
}

/// How long messages and requests flagged as spam are kept before they are purged.
pub const SPAM_RETENTION: Duration = Duration::days(30);

/// How many anonymous submissions one client may send within [`SUBMISSION_WINDOW`], across both forms.
pub const MAX_SUBMISSIONS_PER_WINDOW: usize = 5;
/// The sliding window anonymous submissions are counted in.
pub const SUBMISSION_WINDOW: Duration = Duration::minutes(10);
/// The public forms' limit per client (and, counted apart, the newsletter's): at most
/// [`MAX_SUBMISSIONS_PER_WINDOW`] within any [`SUBMISSION_WINDOW`].
pub const SUBMISSIONS: Limit = Limit::per(MAX_SUBMISSIONS_PER_WINDOW, SUBMISSION_WINDOW);

/// The message a refused client reads.
pub fn too_many_submissions(wait: RetryAfter) -> String {
    format!("Too many submissions. Please try again in {} minutes.", wait.minutes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Utc;

    #[test]
    fn sources_parse_from_their_api_names() {
        for source in LeadSource::ALL {
            assert_eq!(LeadSource::parse(source.as_str()), Ok(source));
        }
        assert_eq!(LeadSource::parse(" social_media "), Ok(LeadSource::SocialMedia));
        assert!(LeadSource::parse("social-media").is_err());
        assert!(LeadSource::parse("Website").is_err());
        assert_eq!(LeadSource::default(), LeadSource::Website);
    }

    #[test]
    fn emails_use_the_forms_messages() {
        assert_eq!(submitted_email(Some(" Ana@Example.COM ")), Ok("ana@example.com".into()));
        assert_eq!(submitted_email(None), Err("Email is required".into()));
        assert_eq!(submitted_email(Some("  ")), Err("Email is required".into()));
        assert_eq!(submitted_email(Some("ana@")), Err("Email is invalid".into()));
        let long = format!("{}@example.com", "a".repeat(250));
        assert_eq!(submitted_email(Some(&long)), Err("Email must be at most 254 characters".into()));
    }

    #[test]
    fn a_filled_honeypot_marks_a_bot() {
        assert!(!is_bot_submission(None));
        assert!(!is_bot_submission(Some("")));
        assert!(!is_bot_submission(Some("   ")));
        assert!(is_bot_submission(Some("https://spam.example")));
    }

    #[test]
    fn a_refused_submission_reads_its_wait_in_minutes() {
        let wait = RetryAfter::until(Utc::now() + Duration::seconds(299), Utc::now());
        assert_eq!(too_many_submissions(wait), "Too many submissions. Please try again in 5 minutes.");
    }
}
