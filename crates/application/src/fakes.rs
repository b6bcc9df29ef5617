//! In-memory fakes of the ports, for use-case tests.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use atelier_domain::category::Category;
use atelier_domain::post::Post;
use atelier_domain::service::Service;
use atelier_domain::settings::Settings;
use atelier_domain::slug::Slug;
use atelier_domain::tag::Tag;
use atelier_domain::{EntityId, Page, PageRequest};

use crate::ports::{
    CategoryFilter, CategoryRepository, PostFilter, PostRepository, RemoveError, SaveError, ServiceFilter,
    ServiceRepository, SettingsRepository, StoreStatus, TagFilter, TagRepository,
};

#[derive(Debug, Default)]
struct State {
    services: Vec<Service>,
    settings: Option<Settings>,
    categories: Vec<Category>,
    tags: Vec<Tag>,
    posts: Vec<Post>,
}

/// A store that keeps everything in memory, shared between clones.
#[derive(Debug, Clone, Default)]
pub struct InMemoryStore(Arc<Mutex<State>>);

impl InMemoryStore {
    fn with<T>(&self, f: impl FnOnce(&mut State) -> T) -> T {
        f(&mut self.0.lock().expect("the fake store's lock is never poisoned"))
    }
}

fn page_of<T: Clone>(items: &[T], page: PageRequest) -> Vec<T> {
    let offset = usize::try_from(page.offset()).unwrap_or(usize::MAX);
    let limit = usize::try_from(page.limit()).unwrap_or(usize::MAX);
    items.iter().skip(offset).take(limit).cloned().collect()
}

impl ServiceRepository for InMemoryStore {
    async fn list_services(&self, filter: ServiceFilter, page: PageRequest) -> anyhow::Result<Vec<Service>> {
        self.with(|state| {
            let mut services: Vec<_> = state
                .services
                .iter()
                .filter(|service| filter.status.is_none_or(|status| service.status == status))
                .filter(|service| filter.featured.is_none_or(|featured| service.featured == featured))
                .cloned()
                .collect();
            services.sort_by(|a, b| a.order.cmp(&b.order).then(a.created_at.cmp(&b.created_at)).then(a.id.cmp(&b.id)));
            Ok(page_of(&services, page))
        })
    }

    async fn find_service(&self, id: EntityId) -> anyhow::Result<Option<Service>> {
        self.with(|state| Ok(state.services.iter().find(|service| service.id == id).cloned()))
    }

    async fn insert_service(&self, service: &Service) -> anyhow::Result<()> {
        self.with(|state| state.services.push(service.clone()));
        Ok(())
    }

    async fn update_service(&self, service: &Service) -> anyhow::Result<bool> {
        self.with(|state| match state.services.iter_mut().find(|stored| stored.id == service.id) {
            Some(stored) => {
                *stored = service.clone();
                Ok(true)
            }
            None => Ok(false),
        })
    }

    async fn delete_service(&self, id: EntityId) -> anyhow::Result<bool> {
        self.with(|state| {
            let before = state.services.len();
            state.services.retain(|service| service.id != id);
            Ok(state.services.len() < before)
        })
    }
}

impl SettingsRepository for InMemoryStore {
    async fn load_settings(&self) -> anyhow::Result<Option<Settings>> {
        self.with(|state| Ok(state.settings.clone()))
    }

    async fn save_settings(&self, settings: &Settings) -> anyhow::Result<()> {
        self.with(|state| state.settings = Some(settings.clone()));
        Ok(())
    }
}

impl StoreStatus for InMemoryStore {
    async fn ping(&self) -> anyhow::Result<()> {
        Ok(())
    }

    async fn is_empty(&self) -> anyhow::Result<bool> {
        self.with(|state| {
            Ok(state.services.is_empty()
                && state.settings.is_none()
                && state.categories.is_empty()
                && state.tags.is_empty()
                && state.posts.is_empty())
        })
    }
}

/// Replaces the stored record with `record`'s id, unless another record has its slug.
fn replace<T: Clone>(
    records: &mut [T],
    record: &T,
    same: impl Fn(&T, &T) -> bool,
    clashes: impl Fn(&T, &T) -> bool,
) -> Result<bool, SaveError> {
    if records.iter().any(|stored| !same(stored, record) && clashes(stored, record)) {
        return Err(SaveError::DuplicateSlug);
    }
    match records.iter_mut().find(|stored| same(stored, record)) {
        Some(stored) => {
            *stored = record.clone();
            Ok(true)
        }
        None => Ok(false),
    }
}

impl CategoryRepository for InMemoryStore {
    async fn list_categories(&self, filter: CategoryFilter) -> anyhow::Result<Vec<Category>> {
        self.with(|state| {
            let mut categories: Vec<_> = state
                .categories
                .iter()
                .filter(|category| filter.status.is_none_or(|status| category.status == status))
                .cloned()
                .collect();
            categories.sort_by(|a, b| a.order.cmp(&b.order).then_with(|| a.name.cmp(&b.name)));
            Ok(categories)
        })
    }

    async fn find_category(&self, id: EntityId) -> anyhow::Result<Option<Category>> {
        self.with(|state| Ok(state.categories.iter().find(|category| category.id == id).cloned()))
    }

    async fn find_categories(&self, ids: &[EntityId]) -> anyhow::Result<Vec<Category>> {
        self.with(|state| Ok(state.categories.iter().filter(|category| ids.contains(&category.id)).cloned().collect()))
    }

    async fn find_categories_by_slugs(&self, slugs: &[Slug]) -> anyhow::Result<Vec<Category>> {
        self.with(|state| {
            Ok(state.categories.iter().filter(|category| slugs.contains(&category.slug)).cloned().collect())
        })
    }

    async fn insert_category(&self, category: &Category) -> Result<(), SaveError> {
        self.with(|state| {
            if state.categories.iter().any(|stored| stored.slug == category.slug) {
                return Err(SaveError::DuplicateSlug);
            }
            state.categories.push(category.clone());
            Ok(())
        })
    }

    async fn update_category(&self, category: &Category) -> Result<bool, SaveError> {
        self.with(|state| replace(&mut state.categories, category, |a, b| a.id == b.id, |a, b| a.slug == b.slug))
    }

    async fn delete_category(&self, id: EntityId) -> Result<bool, RemoveError> {
        self.with(|state| {
            if state.posts.iter().any(|post| post.category == Some(id)) {
                return Err(RemoveError::InUse);
            }
            let before = state.categories.len();
            state.categories.retain(|category| category.id != id);
            Ok(state.categories.len() < before)
        })
    }
}

impl TagRepository for InMemoryStore {
    async fn list_tags(&self, filter: TagFilter) -> anyhow::Result<Vec<Tag>> {
        self.with(|state| {
            let mut tags: Vec<_> = state
                .tags
                .iter()
                .filter(|tag| filter.types.as_ref().is_none_or(|types| types.contains(&tag.tag_type)))
                .cloned()
                .collect();
            tags.sort_by(|a, b| a.name.cmp(&b.name).then(a.id.cmp(&b.id)));
            Ok(tags)
        })
    }

    async fn find_tag(&self, id: EntityId) -> anyhow::Result<Option<Tag>> {
        self.with(|state| Ok(state.tags.iter().find(|tag| tag.id == id).cloned()))
    }

    async fn find_tags(&self, ids: &[EntityId]) -> anyhow::Result<Vec<Tag>> {
        self.with(|state| Ok(state.tags.iter().filter(|tag| ids.contains(&tag.id)).cloned().collect()))
    }

    async fn find_tag_by_slug(&self, slug: &Slug) -> anyhow::Result<Option<Tag>> {
        self.with(|state| Ok(state.tags.iter().find(|tag| &tag.slug == slug).cloned()))
    }

    async fn tag_usage_counts(&self, ids: &[EntityId]) -> anyhow::Result<HashMap<EntityId, u64>> {
        self.with(|state| {
            let mut counts = HashMap::new();
            for id in state.posts.iter().flat_map(|post| post.tags.iter()).filter(|id| ids.contains(id)) {
                *counts.entry(*id).or_insert(0) += 1;
            }
            Ok(counts)
        })
    }

    async fn insert_tag(&self, tag: &Tag) -> Result<(), SaveError> {
        self.with(|state| {
            if state.tags.iter().any(|stored| stored.slug == tag.slug) {
                return Err(SaveError::DuplicateSlug);
            }
            state.tags.push(tag.clone());
            Ok(())
        })
    }

    async fn update_tag(&self, tag: &Tag) -> Result<bool, SaveError> {
        self.with(|state| replace(&mut state.tags, tag, |a, b| a.id == b.id, |a, b| a.slug == b.slug))
    }

    async fn delete_tag(&self, id: EntityId) -> Result<bool, RemoveError> {
        self.with(|state| {
            if state.posts.iter().any(|post| post.tags.contains(&id)) {
                return Err(RemoveError::InUse);
            }
            let before = state.tags.len();
            state.tags.retain(|tag| tag.id != id);
            Ok(state.tags.len() < before)
        })
    }
}

fn matches(post: &Post, filter: &PostFilter) -> bool {
    let search = filter.search.as_deref().map(str::to_lowercase);
    filter.status.is_none_or(|status| post.status == status)
        && filter.featured.is_none_or(|featured| post.featured == featured)
        && filter.categories.as_ref().is_none_or(|ids| post.category.is_some_and(|id| ids.contains(&id)))
        && search.is_none_or(|term| {
            [&post.title, &post.excerpt, &post.author_name].iter().any(|text| text.to_lowercase().contains(&term))
        })
}

impl PostRepository for InMemoryStore {
    async fn list_posts(&self, filter: &PostFilter, page: PageRequest) -> anyhow::Result<Page<Post>> {
        self.with(|state| {
            let mut posts: Vec<_> = state.posts.iter().filter(|post| matches(post, filter)).cloned().collect();
            posts.sort_by(|a, b| b.created_at.cmp(&a.created_at).then(b.id.cmp(&a.id)));
            Ok(Page::new(page_of(&posts, page), posts.len() as u64, page))
        })
    }

    async fn find_post(&self, id: EntityId) -> anyhow::Result<Option<Post>> {
        self.with(|state| Ok(state.posts.iter().find(|post| post.id == id).cloned()))
    }

    async fn find_post_by_slug(&self, slug: &Slug) -> anyhow::Result<Option<Post>> {
        self.with(|state| Ok(state.posts.iter().find(|post| &post.slug == slug).cloned()))
    }

    async fn count_posts_by_category(&self, ids: &[EntityId]) -> anyhow::Result<HashMap<EntityId, u64>> {
        self.with(|state| {
            let mut counts = HashMap::new();
            for id in state.posts.iter().filter_map(|post| post.category).filter(|id| ids.contains(id)) {
                *counts.entry(id).or_insert(0) += 1;
            }
            Ok(counts)
        })
    }

    async fn record_post_view(&self, slug: &Slug) -> anyhow::Result<Option<u64>> {
        self.with(|state| {
            Ok(state.posts.iter_mut().find(|post| &post.slug == slug && post.is_published()).map(|post| {
                post.views += 1;
                post.views
            }))
        })
    }

    async fn insert_post(&self, post: &Post) -> Result<(), SaveError> {
        self.with(|state| {
            if state.posts.iter().any(|stored| stored.slug == post.slug) {
                return Err(SaveError::DuplicateSlug);
            }
            state.posts.push(post.clone());
            Ok(())
        })
    }

    async fn update_post(&self, post: &Post) -> Result<bool, SaveError> {
        self.with(|state| {
            let views = state.posts.iter().find(|stored| stored.id == post.id).map(|stored| stored.views);
            let mut post = post.clone();
            post.views = views.unwrap_or(post.views);
            replace(&mut state.posts, &post, |a, b| a.id == b.id, |a, b| a.slug == b.slug)
        })
    }

    async fn delete_post(&self, id: EntityId) -> anyhow::Result<bool> {
        self.with(|state| {
            let before = state.posts.len();
            state.posts.retain(|post| post.id != id);
            Ok(state.posts.len() < before)
        })
    }
}
