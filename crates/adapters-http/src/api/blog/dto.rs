//! The `blog` resource's request and response bodies, with their conversions to and from domain types.

use atelier_application::blog::PostView;
use atelier_domain::Page;
use atelier_domain::language::LanguageTag;
use atelier_domain::post::{ContentBlock, ContentInput, PostInput, PostStatus};
use atelier_domain::slug::Slug;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::api::media::LibraryImageDto;
use crate::extract::present;
use crate::markdown::{self, Stored};
use crate::versions::EditorDto;

/// Whether a post is visible on the public site: only `published` is; `in_review` waits for an
/// Editor's decision.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = PostStatus)]
pub enum PostStatusDto {
    Draft,
    InReview,
    Published,
}

impl From<PostStatus> for PostStatusDto {
    fn from(status: PostStatus) -> Self {
        match status {
            PostStatus::Draft => Self::Draft,
            PostStatus::InReview => Self::InReview,
            PostStatus::Published => Self::Published,
        }
    }
}

impl From<PostStatusDto> for PostStatus {
    fn from(status: PostStatusDto) -> Self {
        match status {
            PostStatusDto::Draft => Self::Draft,
            PostStatusDto::InReview => Self::InReview,
            PostStatusDto::Published => Self::Published,
        }
    }
}

/// A blog post.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = BlogPost)]
pub struct PostDto {
    /// The record's version and who created and last changed it.
    #[serde(flatten)]
    pub meta: crate::versions::MetaDto,
    /// 24 lowercase hexadecimal characters.
    #[serde(rename = "_id")]
    #[schema(example = "65f1c2a9b4e8d70012345678")]
    pub id: String,
    #[schema(example = "designing-apis-people-enjoy")]
    pub slug: String,
    pub title: String,
    pub excerpt: String,
    /// Markdown.
    pub content: String,
    /// `content` as the post's page shows it: the server's rendering, sanitised HTML (without a
    /// first-level heading at its start that repeats the title, which the page shows already).
    pub content_html: String,
    /// An absolute URL or a path on this site; empty when none.
    pub featured_image: String,
    /// The category's `_id`, or `null`.
    #[schema(required = true)]
    pub category: Option<String>,
    /// The category's display name (else its name); empty without a category.
    pub category_name: String,
    /// Tag `_id`s.
    pub tags: Vec<String>,
    /// The tags' names, comma-separated.
    #[schema(example = "Rust, APIs")]
    pub tag_names: String,
    pub author_name: String,
    pub status: PostStatusDto,
    pub featured: bool,
    pub views: u64,
    pub meta_title: String,
    pub meta_description: String,
    /// The media library's images the post shows (its featured image, the pictures in its content),
    /// with their sizes and WebP copies for `srcset`.
    pub images: Vec<LibraryImageDto>,
    /// When the published post goes live, or `null` for as soon as it is published. Until then
    /// it is scheduled: the public site does not show it.
    #[schema(required = true)]
    pub publish_at: Option<DateTime<Utc>>,
    /// When the post was last submitted for review, or `null` if it never was.
    #[schema(required = true)]
    pub submitted_at: Option<DateTime<Utc>>,
    /// The note the post was last sent back with, until it is resubmitted or published; else `null`.
    #[schema(required = true)]
    pub review_note: Option<ReviewNoteDto>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// Public reads with `lang`: the language the texts are in (the one asked for, or the default
    /// when the post has no live translation there).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = "de")]
    pub language: Option<String>,
    /// Public reads with `lang` other than the default: the languages the post can be read in and
    /// its address in each, the default first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub translations: Option<Vec<PostLanguageDto>>,
}

/// A language a post can be read in, and its address there.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = BlogPostLanguage)]
pub struct PostLanguageDto {
    #[schema(example = "de")]
    pub lang: String,
    pub slug: String,
}

/// The note a post was sent back to its writer with.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = ReviewNote)]
pub struct ReviewNoteDto {
    /// What the writer should change.
    pub text: String,
    /// Who sent it back.
    pub by: EditorDto,
    /// When.
    pub at: DateTime<Utc>,
}

impl PostDto {
    /// The post with the library images it shows.
    pub fn new(view: PostView, images: Vec<LibraryImageDto>) -> Self {
        let post = view.post;
        let content = Stored::field("post", post.id, post.meta.version, post.updated_at, "content");
        let content_html =
            markdown::render_stored(content, markdown::without_title_heading(&post.content, &post.title), &images);
        Self {
            meta: post.meta.into(),
            id: post.id.to_string(),
            slug: post.slug.to_string(),
            title: post.title,
            excerpt: post.excerpt,
            content: post.content,
            content_html,
            featured_image: post.featured_image,
            category: post.category.map(|id| id.to_string()),
            category_name: view.category_name,
            tags: post.tags.iter().map(ToString::to_string).collect(),
            tag_names: view.tag_names.join(", "),
            author_name: post.author_name,
            status: post.status.into(),
            featured: post.featured,
            views: post.views,
            meta_title: post.meta_title,
            meta_description: post.meta_description,
            images,
            publish_at: post.publish_at,
            submitted_at: post.review.submitted_at,
            review_note: post.review.sent_back.map(|sent_back| ReviewNoteDto {
                text: sent_back.note,
                by: sent_back.by.into(),
                at: sent_back.at,
            }),
            created_at: post.created_at,
            updated_at: post.updated_at,
            language: None,
            translations: None,
        }
    }

    /// The post as read in a language: which one, and where else it can be read.
    #[must_use]
    pub fn in_language(self, language: &LanguageTag, translations: Option<Vec<(LanguageTag, Slug)>>) -> Self {
        Self {
            language: Some(language.to_string()),
            translations: translations.map(|list| {
                list.into_iter()
                    .map(|(lang, slug)| PostLanguageDto { lang: lang.to_string(), slug: slug.to_string() })
                    .collect()
            }),
            ..self
        }
    }
}

/// One page of posts.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = BlogPostList)]
pub struct PostListDto {
    pub blogs: Vec<PostDto>,
    /// The number of matching posts; with `search`, counted only to 1,000 past this page (see
    /// `totalCapped`).
    pub total_items: u64,
    pub total_pages: u64,
    pub current_page: u64,
    /// `true` when a search stopped counting at `totalItems`: more posts match ("1,000+").
    pub total_capped: bool,
}

impl PostListDto {
    /// The page with its posts' DTOs (see [`super::dtos`]).
    pub fn new(page: &Page<PostView>, blogs: Vec<PostDto>) -> Self {
        Self {
            blogs,
            total_items: page.total_items,
            total_pages: page.total_pages,
            current_page: page.current_page,
            total_capped: page.total_capped,
        }
    }
}

/// A post's view count.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = BlogPostViews)]
pub struct ViewsDto {
    pub views: u64,
}

/// One block of content, as older clients send it.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(as = ContentBlock)]
pub struct ContentBlockDto {
    pub text: Option<String>,
    /// `text` (default), `heading`, `quote`, `code` or `image`.
    #[serde(rename = "type")]
    #[schema(rename = "type")]
    pub block_type: Option<String>,
    /// The image's address, for `image` blocks.
    pub url: Option<String>,
    /// The image's caption, for `image` blocks.
    pub caption: Option<String>,
}

/// Markdown text, or a list of blocks joined into markdown (separated by blank lines).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(untagged)]
#[schema(as = BlogPostContent)]
pub enum ContentInputDto {
    Markdown(String),
    Blocks(Vec<ContentBlockDto>),
}

impl From<ContentInputDto> for ContentInput {
    fn from(dto: ContentInputDto) -> Self {
        match dto {
            ContentInputDto::Markdown(text) => Self::Markdown(text),
            ContentInputDto::Blocks(blocks) => Self::Blocks(
                blocks
                    .into_iter()
                    .map(|block| ContentBlock {
                        text: block.text,
                        block_type: block.block_type,
                        url: block.url,
                        caption: block.caption,
                    })
                    .collect(),
            ),
        }
    }
}

/// The fields of a post to create or change. On creation only `title` is required; on update,
/// fields left out keep their values. Strings are trimmed.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = BlogPostInput)]
pub struct PostInputDto {
    /// Required on creation; at most 200 characters.
    pub title: Option<String>,
    /// Lowercase letters and digits separated by single hyphens. Left out or empty: generated from
    /// the title on creation (with `-2`, `-3`… when taken), kept on update. A slug another post
    /// has is a conflict.
    pub slug: Option<String>,
    /// At most 1000 characters.
    pub excerpt: Option<String>,
    #[schema(value_type = Option<ContentInputDto>)]
    pub content: Option<ContentInputDto>,
    /// An absolute http(s) URL or a path on this site (`/images/...`), or empty.
    pub featured_image: Option<String>,
    /// A category's `_id`; empty or `null` for none.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    pub category: Option<Option<String>>,
    /// Tag `_id`s (at most 20); duplicates are dropped.
    pub tags: Option<Vec<String>>,
    /// At most 120 characters.
    pub author_name: Option<String>,
    /// `draft` by default. A post goes into review only by being submitted
    /// (`submitBlogPostForReview`); one in review may be kept there or taken back to draft.
    #[schema(value_type = Option<PostStatusDto>)]
    pub status: Option<String>,
    /// `false` by default.
    pub featured: Option<bool>,
    /// At most 200 characters (the editor suggests 60).
    pub meta_title: Option<String>,
    /// At most 500 characters (the editor suggests 160).
    pub meta_description: Option<String>,
    /// When a published post goes live: an ISO-8601 date and time with its offset
    /// (`2026-05-01T09:00:00Z`). Until then the public site does not show it. Empty or `null`:
    /// as soon as it is published.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>, example = "2026-05-01T09:00:00Z")]
    pub publish_at: Option<Option<String>>,
}

impl From<PostInputDto> for PostInput {
    fn from(dto: PostInputDto) -> Self {
        Self {
            title: dto.title,
            slug: dto.slug,
            excerpt: dto.excerpt,
            content: dto.content.map(ContentInput::from),
            featured_image: dto.featured_image,
            category: dto.category.map(Option::unwrap_or_default),
            tags: dto.tags,
            author_name: dto.author_name,
            status: dto.status,
            featured: dto.featured,
            meta_title: dto.meta_title,
            meta_description: dto.meta_description,
            publish_at: dto.publish_at.map(Option::unwrap_or_default),
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PostListParams {
    /// Page number from 1.
    pub page: Option<i64>,
    /// Page size: 1 to 1000 for administrators, 10 by default.
    pub limit: Option<i64>,
    /// Comma-separated category `_id`s or slugs; a post in any of them matches. `all` for every
    /// category.
    pub category: Option<String>,
    /// Only posts with this status. Anonymous callers always get published posts.
    pub status: Option<PostStatusDto>,
    /// Matches title, excerpt and author name, ignoring case.
    pub search: Option<String>,
    /// Only posts with no translation in this language: one of the site's languages other than
    /// the default (any case); another tag answers 400. Not with `outdatedIn`.
    #[serde(rename = "missingIn")]
    pub missing_in: Option<String>,
    /// Only posts whose translation in this language is outdated: saved against other texts of
    /// the default language than the post's now. One of the site's languages other than the
    /// default (any case); another tag answers 400. Not with `missingIn`.
    #[serde(rename = "outdatedIn")]
    pub outdated_in: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PublicPostListParams {
    /// Page number from 1.
    pub page: Option<i64>,
    /// Page size: 1 to 100, 12 by default.
    pub limit: Option<i64>,
    /// Comma-separated category `_id`s or slugs; a post in any of them matches. `all` for every
    /// category.
    pub category: Option<String>,
    /// Matches title, excerpt and author name, ignoring case.
    pub search: Option<String>,
    /// Accepted and ignored: this list only ever holds published posts.
    pub status: Option<String>,
    /// One of the site's language tags (any case): each post in that language where it has a live
    /// translation. Absent: the default language. Another tag answers 400.
    pub lang: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FeaturedPostParams {
    /// How many posts: 1 to 100, 3 by default.
    pub limit: Option<i64>,
    /// One of the site's language tags (any case); absent: the default language. Another tag
    /// answers 400.
    pub lang: Option<String>,
}
