//! Record identifiers: 24 lowercase hexadecimal characters, ObjectId-like (4 bytes of seconds since
//! the Unix epoch, then 8 random bytes), so they sort roughly by creation time and never collide in
//! practice.

use std::fmt;
use std::str::FromStr;

use chrono::{DateTime, Utc};

/// The identifier every stored record carries as `_id`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct EntityId([u8; 12]);

/// The text given is not a 24-character lowercase hexadecimal identifier.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a valid identifier")]
pub struct InvalidId;

impl EntityId {
    /// The number of hexadecimal characters in an identifier.
    pub const LEN: usize = 24;

    /// A fresh identifier for a record created at `now`.
    ///
    /// # Panics
    /// Only when the operating system's random source is unavailable, which leaves nothing sensible to
    /// do.
    pub fn generate(now: DateTime<Utc>) -> Self {
        let mut random = [0_u8; 8];
        getrandom::fill(&mut random).expect("the operating system's random source is available");
        // Seconds past 2106 wrap around, as ObjectIds do.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let seconds = now.timestamp() as u32;
        Self::from_parts(seconds, random)
    }

    /// Builds an identifier from its two parts: creation seconds and random bytes.
    pub fn from_parts(seconds: u32, random: [u8; 8]) -> Self {
        let mut bytes = [0_u8; 12];
        bytes[..4].copy_from_slice(&seconds.to_be_bytes());
        bytes[4..].copy_from_slice(&random);
        Self(bytes)
    }

    /// Parses the canonical text form. Uppercase, short, long or non-hexadecimal input is refused.
    pub fn parse(text: &str) -> Result<Self, InvalidId> {
        if !looks_like_id(text) {
            return Err(InvalidId);
        }
        let mut bytes = [0_u8; 12];
        for (index, pair) in text.as_bytes().chunks_exact(2).enumerate() {
            bytes[index] = (hex_value(pair[0]) << 4) | hex_value(pair[1]);
        }
        Ok(Self(bytes))
    }

    /// The seconds since the Unix epoch recorded in the identifier.
    pub fn seconds(&self) -> u32 {
        u32::from_be_bytes([self.0[0], self.0[1], self.0[2], self.0[3]])
    }
}

/// Whether `text` has the shape of an identifier: exactly 24 lowercase hexadecimal characters.
pub fn looks_like_id(text: &str) -> bool {
    text.len() == EntityId::LEN && text.bytes().all(|byte| matches!(byte, b'0'..=b'9' | b'a'..=b'f'))
}

fn hex_value(digit: u8) -> u8 {
    match digit {
        b'0'..=b'9' => digit - b'0',
        _ => digit - b'a' + 10,
    }
}

impl fmt::Display for EntityId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for byte in self.0 {
            write!(f, "{byte:02x}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for EntityId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "EntityId({self})")
    }
}

impl FromStr for EntityId {
    type Err = InvalidId;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Self::parse(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn generated_ids_are_24_lowercase_hex_characters() {
        let id = EntityId::generate(Utc::now()).to_string();
        assert_eq!(id.len(), 24);
        assert!(looks_like_id(&id), "{id}");
    }

    #[test]
    fn generated_ids_start_with_the_creation_seconds() {
        let now = Utc.with_ymd_and_hms(2024, 3, 15, 12, 0, 0).unwrap();
        let id = EntityId::generate(now);
        assert_eq!(i64::from(id.seconds()), now.timestamp());
        assert!(id.to_string().starts_with(&format!("{:08x}", now.timestamp())));
    }

    #[test]
    fn two_ids_generated_in_the_same_second_differ() {
        let now = Utc::now();
        assert_ne!(EntityId::generate(now), EntityId::generate(now));
    }

    #[test]
    fn parsing_round_trips_the_text_form() {
        let id = EntityId::from_parts(0x6543_21ab, [1, 2, 3, 4, 5, 6, 7, 0xff]);
        assert_eq!(id.to_string(), "654321ab01020304050607ff");
        assert_eq!(EntityId::parse("654321ab01020304050607ff"), Ok(id));
    }

    #[test]
    fn parsing_refuses_anything_but_24_lowercase_hex_characters() {
        for text in [
            "",
            "654321ab01020304050607f",
            "654321ab01020304050607ff0",
            "654321AB01020304050607FF",
            "654321ab01020304050607fg",
            "mobile-app-development!!",
            "654321ab0102030405060 ff",
        ] {
            assert_eq!(EntityId::parse(text), Err(InvalidId), "{text:?}");
        }
    }
}
