//! The settings record in the `settings` table (one row).

use anyhow::Context;
use atelier_application::audit::Change;
use atelier_application::settings::ports::SettingsRepository;
use atelier_domain::language::{Languages, SiteLanguageInput};
use atelier_domain::settings::{MaxServicesDisplay, ServiceSettings, Settings, SocialMedia};
use sea_orm::ActiveValue::Set;
use sea_orm::EntityTrait;
use serde::{Deserialize, Serialize};

use crate::entities::settings::{ActiveModel, Entity, Model, SETTINGS_ROW};
use crate::query::Unique;
use crate::store::{SeaOrmStore, stored};
use crate::{audit, records};

impl SettingsRepository for SeaOrmStore {
    async fn load_settings(&self) -> anyhow::Result<Option<Settings>> {
        let row = Entity::find_by_id(SETTINGS_ROW).unique(&self.db).await.context("failed to read the settings")?;
        row.map(into_domain).transpose()
    }

    async fn save_settings(&self, settings: &mut Settings) -> anyhow::Result<()> {
        let row = to_active(settings);
        // The stored settings as they were, to name what changes.
        let changed_fields = if audit::wanted() {
            let before =
                Entity::find_by_id(SETTINGS_ROW).unique(&self.db).await.context("failed to read the settings")?;
            before.map(|before| audit::changed_fields(&ActiveModel::from(before), &row))
        } else {
            None
        };
        let change = Change { changed_fields, ..Change::default() };
        records::save_single::<Entity>(&self.db, "settings", row, &mut settings.meta, change).await
    }
}

fn to_active(settings: &Settings) -> ActiveModel {
    let social = &settings.social_media;
    ActiveModel {
        id: Set(SETTINGS_ROW),
        site_name: Set(settings.site_name.clone()),
        site_description: Set(settings.site_description.clone()),
        contact_email: Set(settings.contact_email.clone()),
        support_email: Set(settings.support_email.clone()),
        facebook_url: Set(social.facebook.clone()),
        twitter_url: Set(social.twitter.clone()),
        linkedin_url: Set(social.linkedin.clone()),
        instagram_url: Set(social.instagram.clone()),
        github_url: Set(social.github.clone()),
        show_prices: Set(settings.services.show_prices),
        default_price_display: Set(settings.services.default_price_display.clone()),
        max_services_display: Set(i32::from(settings.services.max_services_display.get())),
        languages: Set(languages_json(&settings.languages)),
        untranslated_content: Set(settings.languages.untranslated.as_str().to_owned()),
        updated_at: Set(settings.updated_at),
        ..Default::default()
    }
}

fn into_domain(row: Model) -> anyhow::Result<Settings> {
    Ok(Settings {
        meta: records::row_meta(&row)?,
        site_name: row.site_name,
        site_description: row.site_description,
        contact_email: row.contact_email,
        support_email: row.support_email,
        social_media: SocialMedia {
            facebook: row.facebook_url,
            twitter: row.twitter_url,
            linkedin: row.linkedin_url,
            instagram: row.instagram_url,
            github: row.github_url,
        },
        services: ServiceSettings {
            show_prices: row.show_prices,
            default_price_display: row.default_price_display,
            max_services_display: stored(
                "settings.max_services_display",
                MaxServicesDisplay::parse(i64::from(row.max_services_display)),
            )?,
        },
        languages: stored_languages(&row.languages, &row.untranslated_content)?,
        updated_at: row.updated_at,
    })
}

/// One language as the `languages` column holds it.
#[derive(Serialize, Deserialize)]
struct StoredLanguage {
    tag: String,
    name: String,
    direction: String,
}

fn languages_json(languages: &Languages) -> String {
    let list: Vec<StoredLanguage> = languages
        .all()
        .iter()
        .map(|language| StoredLanguage {
            tag: language.tag.as_str().to_owned(),
            name: language.name.clone(),
            direction: language.direction.as_str().to_owned(),
        })
        .collect();
    serde_json::to_string(&list).expect("a list of texts is JSON")
}

/// The stored languages, read through the domain's rule like any input: a row that breaks it is
/// a fault of the database, not of a caller.
fn stored_languages(json: &str, untranslated: &str) -> anyhow::Result<Languages> {
    let list: Vec<StoredLanguage> =
        serde_json::from_str(json).context("settings.languages is not a list of languages")?;
    let inputs: Vec<SiteLanguageInput> = list
        .into_iter()
        .map(|language| SiteLanguageInput {
            tag: Some(language.tag),
            name: Some(language.name),
            direction: Some(language.direction),
        })
        .collect();
    stored("settings.languages", Languages::parse(&inputs, Some(untranslated)))
}
