//! Revisions: the earlier versions of posts, projects and content pages. Each save that changes a
//! record's editable fields keeps the version it replaces, with who saved and when; restoring one
//! is a new save. What a kind of record may be restored from a version, and which of its fields are
//! editable, is said here once per kind ([`Versioned`]).

use chrono::{DateTime, Utc};

use crate::content::ContentPage;
use crate::home_page::HomePage;
use crate::id::EntityId;
use crate::portfolio::Project;
use crate::post::Post;

/// How many revisions a record keeps; older ones are dropped as new ones come.
pub const MAX_REVISIONS_PER_RECORD: usize = 50;

/// The kinds of records that keep revisions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RevisionKind {
    Post,
    Project,
    ContentPage,
    HomePage,
}

crate::word_enum!(RevisionKind, |text| format!("{text} is not a kind of record with revisions"), {
    Post => "post",
    Project => "project",
    ContentPage => "page",
    HomePage => "home-page",
});

/// Who made a save: the signed-in administrator.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Author {
    pub id: EntityId,
    pub name: String,
}

/// What a list of revisions shows of each.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RevisionSummary {
    pub id: EntityId,
    pub record_id: EntityId,
    /// Who made the save that replaced this version.
    pub author: Author,
    /// When that save happened.
    pub created_at: DateTime<Utc>,
    /// When this version itself was saved (the record's `updated_at` then).
    pub saved_at: DateTime<Utc>,
}

/// An earlier version of a record, kept when a save replaced it.
#[derive(Debug, Clone, PartialEq)]
pub struct Revision<T> {
    pub summary: RevisionSummary,
    /// The record as it was.
    pub snapshot: T,
}

impl<T: Versioned> Revision<T> {
    /// The version `before` that a save by `author` at `now` replaces.
    pub fn of(id: EntityId, before: T, author: Author, now: DateTime<Utc>) -> Self {
        let summary =
            RevisionSummary { id, record_id: before.id(), author, created_at: now, saved_at: before.updated_at() };
        Self { summary, snapshot: before }
    }
}

impl<T> Revision<T> {
    /// The same revision with its snapshot turned into something else (a view of it).
    pub fn map<U>(self, change: impl FnOnce(T) -> U) -> Revision<U> {
        Revision { summary: self.summary, snapshot: change(self.snapshot) }
    }
}

/// A kind of record that keeps revisions.
pub trait Versioned: Clone + PartialEq + Send + Sync + 'static {
    const KIND: RevisionKind;

    fn id(&self) -> EntityId;

    fn updated_at(&self) -> DateTime<Utc>;

    /// Takes every editable field of `version` and stamps the update time; the record's identity,
    /// version and authorship, counters and creation time stay.
    fn restore(&mut self, version: &Self, now: DateTime<Utc>);

    /// Whether `other` has the same editable fields, so a save from one to the other changes
    /// nothing worth a revision.
    fn same_fields(&self, other: &Self) -> bool {
        let mut copy = self.clone();
        copy.restore(other, self.updated_at());
        copy == *self
    }
}

impl Versioned for Post {
    const KIND: RevisionKind = RevisionKind::Post;

    fn id(&self) -> EntityId {
        self.id
    }

    fn updated_at(&self) -> DateTime<Utc> {
        self.updated_at
    }

    fn restore(&mut self, version: &Self, now: DateTime<Utc>) {
        *self = Self {
            id: self.id,
            meta: self.meta.clone(),
            views: self.views,
            review: self.review.clone(),
            created_at: self.created_at,
            updated_at: now,
            ..version.clone()
        };
    }
}

impl Versioned for Project {
    const KIND: RevisionKind = RevisionKind::Project;

    fn id(&self) -> EntityId {
        self.id
    }

    fn updated_at(&self) -> DateTime<Utc> {
        self.updated_at
    }

    fn restore(&mut self, version: &Self, now: DateTime<Utc>) {
        *self = Self {
            id: self.id,
            meta: self.meta.clone(),
            created_at: self.created_at,
            updated_at: now,
            ..version.clone()
        };
    }
}

/// A page's type is its identity and stays.
impl Versioned for ContentPage {
    const KIND: RevisionKind = RevisionKind::ContentPage;

    fn id(&self) -> EntityId {
        self.id
    }

    fn updated_at(&self) -> DateTime<Utc> {
        self.updated_at
    }

    fn restore(&mut self, version: &Self, now: DateTime<Utc>) {
        *self = Self {
            id: self.id,
            meta: self.meta.clone(),
            page_type: self.page_type.clone(),
            created_at: self.created_at,
            updated_at: now,
            ..version.clone()
        };
    }
}

/// The home page is one record: everything but its identity and creation is editable.
impl Versioned for HomePage {
    const KIND: RevisionKind = RevisionKind::HomePage;

    fn id(&self) -> EntityId {
        self.id
    }

    fn updated_at(&self) -> DateTime<Utc> {
        self.updated_at
    }

    fn restore(&mut self, version: &Self, now: DateTime<Utc>) {
        *self = Self {
            id: self.id,
            meta: self.meta.clone(),
            created_at: self.created_at,
            updated_at: now,
            ..version.clone()
        };
        self.normalize();
    }
}

#[cfg(test)]
mod tests {
    use chrono::{Duration, TimeZone};

    use super::*;
    use crate::content::{ContentPageChanges, ContentPageInput, PageType};
    use crate::post::{PostChanges, PostInput};
    use crate::slug::Slug;

    fn at(hour: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 3, 1, hour, 0, 0).unwrap()
    }

    fn post(title: &str, now: DateTime<Utc>) -> Post {
        let input = PostInput { title: Some(title.into()), content: None, ..PostInput::default() };
        Post::create(
            EntityId::generate(now),
            Slug::parse("a-post").unwrap(),
            PostChanges::parse(input, true).unwrap(),
            now,
        )
    }

    #[test]
    fn restoring_takes_the_editable_fields_and_keeps_identity_views_and_creation() {
        let old = Post { views: 3, ..post("First words", at(9)) };
        let mut current = Post {
            title: "Second words".into(),
            content: "Rewritten".into(),
            slug: Slug::parse("renamed").unwrap(),
            views: 40,
            updated_at: at(10),
            ..old.clone()
        };
        assert!(!current.same_fields(&old));
        current.restore(&old, at(11));
        assert_eq!(
            (current.title.as_str(), current.content.as_str(), current.slug.as_str()),
            ("First words", "", "a-post")
        );
        assert_eq!((current.views, current.created_at, current.updated_at), (40, at(9), at(11)));
        assert!(current.same_fields(&old), "only times and counters differ");
    }

    #[test]
    fn a_revision_remembers_when_its_version_was_saved_and_who_replaced_it() {
        let before = post("Draft", at(9));
        let author = Author { id: EntityId::generate(at(9)), name: "Ana".into() };
        let revision =
            Revision::of(EntityId::generate(at(10)), before.clone(), author.clone(), at(10) + Duration::minutes(5));
        assert_eq!(revision.summary.record_id, before.id);
        assert_eq!((revision.summary.saved_at, revision.summary.created_at), (at(9), at(10) + Duration::minutes(5)));
        assert_eq!(revision.summary.author, author);
        assert_eq!(revision.map(|post| post.title).snapshot, "Draft");
    }

    #[test]
    fn a_page_keeps_its_type_when_restored() {
        let about = PageType::parse("about").unwrap();
        let input = ContentPageInput { title: Some("About us".into()), ..ContentPageInput::default() };
        let changes = ContentPageChanges::parse(&about, input, true).unwrap();
        let old = ContentPage::create(EntityId::generate(at(9)), about, changes, at(9));
        let mut current = ContentPage { title: "About".into(), updated_at: at(10), ..old.clone() };
        let mut foreign = old.clone();
        foreign.page_type = PageType::parse("terms").unwrap();
        current.restore(&foreign, at(11));
        assert_eq!((current.title.as_str(), current.page_type.as_str()), ("About us", "about"));
    }

    #[test]
    fn kinds_have_their_words() {
        assert_eq!(RevisionKind::parse("page"), Ok(RevisionKind::ContentPage));
        assert_eq!(RevisionKind::Project.as_str(), "project");
        assert!(RevisionKind::parse("faq").is_err());
    }
}
