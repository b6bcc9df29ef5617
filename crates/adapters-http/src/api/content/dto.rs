//! The `content` resource's request and response bodies, with their conversions to and from domain types.

use std::collections::BTreeMap;

use atelier_domain::content::{ContentPage, ContentPageInput, ContentStats, PageStatus, SectionInput};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::markdown::{self, Stored};

/// Whether a page is shown on the public site.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = ContentPageStatus)]
pub enum PageStatusDto {
    Published,
    Draft,
}

impl From<PageStatus> for PageStatusDto {
    fn from(status: PageStatus) -> Self {
        match status {
            PageStatus::Published => Self::Published,
            PageStatus::Draft => Self::Draft,
        }
    }
}

/// A titled block of markdown.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = ContentSection)]
pub struct SectionDto {
    pub title: String,
    /// Markdown.
    pub content: String,
}

/// A content page. Which fields a page uses depends on its type: `about` has mission, vision and
/// values; `privacy`, `terms` and `cookies` have content and lastUpdated; other types have content
/// and sections. Fields a type does not use are empty (lastUpdated is null).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ContentPage)]
pub struct ContentPageDto {
    /// The record's version and who created and last changed it.
    #[serde(flatten)]
    pub meta: crate::versions::MetaDto,
    /// 24 lowercase hexadecimal characters.
    #[serde(rename = "_id")]
    #[schema(example = "65f1c2a9b4e8d70012345678")]
    pub id: String,
    /// `about`, `privacy`, `terms`, `cookies`, or another lowercase slug.
    #[serde(rename = "type")]
    #[schema(example = "about")]
    pub page_type: String,
    pub title: String,
    pub subtitle: String,
    /// Paragraphs separated by blank lines.
    pub description: String,
    pub mission: String,
    pub vision: String,
    /// "Title - description" strings.
    pub values: Vec<String>,
    /// Markdown.
    pub content: String,
    /// `content` as the page shows it: the server's rendering, sanitised HTML.
    pub content_html: String,
    /// Policies only; null for other types.
    #[schema(required = true)]
    pub last_updated: Option<DateTime<Utc>>,
    pub status: PageStatusDto,
    pub sections: Vec<SectionDto>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// Public reads with `lang`: the language the texts are in (the one asked for, or the default
    /// when the record has no live translation there).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = "de")]
    pub language: Option<String>,
    /// Public reads with `lang` other than the default: the languages the record can be read in
    /// (its address in each for the kinds that have one), the default first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub translations: Option<Vec<crate::api::languages::RecordLanguageDto>>,
}

impl From<ContentPage> for ContentPageDto {
    fn from(page: ContentPage) -> Self {
        let content = Stored::field("content_page", page.id, page.meta.version, page.updated_at, "content");
        Self {
            language: None,
            translations: None,
            meta: page.meta.into(),
            id: page.id.to_string(),
            page_type: page.page_type.as_str().to_owned(),
            title: page.title,
            subtitle: page.subtitle,
            description: page.description,
            mission: page.mission,
            vision: page.vision,
            values: page.values,
            content_html: markdown::render_stored(content, &page.content, &[]),
            content: page.content,
            last_updated: page.last_updated,
            status: page.status.into(),
            sections: page
                .sections
                .into_iter()
                .map(|section| SectionDto { title: section.title, content: section.content })
                .collect(),
            created_at: page.created_at,
            updated_at: page.updated_at,
        }
    }
}

/// Counts of pages by status and type.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ContentStats)]
pub struct ContentStatsDto {
    pub total: u64,
    pub published: u64,
    pub draft: u64,
    /// Type → number of pages.
    pub by_type: BTreeMap<String, u64>,
}

impl From<ContentStats> for ContentStatsDto {
    fn from(stats: ContentStats) -> Self {
        Self {
            total: stats.total,
            published: stats.published,
            draft: stats.draft,
            by_type: stats.by_type.into_iter().collect(),
        }
    }
}

/// A section to store.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(as = ContentSectionInput)]
pub struct SectionInputDto {
    pub title: Option<String>,
    pub content: Option<String>,
}

/// The fields of a page to save. Fields the page's type does not use are ignored; fields left out
/// keep their values (on creation `title` is required). Strings are trimmed.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ContentPageInput)]
pub struct ContentPageInputDto {
    /// Required on creation; at most 200 characters.
    pub title: Option<String>,
    /// At most 300 characters.
    pub subtitle: Option<String>,
    /// Paragraphs separated by blank lines.
    pub description: Option<String>,
    /// About only.
    pub mission: Option<String>,
    /// About only.
    pub vision: Option<String>,
    /// About only: "Title - description" strings; blank ones are dropped.
    pub values: Option<Vec<String>>,
    /// Markdown; policies and other types.
    pub content: Option<String>,
    /// Policies only: an ISO-8601 timestamp or a `YYYY-MM-DD` date; now when a policy is created
    /// without one.
    #[schema(example = "2024-03-15T00:00:00Z")]
    pub last_updated: Option<String>,
    /// `published` by default.
    #[schema(value_type = Option<PageStatusDto>)]
    pub status: Option<String>,
    /// Other types only; empty sections are dropped.
    #[serde(default, deserialize_with = "crate::extract::objects")]
    pub sections: Option<Vec<SectionInputDto>>,
}

impl From<ContentPageInputDto> for ContentPageInput {
    fn from(dto: ContentPageInputDto) -> Self {
        Self {
            title: dto.title,
            subtitle: dto.subtitle,
            description: dto.description,
            mission: dto.mission,
            vision: dto.vision,
            values: dto.values,
            content: dto.content,
            last_updated: dto.last_updated,
            status: dto.status,
            sections: dto.sections.map(|sections| {
                sections
                    .into_iter()
                    .map(|section| SectionInput { title: section.title, content: section.content })
                    .collect()
            }),
        }
    }
}

/// A new page: its type and its fields (as on `ContentPageInput`). Fields the type does not use are
/// ignored; `title` is required.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = NewContentPage)]
pub struct NewContentPageDto {
    /// `about`, `privacy`, `terms`, `cookies`, or another lowercase slug (not `stats`).
    #[serde(rename = "type")]
    #[schema(example = "careers")]
    pub page_type: Option<String>,
    pub title: Option<String>,
    pub subtitle: Option<String>,
    pub description: Option<String>,
    pub mission: Option<String>,
    pub vision: Option<String>,
    pub values: Option<Vec<String>>,
    pub content: Option<String>,
    #[schema(example = "2024-03-15T00:00:00Z")]
    pub last_updated: Option<String>,
    #[schema(value_type = Option<PageStatusDto>)]
    pub status: Option<String>,
    #[serde(default, deserialize_with = "crate::extract::objects")]
    pub sections: Option<Vec<SectionInputDto>>,
}

impl NewContentPageDto {
    pub(super) fn into_parts(self) -> (Option<String>, ContentPageInputDto) {
        let fields = ContentPageInputDto {
            title: self.title,
            subtitle: self.subtitle,
            description: self.description,
            mission: self.mission,
            vision: self.vision,
            values: self.values,
            content: self.content,
            last_updated: self.last_updated,
            status: self.status,
            sections: self.sections,
        };
        (self.page_type, fields)
    }
}

/// A new status.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(as = ContentStatusInput)]
pub struct ContentStatusInputDto {
    #[schema(value_type = Option<PageStatusDto>)]
    pub status: Option<String>,
}

crate::api::languages::in_language_dto!(ContentPageDto);
