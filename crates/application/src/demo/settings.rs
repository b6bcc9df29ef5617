//! Demo site settings.

use atelier_domain::settings::{ServiceSettingsInput, Settings, SettingsChanges, SettingsInput, SocialMediaInput};
use chrono::{DateTime, Utc};

use crate::settings::ports::SettingsRepository;

pub(super) async fn seed(store: &impl SettingsRepository, now: DateTime<Utc>) -> anyhow::Result<()> {
    let mut settings = Settings::initial(now);
    settings
        .apply(SettingsChanges::parse(demo_settings()).expect("the demo settings are valid"), now)
        .expect("the demo languages keep the default");
    store.save_settings(&mut settings).await
}

fn demo_settings() -> SettingsInput {
    SettingsInput {
        site_name: Some("Atelier".into()),
        site_description: Some(
            "Innovative software solutions that turn ideas into digital experiences, for businesses of all sizes."
                .into(),
        ),
        contact_email: Some("hello@atelier.example".into()),
        support_email: Some("support@atelier.example".into()),
        social_media: SocialMediaInput {
            facebook: Some("https://facebook.com/atelier.studio".into()),
            twitter: Some("https://twitter.com/atelier_studio".into()),
            linkedin: Some("https://www.linkedin.com/company/atelier-studio".into()),
            instagram: Some(String::new()),
            github: Some("https://github.com/atelier-studio".into()),
        },
        services: ServiceSettingsInput {
            show_prices: Some(false),
            default_price_display: Some("Contact for Quote".into()),
            max_services_display: Some(6),
        },
        languages: None,
        untranslated_content: None,
    }
}
