use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use sha2::{Digest, Sha256};

use crate::helpers::{spawn_app, write_prerendered_pages};

async fn page(app: &crate::helpers::TestApp, path: &str) -> (u16, String, String) {
    let response = app.get(path).await;
    let status = response.status().as_u16();
    let content_type =
        response.headers().get("content-type").map(|v| v.to_str().unwrap().to_owned()).unwrap_or_default();
    (status, content_type, response.text().await.unwrap())
}

#[tokio::test]
async fn deep_links_of_the_public_site_fall_back_to_its_index() {
    let app = spawn_app().await;
    for path in ["/", "/portfolio", "/project/some-slug", "/blog/a/b/c", "/no-such-page"] {
        let (status, content_type, body) = page(&app, path).await;
        assert_eq!(status, 200, "{path}");
        assert!(content_type.starts_with("text/html"), "{path}");
        assert!(body.contains("public app"), "{path}: {body}");
    }
}

#[tokio::test]
async fn the_admin_app_is_served_under_admin_with_its_own_fallback() {
    let app = spawn_app().await;
    let redirect = app.get("/admin").await;
    assert_eq!((redirect.status().as_u16(), redirect.headers()["location"].to_str().unwrap()), (308, "/admin/"));
    for path in ["/admin/", "/admin/login", "/admin/blog/edit/123"] {
        let (status, _, body) = page(&app, path).await;
        assert_eq!(status, 200, "{path}");
        assert!(body.contains("admin app"), "{path}: {body}");
    }
}

#[tokio::test]
async fn assets_are_served_with_their_type_and_long_caching() {
    let app = spawn_app().await;
    let response = app.get("/assets/app-1234.js").await;
    assert_eq!(response.status().as_u16(), 200);
    assert!(response.headers()["content-type"].to_str().unwrap().contains("javascript"));
    assert!(response.headers()["cache-control"].to_str().unwrap().contains("immutable"));
    let response = app.get("/admin/assets/app-1234.js").await;
    assert_eq!(response.text().await.unwrap(), "console.log('admin')");
}

#[tokio::test]
async fn a_missing_asset_is_a_404_not_the_index() {
    let app = spawn_app().await;
    for path in ["/assets/gone-9999.js", "/admin/assets/gone.css", "/favicon-missing.ico"] {
        let (status, _, body) = page(&app, path).await;
        assert_eq!(status, 404, "{path}");
        assert!(!body.contains("app</title>"), "{path}");
    }
}

#[tokio::test]
async fn paths_cannot_escape_the_web_folder() {
    let app = spawn_app().await;
    std::fs::write(app.folder.path().join("web/secret.txt"), "secret").unwrap();
    for path in ["/../secret.txt", "/%2e%2e/secret.txt", "/assets/..%2F..%2Fsecret.txt", "/admin/..%2Fsecret.txt"] {
        let (_, _, body) = page(&app, path).await;
        assert!(!body.contains("secret"), "{path}");
    }
}

#[tokio::test]
async fn each_address_gets_its_pre_rendered_page_and_unknown_ones_the_not_found_page() {
    let app = spawn_app().await;
    write_prerendered_pages(&app);
    for (path, expected_status, expected_page) in [
        ("/", 200, "home page"),
        ("/blog", 200, "blog list page"),
        ("/blog/", 200, "blog list page"),
        ("/BLOG", 200, "blog list page"),
        ("/blog/designing-apis-people-enjoy-using", 200, "blog post page"),
        ("/Blog/designing-apis-people-enjoy-using/", 200, "blog post page"),
        ("/blog/no-such-post", 404, "not found page"),
        ("/blog/a/b", 404, "not found page"),
        ("/no-such-page", 404, "not found page"),
        ("/blog//designing-apis", 404, "not found page"),
    ] {
        let (status, content_type, body) = page(&app, path).await;
        assert_eq!(status, expected_status, "{path}");
        assert!(content_type.starts_with("text/html"), "{path}");
        assert!(body.contains(expected_page), "{path}: {body}");
    }
    let (status, _, body) = page(&app, "/admin/blog").await;
    assert_eq!(status, 200);
    assert!(body.contains("admin app"), "the back office keeps its own fallback: {body}");
}

#[tokio::test]
async fn a_brotli_twin_is_sent_to_browsers_that_accept_it_and_the_file_to_others() {
    let app = spawn_app().await;
    let twin = [0x1b_u8, 0x03, 0x00, 0xf8, 0xa5, 0x40, 0x02];
    std::fs::write(app.folder.path().join("web/public/assets/app-1234.js.br"), twin).unwrap();
    let url = format!("{}/assets/app-1234.js", app.address);

    let compressed = app.client.get(&url).header("accept-encoding", "gzip, deflate, br, zstd").send().await.unwrap();
    assert_eq!(compressed.headers()["content-encoding"], "br");
    assert_eq!(compressed.headers()["vary"], "accept-encoding");
    assert!(compressed.headers()["cache-control"].to_str().unwrap().contains("immutable"));
    assert_eq!(compressed.bytes().await.unwrap().as_ref(), twin);

    for accepted in ["identity", "gzip", "br;q=0, gzip"] {
        let plain = app.client.get(&url).header("accept-encoding", accepted).send().await.unwrap();
        assert_ne!(plain.headers().get("content-encoding").map(|v| v.to_str().unwrap()), Some("br"), "{accepted}");
        assert_eq!(plain.headers()["vary"], "accept-encoding", "{accepted}");
    }
    let plain = app.client.get(&url).header("accept-encoding", "identity").send().await.unwrap();
    assert_eq!(plain.text().await.unwrap(), "console.log('public')");
}

#[tokio::test]
async fn a_page_allows_exactly_its_own_inline_scripts_by_hash() {
    let app = spawn_app().await;
    let public = app.folder.path().join("web/public");
    std::fs::create_dir_all(public.join("pages")).unwrap();
    let page_html = "<html><head><script type=\"module\" src=\"/assets/a.js\"></script>\
        <script type=\"module\">import('/assets/a.js');</script></head><body></body></html>";
    std::fs::write(public.join("pages/contact.html"), page_html).unwrap();
    let response = app.get("/contact").await;
    let policy = response.headers()["content-security-policy"].to_str().unwrap().to_owned();
    let html = response.text().await.unwrap();
    let script_src = policy.split("; ").find(|directive| directive.starts_with("script-src")).unwrap();
    // printf "import('/assets/a.js');" | openssl sha256 -binary | base64
    let loader = "'sha256-xRqU0KP8Knk3tFfqV5A3Ac+gfT0wDGKaAZquoZiinWo='";
    // The page as sent also holds the JSON-LD its head was filled with and the answers its footer
    // reads, embedded: data a browser never runs, which the policy does not name.
    let inline: Vec<(bool, String)> = html
        .split("<script")
        .skip(1)
        .filter(|script| !script.split('>').next().unwrap().contains("src="))
        .map(|script| {
            let data = script.split('>').next().unwrap().contains("type=\"application/");
            let body = &script[script.find('>').unwrap() + 1..script.find("</script>").unwrap()];
            (data, format!("'sha256-{}'", STANDARD.encode(Sha256::digest(body.as_bytes()))))
        })
        .collect();
    assert_eq!(inline.len(), 3, "{html}");
    assert_eq!(inline.iter().filter(|(data, _)| *data).count(), 2, "{html}");
    assert!(inline.iter().filter(|(data, _)| *data).all(|(_, hash)| !policy.contains(hash.as_str())), "{policy}");
    assert_eq!(script_src, format!("script-src 'self' {loader}"), "{policy}");
    assert!(policy.contains("frame-ancestors 'none'"));
    let admin = app.get("/admin/login").await;
    let policy = admin.headers()["content-security-policy"].to_str().unwrap();
    assert!(policy.contains("script-src 'self';"), "{policy}");
}
