//! `/project-requests`: the sales pipeline. Visitors send requests through the public "Get a Quote"
//! form; everything else is the back office's.

mod dto;

use actix_web::{HttpRequest, HttpResponse, web};
use atelier_application::Audience;
use atelier_application::ports::SharedClock;
use atelier_application::project_requests::{ProjectRequestQuery, SalesPipeline};
use atelier_application::spam::Evidence;
use atelier_application::store::Store;
use atelier_domain::project_request::{ProjectPriority, ProjectRequestStatus};
use utoipa::OpenApi;

use crate::api::challenge::ProofOfWorkDto;
use crate::caller::Caller;
use crate::contract::Rules;
use crate::error::ApiError;
use crate::extract::JsonBody;
use crate::ports::Ports;
use crate::responses::{Deleted, TooManyRequests};
use crate::submissions::SubmissionLimiter;

pub use self::dto::{
    ProjectPriorityCountsDto, ProjectPriorityDto, ProjectRequestDto, ProjectRequestInputDto, ProjectRequestListDto,
    ProjectRequestListParams, ProjectRequestStatsDto, ProjectRequestStatusChangeDto, ProjectRequestStatusCountsDto,
    ProjectRequestStatusDto,
};

/// List project requests
///
/// Requests newest first, one page of them (of the pipeline, or of those kept as spam with
/// `spam=true`).
#[utoipa::path(
    get, path = "/project-requests", tag = "project-requests", operation_id = "listProjectRequests",
    params(ProjectRequestListParams),
    responses((status = 200, description = "One page of project requests", body = ProjectRequestListDto))
)]
pub async fn list_project_requests<S: Store>(
    pipeline: web::Data<SalesPipeline<S, SharedClock>>,
    caller: Caller,
    params: web::Query<ProjectRequestListParams>,
) -> Result<web::Json<ProjectRequestListDto>, ApiError> {
    let params = params.into_inner();
    let query = ProjectRequestQuery {
        status: params.status.map(ProjectRequestStatus::from),
        priority: params.priority.map(ProjectPriority::from),
        search: params.search,
        spam: params.spam.unwrap_or(false),
        page: params.page,
        limit: params.limit,
    };
    Ok(web::Json(pipeline.list(caller.0, query).await?.into()))
}

/// Project request statistics
///
/// How many requests there are in total, per status and per priority (every status and priority
/// listed, zeros included), spam aside.
#[utoipa::path(
    get, path = "/project-requests/stats", tag = "project-requests", operation_id = "getProjectRequestStats",
    responses((status = 200, description = "The counts", body = ProjectRequestStatsDto))
)]
pub async fn project_request_stats<S: Store>(
    pipeline: web::Data<SalesPipeline<S, SharedClock>>,
) -> Result<web::Json<ProjectRequestStatsDto>, ApiError> {
    Ok(web::Json(pipeline.stats().await?.into()))
}

/// Get a project request
///
/// The whole request, including its notes, status, priority and source.
#[utoipa::path(
    get, path = "/project-requests/{id}", tag = "project-requests", operation_id = "getProjectRequest",
    params(("id" = String, Path, description = "The request's `_id`")),
    responses((status = 200, description = "The request", body = ProjectRequestDto))
)]
pub async fn get_project_request<S: Store>(
    pipeline: web::Data<SalesPipeline<S, SharedClock>>,
    id: web::Path<String>,
) -> Result<web::Json<ProjectRequestDto>, ApiError> {
    Ok(web::Json(pipeline.get(&id).await?.into()))
}

/// Send a project request
///
/// The public "Get a Quote" form. Anonymous submissions are stored with status `new_request`, priority
/// `medium`, source `website` and no notes whatever the body says; administrators may set them. An
/// anonymous submission carries a solved challenge from `GET /challenge` as `proofOfWork` (without a
/// valid, unexpired, unused one: 422 and nothing stored). At most 5 anonymous submissions per client
/// address within 10 minutes, across this form and the contact form; a submission that fills the
/// hidden `website` field is answered as usual but kept as spam.
#[utoipa::path(
    post, path = "/project-requests", tag = "project-requests", operation_id = "createProjectRequest",
    request_body = ProjectRequestInputDto,
    responses(
        (status = 201, description = "The request as stored", body = ProjectRequestDto),
        TooManyRequests,
    )
)]
pub async fn create_project_request<S: Store>(
    pipeline: web::Data<SalesPipeline<S, SharedClock>>,
    limiter: web::Data<SubmissionLimiter<S>>,
    caller: Caller,
    request: HttpRequest,
    body: JsonBody<ProjectRequestInputDto>,
) -> Result<HttpResponse, ApiError> {
    if caller.0 == Audience::Public {
        limiter.admit(crate::proxies::client_ip(&request)).await?;
    }
    let (input, honeypot, proof) = body.0.into_parts();
    let proof = ProofOfWorkDto::sent(proof)?;
    let evidence = Evidence { honeypot: honeypot.as_deref(), proof: proof.as_ref() };
    let created = pipeline.submit(caller.0, input, evidence).await?;
    Ok(HttpResponse::Created().json(ProjectRequestDto::from(created)))
}

/// Update a project request
///
/// Changes the fields sent; fields left out keep their values.
#[utoipa::path(
    put, path = "/project-requests/{id}", tag = "project-requests", operation_id = "updateProjectRequest",
    params(("id" = String, Path, description = "The request's `_id`")),
    request_body = ProjectRequestInputDto,
    responses((status = 200, description = "The updated request", body = ProjectRequestDto))
)]
pub async fn update_project_request<S: Store>(
    pipeline: web::Data<SalesPipeline<S, SharedClock>>,
    id: web::Path<String>,
    body: JsonBody<ProjectRequestInputDto>,
) -> Result<web::Json<ProjectRequestDto>, ApiError> {
    let (input, _, _) = body.0.into_parts();
    let updated = pipeline.update(&id, input).await;
    let current = || async { Ok(ProjectRequestDto::from(pipeline.get(&id).await?)) };
    Ok(web::Json(crate::versions::or_current(updated, current).await?.into()))
}

/// Change a project request's status
///
/// Any status may follow any other.
#[utoipa::path(
    patch, path = "/project-requests/{id}/status", tag = "project-requests",
    operation_id = "updateProjectRequestStatus",
    params(("id" = String, Path, description = "The request's `_id`")),
    request_body = ProjectRequestStatusChangeDto,
    responses((status = 200, description = "The updated request", body = ProjectRequestDto))
)]
pub async fn update_project_request_status<S: Store>(
    pipeline: web::Data<SalesPipeline<S, SharedClock>>,
    id: web::Path<String>,
    body: JsonBody<ProjectRequestStatusChangeDto>,
) -> Result<web::Json<ProjectRequestDto>, ApiError> {
    let updated = pipeline.set_status(&id, body.0.status).await;
    let current = || async { Ok(ProjectRequestDto::from(pipeline.get(&id).await?)) };
    Ok(web::Json(crate::versions::or_current(updated, current).await?.into()))
}

/// Delete a project request
///
/// Removes the request for good.
#[utoipa::path(
    delete, path = "/project-requests/{id}", tag = "project-requests", operation_id = "deleteProjectRequest",
    params(("id" = String, Path, description = "The request's `_id`")),
    responses(Deleted)
)]
pub async fn delete_project_request<S: Store>(
    pipeline: web::Data<SalesPipeline<S, SharedClock>>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    pipeline.delete(&id).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// The operations of this resource, documented: nested into the API document by [`super::documents`].
#[derive(Debug, OpenApi)]
#[openapi(
    paths(list_project_requests, project_request_stats, get_project_request, create_project_request, update_project_request, update_project_request_status, delete_project_request),
    tags((name = "project-requests", description = "The sales pipeline: project requests sent through the public quote form")),
)]
pub struct Doc;

/// The rules of the bodies and parameters this resource takes, from the domain's limits
/// ([`crate::contract`]): collected by [`super::rules`].
pub fn rules() -> Rules {
    use atelier_domain::{inbox, project_request};

    use crate::contract::{creating, email, filled, given, text};

    Rules::bodies(vec![creating::<ProjectRequestInputDto>(
        "NewProjectRequest",
        &["createProjectRequest"],
        vec![
            ("clientName", filled(project_request::MAX_CLIENT_NAME_LEN).required()),
            ("companyName", filled(project_request::MAX_COMPANY_NAME_LEN).required()),
            ("email", email().required()),
            ("phone", text(inbox::MAX_PHONE_LEN)),
            ("projectType", filled(project_request::MAX_CHOICE_LEN).required()),
            ("budget", filled(project_request::MAX_CHOICE_LEN).required()),
            ("timeline", filled(project_request::MAX_CHOICE_LEN).required()),
            ("description", filled(project_request::MAX_DESCRIPTION_LEN).required()),
            ("notes", text(inbox::MAX_NOTES_LEN)),
            ("proofOfWork", given().required_or_null()),
        ],
    )])
}

/// The use case (`SalesPipeline`) is registered by the server, which knows whether new submissions are notified.
pub fn routes<P: Ports>(config: &mut crate::api::Routes, _store: &P::Store, _clock: &SharedClock) {
    config
        .service(
            super::resource("/project-requests")
                .get(list_project_requests::<P::Store>)
                .post(create_project_request::<P::Store>),
        )
        .service(super::resource("/project-requests/stats").get(project_request_stats::<P::Store>))
        .service(
            super::resource("/project-requests/{id}")
                .get(get_project_request::<P::Store>)
                .put(update_project_request::<P::Store>)
                .delete(delete_project_request::<P::Store>),
        )
        .service(super::resource("/project-requests/{id}/status").patch(update_project_request_status::<P::Store>));
}
