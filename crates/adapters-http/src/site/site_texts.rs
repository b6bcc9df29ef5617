//! The site's own texts on a language's page (docs/languages.md, "The site's own texts"): the
//! site's name and description, the contact details' address and the home page's texts, each laid
//! over with its live translation in the page's language (a text left untranslated is the default
//! language's), read with one query; and the answers the page embeds for them, under the keys the
//! page's script asks with (`["/settings", {"lang": "de"}]`) and marked as the API marks a read
//! with `?lang=` (`language`, `translations`), so the hydrated page draws what the server wrote.
//!
//! The default language's pages read nothing more and embed what they always did.

use std::sync::Arc;

use atelier_application::blog::languages::ReadLanguage;
use atelier_application::ports::Clock as _;
use atelier_application::site::Publisher;
use atelier_application::store::Store;
use atelier_application::translations::public::laid_over;
use atelier_domain::home_page::HomePage;
use atelier_domain::language::{LanguageTag, SiteLanguage};
use atelier_domain::translation::{Translatable, Translation, TranslationKind};
use chrono::{DateTime, Utc};
use serde_json::{Value, json};

use crate::api::contact_details::ContactDetailsDto;
use crate::api::home_page::HomePageDto;
use crate::api::languages::{InLanguageDto, Marks};
use crate::api::settings::SettingsDto;

/// On a language's page: the language, and what each of the site's answers says of its language.
#[derive(Debug, Clone)]
pub(crate) struct SiteMarks {
    lang: LanguageTag,
    settings: Marks,
    contact: Option<Marks>,
    home: Marks,
}

/// What every page is filled from, in the page's language.
pub(super) struct SiteTexts {
    pub(super) publisher: Arc<Publisher>,
    pub(super) home: Arc<HomePage>,
    /// `None` on the default language's pages.
    pub(super) marks: Option<SiteMarks>,
}

fn in_language<R: Translatable>(
    record: R,
    stored: &[Translation],
    read: &ReadLanguage,
    now: DateTime<Utc>,
) -> anyhow::Result<(R, Marks)> {
    let key = record.translation_key();
    let own: Vec<Translation> = stored.iter().filter(|row| row.record_id == key).cloned().collect();
    let item = laid_over(record, &own, read, now, false)
        .ok_or_else(|| anyhow::anyhow!("a site record read on a page is never left out"))?;
    let marks = Marks::of(&item);
    Ok((item.record, marks))
}

/// The publisher and the home page as a page in `read`'s language shows them (as they are on the
/// default language's pages, `read` being `None`, reading nothing).
///
/// # Errors
/// Only infrastructure faults.
async fn in_page_language<S: Store>(
    store: &S,
    now: DateTime<Utc>,
    publisher: Arc<Publisher>,
    home: Arc<HomePage>,
    read: Option<&ReadLanguage>,
) -> anyhow::Result<SiteTexts> {
    let Some(read) = read.filter(|read| !read.is_default()) else {
        return Ok(SiteTexts { publisher, home, marks: None });
    };
    let keys: Vec<String> = ["settings", "home", "contact"].map(str::to_owned).to_vec();
    let stored = atelier_application::translations::ports::TranslationRepository::translations_of(
        store,
        TranslationKind::Site,
        &keys,
    )
    .await?;
    let (settings, settings_marks) = in_language(publisher.settings.clone(), &stored, read, now)?;
    let (contact, contact_marks) = match publisher.contact.clone() {
        Some(contact) => {
            let (contact, marks) = in_language(contact, &stored, read, now)?;
            (Some(contact), Some(marks))
        }
        None => (None, None),
    };
    let (home, home_marks) = in_language((*home).clone(), &stored, read, now)?;
    Ok(SiteTexts {
        publisher: Arc::new(Publisher { settings, contact }),
        home: Arc::new(home),
        marks: Some(SiteMarks {
            lang: read.lang.clone(),
            settings: settings_marks,
            contact: contact_marks,
            home: home_marks,
        }),
    })
}

impl<S: Store> super::SitePages<S> {
    /// What every page in `language` (`None`: the default's) is filled from, and the language it
    /// is read in (`None` for the default's, whose records are read as they always were).
    ///
    /// # Errors
    /// Only infrastructure faults.
    pub(super) async fn site_texts(
        &self,
        language: Option<&SiteLanguage>,
    ) -> anyhow::Result<(SiteTexts, Option<ReadLanguage>)> {
        let (publisher, home) = self.shared().await?;
        let read = language.map(|language| ReadLanguage {
            languages: publisher.settings.languages.clone(),
            lang: language.tag.clone(),
        });
        let texts = in_page_language(&self.store, self.clock.now(), publisher, home, read.as_ref()).await?;
        Ok((texts, read))
    }
}

/// The query key of the site's read `path` on a page with `marks` (`["/settings", {"lang": "de"}]`
/// on a language's page, `["/settings"]` on the default's), through `kinds::key`.
fn key(path: &str, marks: Option<&SiteMarks>) -> Value {
    crate::site::content::kinds::key(json!([path]), marks)
}

impl crate::site::content::kinds::PageLanguage for SiteMarks {
    fn page_lang(&self) -> &LanguageTag {
        &self.lang
    }
}

fn marked<D: InLanguageDto + serde::Serialize>(dto: D, marks: Option<Marks>) -> anyhow::Result<Value> {
    Ok(serde_json::to_value(crate::api::languages::mark_one(dto, marks))?)
}

/// The settings' answer (`GET /settings`, with the page's `lang`) under its key.
///
/// # Errors
/// Only when the answer cannot be serialised.
pub(crate) fn settings_answer(publisher: &Publisher, marks: Option<&SiteMarks>) -> anyhow::Result<(Value, Value)> {
    let dto = SettingsDto::from(publisher.settings.clone());
    Ok((key("/settings", marks), marked(dto, marks.map(|marks| marks.settings.clone()))?))
}

/// The answers every page's footer reads, under their keys: the settings, the contact details
/// (`null` until saved, as the API's 404) and the home page.
///
/// # Errors
/// Only when an answer cannot be serialised.
pub(crate) fn answers(
    publisher: &Publisher,
    home: &HomePage,
    marks: Option<&SiteMarks>,
) -> anyhow::Result<Vec<(Value, Value)>> {
    let contact = match publisher.contact.clone() {
        Some(contact) => {
            let dto = ContactDetailsDto::from(contact);
            marked(dto, marks.and_then(|marks| marks.contact.clone()))?
        }
        None => Value::Null,
    };
    let home = marked(HomePageDto::from(home.clone()), marks.map(|marks| marks.home.clone()))?;
    Ok(vec![
        settings_answer(publisher, marks)?,
        (key("/contact-details", marks), contact),
        (key("/home-page", marks), home),
    ])
}
