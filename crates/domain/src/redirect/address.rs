//! A redirect's two addresses: the path of this site it is from, in its one normal form
//! ([`RedirectPath`]), and where it goes ([`RedirectTarget`]), with the paths that cannot be
//! redirected.

use super::MAX_ADDRESS_LEN;

/// The first segments of paths the server answers itself (the API, the back office, the web apps'
/// files, the media library's files): nothing under them is redirected.
pub const RESERVED_PREFIXES: [&str; 5] = ["/api", "/admin", "/assets", "/media", "/images"];

/// Single paths the server answers itself: the feeds, the sitemap, the newsletter's links, the icon.
pub const RESERVED_PATHS: [&str; 6] =
    ["/sitemap.xml", "/rss.xml", "/robots.txt", "/favicon.svg", "/newsletter/confirm", "/newsletter/unsubscribe"];

/// The public site's own pages (public-site.md, "Screens and routes"): they always exist, so a
/// redirect from one would never be used.
pub const SITE_PAGES: [&str; 12] = [
    "/",
    "/about",
    "/services",
    "/portfolio",
    "/blog",
    "/contact",
    "/discuss-project",
    "/custom-service",
    "/faq",
    "/privacy-policy",
    "/terms-of-service",
    "/cookie-policy",
];

/// A path of this site in its normal form (see the module's documentation).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RedirectPath(pub(super) String);

impl RedirectPath {
    /// The normal form of a path as a request names it (`request.path()`, still percent-encoded), for
    /// looking a redirect up; no rules beyond the form itself.
    ///
    /// # Errors
    /// When the text is no path: an empty segment (`//`), a dot segment, a control character, a
    /// backslash, a `%` without two hexadecimal digits, or more than [`MAX_ADDRESS_LEN`] characters.
    pub fn normalise(path: &str) -> Result<Self, String> {
        let path = path.split_once('#').map_or(path, |(path, _)| path);
        let path = path.split_once('?').map_or(path, |(path, _)| path);
        let path = normal_path(path, "Path")?;
        let trimmed = path.strip_suffix('/').filter(|rest| !rest.is_empty()).unwrap_or(&path);
        if trimmed.len() > MAX_ADDRESS_LEN {
            return Err(format!("Path must be at most {MAX_ADDRESS_LEN} characters"));
        }
        Ok(Self(trimmed.to_owned()))
    }

    /// The address a redirect is from, as an administrator (or an import) wrote it: a path, or a
    /// full `http(s)://` address of the old site whose path is taken; a missing leading `/` is added,
    /// a query and a fragment are dropped.
    ///
    /// # Errors
    /// As [`Self::normalise`], and for the home page, the site's own pages and the paths the server
    /// owns.
    pub fn parse_from(text: &str) -> Result<Self, String> {
        let text = text.trim();
        if text.is_empty() {
            return Err("From is required".to_owned());
        }
        if text.chars().count() > MAX_ADDRESS_LEN {
            return Err(format!("From must be at most {MAX_ADDRESS_LEN} characters"));
        }
        let path = if has_web_scheme(text) {
            let url = url::Url::parse(text).map_err(|_| "From must be a path like /old/address".to_owned())?;
            url.path().to_owned()
        } else if text.starts_with('/') {
            text.to_owned()
        } else {
            format!("/{text}")
        };
        let path = Self::normalise(&path).map_err(|message| message.replacen("Path", "From", 1))?;
        path.check_redirectable()?;
        Ok(path)
    }

    /// Refuses the paths a redirect may not be from.
    fn check_redirectable(&self) -> Result<(), String> {
        let path = self.0.as_str();
        if path == "/" {
            return Err("From cannot be the home page".to_owned());
        }
        let first = path.split('/').nth(1).unwrap_or_default().to_ascii_lowercase();
        if let Some(prefix) = RESERVED_PREFIXES.iter().find(|prefix| prefix[1..] == first) {
            return Err(format!("From cannot be under {prefix}: the server answers those addresses itself"));
        }
        let lower = path.to_ascii_lowercase();
        if RESERVED_PATHS.contains(&lower.as_str()) {
            return Err(format!("From cannot be {path}: the server answers it itself"));
        }
        if SITE_PAGES.contains(&lower.as_str()) {
            return Err(format!("From cannot be {path}: it is a page of the site"));
        }
        Ok(())
    }

    /// A path known to be in normal form already (a post's address built from its slug).
    pub fn of_slug(prefix: &str, slug: &str) -> Result<Self, String> {
        Self::normalise(&format!("{prefix}/{slug}"))
    }

    /// A path read back from storage.
    ///
    /// # Errors
    /// When it is not in normal form (a corrupt row).
    pub fn stored(text: &str) -> Result<Self, String> {
        let path = Self::normalise(text)?;
        if path.0 == text { Ok(path) } else { Err(format!("{text} is not a path in normal form")) }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for RedirectPath {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Where a redirect goes: a path of this site, or an absolute `http(s)` address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RedirectTarget {
    /// A path of this site (starting with one `/`), percent-encoded, with its query and fragment.
    Path(String),
    /// An absolute `http` or `https` address, as the URL standard writes it.
    Absolute(String),
}

impl RedirectTarget {
    /// Reads where a redirect goes.
    ///
    /// # Errors
    /// For anything but a path starting with a single `/` or an absolute `http(s)` address with a
    /// host and no credentials; for control characters and backslashes; when longer than
    /// [`MAX_ADDRESS_LEN`].
    pub fn parse(text: &str) -> Result<Self, String> {
        let text = text.trim();
        if text.is_empty() {
            return Err("To is required".to_owned());
        }
        if text.chars().count() > MAX_ADDRESS_LEN {
            return Err(format!("To must be at most {MAX_ADDRESS_LEN} characters"));
        }
        if text.chars().any(char::is_control) {
            return Err("To must not contain control characters".to_owned());
        }
        if text.contains('\\') {
            return Err("To must not contain a backslash".to_owned());
        }
        if has_web_scheme(text) {
            let url = url::Url::parse(text).map_err(|_| "To must be a valid http(s) address".to_owned())?;
            if !matches!(url.scheme(), "http" | "https") || url.host_str().is_none_or(str::is_empty) {
                return Err("To must be a valid http(s) address".to_owned());
            }
            if !url.username().is_empty() || url.password().is_some() {
                return Err("To must not carry a user name or password".to_owned());
            }
            let written = url.to_string();
            if written.len() > MAX_ADDRESS_LEN {
                return Err(format!("To must be at most {MAX_ADDRESS_LEN} characters"));
            }
            return Ok(Self::Absolute(written));
        }
        if text.starts_with("//") {
            return Err("To must not start with //: write an address on another site in full, with https://".to_owned());
        }
        if !text.starts_with('/') {
            return Err("To must be a path starting with / or an http(s) address".to_owned());
        }
        let (rest, fragment) = text.split_once('#').map_or((text, None), |(rest, fragment)| (rest, Some(fragment)));
        let (path, query) = rest.split_once('?').map_or((rest, None), |(path, query)| (path, Some(query)));
        let mut written = normal_path(path, "To")?;
        for (mark, part) in [('?', query), ('#', fragment)] {
            if let Some(part) = part {
                written.push(mark);
                written.push_str(&encoded(part, "To")?);
            }
        }
        if written.len() > MAX_ADDRESS_LEN {
            return Err(format!("To must be at most {MAX_ADDRESS_LEN} characters"));
        }
        Ok(Self::Path(written))
    }

    /// The address as sent in `Location`.
    pub fn as_str(&self) -> &str {
        match self {
            Self::Path(path) | Self::Absolute(path) => path,
        }
    }

    /// The path of this site it leads to, in the normal form of a redirect's from: `None` for an
    /// address on another site.
    pub fn local_path(&self) -> Option<RedirectPath> {
        match self {
            Self::Path(path) => RedirectPath::normalise(path).ok(),
            Self::Absolute(_) => None,
        }
    }

    /// A path of this site (a post's new address).
    pub fn to_path(path: &RedirectPath) -> Self {
        Self::Path(path.0.clone())
    }
}

/// Whether `text` starts with `http://` or `https://`, in any case.
pub(super) fn has_web_scheme(text: &str) -> bool {
    let lower = text.get(..8).unwrap_or(text).to_ascii_lowercase();
    lower.starts_with("http://") || lower.starts_with("https://")
}

/// Whether a byte may stand as itself in a path (RFC 3986 `pchar` and `/`, escapes aside).
pub(super) fn path_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:@/".contains(&byte)
}

pub(super) fn unreserved(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || b"-._~".contains(&byte)
}

/// `text` percent-encoded in one normal form: escapes of unreserved characters decoded, other
/// escapes in upper case, every byte that may not stand as itself escaped.
pub(super) fn encoded(text: &str, label: &str) -> Result<String, String> {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut index = 0;
    while index < bytes.len() {
        let byte = bytes[index];
        if byte == b'%' {
            let hex = bytes.get(index + 1..index + 3).and_then(|pair| std::str::from_utf8(pair).ok());
            let Some(value) = hex.and_then(|pair| u8::from_str_radix(pair, 16).ok()) else {
                return Err(format!("{label} has a % that is not followed by two hexadecimal digits"));
            };
            if unreserved(value) {
                out.push(char::from(value));
            } else {
                push_escape(&mut out, value);
            }
            index += 3;
            continue;
        }
        if byte.is_ascii_control() {
            return Err(format!("{label} must not contain control characters"));
        }
        if byte == b'\\' {
            return Err(format!("{label} must not contain a backslash"));
        }
        if path_byte(byte) || byte == b'?' {
            out.push(char::from(byte));
        } else {
            push_escape(&mut out, byte);
        }
        index += 1;
    }
    Ok(out)
}

/// `%XX` for `byte`, upper-case digits.
pub(super) fn push_escape(out: &mut String, byte: u8) {
    const DIGITS: &[u8; 16] = b"0123456789ABCDEF";
    out.push('%');
    out.push(char::from(DIGITS[usize::from(byte >> 4)]));
    out.push(char::from(DIGITS[usize::from(byte & 0x0F)]));
}

/// A path (starting with `/`) percent-encoded in normal form, checked for empty and dot segments.
pub(super) fn normal_path(path: &str, label: &str) -> Result<String, String> {
    if !path.starts_with('/') {
        return Err(format!("{label} must start with /"));
    }
    if path.len() > MAX_ADDRESS_LEN * 3 {
        return Err(format!("{label} must be at most {MAX_ADDRESS_LEN} characters"));
    }
    let written = encoded(path, label)?.replace('?', "%3F");
    let segments: Vec<&str> = written[1..].split('/').collect();
    let last = segments.len() - 1;
    for (index, segment) in segments.iter().enumerate() {
        if segment.is_empty() && index != last {
            return Err(format!("{label} must not contain an empty segment (//)"));
        }
        if *segment == "." || *segment == ".." {
            return Err(format!("{label} must not contain . or .. segments"));
        }
    }
    Ok(written)
}
