//! The public site's pages in the site's languages (docs/languages.md, The public site): the post
//! a language's page shows (found by its address there, its live translation laid over it), the
//! languages it can be read in, and a language's feed.

use atelier_domain::language::{LanguageTag, Languages};
use atelier_domain::post::Post;

use super::{FEED_POSTS, PublicSite};
use crate::blog::languages::{PostInLanguage, ReadLanguage};
use crate::blog::ports::PostRepository;
use crate::blog::{BlogCatalog, PostQuery, PostView};
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
use crate::translations::ports::{SiteLanguages, TranslationRepository};

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
        + SiteLanguages
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
        let blog = BlogCatalog::new(self.store.clone(), self.clock.clone());
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

    /// The newest [`FEED_POSTS`] posts as `read`'s language lists them: each with its live
    /// translation there, else in the default language or (when the site hides untranslated
    /// content) left out.
    ///
    /// # Errors
    /// Only infrastructure faults.
    pub async fn feed_in(&self, read: &ReadLanguage) -> anyhow::Result<Vec<PostView>> {
        let query = PostQuery { limit: Some(FEED_POSTS), ..PostQuery::default() };
        let blog = BlogCatalog::new(self.store.clone(), self.clock.clone());
        Ok(blog.list_public_in_language(query, read).await?.items.into_iter().map(|item| item.view).collect())
    }
}
