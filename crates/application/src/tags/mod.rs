//! Tags: listing them with their use counts, the popular ones, and editing them. A tag still in use
//! cannot be deleted. Slugs are generated from the name, with numeric suffixes when taken.
//!
//! The public lists are also read in one of the site's languages (`*_in`): each tag with its live
//! translation there laid over it, listed by its name in that language (docs/decisions.md, "Order
//! of lists in a language").

#[cfg(test)]
mod fake;
mod order;
pub mod ports;
#[cfg(test)]
mod tests_in_language;

use atelier_domain::slug::Slug;
use atelier_domain::tag::{Tag, TagChanges, TagInput, TagType};
use atelier_domain::translation::TranslationKind;
use atelier_domain::{EntityId, FieldErrors};

use self::ports::{TagFilter, TagRepository};
use crate::categories::posts;
use crate::ports::Clock;
use crate::records::{self, LookupError, SaveError};
use crate::slugs::{SlugChoiceError, choose_slug};
use crate::translations::ports::TranslationRepository;
use crate::translations::public::{self, InLanguage, ReadLanguage};
use crate::translations::taken_by_translation;

/// The default size of `GET /tags/popular`.
pub const DEFAULT_POPULAR_LIMIT: usize = 10;
/// The largest size of `GET /tags/popular`.
pub const MAX_POPULAR_LIMIT: usize = 100;

/// A tag with the number of records using it.
#[derive(Debug, Clone, PartialEq)]
pub struct TagView {
    pub tag: Tag,
    pub count: u64,
}

/// Creating or changing a tag failed.
#[derive(Debug, thiserror::Error)]
pub enum TagWriteError {
    #[error("Tag not found")]
    NotFound,
    #[error("Validation failed")]
    Invalid(FieldErrors),
    #[error("A tag with this slug already exists")]
    DuplicateSlug,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl From<LookupError> for TagWriteError {
    fn from(error: LookupError) -> Self {
        match error {
            LookupError::NotFound(_) => Self::NotFound,
            LookupError::Unexpected(error) => Self::Unexpected(error),
        }
    }
}

impl From<SaveError> for TagWriteError {
    fn from(error: SaveError) -> Self {
        match error {
            SaveError::DuplicateSlug => Self::DuplicateSlug,
            SaveError::Unexpected(error) => Self::Unexpected(error),
        }
    }
}

/// Deleting a tag failed.
#[derive(Debug, thiserror::Error)]
pub enum TagDeleteError {
    #[error("Tag not found")]
    NotFound,
    /// Records still use it.
    #[error("This tag is used by {}", posts(*count))]
    InUse { count: u64 },
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl From<LookupError> for TagDeleteError {
    fn from(error: LookupError) -> Self {
        match error {
            LookupError::NotFound(_) => Self::NotFound,
            LookupError::Unexpected(error) => Self::Unexpected(error),
        }
    }
}

/// The tag use cases.
#[derive(Debug, Clone)]
pub struct TagCatalog<S, C> {
    store: S,
    clock: C,
}

impl<S: TagRepository + TranslationRepository, C: Clock> TagCatalog<S, C> {
    pub fn new(store: S, clock: C) -> Self {
        Self { store, clock }
    }

    /// Tags of the given types (every type when `None`), by name, with use counts.
    pub async fn list(&self, types: Option<Vec<TagType>>) -> anyhow::Result<Vec<TagView>> {
        let tags = self.store.list_tags(TagFilter { types, ids: None }).await?;
        self.with_counts(tags).await
    }

    /// The tags the blog offers: those of type blog or general.
    pub async fn blog_tags(&self) -> anyhow::Result<Vec<TagView>> {
        self.list(Some(vec![TagType::Blog, TagType::General])).await
    }

    /// The most used tags, by use count descending, then name; `limit` defaults to 10.
    pub async fn popular(&self, types: Option<Vec<TagType>>, limit: Option<i64>) -> anyhow::Result<Vec<TagView>> {
        self.popular_among(types, limit, None).await
    }

    /// [`Self::popular`] among the tags `ids` names (all when `None`): the list a language that
    /// hides untranslated tags shows, filtered before the limit so that it still holds `limit`
    /// tags when that many are translated.
    pub async fn popular_among(
        &self,
        types: Option<Vec<TagType>>,
        limit: Option<i64>,
        ids: Option<Vec<EntityId>>,
    ) -> anyhow::Result<Vec<TagView>> {
        let limit = limit.map_or(DEFAULT_POPULAR_LIMIT, |limit| {
            usize::try_from(limit.max(1)).unwrap_or(MAX_POPULAR_LIMIT).min(MAX_POPULAR_LIMIT)
        });
        let tags = self.store.list_tags(TagFilter { types, ids }).await?;
        let mut tags = self.with_counts(tags).await?;
        tags.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.tag.name.cmp(&b.tag.name)));
        tags.truncate(limit);
        Ok(tags)
    }

    /// [`Self::list`] in `read`'s language: each tag with its live translation there laid over it
    /// (or left out when the site hides untranslated records), listed by its name there. The
    /// default language keeps [`Self::list`]'s order.
    pub async fn list_in(
        &self,
        types: Option<Vec<TagType>>,
        read: &ReadLanguage,
    ) -> anyhow::Result<Vec<InLanguage<TagView>>> {
        let tags = self.list(types).await?;
        let mut tags = public::in_language(&self.store, tags, read, self.clock.now(), true).await?;
        order::by_name(&mut tags, read);
        Ok(tags)
    }

    /// [`Self::blog_tags`] in `read`'s language, as [`Self::list_in`] reads them.
    pub async fn blog_tags_in(&self, read: &ReadLanguage) -> anyhow::Result<Vec<InLanguage<TagView>>> {
        self.list_in(Some(vec![TagType::Blog, TagType::General]), read).await
    }

    /// [`Self::popular`] in `read`'s language: when the site hides untranslated records, only the
    /// tags translated there, kept before the limit (so the list still holds `limit` tags when that
    /// many are translated); each laid over with its translation, by use count descending, then
    /// by its name there.
    pub async fn popular_in(
        &self,
        types: Option<Vec<TagType>>,
        limit: Option<i64>,
        read: &ReadLanguage,
    ) -> anyhow::Result<Vec<InLanguage<TagView>>> {
        let ids = public::listed_in(&self.store, TranslationKind::Tag, read, self.clock.now()).await?;
        let tags = self.popular_among(types, limit, ids).await?;
        let mut tags = public::in_language(&self.store, tags, read, self.clock.now(), true).await?;
        order::by_use_then_name(&mut tags, read);
        Ok(tags)
    }

    pub async fn create(&self, input: TagInput) -> Result<TagView, TagWriteError> {
        let changes = TagChanges::parse(input, true).map_err(TagWriteError::Invalid)?;
        let slug = self.free_slug(changes.name().unwrap_or_default(), None).await?;
        let now = self.clock.now();
        let mut tag = Tag::create(self.clock.new_id(), slug, changes, now);
        self.store.insert(&mut tag).await?;
        Ok(TagView { tag, count: 0 })
    }

    /// Changes the fields sent; the others keep their values. A new name gives a new slug.
    pub async fn update(&self, id: &str, input: TagInput) -> Result<TagView, TagWriteError> {
        let id = records::parse_id::<Tag>(id)?;
        let changes = TagChanges::parse(input, false).map_err(TagWriteError::Invalid)?;
        let mut tag = records::found::<Tag>(&self.store, id).await?;
        if let Some(name) = changes.name().filter(|name| *name != tag.name) {
            tag.slug = self.free_slug(name, Some(id)).await?;
        }
        tag.apply(changes, self.clock.now());
        if !self.store.update(&mut tag).await? {
            return Err(TagWriteError::NotFound);
        }
        let count = self.uses_of(id).await?;
        Ok(TagView { tag, count })
    }

    /// Deletes a tag nothing uses; otherwise refuses, naming how many records use it.
    pub async fn delete(&self, id: &str) -> Result<(), TagDeleteError> {
        let uses = |id| self.uses_of(id);
        records::delete_unused::<Tag, _, _>(&self.store, id, uses, |count| TagDeleteError::InUse { count }).await?;
        if let Ok(id) = EntityId::parse(id) {
            self.store.delete_record_translations(TranslationKind::Tag, &id.to_string()).await?;
        }
        Ok(())
    }

    async fn with_counts(&self, tags: Vec<Tag>) -> anyhow::Result<Vec<TagView>> {
        let ids: Vec<EntityId> = tags.iter().map(|tag| tag.id).collect();
        let counts = self.store.tag_usage_counts(&ids).await?;
        Ok(tags
            .into_iter()
            .map(|tag| {
                let count = counts.get(&tag.id).copied().unwrap_or(0);
                TagView { tag, count }
            })
            .collect())
    }

    async fn uses_of(&self, id: EntityId) -> anyhow::Result<u64> {
        Ok(self.store.tag_usage_counts(&[id]).await?.get(&id).copied().unwrap_or(0))
    }

    /// The first free slug made from `name`; the tag `own` may keep its own slug.
    async fn free_slug(&self, name: &str, own: Option<EntityId>) -> Result<Slug, TagWriteError> {
        let store = &self.store;
        let own_key = own.map(|id| id.to_string());
        let own_key = own_key.as_deref();
        // A default slug must also differ from every other tag's translated slugs.
        choose_slug(None, name, |slug| async move {
            Ok(store.find_tag_by_slug(&slug).await?.is_some_and(|tag| Some(tag.id) != own)
                || taken_by_translation(store, TranslationKind::Tag, own_key, &slug).await?)
        })
        .await
        .map_err(|error| match error {
            SlugChoiceError::Unexpected(error) => TagWriteError::Unexpected(error),
            SlugChoiceError::Taken => TagWriteError::DuplicateSlug,
            SlugChoiceError::Invalid(_) | SlugChoiceError::NothingToDeriveFrom => {
                let mut errors = FieldErrors::new();
                errors.add("name", "Name must contain a letter or a digit");
                TagWriteError::Invalid(errors)
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blog::BlogCatalog;
    use crate::fake::{FakeClock, InMemoryStore};
    use atelier_domain::post::PostInput;

    fn input(name: &str, kind: &str) -> TagInput {
        TagInput { name: Some(name.into()), tag_type: Some(kind.into()), ..TagInput::default() }
    }

    fn names(list: &[TagView]) -> Vec<&str> {
        list.iter().map(|view| view.tag.name.as_str()).collect()
    }

    #[tokio::test]
    async fn generated_slugs_take_numeric_suffixes() {
        let catalog = TagCatalog::new(InMemoryStore::default(), FakeClock::default());
        let first = catalog.create(input("Web Dev", "blog")).await.unwrap();
        let second = catalog.create(input("Web  dev!", "blog")).await.unwrap();
        let third = catalog.create(input("web-dev", "general")).await.unwrap();
        assert_eq!(first.tag.slug.as_str(), "web-dev");
        assert_eq!(second.tag.slug.as_str(), "web-dev-2");
        assert_eq!(third.tag.slug.as_str(), "web-dev-3");
    }

    #[tokio::test]
    async fn renaming_a_tag_moves_its_slug_but_keeping_the_name_keeps_it() {
        let catalog = TagCatalog::new(InMemoryStore::default(), FakeClock::default());
        let tag = catalog.create(input("Rust", "blog")).await.unwrap().tag;
        let id = tag.id.to_string();
        let same = catalog.update(&id, input("Rust", "general")).await.unwrap();
        assert_eq!(same.tag.slug.as_str(), "rust");
        let renamed = catalog.update(&id, input("Rust Lang", "general")).await.unwrap();
        assert_eq!(renamed.tag.slug.as_str(), "rust-lang");
    }

    #[tokio::test]
    async fn lists_filter_by_type_and_blog_tags_include_general_ones() {
        let catalog = TagCatalog::new(InMemoryStore::default(), FakeClock::default());
        for (name, kind) in [("Rust", "blog"), ("Case study", "portfolio"), ("News", "general")] {
            catalog.create(input(name, kind)).await.unwrap();
        }
        assert_eq!(names(&catalog.list(None).await.unwrap()), ["Case study", "News", "Rust"]);
        assert_eq!(names(&catalog.list(Some(vec![TagType::Portfolio])).await.unwrap()), ["Case study"]);
        assert_eq!(names(&catalog.blog_tags().await.unwrap()), ["News", "Rust"]);
    }

    #[tokio::test]
    async fn counts_are_derived_popular_tags_are_ranked_and_used_tags_cannot_be_deleted() {
        let store = InMemoryStore::default();
        let catalog = TagCatalog::new(store.clone(), FakeClock::default());
        let blog = BlogCatalog::new(store.clone(), FakeClock::default());
        let rust = catalog.create(input("Rust", "blog")).await.unwrap().tag.id.to_string();
        let go = catalog.create(input("Go", "blog")).await.unwrap().tag.id.to_string();
        let unused = catalog.create(input("Unused", "blog")).await.unwrap().tag.id.to_string();
        for tags in [vec![rust.clone()], vec![rust.clone(), go.clone()]] {
            blog.create(PostInput { title: Some("Post".into()), tags: Some(tags), ..PostInput::default() })
                .await
                .unwrap();
        }
        let popular = catalog.popular(None, None).await.unwrap();
        assert_eq!(names(&popular), ["Rust", "Go", "Unused"]);
        assert_eq!(popular.iter().map(|view| view.count).collect::<Vec<_>>(), [2, 1, 0]);
        assert_eq!(names(&catalog.popular(None, Some(1)).await.unwrap()), ["Rust"]);
        assert_eq!(catalog.popular(None, Some(0)).await.unwrap().len(), 1);
        let among = |ids: Vec<&String>| Some(ids.into_iter().map(|id| EntityId::parse(id).unwrap()).collect());
        let only = catalog.popular_among(None, Some(2), among(vec![&go, &unused])).await.unwrap();
        assert_eq!(names(&only), ["Go", "Unused"], "filtered before the limit");
        assert!(catalog.popular_among(None, Some(2), among(vec![])).await.unwrap().is_empty());

        let refused = catalog.delete(&rust).await.unwrap_err();
        assert!(matches!(refused, TagDeleteError::InUse { count: 2 }));
        assert_eq!(refused.to_string(), "This tag is used by 2 posts");
        catalog.delete(&unused).await.unwrap();
        assert!(matches!(catalog.delete(&unused).await, Err(TagDeleteError::NotFound)));
    }

    #[tokio::test]
    async fn invalid_tags_are_refused() {
        let catalog = TagCatalog::new(InMemoryStore::default(), FakeClock::default());
        let result = catalog.create(TagInput { color: Some("green".into()), ..TagInput::default() }).await;
        let Err(TagWriteError::Invalid(errors)) = result else { panic!("expected a validation error") };
        assert!(errors.get("name").is_some() && errors.get("color").is_some());
        assert!(catalog.list(None).await.unwrap().is_empty());
    }
}
