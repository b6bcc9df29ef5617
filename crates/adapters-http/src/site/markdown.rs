//! Markdown as the server renders it, for the feed and structured data: the site's dialect as far as
//! comrak reads it (`CommonMark`, tables, ~~strike~~, ++underline++, ==highlight==, ^sup^, ~sub~, task
//! lists, footnotes, autolinks, `::: kind` blocks), then sanitised by ammonia exactly like the
//! browser's renderer sanitises its own: no scripts, no event handlers, no `javascript:` links, no
//! inline styles, no forms or embedded documents. The editor's small text, keyboard keys and status
//! badges stay as their plain source text.

use std::collections::HashSet;

use ammonia::{Builder, Url, UrlRelative};
use comrak::nodes::NodeValue;
use comrak::{Arena, Options, markdown_to_html, parse_document};

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
    // Raw HTML is kept here and sanitised below, as the browser's renderer does.
    options.render.r#unsafe = true;
    options
}

/// The one sanitising policy of everything the server writes as HTML: the HTML elements of
/// markdown without scripts, event handlers, `javascript:` links, inline styles, forms, buttons,
/// frames, embedded documents and media; links get `rel="noopener noreferrer"`. Relative links and
/// images are made absolute against `base` (the site's address, `https://studio.example`) when it is
/// one, since a feed is read away from the site.
fn policy(base: &str) -> Builder<'static> {
    let mut sanitiser = Builder::default();
    sanitiser.rm_tags(&["form", "button", "select", "textarea", "iframe", "object", "embed", "audio", "video"]);
    sanitiser.rm_generic_attributes(&["style"]);
    sanitiser.link_rel(Some("noopener noreferrer"));
    sanitiser.url_schemes(HashSet::from(["http", "https", "mailto", "tel"]));
    match Url::parse(&format!("{}/", base.trim_end_matches('/'))) {
        Ok(base) => sanitiser.url_relative(UrlRelative::RewriteWithBase(base)),
        Err(_) => sanitiser.url_relative(UrlRelative::PassThrough),
    };
    sanitiser
}

/// Markdown as sanitised HTML ([`policy`]), relative links and images made absolute against `base`.
pub fn to_html(markdown: &str, base: &str) -> String {
    policy(base).clean(&markdown_to_html(markdown, &options())).to_string()
}

/// `text` for a place that readers take as HTML but that must show plain text (the feed's
/// descriptions): the same policy with no element allowed, so any markup in it is removed (with
/// what scripts and styles hold) and the rest escaped; the result, read as HTML, shows the words
/// and nothing runs.
pub fn plain_html(text: &str) -> String {
    let mut sanitiser = policy("");
    sanitiser
        .tags(HashSet::new())
        .clean_content_tags(HashSet::from(["script", "style", "template", "noscript", "textarea", "title", "xmp"]));
    sanitiser.clean(text).to_string()
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

#[cfg(test)]
mod tests {
    use super::*;

    const BASE: &str = "https://studio.example";

    #[test]
    fn the_sites_extras_render() {
        let html = to_html(
            "~~gone~~ ++added++ ==marked== H~2~O x^2^ [site](/about) ![pic](/images/a.png)\n\n| a |\n|---|\n| b |\n",
            BASE,
        );
        for expected in [
            "<del>gone</del>",
            "<ins>added</ins>",
            "<mark>marked</mark>",
            "<sub>2</sub>",
            "<sup>2</sup>",
            "<table>",
            r#"href="https://studio.example/about""#,
            r#"src="https://studio.example/images/a.png""#,
        ] {
            assert!(html.contains(expected), "{expected} in {html}");
        }
    }

    #[test]
    fn footnotes_and_task_lists_render() {
        let html = to_html("Said[^1].\n\n[^1]: Source.\n\n- [x] done\n", BASE);
        assert!(html.contains("Source."), "{html}");
        assert!(html.contains("done"), "{html}");
    }

    #[test]
    fn scripts_handlers_styles_and_javascript_links_are_removed() {
        let html = to_html(
            "<script>alert(1)</script><img src=x onerror=alert(1)><p style=\"color:red\">hi</p>\n\n\
             [x](javascript:alert(1)) <a href=\"javascript:alert(2)\">y</a>\n\n\
             <iframe src=\"https://evil.example\"></iframe><form><input></form>",
            BASE,
        );
        for forbidden in ["<script", "onerror", "style=", "href=\"javascript", "<iframe", "<form", "<input"] {
            assert!(!html.contains(forbidden), "{forbidden} in {html}");
        }
        assert!(html.contains("hi"));
    }

    #[test]
    fn plain_html_keeps_the_words_and_no_markup() {
        assert_eq!(plain_html("Tom & Jerry <b>bold</b>"), "Tom &amp; Jerry bold");
        assert_eq!(plain_html("<script>alert(1)</script>safe"), "safe");
        assert_eq!(plain_html("a < b"), "a &lt; b");
        assert_eq!(plain_html("<img src=x onerror=alert(1)>"), "");
        assert_eq!(plain_html("&lt;script&gt;"), "&lt;script&gt;");
    }

    #[test]
    fn links_get_noopener() {
        let html = to_html("[out](https://example.com)", BASE);
        assert!(html.contains(r#"rel="noopener noreferrer""#), "{html}");
    }

    #[test]
    fn text_drops_the_markup_and_keeps_the_words() {
        assert_eq!(
            to_text("# Title\n\nSome **bold** and `code`,\nand a [link](/x).\n\n- one\n- two"),
            "Title Some bold and code, and a link. one two"
        );
        assert_eq!(to_text("<b>raw</b> text"), "raw text");
    }

    #[test]
    fn summaries_cut_at_a_word_with_an_ellipsis() {
        assert_eq!(summary("short  text", 160), "short text");
        assert_eq!(summary("one two three four five", 14), "one two three…");
        assert_eq!(summary("one two, three", 10), "one two…");
        assert_eq!(summary(&"x".repeat(20), 10), format!("{}…", "x".repeat(9)));
        assert!(summary(&"word ".repeat(100), 160).chars().count() <= 160);
    }
}
