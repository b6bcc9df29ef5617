//! The public site's pages in the site's languages (docs/languages.md, The public site): the post
//! a language's page shows (found by its address there, its live translation laid over it), the
//! languages it can be read in, a project found and read the same way, and a language's feed.

use atelier_domain::id::looks_like_id;
use atelier_domain::language::{LanguageTag, Languages};
use atelier_domain::portfolio::Project;
use atelier_domain::post::Post;
use atelier_domain::translation::{self, TranslationKind};

use super::{FEED_POSTS, PublicSite};
use crate::blog::languages::{PostInLanguage, ReadLanguage};
use crate::blog::ports::PostRepository;
use crate::blog::{PostQuery, PostView};
use crate::categories::ports::CategoryRepository;
use crate::contact_details::ports::ContactDetailsRepository;
use crate::faqs::ports::FaqRepository;
use crate::portfolio::ports::ProjectRepository;
use crate::ports::Clock;
use crate::records::LookupError;
use crate::redirects::ports::RedirectRepository;
use crate::revisions::ports::RevisionRepository;
use crate::services::ports::ServiceRepository;
use crate::settings::ports::SettingsRepository;
use crate::tags::ports::TagRepository;
use crate::technologies::ports::TechnologyRepository;
use crate::translations::Translations;
use crate::translations::ports::{SiteLanguages, TranslationRepository};
use crate::translations::public::InLanguage;
use crate::translations::sources::TranslatedRecords;

impl<S, C: Clock> PublicSite<S, C>
where
    S: SettingsRepository
        + ContactDetailsRepository
        + PostRepository
        + CategoryRepository
        + TagRepository
        + ProjectRepository
        + TechnologyRepository
        + FaqRepository
        + ServiceRepository
        + RevisionRepository<Post>
        + RevisionRepository<atelier_domain::portfolio::Project>
        + RedirectRepository
        + TranslationRepository
        + crate::translations::ports::TranslationRevisionRepository
        + SiteLanguages
        + TranslatedRecords
        + Clone,
{
    /// The live post whose address in `lang` (one of `languages`) is `slug`: in another language
    /// than the default, its translated slug there or its default slug, with its live translation
    /// there laid over it (a draft translation is never shown); in the default language, its
    /// default slug. `translations` lists where it can be read (the default first) whenever the
    /// site has more than one language; `None` for a draft, unknown or malformed slug.
    ///
    /// # Errors
    /// Only infrastructure faults.
    pub async fn post_in(
        &self,
        slug: &str,
        languages: &Languages,
        lang: &LanguageTag,
    ) -> anyhow::Result<Option<PostInLanguage>> {
        let blog = &self.blog;
        let read = ReadLanguage { languages: languages.clone(), lang: lang.clone() };
        let mut found = match blog.get_by_slug_in_language(slug, &read).await {
            Ok(found) => found,
            Err(LookupError::NotFound(_)) => return Ok(None),
            Err(LookupError::Unexpected(error)) => return Err(error),
        };
        if found.translations.is_none() && !languages.others().is_empty() {
            found.translations = Some(blog.alternates(&found.view, languages).await?);
        }
        Ok(Some(found))
    }

    /// The live project whose address in `lang` (one of `languages`) is `slug_or_id`, read as
    /// `GET /portfolio/slug/{slug}?lang=` (or `/portfolio/{id}`) reads it: in another language
    /// than the default, found by its live translated slug there, else its default slug, with its
    /// live translation there laid over it. `translations` lists where it can be read (the default
    /// first, then each language with a live translation, its slug there or `None` for the
    /// default slug) whenever the site has more than one language, in the default language too;
    /// `None` for a draft, unknown or malformed address.
    ///
    /// # Errors
    /// Only infrastructure faults.
    pub async fn project_in(
        &self,
        slug_or_id: &str,
        languages: &Languages,
        lang: &LanguageTag,
    ) -> anyhow::Result<Option<InLanguage<Project>>> {
        let read = ReadLanguage { languages: languages.clone(), lang: lang.clone() };
        let translations = Translations::new(self.store.clone(), self.clock.clone());
        let translated = if looks_like_id(slug_or_id) {
            None
        } else {
            translations.record_by_translated_slug(TranslationKind::Project, &read, slug_or_id).await?
        };
        let project = match translated {
            Some(id) => self.project(&id).await?,
            None => self.project(slug_or_id).await?,
        };
        let Some(project) = project else { return Ok(None) };
        let mut found = translations.one_in_language(project, &read).await?;
        if found.translations.is_none() && !languages.others().is_empty() {
            let key = found.record.id.to_string();
            let stored = self.store.translations_of(TranslationKind::Project, &[key]).await?;
            let now = self.clock.now();
            found.translations = Some(
                translation::alternates(languages, Some(&found.record.slug), &stored, now)
                    .into_iter()
                    .map(|(tag, slug)| (tag.clone(), slug.cloned()))
                    .collect(),
            );
        }
        Ok(Some(found))
    }

    /// The newest [`FEED_POSTS`] posts as `read`'s language lists them: each with its live
    /// translation there, else in the default language or (when the site hides untranslated
    /// content) left out.
    ///
    /// # Errors
    /// Only infrastructure faults.
    pub async fn feed_in(&self, read: &ReadLanguage) -> anyhow::Result<Vec<PostView>> {
        let query = PostQuery { limit: Some(FEED_POSTS), ..PostQuery::default() };
        Ok(self.blog.list_public_in_language(query, read).await?.items.into_iter().map(|item| item.view).collect())
    }
}
