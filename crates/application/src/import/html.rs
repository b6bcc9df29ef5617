//! An export's HTML turned into Atelier's markdown.
//!
//! The conversion itself is htmd's (a turndown-like converter on html5ever); around it, what the old
//! platforms write that no converter knows: WordPress's paragraphs without `<p>` (its `wpautop`) and
//! shortcodes (`[caption]`, `[gallery]`, `[embed]`, `[audio]`, `[video]`, `[code]`), Ghost's cards
//! (image, gallery, bookmark, embed, callout), figures with captions, and embedded frames and media,
//! which become a link to their source (no frame, script or player reaches the page). Scripts and
//! styles are left out. What cannot be kept is reported.
//!
//! [`outline`] reads what a reader sees in a piece of HTML (its words, headings, links, pictures, list
//! items and code): the import's corpus test holds the source's outline against the outline of the
//! markdown as the site renders it.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::rc::Rc;
use std::sync::{Arc, Mutex};

use htmd::element_handler::{HandlerResult, Handlers};
use htmd::{Element, HtmlToMarkdown, Node};
use markup5ever_rcdom::NodeData;

use self::wordpress::{paragraphs, shortcodes};
use super::model::Platform;

mod outline;
mod wordpress;

pub use self::outline::{Outline, outline};

/// A body converted to markdown.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Converted {
    pub markdown: String,
    /// The addresses of the pictures it shows, in order, each once.
    pub images: Vec<String>,
    /// What could not be kept as it was.
    pub problems: Vec<String>,
}

/// Converts one body. `attachments` are WordPress's attachments by id (for `[gallery ids]`).
pub fn convert<H: std::hash::BuildHasher>(
    html: &str,
    platform: Platform,
    attachments: &HashMap<String, String, H>,
) -> Converted {
    let mut problems = Vec::new();
    let html = as_shown(html, platform, attachments, &mut problems);
    let found = Arc::new(Mutex::new(Found::default()));
    let converter = converter(&found);
    let markdown = converter.convert(&html).unwrap_or_default();
    let found = std::mem::take(&mut *found.lock().expect("the converter's notes"));
    problems.extend(found.problems);
    let mut images = Vec::new();
    for image in found.images {
        if !images.contains(&image) {
            images.push(image);
        }
    }
    Converted { markdown: tidy(&markdown), images, problems }
}

/// The HTML as the old site showed it: WordPress's shortcodes expanded and its paragraphs marked
/// (what WordPress does when it shows a post); Ghost's HTML is stored as shown. What cannot be
/// expanded is added to `problems`.
pub fn as_shown<H: std::hash::BuildHasher>(
    html: &str,
    platform: Platform,
    attachments: &HashMap<String, String, H>,
    problems: &mut Vec<String>,
) -> String {
    match platform {
        Platform::WordPress => paragraphs(&shortcodes(html, attachments, problems)),
        Platform::Ghost => html.to_owned(),
    }
}

#[derive(Debug, Default)]
struct Found {
    images: Vec<String>,
    problems: Vec<String>,
}

fn attr(element: &Element<'_>, name: &str) -> Option<String> {
    element.attrs.iter().find(|attr| &*attr.name.local == name).map(|attr| attr.value.to_string())
}

fn has_class(element: &Element<'_>, class: &str) -> bool {
    attr(element, "class").is_some_and(|classes| classes.split_whitespace().any(|name| name == class))
}

fn block(content: &str) -> HandlerResult {
    format!("\n\n{}\n\n", content.trim_matches('\n')).into()
}

/// An address as a link target: protocol-relative ones get `https:`.
fn absolute(src: &str) -> String {
    if src.starts_with("//") { format!("https:{src}") } else { src.trim().to_owned() }
}

fn link_block(text: &str, href: &str) -> HandlerResult {
    let href = absolute(href);
    let text = if text.trim().is_empty() { href.clone() } else { text.trim().replace(['[', ']'], "") };
    block(&format!("[{text}]({})", href.replace(' ', "%20").replace('(', "%28").replace(')', "%29")))
}

fn converter(found: &Arc<Mutex<Found>>) -> HtmlToMarkdown {
    let options = htmd::options::Options {
        bullet_list_marker: htmd::options::BulletListMarker::Dash,
        ul_bullet_spacing: 1,
        ol_number_spacing: 1,
        ..Default::default()
    };
    let images = Arc::clone(found);
    let frames = Arc::clone(found);
    let media = Arc::clone(found);
    let dropped = Arc::clone(found);
    HtmlToMarkdown::builder()
        .options(options)
        .skip_tags(vec!["style", "noscript", "template", "head", "button", "input", "select", "textarea"])
        .add_handler(vec!["script", "object", "embed", "form"], move |_: &dyn Handlers, element: Element| {
            dropped.lock().expect("notes").problems.push(format!("a <{}> was left out", element.tag));
            None
        })
        .add_handler(vec!["img"], move |handlers: &dyn Handlers, element: Element| {
            if let Some(src) = attr(&element, "src").filter(|src| !src.trim().is_empty()) {
                images.lock().expect("notes").images.push(src.trim().to_owned());
            }
            handlers.fallback(element)
        })
        .add_handler(vec!["iframe"], move |_: &dyn Handlers, element: Element| {
            let Some(src) = attr(&element, "src").filter(|src| !src.trim().is_empty()) else {
                frames.lock().expect("notes").problems.push("an embedded frame without an address was left out".into());
                return None;
            };
            Some(link_block(&attr(&element, "title").unwrap_or_default(), &src))
        })
        .add_handler(vec!["video", "audio"], move |_: &dyn Handlers, element: Element| {
            if let Some(src) = attr(&element, "src").or_else(|| first_source(element.node)) {
                return Some(link_block("", &src));
            }
            media.lock().expect("notes").problems.push(format!("a <{}> without a source was left out", element.tag));
            None
        })
        .add_handler(vec!["figure"], |handlers: &dyn Handlers, element: Element| {
            if has_class(&element, "kg-bookmark-card") {
                return bookmark(element.node);
            }
            Some(block(&handlers.walk_children(element.node).content))
        })
        .add_handler(vec!["figcaption"], |handlers: &dyn Handlers, element: Element| {
            let caption = handlers.walk_children(element.node).content;
            let caption = caption.trim();
            if caption.is_empty() { None } else { Some(block(&format!("*{}*", caption.replace('\n', " ")))) }
        })
        .add_handler(vec!["div"], |handlers: &dyn Handlers, element: Element| {
            if has_class(&element, "kg-callout-card") {
                let content = handlers.walk_children(element.node).content;
                let quoted: Vec<String> = content
                    .trim_matches('\n')
                    .lines()
                    .map(|line| if line.is_empty() { ">".to_owned() } else { format!("> {line}") })
                    .collect();
                return Some(block(&quoted.join("\n")));
            }
            handlers.fallback(element)
        })
        .build()
}

fn element_name(node: &Rc<Node>) -> Option<String> {
    match &node.data {
        NodeData::Element { name, .. } => Some(name.local.to_string()),
        _ => None,
    }
}

fn node_attr(node: &Rc<Node>, wanted: &str) -> Option<String> {
    match &node.data {
        NodeData::Element { attrs, .. } => {
            attrs.borrow().iter().find(|attr| &*attr.name.local == wanted).map(|attr| attr.value.to_string())
        }
        _ => None,
    }
}

fn node_has_class(node: &Rc<Node>, class: &str) -> bool {
    node_attr(node, "class").is_some_and(|classes| classes.split_whitespace().any(|name| name == class))
}

fn descendants(node: &Rc<Node>, into: &mut Vec<Rc<Node>>) {
    for child in node.children.borrow().iter() {
        into.push(Rc::clone(child));
        descendants(child, into);
    }
}

fn text_content(node: &Rc<Node>) -> String {
    let mut all = Vec::new();
    descendants(node, &mut all);
    let mut text = String::new();
    for node in all {
        if let NodeData::Text { contents } = &node.data {
            text.push_str(&contents.borrow());
        }
    }
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn first_source(node: &Rc<Node>) -> Option<String> {
    let mut all = Vec::new();
    descendants(node, &mut all);
    all.iter().find(|node| element_name(node).as_deref() == Some("source")).and_then(|node| node_attr(node, "src"))
}

/// A Ghost bookmark card: its link with the page's title, then the description.
fn bookmark(node: &Rc<Node>) -> Option<HandlerResult> {
    let mut all = Vec::new();
    descendants(node, &mut all);
    let href =
        all.iter().find(|node| element_name(node).as_deref() == Some("a")).and_then(|node| node_attr(node, "href"))?;
    let by_class =
        |class: &str| all.iter().find(|node| node_has_class(node, class)).map(text_content).unwrap_or_default();
    let title = by_class("kg-bookmark-title");
    let description = by_class("kg-bookmark-description");
    let mut markdown = link_block(&title, &href).content;
    if !description.is_empty() {
        let _ = write!(markdown, "{description}\n\n");
    }
    Some(markdown.into())
}

/// Blank lines collapsed to one, no trailing spaces at the end of the text.
fn tidy(markdown: &str) -> String {
    let mut out = String::with_capacity(markdown.len());
    let mut blank = 0;
    for line in markdown.lines() {
        if line.trim().is_empty() {
            blank += 1;
            continue;
        }
        if blank > 0 && !out.is_empty() {
            out.push('\n');
        }
        blank = 0;
        out.push_str(line);
        out.push('\n');
    }
    out.trim_end().to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wordpress(html: &str) -> Converted {
        let attachments = HashMap::from([
            ("5".to_owned(), "https://old.example/wp-content/uploads/2019/05/a.jpg".to_owned()),
            ("6".to_owned(), "https://old.example/wp-content/uploads/2019/05/b.jpg".to_owned()),
        ]);
        convert(html, Platform::WordPress, &attachments)
    }

    #[test]
    fn classic_paragraphs_and_breaks() {
        let converted = wordpress("First line\nsecond line\n\nNext <strong>bold</strong>\n\n<h2>Title</h2>");
        assert_eq!(converted.markdown, "First line  \nsecond line\n\nNext **bold**\n\n## Title");
    }

    #[test]
    fn captions_galleries_embeds_and_media() {
        let converted = wordpress(concat!(
            "[caption id=\"attachment_5\" align=\"alignnone\" width=\"300\"]<img src=\"https://old.example/wp-content/uploads/2019/05/a.jpg\" alt=\"A\" /> A cat[/caption]\n\n",
            "[gallery ids=\"5,6,7\"]\n\n",
            "[embed]https://www.youtube.com/watch?v=abc[/embed]\n\n",
            "[audio mp3=\"https://old.example/wp-content/uploads/x.mp3\"][/audio]\n\n",
            "[contact-form-7 id=\"1\"]",
        ));
        assert_eq!(
            converted.markdown,
            "![A](https://old.example/wp-content/uploads/2019/05/a.jpg)\n\n*A cat*\n\n\
             ![](https://old.example/wp-content/uploads/2019/05/a.jpg)\n\n![](https://old.example/wp-content/uploads/2019/05/b.jpg)\n\n\
             [https://www.youtube.com/watch?v=abc](https://www.youtube.com/watch?v=abc)\n\n\
             [x.mp3](https://old.example/wp-content/uploads/x.mp3)\n\n\
             \\[contact-form-7 id=\"1\"\\]"
        );
        assert_eq!(
            converted.images,
            [
                "https://old.example/wp-content/uploads/2019/05/a.jpg",
                "https://old.example/wp-content/uploads/2019/05/b.jpg"
            ]
        );
        assert_eq!(
            converted.problems,
            [
                "a gallery names attachment 7, which is not in the export",
                "the shortcode [contact-form-7] is unknown: kept as text"
            ]
        );
    }

    #[test]
    fn frames_become_links_and_scripts_go() {
        let converted = convert(
            "<p>Watch:</p><iframe src=\"//player.vimeo.com/video/1\" title=\"A film\"></iframe><script>alert(1)</script>",
            Platform::Ghost,
            &HashMap::new(),
        );
        assert_eq!(converted.markdown, "Watch:\n\n[A film](https://player.vimeo.com/video/1)");
        assert_eq!(converted.problems, ["a <script> was left out"]);
    }

    #[test]
    fn ghost_cards() {
        let html = concat!(
            "<div class=\"kg-card kg-callout-card\"><div class=\"kg-callout-emoji\">💡</div><div class=\"kg-callout-text\">Tip here</div></div>",
            "<figure class=\"kg-card kg-bookmark-card\"><a class=\"kg-bookmark-container\" href=\"https://ex.com/a\"><div class=\"kg-bookmark-content\">",
            "<div class=\"kg-bookmark-title\">Ex A</div><div class=\"kg-bookmark-description\">About A</div><div class=\"kg-bookmark-metadata\">",
            "<img class=\"kg-bookmark-icon\" src=\"https://ex.com/i.png\"><span class=\"kg-bookmark-author\">Ex</span></div></div></a></figure>",
            "<pre><code class=\"language-rust\">fn main() {}\n</code></pre>"
        );
        let converted = convert(html, Platform::Ghost, &HashMap::new());
        assert_eq!(
            converted.markdown,
            "> 💡\n>\n> Tip here\n\n[Ex A](https://ex.com/a)\n\nAbout A\n\n```rust\nfn main() {}\n```"
        );
        assert!(converted.images.is_empty());
    }

    #[test]
    fn outline_reads_what_a_reader_sees() {
        let outline = outline(
            "<h2>A <em>b</em></h2><ul><li>One</li></ul><p><a href=\"/x\">x</a><img src=\"/i.png\"></p><script>no</script>",
        );
        assert_eq!(outline.headings, [(2, "A b".to_owned())]);
        assert_eq!(outline.list_items, ["One"]);
        assert_eq!(outline.links, ["/x"]);
        assert_eq!(outline.images, ["/i.png"]);
        assert_eq!(outline.words, ["A", "b", "One", "x"]);
    }
}
