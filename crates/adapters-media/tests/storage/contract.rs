//! What the media library relies on from a storage: keys the library did not make are refused,
//! files round-trip byte for byte, writing the same key twice is harmless, sizes and byte ranges are
//! exact, a range past the end is an error, missing files are `None`, deletes are quiet.

use std::sync::Arc;

use atelier_application::media::ports::BlobStorage;
use atelier_domain::media::{MediaFormat, content_hash, original_key, variant_key};

fn pattern(length: usize, seed: u8) -> Vec<u8> {
    (0..length).map(|index| u8::try_from(index % 251).unwrap() ^ seed).collect()
}

/// Runs every clause of the contract against `storage`.
pub async fn check<B: BlobStorage>(storage: &B) {
    missing_files_are_none(storage).await;
    files_round_trip_with_exact_sizes_and_ranges(storage).await;
    copies_and_concurrent_writes_land(storage).await;
    keys_the_library_did_not_make_are_refused(storage).await;
}

async fn missing_files_are_none<B: BlobStorage>(storage: &B) {
    let key = original_key(&content_hash(b"never stored"), MediaFormat::Png);
    assert_eq!(storage.get(&key).await.unwrap(), None);
    assert_eq!(storage.size(&key).await.unwrap(), None);
    assert_eq!(storage.get_range(&key, 0..1).await.unwrap(), None);
    storage.delete(&key).await.expect("deleting nothing is not an error");
}

async fn files_round_trip_with_exact_sizes_and_ranges<B: BlobStorage>(storage: &B) {
    let bytes = pattern(70_000, 3);
    let key = original_key(&content_hash(&bytes), MediaFormat::Mp4);
    storage.put(&key, Arc::from(bytes.as_slice()), "video/mp4").await.unwrap();
    storage.put(&key, Arc::from(bytes.as_slice()), "video/mp4").await.expect("the same key again is harmless");
    assert_eq!(storage.get(&key).await.unwrap().as_deref(), Some(bytes.as_slice()));
    assert_eq!(storage.size(&key).await.unwrap(), Some(70_000));
    for range in [0..10, 69_990..70_000, 12_345..12_346, 0..70_000] {
        let (start, end) = (usize::try_from(range.start).unwrap(), usize::try_from(range.end).unwrap());
        let part = storage.get_range(&key, range.clone()).await.unwrap();
        assert_eq!(part.as_deref(), Some(&bytes[start..end]), "{range:?}");
    }
    assert!(storage.get_range(&key, 69_995..70_005).await.is_err(), "a range past the end is an error");

    storage.delete(&key).await.unwrap();
    assert_eq!(storage.get(&key).await.unwrap(), None);
    assert_eq!(storage.size(&key).await.unwrap(), None);
    storage.delete(&key).await.expect("deleting twice is quiet");
}

async fn copies_and_concurrent_writes_land<B: BlobStorage>(storage: &B) {
    let files: Vec<(String, Vec<u8>)> = (0..8_u8)
        .map(|seed| {
            let bytes = pattern(5_000 + usize::from(seed), seed);
            (variant_key(&content_hash(&bytes), 480), bytes)
        })
        .collect();
    let mut writes = tokio::task::JoinSet::new();
    for (key, bytes) in &files {
        let (storage, key, bytes) = (storage.clone(), key.clone(), Arc::from(bytes.as_slice()));
        writes.spawn(async move { storage.put(&key, bytes, "image/webp").await });
    }
    for written in writes.join_all().await {
        written.unwrap();
    }
    for (key, bytes) in &files {
        assert_eq!(storage.get(key).await.unwrap().as_ref(), Some(bytes), "{key}");
        storage.delete(key).await.unwrap();
    }
}

async fn keys_the_library_did_not_make_are_refused<B: BlobStorage>(storage: &B) {
    for key in ["../secret.png", "x", "/etc/passwd", "..%2f.png", ""] {
        assert!(storage.get(key).await.is_err(), "{key}");
        assert!(storage.size(key).await.is_err(), "{key}");
        assert!(storage.get_range(key, 0..1).await.is_err(), "{key}");
        assert!(storage.put(key, Arc::from(&b"x"[..]), "image/png").await.is_err(), "{key}");
        assert!(storage.delete(key).await.is_err(), "{key}");
    }
}
