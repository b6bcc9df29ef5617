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

use super::model::Platform;

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

const BLOCK_TAGS: [&str; 27] = [
    "p",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "ul",
    "ol",
    "li",
    "blockquote",
    "pre",
    "figure",
    "table",
    "div",
    "iframe",
    "hr",
    "dl",
    "section",
    "article",
    "aside",
    "header",
    "footer",
    "form",
    "video",
    "audio",
    "address",
];

fn starts_with_block(chunk: &str) -> bool {
    let Some(rest) = chunk.strip_prefix('<') else { return false };
    if rest.starts_with("!--") || rest.starts_with('/') {
        return true;
    }
    let name: String = rest.chars().take_while(char::is_ascii_alphanumeric).collect::<String>().to_ascii_lowercase();
    BLOCK_TAGS.contains(&name.as_str())
}

/// WordPress's paragraphs: the classic editor stores paragraphs as text separated by blank lines and
/// line breaks as single newlines (WordPress adds the `<p>` and `<br>` when it shows a post). Text
/// inside `<pre>` is left as it is.
fn paragraphs(html: &str) -> String {
    let mut out = String::with_capacity(html.len() + 64);
    let mut rest = html;
    while !rest.is_empty() {
        let (before, pre, after) = match rest.find("<pre") {
            Some(start) => {
                let end = rest[start..].find("</pre>").map_or(rest.len(), |end| start + end + "</pre>".len());
                (&rest[..start], &rest[start..end], &rest[end..])
            }
            None => (rest, "", ""),
        };
        let normalized = before.replace("\r\n", "\n");
        for chunk in normalized.split("\n\n") {
            let chunk = chunk.trim();
            if chunk.is_empty() {
                continue;
            }
            if starts_with_block(chunk) {
                out.push_str(chunk);
            } else {
                out.push_str("<p>");
                out.push_str(&chunk.replace('\n', "<br>"));
                out.push_str("</p>");
            }
            out.push('\n');
        }
        out.push_str(pre);
        rest = after;
    }
    out
}

/// One shortcode: `[name attrs]` or `[name attrs]content[/name]`.
struct Shortcode<'a> {
    name: &'a str,
    attrs: HashMap<String, String>,
    content: Option<&'a str>,
    /// The text from `[` to the closing `]` (of the closing tag when there is one).
    len: usize,
}

fn shortcode_attrs(text: &str) -> HashMap<String, String> {
    let mut attrs = HashMap::new();
    let mut rest = text.trim();
    let mut position = 0;
    while !rest.is_empty() {
        let name_end = rest.find(|c: char| c == '=' || c.is_whitespace()).unwrap_or(rest.len());
        let name = rest[..name_end].to_ascii_lowercase();
        rest = rest[name_end..].trim_start();
        if let Some(value_text) = rest.strip_prefix('=') {
            let value_text = value_text.trim_start();
            let quote = value_text.chars().next().filter(|c| matches!(c, '"' | '\'' | '“' | '”' | '″'));
            let (value, after) = if let Some(quote) = quote {
                let inner = &value_text[quote.len_utf8()..];
                let end = inner.find(['"', '\'', '”', '″']).unwrap_or(inner.len());
                (&inner[..end], inner.get(end + 1..).unwrap_or_default())
            } else {
                let end = value_text.find(char::is_whitespace).unwrap_or(value_text.len());
                (&value_text[..end], &value_text[end..])
            };
            attrs.insert(name, value.to_owned());
            rest = after.trim_start();
        } else if !name.is_empty() {
            attrs.insert(position.to_string(), name);
            position += 1;
        }
    }
    attrs
}

fn parse_shortcode(text: &str) -> Option<Shortcode<'_>> {
    let inner = text.strip_prefix('[')?;
    let name_len = inner.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-')).unwrap_or(inner.len());
    if name_len == 0 || !inner.as_bytes()[0].is_ascii_alphabetic() {
        return None;
    }
    let name = &inner[..name_len];
    let after_name = &inner[name_len..];
    if !(after_name.starts_with(']') || after_name.starts_with(char::is_whitespace) || after_name.starts_with("/]")) {
        return None;
    }
    let close = after_name.find(']')?;
    if after_name[..close].contains('[') {
        return None;
    }
    let self_closing = after_name[..close].ends_with('/');
    let attrs = shortcode_attrs(after_name[..close].trim_end_matches('/'));
    let open_len = 1 + name_len + close + 1;
    if !self_closing {
        let closing = format!("[/{name}]");
        if let Some(end) = text[open_len..].find(&closing) {
            return Some(Shortcode {
                name,
                attrs,
                content: Some(&text[open_len..open_len + end]),
                len: open_len + end + closing.len(),
            });
        }
    }
    Some(Shortcode { name, attrs, content: None, len: open_len })
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

fn media_link(src: &str) -> String {
    let name = src.rsplit('/').next().filter(|name| !name.is_empty()).unwrap_or(src);
    format!("<p><a href=\"{}\">{}</a></p>", escape(src), escape(name))
}

/// A caption's picture (an `<img>`, maybe inside its link) and the caption text after it.
fn caption(content: &str, attrs: &HashMap<String, String>) -> String {
    let split = content
        .find("</a>")
        .filter(|end| content[..*end].contains("<img"))
        .map(|end| end + "</a>".len())
        .or_else(|| content.find("<img").and_then(|start| content[start..].find('>').map(|end| start + end + 1)))
        .unwrap_or(0);
    let (picture, text) = content.split_at(split);
    let text = attrs.get("caption").map_or_else(|| text.trim().to_owned(), |caption| escape(caption));
    format!("<figure>{}<figcaption>{}</figcaption></figure>", picture.trim(), text)
}

/// A `[gallery ids="1,2"]`: its pictures, by their attachments' addresses.
fn gallery<H: std::hash::BuildHasher>(
    ids: Option<&String>,
    attachments: &HashMap<String, String, H>,
    problems: &mut Vec<String>,
) -> String {
    let Some(ids) = ids else {
        problems.push("a [gallery] without ids (the post's attached images) was left out".to_owned());
        return String::new();
    };
    let mut figure = String::from("<figure class=\"gallery\">");
    for id in ids.split(',').map(str::trim).filter(|id| !id.is_empty()) {
        if let Some(url) = attachments.get(id) {
            let _ = write!(figure, "<p><img src=\"{}\" alt=\"\"></p>", escape(url));
        } else {
            problems.push(format!("a gallery names attachment {id}, which is not in the export"));
        }
    }
    figure.push_str("</figure>");
    figure
}

/// WordPress shortcodes as HTML; an unknown one stays as it was written (and is reported when it
/// is clearly a shortcode: it has attributes or a closing tag).
fn shortcodes<H: std::hash::BuildHasher>(
    html: &str,
    attachments: &HashMap<String, String, H>,
    problems: &mut Vec<String>,
) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(start) = rest.find('[') {
        out.push_str(&rest[..start]);
        rest = &rest[start..];
        // `[[name]]` is WordPress's escape for a shortcode shown as text.
        if rest.starts_with("[[")
            && let Some(end) = rest.find("]]")
        {
            out.push_str(&rest[1..=end]);
            rest = &rest[end + 2..];
            continue;
        }
        let Some(code) = parse_shortcode(rest) else {
            out.push('[');
            rest = &rest[1..];
            continue;
        };
        let content = code.content.unwrap_or_default();
        let replaced = match code.name {
            "caption" | "wp_caption" => Some(caption(&shortcodes(content, attachments, problems), &code.attrs)),
            "gallery" => Some(gallery(code.attrs.get("ids"), attachments, problems)),
            "embed" => {
                let url = code.attrs.get("src").cloned().unwrap_or_else(|| content.trim().to_owned());
                Some(format!("<p><a href=\"{0}\">{0}</a></p>", escape(url.trim())))
            }
            "audio" | "video" | "playlist" => {
                let keys = ["src", "mp3", "m4a", "ogg", "wav", "mp4", "webm", "m4v", "ogv", "wmv", "flv"];
                let src = keys.iter().find_map(|key| code.attrs.get(*key));
                if src.is_none() {
                    problems.push(format!("an [{}] without a file was left out", code.name));
                }
                Some(src.map(|src| media_link(src)).unwrap_or_default())
            }
            "code" | "sourcecode" => {
                let language = code.attrs.get("language").or_else(|| code.attrs.get("lang"));
                let class =
                    language.map(|language| format!(" class=\"language-{}\"", escape(language))).unwrap_or_default();
                Some(format!("<pre><code{class}>{}</code></pre>", escape(content.trim_matches('\n'))))
            }
            _ => None,
        };
        if let Some(html) = replaced {
            out.push_str(&html);
            rest = &rest[code.len..];
        } else {
            if !code.attrs.is_empty() || code.content.is_some() {
                problems.push(format!("the shortcode [{}] is unknown: kept as text", code.name));
            }
            out.push('[');
            rest = &rest[1..];
        }
    }
    out.push_str(rest);
    out
}

/// What a reader sees in a piece of HTML (see the module's documentation).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Outline {
    /// Every word of visible text, in order.
    pub words: Vec<String>,
    /// Each heading's level and text.
    pub headings: Vec<(u8, String)>,
    /// Each link's address.
    pub links: Vec<String>,
    /// Each picture's address.
    pub images: Vec<String>,
    /// Each list item's text.
    pub list_items: Vec<String>,
    /// Each block of code's text, its whitespace kept.
    pub code: Vec<String>,
}

/// The [`Outline`] of `html`. Scripts, styles and Ghost's bookmark decorations (icon, publisher,
/// thumbnail) are not part of what a reader takes from a page, and are not counted.
pub fn outline(html: &str) -> Outline {
    let tree = HtmlToMarkdown::new().html_to_tree(html).expect("html5ever reads any text");
    let mut outline = Outline::default();
    let mut text = String::new();
    walk(&tree, &mut outline, &mut text);
    outline.words = text.split_whitespace().map(str::to_owned).collect();
    outline
}

fn walk(node: &Rc<Node>, outline: &mut Outline, text: &mut String) {
    match &node.data {
        NodeData::Text { contents } => {
            text.push_str(&contents.borrow());
            return;
        }
        NodeData::Element { .. } => {
            let name = element_name(node).unwrap_or_default();
            let skipped = ["script", "style", "noscript", "template", "head"];
            let decorations = ["kg-bookmark-metadata", "kg-bookmark-thumbnail", "kg-bookmark-icon"];
            if skipped.contains(&name.as_str()) || decorations.iter().any(|class| node_has_class(node, class)) {
                return;
            }
            match name.as_str() {
                "h1" | "h2" | "h3" | "h4" | "h5" | "h6" => {
                    outline.headings.push((name.as_bytes()[1] - b'0', text_content(node)));
                }
                "a" => outline.links.extend(node_attr(node, "href").map(|href| absolute(&href))),
                "img" => outline.images.extend(node_attr(node, "src").map(|src| src.trim().to_owned())),
                "li" => outline.list_items.push(text_content(node)),
                "pre" => {
                    let mut all = Vec::new();
                    descendants(node, &mut all);
                    let code: String = all
                        .iter()
                        .filter_map(|node| match &node.data {
                            NodeData::Text { contents } => Some(contents.borrow().to_string()),
                            _ => None,
                        })
                        .collect();
                    outline.code.push(code.trim_matches('\n').to_owned());
                }
                _ => {}
            }
            // Blocks and breaks separate words.
            text.push(' ');
        }
        _ => {}
    }
    for child in node.children.borrow().iter() {
        walk(child, outline, text);
    }
    text.push(' ');
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
