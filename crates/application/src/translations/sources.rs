//! The records translations are kept against, kind by kind: reading a record as its [`Source`]
//! (its default-language texts, default slug and their hash), and finding which record of a kind
//! has a slug as its default slug (a translated slug must differ from every other record's).

use atelier_domain::content::PageType;
use atelier_domain::slug::Slug;
use atelier_domain::translation::{Translatable, TranslationKind};
use atelier_domain::{EntityId, category, faq, portfolio, service, tag, team, testimonial};

use super::{Source, TranslationError};
use crate::blog::ports::PostRepository;
use crate::categories::ports::CategoryRepository;
use crate::contact_details::ports::ContactDetailsRepository;
use crate::content::ports::ContentRepository;
use crate::faqs::ports::FaqRepository;
use crate::home_page::ports::HomePageRepository;
use crate::portfolio::ports::ProjectRepository;
use crate::records::{Record, RecordRepository};
use crate::services::ports::ServiceRepository;
use crate::settings::ports::SettingsRepository;
use crate::tags::ports::TagRepository;
use crate::team::ports::TeamRepository;
use crate::testimonials::ports::TestimonialRepository;

/// Every store of the records that can be translated.
pub trait TranslatedRecords:
    PostRepository
    + ProjectRepository
    + ServiceRepository
    + FaqRepository
    + TestimonialRepository
    + TeamRepository
    + CategoryRepository
    + TagRepository
    + ContentRepository
    + SettingsRepository
    + HomePageRepository
    + ContactDetailsRepository
{
}

impl<T> TranslatedRecords for T where
    T: PostRepository
        + ProjectRepository
        + ServiceRepository
        + FaqRepository
        + TestimonialRepository
        + TeamRepository
        + CategoryRepository
        + TagRepository
        + ContentRepository
        + SettingsRepository
        + HomePageRepository
        + ContactDetailsRepository
{
}

/// The record of `kind` whose key is `key` ([`TranslationKind::record_key`]) as its translations
/// see it; `None` when there is no such record.
///
/// # Errors
/// [`TranslationError::NotTranslatable`] for a site record that is not one; infrastructure
/// faults.
pub async fn read<S: TranslatedRecords>(
    store: &S,
    kind: TranslationKind,
    key: &str,
) -> Result<Option<Source>, TranslationError> {
    Ok(match kind {
        TranslationKind::Post => by_id::<atelier_domain::post::Post, _>(store, key).await?,
        TranslationKind::Project => by_id::<portfolio::Project, _>(store, key).await?,
        TranslationKind::Service => by_id::<service::Service, _>(store, key).await?,
        TranslationKind::Faq => by_id::<faq::Faq, _>(store, key).await?,
        TranslationKind::Testimonial => by_id::<testimonial::Testimonial, _>(store, key).await?,
        TranslationKind::TeamMember => by_id::<team::TeamMember, _>(store, key).await?,
        TranslationKind::Category => by_id::<category::Category, _>(store, key).await?,
        TranslationKind::Tag => by_id::<tag::Tag, _>(store, key).await?,
        TranslationKind::Page => {
            let Ok(page_type) = PageType::parse(key) else { return Ok(None) };
            store.find_content_page(&page_type).await?.as_ref().map(Source::of)
        }
        // The site's name and description: the settings as stored, or as a new site has them.
        TranslationKind::Site if key == "settings" => {
            let settings = store.load_settings().await?;
            let settings =
                settings.unwrap_or_else(|| atelier_domain::settings::Settings::initial(chrono::DateTime::UNIX_EPOCH));
            Some(Source::of(&settings))
        }
        // The home page's texts: as stored, or as a new site has them.
        TranslationKind::Site if key == "home" => {
            let home = store.load_home_page().await?.unwrap_or_else(|| {
                let epoch = chrono::DateTime::UNIX_EPOCH;
                crate::home_page::initial_home_page(EntityId::generate(epoch), epoch)
            });
            Some(Source::of(&home))
        }
        // The contact details' address, once they are saved (the site shows its fallback before).
        TranslationKind::Site if key == "contact" => store.load_contact_details().await?.as_ref().map(Source::of),
        TranslationKind::Site => return Err(TranslationError::NotTranslatable(kind)),
    })
}

async fn by_id<R, S>(store: &S, key: &str) -> anyhow::Result<Option<Source>>
where
    R: Record + Translatable,
    S: RecordRepository<R>,
{
    let Ok(id) = EntityId::parse(key) else { return Ok(None) };
    Ok(store.find(id).await?.as_ref().map(Source::of))
}

/// The key of the record of `kind` whose default slug is `slug`, if any (kinds with a slug only).
///
/// # Errors
/// Only infrastructure faults.
pub async fn default_slug_holder<S: TranslatedRecords>(
    store: &S,
    kind: TranslationKind,
    slug: &Slug,
) -> anyhow::Result<Option<String>> {
    Ok(match kind {
        TranslationKind::Post => store.find_post_by_slug(slug).await?.map(|post| post.id.to_string()),
        TranslationKind::Project => store.find_project_by_slug(slug).await?.map(|project| project.id.to_string()),
        TranslationKind::Category => store
            .find_categories_by_slugs(std::slice::from_ref(slug))
            .await?
            .into_iter()
            .next()
            .map(|category| category.id.to_string()),
        TranslationKind::Tag => store.find_tag_by_slug(slug).await?.map(|tag| tag.id.to_string()),
        _ => None,
    })
}
