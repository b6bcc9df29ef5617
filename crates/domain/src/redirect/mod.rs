//! Redirects: an old address of the site that sends visitors on to a new one (a post whose slug
//! changed, a page of the site Atelier replaced).
//!
//! The address a redirect is *from* is a path of this site, kept in one normal form
//! ([`RedirectPath`]) so that the spellings a browser or a search engine may use of it meet: a leading
//! `/`, no query or fragment, no trailing slash (`/2019/05/slug/` and `/2019/05/slug` are one
//! address), percent-escapes of unreserved characters decoded and every other escape in upper case
//! (`/caf%c3%a9`, `/café` and `/caf%C3%A9` are one address); otherwise paths are case-sensitive. The
//! paths the server itself owns ([`RESERVED_PREFIXES`], [`RESERVED_PATHS`]) and the site's own pages
//! ([`SITE_PAGES`]) cannot be redirected.
//!
//! Where a redirect *goes* ([`RedirectTarget`]) is a path of this site (with a query and a
//! fragment if wanted) or an absolute `http`/`https` address; never a protocol-relative `//host`
//! nor anything a browser could read as one (`/\host`), so a redirect cannot send a visitor to
//! another site unless its address says so in full.

mod address;

use chrono::{DateTime, Utc};

use crate::id::EntityId;
use crate::meta::RecordMeta;
use crate::patch::set;
use crate::validation::{FieldErrors, optional_text};

pub use self::address::*;

/// The longest path or address a redirect keeps, in its normal form.
pub const MAX_ADDRESS_LEN: usize = 2000;
/// The longest note.
pub const MAX_NOTE_LEN: usize = 500;

/// The HTTP status a redirect answers with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RedirectStatus {
    /// Moved permanently: search engines move the old address's ranking to the new one.
    #[default]
    Permanent,
    /// Found: a temporary move.
    Found,
    /// A temporary move that keeps the request's method.
    Temporary,
    /// A permanent move that keeps the request's method.
    PermanentKeepingMethod,
}

impl RedirectStatus {
    pub const CODES: [u16; 4] = [301, 302, 307, 308];

    /// # Errors
    /// For any number but 301, 302, 307 and 308.
    pub fn from_code(code: i64) -> Result<Self, String> {
        match code {
            301 => Ok(Self::Permanent),
            302 => Ok(Self::Found),
            307 => Ok(Self::Temporary),
            308 => Ok(Self::PermanentKeepingMethod),
            _ => Err("Status must be 301, 302, 307 or 308".to_owned()),
        }
    }

    pub fn code(self) -> u16 {
        match self {
            Self::Permanent => 301,
            Self::Found => 302,
            Self::Temporary => 307,
            Self::PermanentKeepingMethod => 308,
        }
    }
}

/// A stored redirect.
#[derive(Debug, Clone, PartialEq)]
pub struct Redirect {
    /// Its version and who created and last changed it.
    pub meta: RecordMeta,
    pub id: EntityId,
    /// Unique among redirects.
    pub from: RedirectPath,
    pub to: RedirectTarget,
    pub status: RedirectStatus,
    pub note: String,
    /// How many times it was followed, as last counted into storage.
    pub hits: u64,
    pub last_hit_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// The fields of a redirect as a client sent them. `None` means "not sent".
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RedirectInput {
    pub from: Option<String>,
    pub to: Option<String>,
    pub status: Option<i64>,
    pub note: Option<String>,
}

/// Validated changes to a redirect.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RedirectChanges {
    from: Option<RedirectPath>,
    to: Option<RedirectTarget>,
    status: Option<RedirectStatus>,
    note: Option<String>,
}

impl RedirectChanges {
    /// Checks every sent field; on creation `from` and `to` are required.
    ///
    /// # Errors
    /// One message per field that fails.
    pub fn parse(input: RedirectInput, creating: bool) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let from = match (input.from, creating) {
            (None, false) => None,
            (text, _) => errors.check("from", RedirectPath::parse_from(text.as_deref().unwrap_or_default())),
        };
        let to = match (input.to, creating) {
            (None, false) => None,
            (text, _) => errors.check("to", RedirectTarget::parse(text.as_deref().unwrap_or_default())),
        };
        let status = input.status.and_then(|code| errors.check("status", RedirectStatus::from_code(code)));
        let note = input.note.and_then(|note| errors.check("note", optional_text(Some(&note), "Note", MAX_NOTE_LEN)));
        errors.finish(|| Self { from, to, status, note })
    }

    /// Changes from `from` to `to` with the default status, for a record's address that moved.
    pub fn moved(from: RedirectPath, to: RedirectTarget, note: String) -> Self {
        Self { from: Some(from), to: Some(to), status: Some(RedirectStatus::Permanent), note: Some(note) }
    }

    pub fn from(&self) -> Option<&RedirectPath> {
        self.from.as_ref()
    }
}

/// Why a redirect cannot be stored as it is.
pub const LOOP_MESSAGE: &str = "To must not lead back to From, directly or through another redirect";

impl Redirect {
    /// A new redirect from validated changes (`from` and `to` given).
    pub fn create(id: EntityId, changes: RedirectChanges, now: DateTime<Utc>) -> Self {
        let mut redirect = Self {
            meta: RecordMeta::default(),
            id,
            from: RedirectPath(String::new()),
            to: RedirectTarget::Path(String::new()),
            status: RedirectStatus::default(),
            note: String::new(),
            hits: 0,
            last_hit_at: None,
            created_at: now,
            updated_at: now,
        };
        redirect.apply(changes, now);
        redirect
    }

    /// Applies the fields that were sent and stamps the update time.
    pub fn apply(&mut self, changes: RedirectChanges, now: DateTime<Utc>) {
        let RedirectChanges { from, to, status, note } = changes;
        set(&mut self.from, from);
        set(&mut self.to, to);
        set(&mut self.status, status);
        set(&mut self.note, note);
        self.updated_at = now;
    }

    /// Whether it leads back to its own address (trailing slash and escapes aside).
    pub fn loops(&self) -> bool {
        self.to.local_path().is_some_and(|to| to == self.from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(text: &str) -> String {
        RedirectPath::normalise(text).unwrap().0
    }

    fn from(text: &str) -> Result<String, String> {
        RedirectPath::parse_from(text).map(|path| path.0)
    }

    fn to(text: &str) -> Result<String, String> {
        RedirectTarget::parse(text).map(|target| target.as_str().to_owned())
    }

    #[test]
    fn a_trailing_slash_does_not_make_another_address() {
        assert_eq!(path("/2019/05/slug/"), "/2019/05/slug");
        assert_eq!(path("/2019/05/slug"), "/2019/05/slug");
        assert_eq!(path("/"), "/");
        assert_eq!(from("/2019/05/slug/").unwrap(), from("/2019/05/slug").unwrap());
    }

    #[test]
    fn escapes_are_normalised_and_case_is_kept() {
        assert_eq!(path("/caf%c3%a9"), "/caf%C3%A9");
        assert_eq!(path("/café"), "/caf%C3%A9");
        assert_eq!(path("/%7Euser/%41bc"), "/~user/Abc");
        assert_eq!(path("/a%2Fb"), "/a%2Fb");
        assert_eq!(path("/with space"), "/with%20space");
        assert_ne!(path("/About"), path("/about"));
    }

    #[test]
    fn the_query_and_fragment_are_no_part_of_the_address() {
        assert_eq!(path("/old?utm_source=x#top"), "/old");
        assert_eq!(from("/old-post/?p=12").unwrap(), "/old-post");
        assert_eq!(from("old-post").unwrap(), "/old-post");
        assert_eq!(from("https://old.example/2019/05/slug/?x=1").unwrap(), "/2019/05/slug");
    }

    #[test]
    fn malformed_paths_are_refused() {
        for bad in
            ["//evil.example", "/a//b", "/a/../b", "/./a", "/%2e%2E/x", "/a%zz", "/a%4", "/a\\b", "/a\u{0}b", "/a\nb"]
        {
            assert!(RedirectPath::normalise(bad).is_err(), "{bad:?} should be refused");
        }
        assert!(RedirectPath::normalise(&format!("/{}", "a".repeat(MAX_ADDRESS_LEN))).is_err());
        assert!(RedirectPath::normalise(&format!("/{}", "a".repeat(MAX_ADDRESS_LEN - 1))).is_ok());
    }

    #[test]
    fn paths_the_server_owns_and_the_site_pages_cannot_be_redirected() {
        for reserved in [
            "/api/health",
            "/API/blog",
            "/admin",
            "/admin/posts",
            "/assets/index.js",
            "/media/abc.webp",
            "/images/logo.png",
            "/sitemap.xml",
            "/rss.xml",
            "/robots.txt",
            "/newsletter/confirm",
            "/",
            "/about/",
            "/blog",
            "/faq",
        ] {
            assert!(from(reserved).is_err(), "{reserved} should be refused");
        }
        assert_eq!(from("/blog/old-slug").unwrap(), "/blog/old-slug");
        assert_eq!(from("/apis").unwrap(), "/apis");
        assert_eq!(from("/administration/x").unwrap(), "/administration/x");
        assert_eq!(from("   ").unwrap_err(), "From is required");
    }

    #[test]
    fn a_target_is_a_local_path_or_an_absolute_web_address() {
        assert_eq!(to("/blog/new-slug").unwrap(), "/blog/new-slug");
        assert_eq!(to("/search?q=a b#top").unwrap(), "/search?q=a%20b#top");
        assert_eq!(to("/blog/new/").unwrap(), "/blog/new/");
        assert_eq!(to("https://example.com/x").unwrap(), "https://example.com/x");
        assert_eq!(to("HTTPS://Example.COM").unwrap(), "https://example.com/");
        assert_eq!(to("https://bücher.example/").unwrap(), "https://xn--bcher-kva.example/");
    }

    #[test]
    fn a_target_can_never_be_read_as_another_site_without_saying_so() {
        for bad in [
            "//evil.example",
            "//evil.example/path",
            "/\\evil.example",
            "\\\\evil.example",
            "/\t/evil.example",
            "evil.example",
            "javascript:alert(1)",
            "data:text/html,x",
            "ftp://example.com/",
            "https://user:pass@example.com/",
            "https://",
            "/a\r\nSet-Cookie: x=1",
        ] {
            assert!(to(bad).is_err(), "{bad:?} should be refused");
        }
        // A path whose first segment is escaped stays a path.
        assert_eq!(to("/%2F/evil.example").unwrap(), "/%2F/evil.example");
    }

    #[test]
    fn a_redirect_to_its_own_address_loops() {
        let changes = RedirectChanges::parse(
            RedirectInput { from: Some("/old/".into()), to: Some("/old?x=1".into()), ..RedirectInput::default() },
            true,
        )
        .unwrap();
        let redirect = Redirect::create(EntityId::generate(Utc::now()), changes, Utc::now());
        assert!(redirect.loops());
        let mut other = redirect.clone();
        other.to = RedirectTarget::parse("/new").unwrap();
        assert!(!other.loops());
    }

    #[test]
    fn statuses_are_the_four_redirect_codes_and_301_by_default() {
        for code in RedirectStatus::CODES {
            assert_eq!(RedirectStatus::from_code(i64::from(code)).unwrap().code(), code);
        }
        assert_eq!(RedirectStatus::default().code(), 301);
        assert!(RedirectStatus::from_code(300).is_err());
        assert!(RedirectStatus::from_code(200).is_err());
    }

    #[test]
    fn creation_requires_from_and_to() {
        let errors = RedirectChanges::parse(RedirectInput::default(), true).unwrap_err();
        assert_eq!(errors.get("from"), Some("From is required"));
        assert_eq!(errors.get("to"), Some("To is required"));
        assert!(RedirectChanges::parse(RedirectInput::default(), false).is_ok());
    }
}
