//! `/contact-details`: the agency's contact information, one record.

use std::collections::BTreeMap;

use actix_web::web;
use atelier_application::contact_details::{ContactDetailsSaveError, ContactInfo};
use atelier_application::ports::SharedClock;
use atelier_application::store::Store;
use atelier_domain::contact_details::{ContactDetails, ContactDetailsInput};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::api::languages::{self, TranslationsData};
use crate::api::translations::LanguageParams;
use crate::contract::Rules;
use crate::error::ApiError;
use crate::extract::JsonBody;
use crate::ports::Ports;
use crate::responses::NotFound;

/// The agency's contact details.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ContactDetails)]
pub struct ContactDetailsDto {
    /// The record's version and who created and last changed it.
    #[serde(flatten)]
    pub meta: crate::versions::MetaDto,
    pub email: String,
    pub phone: String,
    pub address: String,
    /// A Google Maps embed URL, or empty.
    pub google_maps_url: String,
    /// Platform → absolute URL. Platforms: facebook, twitter, linkedin, instagram, github, youtube,
    /// twitch, discord, slack, reddit, stackoverflow, medium, behance, dribbble, pinterest, threads,
    /// tiktok, snapchat, telegram, whatsapp, mastodon.
    pub social_media: BTreeMap<String, String>,
    pub updated_at: DateTime<Utc>,
    /// Public reads with `lang`: the language the texts are in (the one asked for, or the default
    /// when the record has no live translation there).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = "de")]
    pub language: Option<String>,
    /// Public reads with `lang` other than the default: the languages the record can be read in,
    /// the default first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub translations: Option<Vec<crate::api::languages::RecordLanguageDto>>,
}

impl From<ContactDetails> for ContactDetailsDto {
    fn from(details: ContactDetails) -> Self {
        Self {
            meta: details.meta.into(),
            email: details.email,
            phone: details.phone,
            address: details.address,
            google_maps_url: details.google_maps_url,
            social_media: details
                .social_media
                .into_iter()
                .map(|(platform, url)| (platform.as_str().to_owned(), url))
                .collect(),
            updated_at: details.updated_at,
            language: None,
            translations: None,
        }
    }
}

/// The whole record to save. Strings are trimmed, the email lowercased.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ContactDetailsInput)]
pub struct ContactDetailsInputDto {
    /// Required; a valid email address.
    pub email: Option<String>,
    /// Required; at most 50 characters.
    pub phone: Option<String>,
    /// Required; at most 500 characters.
    pub address: Option<String>,
    /// An absolute http(s) URL, or empty.
    pub google_maps_url: Option<String>,
    /// Platform → absolute http(s) URL; keys must be one of the 21 platforms listed on
    /// `ContactDetails.socialMedia`; empty or null links are dropped.
    #[schema(value_type = Option<BTreeMap<String, String>>)]
    pub social_media: Option<BTreeMap<String, Option<String>>>,
}

impl From<ContactDetailsInputDto> for ContactDetailsInput {
    fn from(dto: ContactDetailsInputDto) -> Self {
        Self {
            email: dto.email,
            phone: dto.phone,
            address: dto.address,
            google_maps_url: dto.google_maps_url,
            social_media: dto.social_media,
        }
    }
}

impl From<ContactDetailsSaveError> for ApiError {
    fn from(error: ContactDetailsSaveError) -> Self {
        match error {
            ContactDetailsSaveError::Invalid(errors) => Self::invalid(&errors),
            ContactDetailsSaveError::Unexpected(error) => Self::Unexpected(error),
        }
    }
}

/// Get the contact details
///
/// Not found until they are first saved; the site then shows its fallback details. With `lang`,
/// the address comes in that language where it has a live translation there
/// (`/translations/site/contact`), with `language` and `translations`.
#[utoipa::path(
    get, path = "/contact-details", tag = "contact-details", operation_id = "getContactDetails",
    params(LanguageParams),
    responses(
        (status = 200, description = "The contact details", body = ContactDetailsDto),
        NotFound,
    )
)]
pub async fn get_contact_details<S: Store>(
    info: web::Data<ContactInfo<S, SharedClock>>,
    translations: TranslationsData<S>,
    lang: web::Query<LanguageParams>,
) -> Result<web::Json<ContactDetailsDto>, ApiError> {
    let read = languages::read(&translations, lang.lang.as_deref()).await?;
    let (details, marks) = languages::lay_over_one(&translations, info.get().await?, read.as_ref()).await?;
    Ok(web::Json(languages::mark_one(details.into(), marks)))
}

/// Save the contact details
///
/// Replaces the whole record.
#[utoipa::path(
    post, path = "/contact-details", tag = "contact-details", operation_id = "createContactDetails",
    request_body = ContactDetailsInputDto,
    responses((status = 200, description = "The saved contact details", body = ContactDetailsDto))
)]
pub async fn create_contact_details<S: Store>(
    info: web::Data<ContactInfo<S, SharedClock>>,
    body: JsonBody<ContactDetailsInputDto>,
) -> Result<web::Json<ContactDetailsDto>, ApiError> {
    let updated = info.save(body.0.into()).await;
    let current = || async { Ok(ContactDetailsDto::from(info.get().await?)) };
    Ok(web::Json(crate::versions::or_current(updated, current).await?.into()))
}

/// Update the contact details
///
/// Replaces the whole record, as `POST /contact-details` does.
#[utoipa::path(
    put, path = "/contact-details", tag = "contact-details", operation_id = "updateContactDetails",
    request_body = ContactDetailsInputDto,
    responses((status = 200, description = "The saved contact details", body = ContactDetailsDto))
)]
pub async fn update_contact_details<S: Store>(
    info: web::Data<ContactInfo<S, SharedClock>>,
    body: JsonBody<ContactDetailsInputDto>,
) -> Result<web::Json<ContactDetailsDto>, ApiError> {
    let updated = info.save(body.0.into()).await;
    let current = || async { Ok(ContactDetailsDto::from(info.get().await?)) };
    Ok(web::Json(crate::versions::or_current(updated, current).await?.into()))
}

/// The operations of this resource, documented: nested into the API document by [`super::documents`].
#[derive(Debug, OpenApi)]
#[openapi(
    paths(get_contact_details, create_contact_details, update_contact_details),
    tags((name = "contact-details", description = "The agency's contact details")),
)]
pub struct Doc;

/// The rules of the bodies and parameters this resource takes, from the domain's limits
/// ([`crate::contract`]): collected by [`super::rules`].
pub fn rules() -> Rules {
    use atelier_domain::contact_details;

    use crate::contract::{body, email, filled, social_links, url};

    Rules::bodies(vec![body::<ContactDetailsInputDto>(vec![
        ("email", email().required()),
        ("phone", filled(contact_details::MAX_PHONE_LEN).required()),
        ("address", filled(contact_details::MAX_ADDRESS_LEN).required()),
        ("googleMapsUrl", url()),
        ("socialMedia", social_links()),
    ])])
}

pub fn routes<P: Ports>(config: &mut crate::api::Routes, store: &P::Store, clock: &SharedClock) {
    config.app_data(web::Data::new(ContactInfo::new(store.clone(), clock.clone())));
    config.service(
        super::resource("/contact-details")
            .get(get_contact_details::<P::Store>)
            .post(create_contact_details::<P::Store>)
            .put(update_contact_details::<P::Store>),
    );
}

crate::api::languages::in_language_dto!(ContactDetailsDto);
