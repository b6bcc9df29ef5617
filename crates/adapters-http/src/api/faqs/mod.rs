//! `/faqs`: frequently asked questions.

mod dto;

use actix_web::{HttpResponse, web};
use atelier_application::faqs::{FaqQuery, Faqs};
use atelier_application::ports::SharedClock;
use atelier_application::store::Store;
use atelier_domain::faq::{FaqCategory, FaqStatus};
use atelier_domain::translation::TranslationKind;
use utoipa::OpenApi;

use crate::api::languages::{self, TranslationsData};
use crate::api::translations::LanguageParams;
use crate::caller::Caller;
use crate::contract::Rules;
use crate::error::ApiError;
use crate::extract::JsonBody;
use crate::ports::Ports;
use crate::responses::Deleted;

pub use self::dto::{
    FaqCategoryDto, FaqDto, FaqInputDto, FaqListDto, FaqListParams, FaqOrderInputDto, FaqStatsDto, FaqStatusDto,
    FaqStatusInputDto, PaginationDto,
};

/// List FAQs
///
/// One page of FAQs sorted by order then creation time. Anonymous callers only ever see active FAQs.
/// With `lang`, each FAQ comes in that language where it has a live translation (else in
/// the default language, or, when the site hides untranslated content, not at all), with
/// `language` and `translations`.
#[utoipa::path(
    get, path = "/faqs", tag = "faqs", operation_id = "listFaqs",
    params(FaqListParams, LanguageParams),
    responses((status = 200, description = "One page of FAQs", body = FaqListDto))
)]
pub async fn list_faqs<S: Store>(
    faqs: web::Data<Faqs<S, SharedClock>>,
    translations: TranslationsData<S>,
    caller: Caller,
    params: web::Query<FaqListParams>,
    lang: web::Query<LanguageParams>,
) -> Result<web::Json<FaqListDto>, ApiError> {
    let params = params.into_inner();
    let read = languages::read(&translations, lang.lang.as_deref()).await?;
    let query = FaqQuery {
        status: params.status.map(FaqStatus::from),
        category: params.category.map(FaqCategory::from),
        search: params.search,
        page: params.page,
        limit: params.limit,
        ids: languages::listed(&translations, TranslationKind::Faq, read.as_ref()).await?,
    };
    let mut list = faqs.list(caller.0, query).await?;
    let (items, marks) =
        languages::lay_over(&translations, std::mem::take(&mut list.page.items), read.as_ref(), true).await?;
    list.page.items = items;
    let mut dto = FaqListDto::from(list);
    dto.data = languages::mark(dto.data, marks);
    Ok(web::Json(dto))
}

/// FAQ statistics
///
/// How many FAQs there are, by status and by category.
#[utoipa::path(
    get, path = "/faqs/stats", tag = "faqs", operation_id = "getFaqStats",
    responses((status = 200, description = "The counts", body = FaqStatsDto))
)]
pub async fn get_faq_stats<S: Store>(
    faqs: web::Data<Faqs<S, SharedClock>>,
) -> Result<web::Json<FaqStatsDto>, ApiError> {
    Ok(web::Json(faqs.stats().await?.into()))
}

/// Get an FAQ
///
/// An FAQ that is not active is not found for anonymous callers.
/// With `lang`, it comes in that language where it has a live translation, with `language` and
/// `translations`.
#[utoipa::path(
    get, path = "/faqs/{id}", tag = "faqs", operation_id = "getFaq",
    params(("id" = String, Path, description = "The FAQ's `_id`"), LanguageParams),
    responses((status = 200, description = "The FAQ", body = FaqDto))
)]
pub async fn get_faq<S: Store>(
    faqs: web::Data<Faqs<S, SharedClock>>,
    translations: TranslationsData<S>,
    caller: Caller,
    id: web::Path<String>,
    lang: web::Query<LanguageParams>,
) -> Result<web::Json<FaqDto>, ApiError> {
    let read = languages::read(&translations, lang.lang.as_deref()).await?;
    let (faq, marks) = languages::lay_over_one(&translations, faqs.get(caller.0, &id).await?, read.as_ref()).await?;
    Ok(web::Json(languages::mark_one(faq.into(), marks)))
}

/// Create an FAQ
///
/// Without an `order` the FAQ goes last.
#[utoipa::path(
    post, path = "/faqs", tag = "faqs", operation_id = "createFaq",
    request_body = FaqInputDto,
    responses((status = 201, description = "The created FAQ", body = FaqDto))
)]
pub async fn create_faq<S: Store>(
    faqs: web::Data<Faqs<S, SharedClock>>,
    body: JsonBody<FaqInputDto>,
) -> Result<HttpResponse, ApiError> {
    let faq = faqs.create(body.0.into()).await?;
    Ok(HttpResponse::Created().json(FaqDto::from(faq)))
}

/// Update an FAQ
///
/// Changes the fields sent; fields left out keep their values.
#[utoipa::path(
    put, path = "/faqs/{id}", tag = "faqs", operation_id = "updateFaq",
    params(("id" = String, Path, description = "The FAQ's `_id`")),
    request_body = FaqInputDto,
    responses((status = 200, description = "The updated FAQ", body = FaqDto))
)]
pub async fn update_faq<S: Store>(
    faqs: web::Data<Faqs<S, SharedClock>>,
    id: web::Path<String>,
    body: JsonBody<FaqInputDto>,
) -> Result<web::Json<FaqDto>, ApiError> {
    let updated = faqs.update(&id, body.0.into()).await;
    let current = || async { Ok(FaqDto::from(faqs.get(atelier_application::access::Audience::Admin, &id).await?)) };
    Ok(web::Json(crate::versions::or_current(updated, current).await?.into()))
}

/// Change an FAQ's status
///
/// Sets the FAQ active, inactive or draft; only active FAQs are shown on the public site.
#[utoipa::path(
    patch, path = "/faqs/{id}/status", tag = "faqs", operation_id = "setFaqStatus",
    params(("id" = String, Path, description = "The FAQ's `_id`")),
    request_body = FaqStatusInputDto,
    responses((status = 200, description = "The updated FAQ", body = FaqDto))
)]
pub async fn set_faq_status<S: Store>(
    faqs: web::Data<Faqs<S, SharedClock>>,
    id: web::Path<String>,
    body: JsonBody<FaqStatusInputDto>,
) -> Result<web::Json<FaqDto>, ApiError> {
    let updated = faqs.set_status(&id, body.0.status.as_deref()).await;
    let current = || async { Ok(FaqDto::from(faqs.get(atelier_application::access::Audience::Admin, &id).await?)) };
    Ok(web::Json(crate::versions::or_current(updated, current).await?.into()))
}

/// Move an FAQ up or down
///
/// Swaps the FAQ's order value with its neighbour's (by order); at either end of the list nothing
/// changes. Answers the FAQ as it now is.
#[utoipa::path(
    patch, path = "/faqs/{id}/order", tag = "faqs", operation_id = "moveFaq",
    params(("id" = String, Path, description = "The FAQ's `_id`")),
    request_body = FaqOrderInputDto,
    responses((status = 200, description = "The FAQ after the move", body = FaqDto))
)]
pub async fn move_faq<S: Store>(
    faqs: web::Data<Faqs<S, SharedClock>>,
    id: web::Path<String>,
    body: JsonBody<FaqOrderInputDto>,
) -> Result<web::Json<FaqDto>, ApiError> {
    Ok(web::Json(faqs.reorder(&id, body.0.direction.as_deref()).await?.into()))
}

/// Delete an FAQ
///
/// Removes the FAQ for good; the other FAQs keep their order values.
#[utoipa::path(
    delete, path = "/faqs/{id}", tag = "faqs", operation_id = "deleteFaq",
    params(("id" = String, Path, description = "The FAQ's `_id`")),
    responses(Deleted)
)]
pub async fn delete_faq<S: Store>(
    faqs: web::Data<Faqs<S, SharedClock>>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    faqs.delete(&id).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// The operations of this resource, documented: nested into the API document by [`super::documents`].
#[derive(Debug, OpenApi)]
#[openapi(
    paths(list_faqs, get_faq_stats, get_faq, create_faq, update_faq, set_faq_status, move_faq, delete_faq),
    tags((name = "faqs", description = "Frequently asked questions")),
)]
pub struct Doc;

/// The rules of the bodies and parameters this resource takes, from the domain's limits
/// ([`crate::contract`]): collected by [`super::rules`].
pub fn rules() -> Rules {
    use atelier_domain::faq;

    use crate::contract::{body, creating, filled, given, list, one_of, text, whole};

    Rules::bodies(vec![
        creating::<FaqInputDto>(
            "NewFaq",
            &["createFaq"],
            vec![
                ("question", filled(faq::MAX_QUESTION_LEN).required()),
                ("answer", filled(faq::MAX_ANSWER_LEN).required()),
                ("tags", list(faq::MAX_TAGS, text(faq::MAX_TAG_LEN))),
                ("order", whole(1, faq::MAX_ORDER)),
                ("views", whole(0, faq::MAX_COUNT)),
                ("helpful", whole(0, faq::MAX_COUNT)),
                ("notHelpful", whole(0, faq::MAX_COUNT)),
            ],
        ),
        body::<FaqStatusInputDto>(vec![("status", given().required())]),
        body::<FaqOrderInputDto>(vec![("direction", one_of(&["up", "down"]).required())]),
    ])
}

pub fn routes<P: Ports>(config: &mut crate::api::Routes, store: &P::Store, clock: &SharedClock) {
    config.app_data(web::Data::new(Faqs::new(store.clone(), clock.clone())));
    config
        .service(super::resource("/faqs").get(list_faqs::<P::Store>).post(create_faq::<P::Store>))
        .service(super::resource("/faqs/stats").get(get_faq_stats::<P::Store>))
        .service(
            super::resource("/faqs/{id}")
                .get(get_faq::<P::Store>)
                .put(update_faq::<P::Store>)
                .delete(delete_faq::<P::Store>),
        )
        .service(super::resource("/faqs/{id}/status").patch(set_faq_status::<P::Store>))
        .service(super::resource("/faqs/{id}/order").patch(move_faq::<P::Store>));
}
