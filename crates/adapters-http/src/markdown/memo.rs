//! Renderings kept in memory, two ways:
//!
//! - a stored record's field ([`remember_stored`]) by what identifies its text without reading it:
//!   the record's kind, id, field, version and last change, and the text's length. The entry keeps
//!   the text and the pictures it was made from, and is served only when they are equal to those
//!   asked for (a comparison of bytes, far cheaper than a digest): an edit is a new version, and
//!   even a record whose version came back with another text (a restored backup, a translation laid
//!   over the record) never gets another text's HTML. A text that differs from its entry's goes the
//!   digest's way and then takes the entry over.
//! - any other text ([`remember`]: a preview, a text with no stored identity) by the SHA-256 of what
//!   it is made from (the kind of rendering, the markdown and the pictures it describes): a text is
//!   rendered once per change, whichever read or page asks for it, and a changed text is a new key,
//!   so nothing is ever stale and no write has to forget anything.
//!
//! Each is bounded by bytes in two generations: new renderings go into the current one; when it is
//! full it becomes the previous one (the older previous one is dropped), and a rendering found in
//! the previous one moves back into the current one. What is read stays; what nobody reads goes.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, LazyLock, Mutex};

use atelier_domain::EntityId;
use chrono::{DateTime, Utc};
use sha2::{Digest, Sha256};

use crate::images::LibraryImageDto;

/// The most bytes one generation of either memo holds (both generations of both memos together at
/// most four times as much): HTML, and for stored records the text and pictures compared.
const GENERATION_BYTES: usize = 1024 * 1024;

/// Which rendering of a text.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Kind {
    Block,
    Inline,
}

type Key = [u8; 32];

/// What a memo keeps for a key, and the bytes it takes.
trait Weighed: Clone {
    fn bytes(&self) -> usize;
}

impl Weighed for Arc<str> {
    fn bytes(&self) -> usize {
        self.len()
    }
}

struct Memo<K, V> {
    current: HashMap<K, V>,
    current_bytes: usize,
    previous: HashMap<K, V>,
}

impl<K, V> Default for Memo<K, V> {
    fn default() -> Self {
        Self { current: HashMap::new(), current_bytes: 0, previous: HashMap::new() }
    }
}

impl<K: Hash + Eq + Clone, V: Weighed> Memo<K, V> {
    fn get(&mut self, key: &K) -> Option<V> {
        if let Some(value) = self.current.get(key) {
            return Some(value.clone());
        }
        let value = self.previous.remove(key)?;
        self.insert(key.clone(), value.clone());
        Some(value)
    }

    fn insert(&mut self, key: K, value: V) {
        let bytes = value.bytes() + size_of::<K>();
        if self.current_bytes + bytes > GENERATION_BYTES {
            self.previous = std::mem::take(&mut self.current);
            self.current_bytes = 0;
        }
        self.current_bytes += bytes;
        if let Some(replaced) = self.current.insert(key, value) {
            self.current_bytes = self.current_bytes.saturating_sub(replaced.bytes() + size_of::<K>());
        }
    }
}

static MEMO: LazyLock<Mutex<Memo<Key, Arc<str>>>> = LazyLock::new(Mutex::default);

/// What identifies a stored record's text: the kind of record (`"post"`), its id and version, when
/// it last changed, and which of its fields (`"content"`; `index` tells the items of a list apart).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Stored {
    pub record: &'static str,
    pub id: EntityId,
    pub version: i64,
    pub updated_at: DateTime<Utc>,
    pub field: &'static str,
    pub index: u32,
}

impl Stored {
    /// The field `field` of the record `record` `id` at `version`, changed last at `updated_at`.
    pub fn field(
        record: &'static str,
        id: EntityId,
        version: i64,
        updated_at: DateTime<Utc>,
        field: &'static str,
    ) -> Self {
        Self { record, id, version, updated_at, field, index: 0 }
    }

    /// The item `index` of the list field.
    #[must_use]
    pub fn item(self, index: usize) -> Self {
        Self { index: u32::try_from(index).unwrap_or(u32::MAX), ..self }
    }
}

/// A stored field's key: its identity, the kind of rendering and the text's length.
#[derive(Clone, PartialEq, Eq, Hash)]
struct StoredKey {
    stored: Stored,
    kind: Kind,
    length: usize,
}

/// A stored field's rendering with what it was made from.
#[derive(Clone)]
struct Rendered {
    markdown: Arc<str>,
    images: Arc<[LibraryImageDto]>,
    html: Arc<str>,
}

impl Weighed for Rendered {
    fn bytes(&self) -> usize {
        let images: usize = self
            .images
            .iter()
            .map(|image| {
                size_of::<LibraryImageDto>()
                    + image.path.len()
                    + image.alt.len()
                    + image.variants.iter().map(|variant| size_of_val(variant) + variant.url.len()).sum::<usize>()
            })
            .sum();
        self.markdown.len() + self.html.len() + images
    }
}

static STORED: LazyLock<Mutex<Memo<StoredKey, Rendered>>> = LazyLock::new(Mutex::default);

fn key(kind: Kind, markdown: &str, images: &[LibraryImageDto]) -> Key {
    let mut hash = Sha256::new();
    hash.update([kind as u8]);
    hash.update((markdown.len() as u64).to_le_bytes());
    hash.update(markdown.as_bytes());
    for image in images {
        for part in
            [image.path.as_bytes(), &image.width.to_le_bytes(), &image.height.to_le_bytes(), image.alt.as_bytes()]
        {
            hash.update((part.len() as u64).to_le_bytes());
            hash.update(part);
        }
        for variant in &image.variants {
            hash.update((variant.url.len() as u64).to_le_bytes());
            hash.update(variant.url.as_bytes());
            hash.update(variant.width.to_le_bytes());
        }
    }
    hash.finalize().into()
}

/// The rendering of `markdown` (with `images`) as `render` makes it, made at most once while it is
/// remembered. Rendering happens outside the lock, so one long text never holds up the others.
pub fn remember(kind: Kind, markdown: &str, images: &[LibraryImageDto], render: impl FnOnce() -> String) -> String {
    remembered(kind, markdown, images, render).to_string()
}

/// [`remember`], as the memo holds it.
fn remembered(kind: Kind, markdown: &str, images: &[LibraryImageDto], render: impl FnOnce() -> String) -> Arc<str> {
    let key = key(kind, markdown, images);
    if let Some(html) = MEMO.lock().ok().and_then(|mut memo| memo.get(&key)) {
        return html;
    }
    let html: Arc<str> = Arc::from(render());
    if let Ok(mut memo) = MEMO.lock() {
        memo.insert(key, Arc::clone(&html));
    }
    html
}

/// [`remember`] for the field `stored` of a record, whose text is `markdown`: found by the field's
/// identity, and served only when the text and pictures kept with it are `markdown` and `images`.
/// A field not kept goes the digest's way ([`remember`]: rendered only when no field or preview
/// with the same text was) and is then kept with the same HTML; a field kept with another text or
/// other pictures (a translation of the same length laid over the record, a record restored with an
/// old version) goes the digest's way and leaves the entry as it is.
pub fn remember_stored(
    stored: Stored,
    kind: Kind,
    markdown: &str,
    images: &[LibraryImageDto],
    render: impl FnOnce() -> String,
) -> String {
    let key = StoredKey { stored, kind, length: markdown.len() };
    if let Some(kept) = STORED.lock().ok().and_then(|mut memo| memo.get(&key)) {
        if &*kept.markdown == markdown && &*kept.images == images {
            return kept.html.to_string();
        }
        return remember(kind, markdown, images, render);
    }
    let html = remembered(kind, markdown, images, render);
    let rendered = Rendered { markdown: Arc::from(markdown), images: Arc::from(images), html: Arc::clone(&html) };
    if let Ok(mut memo) = STORED.lock() {
        memo.insert(key, rendered);
    }
    html.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_generation_that_fills_up_becomes_the_previous_one_and_what_is_read_moves_back() {
        let mut memo = Memo::<Key, Arc<str>>::default();
        let big: Arc<str> = Arc::from("x".repeat(GENERATION_BYTES / 3).as_str());
        memo.insert([1; 32], Arc::clone(&big));
        memo.insert([2; 32], Arc::clone(&big));
        memo.insert([3; 32], Arc::clone(&big));
        assert!(memo.previous.contains_key(&[1; 32]));
        assert!(memo.get(&[1; 32]).is_some(), "found in the previous generation");
        assert!(memo.current.contains_key(&[1; 32]), "and moved back into the current one");
        memo.insert([4; 32], Arc::clone(&big));
        memo.insert([5; 32], big);
        assert!(memo.get(&[2; 32]).is_none(), "unread renderings are dropped");
        assert!(memo.current_bytes <= GENERATION_BYTES);
    }

    fn field(id: EntityId, version: i64) -> Stored {
        Stored::field("post", id, version, DateTime::UNIX_EPOCH, "content")
    }

    /// Renders by counting: what `remember_stored` answers, and whether it rendered.
    fn read(stored: Stored, markdown: &str, images: &[LibraryImageDto]) -> (String, bool) {
        let mut rendered = false;
        let html = remember_stored(stored, Kind::Block, markdown, images, || {
            rendered = true;
            format!("<p>{markdown}</p>")
        });
        (html, rendered)
    }

    #[test]
    fn a_stored_field_is_rendered_once_and_then_served_by_its_identity() {
        let id = EntityId::generate(DateTime::UNIX_EPOCH);
        assert_eq!(read(field(id, 1), "identity one", &[]), ("<p>identity one</p>".into(), true));
        assert_eq!(read(field(id, 1), "identity one", &[]), ("<p>identity one</p>".into(), false));
        assert_eq!(read(field(id, 2), "identity two", &[]), ("<p>identity two</p>".into(), true), "an edit");
    }

    #[test]
    fn a_field_kept_with_another_text_of_its_length_is_never_served_for_this_one() {
        let id = EntityId::generate(DateTime::UNIX_EPOCH);
        assert_eq!(read(field(id, 1), "same length a", &[]).0, "<p>same length a</p>");
        // The same identity with another text (a translation laid over the record, a restored
        // record whose version came back): rendered, never the kept one.
        assert_eq!(read(field(id, 1), "same length b", &[]), ("<p>same length b</p>".into(), true));
        assert_eq!(read(field(id, 1), "same length a", &[]), ("<p>same length a</p>".into(), false));
        let image = picture();
        assert!(read(field(id, 1), "same length a", &[image]).1, "other pictures are another rendering");
    }

    /// A library picture a text may show.
    fn picture() -> LibraryImageDto {
        LibraryImageDto { path: "/media/a.png".into(), width: 10, height: 10, variants: vec![], alt: String::new() }
    }

    #[test]
    fn two_records_sharing_a_text_part_when_one_is_edited() {
        let (first, second) = (EntityId::generate(DateTime::UNIX_EPOCH), EntityId::generate(DateTime::UNIX_EPOCH));
        assert_eq!(read(field(first, 1), "shared text", &[]).0, "<p>shared text</p>");
        assert_eq!(read(field(second, 1), "shared text", &[]).0, "<p>shared text</p>");
        assert_eq!(read(field(first, 2), "edited text", &[]).0, "<p>edited text</p>");
        assert_eq!(read(field(second, 1), "shared text", &[]), ("<p>shared text</p>".into(), false));
        assert_eq!(read(field(first, 2), "edited text", &[]), ("<p>edited text</p>".into(), false));
    }

    #[test]
    fn the_pictures_are_part_of_the_key() {
        let image = picture();
        assert_ne!(key(Kind::Block, "x", &[]), key(Kind::Block, "x", &[image]));
        assert_ne!(key(Kind::Block, "x", &[]), key(Kind::Inline, "x", &[]));
    }
}
