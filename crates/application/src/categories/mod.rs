//! Blog categories: listing them with their post counts, and editing them. A category that posts
//! still use cannot be deleted.

#[cfg(test)]
mod fake;
pub mod ports;

use atelier_domain::category::{Category, CategoryChanges, CategoryInput, CategoryStatus};
use atelier_domain::translation::TranslationKind;
use atelier_domain::{EntityId, FieldErrors};

use self::ports::{CategoryFilter, CategoryRepository};
use crate::access::Audience;
use crate::blog::ports::PostRepository;
use crate::ports::Clock;
use crate::records::{self, LookupError, SaveError};
use crate::translations::ports::TranslationRepository;
use crate::translations::taken_by_translation;

/// A category with the number of posts filed under it.
#[derive(Debug, Clone, PartialEq)]
pub struct CategoryView {
    pub category: Category,
    pub post_count: u64,
}

/// Creating or changing a category failed.
#[derive(Debug, thiserror::Error)]
pub enum CategoryWriteError {
    #[error("Category not found")]
    NotFound,
    #[error("Validation failed")]
    Invalid(FieldErrors),
    #[error("A category with this slug already exists")]
    DuplicateSlug,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl From<LookupError> for CategoryWriteError {
    fn from(error: LookupError) -> Self {
        match error {
            LookupError::NotFound(_) => Self::NotFound,
            LookupError::Unexpected(error) => Self::Unexpected(error),
        }
    }
}

impl From<SaveError> for CategoryWriteError {
    fn from(error: SaveError) -> Self {
        match error {
            SaveError::DuplicateSlug => Self::DuplicateSlug,
            SaveError::Unexpected(error) => Self::Unexpected(error),
        }
    }
}

/// Deleting a category failed.
#[derive(Debug, thiserror::Error)]
pub enum CategoryDeleteError {
    #[error("Category not found")]
    NotFound,
    /// Posts are still filed under it.
    #[error("This category is used by {}", posts(*count))]
    InUse { count: u64 },
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl From<LookupError> for CategoryDeleteError {
    fn from(error: LookupError) -> Self {
        match error {
            LookupError::NotFound(_) => Self::NotFound,
            LookupError::Unexpected(error) => Self::Unexpected(error),
        }
    }
}

/// "1 post", "3 posts".
pub(crate) fn posts(count: u64) -> String {
    if count == 1 { "1 post".to_owned() } else { format!("{count} posts") }
}

/// The category use cases.
#[derive(Debug, Clone)]
pub struct CategoryCatalog<S, C> {
    store: S,
    clock: C,
}

impl<S: CategoryRepository + PostRepository + TranslationRepository, C: Clock> CategoryCatalog<S, C> {
    pub fn new(store: S, clock: C) -> Self {
        Self { store, clock }
    }

    /// Every category, ascending by display order then name, with post counts (one counting query
    /// for the whole list). Anonymous callers only ever see active ones.
    pub async fn list(&self, audience: Audience, status: Option<CategoryStatus>) -> anyhow::Result<Vec<CategoryView>> {
        let status = match audience {
            Audience::Public => Some(CategoryStatus::Active),
            Audience::Admin => status,
        };
        let categories = self.store.list_categories(CategoryFilter { status }).await?;
        let ids: Vec<EntityId> = categories.iter().map(|category| category.id).collect();
        let counts = self.store.count_posts_by_category(&ids).await?;
        Ok(categories
            .into_iter()
            .map(|category| {
                let post_count = counts.get(&category.id).copied().unwrap_or(0);
                CategoryView { category, post_count }
            })
            .collect())
    }

    pub async fn create(&self, input: CategoryInput) -> Result<CategoryView, CategoryWriteError> {
        let changes = CategoryChanges::parse(input, true).map_err(CategoryWriteError::Invalid)?;
        if let Some(slug) = changes.slug() {
            self.check_slug(None, slug).await?;
        }
        let now = self.clock.now();
        let mut category = Category::create(self.clock.new_id(), changes, now);
        self.store.insert(&mut category).await?;
        Ok(CategoryView { category, post_count: 0 })
    }

    /// Changes the fields sent; the others keep their values.
    pub async fn update(&self, id: &str, input: CategoryInput) -> Result<CategoryView, CategoryWriteError> {
        let id = records::parse_id::<Category>(id)?;
        let changes = CategoryChanges::parse(input, false).map_err(CategoryWriteError::Invalid)?;
        if let Some(slug) = changes.slug() {
            self.check_slug(Some(id), slug).await?;
        }
        let category = records::update::<Category, CategoryWriteError>(&self.store, id, |category| {
            category.apply(changes, self.clock.now());
        })
        .await?;
        Ok(CategoryView { category, post_count: self.posts_in(id).await? })
    }

    /// Deletes a category no post uses, and its translations; otherwise refuses, naming how many
    /// posts use it.
    pub async fn delete(&self, id: &str) -> Result<(), CategoryDeleteError> {
        let uses = |id| self.posts_in(id);
        records::delete_unused::<Category, _, _>(&self.store, id, uses, |count| CategoryDeleteError::InUse { count })
            .await?;
        if let Ok(id) = EntityId::parse(id) {
            self.store.delete_record_translations(TranslationKind::Category, &id.to_string()).await?;
        }
        Ok(())
    }

    /// A category's default slug must differ from every other category's translated slugs (its
    /// default slugs are held by the store's unique index).
    async fn check_slug(
        &self,
        own: Option<EntityId>,
        slug: &atelier_domain::slug::Slug,
    ) -> Result<(), CategoryWriteError> {
        let own = own.map(|id| id.to_string());
        if taken_by_translation(&self.store, TranslationKind::Category, own.as_deref(), slug).await? {
            return Err(CategoryWriteError::DuplicateSlug);
        }
        Ok(())
    }

    async fn posts_in(&self, id: EntityId) -> anyhow::Result<u64> {
        Ok(self.store.count_posts_by_category(&[id]).await?.get(&id).copied().unwrap_or(0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blog::BlogCatalog;
    use crate::fake::{FakeClock, InMemoryStore};
    use atelier_domain::post::PostInput;

    fn input(display_name: &str, slug: &str, status: &str, order: i64) -> CategoryInput {
        CategoryInput {
            display_name: Some(display_name.into()),
            slug: Some(slug.into()),
            status: Some(status.into()),
            order: Some(order),
            ..CategoryInput::default()
        }
    }

    fn slugs(list: &[CategoryView]) -> Vec<&str> {
        list.iter().map(|view| view.category.slug.as_str()).collect()
    }

    #[tokio::test]
    async fn lists_are_ordered_and_anonymous_callers_see_active_categories_only() {
        let catalog = CategoryCatalog::new(InMemoryStore::default(), FakeClock::default());
        for category in [
            input("Zeta", "zeta", "active", 1),
            input("Alpha", "alpha", "active", 1),
            input("Hidden", "hidden", "inactive", 0),
            input("First", "first", "active", 0),
        ] {
            catalog.create(category).await.unwrap();
        }
        let public = catalog.list(Audience::Public, Some(CategoryStatus::Inactive)).await.unwrap();
        assert_eq!(slugs(&public), ["first", "alpha", "zeta"]);
        let admin = catalog.list(Audience::Admin, None).await.unwrap();
        assert_eq!(slugs(&admin), ["first", "hidden", "alpha", "zeta"]);
        let inactive = catalog.list(Audience::Admin, Some(CategoryStatus::Inactive)).await.unwrap();
        assert_eq!(slugs(&inactive), ["hidden"]);
    }

    #[tokio::test]
    async fn an_explicit_duplicate_slug_is_a_conflict() {
        let catalog = CategoryCatalog::new(InMemoryStore::default(), FakeClock::default());
        catalog.create(input("Web", "web", "active", 0)).await.unwrap();
        let again = catalog.create(input("Web again", "web", "active", 0)).await;
        assert!(matches!(again, Err(CategoryWriteError::DuplicateSlug)));
        let other = catalog.create(input("Mobile", "mobile", "active", 0)).await.unwrap();
        let rename = CategoryInput { slug: Some("web".into()), ..CategoryInput::default() };
        let result = catalog.update(&other.category.id.to_string(), rename).await;
        assert!(matches!(result, Err(CategoryWriteError::DuplicateSlug)));
    }

    #[tokio::test]
    async fn post_counts_are_derived_and_a_used_category_cannot_be_deleted() {
        let store = InMemoryStore::default();
        let catalog = CategoryCatalog::new(store.clone(), FakeClock::default());
        let blog = BlogCatalog::new(store.clone(), FakeClock::default());
        let web = catalog.create(input("Web", "web", "active", 0)).await.unwrap().category.id.to_string();
        let empty = catalog.create(input("Empty", "empty", "active", 1)).await.unwrap().category.id.to_string();
        for title in ["One", "Two"] {
            let post = PostInput { title: Some(title.into()), category: Some(web.clone()), ..PostInput::default() };
            blog.create(post).await.unwrap();
        }
        let list = catalog.list(Audience::Admin, None).await.unwrap();
        let counts: Vec<u64> = list.iter().map(|view| view.post_count).collect();
        assert_eq!(counts, [2, 0]);

        let refused = catalog.delete(&web).await;
        assert!(matches!(refused, Err(CategoryDeleteError::InUse { count: 2 })));
        assert_eq!(refused.unwrap_err().to_string(), "This category is used by 2 posts");
        catalog.delete(&empty).await.unwrap();
        assert_eq!(catalog.list(Audience::Admin, None).await.unwrap().len(), 1);
    }

    #[tokio::test]
    async fn unknown_and_malformed_ids_are_not_found() {
        let catalog = CategoryCatalog::new(InMemoryStore::default(), FakeClock::default());
        for id in ["nope", "65f1c2a9b4e8d70012345678"] {
            assert!(matches!(catalog.delete(id).await, Err(CategoryDeleteError::NotFound)));
            assert!(matches!(catalog.update(id, CategoryInput::default()).await, Err(CategoryWriteError::NotFound)));
        }
    }

    #[test]
    fn the_in_use_message_counts_in_words() {
        assert_eq!(CategoryDeleteError::InUse { count: 1 }.to_string(), "This category is used by 1 post");
    }
}
