//! The security headers of every answer: a Content-Security-Policy for each kind of answer, the
//! Permissions-Policy, and HSTS when the site is served over HTTPS.
//!
//! - Pages of the two web apps: scripts only from this site, plus the pre-rendered pages' own inline
//!   scripts (the loader and its early requests), each allowed by its SHA-256 hash, computed from the
//!   page as it is sent ([`page_policy`]). Styles may be inline (React sets `style` attributes);
//!   scripts never are, and nothing may `eval`.
//! - Swagger UI (`/api/docs/`): its own files, its inline styles and `data:` images.
//! - Everything else (JSON, uploaded files): nothing may load at all.
//!
//! Every policy forbids framing (`frame-ancestors 'none'`).

use actix_web::http::header::{HeaderMap, HeaderName, HeaderValue};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use sha2::{Digest, Sha256};

/// The header settings of one deployment.
#[derive(Debug, Clone, Copy, Default)]
pub struct SecurityHeaders {
    /// The site is served over HTTPS (its public address says so): browsers are told to keep to it.
    pub https: bool,
}

/// A policy that lets nothing load: JSON answers, uploaded files, plain-text errors.
pub const NOTHING_POLICY: &str = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/// Swagger UI's policy, on its own path only.
pub const DOCS_POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
    img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; \
    form-action 'none'";

/// The policy of a web app's page whose inline scripts are `inline_scripts` (their text, exactly).
pub fn page_policy<'a>(inline_scripts: impl IntoIterator<Item = &'a [u8]>) -> String {
    let mut script_src = String::from("'self'");
    for script in inline_scripts {
        script_src.push_str(" 'sha256-");
        script_src.push_str(&STANDARD.encode(Sha256::digest(script)));
        script_src.push('\'');
    }
    format!(
        "default-src 'self'; script-src {script_src}; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; \
         font-src 'self' data:; connect-src 'self'; media-src 'self' https:; object-src 'none'; base-uri 'self'; \
         form-action 'self'; frame-ancestors 'none'"
    )
}

/// The text of every inline `<script>` of an HTML page that a browser runs (one without `src`), as
/// the browser hashes it. Data blocks (a `type` that is not JavaScript's, `module` or `importmap`,
/// such as the page's `application/json` data and its `application/ld+json`) are never run, so a
/// policy needs no hash of them, and hashing them would cost a digest of most of the page.
pub fn inline_scripts(html: &[u8]) -> Vec<&[u8]> {
    const OPEN: &[u8] = b"<script";
    const CLOSE: &[u8] = b"</script>";
    let mut scripts = Vec::new();
    let mut rest = html;
    while let Some(start) = find(rest, OPEN) {
        let after_name = &rest[start + OPEN.len()..];
        let Some(tag_end) = memchr::memchr(b'>', after_name) else { break };
        let attributes = after_name[..tag_end].to_ascii_lowercase();
        if attributes.first().is_some_and(|byte| !byte.is_ascii_whitespace()) {
            // Another element whose name starts with "script".
            rest = after_name;
            continue;
        }
        let body = &after_name[tag_end + 1..];
        let Some(body_end) = find(body, CLOSE) else { break };
        if attribute(&attributes, b"src").is_none() && runs(&attributes) {
            scripts.push(&body[..body_end]);
        }
        rest = &body[body_end + CLOSE.len()..];
    }
    scripts
}

/// Whether a browser runs a `<script>` with these attributes (lowercased): without a `type`, or with
/// a JavaScript type, `module` or `importmap` (HTML's script types; any other type is a data block).
fn runs(attributes: &[u8]) -> bool {
    const RUN: [&[u8]; 7] = [
        b"",
        b"module",
        b"importmap",
        b"text/javascript",
        b"application/javascript",
        b"text/ecmascript",
        b"application/ecmascript",
    ];
    attribute(attributes, b"type").is_none_or(|kind| RUN.contains(&kind.trim_ascii()))
}

/// The value of the attribute `name` among a tag's `attributes` (quoted or not), when it has one.
fn attribute<'a>(attributes: &'a [u8], name: &[u8]) -> Option<&'a [u8]> {
    let mut at = 0;
    while let Some(found) = find(&attributes[at..], name) {
        let start = at + found;
        let end = start + name.len();
        at = end;
        if start > 0 && !attributes[start - 1].is_ascii_whitespace() {
            continue; // The end of another attribute's name (`data-src`).
        }
        let Some(value) = attributes[end..].trim_ascii_start().strip_prefix(b"=") else {
            if attributes.get(end).is_none_or(u8::is_ascii_whitespace) {
                return Some(b""); // A bare attribute.
            }
            continue; // The start of another attribute's name (`typeset`).
        };
        let value = value.trim_ascii_start();
        return Some(match value.first() {
            Some(&quote @ (b'"' | b'\'')) => {
                let value = &value[1..];
                &value[..memchr::memchr(quote, value).unwrap_or(value.len())]
            }
            _ => &value[..value.iter().position(u8::is_ascii_whitespace).unwrap_or(value.len())],
        });
    }
    None
}

/// Where `needle` starts in `haystack`, ignoring ASCII case.
fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    let first = *needle.first()?;
    memchr::memchr2_iter(first.to_ascii_lowercase(), first.to_ascii_uppercase(), haystack)
        .find(|&at| haystack.get(at..at + needle.len()).is_some_and(|window| window.eq_ignore_ascii_case(needle)))
}

/// Adds the headers every answer carries; a policy the answer set itself is kept.
pub fn apply(headers: &mut HeaderMap, path: &str, settings: SecurityHeaders) {
    if !headers.contains_key(CONTENT_SECURITY_POLICY) {
        let policy = if path == "/api/docs" || path.starts_with("/api/docs/") { DOCS_POLICY } else { NOTHING_POLICY };
        headers.insert(CONTENT_SECURITY_POLICY, HeaderValue::from_static(policy));
    }
    headers.insert(
        HeaderName::from_static("permissions-policy"),
        HeaderValue::from_static(
            "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), \
             usb=(), interest-cohort=()",
        ),
    );
    headers.insert(HeaderName::from_static("cross-origin-opener-policy"), HeaderValue::from_static("same-origin"));
    if settings.https {
        headers.insert(
            actix_web::http::header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static("max-age=31536000; includeSubDomains"),
        );
    }
}

pub const CONTENT_SECURITY_POLICY: HeaderName = actix_web::http::header::CONTENT_SECURITY_POLICY;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_scripts_are_found_and_scripts_with_a_source_or_data_are_not() {
        let html = br#"<head><script type="module" crossorigin src="/assets/a.js"></script>
            <SCRIPT type="module">import('/a.js');</SCRIPT><scripts>no</scripts>
            <script type="application/ld+json">{"@context":"https://schema.org"}</script>
            <script type="application/json" id="atelier-data">[1]</script>
            <script data-type="x">one()</script><script type=text/javascript>two()</script>
            <script TYPE = ' importmap '>{}</script><script type="text/plain">no()</script>
            <script async data-src="x">three()</script><script src = "/b.js"></script>
            <script typeset="x">four()</script><script defer src>bare()</script></head>"#;
        let scripts = inline_scripts(html);
        let expected: [&[u8]; 6] = [b"import('/a.js');", b"one()", b"two()", b"{}", b"three()", b"four()"];
        assert_eq!(scripts, expected);
    }

    #[test]
    fn a_page_policy_allows_exactly_its_inline_scripts_by_hash() {
        let policy = page_policy([&b"alert(1)"[..]]);
        // echo -n 'alert(1)' | openssl sha256 -binary | base64
        assert!(policy.contains("script-src 'self' 'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"), "{policy}");
        let script_src = policy.split("; ").find(|directive| directive.starts_with("script-src")).unwrap();
        assert!(!script_src.contains("unsafe"), "{policy}");
        assert!(policy.contains("frame-ancestors 'none'"));
    }
}
