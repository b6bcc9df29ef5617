//! Field validation shared by every entity: the collected field errors and the parsers of common
//! field shapes (bounded text, emails, absolute URLs, dates and times). Messages are written for the
//! people who read them in a form.

use std::collections::BTreeMap;

use chrono::{DateTime, Datelike, Utc};

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

/// Trims and requires a non-empty text of at most `max` characters.
pub fn required_text(value: Option<&str>, label: &str, max: usize) -> Result<String, String> {
    let text = value.map(str::trim).unwrap_or_default();
    if text.is_empty() {
        return Err(format!("{label} is required"));
    }
    bounded(text, label, max)
}

/// Trims an optional text of at most `max` characters; absent becomes empty.
pub fn optional_text(value: Option<&str>, label: &str, max: usize) -> Result<String, String> {
    bounded(value.map(str::trim).unwrap_or_default(), label, max)
}

fn bounded(text: &str, label: &str, max: usize) -> Result<String, String> {
    if text.chars().count() > max {
        Err(format!("{label} must be at most {max} characters"))
    } else {
        Ok(text.to_owned())
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
    let valid = email.len() <= MAX_EMAIL_LEN
        && !email.chars().any(char::is_whitespace)
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
    let url = value.map(str::trim).unwrap_or_default();
    if url.is_empty() {
        return Ok(String::new());
    }
    let host = url.strip_prefix("https://").or_else(|| url.strip_prefix("http://"));
    let valid = url.len() <= MAX_URL_LEN
        && !url.chars().any(|c| c.is_whitespace() || c.is_control())
        && host.is_some_and(|rest| rest.split(['/', '?', '#']).next().is_some_and(|host| !host.is_empty()));
    if valid { Ok(url.to_owned()) } else { Err(format!("{label} must be an absolute http(s) URL")) }
}

/// An empty text, an absolute http(s) URL, or a path on this site (`/images/...`), as image fields take.
pub fn optional_image(value: Option<&str>, label: &str) -> Result<String, String> {
    let text = value.map(str::trim).unwrap_or_default();
    let is_site_path = text.starts_with('/')
        && !text.starts_with("//")
        && text.len() <= MAX_URL_LEN
        && !text.chars().any(|c| c.is_whitespace() || c.is_control() || c == '\\');
    if is_site_path {
        Ok(text.to_owned())
    } else {
        optional_url(Some(text), label)
            .map_err(|_| format!("{label} must be an absolute http(s) URL or a path on this site"))
    }
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
    let moment = DateTime::parse_from_rfc3339(text)
        .map(|moment| moment.with_timezone(&Utc))
        .map_err(|_| format!("{label} must be an ISO-8601 date and time with its offset (2026-05-01T09:00:00Z)"))?;
    if DATE_TIME_YEARS.contains(&moment.year()) {
        Ok(Some(moment))
    } else {
        Err(format!("{label} must be between {} and {}", DATE_TIME_YEARS.start(), DATE_TIME_YEARS.end()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn required_text_is_trimmed_and_bounded() {
        assert_eq!(required_text(Some("  Hi  "), "Title", 5), Ok("Hi".into()));
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
