//! What text the server takes, decided once at the edge for every request, the same whatever the
//! database: every Unicode character except NUL and the other C0 control characters; tab, line feed
//! and carriage return are text. (PostgreSQL cannot store NUL at all; SQLite would; neither should
//! hold a form feed or an escape sequence someone pasted into a title.)
//!
//! - A JSON body ([`crate::extract::JsonBody`]) with such a character in any string (or any
//!   object key) answers 422 naming every such field, by the API's field paths (`features[0]`,
//!   `socialMedia.github`), before its fields are read.
//! - A query string that holds one once percent-decoded, or whose percent-decoded bytes are not
//!   UTF-8 (overlong forms, lone surrogates, stray bytes), answers 400 naming the parameter; such a
//!   path names nothing and answers 404 (as a malformed id does). Both before any cache, gate or
//!   handler sees the request ([`check_address`], run by [`crate::middleware::admit`]).
//! - A file name in an upload with one is a 422 naming `files` (the media handler asks
//!   [`is_text`]).
//!
//! The API document says the same: every string a request may carry has a pattern that refuses
//! these characters ([`PATTERN`], added by [`crate::contract`]).

use std::fmt::Write as _;

use atelier_domain::FieldErrors;
use serde_json::Value;

/// Whether `character` may appear in text the API takes.
pub const fn allowed(character: char) -> bool {
    !matches!(character, '\0'..='\u{8}' | '\u{b}' | '\u{c}' | '\u{e}'..='\u{1f}')
}

/// Whether every character of `text` may appear in text the API takes.
pub fn is_text(text: &str) -> bool {
    text.chars().all(allowed)
}

/// The message of a field refused for a control character.
pub const CONTROL_MESSAGE: &str =
    "Must not contain control characters (tab, line feed and carriage return are allowed)";

/// The rule as a JSON Schema pattern (ECMA-262 and Python alike): no NUL or other C0 control but
/// tab, line feed and carriage return.
pub const PATTERN: &str = r"^[^\x00-\x08\x0b\x0c\x0e-\x1f]*$";

/// The character class of the refused characters, for patterns that combine the rule with a shape.
pub const REFUSED_CLASS: &str = r"\x00-\x08\x0b\x0c\x0e-\x1f";

/// The fields of a JSON body that hold a refused character, by their paths as the API names them
/// (`title`, `services.maxServicesDisplay`, `features[0]`); an object key with one names its object
/// (`body` at the top).
pub fn body_errors(value: &Value) -> FieldErrors {
    let mut errors = FieldErrors::new();
    walk(value, &mut String::new(), &mut errors);
    errors
}

fn walk(value: &Value, path: &mut String, errors: &mut FieldErrors) {
    match value {
        Value::String(text) if !is_text(text) => errors.add(field(path), CONTROL_MESSAGE),
        Value::Array(items) => {
            for (index, item) in items.iter().enumerate() {
                let length = path.len();
                let _ = write!(path, "[{index}]");
                walk(item, path, errors);
                path.truncate(length);
            }
        }
        Value::Object(fields) => {
            for (name, item) in fields {
                if !is_text(name) {
                    errors.add(field(path), CONTROL_MESSAGE);
                    continue;
                }
                let length = path.len();
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(name);
                walk(item, path, errors);
                path.truncate(length);
            }
        }
        _ => {}
    }
}

fn field(path: &str) -> &str {
    if path.is_empty() { "body" } else { path }
}

/// Why a request's address is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// A path that is not text names nothing: a 404, as any malformed id is.
    Path,
    /// A query parameter that is not text: a 400 with this message.
    Query(String),
}

/// Checks a request's raw path and query string (as sent, percent-encoded): once decoded, each must
/// be UTF-8 without a refused character. A query parameter is decoded as forms are (`+` is a space),
/// exactly as the handlers read it.
///
/// # Errors
/// Naming the parameter (or the path) that is not text.
pub fn check_address(path: &str, query: &str) -> Result<(), Refused> {
    if !decodes_to_text(&percent_decode(path.as_bytes(), false)) {
        return Err(Refused::Path);
    }
    for pair in query.split('&').filter(|pair| !pair.is_empty()) {
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        let name = percent_decode(name.as_bytes(), true);
        if !decodes_to_text(&name) {
            return Err(Refused::Query("A query parameter's name must be text without control characters".to_owned()));
        }
        if !decodes_to_text(&percent_decode(value.as_bytes(), true)) {
            let name = String::from_utf8_lossy(&name);
            return Err(Refused::Query(format!("The query parameter {name} must be text without control characters")));
        }
    }
    Ok(())
}

fn decodes_to_text(bytes: &[u8]) -> bool {
    std::str::from_utf8(bytes).is_ok_and(is_text)
}

/// `bytes` with each `%XX` replaced by its byte (and `+` by a space in a query); a `%` not followed
/// by two hex digits stays as it is, as browsers and the handlers' decoder read it.
pub fn percent_decode(bytes: &[u8], plus_is_space: bool) -> Vec<u8> {
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while index < bytes.len() {
        let byte = bytes[index];
        let escaped = (byte == b'%')
            .then(|| bytes.get(index + 1..index + 3))
            .flatten()
            .filter(|hex| hex.iter().all(u8::is_ascii_hexdigit))
            .and_then(|hex| std::str::from_utf8(hex).ok())
            .and_then(|hex| u8::from_str_radix(hex, 16).ok());
        if let Some(value) = escaped {
            decoded.push(value);
            index += 3;
        } else {
            decoded.push(if plus_is_space && byte == b'+' { b' ' } else { byte });
            index += 1;
        }
    }
    decoded
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn tabs_and_line_breaks_are_text_and_other_c0_controls_are_not() {
        for allowed in ["", "plain", "tab\there", "lines\nand\r\nmore", "ünïcødé — 移动 🚀", "\u{7f}\u{85}\u{2028}"]
        {
            assert!(is_text(allowed), "{allowed:?}");
        }
        for refused in ["\0", "a\u{1}b", "\u{8}", "\u{b}", "\u{c}", "\u{e}", "\u{1b}[31m", "\u{1f}"] {
            assert!(!is_text(refused), "{refused:?}");
        }
    }

    #[test]
    fn the_pattern_says_what_the_rule_does() {
        let pattern = regex::Regex::new(PATTERN).unwrap();
        for code in 0..=0x3000_u32 {
            let Some(character) = char::from_u32(code) else { continue };
            let text = format!("a{character}b");
            assert_eq!(pattern.is_match(&text), is_text(&text), "U+{code:04X}");
        }
    }

    #[test]
    fn every_field_holding_a_control_is_named_by_its_path() {
        let body = json!({
            "title": "fine\ttitle",
            "name": "nul\u{0}",
            "features": ["ok", "bell\u{7}"],
            "services": {"maxServicesDisplay": "\u{1b}"},
            "socialMedia": {"git\u{0}hub": "https://example.com"},
            "count": 3,
        });
        let errors = body_errors(&body);
        let fields: Vec<&str> = errors.iter().map(|(field, _)| field).collect();
        assert_eq!(fields, ["features[1]", "name", "services.maxServicesDisplay", "socialMedia"]);
        assert_eq!(body_errors(&json!({"\u{0}": 1})).iter().next().map(|(field, _)| field), Some("body"));
        assert!(body_errors(&json!({"text": "a\r\nb\tc"})).is_empty());
    }

    #[test]
    fn addresses_are_refused_when_a_decoded_part_is_not_text() {
        assert!(check_address("/api/blog/public/posts", "search=caf%C3%A9&page=2&q=a+b%0Ac").is_ok());
        assert!(check_address("/api/x", "%zz=%2&a=%&b=%+1").is_ok(), "a stray % is itself");
        for query in ["search=%00", "search=a%1Fb", "%00=1", "q=%C0%80", "q=%ED%A0%80", "q=%FF", "q=\u{1}"] {
            assert!(check_address("/api/x", query).is_err(), "{query}");
        }
        let Err(Refused::Query(message)) = check_address("/api/x", "search=%00") else { panic!() };
        assert!(message.contains("search"), "{message}");
        for path in ["/api/blog/public/posts/slug/%00", "/blog/a%0Db%01", "/caf%E9"] {
            assert_eq!(check_address(path, ""), Err(Refused::Path), "{path}");
        }
        assert!(check_address("/blog/caf%C3%A9", "").is_ok());
    }
}
