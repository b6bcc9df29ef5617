//! Who a visitor is, without a cookie and without keeping who they are: a hash of their address and
//! browser (`User-Agent`) under a secret salt that changes every day. The same visitor is the same
//! hash all day, and a different one the next; with the day's salt forgotten, nobody (the site's
//! own operators included) can tell which address a hash stood for. Post view counts use it, and
//! so will visitor statistics.

use std::fmt;

use chrono::{DateTime, DurationRound, NaiveDate, TimeDelta, Utc};

use crate::media::content_hash;

/// Bytes of a day's salt.
pub const SALT_BYTES: usize = 32;

/// A visitor counts one view of a post per clock hour at most.
pub const VIEW_PERIOD: TimeDelta = TimeDelta::hours(1);

/// The secret salt of one day (UTC), shared by every instance. Never printed.
#[derive(Clone, PartialEq, Eq)]
pub struct VisitorSalt([u8; SALT_BYTES]);

impl fmt::Debug for VisitorSalt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("VisitorSalt(***)")
    }
}

impl VisitorSalt {
    /// A new random salt.
    pub fn generate() -> Self {
        let mut bytes = [0; SALT_BYTES];
        getrandom::fill(&mut bytes).expect("the operating system's random source is available");
        Self(bytes)
    }

    /// The stored form: 64 hexadecimal digits.
    pub fn to_hex(&self) -> String {
        self.0.iter().fold(String::with_capacity(SALT_BYTES * 2), |mut hex, byte| {
            use std::fmt::Write;
            let _ = write!(hex, "{byte:02x}");
            hex
        })
    }

    /// A salt read back from its stored form.
    ///
    /// # Errors
    /// When the text is not 64 hexadecimal digits.
    pub fn from_hex(text: &str) -> Result<Self, String> {
        let mut bytes = [0; SALT_BYTES];
        if text.len() != SALT_BYTES * 2 || !text.is_ascii() {
            return Err("a visitor salt is 64 hexadecimal digits".to_owned());
        }
        for (index, byte) in bytes.iter_mut().enumerate() {
            *byte = u8::from_str_radix(&text[index * 2..index * 2 + 2], 16)
                .map_err(|_| "a visitor salt is 64 hexadecimal digits".to_owned())?;
        }
        Ok(Self(bytes))
    }
}

/// The day a salt belongs to.
pub fn salt_day(now: DateTime<Utc>) -> NaiveDate {
    now.date_naive()
}

/// One visitor, for one day: the hash of the day's salt, their address and their browser.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Visitor(String);

impl Visitor {
    /// The visitor behind `address` and `user_agent` under the day's `salt`.
    pub fn identify(salt: &VisitorSalt, address: &str, user_agent: &str) -> Self {
        let mut bytes = Vec::with_capacity(SALT_BYTES + address.len() + user_agent.len() + 1);
        bytes.extend_from_slice(&salt.0);
        bytes.extend_from_slice(address.as_bytes());
        bytes.push(0x1f);
        bytes.extend_from_slice(user_agent.as_bytes());
        Self(content_hash(&bytes))
    }

    /// The stored form: 64 hexadecimal digits.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// A visitor read back from its stored form.
    ///
    /// # Errors
    /// When the text is not 64 lowercase hexadecimal digits.
    pub fn from_stored(text: &str) -> Result<Self, String> {
        if text.len() == 64 && text.bytes().all(|byte| byte.is_ascii_digit() || (b'a'..=b'f').contains(&byte)) {
            Ok(Self(text.to_owned()))
        } else {
            Err("a visitor is 64 hexadecimal digits".to_owned())
        }
    }
}

/// The period a view at `now` falls in: its clock hour.
pub fn view_period(now: DateTime<Utc>) -> DateTime<Utc> {
    now.duration_trunc(VIEW_PERIOD).unwrap_or(now)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_visitor_is_one_hash_per_salt_and_the_hash_keeps_nothing_readable() {
        let (today, tomorrow) = (VisitorSalt::generate(), VisitorSalt::generate());
        let ua = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
        let ana = Visitor::identify(&today, "203.0.113.7", ua);
        assert_eq!(ana, Visitor::identify(&today, "203.0.113.7", ua));
        assert_ne!(ana, Visitor::identify(&today, "203.0.113.8", ua), "another address");
        assert_ne!(ana, Visitor::identify(&today, "203.0.113.7", "curl/8.5.0"), "another browser");
        assert_ne!(ana, Visitor::identify(&tomorrow, "203.0.113.7", ua), "another day");
        // Only hex digits: no dot, so no address or part of one can be in it.
        assert_eq!(ana.as_str().len(), 64);
        assert!(ana.as_str().bytes().all(|byte| byte.is_ascii_hexdigit()), "{ana:?}");
        assert_eq!(Visitor::from_stored(ana.as_str()), Ok(ana.clone()));
        assert!(Visitor::from_stored("203.0.113.7").is_err());
    }

    #[test]
    fn salts_round_trip_through_their_stored_form_and_never_print() {
        let salt = VisitorSalt::generate();
        assert_eq!(VisitorSalt::from_hex(&salt.to_hex()), Ok(salt.clone()));
        assert!(VisitorSalt::from_hex("abc").is_err());
        assert!(VisitorSalt::from_hex(&"zz".repeat(32)).is_err());
        assert!(!format!("{salt:?}").contains(&salt.to_hex()[..8]));
    }

    #[test]
    fn views_fall_in_clock_hours() {
        let at = DateTime::parse_from_rfc3339("2026-11-27T10:59:59Z").unwrap().with_timezone(&Utc);
        assert_eq!(view_period(at).to_rfc3339(), "2026-11-27T10:00:00+00:00");
        assert_eq!(salt_day(at).to_string(), "2026-11-27");
    }
}
