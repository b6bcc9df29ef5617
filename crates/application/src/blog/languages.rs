//! The public blog in the site's languages (docs/languages.md): a read names a language with
//! `?lang=`, and each post comes with its live translation laid over it, the language its text is
//! in, and the languages it can be read in. A read without `lang` (or in the default language)
//! costs what it always did: no translation is read.

use atelier_domain::language::{LanguageTag, Languages};
use atelier_domain::post::Post;
use atelier_domain::slug::Slug;
use atelier_domain::translation::{self, Shown, Translatable, Translation, TranslationKind};
use atelier_domain::{EntityId, Page};

use super::ports::{PostFilter, PostRepository, TranslationFilter, TranslationState};
use super::{BlogCatalog, PUBLIC_DEFAULT_LIMIT, PostQuery, PostView};
use crate::access::Audience;
use crate::categories::ports::CategoryRepository;
use crate::ports::Clock;
use crate::records::{self, LookupError};
use crate::redirects::ports::RedirectRepository;
use crate::revisions::ports::RevisionRepository;
use crate::tags::ports::TagRepository;
use crate::translations::ports::{SiteLanguages, TranslationRepository};

pub use crate::translations::public::ReadLanguage;

/// A post as read in a language.
#[derive(Debug, Clone, PartialEq)]
pub struct PostInLanguage {
    pub view: PostView,
    /// The language its texts are in: the one asked for, or the default when it has no live
    /// translation there.
    pub language: LanguageTag,
    /// The languages it can be read in, with its address in each, the default first; `None` for a
    /// read in the default language (which reads no translation).
    pub translations: Option<Vec<(LanguageTag, Slug)>>,
}

impl<S, C> BlogCatalog<S, C>
where
    S: PostRepository
        + CategoryRepository
        + TagRepository
        + RevisionRepository<Post>
        + RedirectRepository
        + TranslationRepository
        + crate::translations::ports::TranslationRevisionRepository
        + SiteLanguages,
    C: Clock,
{
    /// The language a public read's `lang` names: `None` when absent (the default language, read
    /// as ever); an error message for a tag that is not one of the site's languages.
    ///
    /// # Errors
    /// `Ok(Err(message))` for an unknown language; `Err` for infrastructure faults.
    pub async fn read_language(&self, lang: Option<&str>) -> anyhow::Result<Result<Option<ReadLanguage>, String>> {
        crate::translations::public::read_language(&self.store, lang).await
    }

    /// [`Self::read_language`] with the site's languages kept in `languages` for the current
    /// `generation` (no settings query while it holds).
    ///
    /// # Errors
    /// `Ok(Err(message))` for an unknown language; `Err` for infrastructure faults.
    pub async fn read_language_kept(
        &self,
        lang: Option<&str>,
        generation: &crate::freshness::ContentGeneration,
        languages: &crate::translations::KeptLanguages,
    ) -> anyhow::Result<Result<Option<ReadLanguage>, String>> {
        let kept = crate::translations::public::Kept { generation, languages, now: self.clock.now() };
        crate::translations::public::read_language_kept(&self.store, lang, Some(kept)).await
    }

    /// The back office list's filter by translation status: `missing_in` (the posts without a
    /// translation in that language) or `outdated_in` (those whose translation there was saved
    /// against other default-language texts than the post's now); `None` when neither is sent.
    /// The language is one of the site's languages other than the default, in any case.
    ///
    /// # Errors
    /// `Ok(Err(message))` for a language that is not one of the site's others, or both filters at
    /// once; `Err` for infrastructure faults.
    pub async fn translation_filter(
        &self,
        missing_in: Option<&str>,
        outdated_in: Option<&str>,
    ) -> anyhow::Result<Result<Option<TranslationFilter>, String>> {
        let (name, state, lang) = match (missing_in, outdated_in) {
            (None, None) => return Ok(Ok(None)),
            (Some(_), Some(_)) => return Ok(Err("Send missingIn or outdatedIn, not both".to_owned())),
            (Some(lang), None) => ("missingIn", TranslationState::Missing, lang),
            (None, Some(lang)) => ("outdatedIn", TranslationState::Outdated, lang),
        };
        let languages = self.store.site_languages().await?;
        match languages.find(lang) {
            Some(language) if !languages.is_default(&language.tag) => {
                Ok(Ok(Some(TranslationFilter { state, lang: language.tag.clone() })))
            }
            _ => {
                let others: Vec<&str> = languages.others().iter().map(|language| language.tag.as_str()).collect();
                Ok(Err(if others.is_empty() {
                    format!("{name}: the site has no languages besides its default")
                } else {
                    format!("{name} must be one of the site's languages other than the default: {}", others.join(", "))
                }))
            }
        }
    }

    /// One page of live posts in `read`'s language: with `untranslatedContent: hide`, only the
    /// posts with a live translation there.
    ///
    /// # Errors
    /// Only infrastructure faults.
    pub async fn list_public_in_language(
        &self,
        query: PostQuery,
        read: &ReadLanguage,
    ) -> anyhow::Result<Page<PostInLanguage>> {
        let hiding = !read.is_default() && read.languages.untranslated == atelier_domain::language::Untranslated::Hide;
        let mut page = if hiding {
            let now = self.clock.now();
            let ids: Vec<EntityId> = self
                .store
                .live_in(TranslationKind::Post, &read.lang, now)
                .await?
                .iter()
                .filter_map(|id| EntityId::parse(id).ok())
                .collect();
            let page = Audience::Public.page(query.page, query.limit, PUBLIC_DEFAULT_LIMIT);
            let categories = match query.category.as_deref() {
                Some(tokens) => self.categories_named(tokens).await?,
                None => None,
            };
            let filter = PostFilter {
                status: Some(atelier_domain::post::PostStatus::Published),
                featured: None,
                categories,
                search: crate::search::search_term(query.search.as_deref()),
                live_at: Some(now),
                ids: Some(ids),
                translation: None,
            };
            let mut posts = self.store.list_posts(&filter, page).await?;
            let items = self.views(std::mem::take(&mut posts.items)).await?;
            posts.map(items)
        } else {
            self.list_public(query).await?
        };
        let views = std::mem::take(&mut page.items);
        Ok(page.map(self.in_language(views, read, true).await?))
    }

    /// The featured posts in `read`'s language.
    ///
    /// # Errors
    /// Only infrastructure faults.
    pub async fn featured_in_language(
        &self,
        limit: Option<i64>,
        read: &ReadLanguage,
    ) -> anyhow::Result<Vec<PostInLanguage>> {
        let views = self.featured(limit).await?;
        self.in_language(views, read, true).await
    }

    /// The live post whose address in `read`'s language is `slug`: its translated slug there, or
    /// its default slug.
    ///
    /// # Errors
    /// [`LookupError::NotFound`] when no live post has that address.
    pub async fn get_by_slug_in_language(
        &self,
        slug: &str,
        read: &ReadLanguage,
    ) -> Result<PostInLanguage, LookupError> {
        let view = if read.is_default() {
            self.get_by_slug(Audience::Public, slug).await?
        } else {
            let parsed = Slug::parse(slug).map_err(|_| records::not_found::<Post>())?;
            let now = self.clock.now();
            let translated = self.store.find_by_translated_slug(TranslationKind::Post, &read.lang, &parsed).await?;
            match translated.filter(|translation| translation.is_live(now)) {
                Some(translation) => {
                    let id = EntityId::parse(&translation.record_id).map_err(|_| records::not_found::<Post>())?;
                    self.get(Audience::Public, &id.to_string()).await?
                }
                None => self.get_by_slug(Audience::Public, slug).await?,
            }
        };
        Ok(self.in_language(vec![view], read, false).await?.remove(0))
    }

    /// The languages `view`'s post can be read in and its address in each (the default first, then
    /// each listed language with a live translation), for a page in the default language.
    ///
    /// # Errors
    /// Only infrastructure faults.
    pub async fn alternates(&self, view: &PostView, languages: &Languages) -> anyhow::Result<Vec<(LanguageTag, Slug)>> {
        let stored = self.store.translations_of(TranslationKind::Post, &[view.post.id.to_string()]).await?;
        let now = self.clock.now();
        Ok(translation::alternates(languages, Some(&view.post.slug), &stored, now)
            .into_iter()
            .map(|(lang, slug)| (lang.clone(), slug.cloned().unwrap_or_else(|| view.post.slug.clone())))
            .collect())
    }

    /// Counts one view of the live post whose address in `read`'s language is `slug` (its
    /// translated slug there, else its default slug), as [`Self::record_view`] does; its count.
    ///
    /// # Errors
    /// [`LookupError::NotFound`] when no live post has that address.
    pub async fn record_view_in_language(
        &self,
        slug: &str,
        read: &ReadLanguage,
        visitor: &atelier_domain::visitor::Visitor,
    ) -> Result<u64, LookupError> {
        if !read.is_default()
            && let Ok(parsed) = Slug::parse(slug)
            && let Some(translation) = self
                .store
                .find_by_translated_slug(TranslationKind::Post, &read.lang, &parsed)
                .await?
                .filter(|translation| translation.is_live(self.clock.now()))
            && let Ok(id) = EntityId::parse(&translation.record_id)
            && let Some(post) = records::RecordRepository::<Post>::find(&self.store, id).await?
        {
            return self.record_view(post.slug.as_str(), visitor).await;
        }
        self.record_view(slug, visitor).await
    }

    /// Lays each post's live translation in `read`'s language over it, with one query for all of
    /// them (none in the default language); in a list, a post hidden there is left out.
    async fn in_language(
        &self,
        views: Vec<PostView>,
        read: &ReadLanguage,
        in_list: bool,
    ) -> anyhow::Result<Vec<PostInLanguage>> {
        let default = read.languages.default_language().tag.clone();
        if read.is_default() {
            return Ok(views
                .into_iter()
                .map(|view| PostInLanguage { view, language: default.clone(), translations: None })
                .collect());
        }
        let ids: Vec<String> = views.iter().map(|view| view.post.id.to_string()).collect();
        let stored = self.store.translations_of(TranslationKind::Post, &ids).await?;
        let now = self.clock.now();
        Ok(views
            .into_iter()
            .filter_map(|mut view| {
                let key = view.post.id.to_string();
                let own: Vec<Translation> = stored.iter().filter(|row| row.record_id == key).cloned().collect();
                let here = own.iter().find(|row| row.lang == read.lang);
                let shown = translation::shown(&read.languages, &read.lang, here, now, in_list);
                let translations = translation::alternates(&read.languages, Some(&view.post.slug), &own, now)
                    .into_iter()
                    .map(|(lang, slug)| (lang.clone(), slug.cloned().unwrap_or_else(|| view.post.slug.clone())))
                    .collect();
                let language = match (shown, here) {
                    (Shown::Hidden, _) => return None,
                    (Shown::Translated, Some(here)) => {
                        view.post.overlay(here);
                        read.lang.clone()
                    }
                    _ => default.clone(),
                };
                Some(PostInLanguage { view, language, translations: Some(translations) })
            })
            .collect())
    }
}
