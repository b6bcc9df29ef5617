//! The local folder keeps the contract, and leaves no temporary file behind.

use atelier_adapters_media::{LocalStorage, Storage};

use crate::contract;

#[tokio::test]
async fn a_local_folder_keeps_the_storage_contract() {
    let folder = tempfile::tempdir().unwrap();
    contract::check(&Storage::Local(LocalStorage::new(folder.path().join("media")))).await;

    let mut leftovers = Vec::new();
    for entry in walk(&folder.path().join("media")) {
        leftovers.push(entry);
    }
    assert_eq!(leftovers, Vec::<String>::new(), "every file deleted, no temporary file left");
}

fn walk(folder: &std::path::Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(folder) else { return Vec::new() };
    entries
        .flatten()
        .flat_map(|entry| {
            let path = entry.path();
            if path.is_dir() { walk(&path) } else { vec![path.display().to_string()] }
        })
        .collect()
}
