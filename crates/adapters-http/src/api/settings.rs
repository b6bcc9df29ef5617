//! `/settings`: the site's settings, the site's languages among them (docs/languages.md).

use actix_web::web;
use atelier_application::ports::SharedClock;
use atelier_application::settings::{SettingsUpdateError, SiteSettings};
use atelier_application::store::Store;
use atelier_domain::language::{Direction, Languages, SiteLanguageInput, Untranslated};
use atelier_domain::settings::{ServiceSettingsInput, Settings, SettingsInput, SocialMediaInput};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::api::languages::{self, TranslationsData};
use crate::api::translations::LanguageParams;
use crate::contract::Rules;
use crate::error::ApiError;
use crate::extract::JsonBody;
use crate::ports::Ports;

/// Links to the agency's social profiles; empty when not set.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = SocialMedia)]
pub struct SocialMediaDto {
    pub facebook: String,
    pub twitter: String,
    pub linkedin: String,
    pub instagram: String,
    pub github: String,
}

/// How services and their prices are shown.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ServiceSettings)]
pub struct ServiceSettingsDto {
    pub show_prices: bool,
    /// Shown instead of a price, e.g. "Contact for Quote".
    pub default_price_display: String,
    /// How many services the home page shows: 1 to 12.
    pub max_services_display: u8,
}

/// Which way a language's text runs: the pages' `dir`.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = TextDirection)]
pub enum DirectionDto {
    Ltr,
    Rtl,
}

impl From<Direction> for DirectionDto {
    fn from(direction: Direction) -> Self {
        match direction {
            Direction::Ltr => Self::Ltr,
            Direction::Rtl => Self::Rtl,
        }
    }
}

/// What the public site does with a record that has no translation in the language read:
/// `fallback` shows it in the default language, `hide` leaves it out of that language's lists.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = UntranslatedContent)]
pub enum UntranslatedDto {
    Fallback,
    Hide,
}

impl From<Untranslated> for UntranslatedDto {
    fn from(untranslated: Untranslated) -> Self {
        match untranslated {
            Untranslated::Fallback => Self::Fallback,
            Untranslated::Hide => Self::Hide,
        }
    }
}

/// One of the site's languages.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = SiteLanguage)]
pub struct SiteLanguageDto {
    /// A BCP 47 language tag in its canonical case (`en`, `de`, `fr-CA`): the first segment of the
    /// language's addresses (`/de/…`) and its `lang`.
    pub tag: String,
    /// The language's name in itself (`Deutsch`), as the language switcher shows it.
    pub name: String,
    pub direction: DirectionDto,
}

fn languages_dto(languages: &Languages) -> Vec<SiteLanguageDto> {
    languages
        .all()
        .iter()
        .map(|language| SiteLanguageDto {
            tag: language.tag.as_str().to_owned(),
            name: language.name.clone(),
            direction: language.direction.into(),
        })
        .collect()
}

/// The site's settings.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Settings)]
pub struct SettingsDto {
    /// The record's version and who created and last changed it.
    #[serde(flatten)]
    pub meta: crate::versions::MetaDto,
    pub site_name: String,
    pub site_description: String,
    pub contact_email: String,
    pub support_email: String,
    pub social_media: SocialMediaDto,
    pub services: ServiceSettingsDto,
    /// The site's languages: the default first (the records' own texts, at the site's unprefixed
    /// addresses), then the others, each read under `/{tag}/…`.
    pub languages: Vec<SiteLanguageDto>,
    pub untranslated_content: UntranslatedDto,
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

impl From<Settings> for SettingsDto {
    fn from(settings: Settings) -> Self {
        let social = settings.social_media;
        Self {
            language: None,
            translations: None,
            meta: settings.meta.into(),
            site_name: settings.site_name,
            site_description: settings.site_description,
            contact_email: settings.contact_email,
            support_email: settings.support_email,
            social_media: SocialMediaDto {
                facebook: social.facebook,
                twitter: social.twitter,
                linkedin: social.linkedin,
                instagram: social.instagram,
                github: social.github,
            },
            services: ServiceSettingsDto {
                show_prices: settings.services.show_prices,
                default_price_display: settings.services.default_price_display,
                max_services_display: settings.services.max_services_display.get(),
            },
            languages: languages_dto(&settings.languages),
            untranslated_content: settings.languages.untranslated.into(),
            updated_at: settings.updated_at,
        }
    }
}

/// Social links to change: each an absolute http(s) URL, or empty to hide it.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(as = SocialMediaInput)]
pub struct SocialMediaInputDto {
    pub facebook: Option<String>,
    pub twitter: Option<String>,
    pub linkedin: Option<String>,
    pub instagram: Option<String>,
    pub github: Option<String>,
}

/// Service settings to change.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ServiceSettingsInput)]
pub struct ServiceSettingsInputDto {
    pub show_prices: Option<bool>,
    /// At most 100 characters.
    pub default_price_display: Option<String>,
    /// 1 to 12.
    pub max_services_display: Option<i64>,
}

/// One of the site's languages as sent.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(as = SiteLanguageInput)]
pub struct SiteLanguageInputDto {
    /// A BCP 47 language tag (`en`, `de`, `fr-CA`), read in any case and stored in its canonical
    /// case; its language subtag has two or three letters, and `api`, `faq`, `und`, `zxx` and `mul`
    /// are refused. At most 35 characters; each tag once.
    pub tag: Option<String>,
    /// The language's name in itself (`Deutsch`); not blank, at most 60 characters.
    pub name: Option<String>,
    /// `ltr` unless sent.
    #[schema(value_type = Option<DirectionDto>)]
    pub direction: Option<String>,
}

impl From<SiteLanguageInputDto> for SiteLanguageInput {
    fn from(dto: SiteLanguageInputDto) -> Self {
        Self { tag: dto.tag, name: dto.name, direction: dto.direction }
    }
}

/// Settings to change; fields left out keep their values. Emails are lowercased.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SettingsInput)]
pub struct SettingsInputDto {
    /// At most 120 characters.
    pub site_name: Option<String>,
    /// At most 1000 characters.
    pub site_description: Option<String>,
    /// An email address, or empty.
    pub contact_email: Option<String>,
    /// An email address, or empty.
    pub support_email: Option<String>,
    #[serde(default, deserialize_with = "crate::extract::object")]
    pub social_media: Option<SocialMediaInputDto>,
    #[serde(default, deserialize_with = "crate::extract::object")]
    pub services: Option<ServiceSettingsInputDto>,
    /// Every language of the site, the default first: 1 to 20, sent whole (a language left out is
    /// removed; its translations are kept and come back when it is listed again). The first entry
    /// is the default language: its tag, name and direction may be edited (`en` to `en-GB`), but
    /// it may not be another of the stored languages, which would make that language the default
    /// and move every address (422 on `languages[0].tag`).
    #[serde(default, deserialize_with = "crate::extract::objects")]
    pub languages: Option<Vec<SiteLanguageInputDto>>,
    #[schema(value_type = Option<UntranslatedDto>)]
    pub untranslated_content: Option<String>,
}

impl From<ServiceSettingsInputDto> for ServiceSettingsInput {
    fn from(dto: ServiceSettingsInputDto) -> Self {
        Self {
            show_prices: dto.show_prices,
            default_price_display: dto.default_price_display,
            max_services_display: dto.max_services_display,
        }
    }
}

impl From<SettingsInputDto> for SettingsInput {
    fn from(dto: SettingsInputDto) -> Self {
        let social = dto.social_media.unwrap_or_default();
        Self {
            site_name: dto.site_name,
            site_description: dto.site_description,
            contact_email: dto.contact_email,
            support_email: dto.support_email,
            social_media: SocialMediaInput {
                facebook: social.facebook,
                twitter: social.twitter,
                linkedin: social.linkedin,
                instagram: social.instagram,
                github: social.github,
            },
            services: dto.services.unwrap_or_default().into(),
            languages: dto.languages.map(|languages| languages.into_iter().map(Into::into).collect()),
            untranslated_content: dto.untranslated_content,
        }
    }
}

impl From<SettingsUpdateError> for ApiError {
    fn from(error: SettingsUpdateError) -> Self {
        match error {
            SettingsUpdateError::Invalid(errors) => Self::invalid(&errors),
            SettingsUpdateError::Unexpected(error) => Self::Unexpected(error),
        }
    }
}

/// Get the settings
///
/// The site's name, contact addresses, social links, service display settings and languages; the
/// initial settings (English only) until an administrator saves any. Public: the site reads its
/// languages here. With `lang`, the site's name and description come in that language where they
/// have a live translation (`/translations/site/settings`), with `language` and `translations`.
#[utoipa::path(
    get, path = "/settings", tag = "settings", operation_id = "getSettings",
    params(LanguageParams),
    responses((status = 200, description = "The settings", body = SettingsDto))
)]
pub async fn get_settings<S: Store>(
    settings: web::Data<SiteSettings<S, SharedClock>>,
    translations: TranslationsData<S>,
    lang: web::Query<LanguageParams>,
) -> Result<web::Json<SettingsDto>, ApiError> {
    let read = languages::read(&translations, lang.lang.as_deref()).await?;
    let (settings, marks) = languages::lay_over_one(&translations, settings.get().await?, read.as_ref()).await?;
    Ok(web::Json(languages::mark_one(settings.into(), marks)))
}

/// Update the settings
///
/// Takes the whole settings object; fields left out keep their values.
#[utoipa::path(
    put, path = "/settings", tag = "settings", operation_id = "updateSettings",
    request_body = SettingsInputDto,
    responses((status = 200, description = "The saved settings", body = SettingsDto))
)]
pub async fn update_settings<S: Store>(
    settings: web::Data<SiteSettings<S, SharedClock>>,
    body: JsonBody<SettingsInputDto>,
) -> Result<web::Json<SettingsDto>, ApiError> {
    let updated = settings.update(body.0.into()).await;
    let current = || async { Ok(SettingsDto::from(settings.get().await?)) };
    Ok(web::Json(crate::versions::or_current(updated, current).await?.into()))
}

/// Update the service settings
///
/// Saves `showPrices`, `defaultPriceDisplay` and `maxServicesDisplay` alone.
#[utoipa::path(
    put, path = "/settings/services", tag = "settings", operation_id = "updateServiceSettings",
    request_body = ServiceSettingsInputDto,
    responses((status = 200, description = "The saved settings", body = SettingsDto))
)]
pub async fn update_service_settings<S: Store>(
    settings: web::Data<SiteSettings<S, SharedClock>>,
    body: JsonBody<ServiceSettingsInputDto>,
) -> Result<web::Json<SettingsDto>, ApiError> {
    let updated = settings.update_services(body.0.into()).await;
    let current = || async { Ok(SettingsDto::from(settings.get().await?)) };
    Ok(web::Json(crate::versions::or_current(updated, current).await?.into()))
}

/// The operations of this resource, documented: nested into the API document by [`super::documents`].
#[derive(Debug, OpenApi)]
#[openapi(
    paths(get_settings, update_settings, update_service_settings),
    tags((name = "settings", description = "Site settings")),
)]
pub struct Doc;

/// The rules of the bodies and parameters this resource takes, from the domain's limits
/// ([`crate::contract`]): collected by [`super::rules`].
pub fn rules() -> Rules {
    use atelier_domain::settings;

    use atelier_domain::language;

    use crate::contract::{body, filled, given, language_tag, one_of, optional_email, some_list, text, url, whole};

    Rules::bodies(vec![
        body::<SettingsInputDto>(vec![
            ("siteName", text(settings::MAX_SITE_NAME_LEN)),
            ("siteDescription", text(settings::MAX_SITE_DESCRIPTION_LEN)),
            ("contactEmail", optional_email()),
            ("supportEmail", optional_email()),
            ("languages", some_list(language::MAX_LANGUAGES, given())),
            ("untranslatedContent", one_of(&[Untranslated::Fallback.as_str(), Untranslated::Hide.as_str()])),
        ]),
        body::<SiteLanguageInputDto>(vec![
            ("tag", language_tag().required()),
            ("name", filled(language::MAX_NAME_LEN).required()),
            ("direction", one_of(&[Direction::Ltr.as_str(), Direction::Rtl.as_str()])),
        ]),
        body::<SocialMediaInputDto>(vec![
            ("facebook", url()),
            ("twitter", url()),
            ("linkedin", url()),
            ("instagram", url()),
            ("github", url()),
        ]),
        body::<ServiceSettingsInputDto>(vec![
            ("defaultPriceDisplay", text(settings::MAX_PRICE_DISPLAY_LEN)),
            (
                "maxServicesDisplay",
                whole(i64::from(settings::MaxServicesDisplay::MIN), i64::from(settings::MaxServicesDisplay::MAX)),
            ),
        ]),
    ])
}

pub fn routes<P: Ports>(config: &mut crate::api::Routes, store: &P::Store, clock: &SharedClock) {
    config.app_data(web::Data::new(SiteSettings::new(store.clone(), clock.clone())));
    config
        .service(super::resource("/settings").get(get_settings::<P::Store>).put(update_settings::<P::Store>))
        .service(super::resource("/settings/services").put(update_service_settings::<P::Store>));
}

crate::api::languages::in_language_dto!(SettingsDto);
