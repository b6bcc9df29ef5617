//! The media library over HTTP: multipart uploads (one file, several, at once from many clients),
//! each refusal with its status and nothing left behind, serving with long caching, edits, deletes
//! refused while content shows a file.

use std::io::Cursor;
use std::path::Path;

use crate::multipart::{Form, Multipart, Part};
use image::{DynamicImage, ImageBuffer, ImageFormat, Rgb};
use serde_json::{Value, json};

use crate::helpers::{MEDIA_MAX_BYTES, TestApp, json_of, spawn_empty_app};

pub fn photo(width: u32, height: u32, seed: u8, format: ImageFormat) -> Vec<u8> {
    let pixels = ImageBuffer::from_fn(width, height, |x, y| {
        Rgb([x.to_le_bytes()[0] ^ seed, y.to_le_bytes()[0], seed.wrapping_mul(7)])
    });
    let mut bytes = Vec::new();
    DynamicImage::ImageRgb8(pixels).write_to(&mut Cursor::new(&mut bytes), format).unwrap();
    bytes
}

/// A blank 8000 × 5001 PNG: a few kilobytes, one row over 40 megapixels.
fn huge_png() -> Vec<u8> {
    let mut bytes = std::io::Cursor::new(Vec::new());
    image::DynamicImage::new_luma8(8000, 5001).write_to(&mut bytes, ImageFormat::Png).unwrap();
    bytes.into_inner()
}

pub fn pdf() -> Vec<u8> {
    b"%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n".to_vec()
}

fn program() -> Vec<u8> {
    let mut elf = b"\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x02\0\x3e\0\x01\0\0\0".to_vec();
    elf.resize(4096, 0x90);
    elf
}

fn form(files: &[(&str, Vec<u8>)]) -> Form {
    files.iter().fold(Form::new(), |form, (name, bytes)| {
        // The browser's claimed type is ignored; claim the wrong one on purpose.
        form.part("files", Part::bytes(bytes.clone()).file_name((*name).to_owned()).mime_str("image/png"))
    })
}

pub async fn upload(app: &TestApp, files: &[(&str, Vec<u8>)]) -> (u16, Value) {
    let request = app.admin().request(reqwest::Method::POST, "/api/media").multipart(form(files));
    json_of(request.send().await.expect("answered")).await
}

/// Every stored file under the media folder.
fn stored_files(app: &TestApp) -> Vec<String> {
    fn walk(folder: &Path, found: &mut Vec<String>) {
        let Ok(entries) = std::fs::read_dir(folder) else { return };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, found);
            } else {
                found.push(path.file_name().unwrap().to_string_lossy().into_owned());
            }
        }
    }
    let mut found = Vec::new();
    walk(&app.folder.path().join("data").join("media"), &mut found);
    found.sort();
    found
}

async fn total(app: &TestApp) -> u64 {
    let (status, body) = app.admin().get_json("/api/media").await;
    assert_eq!(status, 200, "{body}");
    body["totalItems"].as_u64().unwrap()
}

async fn assert_nothing_left(app: &TestApp, what: &str) {
    assert_eq!(total(app).await, 0, "{what}: no record");
    assert_eq!(stored_files(app), Vec::<String>::new(), "{what}: no file");
}

#[tokio::test]
async fn an_image_is_stored_with_webp_copies_and_served_with_long_caching() {
    let app = spawn_empty_app().await;
    let (status, body) = upload(&app, &[("Studio_at-night.jpeg", photo(1200, 800, 1, ImageFormat::Png))]).await;
    assert_eq!(status, 201, "{body}");
    let item = &body["items"][0]["media"];
    assert_eq!(body["items"][0]["created"], true);
    assert_eq!((item["title"].as_str(), item["kind"].as_str()), (Some("Studio at night"), Some("image")));
    assert_eq!(
        (item["mimeType"].as_str(), item["width"].as_u64(), item["height"].as_u64()),
        (Some("image/png"), Some(1200), Some(800))
    );
    let url = item["url"].as_str().unwrap();
    assert!(url.starts_with("/media/") && Path::new(url).extension().is_some_and(|e| e == "png"), "{url}");
    let widths: Vec<_> =
        item["variants"].as_array().unwrap().iter().map(|v| (v["width"].clone(), v["height"].clone())).collect();
    assert_eq!(widths, [(json!(480), json!(320)), (json!(960), json!(640))], "never upscaled to 1600");
    assert_eq!(stored_files(&app).len(), 3);

    let response = app.get(url).await;
    assert_eq!(response.status(), 200);
    let headers = response.headers().clone();
    assert_eq!(headers["content-type"], "image/png");
    assert_eq!(headers["cache-control"], "public, max-age=31536000, immutable");
    assert_eq!(headers["x-content-type-options"], "nosniff");
    assert!(headers.get("content-encoding").is_none_or(|value| value == "identity"));
    let etag = headers["etag"].to_str().unwrap().to_owned();
    assert_eq!(response.bytes().await.unwrap().len() as u64, item["size"].as_u64().unwrap());
    let again = app.anonymous().request(reqwest::Method::GET, url).header("if-none-match", &etag).send().await.unwrap();
    assert_eq!(again.status(), 304);
    assert_eq!(again.headers()["etag"].to_str().unwrap(), etag);

    let variant = item["variants"][0]["url"].as_str().unwrap();
    let response = app.get(variant).await;
    assert_eq!((response.status().as_u16(), response.headers()["content-type"].to_str().unwrap()), (200, "image/webp"));
    let copy = image::load_from_memory_with_format(&response.bytes().await.unwrap(), ImageFormat::WebP).unwrap();
    assert_eq!((copy.width(), copy.height()), (480, 320));

    for missing in ["/media/nope.png", "/media/../data/atelier.db", &url.replace(".png", ".gif")] {
        assert_eq!(app.get(missing).await.status(), 404, "{missing}");
    }
}

#[tokio::test]
async fn a_file_over_the_limit_is_refused_with_413_and_leaves_nothing() {
    let app = spawn_empty_app().await;
    let mut big = photo(16, 16, 1, ImageFormat::Png);
    big.resize(usize::try_from(MEDIA_MAX_BYTES).unwrap() + 1, 0);
    let (status, body) = upload(&app, &[("huge.png", big)]).await;
    assert_eq!(status, 413, "{body}");
    assert_eq!(body["message"], "huge.png: The file is larger than the 1 MiB limit");
    assert_nothing_left(&app, "oversize").await;

    // Far past the limit: refused from the declared length, before any of it is read.
    let huge = vec![0_u8; usize::try_from(MEDIA_MAX_BYTES).unwrap() * 25];
    let (status, _) = upload(&app, &[("enormous.png", huge)]).await;
    assert_eq!(status, 413);
    assert_nothing_left(&app, "enormous").await;
}

#[tokio::test]
async fn wrong_types_renamed_programs_svg_and_empty_files_are_refused() {
    let app = spawn_empty_app().await;
    let svg = br#"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>"#.to_vec();
    let zip = b"PK\x03\x04\x14\0\0\0\x08\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0".to_vec();
    for (name, bytes, status, says) in [
        (
            "holiday.png",
            program(),
            415,
            "holiday.png: This file's content is application/x-executable, which is not accepted",
        ),
        ("logo.svg", svg, 415, "logo.svg: SVG files are not accepted"),
        ("archive.jpg", zip, 415, "archive.jpg: This file's content is application/zip"),
        ("notes.pdf", b"just text, no PDF".to_vec(), 415, "could not be recognised"),
        ("empty.png", Vec::new(), 422, "empty.png: The file is empty"),
        ("cut.png", photo(300, 300, 2, ImageFormat::Png)[..200].to_vec(), 422, "cut.png: The image could not be read"),
        (
            "huge.png",
            huge_png(),
            422,
            "huge.png: The image is too large to process: at most 40 megapixels, and this one is 8000 × 5001",
        ),
    ] {
        let (answer, body) = upload(&app, &[(name, bytes)]).await;
        assert_eq!(answer, status, "{name}: {body}");
        assert!(body["message"].as_str().unwrap().contains(says), "{name}: {body}");
    }
    assert_nothing_left(&app, "refused types").await;

    let (status, body) = app.admin().send_raw(reqwest::Method::POST, "/api/media", "application/json", "{}").await;
    assert_eq!(status, 415, "{body}");
    let no_file = Form::new().text("title", "no file");
    let request = app.admin().request(reqwest::Method::POST, "/api/media").multipart(no_file);
    let (status, body) = json_of(request.send().await.unwrap()).await;
    assert_eq!((status, body["errors"]["files"].as_str()), (422, Some("Choose at least one file to upload")));
    let request = app.anonymous().request(reqwest::Method::POST, "/api/media").multipart(form(&[("a.pdf", pdf())]));
    assert_eq!(request.send().await.unwrap().status(), 401);
    assert_nothing_left(&app, "not a form").await;
}

#[tokio::test]
async fn several_files_at_once_are_stored_together_or_not_at_all() {
    let app = spawn_empty_app().await;
    let files = [
        ("one.png", photo(600, 400, 1, ImageFormat::Png)),
        ("brief.pdf", pdf()),
        ("two.jpg", photo(500, 500, 2, ImageFormat::Jpeg)),
    ];
    let (status, body) = upload(&app, &files).await;
    assert_eq!(status, 201, "{body}");
    let kinds: Vec<_> =
        body["items"].as_array().unwrap().iter().map(|i| i["media"]["kind"].as_str().unwrap().to_owned()).collect();
    assert_eq!(kinds, ["image", "document", "image"]);
    assert_eq!(total(&app).await, 3);

    // The same files again: the items already there, nothing new stored.
    let before = stored_files(&app);
    let (status, body) = upload(&app, &files[..2]).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["items"][0]["created"], false);
    assert_eq!((total(&app).await, stored_files(&app)), (3, before.clone()));

    // One bad file refuses the whole request; the good ones sent before it are not kept.
    let mixed = [
        ("three.png", photo(700, 300, 3, ImageFormat::Png)),
        ("four.webp", photo(64, 64, 4, ImageFormat::WebP)),
        ("tool.png", program()),
    ];
    let (status, body) = upload(&app, &mixed).await;
    assert_eq!(status, 415, "{body}");
    assert!(body["message"].as_str().unwrap().starts_with("tool.png: "), "{body}");
    assert_eq!((total(&app).await, stored_files(&app)), (3, before));
}

#[tokio::test]
async fn concurrent_uploads_each_land_once() {
    let app = std::sync::Arc::new(spawn_empty_app().await);
    let mut uploads = tokio::task::JoinSet::new();
    for seed in 0..8_u8 {
        let app = app.clone();
        uploads.spawn(async move {
            upload(&app, &[(&format!("photo-{seed}.png"), photo(900, 600, seed, ImageFormat::Png))]).await
        });
    }
    // Two clients sending the same file at the same moment get one item.
    for _ in 0..2 {
        let app = app.clone();
        uploads.spawn(async move { upload(&app, &[("same.png", photo(900, 600, 99, ImageFormat::Png))]).await });
    }
    let mut ids = std::collections::BTreeSet::new();
    while let Some(result) = uploads.join_next().await {
        let (status, body) = result.unwrap();
        assert_eq!(status, 201, "{body}");
        ids.insert(body["items"][0]["media"]["_id"].as_str().unwrap().to_owned());
    }
    assert_eq!(ids.len(), 9);
    assert_eq!(total(&app).await, 9);
    assert_eq!(stored_files(&app).len(), 9 * 2, "each with its original and one 480 px copy");
}

#[tokio::test]
async fn items_are_listed_edited_and_deleted_unless_content_shows_them() {
    let app = spawn_empty_app().await;
    let (_, body) = upload(&app, &[("ada.png", photo(1000, 1000, 5, ImageFormat::Png)), ("deck.pdf", pdf())]).await;
    let photo_item = body["items"][0]["media"].clone();
    let id = photo_item["_id"].as_str().unwrap();

    let edit = json!({"title": "Ada Lovelace", "alt": "Ada smiling", "tags": ["Team", "team", " Portrait "]});
    let (status, edited) = app.admin().put_json(&format!("/api/media/{id}"), &edit).await;
    assert_eq!(status, 200, "{edited}");
    assert_eq!(edited["tags"], json!(["team", "portrait"]));
    let (status, body) = app.admin().put_json(&format!("/api/media/{id}"), &json!({"title": " "})).await;
    assert_eq!((status, body["errors"]["title"].as_str()), (422, Some("Title is required")));

    let (_, images) = app.admin().get_json("/api/media?kind=image&search=lovelace").await;
    assert_eq!(images["totalItems"], 1);
    let (_, tagged) = app.admin().get_json("/api/media?tag=PORTRAIT").await;
    assert_eq!(tagged["media"][0]["_id"], id);
    let (_, documents) = app.admin().get_json("/api/media?kind=document").await;
    assert_eq!(documents["media"][0]["title"], "deck");
    let (_, tags) = app.admin().get_json("/api/media/tags").await;
    assert_eq!(tags, json!([{"tag": "portrait", "count": 1}, {"tag": "team", "count": 1}]));
    assert_eq!(app.admin().get_json("/api/media?kind=audio").await.0, 400);

    let member = json!({"name": "Ada", "position": "Engineer", "email": "ada@atelier.test", "avatar": photo_item["variants"][0]["url"]});
    let (status, created) = app.admin().post_json("/api/team", &member).await;
    assert_eq!(status, 201, "{created}");
    let (status, refused) = app.admin().delete(&format!("/api/media/{id}")).await;
    assert_eq!(status, 409, "{refused}");
    assert_eq!(
        refused["message"],
        "This media item is used as the avatar of team member \u{201c}Ada\u{201d}. Choose another image there first."
    );
    assert_eq!(app.get(photo_item["url"].as_str().unwrap()).await.status(), 200);

    let member_id = created["_id"].as_str().unwrap();
    assert_eq!(app.admin().put_json(&format!("/api/team/{member_id}"), &json!({"avatar": ""})).await.0, 200);
    assert_eq!(app.admin().delete(&format!("/api/media/{id}")).await.0, 204);
    assert_eq!(app.admin().get_json(&format!("/api/media/{id}")).await.0, 404);
    assert_eq!(app.get(photo_item["url"].as_str().unwrap()).await.status(), 404);
    assert_eq!(stored_files(&app).len(), 1, "only the PDF stays");
}

#[tokio::test]
async fn posts_and_projects_carry_the_sizes_and_copies_of_the_library_images_they_show() {
    let app = spawn_empty_app().await;
    let (_, body) = upload(
        &app,
        &[
            ("cover.jpg", photo(2000, 1000, 7, ImageFormat::Jpeg)),
            ("diagram.jpg", photo(1000, 500, 8, ImageFormat::Jpeg)),
            ("anim.gif", photo(600, 100, 9, ImageFormat::Gif)),
        ],
    )
    .await;
    let [cover, diagram, gif] = [0, 1, 2].map(|index| body["items"][index]["media"].clone());
    let url = |item: &Value| item["url"].as_str().unwrap().to_owned();

    let post = json!({
        "title": "Library images",
        "status": "published",
        "featuredImage": format!("https://studio.example{}", url(&cover)),
        "content": format!(
            "![Diagram]({})\n\n![Moving]({})\n\n![Elsewhere](https://cdn.example/x.png)\n\n![Cover again]({})",
            diagram["variants"][0]["url"].as_str().unwrap(), url(&gif), url(&cover)
        ),
    });
    let (status, created) = app.admin().post_json("/api/blog/posts", &post).await;
    assert_eq!(status, 201, "{created}");
    let (status, public) = app.anonymous().get_json("/api/blog/public/posts/slug/library-images").await;
    assert_eq!(status, 200, "{public}");
    let images = public["images"].as_array().unwrap();
    let paths: Vec<_> = images.iter().map(|image| image["path"].as_str().unwrap()).collect();
    assert_eq!(paths, [url(&cover), diagram["variants"][0]["url"].as_str().unwrap().to_owned(), url(&gif)]);
    assert_eq!((images[0]["width"].as_u64(), images[0]["height"].as_u64()), (Some(2000), Some(1000)));
    assert_eq!(images[0]["variants"], cover["variants"], "the copies for srcset");
    assert_eq!(images[0]["variants"].as_array().unwrap().len(), 3);
    assert_eq!(images[1]["variants"], diagram["variants"], "a copy's URL offers its original's copies");
    assert_eq!(gif["variants"].as_array().unwrap().len(), 1, "{gif}");
    assert_eq!(images[2]["variants"], json!([]), "a GIF keeps its animation");
    assert_eq!(created["images"], public["images"], "the back office sees the same");
    let (_, list) = app.anonymous().get_json("/api/blog/public/posts").await;
    assert_eq!(list["blogs"][0]["images"], public["images"]);

    let project = json!({
        "title": "Harbour", "client": "Port Authority", "completedAt": "2024-05-01T00:00:00Z", "status": "published",
        "image": url(&diagram), "description": "No pictures here.",
    });
    let (status, created) = app.admin().post_json("/api/portfolio", &project).await;
    assert_eq!(status, 201, "{created}");
    let (_, projects) = app.anonymous().get_json("/api/portfolio").await;
    let shown = &projects["projects"][0]["images"];
    assert_eq!(shown.as_array().unwrap().len(), 1, "{shown}");
    assert_eq!((shown[0]["path"].as_str(), shown[0]["width"].as_u64()), (Some(url(&diagram).as_str()), Some(1000)));
    let (_, by_slug) =
        app.anonymous().get_json(&format!("/api/portfolio/slug/{}", created["slug"].as_str().unwrap())).await;
    assert_eq!(by_slug["images"], *shown);

    // Without a library image, none is offered.
    assert_eq!(
        app.admin()
            .put_json(&format!("/api/portfolio/{}", created["_id"].as_str().unwrap()), &json!({"image": ""}))
            .await
            .0,
        200
    );
    let (_, gone) = app.admin().get_json(&format!("/api/portfolio/{}", created["_id"].as_str().unwrap())).await;
    assert_eq!(gone["images"], json!([]));
}

fn video(length: usize) -> Vec<u8> {
    let mut bytes = b"\0\0\0\x18ftypmp42\0\0\0\0mp42isom\0\0\0\x08free".to_vec();
    bytes.extend((0..length).map(|index| u8::try_from(index % 251).unwrap()));
    bytes.truncate(length);
    bytes
}

#[tokio::test]
async fn a_video_is_served_in_the_byte_ranges_a_player_seeks_to() {
    let app = spawn_empty_app().await;
    let bytes = video(200_000);
    let (status, body) = upload(&app, &[("reel.mp4", bytes.clone())]).await;
    assert_eq!(status, 201, "{body}");
    let url = body["items"][0]["media"]["url"].as_str().unwrap().to_owned();
    let size = bytes.len();
    let get = |headers: &[(&str, &str)]| {
        let request =
            headers.iter().fold(app.anonymous().request(reqwest::Method::GET, &url), |request, (name, value)| {
                request.header(*name, *value)
            });
        async move { request.send().await.unwrap() }
    };

    let whole = get(&[]).await;
    assert_eq!((whole.status().as_u16(), whole.headers()["accept-ranges"].to_str().unwrap()), (200, "bytes"));
    let etag = whole.headers()["etag"].to_str().unwrap().to_owned();
    assert_eq!(whole.bytes().await.unwrap().len(), size);

    for (range, first, last) in [
        ("bytes=0-99", 0, 99),
        ("bytes=1000-", 1000, size - 1),
        ("bytes=-10", size - 10, size - 1),
        ("bytes=150000-999999999", 150_000, size - 1),
    ] {
        let part = get(&[("range", range)]).await;
        assert_eq!(part.status(), 206, "{range}");
        let headers = part.headers().clone();
        assert_eq!(headers["content-range"], format!("bytes {first}-{last}/{size}").as_str(), "{range}");
        assert_eq!(headers["content-length"], (last - first + 1).to_string().as_str(), "{range}");
        assert_eq!(headers["content-type"], "video/mp4");
        assert_eq!(headers["x-content-type-options"], "nosniff");
        assert_eq!(headers["cache-control"], "public, max-age=31536000, immutable");
        assert_eq!(part.bytes().await.unwrap(), bytes[first..=last], "{range}");
    }

    let past = get(&[("range", &format!("bytes={size}-"))]).await;
    assert_eq!(past.status(), 416);
    assert_eq!(past.headers()["content-range"], format!("bytes */{size}").as_str());
    assert_eq!(past.headers()["x-content-type-options"], "nosniff");

    // If-Range: this file's tag keeps the range; another tag or a date asks for the whole file.
    assert_eq!(get(&[("range", "bytes=0-9"), ("if-range", &etag)]).await.status(), 206);
    for validator in ["\"another-version\"", "Wed, 21 Oct 2015 07:28:00 GMT"] {
        let answer = get(&[("range", "bytes=0-9"), ("if-range", validator)]).await;
        assert_eq!(answer.status(), 200, "{validator}");
        assert_eq!(answer.bytes().await.unwrap().len(), size, "{validator}");
    }
    // Several ranges, another unit or a malformed header: the whole file.
    for range in ["bytes=0-9,20-29", "items=0-9", "bytes=abc", "bytes=9-0"] {
        let answer = get(&[("range", range)]).await;
        assert_eq!(answer.status(), 200, "{range}");
        assert_eq!(answer.bytes().await.unwrap().len(), size, "{range}");
    }
    // A fresh copy is still a 304, whatever the range.
    assert_eq!(get(&[("range", "bytes=0-9"), ("if-none-match", &etag)]).await.status(), 304);

    let head = app.anonymous().request(reqwest::Method::HEAD, &url).header("range", "bytes=0-9").send().await.unwrap();
    assert_eq!(head.status(), 200, "HEAD ignores ranges");
    assert_eq!(head.headers()["content-length"], size.to_string().as_str());
    assert_eq!(head.headers()["content-type"], "video/mp4");

    let missing = url.replace(".mp4", ".webm");
    let answer =
        app.anonymous().request(reqwest::Method::GET, &missing).header("range", "bytes=0-9").send().await.unwrap();
    assert_eq!(answer.status(), 404);
}
