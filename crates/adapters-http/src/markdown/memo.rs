//! Renderings kept in memory, keyed by the SHA-256 of what they are made from (the kind of
//! rendering, the markdown and the pictures it describes): a text is rendered once per change,
//! whichever record, read or page asks for it, and a changed text is a new key, so nothing is ever
//! stale and no write has to forget anything.
//!
//! Bounded by bytes in two generations: new renderings go into the current one; when it is full it
//! becomes the previous one (the older previous one is dropped), and a rendering found in the
//! previous one moves back into the current one. What is read stays; what nobody reads goes.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};

use sha2::{Digest, Sha256};

use crate::images::LibraryImageDto;

/// The most bytes of HTML one generation holds (both together at most twice as much).
const GENERATION_BYTES: usize = 1024 * 1024;

/// Which rendering of a text.
#[derive(Clone, Copy)]
pub enum Kind {
    Block,
    Inline,
}

type Key = [u8; 32];

#[derive(Default)]
struct Memo {
    current: HashMap<Key, Arc<str>>,
    current_bytes: usize,
    previous: HashMap<Key, Arc<str>>,
}

impl Memo {
    fn get(&mut self, key: &Key) -> Option<Arc<str>> {
        if let Some(html) = self.current.get(key) {
            return Some(Arc::clone(html));
        }
        let html = self.previous.remove(key)?;
        self.insert(*key, Arc::clone(&html));
        Some(html)
    }

    fn insert(&mut self, key: Key, html: Arc<str>) {
        let bytes = html.len() + size_of::<Key>();
        if self.current_bytes + bytes > GENERATION_BYTES {
            self.previous = std::mem::take(&mut self.current);
            self.current_bytes = 0;
        }
        self.current_bytes += bytes;
        self.current.insert(key, html);
    }
}

static MEMO: LazyLock<Mutex<Memo>> = LazyLock::new(Mutex::default);

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
    let key = key(kind, markdown, images);
    if let Some(html) = MEMO.lock().ok().and_then(|mut memo| memo.get(&key)) {
        return html.to_string();
    }
    let html = render();
    if let Ok(mut memo) = MEMO.lock() {
        memo.insert(key, Arc::from(html.as_str()));
    }
    html
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_generation_that_fills_up_becomes_the_previous_one_and_what_is_read_moves_back() {
        let mut memo = Memo::default();
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

    #[test]
    fn the_pictures_are_part_of_the_key() {
        let image = LibraryImageDto {
            path: "/media/a.png".into(),
            width: 10,
            height: 10,
            variants: vec![],
            alt: String::new(),
        };
        assert_ne!(key(Kind::Block, "x", &[]), key(Kind::Block, "x", &[image]));
        assert_ne!(key(Kind::Block, "x", &[]), key(Kind::Inline, "x", &[]));
    }
}
