//! The `portfolio` resource's request and response bodies, with their conversions to and from domain types.

use atelier_domain::Page;
use atelier_domain::portfolio::{Project, ProjectInput, ProjectSort, ProjectStatus};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::api::media::LibraryImageDto;
use crate::extract::present;
use crate::markdown::{self, Stored};

/// Whether a project is shown on the public site: only `published` ones are.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = PortfolioProjectStatus)]
pub enum ProjectStatusDto {
    Published,
    Draft,
    Archived,
}

impl From<ProjectStatus> for ProjectStatusDto {
    fn from(status: ProjectStatus) -> Self {
        match status {
            ProjectStatus::Published => Self::Published,
            ProjectStatus::Draft => Self::Draft,
            ProjectStatus::Archived => Self::Archived,
        }
    }
}

impl From<ProjectStatusDto> for ProjectStatus {
    fn from(status: ProjectStatusDto) -> Self {
        match status {
            ProjectStatusDto::Published => Self::Published,
            ProjectStatusDto::Draft => Self::Draft,
            ProjectStatusDto::Archived => Self::Archived,
        }
    }
}

/// The order of a project list.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
#[schema(as = PortfolioSort)]
pub enum ProjectSortDto {
    /// Newest completion first (the default).
    MostRecent,
    /// Oldest completion first.
    Oldest,
    /// Title A to Z.
    TitleAsc,
    /// Title Z to A.
    TitleDesc,
    /// Featured first, then newest completion first.
    Featured,
    /// Client A to Z.
    ClientAsc,
    /// Client Z to A.
    ClientDesc,
}

impl From<ProjectSortDto> for ProjectSort {
    fn from(sort: ProjectSortDto) -> Self {
        match sort {
            ProjectSortDto::MostRecent => Self::MostRecent,
            ProjectSortDto::Oldest => Self::Oldest,
            ProjectSortDto::TitleAsc => Self::TitleAsc,
            ProjectSortDto::TitleDesc => Self::TitleDesc,
            ProjectSortDto::Featured => Self::Featured,
            ProjectSortDto::ClientAsc => Self::ClientAsc,
            ProjectSortDto::ClientDesc => Self::ClientDesc,
        }
    }
}

/// A portfolio project.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = PortfolioProject)]
pub struct ProjectDto {
    /// The record's version and who created and last changed it.
    #[serde(flatten)]
    pub meta: crate::versions::MetaDto,
    /// 24 lowercase hexadecimal characters.
    #[serde(rename = "_id")]
    #[schema(example = "65f1c2a9b4e8d70012345678")]
    pub id: String,
    #[schema(example = "verdant-market")]
    pub slug: String,
    pub title: String,
    pub client: String,
    /// A free-text category name, e.g. `Web Application`.
    pub category: String,
    /// Markdown.
    pub description: String,
    /// `description` as the project's page shows it: the server's rendering, sanitised HTML.
    pub content_html: String,
    pub short_description: String,
    /// An absolute http(s) URL or a path on this site, or empty.
    pub image: String,
    /// `_id`s of technologies, in the order chosen.
    pub technologies: Vec<String>,
    /// `_id`s of tags, in the order chosen.
    pub tags: Vec<String>,
    /// An absolute http(s) URL, or empty.
    pub demo_url: String,
    /// An absolute http(s) URL, or empty.
    pub github_url: String,
    pub completed_at: DateTime<Utc>,
    pub featured: bool,
    pub status: ProjectStatusDto,
    /// The media library's images the project shows (its image, the pictures in its description),
    /// with their sizes and WebP copies for `srcset`.
    pub images: Vec<LibraryImageDto>,
    /// When the published project goes live, or `null` for as soon as it is published. Until then
    /// it is scheduled: the public site does not show it.
    #[schema(required = true)]
    pub publish_at: Option<DateTime<Utc>>,
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

impl ProjectDto {
    /// The project with the library images it shows.
    pub fn new(project: Project, images: Vec<LibraryImageDto>) -> Self {
        let description = Stored::field("project", project.id, project.meta.version, project.updated_at, "description");
        Self {
            language: None,
            translations: None,
            meta: project.meta.into(),
            content_html: markdown::render_stored(description, &project.description, &images),
            id: project.id.to_string(),
            slug: project.slug.to_string(),
            title: project.title,
            client: project.client,
            category: project.category,
            description: project.description,
            short_description: project.short_description,
            image: project.image,
            technologies: project.technologies.iter().map(ToString::to_string).collect(),
            tags: project.tags.iter().map(ToString::to_string).collect(),
            demo_url: project.demo_url,
            github_url: project.github_url,
            completed_at: project.completed_at,
            featured: project.featured,
            status: project.status.into(),
            images,
            publish_at: project.publish_at,
            created_at: project.created_at,
            updated_at: project.updated_at,
        }
    }
}

/// One page of projects.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = PortfolioProjectList)]
pub struct ProjectListDto {
    pub projects: Vec<ProjectDto>,
    pub total_items: u64,
    pub total_pages: u64,
    pub current_page: u64,
}

impl ProjectListDto {
    /// The page with its projects' DTOs (see [`super::dtos`]).
    pub fn new<T>(page: &Page<T>, projects: Vec<ProjectDto>) -> Self {
        Self { projects, total_items: page.total_items, total_pages: page.total_pages, current_page: page.current_page }
    }
}

/// The fields of a project to create or change. On creation `title`, `client` and `completedAt` are
/// required; on update, fields left out keep their values. Strings are trimmed.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = PortfolioProjectInput)]
pub struct ProjectInputDto {
    /// Required on creation; at most 200 characters.
    pub title: Option<String>,
    /// Lowercase letters and digits separated by single hyphens. Made from the title when left out on
    /// creation (with `-2`, `-3`… when taken); a chosen slug that is taken is a 409. On update, an
    /// empty or left-out slug keeps the current one.
    pub slug: Option<String>,
    /// Required on creation; at most 200 characters.
    pub client: Option<String>,
    /// A free-text category name, at most 100 characters.
    pub category: Option<String>,
    /// Markdown, at most 50 000 characters.
    pub description: Option<String>,
    /// At most 500 characters.
    pub short_description: Option<String>,
    /// An absolute http(s) URL or a path on this site, or empty.
    pub image: Option<String>,
    /// `_id`s of existing technologies (24 lowercase hexadecimal characters each); repeats are
    /// dropped; at most 50.
    pub technologies: Option<Vec<String>>,
    /// `_id`s of tags (24 lowercase hexadecimal characters each); repeats are dropped; at most 20.
    pub tags: Option<Vec<String>>,
    /// An absolute http(s) URL, or empty.
    pub demo_url: Option<String>,
    /// An absolute http(s) URL, or empty.
    pub github_url: Option<String>,
    /// Required on creation: `YYYY-MM-DD` or an ISO-8601 timestamp; stored in UTC.
    #[schema(example = "2025-03-01")]
    pub completed_at: Option<String>,
    pub featured: Option<bool>,
    /// `published` by default.
    #[schema(value_type = Option<ProjectStatusDto>)]
    pub status: Option<String>,
    /// When a published project goes live: an ISO-8601 date and time with its offset
    /// (`2026-05-01T09:00:00Z`). Until then the public site does not show it. Empty or `null`:
    /// as soon as it is published.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>, example = "2026-05-01T09:00:00Z")]
    pub publish_at: Option<Option<String>>,
}

impl From<ProjectInputDto> for ProjectInput {
    fn from(dto: ProjectInputDto) -> Self {
        Self {
            title: dto.title,
            slug: dto.slug,
            client: dto.client,
            category: dto.category,
            description: dto.description,
            short_description: dto.short_description,
            image: dto.image,
            technologies: dto.technologies,
            tags: dto.tags,
            demo_url: dto.demo_url,
            github_url: dto.github_url,
            completed_at: dto.completed_at,
            featured: dto.featured,
            status: dto.status,
            publish_at: dto.publish_at.map(Option::unwrap_or_default),
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ProjectListParams {
    /// Page number from 1.
    pub page: Option<i64>,
    /// Page size: 1 to 100 for anonymous callers, 1 to 1000 for administrators; 12 by default.
    pub limit: Option<i64>,
    /// Only projects with this status. Anonymous callers always get published projects.
    pub status: Option<ProjectStatusDto>,
    /// Matches title, client, short description or description, ignoring case.
    pub search: Option<String>,
    /// Only projects of this category name (exact match, ignoring case).
    pub category: Option<String>,
    /// Only featured (`true`) or only other (`false`) projects.
    pub featured: Option<bool>,
    /// The order; `most-recent` by default. Any other value is a 400.
    pub sort: Option<ProjectSortDto>,
}

crate::api::languages::in_language_dto!(ProjectDto);
