//! The stored answers of one generation, bounded by bytes ([`Entries`]): when a new answer does not
//! fit, the answers read least are dropped, so that what visitors and crawlers ask for most stays.
//!
//! Each answer counts its reads ([`CachedBody::read`]). Making room drops the answers with the
//! fewest reads (the oldest first among equals) until a quarter of the budget is free, then halves
//! every remaining count: a burst of reads long ago weighs less than steady reads now, and a scan
//! of the whole budget happens once per quarter of it, not on every store.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::Ordering;

use atelier_application::freshness::Stamp;

use super::CachedBody;

/// What an entry costs beyond its key and bodies: the map's slot, the entry's fields and headers.
const ENTRY_OVERHEAD: usize = 256;

/// The stored answers, by key, and the pages by the address asked.
#[derive(Debug)]
pub(super) struct Entries {
    pub(super) by_key: HashMap<Box<str>, Arc<CachedBody>>,
    /// Pages by the address asked for ([`super::page_key`]): the key each page is stored under.
    pub(super) pages: HashMap<Box<str>, Box<str>>,
    /// The newest generation stored; entries of older ones are gone.
    pub(super) newest: Option<Stamp>,
    /// What the entries take, counting room for each one's compressed copy.
    bytes: usize,
    /// The most they may take.
    budget: usize,
    /// How many entries were stored: each one's place in the order of the stores.
    stores: u64,
}

/// What an entry under `key` with this body takes: its key, the body and room for its compressed
/// copy, and its fields.
fn cost(key: &str, entry: &CachedBody) -> usize {
    key.len() + 2 * entry.body.len() + ENTRY_OVERHEAD
}

/// What an address pointing at a page's key takes.
fn address_cost(asked: &str, key: &str) -> usize {
    asked.len() + key.len() + ENTRY_OVERHEAD / 4
}

impl Entries {
    pub(super) fn new(budget: usize) -> Self {
        Self { by_key: HashMap::new(), pages: HashMap::new(), newest: None, bytes: 0, budget, stores: 0 }
    }

    /// The bytes the entries take.
    #[cfg(test)]
    pub(super) fn bytes(&self) -> usize {
        self.bytes
    }

    /// Drops everything (a new generation).
    pub(super) fn clear(&mut self) {
        self.by_key.clear();
        self.pages.clear();
        self.bytes = 0;
    }

    /// Stores `entry` under `key`, making room for it by dropping the entries read least; an entry
    /// larger than a quarter of the budget is not stored. Whether it was stored.
    pub(super) fn insert(&mut self, key: &str, entry: Arc<CachedBody>) -> bool {
        let size = cost(key, &entry);
        if size > self.budget / 4 {
            return false;
        }
        self.remove(key);
        if self.bytes + size > self.budget {
            self.make_room(size);
        }
        self.stores += 1;
        entry.sequence.store(self.stores, Ordering::Relaxed);
        self.by_key.insert(key.into(), entry);
        self.bytes += size;
        true
    }

    /// Points the address `asked` at the page under `key`, when there is room for it.
    pub(super) fn point(&mut self, asked: &str, key: &str) {
        if self.pages.get(asked).is_some_and(|known| &**known == key) {
            return;
        }
        let size = address_cost(asked, key);
        if self.bytes + size > self.budget {
            return;
        }
        if let Some(previous) = self.pages.insert(asked.into(), key.into()) {
            self.bytes -= address_cost(asked, &previous);
        }
        self.bytes += size;
    }

    /// Drops the entry under `key`, if any.
    pub(super) fn remove(&mut self, key: &str) {
        if let Some(previous) = self.by_key.remove(key) {
            self.bytes -= cost(key, &previous);
        }
    }

    /// Drops the entries read least, the oldest first among equals, until `size` more bytes and a
    /// quarter of the budget are free; then halves the reads of those that stay.
    fn make_room(&mut self, size: usize) {
        let target = (self.budget - self.budget / 4).min(self.budget - size);
        let mut ranked: Vec<(u32, u64, Box<str>)> = self
            .by_key
            .iter()
            .map(|(key, entry)| {
                (entry.reads.load(Ordering::Relaxed), entry.sequence.load(Ordering::Relaxed), key.clone())
            })
            .collect();
        ranked.sort_unstable_by_key(|(reads, sequence, _)| (*reads, *sequence));
        for (_, _, key) in ranked {
            if self.bytes <= target {
                break;
            }
            self.remove(&key);
        }
        let by_key = &self.by_key;
        let mut freed = 0;
        self.pages.retain(|asked, key| {
            let kept = by_key.contains_key(&**key);
            if !kept {
                freed += address_cost(asked, key);
            }
            kept
        });
        self.bytes -= freed;
        for entry in self.by_key.values() {
            let reads = entry.reads.load(Ordering::Relaxed);
            entry.reads.store(reads / 2, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use actix_web::http::header::HeaderValue;
    use actix_web::web::Bytes;
    use atelier_application::freshness::ContentGeneration;

    use super::*;

    fn body(len: usize) -> Arc<CachedBody> {
        let stamp = ContentGeneration::new().stamp();
        Arc::new(CachedBody::new(stamp, HeaderValue::from_static("application/json"), Bytes::from(vec![b'x'; len])))
    }

    /// What the entries take, counted again from what they hold.
    fn counted(entries: &Entries) -> usize {
        entries.by_key.iter().map(|(key, entry)| cost(key, entry)).sum::<usize>()
            + entries.pages.iter().map(|(asked, key)| address_cost(asked, key)).sum::<usize>()
    }

    #[test]
    fn the_entries_never_take_more_than_the_budget() {
        let budget = 64 * 1024;
        let mut entries = Entries::new(budget);
        let mut seed = 7_u64;
        for index in 0..2_000 {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let len = usize::try_from(seed >> 52).unwrap(); // 0..4096 bytes
            let key = format!("api /posts/{}", index % 300);
            let stored = entries.insert(&key, body(len));
            assert!(stored, "an entry well under a quarter of the budget is stored");
            if index % 3 == 0 {
                entries.point(&format!("page at /blog/{index}"), &key);
            }
            if let Some(entry) = entries.by_key.get(&*key) {
                entry.read();
            }
            assert!(entries.bytes() <= budget, "{} bytes after {index} stores", entries.bytes());
            assert_eq!(entries.bytes(), counted(&entries), "the count is what the entries hold");
        }
        assert!(entries.pages.values().all(|key| entries.by_key.contains_key(key)), "no address points nowhere");
        assert!(!entries.insert("api /huge", body(budget / 4)), "an entry over a quarter of the budget is refused");
        assert!(entries.bytes() > budget / 2, "room is made a quarter at a time, not by emptying the cache");
    }

    #[test]
    fn what_is_read_most_stays_when_room_is_made() {
        let budget = 100 * (1_000 + 2 * 100 + ENTRY_OVERHEAD);
        let mut entries = Entries::new(budget);
        let hot: Vec<String> = (0..20).map(|index| format!("api /hot/{index}")).collect();
        for key in &hot {
            entries.insert(key, body(500));
        }
        // Reads of the hot answers go on while a crawler walks 1,000 answers once each.
        for round in 0..1_000 {
            let key = format!("api /cold/{round}");
            entries.insert(&key, body(500));
            entries.by_key[&*key].read();
            for key in &hot {
                if let Some(entry) = entries.by_key.get(&**key) {
                    entry.read();
                }
            }
        }
        let kept = hot.iter().filter(|key| entries.by_key.contains_key(&***key)).count();
        assert_eq!(kept, hot.len(), "every answer read on every round stays");
        let cold = entries.by_key.len() - kept;
        assert!(cold > 0 && cold < 100, "the rest of the budget holds the newest cold answers ({cold})");
        assert!(entries.by_key.contains_key("api /cold/999"), "the answer just stored is there");
    }

    #[test]
    fn among_answers_read_as_often_the_oldest_go_first() {
        let budget = 8 * cost("api /0", &body(1_000));
        let mut entries = Entries::new(budget);
        for index in 0..9 {
            entries.insert(&format!("api /{index}"), body(1_000));
        }
        assert!(!entries.by_key.contains_key("api /0") && !entries.by_key.contains_key("api /1"));
        assert!(entries.by_key.contains_key("api /8") && entries.by_key.contains_key("api /7"));
        assert_eq!(entries.by_key.len(), 7, "room for a quarter of the budget was made, then the new one stored");
    }
}
