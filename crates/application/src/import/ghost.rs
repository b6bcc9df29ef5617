//! Ghost's JSON export (`db[0].data`: posts, tags, `posts_tags`, users, `posts_authors`) read into the
//! neutral model. The body is Ghost's rendered `html`; lexical and mobiledoc are not read.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use serde::Deserialize;

use super::model::{Entry, EntryKind, EntryStatus, Export, ParseError, Platform, Term, slugify};

#[derive(Deserialize)]
struct File {
    db: Vec<Database>,
}

#[derive(Deserialize)]
struct Database {
    data: Data,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Data {
    posts: Vec<Post>,
    tags: Vec<Tag>,
    posts_tags: Vec<PostTag>,
    users: Vec<User>,
    posts_authors: Vec<PostAuthor>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Post {
    id: String,
    title: Option<String>,
    slug: Option<String>,
    html: Option<String>,
    custom_excerpt: Option<String>,
    feature_image: Option<String>,
    #[serde(rename = "type")]
    kind: Option<String>,
    page: Option<serde_json::Value>,
    status: Option<String>,
    published_at: Option<String>,
    created_at: Option<String>,
    author_id: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Tag {
    id: String,
    name: String,
    slug: Option<String>,
    visibility: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct PostTag {
    post_id: String,
    tag_id: String,
    sort_order: Option<i64>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct User {
    id: String,
    name: String,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct PostAuthor {
    post_id: String,
    author_id: String,
    sort_order: Option<i64>,
}

fn date(text: Option<&str>) -> Option<DateTime<Utc>> {
    let text = text?.trim();
    DateTime::parse_from_rfc3339(text)
        .map(|date| date.with_timezone(&Utc))
        .ok()
        .or_else(|| chrono::NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S").ok().map(|date| date.and_utc()))
}

/// Reads a Ghost export.
///
/// # Errors
/// When the file is not JSON or not shaped as a Ghost export.
pub fn parse(json: &str) -> Result<Export, ParseError> {
    let file: File = serde_json::from_str(json).map_err(|error| {
        ParseError(format!("The file is not a readable Ghost export (expected {{\"db\": [{{\"data\": …}}]}}): {error}"))
    })?;
    let data = file
        .db
        .into_iter()
        .next()
        .ok_or_else(|| ParseError("The Ghost export holds no database (db is empty)".to_owned()))?
        .data;
    let mut export = Export::new(Platform::Ghost);
    let tags: HashMap<&str, &Tag> = data.tags.iter().map(|tag| (tag.id.as_str(), tag)).collect();
    let users: HashMap<&str, &str> = data.users.iter().map(|user| (user.id.as_str(), user.name.as_str())).collect();
    let mut tags_of: HashMap<&str, Vec<(i64, &str)>> = HashMap::new();
    for link in &data.posts_tags {
        tags_of.entry(link.post_id.as_str()).or_default().push((link.sort_order.unwrap_or(0), link.tag_id.as_str()));
    }
    let mut authors_of: HashMap<&str, Vec<(i64, &str)>> = HashMap::new();
    for link in &data.posts_authors {
        authors_of
            .entry(link.post_id.as_str())
            .or_default()
            .push((link.sort_order.unwrap_or(0), link.author_id.as_str()));
    }
    for post in &data.posts {
        let title = post.title.clone().unwrap_or_default().trim().to_owned();
        let label = if title.is_empty() { format!("Ghost post {}", post.id) } else { format!("“{title}”") };
        let is_page = post.kind.as_deref() == Some("page")
            || matches!(post.page, Some(serde_json::Value::Bool(true) | serde_json::Value::Number(_)))
                && post.page.as_ref().and_then(serde_json::Value::as_i64).is_none_or(|page| page == 1);
        let kind = if is_page { EntryKind::Page } else { EntryKind::Post };
        let status = match post.status.as_deref().unwrap_or("draft") {
            "published" => EntryStatus::Published,
            "scheduled" => EntryStatus::Scheduled,
            "draft" => EntryStatus::Draft,
            "sent" => {
                export.problems.push(format!("{label} was sent as an email only: imported as a draft"));
                EntryStatus::Draft
            }
            other => {
                export.problems.push(format!("{label} has the unknown status “{other}”: imported as a draft"));
                EntryStatus::Draft
            }
        };
        let mut post_tags = tags_of.remove(post.id.as_str()).unwrap_or_default();
        post_tags.sort_by_key(|(order, _)| *order);
        let mut terms = Vec::new();
        for (_, tag_id) in post_tags {
            let Some(tag) = tags.get(tag_id) else { continue };
            if tag.visibility.as_deref() == Some("internal") || tag.name.starts_with('#') {
                continue;
            }
            let slug = tag.slug.clone().filter(|slug| !slug.is_empty()).unwrap_or_else(|| slugify(&tag.name));
            terms.push(Term { name: tag.name.clone(), slug });
        }
        let mut post_authors = authors_of.remove(post.id.as_str()).unwrap_or_default();
        post_authors.sort_by_key(|(order, _)| *order);
        let mut authors: Vec<String> =
            post_authors.iter().filter_map(|(_, id)| users.get(id).map(|name| (*name).to_owned())).collect();
        if authors.is_empty()
            && let Some(name) = post.author_id.as_deref().and_then(|id| users.get(id))
        {
            authors.push((*name).to_owned());
        }
        let html = post.html.clone().unwrap_or_default();
        if html.is_empty() {
            export.problems.push(format!(
                "{label} has no HTML in the export (only lexical or mobiledoc): imported with an empty body"
            ));
        }
        let slug = post.slug.clone().filter(|slug| !slug.is_empty()).unwrap_or_else(|| slugify(&title));
        let old_paths =
            if status == EntryStatus::Published && !slug.is_empty() { vec![format!("/{slug}/")] } else { Vec::new() };
        export.entries.push(Entry {
            kind,
            source_id: post.id.clone(),
            title,
            slug,
            html,
            excerpt: post.custom_excerpt.clone().unwrap_or_default().trim().to_owned(),
            status,
            date: date(post.published_at.as_deref()).or_else(|| date(post.created_at.as_deref())),
            categories: Vec::new(),
            tags: terms,
            authors,
            featured_image: post.feature_image.clone().filter(|image| !image.trim().is_empty()),
            old_paths,
        });
    }
    Ok(export)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_posts_pages_tags_and_authors() {
        let json = r##"{"db":[{"meta":{"version":"5.0.0"},"data":{
          "posts":[
            {"id":"p1","title":"Hello","slug":"hello","html":"<p>Hi</p>","type":"post","status":"published",
             "published_at":"2021-03-04T10:00:00.000Z","feature_image":"__GHOST_URL__/content/images/2021/03/y.png","custom_excerpt":"Short"},
            {"id":"p2","title":"About us","slug":"about-us","html":"<p>We</p>","type":"page","status":"draft"},
            {"id":"p3","title":"Later","slug":"later","html":"<p>Soon</p>","type":"post","status":"scheduled","published_at":"2030-01-01T00:00:00.000Z"}
          ],
          "tags":[{"id":"t1","name":"Rust","slug":"rust"},{"id":"t2","name":"#hidden","slug":"hash-hidden","visibility":"internal"},{"id":"t3","name":"News","slug":"news"}],
          "posts_tags":[{"post_id":"p1","tag_id":"t3","sort_order":1},{"post_id":"p1","tag_id":"t1","sort_order":0},{"post_id":"p1","tag_id":"t2","sort_order":2}],
          "users":[{"id":"u1","name":"Ann Lee"},{"id":"u2","name":"Bo Chen"}],
          "posts_authors":[{"post_id":"p1","author_id":"u2","sort_order":1},{"post_id":"p1","author_id":"u1","sort_order":0}]
        }}]}"##;
        let export = parse(json).unwrap();
        let [post, page, later] = &export.entries[..] else { panic!("three entries") };
        assert_eq!(post.kind, EntryKind::Post);
        assert_eq!(post.tags.iter().map(|tag| tag.name.as_str()).collect::<Vec<_>>(), ["Rust", "News"]);
        assert_eq!(post.authors, ["Ann Lee", "Bo Chen"]);
        assert_eq!(post.old_paths, ["/hello/"]);
        assert_eq!(post.excerpt, "Short");
        assert_eq!(post.date.unwrap().to_rfc3339(), "2021-03-04T10:00:00+00:00");
        assert_eq!(page.kind, EntryKind::Page);
        assert_eq!(page.status, EntryStatus::Draft);
        assert!(page.old_paths.is_empty());
        assert_eq!(later.status, EntryStatus::Scheduled);
    }

    #[test]
    fn other_files_are_refused_with_a_clear_message() {
        assert!(parse("{}").unwrap_err().0.contains("not a readable Ghost export"));
        assert!(parse(r#"{"db":[]}"#).unwrap_err().0.contains("holds no database"));
        assert!(parse("<rss/>").is_err());
    }
}
