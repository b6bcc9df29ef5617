//! What the tag catalogue needs from storage.

use std::collections::HashMap;
use std::future::Future;

use atelier_domain::EntityId;
use atelier_domain::slug::Slug;
use atelier_domain::tag::{Tag, TagType};

use crate::records::{Record, RecordRepository, RemoveError, SaveError};

/// Slugs are unique; a tag that records use cannot be deleted.
impl Record for Tag {
    const LABEL: &'static str = "Tag";
    type SaveError = SaveError;
    type DeleteError = RemoveError;

    crate::records::record_fields!();

    fn title(&self) -> String {
        self.name.clone()
    }
}

/// Which tags a list call wants.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TagFilter {
    /// Only tags of one of these types; `None` for every type.
    pub types: Option<Vec<TagType>>,
    /// Only these tags (a language that hides untranslated records lists only those translated
    /// there, before any limit); `None` for every tag.
    pub ids: Option<Vec<EntityId>>,
}

/// Stored tags.
pub trait TagRepository: RecordRepository<Tag> {
    /// Tags matching `filter`, ascending by name.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn list_tags(&self, filter: TagFilter) -> impl Future<Output = anyhow::Result<Vec<Tag>>> + Send;

    /// The tags with these ids (unknown ids are skipped), in one query.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_tags(&self, ids: &[EntityId]) -> impl Future<Output = anyhow::Result<Vec<Tag>>> + Send;

    /// The tag with this slug, if any.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_tag_by_slug(&self, slug: &Slug) -> impl Future<Output = anyhow::Result<Option<Tag>>> + Send;

    /// How many records use each of these tags, in one query; tags nobody uses are absent.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn tag_usage_counts(&self, ids: &[EntityId])
    -> impl Future<Output = anyhow::Result<HashMap<EntityId, u64>>> + Send;
}
