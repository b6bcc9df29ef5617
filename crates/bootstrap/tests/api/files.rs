//! Files the server keeps and sends: the data folder, the database, the token secret and the
//! uploads are its owner's only; a document downloads as an attachment, an image shows inline.

use std::path::Path;

use image::ImageFormat;

use crate::helpers::spawn_empty_app;
use crate::media::{photo, upload};

const PDF: &[u8] = b"%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n";

#[cfg(unix)]
#[tokio::test]
async fn the_data_folder_database_secret_and_uploads_are_the_owners_only() {
    use std::os::unix::fs::PermissionsExt;
    // A database URL of its own (with the mode SQLite takes by default), so the application makes
    // the data folder and the database itself, as on a fresh install, rather than finding the
    // tests' migrated copy there.
    let app = crate::helpers::spawn_app_with(|config| {
        config.jwt_secret = None;
        config.database_url.push_str("?mode=rwc");
    })
    .await;
    let (status, body) = upload(&app, &[("brief.pdf", PDF.to_vec())]).await;
    assert_eq!(status, 201, "{body}");
    let data = app.folder.path().join("data");
    let mode = |path: &Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&data), 0o700, "the data folder");
    for file in ["atelier.db", "atelier.db-wal", "jwt-secret"] {
        assert_eq!(mode(&data.join(file)), 0o600, "{file}");
    }
    let key = body["items"][0]["media"]["url"].as_str().unwrap().rsplit('/').next().unwrap().to_owned();
    let stored = data.join("media").join(&key[..2]).join(&key);
    assert_eq!(mode(&stored), 0o600, "an upload");
    assert_eq!(mode(stored.parent().unwrap()), 0o700, "its folder");
}

#[tokio::test]
async fn documents_download_as_attachments_and_images_show_inline() {
    let app = spawn_empty_app().await;
    let (status, body) =
        upload(&app, &[("brief.pdf", PDF.to_vec()), ("photo.png", photo(64, 48, 1, ImageFormat::Png))]).await;
    assert_eq!(status, 201, "{body}");
    let disposition = |index: usize| {
        let url = body["items"][index]["media"]["url"].as_str().unwrap().to_owned();
        let app = &app;
        async move {
            let response = app.get(&url).await;
            assert_eq!(response.status(), 200);
            response.headers().get("content-disposition").map(|value| value.to_str().unwrap().to_owned())
        }
    };
    let document = disposition(0).await.expect("a document is an attachment");
    assert!(document.starts_with("attachment; filename=\""), "{document}");
    assert_eq!(disposition(1).await, None, "an image is shown where pages place it");
}
