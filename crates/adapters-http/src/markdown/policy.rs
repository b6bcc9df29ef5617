//! The one sanitising policy of the HTML the server writes from markdown (ammonia), and the
//! attributes it adds afterwards to links and pictures.

use std::borrow::Cow;
use std::collections::HashSet;
use std::fmt::Write as _;
use std::sync::LazyLock;

use ammonia::{Builder, Url, UrlRelative};

use crate::images::LibraryImageDto;

/// The width a picture takes in a text column (`.markdown-body` is at most 48rem wide).
pub const IMAGE_SIZES: &str = "(min-width: 48rem) 48rem, 100vw";

/// Elements never kept, with everything inside them: they run, style or embed something.
const DROPPED_WITH_CONTENT: [&str; 10] =
    ["script", "style", "template", "noscript", "textarea", "title", "xmp", "svg", "math", "select"];

/// The classes the site's stylesheet gives meaning to, by element; any other class is removed, so
/// raw HTML cannot borrow the page's own classes (`fixed inset-0 …`) to cover it.
fn allowed_class(element: &str, class: &str) -> bool {
    match element {
        "div" => {
            matches!(class, "md-code" | "md-code-language" | "md-badge" | "md-warning" | "md-success" | "md-error")
        }
        "span" => matches!(
            class,
            "task-list-item-checkbox"
                | "md-status"
                | "md-status-success"
                | "md-status-warning"
                | "md-status-error"
                | "md-status-info"
                | "md-status-icon"
                | "md-status-label"
        ),
        "code" => class.strip_prefix("language-").is_some_and(|language| {
            !language.is_empty()
                && language.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '+' | '#' | '.'))
        }),
        "ul" | "ol" => class == "contains-task-list",
        "li" => class == "task-list-item",
        "section" => class == "footnotes",
        "sup" => class == "footnote-ref",
        "a" => class == "footnote-backref",
        _ => false,
    }
}

/// Ids only where footnotes link to each other (`fn-1`, `fnref-1`): an id of an author's choosing
/// could take the place of one the page's scripts look for.
fn allowed_id(element: &str, id: &str) -> bool {
    matches!(element, "a" | "li") && (id.starts_with("fn-") || id.starts_with("fnref-"))
}

/// The filter of attribute values: classes cut to the allowed ones, ids to footnotes'.
fn filter<'u>(element: &str, attribute: &str, value: &'u str) -> Option<Cow<'u, str>> {
    match attribute {
        "class" => {
            let kept: Vec<&str> = value.split_whitespace().filter(|class| allowed_class(element, class)).collect();
            (!kept.is_empty()).then(|| Cow::Owned(kept.join(" ")))
        }
        "id" => allowed_id(element, value).then_some(Cow::Borrowed(value)),
        _ => Some(Cow::Borrowed(value)),
    }
}

/// The policy, with relative URLs as `relative` says.
fn builder(relative: UrlRelative<'static>) -> Builder<'static> {
    let mut sanitiser = Builder::default();
    sanitiser
        .rm_tags(&["area", "map"])
        .add_tags(&["section"])
        .clean_content_tags(HashSet::from(DROPPED_WITH_CONTENT))
        .add_generic_attributes(&["class", "id", "aria-hidden", "aria-label"])
        .add_tag_attributes("span", &["role"])
        .add_tag_attributes("th", &["align"])
        .add_tag_attributes("td", &["align"])
        // A code block scrolls sideways: keyboard users must be able to focus it to scroll it.
        .set_tag_attribute_value("pre", "tabindex", "0")
        .link_rel(None)
        .url_schemes(HashSet::from(["http", "https", "mailto", "tel"]))
        .url_relative(relative)
        .attribute_filter(filter);
    sanitiser
}

/// The policy for the site's own pages and the API: relative links stay relative.
pub fn site() -> &'static Builder<'static> {
    static SITE: LazyLock<Builder<'static>> = LazyLock::new(|| builder(UrlRelative::PassThrough));
    &SITE
}

/// The policy for text read away from the site: relative links made absolute against `base`.
pub fn absolute(base: &str) -> Builder<'static> {
    match Url::parse(&format!("{}/", base.trim_end_matches('/'))) {
        Ok(base) => builder(UrlRelative::RewriteWithBase(base)),
        Err(_) => builder(UrlRelative::PassThrough),
    }
}

/// No element at all: markup is removed and the rest escaped.
pub fn plain() -> Builder<'static> {
    let mut sanitiser = Builder::default();
    sanitiser.tags(HashSet::new()).clean_content_tags(HashSet::from(DROPPED_WITH_CONTENT));
    sanitiser
}

/// Adds to sanitised `html` what depends on an attribute's value: a link that leaves the page opens
/// in a new tab (`new_tab`: on the site, not in a feed) with `rel="noopener noreferrer"` (a footnote's `#…` link stays in place), a picture
/// loads lazily and one of the media library (`images`) gets its copies and size. Written here rather than by ammonia, whose added attributes
/// come in no fixed order, so that the same text always gives the same bytes. `html` is ammonia's output,
/// so every attribute is written `name="value"` and a `<` outside a tag is escaped.
pub fn finish(html: &str, images: &[LibraryImageDto], new_tab: bool) -> String {
    let mut out = String::with_capacity(html.len() + html.len() / 8);
    let mut rest = html;
    while let Some(start) = rest.find('<') {
        out.push_str(&rest[..start]);
        rest = &rest[start..];
        let Some(end) = tag_end(rest) else { break };
        let tag = &rest[..end];
        if tag.starts_with("<a ") {
            let href = attribute(tag, "href");
            out.push_str(&tag[..end - 1]);
            if href.is_some_and(|href| !href.is_empty() && !href.starts_with('#')) {
                out.push_str(if new_tab {
                    " target=\"_blank\" rel=\"noopener noreferrer\""
                } else {
                    " rel=\"noopener noreferrer\""
                });
            }
            out.push('>');
        } else if tag.starts_with("<img ") {
            let image = attribute(tag, "src").and_then(|src| library_image(images, &unescape(src)));
            // A library picture written without alt text is described by the library's.
            let library_alt = image.map(|image| image.alt.trim()).filter(|alt| !alt.is_empty());
            match library_alt.filter(|_| attribute(tag, "alt").is_none_or(str::is_empty)) {
                Some(alt) => {
                    let bare = tag[..end - 1].replacen(" alt=\"\"", "", 1);
                    let _ = write!(out, "{bare} alt=\"{}\"", super::syntax::escape(alt));
                }
                None => out.push_str(&tag[..end - 1]),
            }
            out.push_str(" loading=\"lazy\" decoding=\"async\"");
            if let Some(image) = image {
                let _ = write!(out, " width=\"{}\" height=\"{}\"", image.width, image.height);
                if !image.variants.is_empty() {
                    let srcset: Vec<String> =
                        image.variants.iter().map(|variant| format!("{} {}w", variant.url, variant.width)).collect();
                    let _ = write!(
                        out,
                        " srcset=\"{}\" sizes=\"{IMAGE_SIZES}\"",
                        super::syntax::escape(&srcset.join(", "))
                    );
                }
            }
            out.push('>');
        } else {
            out.push_str(tag);
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// How deep elements may nest; deeper ones give up their tags and keep their content.
pub const MAX_DEPTH: usize = 64;

const VOID: [&str; 14] =
    ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"];

/// `html` (before sanitising) with the tags of elements nested deeper than [`MAX_DEPTH`] left out.
/// The HTML parser under the sanitiser checks the open elements at every tag, so its time grows
/// with the square of the depth (20,000 nested `<div>` took seconds): a text can be deep only to
/// a bound. What comes out is sanitised like any other HTML, so leaving tags out cannot make it
/// unsafe; most texts are returned unchanged, at the cost of one scan.
pub fn flatten(html: &str) -> Cow<'_, str> {
    let mut depth = 0usize;
    let mut out: Option<String> = None;
    let mut copied = 0;
    let mut at = 0;
    while let Some(offset) = html[at..].find('<') {
        let start = at + offset;
        let rest = &html[start + 1..];
        let closing = rest.starts_with('/');
        let name: String = rest
            .trim_start_matches('/')
            .chars()
            .take_while(char::is_ascii_alphanumeric)
            .collect::<String>()
            .to_ascii_lowercase();
        if name.is_empty() {
            at = start + 1;
            continue;
        }
        let end = start + tag_end(&html[start..]).unwrap_or(html.len() - start);
        let self_closing = html[..end].ends_with("/>");
        let drop = if closing {
            let deep = depth > MAX_DEPTH;
            depth = depth.saturating_sub(1);
            deep
        } else if VOID.contains(&name.as_str()) || self_closing {
            false
        } else {
            depth += 1;
            depth > MAX_DEPTH
        };
        if drop {
            let buffer = out.get_or_insert_with(|| String::with_capacity(html.len()));
            buffer.push_str(&html[copied..start]);
            copied = end;
        }
        at = end;
    }
    match out {
        Some(mut buffer) => {
            buffer.push_str(&html[copied..]);
            Cow::Owned(buffer)
        }
        None => Cow::Borrowed(html),
    }
}

/// The length of the tag at the start of `html` (through its `>`), quotes respected.
fn tag_end(html: &str) -> Option<usize> {
    let mut quote = None;
    for (index, c) in html.char_indices() {
        match (c, quote) {
            ('"' | '\'', None) => quote = Some(c),
            (_, Some(open)) if c == open => quote = None,
            ('>', None) => return Some(index + 1),
            _ => {}
        }
    }
    None
}

/// The value of `name` in a start tag, as written (escaped).
fn attribute<'t>(tag: &'t str, name: &str) -> Option<&'t str> {
    let needle = format!(" {name}=\"");
    let start = tag.find(&needle)? + needle.len();
    let end = start + tag[start..].find('"')?;
    Some(&tag[start..end])
}

fn unescape(value: &str) -> String {
    value
        .replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&nbsp;", "\u{a0}")
        .replace("&amp;", "&")
}

/// The library image `src` shows: the same path, or a URL ending in it.
fn library_image<'i>(images: &'i [LibraryImageDto], src: &str) -> Option<&'i LibraryImageDto> {
    images.iter().find(|image| src == image.path || src.ends_with(&image.path))
}
