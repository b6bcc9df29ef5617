use atelier_adapters_db::SeaOrmStore;
use atelier_application::settings::ports::SettingsRepository;
use atelier_application::translations::ports::SiteLanguages;
use atelier_domain::language::{Direction, SiteLanguageInput, Untranslated};
use atelier_domain::settings::{ServiceSettingsInput, Settings, SettingsChanges, SettingsInput, SocialMediaInput};
use chrono::{DurationRound, TimeDelta, Utc};

use crate::helpers::on_every_database;

fn now() -> chrono::DateTime<Utc> {
    Utc::now().duration_trunc(TimeDelta::microseconds(1)).unwrap()
}

#[tokio::test]
async fn settings_are_absent_until_saved_then_read_back_identical() {
    on_every_database(|store: SeaOrmStore, db| async move {
        assert_eq!(store.load_settings().await.unwrap(), None, "{db}");
        let mut settings = Settings::initial(now());
        let input = SettingsInput {
            site_name: Some("Studio".into()),
            contact_email: Some("hi@studio.dev".into()),
            social_media: SocialMediaInput { github: Some("https://github.com/studio".into()), ..Default::default() },
            services: ServiceSettingsInput {
                max_services_display: Some(9),
                show_prices: Some(true),
                ..Default::default()
            },
            ..SettingsInput::default()
        };
        settings.apply(SettingsChanges::parse(input).unwrap(), now()).unwrap();
        store.save_settings(&mut settings).await.unwrap();
        assert_eq!(store.load_settings().await.unwrap(), Some(settings), "{db}");
    })
    .await;
}

#[tokio::test]
async fn saving_again_replaces_the_one_settings_record() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let mut settings = Settings::initial(now());
        store.save_settings(&mut settings).await.unwrap();
        settings.site_name = "Renamed".into();
        store.save_settings(&mut settings).await.unwrap();
        assert_eq!(store.load_settings().await.unwrap().map(|s| s.site_name), Some("Renamed".into()), "{db}");
    })
    .await;
}

#[tokio::test]
async fn the_site_languages_are_stored_in_order_with_their_names_and_directions() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let mut settings = Settings::initial(now());
        store.save_settings(&mut settings).await.unwrap();
        let english = store.load_settings().await.unwrap().unwrap().languages;
        assert_eq!(store.site_languages().await.unwrap(), english, "{db}");
        assert_eq!(english.all().len(), 1, "{db}");
        assert_eq!(english.default_language().tag.as_str(), "en", "{db}");

        let language = |tag: &str, name: &str, direction: Option<&str>| SiteLanguageInput {
            tag: Some(tag.into()),
            name: Some(name.into()),
            direction: direction.map(str::to_owned),
        };
        let input = SettingsInput {
            languages: Some(vec![
                language("en-GB", "English", None),
                language("ar", "العربية", Some("rtl")),
                language("de", "Deutsch \"DE\"", Some("ltr")),
            ]),
            untranslated_content: Some("hide".into()),
            ..SettingsInput::default()
        };
        settings.apply(SettingsChanges::parse(input).unwrap(), now()).unwrap();
        store.save_settings(&mut settings).await.unwrap();
        let loaded = store.load_settings().await.unwrap().unwrap();
        assert_eq!(loaded, settings, "{db}");
        let tags: Vec<&str> = loaded.languages.all().iter().map(|language| language.tag.as_str()).collect();
        assert_eq!(tags, ["en-GB", "ar", "de"], "{db}");
        assert_eq!(loaded.languages.find("ar").unwrap().direction, Direction::Rtl, "{db}");
        assert_eq!(loaded.languages.find("de").unwrap().name, "Deutsch \"DE\"", "{db}");
        assert_eq!(loaded.languages.untranslated, Untranslated::Hide, "{db}");
        // The public reads' languages are the settings' own.
        assert_eq!(store.site_languages().await.unwrap(), loaded.languages, "{db}");
    })
    .await;
}
