//! The one markdown renderer of Atelier: every markdown text a visitor reads (the `contentHtml` of
//! posts, projects and pages, the `…Html` companions of services, FAQ answers and testimonials, the
//! server's pages, the feed and the back office's preview) is turned into HTML here.
//!
//! The dialect is the editor's (`frontend/apps/admin/src/editor`): `CommonMark`, tables, ~~strike~~,
//! ++insert++, ==mark==, ^sup^, ~sub~, autolinks, task lists, footnotes, and Atelier's own
//! `--small--`, `[[key]]`, `{success|warning|error|badge: text}` and `::: badge|warning|success|error`
//! blocks ([`syntax`]), with fenced code labelled by its language. The HTML has the structure and
//! classes the site's stylesheet styles (`frontend/packages/ui/src/markdown/markdown.css`).
//!
//! Raw HTML in markdown is kept and then sanitised with one policy ([`policy`]): the elements of
//! text (no scripts, styles, forms, buttons, frames, embedded documents or media, no SVG or
//! `MathML`), no event handlers, no inline styles, only `http`, `https`, `mailto` and `tel` links (and
//! paths on the site), classes only from the site's list, ids only for footnotes. Links that leave
//! the page open in a new tab with `rel="noopener noreferrer"`, pictures load lazily and those of
//! the media library get their WebP copies and real size.
//!
//! The rendering is a pure function of its input, so it is memoised ([`memo`]): a text is rendered
//! once per change, not once per read.

mod memo;
mod policy;
mod syntax;
#[cfg(test)]
mod tests;

use std::borrow::Cow;

use comrak::nodes::NodeValue;
use comrak::{Arena, Options, format_html, parse_document};

pub use self::memo::Stored;
use crate::images::LibraryImageDto;

/// The comrak options of the site's dialect.
fn options() -> Options<'static> {
    let mut options = Options::default();
    let extension = &mut options.extension;
    extension.strikethrough = true;
    extension.table = true;
    extension.autolink = true;
    extension.tasklist = true;
    extension.superscript = true;
    extension.subscript = true;
    extension.footnotes = true;
    extension.highlight = true;
    extension.insert = true;
    extension.block_directive = true;
    // Kept apart while Atelier's syntax is read, so `\[\[x]]` is not a key ([`syntax::apply`]).
    options.parse.escaped_char_spans = true;
    options.render.tasklist_classes = true;
    // Raw HTML is kept here and sanitised afterwards.
    options.render.r#unsafe = true;
    options
}

/// Markdown as comrak writes it with Atelier's syntax, before sanitising.
fn unsanitised(markdown: &str) -> String {
    let options = options();
    let arena = Arena::new();
    let root = parse_document(&arena, markdown, &options);
    syntax::apply(&arena, root);
    let mut html = String::with_capacity(markdown.len() * 3 / 2);
    // Writing into a String cannot fail.
    let _ = format_html(root, &options, &mut html);
    let html = syntax::task_marks(&html);
    match policy::flatten(&html) {
        Cow::Borrowed(_) => html,
        Cow::Owned(flat) => flat,
    }
}

/// Markdown as the site shows it: sanitised HTML for a `.markdown-body` block. Pictures of the
/// media library are described when the record lists them ([`render_with_images`]).
pub fn render(markdown: &str) -> String {
    render_with_images(markdown, &[])
}

/// [`render`], with the pictures that are `images` (the record's media library images) given their
/// `srcset` of WebP copies, `sizes` and real `width` and `height`.
pub fn render_with_images(markdown: &str, images: &[LibraryImageDto]) -> String {
    if markdown.is_empty() {
        return String::new();
    }
    memo::remember(memo::Kind::Block, markdown, images, || block(markdown, images))
}

/// [`render_with_images`] for the text of a stored record's field, remembered by the field's
/// identity ([`Stored`]) rather than by a digest of the text.
pub fn render_stored(stored: Stored, markdown: &str, images: &[LibraryImageDto]) -> String {
    if markdown.is_empty() {
        return String::new();
    }
    memo::remember_stored(stored, memo::Kind::Block, markdown, images, || block(markdown, images))
}

/// Markdown of one line (a title, a list item) without the paragraph around it, for a place that
/// holds text rather than blocks.
pub fn render_inline(markdown: &str) -> String {
    if markdown.is_empty() {
        return String::new();
    }
    memo::remember(memo::Kind::Inline, markdown, &[], || inline(markdown))
}

/// [`render_inline`] for the text of a stored record's field, remembered by the field's identity.
pub fn render_inline_stored(stored: Stored, markdown: &str) -> String {
    if markdown.is_empty() {
        return String::new();
    }
    memo::remember_stored(stored, memo::Kind::Inline, markdown, &[], || inline(markdown))
}

/// One rendering of a block, not remembered.
fn block(markdown: &str, images: &[LibraryImageDto]) -> String {
    policy::finish(&policy::site().clean(&unsanitised(markdown)).to_string(), images, true)
}

/// One rendering of a line, not remembered.
fn inline(markdown: &str) -> String {
    let html = block(markdown, &[]);
    let trimmed = html.trim_end();
    match trimmed.strip_prefix("<p>").and_then(|inner| inner.strip_suffix("</p>")) {
        Some(inner) if !inner.contains("<p>") => inner.to_owned(),
        _ => html,
    }
}

/// Markdown as sanitised HTML for a place read away from the site (the feed, structured data):
/// relative links and images are made absolute against `base` (`https://studio.example`).
pub fn to_html(markdown: &str, base: &str) -> String {
    policy::finish(&policy::absolute(base).clean(&unsanitised(markdown)).to_string(), &[], false)
}

/// `text` for a place that readers take as HTML but that must show plain text (the feed's
/// descriptions): no element allowed, so any markup in it is removed (with what scripts and styles
/// hold) and the rest escaped; the result, read as HTML, shows the words and nothing runs.
pub fn plain_html(text: &str) -> String {
    policy::plain().clean(text).to_string()
}

/// The words of a markdown text without its markup, on one line: for descriptions.
pub fn to_text(markdown: &str) -> String {
    let arena = Arena::new();
    let root = parse_document(&arena, markdown, &options());
    let mut text = String::new();
    for node in root.descendants() {
        let value = &node.data().value;
        match value {
            NodeValue::Text(words) => text.push_str(words),
            NodeValue::Code(code) => text.push_str(&code.literal),
            NodeValue::CodeBlock(block) => {
                text.push(' ');
                text.push_str(&block.literal);
            }
            NodeValue::SoftBreak | NodeValue::LineBreak => text.push(' '),
            _ if value.block() => text.push(' '),
            _ => {}
        }
    }
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `text` cut to at most `max` characters at a word boundary, with an ellipsis when cut.
pub fn summary(text: &str, max: usize) -> String {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if text.chars().count() <= max {
        return text;
    }
    let keep = max.saturating_sub(1);
    let cut: String = text.chars().take(keep).collect();
    let ends_a_word = text.chars().nth(keep) == Some(' ');
    let at_word = match cut.rfind(' ') {
        Some(space) if !ends_a_word && space > cut.len() / 2 => &cut[..space],
        _ => cut.as_str(),
    };
    format!("{}…", at_word.trim_end_matches(|c: char| c.is_ascii_punctuation() || c.is_whitespace()))
}

/// A post's markdown without a first-level heading at its start that repeats `title` (ignoring
/// case and surrounding spaces): the post's page already shows the title as its one `h1`.
pub fn without_title_heading<'m>(markdown: &'m str, title: &str) -> &'m str {
    let text = markdown.trim_start();
    let Some(heading) = text.strip_prefix('#') else { return markdown };
    if !heading.starts_with([' ', '\t']) {
        return markdown;
    }
    let (line, rest) = heading.split_once('\n').unwrap_or((heading, ""));
    let line = line.trim().trim_end_matches('#').trim();
    if line.to_lowercase() != title.trim().to_lowercase() {
        return markdown;
    }
    rest.trim_start()
}
