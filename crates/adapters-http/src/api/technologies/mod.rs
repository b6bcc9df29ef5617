//! `/technologies`: the tools the agency works with. Every answer is wrapped in `{"data": ...}`.

mod dto;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use atelier_application::ports::SharedClock;
use atelier_application::store::Store;
use atelier_application::technologies::{
    TechnologyCatalog, TechnologyLookupError, TechnologyQuery, TechnologyWithUsage, TechnologyWriteError,
};
use atelier_domain::technology::{TechnologyCategory, TechnologyStatus};
use utoipa::OpenApi;

use crate::caller::Caller;
use crate::contract::Rules;
use crate::error::ApiError;
use crate::extract::JsonBody;
use crate::ports::Ports;
use crate::responses::{Conflict, Deleted};

pub use self::dto::{
    CategoryCountDto, CategoryListBody, TechnologyBody, TechnologyCategoryDto, TechnologyDto, TechnologyInputDto,
    TechnologyListBody, TechnologyListParams, TechnologyStatusDto,
};

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
    responses((status = 200, description = "The technologies", body = TechnologyListBody))
)]
pub async fn list_technologies<S: Store>(
    catalog: web::Data<TechnologyCatalog<S, SharedClock>>,
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
    catalog: web::Data<TechnologyCatalog<S, SharedClock>>,
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
    catalog: web::Data<TechnologyCatalog<S, SharedClock>>,
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
    responses((status = 200, description = "The technology", body = TechnologyBody))
)]
pub async fn get_technology<S: Store>(
    catalog: web::Data<TechnologyCatalog<S, SharedClock>>,
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
        Conflict,
    )
)]
pub async fn create_technology<S: Store>(
    catalog: web::Data<TechnologyCatalog<S, SharedClock>>,
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
        Conflict,
    )
)]
pub async fn update_technology<S: Store>(
    catalog: web::Data<TechnologyCatalog<S, SharedClock>>,
    id: web::Path<String>,
    body: JsonBody<TechnologyInputDto>,
) -> Result<web::Json<TechnologyBody>, ApiError> {
    let updated = catalog.update(&id, body.0.into()).await;
    let current =
        || async { Ok(TechnologyDto::from(catalog.get(atelier_application::access::Audience::Admin, &id).await?)) };
    Ok(web::Json(TechnologyBody { data: crate::versions::or_current(updated, current).await?.into() }))
}

/// Delete a technology
///
/// Refused while portfolio projects list the technology.
#[utoipa::path(
    delete, path = "/technologies/{id}", tag = "technologies", operation_id = "deleteTechnology",
    params(("id" = String, Path, description = "The technology's `_id`")),
    responses(Conflict, Deleted)
)]
pub async fn delete_technology<S: Store>(
    catalog: web::Data<TechnologyCatalog<S, SharedClock>>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    catalog.delete(&id).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// The operations of this resource, documented: nested into the API document by [`super::documents`].
#[derive(Debug, OpenApi)]
#[openapi(
    paths(list_technologies, list_featured_technologies, list_technology_categories, get_technology, create_technology, update_technology, delete_technology),
    tags((name = "technologies", description = "The technologies the agency works with, with usage counts")),
)]
pub struct Doc;

/// The rules of the bodies and parameters this resource takes, from the domain's limits
/// ([`crate::contract`]): collected by [`super::rules`].
pub fn rules() -> Rules {
    use atelier_domain::technology;

    use crate::contract::{creating, filled, optional_colour, text, url, whole};

    Rules::bodies(vec![creating::<TechnologyInputDto>(
        "NewTechnology",
        &["createTechnology"],
        vec![
            ("name", filled(technology::MAX_NAME_LEN).required()),
            ("description", text(technology::MAX_DESCRIPTION_LEN)),
            ("icon", text(technology::MAX_ICON_LEN)),
            ("color", optional_colour()),
            ("website", url()),
            ("order", whole(0, technology::MAX_ORDER)),
        ],
    )])
}

pub fn routes<P: Ports>(config: &mut crate::api::Routes, store: &P::Store, clock: &SharedClock) {
    config.app_data(web::Data::new(TechnologyCatalog::new(store.clone(), clock.clone())));
    config
        .service(
            super::resource("/technologies").get(list_technologies::<P::Store>).post(create_technology::<P::Store>),
        )
        .service(super::resource("/technologies/featured").get(list_featured_technologies::<P::Store>))
        .service(super::resource("/technologies/categories").get(list_technology_categories::<P::Store>))
        .service(
            super::resource("/technologies/{id}")
                .get(get_technology::<P::Store>)
                .put(update_technology::<P::Store>)
                .delete(delete_technology::<P::Store>),
        );
}
