//! Site settings: read by everyone, changed by administrators.

#[cfg(test)]
mod fake;
pub mod ports;

use atelier_domain::FieldErrors;
use atelier_domain::settings::{ServiceSettingsInput, Settings, SettingsChanges, SettingsInput, SocialMedia};

use self::ports::SettingsRepository;
use crate::contact_details::ports::ContactDetailsRepository;
use crate::ports::Clock;

/// Changing the settings failed.
#[derive(Debug, thiserror::Error)]
pub enum SettingsUpdateError {
    #[error("Validation failed")]
    Invalid(FieldErrors),
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// The settings use cases.
#[derive(Debug, Clone)]
pub struct SiteSettings<S, C> {
    store: S,
    clock: C,
}

impl<S: SettingsRepository + ContactDetailsRepository, C: Clock> SiteSettings<S, C> {
    pub fn new(store: S, clock: C) -> Self {
        Self { store, clock }
    }

    /// The stored settings, or the initial ones when nothing was saved yet. The social links are the
    /// one list's (the contact details'), once contact details are saved: `socialMedia` reads and
    /// writes the five networks it names there.
    pub async fn get(&self) -> anyhow::Result<Settings> {
        let mut settings = self.store.load_settings().await?.unwrap_or_else(|| Settings::initial(self.clock.now()));
        if let Some(contact) = self.store.load_contact_details().await? {
            settings.social_media = SocialMedia::from_links(&contact.social_media);
        }
        Ok(settings)
    }

    /// Changes the fields sent (`PUT /settings`); the others keep their values. The languages are
    /// sent whole (the default first) and may not make another listed language the default.
    pub async fn update(&self, input: SettingsInput) -> Result<Settings, SettingsUpdateError> {
        self.save(SettingsChanges::parse(input).map_err(SettingsUpdateError::Invalid)?).await
    }

    /// Changes the service settings alone (`PUT /settings/services`).
    pub async fn update_services(&self, input: ServiceSettingsInput) -> Result<Settings, SettingsUpdateError> {
        self.save(SettingsChanges::parse_services(input).map_err(SettingsUpdateError::Invalid)?).await
    }

    async fn save(&self, changes: SettingsChanges) -> Result<Settings, SettingsUpdateError> {
        let mut settings = self.get().await?;
        let social_before = settings.social_media.clone();
        let now = self.clock.now();
        settings.apply(changes, now).map_err(SettingsUpdateError::Invalid)?;
        if settings.social_media != social_before
            && let Some(mut contact) = self.store.load_contact_details().await?
        {
            settings.social_media.write_into(&mut contact.social_media);
            contact.updated_at = now;
            self.store.save_contact_details(&mut contact).await?;
        }
        self.store.save_settings(&mut settings).await?;
        Ok(settings)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fake::{FakeClock, InMemoryStore};

    #[tokio::test]
    async fn settings_start_from_the_initial_values() {
        let settings = SiteSettings::new(InMemoryStore::default(), FakeClock::default()).get().await.unwrap();
        assert_eq!(settings.services.max_services_display.get(), 6);
        assert_eq!(settings.services.default_price_display, "Contact for Quote");
    }

    #[tokio::test]
    async fn an_invalid_update_stores_nothing() {
        let site = SiteSettings::new(InMemoryStore::default(), FakeClock::default());
        let input = SettingsInput {
            site_name: Some("Studio".into()),
            contact_email: Some("nope".into()),
            ..Default::default()
        };
        assert!(matches!(site.update(input).await, Err(SettingsUpdateError::Invalid(_))));
        assert_eq!(site.get().await.unwrap().site_name, "Atelier");
    }

    #[tokio::test]
    async fn social_links_are_the_contact_details_one_list() {
        use atelier_domain::contact_details::{ContactDetailsInput, SocialPlatform};
        use atelier_domain::settings::SocialMediaInput;

        use crate::contact_details::ContactInfo;

        let store = InMemoryStore::default();
        let site = SiteSettings::new(store.clone(), FakeClock::default());
        let info = ContactInfo::new(store.clone(), FakeClock::default());
        let links = [("github", "https://github.com/a"), ("youtube", "https://youtube.com/@a")];
        info.save(ContactDetailsInput {
            email: Some("x@y.io".into()),
            phone: Some("+1 555".into()),
            address: Some("Here".into()),
            social_media: Some(links.iter().map(|(key, url)| ((*key).to_owned(), Some((*url).to_owned()))).collect()),
            ..ContactDetailsInput::default()
        })
        .await
        .unwrap();
        assert_eq!(site.get().await.unwrap().social_media.github, "https://github.com/a");
        let input = SettingsInput {
            social_media: SocialMediaInput {
                facebook: Some("https://facebook.com/a".into()),
                github: Some(String::new()),
                ..SocialMediaInput::default()
            },
            ..SettingsInput::default()
        };
        site.update(input).await.unwrap();
        let social = info.get().await.unwrap().social_media;
        assert_eq!(social.get(&SocialPlatform::Facebook).map(String::as_str), Some("https://facebook.com/a"));
        assert!(!social.contains_key(&SocialPlatform::Github));
        assert!(social.contains_key(&SocialPlatform::Youtube), "other platforms stay");
        assert_eq!(site.get().await.unwrap().social_media.facebook, "https://facebook.com/a");
    }

    #[tokio::test]
    async fn service_settings_can_be_saved_alone() {
        let site = SiteSettings::new(InMemoryStore::default(), FakeClock::default());
        site.update(SettingsInput { site_name: Some("Studio".into()), ..Default::default() }).await.unwrap();
        let input =
            ServiceSettingsInput { show_prices: Some(true), max_services_display: Some(12), ..Default::default() };
        let saved = site.update_services(input).await.unwrap();
        assert!(saved.services.show_prices);
        assert_eq!(saved.services.max_services_display.get(), 12);
        assert_eq!(site.get().await.unwrap().site_name, "Studio");
    }

    #[tokio::test]
    async fn languages_are_saved_whole_and_the_default_is_never_replaced() {
        use atelier_domain::language::SiteLanguageInput;

        let languages = |list: &[&str]| SettingsInput {
            languages: Some(
                list.iter()
                    .map(|tag| SiteLanguageInput {
                        tag: Some((*tag).into()),
                        name: Some((*tag).into()),
                        direction: None,
                    })
                    .collect(),
            ),
            ..SettingsInput::default()
        };
        let site = SiteSettings::new(InMemoryStore::default(), FakeClock::default());
        let saved = site.update(languages(&["en", "de", "ar"])).await.unwrap();
        let Err(SettingsUpdateError::Invalid(errors)) = site.update(languages(&["de", "en"])).await else {
            panic!("another language cannot become the default");
        };
        assert!(errors.get("languages[0].tag").is_some());
        let stored = site.get().await.unwrap();
        let tags: Vec<&str> = stored.languages.all().iter().map(|language| language.tag.as_str()).collect();
        assert_eq!(tags, ["en", "de", "ar"], "nothing was stored");
        assert_eq!(stored.meta.version, saved.meta.version);
        let renamed = site.update(languages(&["en-GB", "de"])).await.unwrap();
        assert_eq!(renamed.languages.default_language().tag.as_str(), "en-GB");
        assert_eq!(site.get().await.unwrap().languages.all().len(), 2);
    }
}
