//! The in-memory blog posts.

use std::collections::HashMap;

use atelier_domain::post::{Post, PostStatus};
use atelier_domain::slug::Slug;
use atelier_domain::visitor::{Visitor, view_period};
use atelier_domain::{EntityId, Page, PageRequest};
use chrono::{DateTime, Utc};

use atelier_domain::translation::{Translation, TranslationKind};

use super::ports::{PostFilter, PostRepository, PostViewSeen, TranslationFilter, TranslationState};
use crate::fake::{FakeRecord, InMemoryStore, Tables, matches, paged, paged_bounded};
use crate::records::SaveError;
use crate::translations::Source;

impl FakeRecord for Post {
    fn check(tables: &Tables, post: &Self) -> Result<(), SaveError> {
        let clash = |other: &Self| other.id != post.id && other.slug == post.slug;
        if tables.rows::<Self>().iter().any(clash) { Err(SaveError::DuplicateSlug) } else { Ok(()) }
    }

    fn updated(stored: &Self, post: Self) -> Self {
        Self { views: stored.views, ..post }
    }
}

fn post_matches(tables: &Tables, post: &Post, filter: &PostFilter) -> bool {
    filter.status.is_none_or(|status| post.status == status)
        && filter.featured.is_none_or(|featured| post.featured == featured)
        && filter.categories.as_ref().is_none_or(|ids| post.category.is_some_and(|id| ids.contains(&id)))
        && matches(filter.search.as_deref(), &[&post.title, &post.excerpt, &post.author_name])
        && filter.live_at.is_none_or(|now| post.is_live(now))
        && filter.ids.as_ref().is_none_or(|ids| ids.contains(&post.id))
        && filter.translation.as_ref().is_none_or(|wanted| translation_matches(tables, post, wanted))
}

/// Whether the post's translation in the filter's language is in its state: none for missing, one
/// saved against other texts than the post's now for outdated.
fn translation_matches(tables: &Tables, post: &Post, wanted: &TranslationFilter) -> bool {
    let id = post.id.to_string();
    let stored = tables.rows::<Translation>().iter().find(|translation| {
        translation.kind == TranslationKind::Post && translation.record_id == id && translation.lang == wanted.lang
    });
    match wanted.state {
        TranslationState::Missing => stored.is_none(),
        TranslationState::Outdated => {
            stored.is_some_and(|translation| translation.source_hash != Source::of(post).hash)
        }
    }
}

impl PostRepository for InMemoryStore {
    async fn list_posts(&self, filter: &PostFilter, page: PageRequest) -> anyhow::Result<Page<Post>> {
        self.with(|tables| {
            let mut posts: Vec<_> =
                tables.rows::<Post>().iter().filter(|post| post_matches(tables, post, filter)).cloned().collect();
            posts.sort_by(|a, b| b.publication_date().cmp(&a.publication_date()).then(b.id.cmp(&a.id)));
            Ok(if filter.search.is_some() { paged_bounded(&posts, page) } else { paged(&posts, page) })
        })
    }

    async fn post_ids(&self, filter: &PostFilter) -> anyhow::Result<Vec<EntityId>> {
        self.with(|tables| {
            let mut posts: Vec<&Post> =
                tables.rows::<Post>().iter().filter(|post| post_matches(tables, post, filter)).collect();
            posts.sort_by(|a, b| b.publication_date().cmp(&a.publication_date()).then(b.id.cmp(&a.id)));
            Ok(posts.into_iter().map(|post| post.id).collect())
        })
    }

    async fn posts_by_ids(&self, ids: &[EntityId]) -> anyhow::Result<Vec<Post>> {
        self.with(|tables| {
            let posts = tables.rows::<Post>();
            Ok(ids.iter().filter_map(|id| posts.iter().find(|post| post.id == *id).cloned()).collect())
        })
    }

    async fn find_post_by_slug(&self, slug: &Slug) -> anyhow::Result<Option<Post>> {
        self.with(|tables| Ok(tables.rows::<Post>().iter().find(|post| &post.slug == slug).cloned()))
    }

    async fn count_posts_by_category(&self, ids: &[EntityId]) -> anyhow::Result<HashMap<EntityId, u64>> {
        self.with(|tables| {
            let mut counts = HashMap::new();
            for id in tables.rows::<Post>().iter().filter_map(|post| post.category).filter(|id| ids.contains(id)) {
                *counts.entry(id).or_insert(0) += 1;
            }
            Ok(counts)
        })
    }

    async fn record_post_view(
        &self,
        slug: &Slug,
        now: DateTime<Utc>,
        visitor: &Visitor,
    ) -> anyhow::Result<Option<u64>> {
        let period = view_period(now);
        self.with(|tables| {
            let Some(id) =
                tables.rows::<Post>().iter().find(|post| &post.slug == slug && post.is_live(now)).map(|p| p.id)
            else {
                return Ok(None);
            };
            let seen = tables.private_rows_mut::<(EntityId, Visitor, DateTime<Utc>)>();
            seen.retain(|(_, _, at)| *at >= period);
            let first = !seen.iter().any(|(post, who, _)| *post == id && who == visitor);
            if first {
                seen.push((id, visitor.clone(), period));
            }
            let post = tables.rows_mut::<Post>().iter_mut().find(|post| post.id == id).expect("found above");
            post.views += u64::from(first);
            Ok(Some(post.views))
        })
    }

    async fn record_post_views(&self, views: &[PostViewSeen]) -> anyhow::Result<()> {
        for view in views {
            self.record_post_view(&view.slug, view.at, &view.visitor).await?;
        }
        Ok(())
    }

    async fn next_post_publication(&self, now: DateTime<Utc>) -> anyhow::Result<Option<DateTime<Utc>>> {
        self.with(|tables| {
            Ok(tables
                .rows::<Post>()
                .iter()
                .filter(|post| post.status == PostStatus::Published)
                .filter_map(|post| post.publish_at)
                .filter(|at| *at > now)
                .min())
        })
    }
}
