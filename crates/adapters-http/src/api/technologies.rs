//! `/technologies`: the tools the agency works with. Every answer is wrapped in `{"data": ...}`.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use atelier_application::store::Store;
use atelier_application::technologies::{
    CategoryCount, TechnologyCatalog, TechnologyLookupError, TechnologyQuery, TechnologyWithUsage, TechnologyWriteError,
};
use atelier_domain::technology::{TechnologyCategory, TechnologyInput, TechnologyStatus};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::caller::Caller;
use crate::error::{ApiError, ErrorBody};
use crate::extract::JsonBody;

/// The kind of technology.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = TechnologyCategory)]
pub enum TechnologyCategoryDto {
    Frontend,
    Backend,
    Database,
    Devops,
    Mobile,
    Design,
    Other,
}

impl From<TechnologyCategory> for TechnologyCategoryDto {
    fn from(category: TechnologyCategory) -> Self {
        match category {
            TechnologyCategory::Frontend => Self::Frontend,
            TechnologyCategory::Backend => Self::Backend,
            TechnologyCategory::Database => Self::Database,
            TechnologyCategory::Devops => Self::Devops,
            TechnologyCategory::Mobile => Self::Mobile,
            TechnologyCategory::Design => Self::Design,
            TechnologyCategory::Other => Self::Other,
        }
    }
}

impl From<TechnologyCategoryDto> for TechnologyCategory {
    fn from(category: TechnologyCategoryDto) -> Self {
        match category {
            TechnologyCategoryDto::Frontend => Self::Frontend,
            TechnologyCategoryDto::Backend => Self::Backend,
            TechnologyCategoryDto::Database => Self::Database,
            TechnologyCategoryDto::Devops => Self::Devops,
            TechnologyCategoryDto::Mobile => Self::Mobile,
            TechnologyCategoryDto::Design => Self::Design,
            TechnologyCategoryDto::Other => Self::Other,
        }
    }
}

/// Whether a technology is offered in pickers and shown on the public site.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = TechnologyStatus)]
pub enum TechnologyStatusDto {
    Active,
    Inactive,
}

impl From<TechnologyStatus> for TechnologyStatusDto {
    fn from(status: TechnologyStatus) -> Self {
        match status {
            TechnologyStatus::Active => Self::Active,
            TechnologyStatus::Inactive => Self::Inactive,
        }
    }
}

impl From<TechnologyStatusDto> for TechnologyStatus {
    fn from(status: TechnologyStatusDto) -> Self {
        match status {
            TechnologyStatusDto::Active => Self::Active,
            TechnologyStatusDto::Inactive => Self::Inactive,
        }
    }
}

/// A technology, with how many portfolio projects list it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Technology)]
pub struct TechnologyDto {
    /// 24 lowercase hexadecimal characters.
    #[serde(rename = "_id")]
    #[schema(example = "65f1c2a9b4e8d70012345678")]
    pub id: String,
    /// Unique among technologies, ignoring case.
    #[schema(example = "React")]
    pub name: String,
    pub description: String,
    pub category: TechnologyCategoryDto,
    /// An icon name; `code` by default.
    #[schema(example = "code")]
    pub icon: String,
    /// `#RRGGBB`.
    #[schema(example = "#3B82F6")]
    pub color: String,
    /// An absolute http(s) URL, or empty.
    pub website: String,
    pub status: TechnologyStatusDto,
    pub featured: bool,
    /// Ascending display order.
    pub order: u32,
    /// How many portfolio projects list this technology: published ones for anonymous callers, all
    /// for administrators.
    pub usage_count: u64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<TechnologyWithUsage> for TechnologyDto {
    fn from(entry: TechnologyWithUsage) -> Self {
        let technology = entry.technology;
        Self {
            id: technology.id.to_string(),
            name: technology.name,
            description: technology.description,
            category: technology.category.into(),
            icon: technology.icon,
            color: technology.color,
            website: technology.website,
            status: technology.status.into(),
            featured: technology.featured,
            order: technology.order,
            usage_count: entry.usage_count,
            created_at: technology.created_at,
            updated_at: technology.updated_at,
        }
    }
}

/// One technology.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = TechnologyResponse)]
pub struct TechnologyBody {
    pub data: TechnologyDto,
}

/// A list of technologies.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = TechnologyList)]
pub struct TechnologyListBody {
    pub data: Vec<TechnologyDto>,
}

/// A technology category with how many technologies it holds.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = TechnologyCategoryCount)]
pub struct CategoryCountDto {
    pub value: TechnologyCategoryDto,
    /// The name people read, e.g. `DevOps`.
    #[schema(example = "Frontend")]
    pub label: String,
    pub count: u64,
}

impl From<CategoryCount> for CategoryCountDto {
    fn from(entry: CategoryCount) -> Self {
        Self { value: entry.category.into(), label: entry.category.label().to_owned(), count: entry.count }
    }
}

/// Every technology category.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = TechnologyCategoryList)]
pub struct CategoryListBody {
    pub data: Vec<CategoryCountDto>,
}

/// The fields of a technology to create or change. On creation only `name` is required; on update,
/// fields left out keep their values. Strings are trimmed.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = TechnologyInput)]
pub struct TechnologyInputDto {
    /// Required on creation; at most 100 characters; unique ignoring case.
    pub name: Option<String>,
    /// At most 2 000 characters.
    pub description: Option<String>,
    /// `frontend` by default.
    #[schema(value_type = Option<TechnologyCategoryDto>)]
    pub category: Option<String>,
    /// At most 64 characters; blank means `code`.
    pub icon: Option<String>,
    /// `#RRGGBB`; blank means `#3B82F6`.
    pub color: Option<String>,
    /// An absolute http(s) URL, or empty.
    pub website: Option<String>,
    /// `active` by default.
    #[schema(value_type = Option<TechnologyStatusDto>)]
    pub status: Option<String>,
    pub featured: Option<bool>,
    /// A whole number from 0; 0 by default.
    pub order: Option<i64>,
}

impl From<TechnologyInputDto> for TechnologyInput {
    fn from(dto: TechnologyInputDto) -> Self {
        Self {
            name: dto.name,
            description: dto.description,
            category: dto.category,
            icon: dto.icon,
            color: dto.color,
            website: dto.website,
            status: dto.status,
            featured: dto.featured,
            order: dto.order,
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TechnologyListParams {
    /// Only technologies of this category.
    pub category: Option<TechnologyCategoryDto>,
    /// Only technologies with this status. Anonymous callers always get active technologies.
    pub status: Option<TechnologyStatusDto>,
    /// Only featured (`true`) or only other (`false`) technologies.
    pub featured: Option<bool>,
    /// Matches name or description, ignoring case.
    pub search: Option<String>,
    /// Page size: 1 to 100 for anonymous callers, 1 to 1000 for administrators; 100 by default.
    pub limit: Option<i64>,
    /// Page number from 1.
    pub page: Option<i64>,
}

impl From<TechnologyLookupError> for ApiError {
    fn from(error: TechnologyLookupError) -> Self {
        match error {
            TechnologyLookupError::NotFound => Self::not_found("Technology not found"),
            error @ TechnologyLookupError::InUse { .. } => Self::client(StatusCode::CONFLICT, error.to_string()),
            TechnologyLookupError::Unexpected(error) => Self::Unexpected(error),
        }
    }
}

impl From<TechnologyWriteError> for ApiError {
    fn from(error: TechnologyWriteError) -> Self {
        match error {
            TechnologyWriteError::NotFound => Self::not_found("Technology not found"),
            TechnologyWriteError::Invalid(errors) => Self::invalid(&errors),
            error @ TechnologyWriteError::DuplicateName { .. } => Self::client(StatusCode::CONFLICT, error.to_string()),
            TechnologyWriteError::Unexpected(error) => Self::Unexpected(error),
        }
    }
}

fn list_body(technologies: Vec<TechnologyWithUsage>) -> TechnologyListBody {
    TechnologyListBody { data: technologies.into_iter().map(TechnologyDto::from).collect() }
}

/// List technologies
///
/// Technologies by display order then name, one page of them, each with its usage count. Anonymous
/// callers only ever see active technologies.
#[utoipa::path(
    get, path = "/technologies", tag = "technologies", operation_id = "listTechnologies",
    params(TechnologyListParams),
    responses(
        (status = 200, description = "The technologies", body = TechnologyListBody),
        (status = 400, description = "Unparseable query", body = ErrorBody),
    )
)]
pub async fn list_technologies<S: Store>(
    catalog: web::Data<TechnologyCatalog<S>>,
    caller: Caller,
    params: web::Query<TechnologyListParams>,
) -> Result<web::Json<TechnologyListBody>, ApiError> {
    let params = params.into_inner();
    let query = TechnologyQuery {
        category: params.category.map(TechnologyCategory::from),
        status: params.status.map(TechnologyStatus::from),
        featured: params.featured,
        search: params.search,
        page: params.page,
        limit: params.limit,
    };
    Ok(web::Json(list_body(catalog.list(caller.0, query).await?)))
}

/// Featured technologies
///
/// Active featured technologies by display order then name.
#[utoipa::path(
    get, path = "/technologies/featured", tag = "technologies", operation_id = "listFeaturedTechnologies",
    responses((status = 200, description = "The featured technologies", body = TechnologyListBody))
)]
pub async fn list_featured_technologies<S: Store>(
    catalog: web::Data<TechnologyCatalog<S>>,
) -> Result<web::Json<TechnologyListBody>, ApiError> {
    Ok(web::Json(list_body(catalog.featured().await?)))
}

/// Technology categories
///
/// All seven categories in a fixed order (frontend, backend, database, devops, mobile, design,
/// other), each with a label and how many technologies the caller can see in it (anonymous callers:
/// active ones).
#[utoipa::path(
    get, path = "/technologies/categories", tag = "technologies", operation_id = "listTechnologyCategories",
    responses((status = 200, description = "The categories with counts", body = CategoryListBody))
)]
pub async fn list_technology_categories<S: Store>(
    catalog: web::Data<TechnologyCatalog<S>>,
    caller: Caller,
) -> Result<web::Json<CategoryListBody>, ApiError> {
    let categories = catalog.categories(caller.0).await?;
    Ok(web::Json(CategoryListBody { data: categories.into_iter().map(CategoryCountDto::from).collect() }))
}

/// Get a technology
///
/// An inactive technology is not found for anonymous callers.
#[utoipa::path(
    get, path = "/technologies/{id}", tag = "technologies", operation_id = "getTechnology",
    params(("id" = String, Path, description = "The technology's `_id`")),
    responses(
        (status = 200, description = "The technology", body = TechnologyBody),
        (status = 404, description = "No such technology, or a malformed id", body = ErrorBody),
    )
)]
pub async fn get_technology<S: Store>(
    catalog: web::Data<TechnologyCatalog<S>>,
    caller: Caller,
    id: web::Path<String>,
) -> Result<web::Json<TechnologyBody>, ApiError> {
    Ok(web::Json(TechnologyBody { data: catalog.get(caller.0, &id).await?.into() }))
}

/// Create a technology
///
/// Requires a name (unique, ignoring case) and a category; icon, colour, status and order take their defaults.
#[utoipa::path(
    post, path = "/technologies", tag = "technologies", operation_id = "createTechnology",
    request_body = TechnologyInputDto,
    responses(
        (status = 201, description = "The created technology", body = TechnologyBody),
        (status = 400, description = "Unparseable body", body = ErrorBody),
        (status = 409, description = "A technology with this name exists (ignoring case)", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Body is not JSON", body = ErrorBody),
        (status = 422, description = "Invalid fields", body = ErrorBody),
    )
)]
pub async fn create_technology<S: Store>(
    catalog: web::Data<TechnologyCatalog<S>>,
    body: JsonBody<TechnologyInputDto>,
) -> Result<HttpResponse, ApiError> {
    let technology = catalog.create(body.0.into()).await?;
    Ok(HttpResponse::Created().json(TechnologyBody { data: technology.into() }))
}

/// Update a technology
///
/// Changes the fields sent; fields left out keep their values.
#[utoipa::path(
    put, path = "/technologies/{id}", tag = "technologies", operation_id = "updateTechnology",
    params(("id" = String, Path, description = "The technology's `_id`")),
    request_body = TechnologyInputDto,
    responses(
        (status = 200, description = "The updated technology", body = TechnologyBody),
        (status = 400, description = "Unparseable body", body = ErrorBody),
        (status = 404, description = "No such technology", body = ErrorBody),
        (status = 409, description = "Another technology has this name (ignoring case)", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Body is not JSON", body = ErrorBody),
        (status = 422, description = "Invalid fields", body = ErrorBody),
    )
)]
pub async fn update_technology<S: Store>(
    catalog: web::Data<TechnologyCatalog<S>>,
    id: web::Path<String>,
    body: JsonBody<TechnologyInputDto>,
) -> Result<web::Json<TechnologyBody>, ApiError> {
    Ok(web::Json(TechnologyBody { data: catalog.update(&id, body.0.into()).await?.into() }))
}

/// Delete a technology
///
/// Refused while portfolio projects list the technology.
#[utoipa::path(
    delete, path = "/technologies/{id}", tag = "technologies", operation_id = "deleteTechnology",
    params(("id" = String, Path, description = "The technology's `_id`")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 404, description = "No such technology", body = ErrorBody),
        (status = 409, description = "Projects still list it: \"This technology is used by N projects\"", body = ErrorBody),
    )
)]
pub async fn delete_technology<S: Store>(
    catalog: web::Data<TechnologyCatalog<S>>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    catalog.delete(&id).await?;
    Ok(HttpResponse::NoContent().finish())
}

pub fn routes<S: Store>(config: &mut web::ServiceConfig) {
    config
        .service(
            web::resource("/technologies")
                .get(list_technologies::<S>)
                .post(create_technology::<S>)
                .default_service(web::to(super::method_not_allowed)),
        )
        .service(
            web::resource("/technologies/featured")
                .get(list_featured_technologies::<S>)
                .default_service(web::to(super::method_not_allowed)),
        )
        .service(
            web::resource("/technologies/categories")
                .get(list_technology_categories::<S>)
                .default_service(web::to(super::method_not_allowed)),
        )
        .service(
            web::resource("/technologies/{id}")
                .get(get_technology::<S>)
                .put(update_technology::<S>)
                .delete(delete_technology::<S>)
                .default_service(web::to(super::method_not_allowed)),
        );
}
