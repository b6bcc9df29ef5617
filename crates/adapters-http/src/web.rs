//! The two web apps: the public site at `/` and the back office at `/admin/`.
//!
//! Release builds embed both Vite builds in the binary; debug builds read them from disk, and
//! `ATELIER_WEB_DIR` can point at other builds (`<dir>/public`, `<dir>/admin`). Any path that names no
//! file falls back to the app's `index.html`, so deep links survive a hard reload; a missing file with
//! an extension (a stale asset) is a 404, never HTML in place of a script.

use std::borrow::Cow;
use std::path::{Component, Path, PathBuf};

use actix_web::http::header::{self, HeaderValue};
use actix_web::http::{Method, StatusCode};
use actix_web::{HttpRequest, HttpResponse, web};
use rust_embed::RustEmbed;

#[derive(RustEmbed)]
#[folder = "../../frontend/apps/public/dist"]
#[allow_missing = true]
struct PublicBuild;

#[derive(RustEmbed)]
#[folder = "../../frontend/apps/admin/dist"]
#[allow_missing = true]
struct AdminBuild;

/// Which app a path belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WebApp {
    Public,
    Admin,
}

impl WebApp {
    fn folder(self) -> &'static str {
        match self {
            Self::Public => "public",
            Self::Admin => "admin",
        }
    }
}

/// Where the apps' files come from.
#[derive(Debug, Clone)]
pub enum WebAssets {
    /// The builds compiled into the binary (read from disk in debug builds).
    Embedded,
    /// Builds in a folder, as `<dir>/public` and `<dir>/admin`.
    Directory(PathBuf),
}

impl WebAssets {
    fn file(&self, app: WebApp, path: &str) -> Option<Cow<'static, [u8]>> {
        match self {
            Self::Embedded => match app {
                WebApp::Public => PublicBuild::get(path).map(|file| file.data),
                WebApp::Admin => AdminBuild::get(path).map(|file| file.data),
            },
            Self::Directory(root) => {
                let relative = Path::new(path);
                if relative.components().any(|part| !matches!(part, Component::Normal(_))) {
                    return None;
                }
                let full = root.join(app.folder()).join(relative);
                full.is_file().then(|| std::fs::read(full).ok().map(Cow::Owned)).flatten()
            }
        }
    }
}

/// Serves a file of `app`, or its `index.html` for client-side routes.
fn serve(request: &HttpRequest, assets: &WebAssets, app: WebApp) -> HttpResponse {
    if request.method() != Method::GET && request.method() != Method::HEAD {
        return HttpResponse::MethodNotAllowed().insert_header((header::ALLOW, "GET, HEAD")).finish();
    }
    let prefix = match app {
        WebApp::Public => "/",
        WebApp::Admin => "/admin/",
    };
    let path = request.path().strip_prefix(prefix).unwrap_or_default();
    if !path.is_empty()
        && let Some(bytes) = assets.file(app, path)
    {
        let immutable = path.starts_with("assets/");
        return file_response(path, bytes, immutable);
    }
    let last_segment = path.rsplit('/').next().unwrap_or_default();
    if last_segment.contains('.') {
        return HttpResponse::NotFound().content_type("text/plain; charset=utf-8").body("Not found");
    }
    match assets.file(app, "index.html") {
        Some(bytes) => file_response("index.html", bytes, false),
        None => HttpResponse::build(StatusCode::SERVICE_UNAVAILABLE)
            .content_type("text/plain; charset=utf-8")
            .body("The web app is not built yet: run `just build` (or `pnpm build`) and restart."),
    }
}

fn file_response(path: &str, bytes: Cow<'static, [u8]>, immutable: bool) -> HttpResponse {
    let mime = mime_guess::from_path(path).first_or_octet_stream();
    let content_type = if mime.type_() == "text" || mime.subtype() == "javascript" || mime.subtype() == "json" {
        format!("{mime}; charset=utf-8")
    } else {
        mime.to_string()
    };
    let cache = if immutable { "public, max-age=31536000, immutable" } else { "no-cache" };
    HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, content_type))
        .insert_header((header::CACHE_CONTROL, HeaderValue::from_static(cache)))
        .body(bytes.into_owned())
}

async fn public_app(request: HttpRequest, assets: web::Data<WebAssets>) -> HttpResponse {
    serve(&request, &assets, WebApp::Public)
}

async fn admin_app(request: HttpRequest, assets: web::Data<WebAssets>) -> HttpResponse {
    serve(&request, &assets, WebApp::Admin)
}

async fn admin_redirect() -> HttpResponse {
    HttpResponse::PermanentRedirect().insert_header((header::LOCATION, "/admin/")).finish()
}

/// The web apps' routes; register after every other service, since the public app takes any path.
pub fn routes(config: &mut web::ServiceConfig, assets: WebAssets) {
    config
        .app_data(web::Data::new(assets))
        .route("/admin", web::route().to(admin_redirect))
        .service(web::resource("/admin/{tail:.*}").default_service(web::to(admin_app)))
        .default_service(web::to(public_app));
}
