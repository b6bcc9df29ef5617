//! WordPress's export (WXR: RSS 2.0 with the `wp:`, `content:`, `excerpt:` and `dc:` namespaces)
//! read into the neutral model. The XML is read by roxmltree, which refuses a document type
//! declaration, so no entity is ever expanded (no "billion laughs").

use std::collections::HashMap;

use chrono::{DateTime, NaiveDateTime, Utc};
use roxmltree::{Document, Node, ParsingOptions};

use super::model::{Entry, EntryKind, EntryStatus, Export, ParseError, Platform, Term, slugify, url_path};

/// The most XML nodes one export may have (a site of tens of thousands of posts stays far below).
const MAX_NODES: u32 = 20_000_000;

fn is_wp(node: Node<'_, '_>, name: &str) -> bool {
    node.is_element()
        && node.tag_name().name() == name
        && node.tag_name().namespace().is_some_and(|ns| ns.starts_with("http://wordpress.org/export/"))
}

fn in_ns(node: Node<'_, '_>, namespace: &str, name: &str) -> bool {
    node.is_element() && node.tag_name().name() == name && node.tag_name().namespace() == Some(namespace)
}

fn plain(node: Node<'_, '_>, name: &str) -> bool {
    node.is_element() && node.tag_name().name() == name && node.tag_name().namespace().is_none()
}

const CONTENT: &str = "http://purl.org/rss/1.0/modules/content/";
const DC: &str = "http://purl.org/dc/elements/1.1/";

fn text_of(node: Node<'_, '_>) -> String {
    node.descendants().filter(Node::is_text).filter_map(|text| text.text()).collect::<String>()
}

fn wp_text(item: Node<'_, '_>, name: &str) -> String {
    item.children().find(|child| is_wp(*child, name)).map(text_of).unwrap_or_default().trim().to_owned()
}

/// Reads a WXR file.
///
/// # Errors
/// When the file is not XML, declares a document type, or is not a WordPress export.
pub fn parse(xml: &str) -> Result<Export, ParseError> {
    let options = ParsingOptions { allow_dtd: false, nodes_limit: MAX_NODES, ..ParsingOptions::default() };
    let document = Document::parse_with_options(xml, options).map_err(|error| {
        ParseError(match error {
            roxmltree::Error::DtdDetected => {
                "The file declares a document type (DTD); WordPress exports have none, so it is not read".to_owned()
            }
            other => format!("The file is not a readable WordPress export: {other}"),
        })
    })?;
    let root = document.root_element();
    let channel = (plain(root, "rss"))
        .then(|| root.children().find(|child| plain(*child, "channel")))
        .flatten()
        .ok_or_else(|| ParseError("The file is not a WordPress export (no rss channel)".to_owned()))?;
    if !channel.children().any(|child| is_wp(child, "wxr_version")) {
        return Err(ParseError("The file is an RSS feed, not a WordPress export (no wp:wxr_version)".to_owned()));
    }

    let mut export = Export::new(Platform::WordPress);
    export.site_url = channel
        .children()
        .find(|child| is_wp(*child, "base_blog_url") || plain(*child, "link"))
        .map(|node| text_of(node).trim().trim_end_matches('/').to_owned())
        .filter(|url| !url.is_empty());

    let mut authors = HashMap::new();
    for author in channel.children().filter(|child| is_wp(*child, "author")) {
        let login = wp_text(author, "author_login");
        let name = wp_text(author, "author_display_name");
        authors.insert(login.clone(), if name.is_empty() { login } else { name });
    }

    let items: Vec<_> = channel.children().filter(|child| plain(*child, "item")).collect();
    for item in &items {
        if wp_text(*item, "post_type") == "attachment" {
            let url = wp_text(*item, "attachment_url");
            if !url.is_empty() {
                export.attachments.insert(wp_text(*item, "post_id"), url);
            }
        }
    }
    for item in items {
        let kind = match wp_text(item, "post_type").as_str() {
            "post" => EntryKind::Post,
            "page" => EntryKind::Page,
            "attachment"
            | "nav_menu_item"
            | "revision"
            | "custom_css"
            | "customize_changeset"
            | "oembed_cache"
            | "wp_global_styles"
            | "wp_navigation"
            | "wp_template"
            | "wp_template_part"
            | "wp_block" => continue,
            other => {
                let title = item.children().find(|child| plain(*child, "title")).map(text_of).unwrap_or_default();
                export.problems.push(format!("“{}”: content of type {other} is not imported", title.trim()));
                continue;
            }
        };
        if let Some(entry) = entry(item, kind, &authors, &export.attachments, &mut export.problems) {
            export.entries.push(entry);
        }
    }
    Ok(export)
}

fn wp_date(text: &str) -> Option<DateTime<Utc>> {
    let text = text.trim();
    if text.is_empty() || text.starts_with("0000") {
        return None;
    }
    NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S").ok().map(|date| date.and_utc())
}

fn entry(
    item: Node<'_, '_>,
    kind: EntryKind,
    authors: &HashMap<String, String>,
    attachments: &HashMap<String, String>,
    problems: &mut Vec<String>,
) -> Option<Entry> {
    let title = item.children().find(|child| plain(*child, "title")).map(text_of).unwrap_or_default().trim().to_owned();
    let source_id = wp_text(item, "post_id");
    let label = if title.is_empty() { format!("WordPress item {source_id}") } else { format!("“{title}”") };
    let status = match wp_text(item, "status").as_str() {
        "publish" => EntryStatus::Published,
        "future" => EntryStatus::Scheduled,
        "draft" | "pending" | "auto-draft" => EntryStatus::Draft,
        "private" => EntryStatus::Private,
        "trash" => {
            problems.push(format!("{label} is in the trash: not imported"));
            return None;
        }
        other => {
            problems.push(format!("{label} has the unknown status “{other}”: imported as a draft"));
            EntryStatus::Draft
        }
    };
    // The GMT date is the moment; a draft's is often all zeros, then the local date is the best known.
    let date = wp_date(&wp_text(item, "post_date_gmt")).or_else(|| wp_date(&wp_text(item, "post_date")));
    let mut categories = Vec::new();
    let mut tags = Vec::new();
    for category in item.children().filter(|child| plain(*child, "category")) {
        let name = text_of(category).trim().to_owned();
        if name.is_empty() {
            continue;
        }
        let slug = category.attribute("nicename").map_or_else(|| slugify(&name), str::to_owned);
        let term = Term { name, slug };
        match category.attribute("domain") {
            Some("category") if !categories.contains(&term) => categories.push(term),
            Some("post_tag") if !tags.contains(&term) => tags.push(term),
            _ => {}
        }
    }
    let author = item
        .children()
        .find(|child| in_ns(*child, DC, "creator"))
        .map(|node| text_of(node).trim().to_owned())
        .filter(|login| !login.is_empty())
        .map(|login| authors.get(&login).cloned().unwrap_or(login));
    let mut thumbnail = None;
    for meta in item.children().filter(|child| is_wp(*child, "postmeta")) {
        if wp_text(meta, "meta_key") == "_thumbnail_id" {
            let id = wp_text(meta, "meta_value");
            match attachments.get(&id) {
                Some(url) => thumbnail = Some(url.clone()),
                None => problems.push(format!("{label}: its featured image (attachment {id}) is not in the export")),
            }
        }
    }
    let html = item.children().find(|child| in_ns(*child, CONTENT, "encoded")).map(text_of).unwrap_or_default();
    let excerpt = item
        .children()
        .find(|child| {
            child.tag_name().name() == "encoded"
                && child.tag_name().namespace().is_some_and(|ns| ns.contains("excerpt"))
        })
        .map(text_of)
        .unwrap_or_default()
        .trim()
        .to_owned();
    let mut slug = wp_text(item, "post_name");
    if slug.is_empty() {
        slug = slugify(&title);
    }
    let mut old_paths = Vec::new();
    // Only a published entry had a public address.
    if let Some(path) = item.children().find(|child| plain(*child, "link")).and_then(|link| url_path(&text_of(link)))
        && status == EntryStatus::Published
        && path != "/"
        && !path.starts_with("/?")
    {
        old_paths.push(path);
    }
    if matches!(status, EntryStatus::Published) && !slug.is_empty() {
        if kind == EntryKind::Post
            && let Some(date) = date
        {
            old_paths.push(format!("/{}/{}/{slug}/", date.format("%Y"), date.format("%m")));
            old_paths.push(format!("/{}/{}/{}/{slug}/", date.format("%Y"), date.format("%m"), date.format("%d")));
        }
        old_paths.push(format!("/{slug}/"));
    }
    let mut seen = std::collections::HashSet::new();
    old_paths.retain(|path| seen.insert(path.trim_end_matches('/').to_owned()));
    Some(Entry {
        kind,
        source_id,
        title,
        slug,
        html,
        excerpt,
        status,
        date,
        categories,
        tags,
        authors: author.into_iter().collect(),
        featured_image: thumbnail,
        old_paths,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: &str = r#"<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/"
 xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/"
 xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
 <title>Old</title><link>https://old.example</link>
 <wp:wxr_version>1.2</wp:wxr_version>
 <wp:author><wp:author_login><![CDATA[ann]]></wp:author_login><wp:author_display_name><![CDATA[Ann Lee]]></wp:author_display_name></wp:author>
 <item><title>Cover</title><wp:post_id>9</wp:post_id><wp:post_type><![CDATA[attachment]]></wp:post_type>
  <wp:attachment_url><![CDATA[https://old.example/wp-content/uploads/2019/05/cover.jpg]]></wp:attachment_url></item>
 <item>
  <title>Hello &amp; welcome</title><link>https://old.example/2019/05/hello/</link>
  <dc:creator><![CDATA[ann]]></dc:creator>
  <content:encoded><![CDATA[<p>Hi</p>]]></content:encoded>
  <excerpt:encoded><![CDATA[Short]]></excerpt:encoded>
  <wp:post_id>12</wp:post_id><wp:post_date_gmt>2019-05-12 08:30:00</wp:post_date_gmt>
  <wp:post_name><![CDATA[hello]]></wp:post_name><wp:status><![CDATA[publish]]></wp:status>
  <wp:post_type><![CDATA[post]]></wp:post_type>
  <category domain="category" nicename="news"><![CDATA[News]]></category>
  <category domain="post_tag" nicename="rust"><![CDATA[Rust]]></category>
  <wp:postmeta><wp:meta_key><![CDATA[_thumbnail_id]]></wp:meta_key><wp:meta_value><![CDATA[9]]></wp:meta_value></wp:postmeta>
 </item>
 <item><title>Gone</title><wp:post_id>13</wp:post_id><wp:status>trash</wp:status><wp:post_type>post</wp:post_type></item>
</channel></rss>"#;

    #[test]
    fn reads_a_post_with_its_terms_author_image_and_old_addresses() {
        let export = parse(SMALL).unwrap();
        assert_eq!(export.entries.len(), 1);
        let post = &export.entries[0];
        assert_eq!(post.title, "Hello & welcome");
        assert_eq!(post.slug, "hello");
        assert_eq!(post.status, EntryStatus::Published);
        assert_eq!(post.authors, ["Ann Lee"]);
        assert_eq!(post.categories, [Term { name: "News".into(), slug: "news".into() }]);
        assert_eq!(post.tags[0].name, "Rust");
        assert_eq!(post.excerpt, "Short");
        assert_eq!(post.featured_image.as_deref(), Some("https://old.example/wp-content/uploads/2019/05/cover.jpg"));
        assert_eq!(post.date.unwrap().to_rfc3339(), "2019-05-12T08:30:00+00:00");
        assert_eq!(post.old_paths, ["/2019/05/hello/", "/2019/05/12/hello/", "/hello/"]);
        assert_eq!(export.problems, ["“Gone” is in the trash: not imported"]);
    }

    #[test]
    fn a_document_type_is_refused_so_no_entity_expands() {
        let laughs = r#"<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><rss><channel>&lol2;</channel></rss>"#;
        let error = parse(laughs).unwrap_err();
        assert!(error.0.contains("document type"), "{error}");
    }

    #[test]
    fn other_files_are_refused_with_a_clear_message() {
        assert!(parse("not xml").unwrap_err().0.contains("not a readable WordPress export"));
        assert!(parse("<rss><channel></channel></rss>").unwrap_err().0.contains("not a WordPress export"));
        assert!(parse("<html/>").unwrap_err().0.contains("no rss channel"));
    }
}
