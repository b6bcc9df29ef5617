//! `/portfolio`: the agency's projects.

mod dto;
mod revisions;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use atelier_application::media::LibraryImages;
use atelier_application::portfolio::{Portfolio, ProjectQuery, ProjectWriteError};
use atelier_application::ports::SharedClock;
use atelier_application::store::Store;
use atelier_domain::portfolio::{Project, ProjectSort, ProjectStatus};
use atelier_domain::translation::TranslationKind;
use utoipa::OpenApi;

use crate::api::languages::{self, TranslationsData};
use crate::api::media::images_of;
use crate::api::translations::LanguageParams;
use crate::caller::{Caller, SignedIn};
use crate::contract::Rules;
use crate::error::ApiError;
use crate::extract::JsonBody;
use crate::ports::Ports;
use crate::responses::{Conflict, Deleted};

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

/// The projects' DTOs, each with the library images it shows.
pub(crate) async fn dtos<S: Store>(
    images: &LibraryImages<S>,
    projects: Vec<Project>,
) -> Result<Vec<ProjectDto>, ApiError> {
    let texts: Vec<Vec<&str>> =
        projects.iter().map(|project| vec![project.image.as_str(), project.description.as_str()]).collect();
    let shown = images_of(images, &texts).await?;
    Ok(projects.into_iter().zip(shown).map(|(project, images)| ProjectDto::new(project, images)).collect())
}

pub(crate) async fn dto<S: Store>(images: &LibraryImages<S>, project: Project) -> Result<ProjectDto, ApiError> {
    Ok(dtos(images, vec![project]).await?.remove(0))
}

/// List projects
///
/// One page of projects in the asked order, with totals. Anonymous callers only ever see published
/// projects. The home page asks `sort=featured&limit=6&status=published`. With `lang`, each project
/// comes in that language where it has a live translation (else in the default language, or, when
/// the site hides untranslated content, not at all), with `language` and `translations`.
#[utoipa::path(
    get, path = "/portfolio", tag = "portfolio", operation_id = "listPortfolioProjects",
    params(ProjectListParams, LanguageParams),
    responses((status = 200, description = "One page of projects", body = ProjectListDto))
)]
pub async fn list_projects<S: Store>(
    portfolio: web::Data<Portfolio<S, SharedClock>>,
    images: web::Data<LibraryImages<S>>,
    translations: TranslationsData<S>,
    caller: Caller,
    params: web::Query<ProjectListParams>,
    lang: web::Query<LanguageParams>,
) -> Result<web::Json<ProjectListDto>, ApiError> {
    let params = params.into_inner();
    let read = languages::read(&translations, lang.lang.as_deref()).await?;
    let query = ProjectQuery {
        status: params.status.map(ProjectStatus::from),
        featured: params.featured,
        category: params.category,
        search: params.search,
        sort: params.sort.map(ProjectSort::from).unwrap_or_default(),
        page: params.page,
        limit: params.limit,
        ids: languages::listed(&translations, TranslationKind::Project, read.as_ref()).await?,
    };
    let mut page = portfolio.list(caller.0, query).await?;
    let (projects, marks) =
        languages::lay_over(&translations, std::mem::take(&mut page.items), read.as_ref(), true).await?;
    let projects = languages::mark(dtos(&images, projects).await?, marks);
    Ok(web::Json(ProjectListDto::new(&page, projects)))
}

/// Get a project
///
/// Drafts and archived projects are not found for anonymous callers. With `lang`, the project
/// comes in that language where it has a live translation, with `language` and `translations`.
#[utoipa::path(
    get, path = "/portfolio/{id}", tag = "portfolio", operation_id = "getPortfolioProject",
    params(("id" = String, Path, description = "The project's `_id`"), LanguageParams),
    responses((status = 200, description = "The project", body = ProjectDto))
)]
pub async fn get_project<S: Store>(
    portfolio: web::Data<Portfolio<S, SharedClock>>,
    images: web::Data<LibraryImages<S>>,
    translations: TranslationsData<S>,
    caller: Caller,
    id: web::Path<String>,
    lang: web::Query<LanguageParams>,
) -> Result<web::Json<ProjectDto>, ApiError> {
    let read = languages::read(&translations, lang.lang.as_deref()).await?;
    let project = portfolio.get(caller.0, &id).await?;
    let (project, marks) = languages::lay_over_one(&translations, project, read.as_ref()).await?;
    Ok(web::Json(languages::mark_one(dto(&images, project).await?, marks)))
}

/// Get a project by slug
///
/// Drafts and archived projects are not found for anonymous callers. With `lang`, the slug is the
/// project's address in that language (its translated slug, or its default slug when it has none
/// there) and the project comes in that language where it has a live translation.
#[utoipa::path(
    get, path = "/portfolio/slug/{slug}", tag = "portfolio", operation_id = "getPortfolioProjectBySlug",
    params(("slug" = String, Path, description = "The project's slug"), LanguageParams),
    responses((status = 200, description = "The project", body = ProjectDto))
)]
pub async fn get_project_by_slug<S: Store>(
    portfolio: web::Data<Portfolio<S, SharedClock>>,
    images: web::Data<LibraryImages<S>>,
    translations: TranslationsData<S>,
    caller: Caller,
    slug: web::Path<String>,
    lang: web::Query<LanguageParams>,
) -> Result<web::Json<ProjectDto>, ApiError> {
    let read = languages::read(&translations, lang.lang.as_deref()).await?;
    let translated = match &read {
        Some(read) => translations.record_by_translated_slug(TranslationKind::Project, read, &slug).await?,
        None => None,
    };
    let project = match translated {
        Some(id) => portfolio.get(caller.0, &id).await?,
        None => portfolio.get_by_slug(caller.0, &slug).await?,
    };
    let (project, marks) = languages::lay_over_one(&translations, project, read.as_ref()).await?;
    Ok(web::Json(languages::mark_one(dto(&images, project).await?, marks)))
}

/// Create a project
///
/// Requires a title, a client and a completion date; a slug is generated from the title unless one is chosen, with a numeric suffix when taken.
#[utoipa::path(
    post, path = "/portfolio", tag = "portfolio", operation_id = "createPortfolioProject",
    request_body = ProjectInputDto,
    responses(
        (status = 201, description = "The created project", body = ProjectDto),
        Conflict,
    )
)]
pub async fn create_project<S: Store>(
    portfolio: web::Data<Portfolio<S, SharedClock>>,
    images: web::Data<LibraryImages<S>>,
    body: JsonBody<ProjectInputDto>,
) -> Result<HttpResponse, ApiError> {
    let project = portfolio.create(body.0.into()).await?;
    Ok(HttpResponse::Created().json(dto(&images, project).await?))
}

/// Update a project
///
/// Changes the fields sent; fields left out keep their values. The version replaced is kept as a
/// revision (see `listPortfolioProjectRevisions`).
#[utoipa::path(
    put, path = "/portfolio/{id}", tag = "portfolio", operation_id = "updatePortfolioProject",
    params(("id" = String, Path, description = "The project's `_id`")),
    request_body = ProjectInputDto,
    responses(
        (status = 200, description = "The updated project", body = ProjectDto),
        Conflict,
    )
)]
pub async fn update_project<S: Store>(
    portfolio: web::Data<Portfolio<S, SharedClock>>,
    images: web::Data<LibraryImages<S>>,
    signed_in: SignedIn,
    id: web::Path<String>,
    body: JsonBody<ProjectInputDto>,
) -> Result<web::Json<ProjectDto>, ApiError> {
    let updated = portfolio.update(&id, body.0.into(), &signed_in.author()).await;
    let current =
        || async { dto(&images, portfolio.get(atelier_application::access::Audience::Admin, &id).await?).await };
    Ok(web::Json(dto(&images, crate::versions::or_current(updated, current).await?).await?))
}

/// Delete a project
///
/// Removes the project for good; the technologies it used count one use fewer.
#[utoipa::path(
    delete, path = "/portfolio/{id}", tag = "portfolio", operation_id = "deletePortfolioProject",
    params(("id" = String, Path, description = "The project's `_id`")),
    responses(Deleted)
)]
pub async fn delete_project<S: Store>(
    portfolio: web::Data<Portfolio<S, SharedClock>>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    portfolio.delete(&id).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// The operations of this resource, documented: nested into the API document by [`super::documents`].
#[derive(Debug, OpenApi)]
#[openapi(
    paths(
        list_projects, get_project, get_project_by_slug, create_project, update_project, delete_project,
        revisions::list_revisions, revisions::get_revision, revisions::restore_revision,
    ),
    components(schemas(ProjectSortDto)),
    tags((name = "portfolio", description = "The agency's portfolio projects")),
)]
pub struct Doc;

/// The rules of the bodies and parameters this resource takes, from the domain's limits
/// ([`crate::contract`]): collected by [`super::rules`].
pub fn rules() -> Rules {
    use atelier_domain::portfolio;

    use crate::contract::{
        completion_date, creating, filled, id, image, list, optional_date_time, optional_slug, text, url,
    };

    Rules::bodies(vec![creating::<ProjectInputDto>(
        "NewPortfolioProject",
        &["createPortfolioProject"],
        vec![
            ("title", filled(portfolio::MAX_TITLE_LEN).required()),
            ("client", filled(portfolio::MAX_CLIENT_LEN).required()),
            ("slug", optional_slug()),
            ("category", text(portfolio::MAX_CATEGORY_LEN)),
            ("description", text(portfolio::MAX_DESCRIPTION_LEN)),
            ("shortDescription", text(portfolio::MAX_SHORT_DESCRIPTION_LEN)),
            ("image", image()),
            ("technologies", list(portfolio::MAX_TECHNOLOGIES, id())),
            ("tags", list(portfolio::MAX_TAGS, id())),
            ("demoUrl", url()),
            ("githubUrl", url()),
            ("completedAt", completion_date().required()),
            ("publishAt", optional_date_time()),
        ],
    )])
}

pub fn routes<P: Ports>(config: &mut crate::api::Routes, store: &P::Store, clock: &SharedClock) {
    config.app_data(web::Data::new(Portfolio::new(store.clone(), clock.clone())));
    config
        .service(super::resource("/portfolio").get(list_projects::<P::Store>).post(create_project::<P::Store>))
        .service(super::resource("/portfolio/slug/{slug}").get(get_project_by_slug::<P::Store>))
        .service(
            super::resource("/portfolio/{id}")
                .get(get_project::<P::Store>)
                .put(update_project::<P::Store>)
                .delete(delete_project::<P::Store>),
        );
    revisions::revision_routes::<P::Store>(config);
}
