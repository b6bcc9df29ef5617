//! Site settings: one record holding the site's name, contact addresses, social links, how services
//! are shown and the site's languages (docs/languages.md).

use crate::meta::RecordMeta;
use std::collections::BTreeMap;

use chrono::{DateTime, Utc};

use crate::contact_details::SocialPlatform;
use crate::language::{Languages, SiteLanguageInput, Untranslated};

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
    /// The site's languages, the default first, and what an untranslated record does.
    pub languages: Languages,
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
            languages: Languages::default(),
            updated_at: now,
        }
    }

    /// Applies the fields that were sent and stamps the update time.
    ///
    /// # Errors
    /// When the languages sent would make another of the site's languages the default
    /// (`languages[0].tag`): the default language is the records' own texts at their own addresses,
    /// so it is edited in place, never replaced (docs/languages.md). Nothing changes then.
    pub fn apply(&mut self, changes: SettingsChanges, now: DateTime<Utc>) -> Result<(), FieldErrors> {
        let SettingsChanges {
            site_name,
            site_description,
            contact_email,
            support_email,
            social_media,
            services,
            languages,
            untranslated,
        } = changes;
        if let Some(languages) = &languages {
            keeps_the_default(&self.languages, languages)?;
        }
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
        let untranslated = untranslated.unwrap_or(self.languages.untranslated);
        set(&mut self.languages, languages);
        self.languages.untranslated = untranslated;
        self.updated_at = now;
        Ok(())
    }
}

/// The default language stays the default: the first language sent may rename the stored default
/// (`en` to `en-GB`) but may not be one of the site's other languages, which would make that
/// language the default and move every address.
fn keeps_the_default(stored: &Languages, sent: &Languages) -> Result<(), FieldErrors> {
    let (before, after) = (&stored.default_language().tag, &sent.default_language().tag);
    if after != before && stored.others().iter().any(|language| language.tag == *after) {
        let mut errors = FieldErrors::new();
        errors.add(
            "languages[0].tag",
            format!(
                "The default language stays first; {after} is one of the site's other languages, and making it \
                 the default would move every address. Edit {before} in place (its tag, name and direction), \
                 and list {after} after it"
            ),
        );
        return Err(errors);
    }
    Ok(())
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
    /// The whole list of languages, the default first; `None` keeps the stored list.
    pub languages: Option<Vec<SiteLanguageInput>>,
    /// `fallback` or `hide`; `None` keeps the stored choice.
    pub untranslated_content: Option<String>,
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
    languages: Option<Languages>,
    untranslated: Option<Untranslated>,
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
        let languages = input.languages.and_then(|languages| match Languages::parse(&languages, None) {
            Ok(languages) => Some(languages),
            Err(failed) => {
                for (field, message) in failed.iter() {
                    errors.add(field, message);
                }
                None
            }
        });
        let untranslated =
            input.untranslated_content.and_then(|text| errors.check("untranslatedContent", Untranslated::parse(&text)));
        errors.finish(|| Self {
            site_name,
            site_description,
            contact_email,
            support_email,
            social_media,
            services,
            languages,
            untranslated,
        })
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
        settings.apply(SettingsChanges::parse(input).unwrap(), now).unwrap();
        assert_eq!(settings.site_name, "Studio");
        assert_eq!(settings.contact_email, "hello@studio.dev");
        assert_eq!(settings.site_description, "Keep");
        assert_eq!(settings.services.max_services_display.get(), 3);
        assert_eq!(settings.services.default_price_display, "Contact for Quote");
    }

    fn language(tag: &str, name: &str) -> SiteLanguageInput {
        SiteLanguageInput { tag: Some(tag.into()), name: Some(name.into()), direction: None }
    }

    fn with_languages(list: &[(&str, &str)], untranslated: Option<&str>) -> SettingsChanges {
        SettingsChanges::parse(SettingsInput {
            languages: Some(list.iter().map(|(tag, name)| language(tag, name)).collect()),
            untranslated_content: untranslated.map(str::to_owned),
            ..SettingsInput::default()
        })
        .unwrap()
    }

    fn tags(settings: &Settings) -> Vec<&str> {
        settings.languages.all().iter().map(|language| language.tag.as_str()).collect()
    }

    #[test]
    fn a_site_starts_in_english_and_keeps_its_languages_when_none_are_sent() {
        let now = Utc::now();
        let mut settings = Settings::initial(now);
        assert_eq!(tags(&settings), ["en"]);
        settings.apply(with_languages(&[("en", "English"), ("DE", "Deutsch")], Some("hide")), now).unwrap();
        assert_eq!(tags(&settings), ["en", "de"]);
        let renamed = SettingsInput { site_name: Some("Studio".into()), ..SettingsInput::default() };
        settings.apply(SettingsChanges::parse(renamed).unwrap(), now).unwrap();
        assert_eq!(tags(&settings), ["en", "de"], "languages left out keep theirs");
        assert_eq!(settings.languages.untranslated, Untranslated::Hide);
        settings.apply(with_languages(&[("en", "English")], None), now).unwrap();
        assert_eq!(settings.languages.untranslated, Untranslated::Hide, "the choice left out keeps its value");
        let choice = SettingsInput { untranslated_content: Some("fallback".into()), ..SettingsInput::default() };
        settings.apply(SettingsChanges::parse(choice).unwrap(), now).unwrap();
        assert_eq!((tags(&settings), settings.languages.untranslated), (vec!["en"], Untranslated::Fallback));
    }

    #[test]
    fn language_errors_join_the_settings_errors_by_their_field_names() {
        let input = SettingsInput {
            contact_email: Some("nope".into()),
            languages: Some(vec![language("en", "English"), language("en", "Again"), language("english", " ")]),
            untranslated_content: Some("never".into()),
            ..SettingsInput::default()
        };
        let errors = SettingsChanges::parse(input).unwrap_err();
        for field in
            ["contactEmail", "languages[1].tag", "languages[2].tag", "languages[2].name", "untranslatedContent"]
        {
            assert!(errors.get(field).is_some(), "{field}: {errors:?}");
        }
        let none = SettingsInput { languages: Some(Vec::new()), ..SettingsInput::default() };
        assert!(SettingsChanges::parse(none).unwrap_err().get("languages").is_some());
    }

    #[test]
    fn the_default_language_is_edited_in_place_never_replaced_by_another() {
        let now = Utc::now();
        let mut settings = Settings::initial(now);
        settings.apply(with_languages(&[("en", "English"), ("de", "Deutsch")], None), now).unwrap();
        let before = settings.clone();
        let errors = settings.apply(with_languages(&[("de", "Deutsch"), ("en", "English")], None), now).unwrap_err();
        let message = errors.get("languages[0].tag").unwrap();
        assert!(message.starts_with("The default language stays first"), "{message}");
        assert_eq!(settings, before, "nothing changes");
        // Renaming the default's tag, name and direction is an edit of the default.
        settings.apply(with_languages(&[("en-GB", "English (UK)"), ("de", "Deutsch")], None), now).unwrap();
        assert_eq!(tags(&settings), ["en-GB", "de"]);
        assert_eq!(settings.languages.default_language().name, "English (UK)");
        // Removing a language and listing it again later are ordinary edits.
        settings.apply(with_languages(&[("en-GB", "English (UK)")], None), now).unwrap();
        settings
            .apply(with_languages(&[("en-GB", "English (UK)"), ("fr", "Français"), ("de", "Deutsch")], None), now)
            .unwrap();
        assert_eq!(tags(&settings), ["en-GB", "fr", "de"]);
    }
}
