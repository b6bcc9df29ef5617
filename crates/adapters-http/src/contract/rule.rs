//! One field's rule ([`Rule`]) and its builders, each the domain's check as JSON Schema keywords:
//! lengths, ranges, and the patterns of blank and non-blank texts, emails, URLs, image addresses,
//! slugs, ids, colours, dates and a redirect's addresses.

use atelier_domain::{contact_details, content, home_page, language, slug, user, validation};
use serde_json::{Map, Value, json};

/// The characters `str::trim` removes.
pub(super) const SPACE: &str = r"\t\n\x0b\x0c\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000";
/// Control characters (`char::is_control`).
pub(super) const CONTROL: &str = r"\x00-\x1f\x7f-\x9f";

pub(super) fn blank() -> String {
    format!("[{SPACE}]*")
}

/// A text with at least one character that is not blank.
pub(super) fn non_blank() -> String {
    format!("[^{SPACE}]")
}

pub(super) fn padded(inner: &str) -> String {
    format!("^{blank}(?:{inner}){blank}$", blank = blank())
}

pub(super) fn padded_or_blank(inner: &str) -> String {
    format!("^{blank}(?:{inner})?{blank}$", blank = blank())
}

pub(super) fn email_shape() -> String {
    let part = format!("[^{SPACE}{CONTROL}@]");
    let label = format!("[^{SPACE}{CONTROL}@.]");
    format!("{part}+@{label}+(?:\\.{label}+)+")
}

pub(super) fn url_shape() -> String {
    format!("https?://[^{SPACE}{CONTROL}/?#][^{SPACE}{CONTROL}]*")
}

pub(super) fn site_path_shape() -> String {
    format!("/(?:[^{SPACE}{CONTROL}\\\\/][^{SPACE}{CONTROL}\\\\]*)?")
}

pub(super) const YEAR: &str = "(?:19[7-9][0-9]|20[0-9]{2}|2100)";
pub(super) const LEAP_YEAR: &str = "(?:19(?:7[26]|8[048]|9[26])|20(?:[02468][048]|[13579][26]))";
pub(super) const TIME: &str = "T(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](?:\\.[0-9]+)?";
pub(super) const OFFSET: &str = "(?:Z|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])";

/// A calendar date from 1970 to 2100 (February 29th only in leap years).
pub(super) fn date_shape() -> String {
    let month_day = "(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-8]))";
    format!("(?:{YEAR}-{month_day}|{LEAP_YEAR}-02-29)")
}

pub(super) fn date_time_shape() -> String {
    format!("{}{TIME}{OFFSET}", date_shape())
}

/// One field's rules: the keywords added to its schema, and whether a creation must send it.
#[derive(Debug, Clone)]
pub struct Rule {
    pub(super) keywords: Map<String, Value>,
    pub(super) required: bool,
    /// A required field that may still be `null` (a value some callers have no use for).
    pub(super) nullable: bool,
}

impl Rule {
    pub(super) fn of(keywords: Value) -> Self {
        let Value::Object(keywords) = keywords else { unreachable!("rules are objects") };
        Self { keywords, required: false, nullable: false }
    }

    /// A creation must send the field.
    #[must_use]
    pub fn required(mut self) -> Self {
        self.required = true;
        self
    }

    /// A creation must send the field, `null` allowed: the public forms' `proofOfWork`, which
    /// administrators' own entries send as `null`.
    #[must_use]
    pub fn required_or_null(mut self) -> Self {
        self.required = true;
        self.nullable = true;
        self
    }
}

/// A text of at most `max` characters; blank is allowed.
pub fn text(max: usize) -> Rule {
    Rule::of(json!({ "maxLength": max }))
}

/// A text that is not blank when sent, of at most `max` characters.
pub fn filled(max: usize) -> Rule {
    Rule::of(json!({ "maxLength": max, "pattern": non_blank() }))
}

/// A link's token: not blank; an unknown one is answered like any other.
pub fn token() -> Rule {
    Rule::of(json!({ "pattern": non_blank() }))
}

/// A tag's name: a letter or a digit somewhere (its slug is made of them), at most `max` characters.
/// `İ` and the Kelvin sign count: they lowercase to ASCII letters.
pub fn named(max: usize) -> Rule {
    Rule::of(json!({ "maxLength": max, "pattern": "[A-Za-z0-9\\u0130\\u212a]" }))
}

/// At least one entry.
pub fn some() -> Rule {
    Rule::of(json!({ "minItems": 1 }))
}

/// A password: every character counts, nothing is trimmed.
pub fn password() -> Rule {
    Rule::of(json!({ "minLength": user::MIN_PASSWORD_LEN, "maxLength": user::MAX_PASSWORD_LEN }))
}

pub fn email() -> Rule {
    Rule::of(json!({ "maxLength": validation::MAX_EMAIL_LEN, "pattern": padded(&email_shape()) }))
}

/// An email address, or blank for none.
pub fn optional_email() -> Rule {
    Rule::of(json!({ "maxLength": validation::MAX_EMAIL_LEN, "pattern": padded_or_blank(&email_shape()) }))
}

/// An absolute http(s) URL, or blank for none.
pub fn url() -> Rule {
    Rule::of(json!({ "maxLength": validation::MAX_URL_LEN, "pattern": padded_or_blank(&url_shape()) }))
}

/// An absolute http(s) URL that must be there (a webhook's endpoint).
pub fn filled_url() -> Rule {
    Rule::of(json!({ "maxLength": validation::MAX_URL_LEN, "pattern": padded(&url_shape()) }))
}

/// Where a link leads: a path on this site, an anchor on the page (`#name`) or an absolute http(s) URL.
pub fn link_target() -> Rule {
    let anchor = format!("#[A-Za-z0-9_-]{{1,{}}}", home_page::MAX_ANCHOR_LEN);
    let shape = format!("{}|{}|{anchor}", url_shape(), site_path_shape());
    Rule::of(json!({ "maxLength": validation::MAX_URL_LEN, "pattern": padded(&shape) }))
}

/// An absolute http(s) URL or a path on this site, or blank for none.
pub fn image() -> Rule {
    let shape = format!("{}|{}", url_shape(), site_path_shape());
    Rule::of(json!({ "maxLength": validation::MAX_URL_LEN, "pattern": padded_or_blank(&shape) }))
}

pub(super) fn slug_shape() -> String {
    "(?![0-9a-f]{24}(?:[^a-z0-9-]|$))[a-z0-9]+(?:-[a-z0-9]+)*".to_owned()
}

/// A slug (lowercase letters and digits between single hyphens, not shaped like an id); blank lets
/// the server make one from the title.
pub fn optional_slug() -> Rule {
    Rule::of(json!({ "maxLength": slug::MAX_SLUG_LEN, "pattern": padded_or_blank(&slug_shape()) }))
}

pub fn slug() -> Rule {
    Rule::of(json!({ "maxLength": slug::MAX_SLUG_LEN, "pattern": padded(&slug_shape()) }))
}

/// A content page's type: a slug of at most 50 characters, never `stats` (the statistics' own key).
/// In a body spaces around it are trimmed; in a path there are none.
pub fn page_type(in_body: bool) -> Rule {
    let shape = format!(
        "(?!(?:{reserved}){end})(?![0-9a-f]{{24}}{end}){slug}",
        reserved = content::RESERVED_TYPES.join("|"),
        end = if in_body { format!("[{SPACE}]*$") } else { "$".to_owned() },
        slug = "[a-z0-9]+(?:-[a-z0-9]+)*",
    );
    let pattern = if in_body { padded(&shape) } else { format!("^{shape}$") };
    Rule::of(json!({ "maxLength": content::MAX_TYPE_LEN, "pattern": pattern }))
}

/// A record's id, or blank for none.
pub fn optional_id() -> Rule {
    Rule::of(json!({ "pattern": padded_or_blank("[0-9a-f]{24}") }))
}

pub fn id() -> Rule {
    Rule::of(json!({ "pattern": padded("[0-9a-f]{24}") }))
}

/// `#RRGGBB`, either case.
pub fn colour() -> Rule {
    Rule::of(json!({ "pattern": padded("#[0-9a-fA-F]{6}") }))
}

/// `#RRGGBB`, or blank for the default.
pub fn optional_colour() -> Rule {
    Rule::of(json!({ "pattern": padded_or_blank("#[0-9a-fA-F]{6}") }))
}

/// An RFC 3339 date and time with its offset, from 1970 to 2100 as written; blank for none.
pub fn optional_date_time() -> Rule {
    Rule::of(json!({ "pattern": padded_or_blank(&date_time_shape()) }))
}

/// A date (`YYYY-MM-DD`) or an RFC 3339 date and time, from 1970 to 2100 as written.
pub fn date_or_date_time() -> Rule {
    Rule::of(json!({ "pattern": padded(&format!("{}(?:{TIME}{OFFSET})?", date_shape())) }))
}

/// A completion date: a date, a date and time without seconds, or with seconds and an optional offset.
pub fn completion_date() -> Rule {
    let time = "T(?:[01][0-9]|2[0-3]):[0-5][0-9](?::[0-5][0-9](?:\\.[0-9]+)?";
    Rule::of(json!({ "pattern": padded(&format!("{}(?:{time}{OFFSET}?)?)?", date_shape())) }))
}

/// A language tag the site can use (`language::LanguageTag`): a language subtag of two or three
/// letters, then an optional script (four letters), region (two letters or three digits) and
/// variants, in any case, at most `MAX_TAG_LEN` characters; never a segment the site answers
/// itself (`api`, `faq`) nor a tag that names no language (`und`, `zxx`, `mul`).
pub fn language_tag() -> Rule {
    let variant = "(?:-(?:[A-Za-z0-9]{5,8}|[0-9][A-Za-z0-9]{3}))";
    let reserved: Vec<String> = ["api", "faq", "und", "zxx", "mul"].into_iter().map(any_case).collect();
    let pattern = format!(
        "^(?!(?:{reserved}){variant}*$)[A-Za-z]{{2,3}}(?:-[A-Za-z]{{4}})?(?:-(?:[A-Za-z]{{2}}|[0-9]{{3}}))?{variant}*$",
        reserved = reserved.join("|"),
    );
    Rule::of(json!({ "maxLength": language::MAX_TAG_LEN, "pattern": pattern }))
}

/// One of `words`, exactly.
pub fn one_of(words: &[&str]) -> Rule {
    Rule::of(json!({ "enum": words }))
}

/// A whole number from `min` to `max`.
pub fn whole(min: i64, max: i64) -> Rule {
    Rule::of(json!({ "minimum": min, "maximum": max }))
}

/// A number from `min` to `max` in steps of `step` (none when `None`).
pub fn number(min: f64, max: f64, step: Option<f64>) -> Rule {
    let mut rule = Rule::of(json!({ "minimum": min, "maximum": max }));
    if let Some(step) = step {
        rule.keywords.insert("multipleOf".to_owned(), json!(step));
    }
    rule
}

/// A list of at most `max` entries, each following `entry`.
pub fn list(max: usize, entry: Rule) -> Rule {
    Rule::of(json!({ "maxItems": max, "items": Value::Object(entry.keywords) }))
}

/// A list of 1 to `max` entries, each following `entry`.
pub fn some_list(max: usize, entry: Rule) -> Rule {
    Rule::of(json!({ "minItems": 1, "maxItems": max, "items": Value::Object(entry.keywords) }))
}

/// The social links of the contact details: a map from a platform to its URL (blank or `null`
/// for none).
pub fn social_links() -> Rule {
    let platforms = contact_details::SocialPlatform::ALL.map(contact_details::SocialPlatform::as_str);
    let link = url().keywords;
    let mut value = Map::new();
    value.insert("type".to_owned(), json!(["string", "null"]));
    value.extend(link);
    Rule::of(json!({ "propertyNames": { "enum": platforms }, "additionalProperties": value }))
}

/// A field without limits of its own (an enum, a boolean) that a creation must send.
pub fn given() -> Rule {
    Rule::of(json!({}))
}

/// The roles an invitation or a role change may give: every one but the Owner's, which only a
/// handover gives.
pub fn given_role() -> Rule {
    let roles: Vec<&str> =
        user::Role::ALL.iter().filter(|role| **role != user::Role::Owner).map(|role| role.as_str()).collect();
    one_of(&roles)
}

/// The record a presence names: a record's id, a page's type, or `current` for a one-record screen
/// (`presence::RecordRef`: 1 to 64 lowercase letters, digits and hyphens).
pub fn presence_key() -> Rule {
    Rule::of(json!({ "pattern": "^[a-z0-9-]{1,64}$" }))
}

/// One of `values`, exactly (a number).
pub fn whole_of(values: &[i64]) -> Rule {
    Rule::of(json!({ "enum": values }))
}

/// `word` matched in any case (the domain compares the paths it reserves so).
pub(super) fn any_case(word: &str) -> String {
    word.chars()
        .map(|c| {
            if c.is_ascii_alphabetic() {
                format!("[{}{}]", c.to_ascii_lowercase(), c.to_ascii_uppercase())
            } else {
                regex_escape(c)
            }
        })
        .collect()
}

pub(super) fn regex_escape(c: char) -> String {
    if "\\.^$|?*+()[]{}/-".contains(c) { format!("\\{c}") } else { c.to_string() }
}

/// A path of this site as the page-view beacon sends it (`page_view::PagePath`): a single `/` first,
/// then no space, control character or backslash up to the query or fragment (at most
/// `MAX_PATH_LEN` characters), which may hold anything.
pub fn page_path() -> Rule {
    use atelier_domain::page_view::MAX_PATH_LEN;
    let plain = format!("[^{SPACE}{CONTROL}\\\\?#]");
    // The end is "no character follows" rather than `$`, which also matches before a final newline
    // (a path the server refuses) in Python's regular expressions.
    let shape = format!("^/(?!/){plain}{{0,{}}}(?:[?#][\\s\\S]*)?(?![\\s\\S])", MAX_PATH_LEN - 1);
    Rule::of(json!({ "pattern": shape }))
}

/// One segment of a path a redirect reads: no `/`, `?`, `#` or backslash, every `%` an escape, not
/// `.` or `..`.
pub(super) fn redirect_segment() -> String {
    format!("(?!\\.\\.?(?:[/?#]|[{SPACE}]*$))(?:[^{CONTROL}\\\\/?#%]|%[0-9A-Fa-f]{{2}})+")
}

/// The address a redirect is from: a path (the leading `/` may be left out) or a full http(s)
/// address whose path is taken; never the home page, one of the site's pages or a path the server
/// owns (`redirect::RESERVED_PREFIXES`, `RESERVED_PATHS`, `SITE_PAGES`), in any case.
pub fn redirect_from() -> Rule {
    use atelier_domain::redirect;
    let segment = redirect_segment();
    let end = format!("(?:/?(?:[?#][^{CONTROL}]*)?[{SPACE}]*$)");
    let prefixes: Vec<String> = redirect::RESERVED_PREFIXES.iter().map(|prefix| any_case(&prefix[1..])).collect();
    let pages: Vec<String> = redirect::RESERVED_PATHS
        .iter()
        .chain(redirect::SITE_PAGES.iter().filter(|page| **page != "/"))
        .map(|page| any_case(&page[1..]))
        .collect();
    let refused = format!("(?!(?:{})(?:/|[?#]|[{SPACE}]*$))(?!(?:{}){end})", prefixes.join("|"), pages.join("|"));
    let authority = format!("[Hh][Tt][Tt][Pp][Ss]?://[^{SPACE}{CONTROL}/?#\\\\@]+/");
    let shape = format!("(?:{authority}|/)?{refused}{segment}(?:/{segment})*/?(?:[?#][^{CONTROL}]*)?");
    Rule::of(json!({ "maxLength": redirect::MAX_ADDRESS_LEN, "pattern": padded(&shape) }))
}

/// Where a redirect goes: a path of this site starting with a single `/` (with a query and a
/// fragment if wanted), or an absolute http(s) address; no backslash anywhere.
pub fn redirect_to() -> Rule {
    use atelier_domain::redirect;
    let segment = redirect_segment();
    let tail = format!("(?:[^{CONTROL}\\\\%]|%[0-9A-Fa-f]{{2}})*");
    let path = format!("/(?:{segment}(?:/{segment})*/?)?(?:[?#]{tail})?");
    let absolute = format!("[Hh][Tt][Tt][Pp][Ss]?://[^{SPACE}{CONTROL}/?#\\\\@]+(?:[/?#][^{SPACE}{CONTROL}\\\\]*)?");
    Rule::of(json!({ "maxLength": redirect::MAX_ADDRESS_LEN, "pattern": padded(&format!("{absolute}|{path}")) }))
}

/// An object of texts by name: each name one of `names`, each text at most `max` characters (a
/// translation's fields; each kind checks its own names and limits).
pub fn texts_by_name(names: &[&str], max: usize) -> Rule {
    Rule::of(
        json!({ "propertyNames": { "enum": names }, "additionalProperties": { "type": "string", "maxLength": max } }),
    )
}

/// An object of texts at most `max` characters long, keyed by one of `names` or a name matching
/// `pattern`.
pub fn texts_by_name_or_pattern(names: &[&str], pattern: &str, max: usize) -> Rule {
    Rule::of(json!({
        "propertyNames": { "anyOf": [{ "enum": names }, { "type": "string", "pattern": pattern }] },
        "additionalProperties": { "type": "string", "maxLength": max },
    }))
}

/// An object with at least one entry.
pub fn some_entries() -> Rule {
    Rule::of(json!({ "minProperties": 1 }))
}
