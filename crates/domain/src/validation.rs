//! Field validation shared by every entity: the collected field errors and the parsers of common
//! field shapes (bounded text, emails, absolute URLs, dates and times). Messages are written for the
//! people who read them in a form.

use std::collections::BTreeMap;

use chrono::{DateTime, Datelike, FixedOffset, Utc};

/// Field name → message, for every field that failed. Names are the API's camelCase names.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FieldErrors(BTreeMap<String, String>);

impl FieldErrors {
    pub fn new() -> Self {
        Self::default()
    }

    /// Keeps the value of a successful parse, or records its message under `field`.
    pub fn check<T>(&mut self, field: &str, result: Result<T, String>) -> Option<T> {
        match result {
            Ok(value) => Some(value),
            Err(message) => {
                self.add(field, message);
                None
            }
        }
    }

    /// Records a message for `field`; the first message for a field wins.
    pub fn add(&mut self, field: &str, message: impl Into<String>) {
        self.0.entry(field.to_owned()).or_insert_with(|| message.into());
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn get(&self, field: &str) -> Option<&str> {
        self.0.get(field).map(String::as_str)
    }

    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(field, message)| (field.as_str(), message.as_str()))
    }

    /// `Ok(build())` when nothing failed, else the errors. `build` runs only on success, so it may
    /// unwrap the values that `check` returned.
    pub fn finish<T>(self, build: impl FnOnce() -> T) -> Result<T, Self> {
        if self.is_empty() { Ok(build()) } else { Err(self) }
    }
}

impl std::fmt::Display for FieldErrors {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let fields: Vec<_> = self.0.keys().map(String::as_str).collect();
        write!(f, "invalid fields: {}", fields.join(", "))
    }
}

/// Requires a text that is not blank and at most `max` characters long as sent, and trims it.
pub fn required_text(value: Option<&str>, label: &str, max: usize) -> Result<String, String> {
    let text = value.unwrap_or_default();
    if text.trim().is_empty() {
        return Err(format!("{label} is required"));
    }
    bounded(text, label, max)
}

/// An optional text of at most `max` characters as sent, trimmed; absent becomes empty.
pub fn optional_text(value: Option<&str>, label: &str, max: usize) -> Result<String, String> {
    bounded(value.unwrap_or_default(), label, max)
}

/// Limits count the characters as sent, surrounding spaces included, so that a client (and the
/// API document's `maxLength`) can check them without knowing how the server trims.
fn bounded(text: &str, label: &str, max: usize) -> Result<String, String> {
    if text.chars().count() > max {
        Err(format!("{label} must be at most {max} characters"))
    } else {
        Ok(text.trim().to_owned())
    }
}

/// The longest email address accepted (RFC 5321's path limit).
pub const MAX_EMAIL_LEN: usize = 254;

/// Trims and lowercases an email address and checks its shape (`local@domain.tld`, no spaces).
pub fn email(value: &str, label: &str) -> Result<String, String> {
    let email = value.trim().to_lowercase();
    if email.is_empty() {
        return Err(format!("{label} is required"));
    }
    let valid = value.chars().count() <= MAX_EMAIL_LEN
        && !email.chars().any(|c| c.is_whitespace() || c.is_control())
        && email.split_once('@').is_some_and(|(local, domain)| {
            !local.is_empty()
                && !domain.contains('@')
                && domain.split('.').count() >= 2
                && domain.split('.').all(|label| !label.is_empty())
        });
    if valid { Ok(email) } else { Err(format!("{label} must be a valid email address")) }
}

/// Like [`email`], but an empty value is allowed and stays empty.
pub fn optional_email(value: Option<&str>, label: &str) -> Result<String, String> {
    match value.map(str::trim) {
        None | Some("") => Ok(String::new()),
        Some(text) => email(text, label),
    }
}

/// The longest URL accepted.
pub const MAX_URL_LEN: usize = 2048;

/// An empty text, or an absolute `http`/`https` URL with a host and no whitespace.
pub fn optional_url(value: Option<&str>, label: &str) -> Result<String, String> {
    let sent = value.unwrap_or_default();
    let url = sent.trim();
    if url.is_empty() {
        return Ok(String::new());
    }
    let host = url.strip_prefix("https://").or_else(|| url.strip_prefix("http://"));
    let valid = sent.chars().count() <= MAX_URL_LEN
        && !url.chars().any(|c| c.is_whitespace() || c.is_control())
        && host.is_some_and(|rest| rest.split(['/', '?', '#']).next().is_some_and(|host| !host.is_empty()));
    if valid { Ok(url.to_owned()) } else { Err(format!("{label} must be an absolute http(s) URL")) }
}

/// An empty text, an absolute http(s) URL, or a path on this site (`/images/...`), as image fields take.
pub fn optional_image(value: Option<&str>, label: &str) -> Result<String, String> {
    let sent = value.unwrap_or_default();
    let text = sent.trim();
    let is_site_path = text.starts_with('/')
        && !text.starts_with("//")
        && sent.chars().count() <= MAX_URL_LEN
        && !text.chars().any(|c| c.is_whitespace() || c.is_control() || c == '\\');
    if is_site_path {
        Ok(text.to_owned())
    } else {
        optional_url(Some(sent), label)
            .map_err(|_| format!("{label} must be an absolute http(s) URL or a path on this site"))
    }
}

/// Whether `text` is written `YYYY-MM-DD`, optionally followed by `THH:MM`, then optionally `:SS`
/// and a fraction, every part with all its digits (chrono alone would also read `2026-5-1`). Offsets
/// are not part of this shape: RFC 3339 parsing checks those.
pub fn is_padded_date_time(text: &str) -> bool {
    let bytes = text.as_bytes();
    let digits =
        |range: std::ops::Range<usize>| bytes.get(range).is_some_and(|part| part.iter().all(u8::is_ascii_digit));
    let date =
        digits(0..4) && bytes.get(4) == Some(&b'-') && digits(5..7) && bytes.get(7) == Some(&b'-') && digits(8..10);
    if !date || bytes.len() == 10 {
        return date;
    }
    let time = bytes.get(10) == Some(&b'T') && digits(11..13) && bytes.get(13) == Some(&b':') && digits(14..16);
    if !time || bytes.len() == 16 {
        return time;
    }
    let seconds = bytes.get(16) == Some(&b':') && digits(17..19);
    seconds && (bytes.len() == 19 || (bytes.get(19) == Some(&b'.') && bytes.len() > 20 && digits(20..bytes.len())))
}

/// An RFC 3339 date and time as the API document's pattern describes it: every digit written, an
/// upper-case `T`, seconds up to 59, and `Z` or a `±HH:MM` offset. chrono alone also reads `t`, a
/// space, `z` and leap seconds.
///
/// `None` when the text is not such a date and time.
pub fn parse_rfc3339(text: &str) -> Option<DateTime<FixedOffset>> {
    let local = text.strip_suffix('Z').or_else(|| {
        let split = text.len().checked_sub(6)?;
        let (local, offset) = (text.get(..split)?, text.get(split..)?.as_bytes());
        let digits = |part: &[u8]| part.iter().all(u8::is_ascii_digit);
        let valid =
            matches!(offset[0], b'+' | b'-') && digits(&offset[1..3]) && offset[3] == b':' && digits(&offset[4..]);
        valid.then_some(local)
    });
    let shaped =
        local.is_some_and(|local| local.len() >= 19 && is_padded_date_time(local) && local.as_bytes()[17] <= b'5');
    if shaped { DateTime::parse_from_rfc3339(text).ok() } else { None }
}

/// The years a date and time may fall in (publish times).
pub const DATE_TIME_YEARS: std::ops::RangeInclusive<i32> = 1970..=2100;

/// An empty text (none), or an RFC 3339 date and time with its offset (`2026-05-01T09:00:00Z`,
/// `2026-05-01T11:00:00+02:00`), in UTC. A time without an offset is refused: it would mean a
/// different moment on the server than in the browser that sent it.
pub fn optional_date_time(value: &str, label: &str) -> Result<Option<DateTime<Utc>>, String> {
    let text = value.trim();
    if text.is_empty() {
        return Ok(None);
    }
    let moment = parse_rfc3339(text)
        .ok_or_else(|| format!("{label} must be an ISO-8601 date and time with its offset (2026-05-01T09:00:00Z)"))?;
    // The year as written, before the offset is applied, as the API document's pattern checks it.
    if DATE_TIME_YEARS.contains(&moment.year()) {
        Ok(Some(moment.with_timezone(&Utc)))
    } else {
        Err(format!("{label} must be between {} and {}", DATE_TIME_YEARS.start(), DATE_TIME_YEARS.end()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn padded_dates_and_times_have_every_digit() {
        for text in ["2026-05-01", "2026-05-01T09:00", "2026-05-01T09:00:00", "2026-05-01T09:00:00.5"] {
            assert!(is_padded_date_time(text), "{text}");
        }
        for text in
            ["2026-5-1", "2026-05-01T9:00", "2026-05-01T09:00:0", "2026-05-01T09:00:00.", "2026-05-01 09:00", ""]
        {
            assert!(!is_padded_date_time(text), "{text}");
        }
    }

    #[test]
    fn required_text_is_trimmed_and_bounded() {
        assert_eq!(required_text(Some(" Hi  "), "Title", 5), Ok("Hi".into()));
        assert_eq!(required_text(Some("  Hi  "), "Title", 5), Err("Title must be at most 5 characters".into()));
        assert_eq!(required_text(Some("   "), "Title", 5), Err("Title is required".into()));
        assert_eq!(required_text(None, "Title", 5), Err("Title is required".into()));
        assert_eq!(required_text(Some("abcdef"), "Title", 5), Err("Title must be at most 5 characters".into()));
    }

    #[test]
    fn text_length_counts_characters_not_bytes() {
        assert!(optional_text(Some("ééééé"), "Name", 5).is_ok());
    }

    #[test]
    fn emails_are_lowercased_and_checked() {
        assert_eq!(email(" Hello@Example.COM ", "Email"), Ok("hello@example.com".into()));
        for bad in ["plain", "a@b", "a@@b.com", "a b@c.com", "@c.com", "a@.com", "a@c."] {
            assert!(email(bad, "Email").is_err(), "{bad}");
        }
        assert_eq!(optional_email(Some(" "), "Email"), Ok(String::new()));
    }

    #[test]
    fn urls_must_be_absolute_http_or_https() {
        assert_eq!(optional_url(Some(" https://x.io/a?b#c "), "Link"), Ok("https://x.io/a?b#c".into()));
        assert_eq!(optional_url(None, "Link"), Ok(String::new()));
        for bad in ["javascript:alert(1)", "ftp://x.io", "https://", "x.io", "https://x .io", "//x.io"] {
            assert!(optional_url(Some(bad), "Link").is_err(), "{bad}");
        }
    }

    #[test]
    fn images_are_urls_or_paths_on_this_site() {
        assert_eq!(optional_image(Some("/images/demo/blog-1.svg"), "Image"), Ok("/images/demo/blog-1.svg".into()));
        assert_eq!(
            optional_image(Some("https://cdn.example/a.webp"), "Image"),
            Ok("https://cdn.example/a.webp".into())
        );
        assert_eq!(optional_image(Some(""), "Image"), Ok(String::new()));
        for bad in ["//evil.example/a.png", "javascript:alert(1)", "images/a.png", "/a b.png"] {
            assert!(optional_image(Some(bad), "Image").is_err(), "{bad}");
        }
    }

    #[test]
    fn field_errors_keep_the_first_message_per_field() {
        let mut errors = FieldErrors::new();
        assert_eq!(errors.check::<u8>("title", Err("first".into())), None);
        errors.add("title", "second");
        assert_eq!(errors.get("title"), Some("first"));
        assert!(errors.finish(|| ()).is_err());
        assert_eq!(FieldErrors::new().finish(|| 7), Ok(7));
    }

    #[test]
    fn date_times_need_their_offset_and_empty_means_none() {
        let utc = chrono::TimeZone::with_ymd_and_hms(&Utc, 2026, 5, 1, 9, 0, 0).unwrap();
        assert_eq!(optional_date_time(" 2026-05-01T09:00:00Z ", "Publish time"), Ok(Some(utc)));
        assert_eq!(optional_date_time("2026-05-01T11:00:00+02:00", "Publish time"), Ok(Some(utc)));
        assert_eq!(optional_date_time("2026-05-01T09:00:00.000Z", "Publish time"), Ok(Some(utc)));
        assert_eq!(optional_date_time("  ", "Publish time"), Ok(None));
        for bad in ["2026-05-01T09:00", "2026-05-01", "tomorrow", "2026-13-01T09:00:00Z"] {
            let error = optional_date_time(bad, "Publish time").unwrap_err();
            assert!(error.starts_with("Publish time must be an ISO-8601 date and time"), "{bad}: {error}");
        }
        assert_eq!(
            optional_date_time("2101-01-01T00:00:00Z", "Publish time"),
            Err("Publish time must be between 1970 and 2100".into())
        );
    }
}
