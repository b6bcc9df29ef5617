//! Site settings: one record holding the site's name, contact addresses, social links and how services
//! are shown.

use crate::meta::RecordMeta;
use std::collections::BTreeMap;

use chrono::{DateTime, Utc};

use crate::contact_details::SocialPlatform;

use crate::patch::set;
use crate::validation::{FieldErrors, optional_email, optional_text, optional_url};

pub const MAX_SITE_NAME_LEN: usize = 120;
pub const MAX_SITE_DESCRIPTION_LEN: usize = 1_000;
pub const MAX_PRICE_DISPLAY_LEN: usize = 100;

/// How many services the home page shows at most: 1 to 12, 6 unless set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MaxServicesDisplay(u8);

impl MaxServicesDisplay {
    pub const MIN: u8 = 1;
    pub const MAX: u8 = 12;
    pub const DEFAULT: Self = Self(6);

    pub fn parse(value: i64) -> Result<Self, String> {
        u8::try_from(value)
            .ok()
            .filter(|value| (Self::MIN..=Self::MAX).contains(value))
            .map(Self)
            .ok_or_else(|| format!("Max services to display must be between {} and {}", Self::MIN, Self::MAX))
    }

    pub fn get(self) -> u8 {
        self.0
    }
}

impl Default for MaxServicesDisplay {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// Links to the agency's social profiles; an empty link is not shown.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SocialMedia {
    pub facebook: String,
    pub twitter: String,
    pub linkedin: String,
    pub instagram: String,
    pub github: String,
}

impl SocialMedia {
    /// The five networks the settings name, read from the one list of social links (the contact
    /// details'); a network without a link is empty.
    pub fn from_links(links: &BTreeMap<SocialPlatform, String>) -> Self {
        let link = |platform| links.get(&platform).cloned().unwrap_or_default();
        Self {
            facebook: link(SocialPlatform::Facebook),
            twitter: link(SocialPlatform::Twitter),
            linkedin: link(SocialPlatform::Linkedin),
            instagram: link(SocialPlatform::Instagram),
            github: link(SocialPlatform::Github),
        }
    }

    /// Writes the five networks into the one list of social links: a link replaces the network's,
    /// an empty one removes it; other platforms stay.
    pub fn write_into(&self, links: &mut BTreeMap<SocialPlatform, String>) {
        for (platform, url) in [
            (SocialPlatform::Facebook, &self.facebook),
            (SocialPlatform::Twitter, &self.twitter),
            (SocialPlatform::Linkedin, &self.linkedin),
            (SocialPlatform::Instagram, &self.instagram),
            (SocialPlatform::Github, &self.github),
        ] {
            if url.is_empty() {
                links.remove(&platform);
            } else {
                links.insert(platform, url.clone());
            }
        }
    }
}

/// How services and their prices are shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServiceSettings {
    pub show_prices: bool,
    pub default_price_display: String,
    pub max_services_display: MaxServicesDisplay,
}

impl Default for ServiceSettings {
    fn default() -> Self {
        Self {
            show_prices: false,
            default_price_display: "Contact for Quote".to_owned(),
            max_services_display: MaxServicesDisplay::DEFAULT,
        }
    }
}

/// The site's settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    /// Its version and who created and last changed it.
    pub meta: RecordMeta,
    pub site_name: String,
    pub site_description: String,
    pub contact_email: String,
    pub support_email: String,
    pub social_media: SocialMedia,
    pub services: ServiceSettings,
    pub updated_at: DateTime<Utc>,
}

impl Settings {
    /// The settings of a site nobody has configured yet.
    pub fn initial(now: DateTime<Utc>) -> Self {
        Self {
            meta: RecordMeta::default(),
            site_name: "Atelier".to_owned(),
            site_description: String::new(),
            contact_email: String::new(),
            support_email: String::new(),
            social_media: SocialMedia::default(),
            services: ServiceSettings::default(),
            updated_at: now,
        }
    }

    /// Applies the fields that were sent and stamps the update time.
    pub fn apply(&mut self, changes: SettingsChanges, now: DateTime<Utc>) {
        let SettingsChanges { site_name, site_description, contact_email, support_email, social_media, services } =
            changes;
        set(&mut self.site_name, site_name);
        set(&mut self.site_description, site_description);
        set(&mut self.contact_email, contact_email);
        set(&mut self.support_email, support_email);
        let social = &mut self.social_media;
        set(&mut social.facebook, social_media.facebook);
        set(&mut social.twitter, social_media.twitter);
        set(&mut social.linkedin, social_media.linkedin);
        set(&mut social.instagram, social_media.instagram);
        set(&mut social.github, social_media.github);
        set(&mut self.services.show_prices, services.show_prices);
        set(&mut self.services.default_price_display, services.default_price_display);
        set(&mut self.services.max_services_display, services.max_services_display);
        self.updated_at = now;
    }
}

/// Settings fields as a client sent them. `None` means "not sent".
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SettingsInput {
    pub site_name: Option<String>,
    pub site_description: Option<String>,
    pub contact_email: Option<String>,
    pub support_email: Option<String>,
    pub social_media: SocialMediaInput,
    pub services: ServiceSettingsInput,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct SocialMediaInput {
    pub facebook: Option<String>,
    pub twitter: Option<String>,
    pub linkedin: Option<String>,
    pub instagram: Option<String>,
    pub github: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct ServiceSettingsInput {
    pub show_prices: Option<bool>,
    pub default_price_display: Option<String>,
    pub max_services_display: Option<i64>,
}

/// Validated settings changes.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SettingsChanges {
    site_name: Option<String>,
    site_description: Option<String>,
    contact_email: Option<String>,
    support_email: Option<String>,
    social_media: SocialMediaChanges,
    services: ServiceSettingsChanges,
}

#[derive(Debug, Clone, Default, PartialEq)]
struct SocialMediaChanges {
    facebook: Option<String>,
    twitter: Option<String>,
    linkedin: Option<String>,
    instagram: Option<String>,
    github: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq)]
struct ServiceSettingsChanges {
    show_prices: Option<bool>,
    default_price_display: Option<String>,
    max_services_display: Option<MaxServicesDisplay>,
}

impl SettingsChanges {
    pub fn parse(input: SettingsInput) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let site_name = input
            .site_name
            .and_then(|text| errors.check("siteName", optional_text(Some(&text), "Site name", MAX_SITE_NAME_LEN)));
        let site_description = input.site_description.and_then(|text| {
            errors.check("siteDescription", optional_text(Some(&text), "Site description", MAX_SITE_DESCRIPTION_LEN))
        });
        let contact_email = input
            .contact_email
            .and_then(|text| errors.check("contactEmail", optional_email(Some(&text), "Contact email")));
        let support_email = input
            .support_email
            .and_then(|text| errors.check("supportEmail", optional_email(Some(&text), "Support email")));
        let social = input.social_media;
        let mut url = |field: &str, label: &str, value: Option<String>| {
            value.and_then(|text| errors.check(field, optional_url(Some(&text), label)))
        };
        let social_media = SocialMediaChanges {
            facebook: url("socialMedia.facebook", "Facebook link", social.facebook),
            twitter: url("socialMedia.twitter", "Twitter link", social.twitter),
            linkedin: url("socialMedia.linkedin", "LinkedIn link", social.linkedin),
            instagram: url("socialMedia.instagram", "Instagram link", social.instagram),
            github: url("socialMedia.github", "GitHub link", social.github),
        };
        let services = ServiceSettingsChanges::parse(input.services, "services.", &mut errors);
        errors.finish(|| Self { site_name, site_description, contact_email, support_email, social_media, services })
    }

    /// Changes to the service settings alone (`PUT /settings/services`), whose field names have no
    /// `services.` prefix.
    pub fn parse_services(input: ServiceSettingsInput) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let services = ServiceSettingsChanges::parse(input, "", &mut errors);
        errors.finish(|| Self { services, ..Self::default() })
    }
}

impl ServiceSettingsChanges {
    fn parse(input: ServiceSettingsInput, prefix: &str, errors: &mut FieldErrors) -> Self {
        Self {
            show_prices: input.show_prices,
            default_price_display: input.default_price_display.and_then(|text| {
                errors.check(
                    &format!("{prefix}defaultPriceDisplay"),
                    optional_text(Some(&text), "Default price display", MAX_PRICE_DISPLAY_LEN),
                )
            }),
            max_services_display: input.max_services_display.and_then(|value| {
                errors.check(&format!("{prefix}maxServicesDisplay"), MaxServicesDisplay::parse(value))
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn max_services_display_accepts_one_to_twelve() {
        assert!(MaxServicesDisplay::parse(1).is_ok());
        assert!(MaxServicesDisplay::parse(12).is_ok());
        for bad in [0, 13, -1, i64::MAX] {
            assert_eq!(
                MaxServicesDisplay::parse(bad),
                Err("Max services to display must be between 1 and 12".to_owned()),
                "{bad}"
            );
        }
        assert_eq!(MaxServicesDisplay::default().get(), 6);
    }

    #[test]
    fn invalid_settings_name_each_failing_field() {
        let input = SettingsInput {
            contact_email: Some("not-an-email".into()),
            social_media: SocialMediaInput { github: Some("javascript:alert(1)".into()), ..Default::default() },
            services: ServiceSettingsInput { max_services_display: Some(13), ..Default::default() },
            ..SettingsInput::default()
        };
        let errors = SettingsChanges::parse(input).unwrap_err();
        assert!(errors.get("contactEmail").is_some());
        assert!(errors.get("socialMedia.github").is_some());
        assert!(errors.get("services.maxServicesDisplay").is_some());
    }

    #[test]
    fn service_settings_alone_report_unprefixed_fields() {
        let input = ServiceSettingsInput { max_services_display: Some(0), ..Default::default() };
        let errors = SettingsChanges::parse_services(input).unwrap_err();
        assert!(errors.get("maxServicesDisplay").is_some());
    }

    #[test]
    fn applying_changes_keeps_fields_not_sent() {
        let now = Utc::now();
        let mut settings = Settings::initial(now);
        settings.site_description = "Keep".into();
        let input = SettingsInput {
            site_name: Some("  Studio  ".into()),
            contact_email: Some("Hello@Studio.DEV".into()),
            services: ServiceSettingsInput { max_services_display: Some(3), ..Default::default() },
            ..SettingsInput::default()
        };
        settings.apply(SettingsChanges::parse(input).unwrap(), now);
        assert_eq!(settings.site_name, "Studio");
        assert_eq!(settings.contact_email, "hello@studio.dev");
        assert_eq!(settings.site_description, "Keep");
        assert_eq!(settings.services.max_services_display.get(), 3);
        assert_eq!(settings.services.default_price_display, "Contact for Quote");
    }
}
