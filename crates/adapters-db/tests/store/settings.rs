use atelier_adapters_db::SeaOrmStore;
use atelier_application::settings::ports::SettingsRepository;
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
        settings.apply(SettingsChanges::parse(input).unwrap(), now());
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
