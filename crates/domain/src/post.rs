//! Blog posts: markdown articles with a category, tags and a draft/published state, plus the two
//! content rules the site relies on (joining content blocks into markdown, and reading time).
//!
//! Longer than 400 lines only with its unit tests, kept beside the rules they check.

use crate::meta::RecordMeta;
use crate::post_review::PostReview;
use chrono::{DateTime, Utc};

use crate::id::EntityId;
use crate::patch::set;
use crate::slug::Slug;
use crate::validation::{FieldErrors, optional_date_time, optional_image, optional_text, required_text};

pub const MAX_TITLE_LEN: usize = 200;
pub const MAX_EXCERPT_LEN: usize = 1_000;
pub const MAX_CONTENT_LEN: usize = 200_000;
pub const MAX_AUTHOR_NAME_LEN: usize = 120;
/// The editor guides towards 60 characters; this is only the hard ceiling.
pub const MAX_META_TITLE_LEN: usize = 200;
/// The editor guides towards 160 characters; this is only the hard ceiling.
pub const MAX_META_DESCRIPTION_LEN: usize = 500;
pub const MAX_TAGS: usize = 20;
/// Reading speed used for the "N min read" estimate (public-site.md §9).
pub const WORDS_PER_MINUTE: usize = 200;

/// Whether a post is visible on the public site: only a published one is. A post in review waits
/// for an Editor's decision (see [`crate::post_review`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PostStatus {
    #[default]
    Draft,
    InReview,
    Published,
}

crate::word_enum!(PostStatus, |_| "Status must be draft, in_review or published".to_owned(), {
    Draft => "draft",
    InReview => "in_review",
    Published => "published",
});

/// A stored blog post.
#[derive(Debug, Clone, PartialEq)]
pub struct Post {
    /// Its version and who created and last changed it.
    pub meta: RecordMeta,
    pub id: EntityId,
    pub slug: Slug,
    pub title: String,
    pub excerpt: String,
    /// Markdown, stored as written.
    pub content: String,
    /// An absolute http(s) URL or a path on this site; empty when none.
    pub featured_image: String,
    /// The category's `_id`.
    pub category: Option<EntityId>,
    /// Tag `_id`s, in the order chosen, without duplicates.
    pub tags: Vec<EntityId>,
    pub author_name: String,
    pub status: PostStatus,
    pub featured: bool,
    pub views: u64,
    pub meta_title: String,
    pub meta_description: String,
    /// When a published post goes live; `None`: as soon as it is published. A published post whose
    /// publish time is still to come is scheduled: visitors do not see it yet.
    pub publish_at: Option<DateTime<Utc>>,
    /// When it was last submitted for review, and the note it was last sent back with.
    pub review: PostReview,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl Post {
    /// Whether visitors see the post at `now`: published, and its publish time (if any) has come.
    pub fn is_live(&self, now: DateTime<Utc>) -> bool {
        self.status == PostStatus::Published && self.publish_at.is_none_or(|at| at <= now)
    }

    /// Whether the post is published but waits for its publish time.
    pub fn is_scheduled(&self, now: DateTime<Utc>) -> bool {
        self.status == PostStatus::Published && self.publish_at.is_some_and(|at| at > now)
    }

    /// The date the post carries and is listed by, newest first: its publish time, else its creation.
    pub fn publication_date(&self) -> DateTime<Utc> {
        self.publish_at.unwrap_or(self.created_at)
    }
}

/// One block of content as older clients send it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ContentBlock {
    pub text: Option<String>,
    /// `text` (the default), `heading`, `quote`, `code` or `image`; unknown types are text.
    pub block_type: Option<String>,
    pub url: Option<String>,
    pub caption: Option<String>,
}

/// A post's content as sent: markdown text, or a list of blocks.
#[derive(Debug, Clone, PartialEq)]
pub enum ContentInput {
    Markdown(String),
    Blocks(Vec<ContentBlock>),
}

impl ContentInput {
    /// The content as markdown text.
    pub fn into_markdown(self) -> String {
        match self {
            Self::Markdown(text) => text,
            Self::Blocks(blocks) => join_blocks(&blocks),
        }
    }
}

/// Joins content blocks into markdown, one block per paragraph (separated by blank lines). Text
/// blocks are kept as written; `heading` becomes a level-2 heading, `quote` a blockquote, `code` a
/// fenced block, `image` an image with its caption as alternative text. Empty blocks are dropped.
pub fn join_blocks(blocks: &[ContentBlock]) -> String {
    blocks.iter().filter_map(block_markdown).collect::<Vec<_>>().join("\n\n")
}

fn block_markdown(block: &ContentBlock) -> Option<String> {
    let text = block.text.as_deref().unwrap_or_default().trim();
    let url = block.url.as_deref().unwrap_or_default().trim();
    let caption = block.caption.as_deref().unwrap_or_default().trim();
    let markdown = match block.block_type.as_deref().map_or("text", str::trim) {
        "image" if !url.is_empty() => {
            let alt = if caption.is_empty() { text } else { caption };
            format!("![{alt}]({url})")
        }
        "heading" if !text.is_empty() && !text.starts_with('#') => format!("## {text}"),
        "quote" if !text.is_empty() => text.lines().map(|line| format!("> {line}")).collect::<Vec<_>>().join("\n"),
        "code" if !text.is_empty() => format!("```\n{text}\n```"),
        _ => text.to_owned(),
    };
    (!markdown.is_empty()).then_some(markdown)
}

/// Minutes needed to read a text at [`WORDS_PER_MINUTE`], rounded up ("N min read"). Words are runs
/// of non-whitespace characters; an empty text takes 0 minutes.
pub fn reading_time_minutes(markdown: &str) -> u32 {
    let words = markdown.split_whitespace().count();
    u32::try_from(words.div_ceil(WORDS_PER_MINUTE)).unwrap_or(u32::MAX)
}

/// The fields of a post as a client sent them. `None` means "not sent".
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PostInput {
    pub title: Option<String>,
    /// Empty or absent: generated from the title on creation, kept on update.
    pub slug: Option<String>,
    pub excerpt: Option<String>,
    pub content: Option<ContentInput>,
    pub featured_image: Option<String>,
    /// A category `_id`; empty clears it.
    pub category: Option<String>,
    /// Tag `_id`s.
    pub tags: Option<Vec<String>>,
    pub author_name: Option<String>,
    pub status: Option<String>,
    pub featured: Option<bool>,
    pub meta_title: Option<String>,
    pub meta_description: Option<String>,
    /// An RFC 3339 date and time with its offset; empty clears it.
    pub publish_at: Option<String>,
}

/// Validated changes to a post. Whether the category and tags exist is checked by the use case.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PostChanges {
    title: Option<String>,
    slug: Option<Slug>,
    excerpt: Option<String>,
    content: Option<String>,
    featured_image: Option<String>,
    category: Option<Option<EntityId>>,
    tags: Option<Vec<EntityId>>,
    author_name: Option<String>,
    status: Option<PostStatus>,
    featured: Option<bool>,
    meta_title: Option<String>,
    meta_description: Option<String>,
    publish_at: Option<Option<DateTime<Utc>>>,
}

impl PostChanges {
    /// Checks every sent field; on creation the title is required.
    pub fn parse(input: PostInput, creating: bool) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let title = match (input.title.as_deref(), creating) {
            (None, false) => None,
            (title, _) => errors.check("title", required_text(title, "Title", MAX_TITLE_LEN)),
        };
        let slug = input
            .slug
            .as_deref()
            .map(str::trim)
            .filter(|slug| !slug.is_empty())
            .and_then(|slug| errors.check("slug", Slug::parse(slug).map_err(|error| error.to_string())));
        let mut text = |field: &str, label: &str, value: Option<String>, max: usize| {
            value.and_then(|text| errors.check(field, optional_text(Some(&text), label, max)))
        };
        let excerpt = text("excerpt", "Excerpt", input.excerpt, MAX_EXCERPT_LEN);
        let author_name = text("authorName", "Author name", input.author_name, MAX_AUTHOR_NAME_LEN);
        let meta_title = text("metaTitle", "Meta title", input.meta_title, MAX_META_TITLE_LEN);
        let meta_description =
            text("metaDescription", "Meta description", input.meta_description, MAX_META_DESCRIPTION_LEN);
        let content = input.content.map(ContentInput::into_markdown).and_then(|markdown| {
            errors.check("content", optional_text(Some(&markdown), "Content", MAX_CONTENT_LEN).map(|_| markdown))
        });
        let featured_image = input
            .featured_image
            .and_then(|image| errors.check("featuredImage", optional_image(Some(&image), "Featured image")));
        let category = input.category.and_then(|category| errors.check("category", parse_category(&category)));
        let tags = input.tags.and_then(|tags| errors.check("tags", parse_tags(&tags)));
        let status = input.status.and_then(|status| errors.check("status", PostStatus::parse(&status)));
        let publish_at =
            input.publish_at.and_then(|text| errors.check("publishAt", optional_date_time(&text, "Publish time")));
        errors.finish(|| Self {
            title,
            slug,
            excerpt,
            content,
            featured_image,
            category,
            tags,
            author_name,
            status,
            featured: input.featured,
            meta_title,
            meta_description,
            publish_at,
        })
    }

    /// The explicitly chosen slug, if one was sent.
    pub fn slug(&self) -> Option<&Slug> {
        self.slug.as_ref()
    }

    /// The title sent, if any.
    pub fn title(&self) -> Option<&str> {
        self.title.as_deref()
    }

    /// The status these changes set, if any.
    pub fn status(&self) -> Option<PostStatus> {
        self.status
    }

    /// The category these changes set (`Some(None)` clears it), for the existence check.
    pub fn category(&self) -> Option<Option<EntityId>> {
        self.category
    }

    /// The tags these changes set, for the existence check.
    pub fn tags(&self) -> Option<&[EntityId]> {
        self.tags.as_deref()
    }
}

fn parse_category(text: &str) -> Result<Option<EntityId>, String> {
    match text.trim() {
        "" => Ok(None),
        id => EntityId::parse(id).map(Some).map_err(|_| "Category must be a category id".to_owned()),
    }
}

fn parse_tags(tags: &[String]) -> Result<Vec<EntityId>, String> {
    if tags.len() > MAX_TAGS {
        return Err(format!("At most {MAX_TAGS} tags are allowed"));
    }
    let mut ids = Vec::with_capacity(tags.len());
    for tag in tags.iter().map(|tag| tag.trim()).filter(|tag| !tag.is_empty()) {
        let id = EntityId::parse(tag).map_err(|_| "Tags must be tag ids".to_owned())?;
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    Ok(ids)
}

impl Post {
    /// A new post with its slug (chosen by the caller) from validated changes.
    pub fn create(id: EntityId, slug: Slug, changes: PostChanges, now: DateTime<Utc>) -> Self {
        let mut post = Self {
            meta: RecordMeta::default(),
            id,
            slug,
            title: String::new(),
            excerpt: String::new(),
            content: String::new(),
            featured_image: String::new(),
            category: None,
            tags: Vec::new(),
            author_name: String::new(),
            status: PostStatus::default(),
            featured: false,
            views: 0,
            meta_title: String::new(),
            meta_description: String::new(),
            publish_at: None,
            review: PostReview::default(),
            created_at: now,
            updated_at: now,
        };
        post.apply(changes, now);
        post
    }

    /// Applies the fields that were sent (a chosen slug included) and stamps the update time. A
    /// post that becomes published no longer carries the note it was sent back with.
    pub fn apply(&mut self, changes: PostChanges, now: DateTime<Utc>) {
        let PostChanges {
            title,
            slug,
            excerpt,
            content,
            featured_image,
            category,
            tags,
            author_name,
            status,
            featured,
            meta_title,
            meta_description,
            publish_at,
        } = changes;
        set(&mut self.title, title);
        set(&mut self.slug, slug);
        set(&mut self.excerpt, excerpt);
        set(&mut self.content, content);
        set(&mut self.featured_image, featured_image);
        set(&mut self.category, category);
        set(&mut self.tags, tags);
        set(&mut self.author_name, author_name);
        set(&mut self.status, status);
        set(&mut self.featured, featured);
        set(&mut self.meta_title, meta_title);
        set(&mut self.meta_description, meta_description);
        set(&mut self.publish_at, publish_at);
        if self.status == PostStatus::Published {
            self.review.sent_back = None;
        }
        self.updated_at = now;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).unwrap()
    }

    fn block(block_type: &str, text: &str) -> ContentBlock {
        ContentBlock { text: Some(text.into()), block_type: Some(block_type.into()), ..ContentBlock::default() }
    }

    #[test]
    fn reading_time_is_200_words_a_minute_rounded_up() {
        assert_eq!(reading_time_minutes(""), 0);
        assert_eq!(reading_time_minutes("   \n\n "), 0);
        assert_eq!(reading_time_minutes("one"), 1);
        assert_eq!(reading_time_minutes(&"word ".repeat(200)), 1);
        assert_eq!(reading_time_minutes(&"word ".repeat(201)), 2);
        assert_eq!(reading_time_minutes(&"word\n\n".repeat(1000)), 5);
    }

    #[test]
    fn blocks_are_joined_with_blank_lines() {
        let blocks = vec![block("text", "First paragraph."), block("text", "  "), block("paragraph", "Second.")];
        assert_eq!(join_blocks(&blocks), "First paragraph.\n\nSecond.");
    }

    #[test]
    fn typed_blocks_become_their_markdown() {
        let image = ContentBlock {
            block_type: Some("image".into()),
            url: Some("/images/demo/blog-1.svg".into()),
            caption: Some("A diagram".into()),
            ..ContentBlock::default()
        };
        let blocks = vec![block("heading", "Why"), block("quote", "a\nb"), block("code", "let x = 1;"), image];
        assert_eq!(
            join_blocks(&blocks),
            "## Why\n\n> a\n> b\n\n```\nlet x = 1;\n```\n\n![A diagram](/images/demo/blog-1.svg)"
        );
        assert_eq!(join_blocks(&[block("heading", "# Kept")]), "# Kept");
        assert_eq!(join_blocks(&[]), "");
    }

    #[test]
    fn a_new_post_is_a_draft_with_the_given_slug() {
        let input = PostInput {
            title: Some("Hello".into()),
            content: Some(ContentInput::Blocks(vec![block("text", "Hi")])),
            ..PostInput::default()
        };
        let changes = PostChanges::parse(input, true).unwrap();
        let post = Post::create(EntityId::generate(now()), Slug::parse("hello").unwrap(), changes, now());
        assert_eq!(post.status, PostStatus::Draft);
        assert_eq!(post.content, "Hi");
        assert!(!post.featured);
        assert_eq!(post.views, 0);
    }

    #[test]
    fn every_invalid_field_is_reported_at_once() {
        let input = PostInput {
            title: Some(" ".into()),
            slug: Some("Bad Slug".into()),
            featured_image: Some("javascript:alert(1)".into()),
            category: Some("web".into()),
            tags: Some(vec!["nope".into()]),
            status: Some("archived".into()),
            meta_title: Some("x".repeat(201)),
            ..PostInput::default()
        };
        let errors = PostChanges::parse(input, true).unwrap_err();
        for field in ["title", "slug", "featuredImage", "category", "tags", "status", "metaTitle"] {
            assert!(errors.get(field).is_some(), "{field}");
        }
    }

    #[test]
    fn tags_are_deduplicated_and_an_empty_category_clears_it() {
        let id = "65f1c2a9b4e8d70012345678";
        let input = PostInput {
            tags: Some(vec![id.into(), format!(" {id} "), String::new()]),
            category: Some(String::new()),
            slug: Some("  ".into()),
            ..PostInput::default()
        };
        let changes = PostChanges::parse(input, false).unwrap();
        assert_eq!(changes.tags().map(<[EntityId]>::len), Some(1));
        assert_eq!(changes.category(), Some(None));
        assert_eq!(changes.slug(), None);
    }

    #[test]
    fn an_update_changes_only_the_fields_sent() {
        let create = PostChanges::parse(
            PostInput { title: Some("A".into()), excerpt: Some("Keep".into()), ..PostInput::default() },
            true,
        )
        .unwrap();
        let mut post = Post::create(EntityId::generate(now()), Slug::parse("a").unwrap(), create, now());
        let update =
            PostChanges::parse(PostInput { status: Some("published".into()), ..PostInput::default() }, false).unwrap();
        post.apply(update, now());
        assert!(post.is_live(now()));
        assert_eq!((post.title.as_str(), post.excerpt.as_str(), post.slug.as_str()), ("A", "Keep", "a"));
    }

    #[test]
    fn a_published_post_with_a_publish_time_to_come_is_scheduled_until_then() {
        let at = now() + chrono::Duration::hours(1);
        let input = PostInput {
            title: Some("Soon".into()),
            status: Some("published".into()),
            publish_at: Some(at.to_rfc3339()),
            ..PostInput::default()
        };
        let changes = PostChanges::parse(input, true).unwrap();
        let mut post = Post::create(EntityId::generate(now()), Slug::parse("soon").unwrap(), changes, now());
        assert_eq!((post.publish_at, post.publication_date()), (Some(at), at));
        assert!(post.is_scheduled(now()) && !post.is_live(now()));
        assert!(post.is_live(at) && !post.is_scheduled(at));

        post.status = PostStatus::Draft;
        assert!(!post.is_scheduled(now()) && !post.is_live(at), "a draft is neither, whatever its time");

        let cleared = PostChanges::parse(PostInput { publish_at: Some(String::new()), ..PostInput::default() }, false);
        post.apply(cleared.unwrap(), now());
        assert_eq!((post.publish_at, post.publication_date()), (None, now()));

        let bad = PostChanges::parse(PostInput { publish_at: Some("soon".into()), ..PostInput::default() }, false);
        assert!(bad.unwrap_err().get("publishAt").is_some());
    }
}
