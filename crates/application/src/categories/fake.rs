//! The in-memory blog categories.

use atelier_domain::EntityId;
use atelier_domain::category::Category;
use atelier_domain::post::Post;
use atelier_domain::slug::Slug;

use super::ports::{CategoryFilter, CategoryRepository};
use crate::fake::{FakeRecord, InMemoryStore, Tables};
use crate::records::{RemoveError, SaveError};

impl FakeRecord for Category {
    fn check(tables: &Tables, category: &Self) -> Result<(), SaveError> {
        let clash = |other: &Self| other.id != category.id && other.slug == category.slug;
        if tables.rows::<Self>().iter().any(clash) { Err(SaveError::DuplicateSlug) } else { Ok(()) }
    }

    fn check_delete(tables: &Tables, id: EntityId) -> Result<(), RemoveError> {
        if tables.rows::<Post>().iter().any(|post| post.category == Some(id)) {
            Err(RemoveError::InUse)
        } else {
            Ok(())
        }
    }
}

impl CategoryRepository for InMemoryStore {
    async fn list_categories(&self, filter: CategoryFilter) -> anyhow::Result<Vec<Category>> {
        self.with(|tables| {
            let mut categories: Vec<_> = tables
                .rows::<Category>()
                .iter()
                .filter(|category| filter.status.is_none_or(|status| category.status == status))
                .cloned()
                .collect();
            categories.sort_by(|a, b| a.order.cmp(&b.order).then_with(|| a.name.cmp(&b.name)));
            Ok(categories)
        })
    }

    async fn find_categories(&self, ids: &[EntityId]) -> anyhow::Result<Vec<Category>> {
        self.with(|tables| {
            Ok(tables.rows::<Category>().iter().filter(|category| ids.contains(&category.id)).cloned().collect())
        })
    }

    async fn find_categories_by_slugs(&self, slugs: &[Slug]) -> anyhow::Result<Vec<Category>> {
        self.with(|tables| {
            Ok(tables.rows::<Category>().iter().filter(|category| slugs.contains(&category.slug)).cloned().collect())
        })
    }
}
