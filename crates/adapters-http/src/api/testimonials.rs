//! `/testimonials`: what clients say about the agency.

use actix_web::{HttpResponse, web};
use atelier_application::ports::SharedClock;
use atelier_application::store::Store;
use atelier_application::testimonials::{TestimonialQuery, Testimonials};
use atelier_domain::Page;
use atelier_domain::testimonial::{Testimonial, TestimonialInput, TestimonialStatus};
use atelier_domain::translation::TranslationKind;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use crate::api::languages::{self, TranslationsData};
use crate::api::translations::LanguageParams;
use crate::caller::Caller;
use crate::contract::Rules;
use crate::error::ApiError;
use crate::extract::JsonBody;
use crate::markdown::{self, Stored};
use crate::ports::Ports;
use crate::responses::Deleted;

/// Whether a testimonial is shown on the public site (only approved ones are).
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = TestimonialStatus)]
pub enum TestimonialStatusDto {
    Approved,
    Pending,
    Rejected,
}

impl From<TestimonialStatus> for TestimonialStatusDto {
    fn from(status: TestimonialStatus) -> Self {
        match status {
            TestimonialStatus::Approved => Self::Approved,
            TestimonialStatus::Pending => Self::Pending,
            TestimonialStatus::Rejected => Self::Rejected,
        }
    }
}

impl From<TestimonialStatusDto> for TestimonialStatus {
    fn from(status: TestimonialStatusDto) -> Self {
        match status {
            TestimonialStatusDto::Approved => Self::Approved,
            TestimonialStatusDto::Pending => Self::Pending,
            TestimonialStatusDto::Rejected => Self::Rejected,
        }
    }
}

/// A client's testimonial.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Testimonial)]
pub struct TestimonialDto {
    /// The record's version and who created and last changed it.
    #[serde(flatten)]
    pub meta: crate::versions::MetaDto,
    /// 24 lowercase hexadecimal characters.
    #[serde(rename = "_id")]
    #[schema(example = "65f1c2a9b4e8d70012345678")]
    pub id: String,
    pub name: String,
    pub company: String,
    /// Markdown; may be empty.
    pub content: String,
    /// `content` as the site shows it: the server's rendering, sanitised HTML; empty when it is.
    pub content_html: String,
    /// 1 to 5 in steps of 0.5.
    #[schema(example = 4.5)]
    pub rating: f64,
    pub status: TestimonialStatusDto,
    pub featured: bool,
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

impl From<Testimonial> for TestimonialDto {
    fn from(testimonial: Testimonial) -> Self {
        let content =
            Stored::field("testimonial", testimonial.id, testimonial.meta.version, testimonial.updated_at, "content");
        Self {
            language: None,
            translations: None,
            meta: testimonial.meta.into(),
            id: testimonial.id.to_string(),
            name: testimonial.name,
            company: testimonial.company,
            content_html: markdown::render_stored(content, &testimonial.content, &[]),
            content: testimonial.content,
            rating: testimonial.rating.value(),
            status: testimonial.status.into(),
            featured: testimonial.featured,
            created_at: testimonial.created_at,
            updated_at: testimonial.updated_at,
        }
    }
}

/// One page of testimonials, newest first.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = TestimonialList)]
pub struct TestimonialListDto {
    pub testimonials: Vec<TestimonialDto>,
    pub total_items: u64,
    pub total_pages: u64,
    pub current_page: u64,
}

impl From<Page<Testimonial>> for TestimonialListDto {
    fn from(page: Page<Testimonial>) -> Self {
        Self {
            testimonials: page.items.into_iter().map(TestimonialDto::from).collect(),
            total_items: page.total_items,
            total_pages: page.total_pages,
            current_page: page.current_page,
        }
    }
}

/// The fields of a testimonial to create or change. On creation `name` and `company` are required;
/// on update, fields left out keep their values. Strings are trimmed.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = TestimonialInput)]
pub struct TestimonialInputDto {
    /// Required on creation; at most 120 characters.
    pub name: Option<String>,
    /// Required on creation; at most 120 characters.
    pub company: Option<String>,
    /// Markdown, at most 5000 characters; may be empty.
    pub content: Option<String>,
    /// 1 to 5 in steps of 0.5; 5 by default.
    pub rating: Option<f64>,
    /// `approved` by default.
    #[schema(value_type = Option<TestimonialStatusDto>)]
    pub status: Option<String>,
    pub featured: Option<bool>,
}

impl From<TestimonialInputDto> for TestimonialInput {
    fn from(dto: TestimonialInputDto) -> Self {
        Self {
            name: dto.name,
            company: dto.company,
            content: dto.content,
            rating: dto.rating,
            status: dto.status,
            featured: dto.featured,
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TestimonialListParams {
    /// Only testimonials with this status. Anonymous callers always get approved ones.
    pub status: Option<TestimonialStatusDto>,
    /// Only featured (`true`) or only other (`false`) testimonials.
    pub featured: Option<bool>,
    /// Case-insensitive search over name, company and content.
    pub search: Option<String>,
    /// Page size: 1 to 100 for anonymous callers, 1 to 1000 for administrators; 10 by default.
    pub limit: Option<i64>,
    /// Page number from 1.
    pub page: Option<i64>,
}

/// List testimonials
///
/// One page of testimonials, newest first. Anonymous callers only ever see approved testimonials.
/// With `lang`, each testimonial comes in that language where it has a live translation (else in
/// the default language, or, when the site hides untranslated content, not at all), with
/// `language` and `translations`.
#[utoipa::path(
    get, path = "/testimonials", tag = "testimonials", operation_id = "listTestimonials",
    params(TestimonialListParams, LanguageParams),
    responses((status = 200, description = "One page of testimonials", body = TestimonialListDto))
)]
pub async fn list_testimonials<S: Store>(
    testimonials: web::Data<Testimonials<S, SharedClock>>,
    translations: TranslationsData<S>,
    caller: Caller,
    params: web::Query<TestimonialListParams>,
    lang: web::Query<LanguageParams>,
) -> Result<web::Json<TestimonialListDto>, ApiError> {
    let params = params.into_inner();
    let read = languages::read(&translations, lang.lang.as_deref()).await?;
    let query = TestimonialQuery {
        status: params.status.map(TestimonialStatus::from),
        featured: params.featured,
        search: params.search,
        page: params.page,
        limit: params.limit,
        ids: languages::listed(&translations, TranslationKind::Testimonial, read.as_ref()).await?,
    };
    let mut page = testimonials.list(caller.0, query).await?;
    let (items, marks) =
        languages::lay_over(&translations, std::mem::take(&mut page.items), read.as_ref(), true).await?;
    page.items = items;
    let mut dto = TestimonialListDto::from(page);
    dto.testimonials = languages::mark(dto.testimonials, marks);
    Ok(web::Json(dto))
}

/// Get a testimonial
///
/// A testimonial that is not approved is not found for anonymous callers.
/// With `lang`, it comes in that language where it has a live translation, with `language` and
/// `translations`.
#[utoipa::path(
    get, path = "/testimonials/{id}", tag = "testimonials", operation_id = "getTestimonial",
    params(("id" = String, Path, description = "The testimonial's `_id`"), LanguageParams),
    responses((status = 200, description = "The testimonial", body = TestimonialDto))
)]
pub async fn get_testimonial<S: Store>(
    testimonials: web::Data<Testimonials<S, SharedClock>>,
    translations: TranslationsData<S>,
    caller: Caller,
    id: web::Path<String>,
    lang: web::Query<LanguageParams>,
) -> Result<web::Json<TestimonialDto>, ApiError> {
    let read = languages::read(&translations, lang.lang.as_deref()).await?;
    let (record, marks) =
        languages::lay_over_one(&translations, testimonials.get(caller.0, &id).await?, read.as_ref()).await?;
    Ok(web::Json(languages::mark_one(record.into(), marks)))
}

/// Create a testimonial
///
/// Approved with five stars unless the body says otherwise.
#[utoipa::path(
    post, path = "/testimonials", tag = "testimonials", operation_id = "createTestimonial",
    request_body = TestimonialInputDto,
    responses((status = 201, description = "The created testimonial", body = TestimonialDto))
)]
pub async fn create_testimonial<S: Store>(
    testimonials: web::Data<Testimonials<S, SharedClock>>,
    body: JsonBody<TestimonialInputDto>,
) -> Result<HttpResponse, ApiError> {
    let testimonial = testimonials.create(body.0.into()).await?;
    Ok(HttpResponse::Created().json(TestimonialDto::from(testimonial)))
}

/// Update a testimonial
///
/// Changes the fields sent; fields left out keep their values.
#[utoipa::path(
    put, path = "/testimonials/{id}", tag = "testimonials", operation_id = "updateTestimonial",
    params(("id" = String, Path, description = "The testimonial's `_id`")),
    request_body = TestimonialInputDto,
    responses((status = 200, description = "The updated testimonial", body = TestimonialDto))
)]
pub async fn update_testimonial<S: Store>(
    testimonials: web::Data<Testimonials<S, SharedClock>>,
    id: web::Path<String>,
    body: JsonBody<TestimonialInputDto>,
) -> Result<web::Json<TestimonialDto>, ApiError> {
    let updated = testimonials.update(&id, body.0.into()).await;
    let current = || async {
        Ok(TestimonialDto::from(testimonials.get(atelier_application::access::Audience::Admin, &id).await?))
    };
    Ok(web::Json(crate::versions::or_current(updated, current).await?.into()))
}

/// Delete a testimonial
///
/// Removes the testimonial for good.
#[utoipa::path(
    delete, path = "/testimonials/{id}", tag = "testimonials", operation_id = "deleteTestimonial",
    params(("id" = String, Path, description = "The testimonial's `_id`")),
    responses(Deleted)
)]
pub async fn delete_testimonial<S: Store>(
    testimonials: web::Data<Testimonials<S, SharedClock>>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    testimonials.delete(&id).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// The operations of this resource, documented: nested into the API document by [`super::documents`].
#[derive(Debug, OpenApi)]
#[openapi(
    paths(list_testimonials, get_testimonial, create_testimonial, update_testimonial, delete_testimonial),
    tags((name = "testimonials", description = "What clients say about the agency")),
)]
pub struct Doc;

/// The rules of the bodies and parameters this resource takes, from the domain's limits
/// ([`crate::contract`]): collected by [`super::rules`].
pub fn rules() -> Rules {
    use atelier_domain::testimonial;

    use crate::contract::{creating, filled, number, text};

    Rules::bodies(vec![creating::<TestimonialInputDto>(
        "NewTestimonial",
        &["createTestimonial"],
        vec![
            ("name", filled(testimonial::MAX_NAME_LEN).required()),
            ("company", filled(testimonial::MAX_COMPANY_LEN).required()),
            ("content", text(testimonial::MAX_CONTENT_LEN)),
            ("rating", number(1.0, 5.0, Some(0.5))),
        ],
    )])
}

pub fn routes<P: Ports>(config: &mut crate::api::Routes, store: &P::Store, clock: &SharedClock) {
    config.app_data(web::Data::new(Testimonials::new(store.clone(), clock.clone())));
    config
        .service(
            super::resource("/testimonials").get(list_testimonials::<P::Store>).post(create_testimonial::<P::Store>),
        )
        .service(
            super::resource("/testimonials/{id}")
                .get(get_testimonial::<P::Store>)
                .put(update_testimonial::<P::Store>)
                .delete(delete_testimonial::<P::Store>),
        );
}

crate::api::languages::in_language_dto!(TestimonialDto);
