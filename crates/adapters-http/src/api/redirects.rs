//! `/redirects`: the site's old addresses that send visitors on (docs/redirects.md). The public
//! side is not here: the site answers a redirect where it would otherwise answer 404
//! ([`crate::site`]).

use actix_web::{HttpResponse, web};
use atelier_application::ports::SharedClock;
use atelier_application::redirects::served::RedirectTable;
use atelier_application::redirects::{RedirectQuery, RedirectWriteError, Redirects};
use atelier_application::store::Store;
use atelier_domain::Page;
use atelier_domain::redirect::{Redirect, RedirectInput};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use crate::contract::Rules;
use crate::error::ApiError;
use crate::extract::JsonBody;
use crate::ports::Ports;
use crate::responses::{Conflict, Deleted};

/// A redirect: a request for `from` (when the site has no page there) is answered with `status`
/// and `Location: to`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Redirect)]
pub struct RedirectDto {
    /// The record's version and who created and last changed it.
    #[serde(flatten)]
    pub meta: crate::versions::MetaDto,
    /// 24 lowercase hexadecimal characters.
    #[serde(rename = "_id")]
    #[schema(example = "65f1c2a9b4e8d70012345678")]
    pub id: String,
    /// The old address in its normal form: a leading `/`, no trailing slash, no query.
    #[schema(example = "/2019/05/designing-apis")]
    pub from: String,
    /// A path of this site or an absolute http(s) address.
    #[schema(example = "/blog/designing-apis")]
    pub to: String,
    /// 301, 302, 307 or 308.
    #[schema(example = 301)]
    pub status: u16,
    pub note: String,
    /// How many times it was followed (stored every few seconds; this instance's latest are added).
    pub hits: u64,
    pub last_hit_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<Redirect> for RedirectDto {
    fn from(redirect: Redirect) -> Self {
        Self {
            meta: redirect.meta.into(),
            id: redirect.id.to_string(),
            from: redirect.from.to_string(),
            to: redirect.to.as_str().to_owned(),
            status: redirect.status.code(),
            note: redirect.note,
            hits: redirect.hits,
            last_hit_at: redirect.last_hit_at,
            created_at: redirect.created_at,
            updated_at: redirect.updated_at,
        }
    }
}

/// One page of redirects, by from address.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = RedirectList)]
pub struct RedirectListDto {
    pub redirects: Vec<RedirectDto>,
    pub total_items: u64,
    pub total_pages: u64,
    pub current_page: u64,
}

impl From<Page<Redirect>> for RedirectListDto {
    fn from(page: Page<Redirect>) -> Self {
        Self {
            redirects: page.items.into_iter().map(RedirectDto::from).collect(),
            total_items: page.total_items,
            total_pages: page.total_pages,
            current_page: page.current_page,
        }
    }
}

/// The fields of a redirect to create or change. On creation `from` and `to` are required; on
/// update, fields left out keep their values. Strings are trimmed.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = RedirectInput)]
pub struct RedirectInputDto {
    /// The old address: a path of this site (`/2019/05/slug/`; the leading `/` may be left out) or
    /// the old site's full address, whose path is taken. Stored in its normal form (no trailing
    /// slash, no query or fragment, escapes normalised); never the home page, one of the site's own
    /// pages, or under `/api`, `/admin`, `/assets`, `/media` or `/images`.
    pub from: Option<String>,
    /// Where it leads: a path of this site starting with a single `/`, or an absolute http(s)
    /// address. A path that is itself redirected is replaced by where that redirect leads.
    pub to: Option<String>,
    /// 301 (the default), 302, 307 or 308.
    #[schema(value_type = Option<i64>)]
    pub status: Option<i64>,
    /// At most 500 characters.
    pub note: Option<String>,
}

impl From<RedirectInputDto> for RedirectInput {
    fn from(dto: RedirectInputDto) -> Self {
        Self { from: dto.from, to: dto.to, status: dto.status, note: dto.note }
    }
}

impl From<RedirectWriteError> for ApiError {
    fn from(error: RedirectWriteError) -> Self {
        match error {
            RedirectWriteError::NotFound => Self::not_found("Redirect not found"),
            RedirectWriteError::Invalid(errors) => Self::invalid(&errors),
            RedirectWriteError::DuplicateFrom => {
                Self::client(actix_web::http::StatusCode::CONFLICT, RedirectWriteError::DuplicateFrom.to_string())
            }
            RedirectWriteError::Unexpected(error) => Self::Unexpected(error),
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RedirectListParams {
    /// Case-insensitive search over from, to and the note.
    pub search: Option<String>,
    /// Page size: 1 to 1000; 20 by default.
    pub limit: Option<i64>,
    /// Page number from 1.
    pub page: Option<i64>,
}

/// List redirects
///
/// One page of redirects, by from address, with how often each was followed.
#[utoipa::path(
    get, path = "/redirects", tag = "redirects", operation_id = "listRedirects",
    params(RedirectListParams),
    responses((status = 200, description = "One page of redirects", body = RedirectListDto))
)]
pub async fn list_redirects<S: Store>(
    redirects: web::Data<Redirects<S, SharedClock>>,
    table: web::Data<RedirectTable<S, SharedClock>>,
    params: web::Query<RedirectListParams>,
) -> Result<web::Json<RedirectListDto>, ApiError> {
    let params = params.into_inner();
    let query = RedirectQuery { search: params.search, page: params.page, limit: params.limit };
    let mut page = redirects.list(query).await?;
    page.items = page.items.into_iter().map(|redirect| table.with_pending_hits(redirect)).collect();
    Ok(web::Json(page.into()))
}

/// Get a redirect
#[utoipa::path(
    get, path = "/redirects/{id}", tag = "redirects", operation_id = "getRedirect",
    params(("id" = String, Path, description = "The redirect's `_id`")),
    responses((status = 200, description = "The redirect", body = RedirectDto))
)]
pub async fn get_redirect<S: Store>(
    redirects: web::Data<Redirects<S, SharedClock>>,
    table: web::Data<RedirectTable<S, SharedClock>>,
    id: web::Path<String>,
) -> Result<web::Json<RedirectDto>, ApiError> {
    Ok(web::Json(table.with_pending_hits(redirects.get(&id).await?).into()))
}

/// Create a redirect
///
/// 301 unless the body says otherwise. A redirect to an address that is itself redirected leads
/// where that one leads, and redirects that led to this one's from address now lead where it leads,
/// so a visitor is never sent through a chain; one that would lead back to its own address is a
/// 422. An address that already has a redirect is a 409.
#[utoipa::path(
    post, path = "/redirects", tag = "redirects", operation_id = "createRedirect",
    request_body = RedirectInputDto,
    responses((status = 201, description = "The created redirect", body = RedirectDto), Conflict)
)]
pub async fn create_redirect<S: Store>(
    redirects: web::Data<Redirects<S, SharedClock>>,
    body: JsonBody<RedirectInputDto>,
) -> Result<HttpResponse, ApiError> {
    let redirect = redirects.create(body.0.into()).await?;
    Ok(HttpResponse::Created().json(RedirectDto::from(redirect)))
}

/// Update a redirect
///
/// Changes the fields sent; fields left out keep their values. Chains and loops are treated as on
/// creation; a from address another redirect has is a 409.
#[utoipa::path(
    put, path = "/redirects/{id}", tag = "redirects", operation_id = "updateRedirect",
    params(("id" = String, Path, description = "The redirect's `_id`")),
    request_body = RedirectInputDto,
    responses((status = 200, description = "The updated redirect", body = RedirectDto), Conflict)
)]
pub async fn update_redirect<S: Store>(
    redirects: web::Data<Redirects<S, SharedClock>>,
    id: web::Path<String>,
    body: JsonBody<RedirectInputDto>,
) -> Result<web::Json<RedirectDto>, ApiError> {
    let updated = redirects.update(&id, body.0.into()).await;
    let current = || async { Ok(RedirectDto::from(redirects.get(&id).await?)) };
    Ok(web::Json(crate::versions::or_current(updated, current).await?.into()))
}

/// Delete a redirect
///
/// The old address answers 404 again.
#[utoipa::path(
    delete, path = "/redirects/{id}", tag = "redirects", operation_id = "deleteRedirect",
    params(("id" = String, Path, description = "The redirect's `_id`")),
    responses(Deleted)
)]
pub async fn delete_redirect<S: Store>(
    redirects: web::Data<Redirects<S, SharedClock>>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    redirects.delete(&id).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// The operations of this resource, documented: nested into the API document by [`super::documents`].
#[derive(Debug, OpenApi)]
#[openapi(
    paths(list_redirects, get_redirect, create_redirect, update_redirect, delete_redirect),
    tags((name = "redirects", description = "Old addresses of the site that send visitors on")),
)]
pub struct Doc;

/// The rules of the bodies this resource takes, from the domain's limits ([`crate::contract`]):
/// collected by [`super::rules`].
pub fn rules() -> Rules {
    use atelier_domain::redirect;

    use crate::contract::{creating, redirect_from, redirect_to, text, whole_of};

    let codes: Vec<i64> = redirect::RedirectStatus::CODES.iter().map(|code| i64::from(*code)).collect();
    Rules::bodies(vec![creating::<RedirectInputDto>(
        "NewRedirect",
        &["createRedirect"],
        vec![
            ("from", redirect_from().required()),
            ("to", redirect_to().required()),
            ("status", whole_of(&codes)),
            ("note", text(redirect::MAX_NOTE_LEN)),
        ],
    )])
}

pub fn routes<P: Ports>(config: &mut crate::api::Routes, store: &P::Store, clock: &SharedClock) {
    config.app_data(web::Data::new(Redirects::new(store.clone(), clock.clone())));
    config
        .service(super::resource("/redirects").get(list_redirects::<P::Store>).post(create_redirect::<P::Store>))
        .service(
            super::resource("/redirects/{id}")
                .get(get_redirect::<P::Store>)
                .put(update_redirect::<P::Store>)
                .delete(delete_redirect::<P::Store>),
        );
}
