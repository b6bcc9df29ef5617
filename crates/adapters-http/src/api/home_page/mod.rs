//! `/home-page`: every text of the home page, its sections' visibility and order, and the footer's
//! list of services; read by everyone, changed by administrators, with its earlier versions kept.

mod dto;

use actix_web::web;
use atelier_application::home_page::{HomePageSaveError, HomePages};
use atelier_application::ports::SharedClock;
use atelier_application::store::Store;
use utoipa::OpenApi;

use crate::api::languages::{self, TranslationsData};
use crate::api::revisions::RevisionDto;
use crate::api::translations::LanguageParams;
use crate::caller::SignedIn;
use crate::contract::Rules;
use crate::error::ApiError;
use crate::extract::JsonBody;
use crate::ports::Ports;

pub use self::dto::*;

impl From<HomePageSaveError> for ApiError {
    fn from(error: HomePageSaveError) -> Self {
        match error {
            HomePageSaveError::Invalid(errors) => Self::invalid(&errors),
            HomePageSaveError::Unexpected(error) => Self::Unexpected(error),
        }
    }
}

/// Get the home page
///
/// Every text of the home page, its sections in order with their visibility, and the footer's
/// services; the site's original texts until an administrator saves any. With `lang`, each text
/// comes in that language where the page has a live translation there
/// (`/translations/site/home`, field by field: a text left untranslated is the default's), with
/// `language` and `translations`.
#[utoipa::path(
    get, path = "/home-page", tag = "home-page", operation_id = "getHomePage",
    params(LanguageParams),
    responses((status = 200, description = "The home page", body = HomePageDto))
)]
pub async fn get_home_page<S: Store>(
    home: web::Data<HomePages<S, SharedClock>>,
    translations: TranslationsData<S>,
    lang: web::Query<LanguageParams>,
) -> Result<web::Json<HomePageDto>, ApiError> {
    let read = languages::read(&translations, lang.lang.as_deref()).await?;
    let (home, marks) = languages::lay_over_one(&translations, home.get().await?, read.as_ref()).await?;
    Ok(web::Json(languages::mark_one(home.into(), marks)))
}

/// Save the home page
///
/// Changes the parts sent: the hero (whole), each section sent (by `key`; its parts left out keep
/// their values) and the footer's services. Errors name the field by its path, e.g.
/// `sections.2.links.0.target`. The version this replaces is kept as a revision.
#[utoipa::path(
    put, path = "/home-page", tag = "home-page", operation_id = "saveHomePage",
    request_body = HomePageInputDto,
    responses((status = 200, description = "The saved home page", body = HomePageDto))
)]
pub async fn save_home_page<S: Store>(
    home: web::Data<HomePages<S, SharedClock>>,
    signed_in: SignedIn,
    body: JsonBody<HomePageInputDto>,
) -> Result<web::Json<HomePageDto>, ApiError> {
    let updated = home.save(body.0.into(), &signed_in.author()).await;
    let current = || async { Ok(HomePageDto::from(home.get().await?)) };
    Ok(web::Json(crate::versions::or_current(updated, current).await?.into()))
}

/// List the home page's revisions
///
/// The versions earlier saves replaced, newest first (at most 50 are kept), without their content.
#[utoipa::path(
    get, path = "/home-page/revisions", tag = "home-page", operation_id = "listHomePageRevisions",
    responses((status = 200, description = "The home page's revisions, newest first", body = [RevisionDto]))
)]
pub async fn list_home_page_revisions<S: Store>(
    home: web::Data<HomePages<S, SharedClock>>,
) -> Result<web::Json<Vec<RevisionDto>>, ApiError> {
    Ok(web::Json(home.revisions().await?.into_iter().map(RevisionDto::from).collect()))
}

/// Get a home page revision
///
/// One earlier version of the home page, whole.
#[utoipa::path(
    get, path = "/home-page/revisions/{revisionId}", tag = "home-page", operation_id = "getHomePageRevision",
    params(("revisionId" = String, Path, description = "The revision's `_id`")),
    responses((status = 200, description = "The revision", body = HomePageRevisionDto))
)]
pub async fn get_home_page_revision<S: Store>(
    home: web::Data<HomePages<S, SharedClock>>,
    revision_id: web::Path<String>,
) -> Result<web::Json<HomePageRevisionDto>, ApiError> {
    let revision = home.revision(&revision_id).await?;
    Ok(web::Json(HomePageRevisionDto { revision: revision.summary.into(), snapshot: revision.snapshot.into() }))
}

/// Restore a home page revision
///
/// Saves the revision's texts as the home page's current version; the version this replaces is kept
/// as a revision in turn.
#[utoipa::path(
    post, path = "/home-page/revisions/{revisionId}/restore", tag = "home-page",
    operation_id = "restoreHomePageRevision",
    params(("revisionId" = String, Path, description = "The revision's `_id`")),
    responses((status = 200, description = "The home page as restored", body = HomePageDto))
)]
pub async fn restore_home_page_revision<S: Store>(
    home: web::Data<HomePages<S, SharedClock>>,
    signed_in: SignedIn,
    revision_id: web::Path<String>,
) -> Result<web::Json<HomePageDto>, ApiError> {
    Ok(web::Json(home.restore(&revision_id, &signed_in.author()).await?.into()))
}

/// The operations of this resource, documented: nested into the API document by [`super::documents`].
#[derive(Debug, OpenApi)]
#[openapi(
    paths(
        get_home_page, save_home_page, list_home_page_revisions, get_home_page_revision,
        restore_home_page_revision,
    ),
    tags((name = "home-page", description = "The home page's texts, sections and the footer's services")),
)]
pub struct Doc;

/// The rules of the bodies and parameters this resource takes, from the domain's limits
/// ([`crate::contract`]): collected by [`super::rules`].
pub fn rules() -> Rules {
    use atelier_domain::home_page;

    use crate::contract::{body, filled, given, link_target, list, one_of, text, whole};

    Rules::bodies(vec![
        body::<HomePageInputDto>(vec![(
            "footerServices",
            list(home_page::MAX_FOOTER_SERVICES, text(home_page::MAX_LABEL_LEN)),
        )]),
        body::<HomeHeroInputDto>(vec![
            ("title", filled(home_page::MAX_TITLE_LEN)),
            ("subtitle", text(home_page::MAX_TEXT_LEN)),
            ("links", list(home_page::MAX_LINKS, given())),
            ("trustedBy", text(home_page::MAX_TITLE_LEN)),
        ]),
        body::<HomeSectionInputDto>(vec![
            ("key", one_of(&home_page::SectionKey::ALL.map(home_page::SectionKey::as_str)).required()),
            ("order", whole(0, i64::from(home_page::MAX_ORDER))),
            ("heading", text(home_page::MAX_TITLE_LEN)),
            ("subheading", text(home_page::MAX_TEXT_LEN)),
            ("items", list(home_page::MAX_ITEMS, given())),
            ("figures", list(home_page::MAX_FIGURES, given())),
            ("stepsHeading", text(home_page::MAX_TITLE_LEN)),
            ("steps", list(home_page::MAX_STEPS, text(home_page::MAX_LABEL_LEN))),
            ("links", list(home_page::MAX_LINKS, given())),
        ]),
        body::<HomeLinkInputDto>(vec![
            ("label", filled(home_page::MAX_LABEL_LEN).required()),
            ("target", link_target().required()),
        ]),
        body::<HomeItemInputDto>(vec![
            ("title", text(home_page::MAX_TITLE_LEN)),
            ("text", text(home_page::MAX_TEXT_LEN)),
        ]),
        body::<HomeFigureInputDto>(vec![
            ("value", whole(0, i64::from(home_page::MAX_FIGURE_VALUE)).required()),
            ("suffix", text(home_page::MAX_SUFFIX_LEN)),
            ("label", filled(home_page::MAX_LABEL_LEN).required()),
        ]),
    ])
}

pub fn routes<P: Ports>(config: &mut crate::api::Routes, store: &P::Store, clock: &SharedClock) {
    config.app_data(web::Data::new(HomePages::new(store.clone(), clock.clone())));
    config
        .service(super::resource("/home-page").get(get_home_page::<P::Store>).put(save_home_page::<P::Store>))
        .service(super::resource("/home-page/revisions").get(list_home_page_revisions::<P::Store>))
        .service(super::resource("/home-page/revisions/{revisionId}").get(get_home_page_revision::<P::Store>))
        .service(
            super::resource("/home-page/revisions/{revisionId}/restore").post(restore_home_page_revision::<P::Store>),
        );
}
