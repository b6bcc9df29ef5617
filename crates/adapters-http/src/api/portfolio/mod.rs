//! `/portfolio`: the agency's projects.

mod dto;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use atelier_application::portfolio::{Portfolio, ProjectQuery, ProjectWriteError};
use atelier_application::store::Store;
use atelier_domain::portfolio::{ProjectSort, ProjectStatus};
use utoipa::OpenApi;

use crate::caller::Caller;
use crate::error::{ApiError, ErrorBody};
use crate::extract::JsonBody;
use crate::ports::Ports;
use crate::responses::{BodyErrors, Deleted};

pub use self::dto::{ProjectDto, ProjectInputDto, ProjectListDto, ProjectListParams, ProjectSortDto, ProjectStatusDto};

impl From<ProjectWriteError> for ApiError {
    fn from(error: ProjectWriteError) -> Self {
        match error {
            ProjectWriteError::NotFound => Self::not_found("Project not found"),
            ProjectWriteError::Invalid(errors) => Self::invalid(&errors),
            error @ ProjectWriteError::DuplicateSlug { .. } => Self::client(StatusCode::CONFLICT, error.to_string()),
            ProjectWriteError::Unexpected(error) => Self::Unexpected(error),
        }
    }
}

/// List projects
///
/// One page of projects in the asked order, with totals. Anonymous callers only ever see published
/// projects. The home page asks `sort=featured&limit=6&status=published`.
#[utoipa::path(
    get, path = "/portfolio", tag = "portfolio", operation_id = "listPortfolioProjects",
    params(ProjectListParams),
    responses(
        (status = 200, description = "One page of projects", body = ProjectListDto),
        (status = 400, description = "Unparseable query, e.g. an unknown sort", body = ErrorBody),
    )
)]
pub async fn list_projects<S: Store>(
    portfolio: web::Data<Portfolio<S>>,
    caller: Caller,
    params: web::Query<ProjectListParams>,
) -> Result<web::Json<ProjectListDto>, ApiError> {
    let params = params.into_inner();
    let query = ProjectQuery {
        status: params.status.map(ProjectStatus::from),
        featured: params.featured,
        category: params.category,
        search: params.search,
        sort: params.sort.map(ProjectSort::from).unwrap_or_default(),
        page: params.page,
        limit: params.limit,
    };
    Ok(web::Json(portfolio.list(caller.0, query).await?.into()))
}

/// Get a project
///
/// Drafts and archived projects are not found for anonymous callers.
#[utoipa::path(
    get, path = "/portfolio/{id}", tag = "portfolio", operation_id = "getPortfolioProject",
    params(("id" = String, Path, description = "The project's `_id`")),
    responses(
        (status = 200, description = "The project", body = ProjectDto),
        (status = 404, description = "No such project, or a malformed id", body = ErrorBody),
    )
)]
pub async fn get_project<S: Store>(
    portfolio: web::Data<Portfolio<S>>,
    caller: Caller,
    id: web::Path<String>,
) -> Result<web::Json<ProjectDto>, ApiError> {
    Ok(web::Json(portfolio.get(caller.0, &id).await?.into()))
}

/// Get a project by slug
///
/// Drafts and archived projects are not found for anonymous callers.
#[utoipa::path(
    get, path = "/portfolio/slug/{slug}", tag = "portfolio", operation_id = "getPortfolioProjectBySlug",
    params(("slug" = String, Path, description = "The project's slug")),
    responses(
        (status = 200, description = "The project", body = ProjectDto),
        (status = 404, description = "No project has this slug", body = ErrorBody),
    )
)]
pub async fn get_project_by_slug<S: Store>(
    portfolio: web::Data<Portfolio<S>>,
    caller: Caller,
    slug: web::Path<String>,
) -> Result<web::Json<ProjectDto>, ApiError> {
    Ok(web::Json(portfolio.get_by_slug(caller.0, &slug).await?.into()))
}

/// Create a project
///
/// Requires a title, a client and a completion date; a slug is generated from the title unless one is chosen, with a numeric suffix when taken.
#[utoipa::path(
    post, path = "/portfolio", tag = "portfolio", operation_id = "createPortfolioProject",
    request_body = ProjectInputDto,
    responses(
        (status = 201, description = "The created project", body = ProjectDto),
        (status = 409, description = "The chosen slug is taken", body = ErrorBody),
        (status = 422, description = "Invalid fields, including unknown technologies", body = ErrorBody),
        BodyErrors,
    )
)]
pub async fn create_project<S: Store>(
    portfolio: web::Data<Portfolio<S>>,
    body: JsonBody<ProjectInputDto>,
) -> Result<HttpResponse, ApiError> {
    let project = portfolio.create(body.0.into()).await?;
    Ok(HttpResponse::Created().json(ProjectDto::from(project)))
}

/// Update a project
///
/// Changes the fields sent; fields left out keep their values.
#[utoipa::path(
    put, path = "/portfolio/{id}", tag = "portfolio", operation_id = "updatePortfolioProject",
    params(("id" = String, Path, description = "The project's `_id`")),
    request_body = ProjectInputDto,
    responses(
        (status = 200, description = "The updated project", body = ProjectDto),
        (status = 404, description = "No such project", body = ErrorBody),
        (status = 409, description = "The chosen slug is taken", body = ErrorBody),
        (status = 422, description = "Invalid fields, including unknown technologies", body = ErrorBody),
        BodyErrors,
    )
)]
pub async fn update_project<S: Store>(
    portfolio: web::Data<Portfolio<S>>,
    id: web::Path<String>,
    body: JsonBody<ProjectInputDto>,
) -> Result<web::Json<ProjectDto>, ApiError> {
    Ok(web::Json(portfolio.update(&id, body.0.into()).await?.into()))
}

/// Delete a project
///
/// Removes the project for good; the technologies it used count one use fewer.
#[utoipa::path(
    delete, path = "/portfolio/{id}", tag = "portfolio", operation_id = "deletePortfolioProject",
    params(("id" = String, Path, description = "The project's `_id`")),
    responses(
        (status = 404, description = "No such project", body = ErrorBody),
        Deleted,
    )
)]
pub async fn delete_project<S: Store>(
    portfolio: web::Data<Portfolio<S>>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    portfolio.delete(&id).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// The operations of this resource, documented: nested into the API document by [`super::documents`].
#[derive(Debug, OpenApi)]
#[openapi(
    paths(list_projects, get_project, get_project_by_slug, create_project, update_project, delete_project),
    components(schemas(ProjectSortDto)),
    tags((name = "portfolio", description = "The agency's portfolio projects")),
)]
pub struct Doc;

pub fn routes<P: Ports>(config: &mut web::ServiceConfig, store: &P::Store) {
    config.app_data(web::Data::new(Portfolio::new(store.clone())));
    config
        .service(super::resource("/portfolio").get(list_projects::<P::Store>).post(create_project::<P::Store>))
        .service(super::resource("/portfolio/slug/{slug}").get(get_project_by_slug::<P::Store>))
        .service(
            super::resource("/portfolio/{id}")
                .get(get_project::<P::Store>)
                .put(update_project::<P::Store>)
                .delete(delete_project::<P::Store>),
        );
}
