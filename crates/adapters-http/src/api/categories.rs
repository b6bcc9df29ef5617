//! `/blog/categories`: the blog's categories, with their post counts.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use atelier_application::categories::{CategoryCatalog, CategoryDeleteError, CategoryView, CategoryWriteError};
use atelier_application::ports::SharedClock;
use atelier_application::store::Store;
use atelier_domain::category::{CategoryInput, CategoryStatus};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use crate::api::languages::{self, TranslationsData};
use crate::api::translations::LanguageParams;
use crate::caller::Caller;
use crate::contract::Rules;
use crate::error::ApiError;
use crate::extract::JsonBody;
use crate::ports::Ports;
use crate::responses::{Conflict, Deleted};

/// Whether a category is shown on the public site.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = CategoryStatus)]
pub enum CategoryStatusDto {
    Active,
    Inactive,
}

impl From<CategoryStatus> for CategoryStatusDto {
    fn from(status: CategoryStatus) -> Self {
        match status {
            CategoryStatus::Active => Self::Active,
            CategoryStatus::Inactive => Self::Inactive,
        }
    }
}

impl From<CategoryStatusDto> for CategoryStatus {
    fn from(status: CategoryStatusDto) -> Self {
        match status {
            CategoryStatusDto::Active => Self::Active,
            CategoryStatusDto::Inactive => Self::Inactive,
        }
    }
}

/// A blog category.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Category)]
pub struct CategoryDto {
    /// The record's version and who created and last changed it.
    #[serde(flatten)]
    pub meta: crate::versions::MetaDto,
    /// 24 lowercase hexadecimal characters.
    #[serde(rename = "_id")]
    #[schema(example = "65f1c2a9b4e8d70012345678")]
    pub id: String,
    /// The internal name; the slug unless set otherwise.
    pub name: String,
    #[schema(example = "web-development")]
    pub slug: String,
    /// The name people read.
    pub display_name: String,
    pub description: String,
    pub featured: bool,
    pub status: CategoryStatusDto,
    /// Ascending display order.
    pub order: u32,
    /// How many posts (drafts included) are filed under this category.
    pub post_count: u64,
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

impl From<CategoryView> for CategoryDto {
    fn from(view: CategoryView) -> Self {
        let category = view.category;
        Self {
            language: None,
            translations: None,
            meta: category.meta.into(),
            id: category.id.to_string(),
            name: category.name,
            slug: category.slug.to_string(),
            display_name: category.display_name,
            description: category.description,
            featured: category.featured,
            status: category.status.into(),
            order: category.order,
            post_count: view.post_count,
            created_at: category.created_at,
            updated_at: category.updated_at,
        }
    }
}

/// The fields of a category to create or change. On creation `displayName` and `slug` are required;
/// on update, fields left out keep their values. Strings are trimmed.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = CategoryInput)]
pub struct CategoryInputDto {
    /// At most 120 characters; the slug when left out or empty.
    pub name: Option<String>,
    /// Required on creation: lowercase letters and digits separated by single hyphens, unique.
    pub slug: Option<String>,
    /// Required on creation; at most 120 characters.
    pub display_name: Option<String>,
    /// At most 1000 characters.
    pub description: Option<String>,
    pub featured: Option<bool>,
    /// `active` by default.
    #[schema(value_type = Option<CategoryStatusDto>)]
    pub status: Option<String>,
    /// A whole number from 0; 0 by default.
    pub order: Option<i64>,
}

impl From<CategoryInputDto> for CategoryInput {
    fn from(dto: CategoryInputDto) -> Self {
        Self {
            name: dto.name,
            slug: dto.slug,
            display_name: dto.display_name,
            description: dto.description,
            featured: dto.featured,
            status: dto.status,
            order: dto.order,
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CategoryListParams {
    /// Accepted for the back office's `type=blog`, and ignored: every category is a blog category.
    #[serde(rename = "type")]
    #[param(rename = "type")]
    pub category_type: Option<String>,
    /// Only categories with this status. Anonymous callers always get active categories.
    pub status: Option<CategoryStatusDto>,
}

impl From<CategoryWriteError> for ApiError {
    fn from(error: CategoryWriteError) -> Self {
        match error {
            CategoryWriteError::NotFound => Self::not_found("Category not found"),
            CategoryWriteError::Invalid(errors) => Self::invalid(&errors),
            error @ CategoryWriteError::DuplicateSlug => Self::client(StatusCode::CONFLICT, error.to_string()),
            CategoryWriteError::Unexpected(error) => Self::Unexpected(error),
        }
    }
}

impl From<CategoryDeleteError> for ApiError {
    fn from(error: CategoryDeleteError) -> Self {
        match error {
            CategoryDeleteError::NotFound => Self::not_found("Category not found"),
            error @ CategoryDeleteError::InUse { .. } => Self::client(StatusCode::CONFLICT, error.to_string()),
            CategoryDeleteError::Unexpected(error) => Self::Unexpected(error),
        }
    }
}

/// List blog categories
///
/// Every category as a plain array, ascending by display order then name, each with its
/// `postCount`. Anonymous callers only ever see active categories. With `lang`, each category
/// comes in that language where it has a live translation (its name, display name, description and
/// slug; else in the default language, or, when the site hides untranslated content, not at all),
/// with `language` and `translations`.
#[utoipa::path(
    get, path = "/blog/categories", tag = "blog-categories", operation_id = "listBlogCategories",
    params(CategoryListParams, LanguageParams),
    responses((status = 200, description = "The categories", body = [CategoryDto]))
)]
pub async fn list_categories<S: Store>(
    catalog: web::Data<CategoryCatalog<S, SharedClock>>,
    translations: TranslationsData<S>,
    caller: Caller,
    params: web::Query<CategoryListParams>,
    lang: web::Query<LanguageParams>,
) -> Result<web::Json<Vec<CategoryDto>>, ApiError> {
    let status = params.into_inner().status.map(CategoryStatus::from);
    let read = languages::read(&translations, lang.lang.as_deref()).await?;
    let categories = catalog.list(caller.0, status).await?;
    let (categories, marks) = languages::lay_over(&translations, categories, read.as_ref(), true).await?;
    Ok(web::Json(languages::mark(categories.into_iter().map(CategoryDto::from).collect(), marks)))
}

/// Create a blog category
///
/// The name defaults to the slug. A slug another category already has is a conflict.
#[utoipa::path(
    post, path = "/blog/categories", tag = "blog-categories", operation_id = "createBlogCategory",
    request_body = CategoryInputDto,
    responses(
        (status = 201, description = "The created category", body = CategoryDto),
        Conflict,
    )
)]
pub async fn create_category<S: Store>(
    catalog: web::Data<CategoryCatalog<S, SharedClock>>,
    body: JsonBody<CategoryInputDto>,
) -> Result<HttpResponse, ApiError> {
    let category = catalog.create(body.0.into()).await?;
    Ok(HttpResponse::Created().json(CategoryDto::from(category)))
}

/// Update a blog category
///
/// Changes the fields sent; fields left out keep their values.
#[utoipa::path(
    put, path = "/blog/categories/{id}", tag = "blog-categories", operation_id = "updateBlogCategory",
    params(("id" = String, Path, description = "The category's `_id`")),
    request_body = CategoryInputDto,
    responses(
        (status = 200, description = "The updated category", body = CategoryDto),
        Conflict,
    )
)]
pub async fn update_category<S: Store>(
    catalog: web::Data<CategoryCatalog<S, SharedClock>>,
    id: web::Path<String>,
    body: JsonBody<CategoryInputDto>,
) -> Result<web::Json<CategoryDto>, ApiError> {
    let updated = catalog.update(&id, body.0.into()).await;
    let current = || async {
        let views = catalog.list(atelier_application::access::Audience::Admin, None).await?;
        let view = views.into_iter().find(|view| view.category.id.to_string() == *id);
        view.map(CategoryDto::from).ok_or_else(|| ApiError::not_found("Category not found"))
    };
    Ok(web::Json(crate::versions::or_current(updated, current).await?.into()))
}

/// Delete a blog category
///
/// Refused while posts are filed under it ("This category is used by 3 posts").
#[utoipa::path(
    delete, path = "/blog/categories/{id}", tag = "blog-categories", operation_id = "deleteBlogCategory",
    params(("id" = String, Path, description = "The category's `_id`")),
    responses(Conflict, Deleted)
)]
pub async fn delete_category<S: Store>(
    catalog: web::Data<CategoryCatalog<S, SharedClock>>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    catalog.delete(&id).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// The operations of this resource, documented: nested into the API document by [`super::documents`].
#[derive(Debug, OpenApi)]
#[openapi(
    paths(list_categories, create_category, update_category, delete_category),
    tags((name = "blog-categories", description = "Blog categories, with the number of posts in each")),
)]
pub struct Doc;

/// The rules of the bodies and parameters this resource takes, from the domain's limits
/// ([`crate::contract`]): collected by [`super::rules`].
pub fn rules() -> Rules {
    use atelier_domain::category;

    use crate::contract::{creating, filled, slug, text, whole};

    Rules::bodies(vec![creating::<CategoryInputDto>(
        "NewCategory",
        &["createBlogCategory"],
        vec![
            ("displayName", filled(category::MAX_NAME_LEN).required()),
            ("slug", slug().required()),
            ("name", text(category::MAX_NAME_LEN)),
            ("description", text(category::MAX_DESCRIPTION_LEN)),
            ("order", whole(0, category::MAX_ORDER)),
        ],
    )])
}

pub fn routes<P: Ports>(config: &mut crate::api::Routes, store: &P::Store, clock: &SharedClock) {
    config.app_data(web::Data::new(CategoryCatalog::new(store.clone(), clock.clone())));
    config
        .service(super::resource("/blog/categories").get(list_categories::<P::Store>).post(create_category::<P::Store>))
        .service(
            super::resource("/blog/categories/{id}")
                .put(update_category::<P::Store>)
                .delete(delete_category::<P::Store>),
        );
}

crate::api::languages::in_language_dto!(CategoryDto);
