//! The in-memory tags.

use std::collections::HashMap;

use atelier_domain::EntityId;
use atelier_domain::portfolio::Project;
use atelier_domain::post::Post;
use atelier_domain::slug::Slug;
use atelier_domain::tag::Tag;

use super::ports::{TagFilter, TagRepository};
use crate::fake::{FakeRecord, InMemoryStore, Tables};
use crate::records::{RemoveError, SaveError};

impl FakeRecord for Tag {
    fn check(tables: &Tables, tag: &Self) -> Result<(), SaveError> {
        let clash = |other: &Self| other.id != tag.id && other.slug == tag.slug;
        if tables.rows::<Self>().iter().any(clash) { Err(SaveError::DuplicateSlug) } else { Ok(()) }
    }

    fn check_delete(tables: &Tables, id: EntityId) -> Result<(), RemoveError> {
        if tables.rows::<Post>().iter().any(|post| post.tags.contains(&id)) { Err(RemoveError::InUse) } else { Ok(()) }
    }
}

impl TagRepository for InMemoryStore {
    async fn list_tags(&self, filter: TagFilter) -> anyhow::Result<Vec<Tag>> {
        self.with(|tables| {
            let mut tags: Vec<_> = tables
                .rows::<Tag>()
                .iter()
                .filter(|tag| filter.types.as_ref().is_none_or(|types| types.contains(&tag.tag_type)))
                .filter(|tag| filter.ids.as_ref().is_none_or(|ids| ids.contains(&tag.id)))
                .cloned()
                .collect();
            tags.sort_by(|a, b| a.name.cmp(&b.name).then(a.id.cmp(&b.id)));
            Ok(tags)
        })
    }

    async fn find_tags(&self, ids: &[EntityId]) -> anyhow::Result<Vec<Tag>> {
        self.with(|tables| Ok(tables.rows::<Tag>().iter().filter(|tag| ids.contains(&tag.id)).cloned().collect()))
    }

    async fn find_tag_by_slug(&self, slug: &Slug) -> anyhow::Result<Option<Tag>> {
        self.with(|tables| Ok(tables.rows::<Tag>().iter().find(|tag| &tag.slug == slug).cloned()))
    }

    async fn tag_usage_counts(&self, ids: &[EntityId]) -> anyhow::Result<HashMap<EntityId, u64>> {
        self.with(|tables| {
            let mut counts = HashMap::new();
            let post_tags = tables.rows::<Post>().iter().flat_map(|post| post.tags.iter());
            let project_tags = tables.rows::<Project>().iter().flat_map(|project| project.tags.iter());
            for id in post_tags.chain(project_tags).filter(|id| ids.contains(id)) {
                *counts.entry(*id).or_insert(0) += 1;
            }
            Ok(counts)
        })
    }
}
