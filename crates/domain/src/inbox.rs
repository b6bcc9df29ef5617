//! What the two public forms share: where a message or request came from, how their emails are
//! checked, and the protections of anonymous submissions (the honeypot field and the per-client
//! submission window).

use chrono::{DateTime, Duration, Utc};

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
/// see: such a submission comes from a bot and is dropped while answering as if it were stored.
pub fn is_bot_submission(honeypot: Option<&str>) -> bool {
    honeypot.is_some_and(|value| !value.trim().is_empty())
}

/// How many anonymous submissions one client may send within [`SUBMISSION_WINDOW`], across both forms.
pub const MAX_SUBMISSIONS_PER_WINDOW: usize = 5;
/// The sliding window anonymous submissions are counted in.
pub const SUBMISSION_WINDOW: Duration = Duration::minutes(10);

/// A client must wait this long before its next submission is accepted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryAfter {
    seconds: u64,
}

impl RetryAfter {
    /// Whole seconds to wait, at least 1.
    pub fn seconds(self) -> u64 {
        self.seconds
    }

    /// Whole minutes to wait, rounded up, at least 1.
    pub fn minutes(self) -> u64 {
        self.seconds.div_ceil(60).max(1)
    }

    /// The message a refused client reads.
    pub fn message(self) -> String {
        format!("Too many submissions. Please try again in {} minutes.", self.minutes())
    }
}

/// Whether a client's submission at `now` is admitted, given the times of its other submissions
/// (any order; those that left the window are ignored): at most [`MAX_SUBMISSIONS_PER_WINDOW`]
/// within any [`SUBMISSION_WINDOW`] (a sliding window, so the limit holds over every ten minutes,
/// not per calendar slot). A refusal says how long until the window has room.
///
/// # Errors
/// The wait, when the window already holds the maximum.
pub fn admission(others: &[DateTime<Utc>], now: DateTime<Utc>) -> Result<(), RetryAfter> {
    let mut recent: Vec<DateTime<Utc>> = others.iter().copied().filter(|at| *at + SUBMISSION_WINDOW > now).collect();
    if recent.len() < MAX_SUBMISSIONS_PER_WINDOW {
        return Ok(());
    }
    recent.sort_unstable();
    // Room comes back when all but MAX - 1 of them have left the window.
    let frees_up = recent[recent.len() - MAX_SUBMISSIONS_PER_WINDOW] + SUBMISSION_WINDOW;
    let wait = (frees_up - now).num_milliseconds().max(0).unsigned_abs();
    Err(RetryAfter { seconds: wait.div_ceil(1000).max(1) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn at(seconds: i64) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 1, 1, 12, 0, 0).unwrap() + Duration::seconds(seconds)
    }

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

    /// Admits at each time in turn, keeping the admitted ones as the history.
    fn run(history: &mut Vec<DateTime<Utc>>, now: DateTime<Utc>) -> Result<(), RetryAfter> {
        admission(history, now)?;
        history.push(now);
        Ok(())
    }

    #[test]
    fn five_submissions_fit_in_ten_minutes_and_the_sixth_waits_for_the_oldest() {
        let mut history = Vec::new();
        for second in [0, 60, 120, 180, 240] {
            assert_eq!(run(&mut history, at(second)), Ok(()));
        }
        let refused = run(&mut history, at(300)).unwrap_err();
        assert_eq!(refused.seconds(), 300);
        assert_eq!(refused.minutes(), 5);
        assert_eq!(refused.message(), "Too many submissions. Please try again in 5 minutes.");
        assert!(run(&mut history, at(599)).is_err(), "the refused attempt does not count, the window still holds five");
        assert_eq!(run(&mut history, at(600)), Ok(()), "the first submission left the window");
        assert!(run(&mut history, at(601)).is_err());
    }

    #[test]
    fn the_wait_is_at_least_one_second_and_one_minute() {
        let history = vec![at(0); MAX_SUBMISSIONS_PER_WINDOW];
        let refused = admission(&history, at(0) + Duration::milliseconds(599_999)).unwrap_err();
        assert_eq!((refused.seconds(), refused.minutes()), (1, 1));
    }

    #[test]
    fn the_order_of_the_history_does_not_matter_and_extra_entries_wait_for_their_turn() {
        // Seven entries (two more than the limit, as concurrent attempts can leave): room comes
        // back when the third oldest leaves.
        let history = [at(240), at(0), at(120), at(60), at(180), at(200), at(220)];
        assert_eq!(admission(&history, at(300)).unwrap_err().seconds(), 420);
        assert_eq!(admission(&history[..4], at(300)), Ok(()));
    }
}
