//! What WordPress writes that no HTML converter knows: paragraphs without `<p>` (its `wpautop`) and
//! shortcodes, turned into the HTML they stand for before the conversion.

use std::collections::HashMap;
use std::fmt::Write as _;

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
pub(super) fn paragraphs(html: &str) -> String {
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
pub(super) fn shortcodes<H: std::hash::BuildHasher>(
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
