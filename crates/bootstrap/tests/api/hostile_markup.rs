//! Everything the server writes as HTML, or as text readers take for HTML, holds no markup of its
//! visitors' or editors' making, as a class: vectors from OWASP's XSS filter evasion cheat sheet go
//! through every field that reaches the feed, the sitemap, the pages' heads (and `/api/site/head`)
//! and the pre-rendered pages' previews, and each document is read back the way a browser or a feed
//! reader would: no element, attribute or script is added, and the feed's descriptions are text.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app, write_prerendered_pages};

/// Vectors from the OWASP cheat sheet (and a few of this server's own contexts: a JSON-LD script,
/// XML CDATA, the preview's `{{field}}` placeholders), each short enough for every field.
const VECTORS: [&str; 16] = [
    "<script>alert(1)</script>",
    "\"><img src=x onerror=alert(1)>",
    "'><svg/onload=alert(1)>",
    "</script><script>alert(1)</script>",
    "<a href=\"javascript:alert(1)\">x</a>",
    "<IMG SRC=JaVaScRiPt:alert(1)>",
    "<iframe src=javascript:alert(1)></iframe>",
    "&lt;script&gt;alert(1)&lt;/script&gt;",
    "]]><script>alert(1)</script><![CDATA[",
    "<!--<img src=\"--><img src=x onerror=alert(1)//\">",
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
    "<body onload=alert(1)>",
    "<style>@import'javascript:alert(1)';</style>",
    "{{title}}{{cards}}<x-{{slug}} onclick=alert(1)>",
    "[x](javascript:alert(1)) ![y](x\" onerror=\"alert(1))",
    "<div style=\"background:url(javascript:alert(1))\">\u{2028}\u{2029}</div>",
];

/// Elements that no page, head or feed of this server may carry from its content.
const FORBIDDEN: [&str; 16] = [
    "script", "style", "iframe", "svg", "math", "object", "embed", "form", "input", "button", "textarea", "base",
    "frame", "template", "x-", "mglyph",
];

/// One start tag: its name and attributes (values with the common character references decoded).
#[derive(Debug)]
struct Tag {
    name: String,
    attributes: Vec<(String, String)>,
    /// For a `<script>`: its text, up to its end tag.
    text: String,
}

fn decode(value: &str) -> String {
    value
        .replace("&quot;", "\"")
        .replace("&#x27;", "'")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

/// The start tags of an HTML text, read as a browser's tokenizer reads them (comments, end tags and
/// the raw text of scripts and styles skipped).
fn tags(html: &str) -> Vec<Tag> {
    let lower = html.to_ascii_lowercase();
    let bytes = html.as_bytes();
    let mut found = Vec::new();
    let mut index = 0;
    while let Some(offset) = html[index..].find('<') {
        let start = index + offset + 1;
        if lower[start..].starts_with("!--") {
            index = lower[start..].find("-->").map_or(html.len(), |end| start + end + 3);
            continue;
        }
        if lower[start..].starts_with('!') || lower[start..].starts_with('/') || lower[start..].starts_with('?') {
            index = html[start..].find('>').map_or(html.len(), |end| start + end + 1);
            continue;
        }
        let name_end = html[start..]
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
            .map_or(html.len(), |end| start + end);
        if name_end == start || !bytes[start].is_ascii_alphabetic() {
            index = start;
            continue;
        }
        let name = lower[start..name_end].to_owned();
        let mut at = name_end;
        let mut attributes = Vec::new();
        loop {
            while at < bytes.len() && (bytes[at].is_ascii_whitespace() || bytes[at] == b'/') {
                at += 1;
            }
            if at >= bytes.len() || bytes[at] == b'>' {
                break;
            }
            let attribute_end = html[at..]
                .find(|c: char| c.is_ascii_whitespace() || c == '=' || c == '>' || c == '/')
                .map_or(html.len(), |end| at + end)
                .max(at + 1);
            let attribute = lower[at..attribute_end].to_owned();
            at = attribute_end;
            let mut value = String::new();
            if bytes.get(at) == Some(&b'=') {
                at += 1;
                if let Some(&quote @ (b'"' | b'\'')) = bytes.get(at) {
                    let end = html[at + 1..].find(char::from(quote)).map_or(html.len(), |end| at + 1 + end);
                    value = decode(&html[at + 1..end]);
                    at = end + 1;
                } else {
                    let end = html[at..]
                        .find(|c: char| c.is_ascii_whitespace() || c == '>')
                        .map_or(html.len(), |end| at + end);
                    value = decode(&html[at..end]);
                    at = end;
                }
            }
            attributes.push((attribute, value));
        }
        index = (at + 1).min(html.len());
        let mut text = String::new();
        if name == "script" || name == "style" {
            let end = lower[index..].find(&format!("</{name}")).map_or(html.len(), |end| index + end);
            html[index..end].clone_into(&mut text);
            index = end;
        }
        found.push(Tag { name, attributes, text });
    }
    found
}

/// Checks that `html` carries nothing of the vectors' making: no forbidden element (a page's own
/// JSON-LD and embedded answers aside, which must parse as JSON), no event handler, no `javascript:` address, no style.
fn assert_inert(html: &str, place: &str) {
    for tag in tags(html) {
        // The page's JSON-LD and the API answers it embeds for its script (`site/content.rs`).
        let is_data = tag.name == "script"
            && tag
                .attributes
                .iter()
                .any(|(name, value)| name == "type" && (value == "application/ld+json" || value == "application/json"));
        if is_data {
            assert!(serde_json::from_str::<Value>(&tag.text).is_ok(), "{place}: structured data broken: {}", tag.text);
            continue;
        }
        assert!(
            !FORBIDDEN.iter().any(
                |forbidden| tag.name == *forbidden || (forbidden.ends_with('-') && tag.name.starts_with(forbidden))
            ),
            "{place}: <{}> {:?}",
            tag.name,
            tag.attributes
        );
        for (name, value) in &tag.attributes {
            assert!(!name.starts_with("on") && name != "style", "{place}: <{} {name}={value:?}>", tag.name);
            let compact: String = value.chars().filter(|c| !c.is_whitespace() && !c.is_control()).collect();
            assert!(
                !compact.to_ascii_lowercase().starts_with("javascript:"),
                "{place}: <{} {name}={value:?}>",
                tag.name
            );
        }
    }
}

/// Writes `vector` into every field of the content that reaches a page, a head or a document.
async fn write_everywhere(app: &TestApp, vector: &str, index: usize) -> (String, String) {
    let admin = app.admin();
    let (status, body) = admin.put_json("/api/settings", &json!({"siteName": vector, "siteDescription": vector})).await;
    assert_eq!(status, 200, "{body}");
    let details =
        json!({"email": "studio@example.com", "phone": vector.chars().take(50).collect::<String>(), "address": vector});
    let (status, body) = admin.put_json("/api/contact-details", &details).await;
    assert!(status < 300, "{body}");
    let (status, category) = admin
        .post_json("/api/blog/categories", &json!({"displayName": vector, "slug": format!("hostile-{index}")}))
        .await;
    assert_eq!(status, 201, "{category}");
    let (status, tag) = admin
        .post_json("/api/tags", &json!({"name": format!("{index} {vector}").chars().take(60).collect::<String>()}))
        .await;
    assert_eq!(status, 201, "{tag}");
    let post = json!({
        "title": vector,
        "slug": format!("hostile-post-{index}"),
        "excerpt": vector,
        "authorName": vector,
        "metaTitle": vector,
        "metaDescription": vector,
        "featuredImage": format!("https://images.example/{}.png", vector.split_whitespace().collect::<String>()),
        "content": format!("# {vector}\n\n{vector}\n\n> {vector}\n\n[link]({vector})\n"),
        "category": category["_id"],
        "tags": [tag["_id"]],
        "status": "published",
    });
    let (status, body) = admin.post_json("/api/blog/posts", &post).await;
    assert_eq!(status, 201, "{body}");
    let project = json!({
        "title": vector,
        "client": vector,
        "slug": format!("hostile-project-{index}"),
        "category": vector.chars().take(100).collect::<String>(),
        "description": vector,
        "shortDescription": vector,
        "image": format!("/images/{}.png", vector.split_whitespace().collect::<String>()),
        "completedAt": "2025-01-15",
    });
    let (status, body) = admin.post_json("/api/portfolio", &project).await;
    assert_eq!(status, 201, "{body}");
    let (status, body) = admin.post_json("/api/faqs", &json!({"question": vector, "answer": vector})).await;
    assert_eq!(status, 201, "{body}");
    (format!("/blog/hostile-post-{index}"), format!("/project/hostile-project-{index}"))
}

fn xml_texts<'a>(document: &'a roxmltree::Document<'a>, name: &str) -> Vec<&'a str> {
    document.descendants().filter(|node| node.tag_name().name() == name).filter_map(|node| node.text()).collect()
}

#[tokio::test]
async fn hostile_markup_in_any_field_stays_text_in_every_page_head_and_feed() {
    let app = spawn_app().await;
    write_prerendered_pages(&app);
    for (index, vector) in VECTORS.iter().enumerate() {
        let (post, project) = write_everywhere(&app, vector, index).await;
        for path in ["/", "/about", "/blog", "/portfolio", "/faq", post.as_str(), project.as_str()] {
            let response = app.anonymous().request(Method::GET, path).send().await.unwrap();
            assert_eq!(response.status().as_u16(), 200, "{path}");
            let html = response.text().await.unwrap();
            assert_inert(&html, &format!("{path} with {vector:?}"));
            assert_eq!(tags(&html).iter().filter(|tag| tag.name == "title").count(), 1, "{path}: {html}");

            let (status, head) = app.get_json(&format!("/api/site/head?path={}", urlencode(path))).await;
            assert_eq!(status, 200);
            let data = head["structuredData"].as_str().unwrap();
            assert!(!data.contains('<') && !data.contains('>'), "{path}: {data}");
            assert!(serde_json::from_str::<Value>(data).is_ok(), "{path}: {data}");
        }

        let feed = app.get("/rss.xml").await.text().await.unwrap();
        let document = roxmltree::Document::parse(&feed).unwrap_or_else(|error| panic!("{vector:?}: {error}: {feed}"));
        for description in xml_texts(&document, "description") {
            assert!(!description.contains('<'), "a feed description is plain text: {description}");
        }
        for content in xml_texts(&document, "encoded") {
            assert_inert(content, &format!("the feed's content with {vector:?}"));
        }
        let sitemap = app.get("/sitemap.xml").await.text().await.unwrap();
        let document = roxmltree::Document::parse(&sitemap).unwrap_or_else(|error| panic!("{error}: {sitemap}"));
        for location in xml_texts(&document, "loc") {
            assert!(location.starts_with(&app.address) && !location.contains('<'), "{location}");
        }
    }
}

fn urlencode(path: &str) -> String {
    path.bytes()
        .map(|byte| {
            if byte.is_ascii_alphanumeric() || b"/-_".contains(&byte) {
                char::from(byte).to_string()
            } else {
                format!("%{byte:02X}")
            }
        })
        .collect()
}

#[test]
fn the_reader_finds_what_a_browser_would() {
    let found =
        tags("<p a=1 b='x>y' c=\"&quot;\"><!-- <script> --><script>if (a < b) {}</script><IMG SRC=x onerror=y>");
    let names: Vec<&str> = found.iter().map(|tag| tag.name.as_str()).collect();
    assert_eq!(names, ["p", "script", "img"]);
    assert_eq!(found[0].attributes[1], ("b".to_owned(), "x>y".to_owned()));
    assert_eq!(found[0].attributes[2].1, "\"");
    assert_eq!(found[1].text, "if (a < b) {}");
    assert_eq!(found[2].attributes[1].0, "onerror");
    assert!(std::panic::catch_unwind(|| assert_inert("<a href=' JaVaScRiPt:x'>", "t")).is_err());
    assert!(std::panic::catch_unwind(|| assert_inert("<x-y>", "t")).is_err());
    assert_inert("<p title=\"&lt;script&gt;\">&lt;script&gt;</p>", "t");
}
