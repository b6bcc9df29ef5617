//! `/content`: the about page, the policy pages and any other content page, one per type.

use std::collections::BTreeMap;

use actix_web::{HttpResponse, web};
use atelier_application::content::{Content, ContentWriteError, Saved};
use atelier_application::store::Store;
use atelier_domain::content::{ContentPage, ContentPageInput, ContentStats, PageStatus, SectionInput};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::caller::Caller;
use crate::error::{ApiError, ErrorBody};
use crate::extract::JsonBody;

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
    /// Policies only; null for other types.
    #[schema(required = true)]
    pub last_updated: Option<DateTime<Utc>>,
    pub status: PageStatusDto,
    pub sections: Vec<SectionDto>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<ContentPage> for ContentPageDto {
    fn from(page: ContentPage) -> Self {
        Self {
            id: page.id.to_string(),
            page_type: page.page_type.as_str().to_owned(),
            title: page.title,
            subtitle: page.subtitle,
            description: page.description,
            mission: page.mission,
            vision: page.vision,
            values: page.values,
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
    pub sections: Option<Vec<SectionInputDto>>,
}

impl NewContentPageDto {
    fn into_parts(self) -> (Option<String>, ContentPageInputDto) {
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

impl From<ContentWriteError> for ApiError {
    fn from(error: ContentWriteError) -> Self {
        match error {
            ContentWriteError::NotFound => Self::not_found("Content not found"),
            ContentWriteError::Invalid(errors) => Self::invalid(&errors),
            ContentWriteError::DuplicateType(page_type) => Self::client(
                actix_web::http::StatusCode::CONFLICT,
                format!("Content of type {page_type} already exists"),
            ),
            ContentWriteError::Unexpected(error) => Self::Unexpected(error),
        }
    }
}

/// List content pages
///
/// Every page, drafts included, ascending by type, as a plain array.
#[utoipa::path(
    get, path = "/content", tag = "content", operation_id = "listContentPages",
    responses((status = 200, description = "Every page", body = [ContentPageDto]))
)]
pub async fn list_content_pages<S: Store>(
    content: web::Data<Content<S>>,
) -> Result<web::Json<Vec<ContentPageDto>>, ApiError> {
    Ok(web::Json(content.list().await?.into_iter().map(ContentPageDto::from).collect()))
}

/// Content statistics
///
/// How many pages there are, by status and by type.
#[utoipa::path(
    get, path = "/content/stats", tag = "content", operation_id = "getContentStats",
    responses((status = 200, description = "The counts", body = ContentStatsDto))
)]
pub async fn get_content_stats<S: Store>(
    content: web::Data<Content<S>>,
) -> Result<web::Json<ContentStatsDto>, ApiError> {
    Ok(web::Json(content.stats().await?.into()))
}

/// Get a content page
///
/// The page of a type. Not found when none exists, or for anonymous callers when it is a draft; the
/// site then shows its built-in text.
#[utoipa::path(
    get, path = "/content/{type}", tag = "content", operation_id = "getContentPage",
    params(("type" = String, Path, description = "The page's type, e.g. `about` or `privacy`")),
    responses(
        (status = 200, description = "The page", body = ContentPageDto),
        (status = 404, description = "No page of this type", body = ErrorBody),
    )
)]
pub async fn get_content_page<S: Store>(
    content: web::Data<Content<S>>,
    caller: Caller,
    page_type: web::Path<String>,
) -> Result<web::Json<ContentPageDto>, ApiError> {
    Ok(web::Json(content.get(caller.0, &page_type).await?.into()))
}

/// Create a content page
///
/// A page of a type not yet used.
#[utoipa::path(
    post, path = "/content", tag = "content", operation_id = "createContentPage",
    request_body = NewContentPageDto,
    responses(
        (status = 201, description = "The created page", body = ContentPageDto),
        (status = 400, description = "Unparseable body", body = ErrorBody),
        (status = 409, description = "A page of this type exists", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Body is not JSON", body = ErrorBody),
        (status = 422, description = "Invalid fields", body = ErrorBody),
    )
)]
pub async fn create_content_page<S: Store>(
    content: web::Data<Content<S>>,
    body: JsonBody<NewContentPageDto>,
) -> Result<HttpResponse, ApiError> {
    let (page_type, fields) = body.0.into_parts();
    let page = content.create(page_type.as_deref(), fields.into()).await?;
    Ok(HttpResponse::Created().json(ContentPageDto::from(page)))
}

/// Save a content page
///
/// Changes the page of this type, or creates it when none exists (then `title` is required).
#[utoipa::path(
    put, path = "/content/{type}", tag = "content", operation_id = "saveContentPage",
    params(("type" = String, Path, description = "The page's type, e.g. `about` or `privacy`")),
    request_body = ContentPageInputDto,
    responses(
        (status = 200, description = "The updated page", body = ContentPageDto),
        (status = 201, description = "The created page", body = ContentPageDto),
        (status = 400, description = "Unparseable body", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Body is not JSON", body = ErrorBody),
        (status = 422, description = "Invalid fields or type", body = ErrorBody),
    )
)]
pub async fn save_content_page<S: Store>(
    content: web::Data<Content<S>>,
    page_type: web::Path<String>,
    body: JsonBody<ContentPageInputDto>,
) -> Result<HttpResponse, ApiError> {
    Ok(match content.save(&page_type, body.0.into()).await? {
        Saved::Created(page) => HttpResponse::Created().json(ContentPageDto::from(page)),
        Saved::Updated(page) => HttpResponse::Ok().json(ContentPageDto::from(page)),
    })
}

/// Change a content page's status
///
/// Publishes a page or takes it back to draft; a draft page is not found by anonymous callers.
#[utoipa::path(
    patch, path = "/content/{type}/status", tag = "content", operation_id = "setContentPageStatus",
    params(("type" = String, Path, description = "The page's type")),
    request_body = ContentStatusInputDto,
    responses(
        (status = 200, description = "The updated page", body = ContentPageDto),
        (status = 400, description = "Unparseable body", body = ErrorBody),
        (status = 404, description = "No page of this type", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Body is not JSON", body = ErrorBody),
        (status = 422, description = "Missing or invalid status", body = ErrorBody),
    )
)]
pub async fn set_content_page_status<S: Store>(
    content: web::Data<Content<S>>,
    page_type: web::Path<String>,
    body: JsonBody<ContentStatusInputDto>,
) -> Result<web::Json<ContentPageDto>, ApiError> {
    Ok(web::Json(content.set_status(&page_type, body.0.status.as_deref()).await?.into()))
}

/// Delete a content page
///
/// The site then shows its built-in text for this page.
#[utoipa::path(
    delete, path = "/content/{type}", tag = "content", operation_id = "deleteContentPage",
    params(("type" = String, Path, description = "The page's type")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 404, description = "No page of this type", body = ErrorBody),
    )
)]
pub async fn delete_content_page<S: Store>(
    content: web::Data<Content<S>>,
    page_type: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    content.delete(&page_type).await?;
    Ok(HttpResponse::NoContent().finish())
}

pub fn routes<S: Store>(config: &mut web::ServiceConfig) {
    config
        .service(
            web::resource("/content")
                .get(list_content_pages::<S>)
                .post(create_content_page::<S>)
                .default_service(web::to(super::method_not_allowed)),
        )
        .service(
            web::resource("/content/stats")
                .get(get_content_stats::<S>)
                .default_service(web::to(super::method_not_allowed)),
        )
        .service(
            web::resource("/content/{type}")
                .get(get_content_page::<S>)
                .put(save_content_page::<S>)
                .delete(delete_content_page::<S>)
                .default_service(web::to(super::method_not_allowed)),
        )
        .service(
            web::resource("/content/{type}/status")
                .patch(set_content_page_status::<S>)
                .default_service(web::to(super::method_not_allowed)),
        );
}
