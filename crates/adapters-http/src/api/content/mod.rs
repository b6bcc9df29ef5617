//! `/content`: the about page, the policy pages and any other content page, one per type.

mod dto;
mod revisions;

use actix_web::{HttpResponse, web};
use atelier_application::content::{Content, ContentWriteError, Saved};
use atelier_application::ports::SharedClock;
use atelier_application::store::Store;
use utoipa::OpenApi;

use crate::api::languages::{self, TranslationsData};
use crate::api::translations::LanguageParams;
use crate::caller::{Caller, SignedIn};
use crate::contract::{Rule, Rules};
use crate::error::ApiError;
use crate::extract::JsonBody;
use crate::ports::Ports;
use crate::responses::{Conflict, Deleted};

pub use self::dto::{
    ContentPageDto, ContentPageInputDto, ContentStatsDto, ContentStatusInputDto, NewContentPageDto, PageStatusDto,
    SectionDto, SectionInputDto,
};

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
    content: web::Data<Content<S, SharedClock>>,
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
    content: web::Data<Content<S, SharedClock>>,
) -> Result<web::Json<ContentStatsDto>, ApiError> {
    Ok(web::Json(content.stats().await?.into()))
}

/// Get a content page
///
/// The page of a type. Not found when none exists, or for anonymous callers when it is a draft; the
/// site then shows its built-in text. With `lang`, the page comes in that language where it has a
/// live translation (its title, subtitle, description and content), with `language` and
/// `translations`.
#[utoipa::path(
    get, path = "/content/{type}", tag = "content", operation_id = "getContentPage",
    params(("type" = String, Path, description = "The page's type, e.g. `about` or `privacy`"), LanguageParams),
    responses((status = 200, description = "The page", body = ContentPageDto))
)]
pub async fn get_content_page<S: Store>(
    content: web::Data<Content<S, SharedClock>>,
    translations: TranslationsData<S>,
    caller: Caller,
    page_type: web::Path<String>,
    lang: web::Query<LanguageParams>,
) -> Result<web::Json<ContentPageDto>, ApiError> {
    let read = languages::read(&translations, lang.lang.as_deref()).await?;
    let (page, marks) =
        languages::lay_over_one(&translations, content.get(caller.0, &page_type).await?, read.as_ref()).await?;
    Ok(web::Json(languages::mark_one(page.into(), marks)))
}

/// Create a content page
///
/// A page of a type not yet used.
#[utoipa::path(
    post, path = "/content", tag = "content", operation_id = "createContentPage",
    request_body = NewContentPageDto,
    responses(
        (status = 201, description = "The created page", body = ContentPageDto),
        Conflict,
    )
)]
pub async fn create_content_page<S: Store>(
    content: web::Data<Content<S, SharedClock>>,
    body: JsonBody<NewContentPageDto>,
) -> Result<HttpResponse, ApiError> {
    let (page_type, fields) = body.0.into_parts();
    let page = content.create(page_type.as_deref(), fields.into()).await?;
    Ok(HttpResponse::Created().json(ContentPageDto::from(page)))
}

/// Save a content page
///
/// Changes the page of this type, or creates it when none exists (then `title` is required). The
/// version a change replaces is kept as a revision (see `listContentPageRevisions`).
#[utoipa::path(
    put, path = "/content/{type}", tag = "content", operation_id = "saveContentPage",
    params(("type" = String, Path, description = "The page's type, e.g. `about` or `privacy`")),
    request_body = ContentPageInputDto,
    responses(
        (status = 200, description = "The updated page", body = ContentPageDto),
        (status = 201, description = "The created page", body = ContentPageDto),
    )
)]
pub async fn save_content_page<S: Store>(
    content: web::Data<Content<S, SharedClock>>,
    signed_in: SignedIn,
    page_type: web::Path<String>,
    body: JsonBody<ContentPageInputDto>,
) -> Result<HttpResponse, ApiError> {
    let saved = content.save(&page_type, body.0.into(), &signed_in.author()).await;
    let current = || async {
        Ok(ContentPageDto::from(content.get(atelier_application::access::Audience::Admin, &page_type).await?))
    };
    Ok(match crate::versions::or_current(saved, current).await? {
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
    responses((status = 200, description = "The updated page", body = ContentPageDto))
)]
pub async fn set_content_page_status<S: Store>(
    content: web::Data<Content<S, SharedClock>>,
    signed_in: SignedIn,
    page_type: web::Path<String>,
    body: JsonBody<ContentStatusInputDto>,
) -> Result<web::Json<ContentPageDto>, ApiError> {
    let updated = content.set_status(&page_type, body.0.status.as_deref(), &signed_in.author()).await;
    let current = || async {
        Ok(ContentPageDto::from(content.get(atelier_application::access::Audience::Admin, &page_type).await?))
    };
    Ok(web::Json(crate::versions::or_current(updated, current).await?.into()))
}

/// Delete a content page
///
/// The site then shows its built-in text for this page.
#[utoipa::path(
    delete, path = "/content/{type}", tag = "content", operation_id = "deleteContentPage",
    params(("type" = String, Path, description = "The page's type")),
    responses(Deleted)
)]
pub async fn delete_content_page<S: Store>(
    content: web::Data<Content<S, SharedClock>>,
    page_type: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    content.delete(&page_type).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// The operations of this resource, documented: nested into the API document by [`super::documents`].
#[derive(Debug, OpenApi)]
#[openapi(
    paths(
        list_content_pages, get_content_stats, get_content_page, create_content_page, save_content_page,
        set_content_page_status, delete_content_page, revisions::list_revisions, revisions::get_revision,
        revisions::restore_revision,
    ),
    tags((name = "content", description = "The about page, the policy pages and other content pages")),
)]
pub struct Doc;

/// The rules of the bodies and parameters this resource takes, from the domain's limits
/// ([`crate::contract`]): collected by [`super::rules`].
pub fn rules() -> Rules {
    use atelier_domain::content;

    use crate::contract::{body, given, page_type, text};

    Rules::bodies(vec![
        body::<NewContentPageDto>(page_fields(true)),
        body::<ContentPageInputDto>(page_fields(false)),
        body::<SectionInputDto>(vec![
            ("title", text(content::MAX_SECTION_TITLE_LEN)),
            ("content", text(content::MAX_SECTION_CONTENT_LEN)),
        ]),
        body::<ContentStatusInputDto>(vec![("status", given().required())]),
    ])
    .parameter(
        &[
            "getContentPage",
            "saveContentPage",
            "deleteContentPage",
            "setContentPageStatus",
            "listContentPageRevisions",
            "getContentPageRevision",
            "restoreContentPageRevision",
        ],
        "type",
        &page_type(false),
    )
}

/// A content page's fields: a new page (`POST /content`) names its type and needs a title; saving a
/// page by its type may leave the title out.
fn page_fields(creating: bool) -> Vec<(&'static str, Rule)> {
    use atelier_domain::content;

    use crate::contract::{date_or_date_time, filled, given, list, page_type, text};

    let title = filled(content::MAX_TITLE_LEN);
    let mut fields = vec![
        ("title", if creating { title.required() } else { title }),
        ("subtitle", text(content::MAX_SUBTITLE_LEN)),
        ("description", text(content::MAX_DESCRIPTION_LEN)),
        ("mission", text(content::MAX_STATEMENT_LEN)),
        ("vision", text(content::MAX_STATEMENT_LEN)),
        ("content", text(content::MAX_CONTENT_LEN)),
        ("values", list(content::MAX_VALUES, text(content::MAX_VALUE_LEN))),
        ("lastUpdated", date_or_date_time()),
        ("sections", list(content::MAX_SECTIONS, given())),
    ];
    if creating {
        fields.insert(0, ("type", page_type(true).required()));
    }
    fields
}

pub fn routes<P: Ports>(config: &mut crate::api::Routes, store: &P::Store, clock: &SharedClock) {
    config.app_data(web::Data::new(Content::new(store.clone(), clock.clone())));
    config
        .service(super::resource("/content").get(list_content_pages::<P::Store>).post(create_content_page::<P::Store>))
        .service(super::resource("/content/stats").get(get_content_stats::<P::Store>))
        .service(
            super::resource("/content/{type}")
                .get(get_content_page::<P::Store>)
                .put(save_content_page::<P::Store>)
                .delete(delete_content_page::<P::Store>),
        )
        .service(super::resource("/content/{type}/status").patch(set_content_page_status::<P::Store>));
    revisions::revision_routes::<P::Store>(config);
}
