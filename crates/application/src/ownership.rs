//! Whose a record is: the account that created it (its `createdBy`). Authors may change their own
//! posts, projects and media items, Contributors their own posts; a record from before authorship
//! was kept has no creator and belongs to the Owner.

use atelier_domain::EntityId;
use atelier_domain::media::MediaItem;
use atelier_domain::portfolio::Project;
use atelier_domain::post::Post;
use atelier_domain::presence::RecordKind;

use crate::records::{Record, RecordRepository};
use crate::store::Store;

/// Answers who created a record.
#[derive(Debug, Clone)]
pub struct Ownership<S> {
    store: S,
}

impl<S: Store> Ownership<S> {
    pub const fn new(store: S) -> Self {
        Self { store }
    }

    /// Who created the record of `kind` whose id is `id`: `None` when there is no such record (an
    /// id that is not one included), `Some(None)` when it has no creator (the Owner's).
    ///
    /// # Errors
    /// For a kind whose records have no owner (only posts, projects and media items do), and
    /// infrastructure faults.
    pub async fn creator_of(&self, kind: RecordKind, id: &str) -> anyhow::Result<Option<Option<EntityId>>> {
        let Ok(id) = EntityId::parse(id) else { return Ok(None) };
        let meta = match kind {
            RecordKind::Post => creator::<Post>(&self.store, id).await?,
            RecordKind::Project => creator::<Project>(&self.store, id).await?,
            RecordKind::Media => creator::<MediaItem>(&self.store, id).await?,
            other => anyhow::bail!("{} records have no owner", other.as_str()),
        };
        Ok(meta)
    }
}

async fn creator<R: Record>(
    store: &impl RecordRepository<R>,
    id: EntityId,
) -> anyhow::Result<Option<Option<EntityId>>> {
    Ok(store.find(id).await?.map(|record| record.meta().created_by.as_ref().map(|editor| editor.id)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blog::BlogCatalog;
    use crate::fake::{FakeClock, InMemoryStore};
    use atelier_domain::meta::Editor;
    use atelier_domain::post::PostInput;

    #[tokio::test]
    async fn a_records_creator_is_its_created_by_and_none_for_older_records() {
        let store = InMemoryStore::default();
        let ownership = Ownership::new(store.clone());
        let blog = BlogCatalog::new(store.clone(), FakeClock::default());
        let input = PostInput { title: Some("Old".into()), ..PostInput::default() };
        let old = blog.create(input).await.unwrap().post;
        let id = old.id.to_string();
        assert_eq!(ownership.creator_of(RecordKind::Post, &id).await.unwrap(), Some(None));

        let author = EntityId::generate(chrono::Utc::now());
        let mut owned = old.clone();
        owned.meta.created_by = Some(Editor { id: author, name: "Ada".into() });
        assert!(RecordRepository::<Post>::update(&store, &mut owned).await.unwrap());
        assert_eq!(ownership.creator_of(RecordKind::Post, &id).await.unwrap(), Some(Some(author)));

        let missing = EntityId::generate(chrono::Utc::now()).to_string();
        assert_eq!(ownership.creator_of(RecordKind::Post, &missing).await.unwrap(), None);
        assert_eq!(ownership.creator_of(RecordKind::Project, &id).await.unwrap(), None);
        assert_eq!(ownership.creator_of(RecordKind::Media, "not-an-id").await.unwrap(), None);
        assert!(ownership.creator_of(RecordKind::Service, &id).await.is_err());
    }
}
