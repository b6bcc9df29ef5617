use crate::helpers::spawn_app;

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
