//! `/services`: the agency's services.

use actix_web::{HttpResponse, web};
use atelier_application::ports::SharedClock;
use atelier_application::services::{ServiceCatalog, ServiceQuery};
use atelier_application::store::Store;
use atelier_domain::service::{Service, ServiceInput, ServiceStatus};
use atelier_domain::translation::TranslationKind;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use crate::api::languages::{self, TranslationsData};
use crate::api::translations::LanguageParams;
use crate::caller::Caller;
use crate::contract::Rules;
use crate::error::ApiError;
use crate::extract::{JsonBody, present};
use crate::markdown::{self, Stored};
use crate::ports::Ports;
use crate::responses::Deleted;

/// Whether a service is shown on the public site.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = ServiceStatus)]
pub enum ServiceStatusDto {
    Active,
    Inactive,
}

impl From<ServiceStatus> for ServiceStatusDto {
    fn from(status: ServiceStatus) -> Self {
        match status {
            ServiceStatus::Active => Self::Active,
            ServiceStatus::Inactive => Self::Inactive,
        }
    }
}

impl From<ServiceStatusDto> for ServiceStatus {
    fn from(status: ServiceStatusDto) -> Self {
        match status {
            ServiceStatusDto::Active => Self::Active,
            ServiceStatusDto::Inactive => Self::Inactive,
        }
    }
}

/// A service the agency offers.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Service)]
pub struct ServiceDto {
    /// The record's version and who created and last changed it.
    #[serde(flatten)]
    pub meta: crate::versions::MetaDto,
    /// 24 lowercase hexadecimal characters.
    #[serde(rename = "_id")]
    #[schema(example = "65f1c2a9b4e8d70012345678")]
    pub id: String,
    /// One line of markdown.
    pub title: String,
    /// `title` as the site shows it: the server's rendering, sanitised HTML without a paragraph.
    pub title_html: String,
    /// Markdown.
    pub description: String,
    /// `description` as the site shows it: the server's rendering, sanitised HTML.
    pub description_html: String,
    /// Markdown; cards fall back to `description` when empty.
    pub short_description: String,
    /// `shortDescription` as the site shows it: the server's rendering, sanitised HTML.
    pub short_description_html: String,
    /// A Font Awesome icon name: faMobileAlt, faLaptopCode, faPalette, faSearch, faCode, faPlug,
    /// faDatabase, faCloud, faShield or faRocket.
    #[schema(example = "faLaptopCode")]
    pub icon: String,
    /// Markdown strings.
    pub features: Vec<String>,
    /// `features` as the site shows them, in the same order: sanitised HTML without paragraphs.
    pub features_html: Vec<String>,
    #[schema(required = true)]
    pub price: Option<f64>,
    pub price_display: String,
    pub show_price: bool,
    pub status: ServiceStatusDto,
    pub featured: bool,
    /// Ascending display order.
    pub order: u32,
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

impl From<Service> for ServiceDto {
    fn from(service: Service) -> Self {
        let stored = |field| Stored::field("service", service.id, service.meta.version, service.updated_at, field);
        let (title, description, short) = (stored("title"), stored("description"), stored("short_description"));
        let features = stored("features");
        Self {
            language: None,
            translations: None,
            meta: service.meta.into(),
            id: service.id.to_string(),
            title_html: markdown::render_inline_stored(title, &service.title),
            description_html: markdown::render_stored(description, &service.description, &[]),
            short_description_html: markdown::render_stored(short, &service.short_description, &[]),
            features_html: service
                .features
                .iter()
                .enumerate()
                .map(|(index, feature)| markdown::render_inline_stored(features.item(index), feature))
                .collect(),
            title: service.title,
            description: service.description,
            short_description: service.short_description,
            icon: service.icon.as_str().to_owned(),
            features: service.features,
            price: service.price,
            price_display: service.price_display,
            show_price: service.show_price,
            status: service.status.into(),
            featured: service.featured,
            order: service.order,
            created_at: service.created_at,
            updated_at: service.updated_at,
        }
    }
}

/// The fields of a service to create or change. On creation only `title` is required; on update,
/// fields left out keep their values. Strings are trimmed.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ServiceInput)]
pub struct ServiceInputDto {
    /// Required on creation; at most 200 characters.
    pub title: Option<String>,
    /// Markdown, at most 20 000 characters.
    pub description: Option<String>,
    /// Markdown, at most 500 characters.
    pub short_description: Option<String>,
    /// One of the icon names listed on `Service.icon`; `faDatabase` by default.
    pub icon: Option<String>,
    /// Blank entries are dropped; at most 20 of at most 300 characters.
    pub features: Option<Vec<String>>,
    /// 0 or more; `null` clears it.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<f64>)]
    pub price: Option<Option<f64>>,
    pub price_display: Option<String>,
    /// `true` by default.
    pub show_price: Option<bool>,
    /// `active` by default.
    #[schema(value_type = Option<ServiceStatusDto>)]
    pub status: Option<String>,
    pub featured: Option<bool>,
    /// A whole number from 0; 0 by default.
    pub order: Option<i64>,
}

impl From<ServiceInputDto> for ServiceInput {
    fn from(dto: ServiceInputDto) -> Self {
        Self {
            title: dto.title,
            description: dto.description,
            short_description: dto.short_description,
            icon: dto.icon,
            features: dto.features,
            price: dto.price,
            price_display: dto.price_display,
            show_price: dto.show_price,
            status: dto.status,
            featured: dto.featured,
            order: dto.order,
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ServiceListParams {
    /// Only services with this status. Anonymous callers always get active services.
    pub status: Option<ServiceStatusDto>,
    /// Only featured (`true`) or only other (`false`) services.
    pub featured: Option<bool>,
    /// Page size: 1 to 100 for anonymous callers, 1 to 1000 for administrators; 100 by default.
    pub limit: Option<i64>,
    /// Page number from 1.
    pub page: Option<i64>,
}

fn dtos(services: Vec<Service>) -> Vec<ServiceDto> {
    services.into_iter().map(ServiceDto::from).collect()
}

/// List services
///
/// Services ascending by display order, one page of them, as a plain array. Anonymous callers only
/// ever see active services.
/// With `lang`, each service comes in that language where it has a live translation (else in
/// the default language, or, when the site hides untranslated content, not at all), with
/// `language` and `translations`.
#[utoipa::path(
    get, path = "/services", tag = "services", operation_id = "listServices",
    params(ServiceListParams, LanguageParams),
    responses((status = 200, description = "The services", body = [ServiceDto]))
)]
pub async fn list_services<S: Store>(
    catalog: web::Data<ServiceCatalog<S, SharedClock>>,
    translations: TranslationsData<S>,
    caller: Caller,
    params: web::Query<ServiceListParams>,
    lang: web::Query<LanguageParams>,
) -> Result<web::Json<Vec<ServiceDto>>, ApiError> {
    let params = params.into_inner();
    let read = languages::read(&translations, lang.lang.as_deref()).await?;
    let query = ServiceQuery {
        status: params.status.map(ServiceStatus::from),
        featured: params.featured,
        page: params.page,
        limit: params.limit,
        ids: languages::listed(&translations, TranslationKind::Service, read.as_ref()).await?,
    };
    let services = catalog.list(caller.0, query).await?;
    let (services, marks) = languages::lay_over(&translations, services, read.as_ref(), true).await?;
    Ok(web::Json(languages::mark(dtos(services), marks)))
}

/// Featured services
///
/// The services the home page shows: active ones, featured first, then by display order, at most
/// the settings' `services.maxServicesDisplay` (6 unless set).
/// With `lang`, each service comes in that language where it has a live translation (else in
/// the default language, or, when the site hides untranslated content, not at all), with
/// `language` and `translations`.
#[utoipa::path(
    get, path = "/services/featured", tag = "services", operation_id = "listFeaturedServices",
    params(LanguageParams),
    responses((status = 200, description = "The featured services", body = [ServiceDto]))
)]
pub async fn list_featured_services<S: Store>(
    catalog: web::Data<ServiceCatalog<S, SharedClock>>,
    translations: TranslationsData<S>,
    lang: web::Query<LanguageParams>,
) -> Result<web::Json<Vec<ServiceDto>>, ApiError> {
    let read = languages::read(&translations, lang.lang.as_deref()).await?;
    // With `hide`, only the services translated there, kept before the settings' cap.
    let ids = languages::listed(&translations, TranslationKind::Service, read.as_ref()).await?;
    let featured = catalog.featured_among(ids).await?;
    let (services, marks) = languages::lay_over(&translations, featured, read.as_ref(), true).await?;
    Ok(web::Json(languages::mark(dtos(services), marks)))
}

/// Get a service
///
/// An inactive service is not found for anonymous callers.
/// With `lang`, it comes in that language where it has a live translation, with `language` and
/// `translations`.
#[utoipa::path(
    get, path = "/services/{id}", tag = "services", operation_id = "getService",
    params(("id" = String, Path, description = "The service's `_id`"), LanguageParams),
    responses((status = 200, description = "The service", body = ServiceDto))
)]
pub async fn get_service<S: Store>(
    catalog: web::Data<ServiceCatalog<S, SharedClock>>,
    translations: TranslationsData<S>,
    caller: Caller,
    id: web::Path<String>,
    lang: web::Query<LanguageParams>,
) -> Result<web::Json<ServiceDto>, ApiError> {
    let read = languages::read(&translations, lang.lang.as_deref()).await?;
    let (service, marks) =
        languages::lay_over_one(&translations, catalog.get(caller.0, &id).await?, read.as_ref()).await?;
    Ok(web::Json(languages::mark_one(service.into(), marks)))
}

/// Create a service
///
/// Only `title` is required; the other fields take their defaults (icon `faDatabase`, status
/// `active`, `showPrice` true, order 0). Strings are trimmed and blank features dropped.
#[utoipa::path(
    post, path = "/services", tag = "services", operation_id = "createService",
    request_body = ServiceInputDto,
    responses((status = 201, description = "The created service", body = ServiceDto))
)]
pub async fn create_service<S: Store>(
    catalog: web::Data<ServiceCatalog<S, SharedClock>>,
    body: JsonBody<ServiceInputDto>,
) -> Result<HttpResponse, ApiError> {
    let service = catalog.create(body.0.into()).await?;
    Ok(HttpResponse::Created().json(ServiceDto::from(service)))
}

/// Update a service
///
/// Changes the fields sent; fields left out keep their values.
#[utoipa::path(
    put, path = "/services/{id}", tag = "services", operation_id = "updateService",
    params(("id" = String, Path, description = "The service's `_id`")),
    request_body = ServiceInputDto,
    responses((status = 200, description = "The updated service", body = ServiceDto))
)]
pub async fn update_service<S: Store>(
    catalog: web::Data<ServiceCatalog<S, SharedClock>>,
    id: web::Path<String>,
    body: JsonBody<ServiceInputDto>,
) -> Result<web::Json<ServiceDto>, ApiError> {
    let updated = catalog.update(&id, body.0.into()).await;
    let current =
        || async { Ok(ServiceDto::from(catalog.get(atelier_application::access::Audience::Admin, &id).await?)) };
    Ok(web::Json(crate::versions::or_current(updated, current).await?.into()))
}

/// Delete a service
///
/// Removes the service for good.
#[utoipa::path(
    delete, path = "/services/{id}", tag = "services", operation_id = "deleteService",
    params(("id" = String, Path, description = "The service's `_id`")),
    responses(Deleted)
)]
pub async fn delete_service<S: Store>(
    catalog: web::Data<ServiceCatalog<S, SharedClock>>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    catalog.delete(&id).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// The operations of this resource, documented: nested into the API document by [`super::documents`].
#[derive(Debug, OpenApi)]
#[openapi(
    paths(list_services, list_featured_services, get_service, create_service, update_service, delete_service),
    tags((name = "services", description = "The agency's services")),
)]
pub struct Doc;

/// The rules of the bodies and parameters this resource takes, from the domain's limits
/// ([`crate::contract`]): collected by [`super::rules`].
pub fn rules() -> Rules {
    use atelier_domain::service;

    use crate::contract::{creating, filled, list, number, one_of, text, whole};

    Rules::bodies(vec![creating::<ServiceInputDto>(
        "NewService",
        &["createService"],
        vec![
            ("title", filled(service::MAX_TITLE_LEN).required()),
            ("description", text(service::MAX_DESCRIPTION_LEN)),
            ("shortDescription", text(service::MAX_SHORT_DESCRIPTION_LEN)),
            ("icon", one_of(&service::ServiceIcon::ALL.map(service::ServiceIcon::as_str))),
            ("features", list(service::MAX_FEATURES, text(service::MAX_FEATURE_LEN))),
            ("price", number(0.0, service::MAX_PRICE, None)),
            ("priceDisplay", text(service::MAX_PRICE_DISPLAY_LEN)),
            ("order", whole(0, service::MAX_ORDER)),
        ],
    )])
}

pub fn routes<P: Ports>(config: &mut crate::api::Routes, store: &P::Store, clock: &SharedClock) {
    config.app_data(web::Data::new(ServiceCatalog::new(store.clone(), clock.clone())));
    config
        .service(super::resource("/services").get(list_services::<P::Store>).post(create_service::<P::Store>))
        .service(super::resource("/services/featured").get(list_featured_services::<P::Store>))
        .service(
            super::resource("/services/{id}")
                .get(get_service::<P::Store>)
                .put(update_service::<P::Store>)
                .delete(delete_service::<P::Store>),
        );
}

crate::api::languages::in_language_dto!(ServiceDto);
