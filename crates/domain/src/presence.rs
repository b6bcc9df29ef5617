//! Who else has a record open for editing: each signed-in person's form sends a heartbeat while it
//! is open, and a person counts as present while their last heartbeat is at most
//! [`PRESENCE_WINDOW`] old, so someone who leaves (or whose browser stops) is gone within 30 s.

use chrono::{DateTime, Duration, Utc};

use crate::EntityId;

/// How long a heartbeat keeps its sender present.
pub const PRESENCE_WINDOW: Duration = Duration::seconds(30);

/// The kinds of record the back office edits in a form, as the API names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RecordKind {
    Post,
    Project,
    Page,
    HomePage,
    Service,
    Category,
    Tag,
    Technology,
    TeamMember,
    Testimonial,
    Faq,
    Media,
    ContactDetails,
    Settings,
    Contact,
    ProjectRequest,
}

impl RecordKind {
    pub const ALL: [Self; 16] = [
        Self::Post,
        Self::Project,
        Self::Page,
        Self::HomePage,
        Self::Service,
        Self::Category,
        Self::Tag,
        Self::Technology,
        Self::TeamMember,
        Self::Testimonial,
        Self::Faq,
        Self::Media,
        Self::ContactDetails,
        Self::Settings,
        Self::Contact,
        Self::ProjectRequest,
    ];

    /// The kind's name in the API and the store.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Post => "post",
            Self::Project => "project",
            Self::Page => "page",
            Self::HomePage => "home-page",
            Self::Service => "service",
            Self::Category => "category",
            Self::Tag => "tag",
            Self::Technology => "technology",
            Self::TeamMember => "team-member",
            Self::Testimonial => "testimonial",
            Self::Faq => "faq",
            Self::Media => "media",
            Self::ContactDetails => "contact-details",
            Self::Settings => "settings",
            Self::Contact => "contact",
            Self::ProjectRequest => "project-request",
        }
    }

    /// The kind named `text`, or `None` for an unknown name.
    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|kind| kind.as_str() == text)
    }
}

/// Why a record reference was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordRefError {
    #[error("Unknown record kind '{0}'")]
    UnknownKind(String),
    #[error("Invalid record id")]
    InvalidId,
}

/// One record: its kind and its key (a record's `_id`, a page's type such as `about`, or `current`
/// for the one record of a singleton such as the home page).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RecordRef {
    pub kind: RecordKind,
    key: String,
}

/// The longest record key: ids are 24 characters, page types a slug.
const MAX_KEY: usize = 64;

impl RecordRef {
    /// # Errors
    /// An unknown kind; a key that is empty, longer than 64 characters or not lowercase letters,
    /// digits and hyphens.
    pub fn parse(kind: &str, key: &str) -> Result<Self, RecordRefError> {
        let kind = RecordKind::parse(kind).ok_or_else(|| RecordRefError::UnknownKind(kind.to_owned()))?;
        let valid = !key.is_empty()
            && key.len() <= MAX_KEY
            && key.bytes().all(|byte| byte.is_ascii_lowercase() || byte.is_ascii_digit() || byte == b'-');
        if !valid {
            return Err(RecordRefError::InvalidId);
        }
        Ok(Self { kind, key: key.to_owned() })
    }

    pub fn key(&self) -> &str {
        &self.key
    }
}

/// One person's presence at a record: since when they have had it open, and their last heartbeat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Presence {
    pub account: EntityId,
    pub since: DateTime<Utc>,
    pub last_seen: DateTime<Utc>,
}

impl Presence {
    /// Whether the person still counts as present at `now`: seen within the last 30 s.
    pub fn is_present(&self, now: DateTime<Utc>) -> bool {
        self.last_seen > now - PRESENCE_WINDOW
    }
}

/// The people present at `now` other than `me`, the longest there first.
pub fn others_present(entries: &[Presence], me: EntityId, now: DateTime<Utc>) -> Vec<Presence> {
    let mut others: Vec<Presence> =
        entries.iter().filter(|entry| entry.account != me && entry.is_present(now)).cloned().collect();
    others.sort_by_key(|entry| (entry.since, entry.account.to_string()));
    others
}

/// Heartbeats at or before this time are forgotten when `now` is written.
pub fn forget_before(now: DateTime<Utc>) -> DateTime<Utc> {
    now - PRESENCE_WINDOW
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    struct FakeClock(DateTime<Utc>);

    impl FakeClock {
        fn advance(&mut self, seconds: i64) -> DateTime<Utc> {
            self.0 += Duration::seconds(seconds);
            self.0
        }
    }

    fn id(n: u8) -> EntityId {
        EntityId::from_parts(1, [0, 0, 0, 0, 0, 0, 0, n])
    }

    #[test]
    fn a_person_is_present_until_thirty_seconds_after_their_last_heartbeat() {
        let mut clock = FakeClock(Utc.with_ymd_and_hms(2026, 11, 27, 12, 0, 0).unwrap());
        let start = clock.0;
        let ana = Presence { account: id(1), since: start, last_seen: start };
        assert!(ana.is_present(clock.advance(0)));
        assert!(ana.is_present(clock.advance(29)), "29 s later");
        assert!(!ana.is_present(clock.advance(1)), "30 s later: gone");
        assert!(!ana.is_present(clock.advance(60)));
    }

    #[test]
    fn others_present_leaves_out_the_caller_and_the_gone() {
        let mut clock = FakeClock(Utc.with_ymd_and_hms(2026, 11, 27, 12, 0, 0).unwrap());
        let start = clock.0;
        let entries = [
            Presence { account: id(1), since: start, last_seen: start + Duration::seconds(20) },
            Presence { account: id(2), since: start - Duration::seconds(5), last_seen: start + Duration::seconds(20) },
            Presence { account: id(3), since: start, last_seen: start },
        ];
        let now = clock.advance(40);
        let others: Vec<EntityId> = others_present(&entries, id(1), now).iter().map(|entry| entry.account).collect();
        assert_eq!(others, [id(2)], "the caller is left out; the third was last seen 40 s ago");
        assert_eq!(others_present(&entries, id(9), now).len(), 2);
    }

    #[test]
    fn kinds_and_keys_are_checked() {
        for kind in RecordKind::ALL {
            assert_eq!(RecordKind::parse(kind.as_str()), Some(kind));
        }
        assert!(RecordRef::parse("post", "65f1c2a9b4e8d70012345678").is_ok());
        assert!(RecordRef::parse("page", "about").is_ok());
        assert_eq!(RecordRef::parse("posts", "about"), Err(RecordRefError::UnknownKind("posts".into())));
        for key in ["", "ABC", "a/b", "a b", &"x".repeat(65)] {
            assert_eq!(RecordRef::parse("post", key), Err(RecordRefError::InvalidId), "{key:?}");
        }
    }
}
