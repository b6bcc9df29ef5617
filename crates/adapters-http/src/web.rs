//! The two web apps: the public site at `/` and the back office at `/admin/`.
//!
//! Release builds embed both Vite builds in the binary; debug builds read them from disk, and
//! `ATELIER_WEB_DIR` can point at other builds (`<dir>/public`, `<dir>/admin`). A missing file with an
//! extension (a stale asset) is a 404, never HTML in place of a script. Any other path is a page:
//!
//! - the public site's build pre-renders each route (frontend/apps/public/src/prerender.tsx) into
//!   `pages/<path>.html`, with `_` standing for a dynamic last segment (`pages/blog/_.html`), and an
//!   address no route matches gets its `404.html` with status 404; this module finds those files
//!   (`prerendered_page`, `NOT_FOUND_PAGE`) and knows nothing of the site, whose module serves
//!   them with each page's head filled in;
//! - otherwise (the back office, or a build without pre-rendered pages) the app's `index.html`, so
//!   deep links survive a hard reload.
//!
//! A file the build also wrote brotli-compressed (`<file>.br`) is sent that way to browsers that
//! accept it.

use std::borrow::Cow;
use std::path::{Component, Path, PathBuf};

use actix_web::http::header::{self, AcceptEncoding, Encoding, Header, HeaderValue};
use actix_web::http::{Method, StatusCode};
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse, web};
use rust_embed::RustEmbed;

use crate::security;

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
    /// The bytes of a file of `app`, if it has one at `path`.
    pub(crate) fn file(&self, app: WebApp, path: &str) -> Option<Cow<'static, [u8]>> {
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

    /// The public site's files compiled into the binary, by name: none when they are read from disk
    /// (debug builds, a web folder), since those may change while the server runs.
    pub(crate) fn embedded_public_files(&self) -> Vec<(String, &'static [u8])> {
        match self {
            Self::Embedded => PublicBuild::iter()
                .filter_map(|name| match PublicBuild::get(&name)?.data {
                    Cow::Borrowed(bytes) => Some((name.into_owned(), bytes)),
                    Cow::Owned(_) => None,
                })
                .collect(),
            Self::Directory(_) => Vec::new(),
        }
    }
}

/// What a request of one of the apps asks for.
pub(crate) enum Asked {
    /// A file (or its absence, or a method the apps do not take): this answer.
    File(HttpResponse),
    /// A page: this path, without the app's prefix.
    Page(String),
}

/// The answer for a method other than GET and HEAD, a file of `app` at the request's path, or a 404
/// for a missing file with an extension; any other path is a page.
pub(crate) fn serve_file(request: &HttpRequest, assets: &WebAssets, app: WebApp) -> Asked {
    if request.method() != Method::GET && request.method() != Method::HEAD {
        return Asked::File(HttpResponse::MethodNotAllowed().insert_header((header::ALLOW, "GET, HEAD")).finish());
    }
    let prefix = match app {
        WebApp::Public => "/",
        WebApp::Admin => "/admin/",
    };
    let path = request.path().strip_prefix(prefix).unwrap_or_default();
    if !path.is_empty()
        && let Some(bytes) = assets.file(app, path)
    {
        let caching = if path.starts_with("assets/") { Caching::Immutable } else { Caching::Revalidate };
        return Asked::File(File { app, path, bytes, status: StatusCode::OK, caching }.send(request, assets));
    }
    let last_segment = path.rsplit('/').next().unwrap_or_default();
    if last_segment.contains('.') {
        return Asked::File(HttpResponse::NotFound().content_type("text/plain; charset=utf-8").body("Not found"));
    }
    Asked::Page(path.to_owned())
}

/// The app's `index.html` for a client-side route, so deep links survive a hard reload.
pub(crate) fn serve_index(request: &HttpRequest, assets: &WebAssets, app: WebApp) -> HttpResponse {
    match assets.file(app, "index.html") {
        Some(bytes) => File { app, path: "index.html", bytes, status: StatusCode::OK, caching: Caching::Revalidate }
            .send(request, assets),
        None => HttpResponse::build(StatusCode::SERVICE_UNAVAILABLE)
            .content_type("text/plain; charset=utf-8")
            .body("The web app is not built yet: run `just build` (or `pnpm build`) and restart."),
    }
}

/// The public site's page for addresses no route matches.
pub(crate) const NOT_FOUND_PAGE: &str = "404.html";

/// The pre-rendered page of the public site for `path` (without its leading `/`): its own file, or
/// its route's with `_` for the last segment. Routes match without regard to case, as in the browser.
/// `folder` is the build's folder of a language's pages (`de/`), empty for the default language's.
pub(crate) fn prerendered_page(assets: &WebAssets, folder: &str, path: &str) -> Option<(String, Cow<'static, [u8]>)> {
    let path = path.strip_suffix('/').unwrap_or(path).to_lowercase();
    if path.split('/').any(|segment| segment.starts_with('.')) || path.contains("//") {
        return None;
    }
    let own = if path.is_empty() { format!("{folder}pages/index.html") } else { format!("{folder}pages/{path}.html") };
    let dynamic = path.rsplit_once('/').map(|(parent, _)| format!("{folder}pages/{parent}/_.html"));
    [Some(own), dynamic]
        .into_iter()
        .flatten()
        .find_map(|page| assets.file(WebApp::Public, &page).map(|bytes| (page, bytes)))
}

/// How long browsers may keep a file.
#[derive(Debug, Clone, Copy)]
enum Caching {
    /// Content-hashed assets never change under their name.
    Immutable,
    /// Pages and unhashed files are checked on every use.
    Revalidate,
}

/// A file of one of the apps, about to be sent.
struct File<'a> {
    app: WebApp,
    path: &'a str,
    bytes: Cow<'static, [u8]>,
    status: StatusCode,
    caching: Caching,
}

impl File<'_> {
    /// The file, or its brotli-compressed twin when the build wrote one and the browser accepts it.
    fn send(self, request: &HttpRequest, assets: &WebAssets) -> HttpResponse {
        let mime = mime_guess::from_path(self.path).first_or_octet_stream();
        let content_type = if mime.type_() == "text" || mime.subtype() == "javascript" || mime.subtype() == "json" {
            format!("{mime}; charset=utf-8")
        } else {
            mime.to_string()
        };
        let cache = match self.caching {
            Caching::Immutable => "public, max-age=31536000, immutable",
            Caching::Revalidate => "no-cache",
        };
        let mut response = HttpResponse::build(self.status);
        if mime.subtype() == "html" {
            let policy = security::page_policy(security::inline_scripts(&self.bytes));
            response.insert_header((security::CONTENT_SECURITY_POLICY, policy));
        }
        response
            .insert_header((header::CONTENT_TYPE, content_type))
            .insert_header((header::CACHE_CONTROL, HeaderValue::from_static(cache)));
        let compressed = assets.file(self.app, &format!("{}.br", self.path));
        if compressed.is_none() {
            return response.body(body(self.bytes));
        }
        response.insert_header((header::VARY, HeaderValue::from_static("accept-encoding")));
        match compressed.filter(|_| accepts_brotli(request)) {
            // The compression middleware leaves a response with a Content-Encoding alone.
            Some(bytes) => {
                response.insert_header((header::CONTENT_ENCODING, HeaderValue::from_static("br"))).body(body(bytes))
            }
            None => response.body(body(self.bytes)),
        }
    }
}

/// A response body of a file: the embedded build's bytes are sent as they are, without a copy.
fn body(bytes: Cow<'static, [u8]>) -> Bytes {
    match bytes {
        Cow::Borrowed(embedded) => Bytes::from_static(embedded),
        Cow::Owned(read) => Bytes::from(read),
    }
}

/// Whether the request's Accept-Encoding prefers brotli to no encoding.
fn accepts_brotli(request: &HttpRequest) -> bool {
    AcceptEncoding::parse(request)
        .ok()
        .and_then(|accepted| accepted.negotiate([Encoding::brotli(), Encoding::identity()].iter()))
        == Some(Encoding::brotli())
}

async fn admin_app(request: HttpRequest, assets: web::Data<WebAssets>) -> HttpResponse {
    match serve_file(&request, &assets, WebApp::Admin) {
        Asked::File(response) => response,
        Asked::Page(_) => serve_index(&request, &assets, WebApp::Admin),
    }
}

async fn admin_redirect() -> HttpResponse {
    HttpResponse::PermanentRedirect().insert_header((header::LOCATION, "/admin/")).finish()
}

/// The apps' files and the back office's routes; register after every other service but the public
/// site's, which takes any other path.
pub fn routes(config: &mut web::ServiceConfig, assets: WebAssets) {
    config
        .app_data(web::Data::new(assets))
        .route("/admin", web::route().to(admin_redirect))
        .service(web::resource("/admin/{tail:.*}").default_service(web::to(admin_app)));
}
