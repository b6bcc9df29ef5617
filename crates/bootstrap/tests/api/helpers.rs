//! `spawn_app()`: the real application on a free port with a fresh SQLite database (or a fresh
//! PostgreSQL schema when asked), and a client for it.

use atelier::Config;
use atelier::config::{LogFormat, SmtpConfig, SmtpTls};
use atelier::startup::Application;
use atelier_adapters_db::SeaOrmStore;
use atelier_application::insights::{PageViews, Rollup};
use atelier_application::ports::SharedClock;
use sea_orm::ConnectionTrait;
use serde_json::Value;

/// The token secret of every test application, so tests can forge tokens.
pub const TOKEN_SECRET: &str = "test-secret-that-is-at-least-32-bytes-long";
pub const ADMIN_EMAIL: &str = "admin@atelier.test";
pub const ADMIN_PASSWORD: &str = "correct-horse-battery-staple";
/// The media size limit of every test application: 1 MiB, so oversize uploads stay small.
pub const MEDIA_MAX_BYTES: u64 = 1024 * 1024;
/// The proof of work's difficulty in tests: real challenges, quick to solve. One test
/// (`spam::the_production_difficulty_is_the_default_and_solvable`) runs the production default.
pub const CHALLENGE_MAX_NUMBER: u64 = 1000;
/// The public forms, whose anonymous posts carry a proof of work.
pub const GUARDED_FORMS: [&str; 3] = ["/api/contacts", "/api/project-requests", "/api/newsletter/subscribers"];

pub struct TestApp {
    pub address: String,
    pub client: reqwest::Client,
    /// Kept alive for the test's duration: the database and web builds live in it.
    pub folder: tempfile::TempDir,
    /// The seeded administrator's bearer token.
    admin_token: Option<String>,
    /// The port of the metrics' own listener, when one is configured.
    pub metrics_port: Option<u16>,
    /// The page views the beacon holds in memory: `flush` stores them at once.
    pub page_views: PageViews<SeaOrmStore, SharedClock>,
    /// The rollup of page views into daily totals: `run` rolls up at once.
    pub rollup: Rollup<SeaOrmStore, SharedClock>,
}

/// Builds a config for a fresh data folder; `seed_demo` decides whether demo content is seeded.
pub fn config(folder: &tempfile::TempDir, seed_demo: bool) -> Config {
    let data_dir = folder.path().join("data");
    Config {
        host: "127.0.0.1".into(),
        port: 0,
        database_url: format!("sqlite://{}", data_dir.join("atelier.db").display()),
        data_dir,
        log: std::env::var("TEST_LOG").unwrap_or_else(|_| "off".into()),
        log_format: LogFormat::Text,
        seed_demo,
        web_dir: Some(folder.path().join("web")),
        jwt_secret: Some(TOKEN_SECRET.to_owned().into()),
        admin_email: ADMIN_EMAIL.to_owned(),
        admin_password: Some(ADMIN_PASSWORD.to_owned().into()),
        require_two_factor: false,
        media_max_bytes: MEDIA_MAX_BYTES,
        audit_retention_days: 365,
        views_keep_days: 30,
        response_cache_bytes: atelier_adapters_http::cache::DEFAULT_BUDGET_BYTES,
        challenge_max_number: CHALLENGE_MAX_NUMBER,
        public_url: None,
        allowed_hosts: Vec::new(),
        trusted_proxies: atelier_adapters_http::proxies::TrustedProxies::default(),
        webhook_allow_networks: Vec::new(),
        smtp: None,
        s3: None,
        backups: None,
        observability: atelier::observability::Observability::default(),
    }
}

/// Small stand-ins for the two web builds, so SPA serving is tested without a frontend build.
fn write_web_builds(folder: &tempfile::TempDir) {
    for app in ["public", "admin"] {
        let root = folder.path().join("web").join(app);
        std::fs::create_dir_all(root.join("assets")).unwrap();
        std::fs::write(root.join("index.html"), format!("<!doctype html><title>{app} app</title>")).unwrap();
        std::fs::write(root.join("assets/app-1234.js"), format!("console.log('{app}')")).unwrap();
    }
}

/// How wide the pre-rendered post and project pages say they draw their cover (`coverSizes`).
pub const POST_COVER_SIZES: &str = "(min-width: 48rem) 720px, calc(100vw - 2rem)";
pub const PROJECT_COVER_SIZES: &str = "(min-width: 64rem) 64vw, calc(100vw - 2rem)";
/// Their record previews, with the placeholders the build writes (frontend/packages/site/src/preview.ts).
pub const POST_PREVIEW: &str = "<article><p>{{categoryName}}</p><h2>{{title}}</h2><img data-cover=\"/images/demo/blog-1.svg\" alt=\"\"/></article>";
pub const PROJECT_PREVIEW: &str = "<article><p>{{category}}</p><h2>{{title}}</h2><p>{{shortDescription}}</p>\
    <img data-cover=\"/images/demo/project-1.svg\" alt=\"{{title}}\"/></article>";

/// How wide the lists' cards draw their pictures, and the lists' previews with their placeholders:
/// the list's, with `{{cards}}` where the cards go, and one card of each.
pub const CARD_SIZES: &str = "(min-width: 64rem) 24rem, (min-width: 48rem) 50vw, 100vw";
pub const LIST_PREVIEW: &str = "<p>…</p><ul>{{cards}}</ul>";
pub const POST_CARD: &str = "<li><img data-cover=\"/images/demo/blog-1.svg\" alt=\"\"/><a href=\"/blog/{{slug}}\">{{title}}</a><p>{{excerpt}}</p></li>";
pub const PROJECT_CARD: &str = "<li><img data-cover=\"/images/demo/project-1.svg\" alt=\"\"/><p>{{category}}</p>\
    <h3>{{title}}</h3><p>{{summary}}</p></li>";

/// The pre-rendered pages of the public stand-in build, as the real build writes them: each page
/// with the build's title and description in its head and its name in its body, and `pages.json`.
/// The block of `scripts/schemathesis.toml` (an `[[operations]]` entry) holding every one of
/// `texts`: the fuzzer's expectations of a set of operations.
pub fn fuzzer_block(texts: &[&str]) -> String {
    let settings = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../scripts/schemathesis.toml"))
        .expect("scripts/schemathesis.toml");
    settings
        .split("[[operations]]")
        .find(|block| texts.iter().all(|text| block.contains(text)))
        .unwrap_or_else(|| panic!("no block of scripts/schemathesis.toml holds {texts:?}"))
        .to_owned()
}

pub fn write_prerendered_pages(app: &TestApp) {
    let public = app.folder.path().join("web/public");
    let pages = [
        ("/", "pages/index.html", "Innovative Software Solutions", "home page"),
        ("/about", "pages/about.html", "About Us", "about page"),
        ("/blog", "pages/blog.html", "Our Blog", "blog list page"),
        ("/portfolio", "pages/portfolio.html", "Our Portfolio", "portfolio page"),
        ("/blog/:slug", "pages/blog/_.html", "Blog Post", "blog post page"),
        ("/project/:slugOrId", "pages/project/_.html", "Project", "project page"),
        ("/faq", "pages/faq.html", "Frequently Asked Questions", "faq page"),
        ("/services", "pages/services.html", "Our Services", "services page"),
        ("/404", "404.html", "Page Not Found", "not found page"),
    ];
    let mut list = Vec::new();
    for (pattern, file, name, text) in pages {
        let path = public.join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        let (cover_sizes, preview, card) = match pattern {
            "/blog/:slug" => (Some(POST_COVER_SIZES), Some(POST_PREVIEW), None),
            "/project/:slugOrId" => (Some(PROJECT_COVER_SIZES), Some(PROJECT_PREVIEW), None),
            "/blog" => (Some(CARD_SIZES), Some(LIST_PREVIEW), Some(POST_CARD)),
            "/portfolio" => (Some(CARD_SIZES), Some(LIST_PREVIEW), Some(PROJECT_CARD)),
            _ => (None, None, None),
        };
        // The pages whose loading state keeps a slot for the server's preview or content.
        let slot = if preview.is_some() || ["/", "/services"].contains(&pattern) {
            "<div data-preview=\"\"></div>"
        } else {
            ""
        };
        let html = format!(
            "<!doctype html>\n<html lang=\"en\">\n  <head>\n    <meta charset=\"UTF-8\" />\n    \
             <meta\n      name=\"description\"\n      content=\"The build's words.\"\n    />\n    \
             <title>{name} | Atelier</title>\n    <link rel=\"stylesheet\" href=\"/assets/index.css\">\n  </head>\n  \
             <body><div id=\"root\"><h1>{text}</h1>{slot}<div data-preview=\"footer\"></div></div></body>\n</html>\n"
        );
        std::fs::write(path, html).unwrap();
        let description = format!("The {text}'s own description.");
        let mut entry = serde_json::json!({"pattern": pattern, "file": file, "name": name, "description": description});
        if let (Some(sizes), Some(preview)) = (cover_sizes, preview) {
            entry["coverSizes"] = sizes.into();
            entry["preview"] = preview.into();
        }
        if let Some(card) = card {
            entry["card"] = card.into();
        }
        if pattern == "/services" {
            entry["parts"] = serde_json::json!({"icon:faCode": "<i data-icon=\"code\"></i>", "check": "<i>✓</i>"});
        }
        if pattern == "/" {
            entry["parts"] = serde_json::json!({
                "hero:image": "<img data-part=\"hero\">",
                "features:icon:0": "<i data-icon=\"microchip\"></i>",
                "contact:icon:1": "<i data-icon=\"phone\"></i>",
                "contact:fallback-phone": "+1 (555) 123-4567",
                "blog:loading": "<div role=\"status\">Loading blog posts</div>",
                "icon:faCode": "<i data-icon=\"code\"></i>",
                "check": "<i>✓</i>",
            });
        }
        list.push(entry);
    }
    // The footer's pictures, for every page.
    let parts = serde_json::json!({"logo": "<span data-part=\"logo\">Atelier</span>", "contact:email": "<i data-icon=\"envelope\"></i>"});
    std::fs::write(public.join("pages.json"), serde_json::json!({ "pages": list, "parts": parts }).to_string())
        .unwrap();
}

pub async fn spawn_app() -> TestApp {
    spawn(true).await
}

/// The application with an empty database.
pub async fn spawn_empty_app() -> TestApp {
    spawn(false).await
}

/// The application with demo content and the configuration changed by `change`.
pub async fn spawn_app_with(change: impl FnOnce(&mut Config)) -> TestApp {
    spawn_configured(true, change).await
}

/// The application with an empty database and the configuration changed by `change`.
pub async fn spawn_empty_app_with(change: impl FnOnce(&mut Config)) -> TestApp {
    spawn_configured(false, change).await
}

/// A schema of its own on the PostgreSQL test server (`TEST_DATABASE_URL`), dropped by [`Schema::drop`].
pub struct Schema {
    admin: sea_orm::DatabaseConnection,
    name: String,
    /// The database URL that works in this schema.
    pub url: String,
}

impl Schema {
    /// A fresh schema; `None` without a PostgreSQL server to test on.
    pub async fn create() -> Option<Self> {
        let server = std::env::var("TEST_DATABASE_URL").ok()?;
        let admin = atelier_adapters_db::connect(&server).await.expect("the PostgreSQL test server answers");
        let name = format!("test_{}", atelier_domain::EntityId::generate(chrono::Utc::now()));
        admin.execute_unprepared(&format!("CREATE SCHEMA \"{name}\"")).await.expect("a fresh schema");
        let separator = if server.contains('?') { '&' } else { '?' };
        let url = format!("{server}{separator}options=-c%20search_path%3D{name}");
        Some(Self { admin, name, url })
    }

    pub async fn drop(self) {
        self.admin.execute_unprepared(&format!("DROP SCHEMA \"{}\" CASCADE", self.name)).await.expect("dropped");
    }
}

/// A migrated SQLite database's file, made once per run ([`start_migrated`]).
static MIGRATED: tokio::sync::OnceCell<Vec<u8>> = tokio::sync::OnceCell::const_new();

/// Puts a copy of a migrated database where the application will open its own SQLite file, unless a
/// test put a file there or moved the database: the application then finds nothing to migrate,
/// which is most of a fresh database's start. The migrations themselves are tested on their own
/// (`upgrades`, the store's tests and `atelier migrate`).
async fn start_migrated(config: &Config) {
    let path = config.data_dir.join("atelier.db");
    if config.database_url != format!("sqlite://{}", path.display()) || path.exists() {
        return;
    }
    let migrated = MIGRATED
        .get_or_init(|| async {
            let folder = tempfile::tempdir().expect("a temporary folder");
            atelier_adapters_db::migrations::migrated_sqlite_file(&folder.path().join("migrated.db"))
                .await
                .expect("a migrated database")
        })
        .await;
    // The folder as the application makes it: its owner's only.
    std::os::unix::fs::DirBuilderExt::mode(std::fs::DirBuilder::new().recursive(true), 0o700)
        .create(&config.data_dir)
        .expect("the data folder");
    std::fs::write(&path, migrated).expect("a copy of the migrated database");
}

async fn spawn(seed_demo: bool) -> TestApp {
    spawn_configured(seed_demo, |_| {}).await
}

async fn spawn_configured(seed_demo: bool, change: impl FnOnce(&mut Config)) -> TestApp {
    spawn_on(seed_demo, change, atelier::startup::clock()).await
}

/// The application with an empty database, every use case going by `clock`.
pub async fn spawn_empty_app_on(clock: SharedClock) -> TestApp {
    spawn_on(false, |_| {}, clock).await
}

/// The application with the demo content seeded on `clock`, every use case going by it.
pub async fn spawn_demo_app_on(clock: SharedClock) -> TestApp {
    spawn_on(true, |_| {}, clock).await
}

async fn spawn_on(seed_demo: bool, change: impl FnOnce(&mut Config), clock: SharedClock) -> TestApp {
    let folder = tempfile::tempdir().expect("a temporary folder");
    write_web_builds(&folder);
    let mut config = config(&folder, seed_demo);
    change(&mut config);
    start_migrated(&config).await;
    atelier::telemetry::init(&config.log, config.log_format);
    let app = Application::build_on(&config, clock).await.expect("the application builds");
    let address = format!("http://127.0.0.1:{}", app.port());
    let metrics_port = app.metrics_port();
    let (page_views, rollup) = (app.page_views(), app.page_view_rollup());
    tokio::spawn(app.run_until_stopped());
    // Idle connections are dropped well before the server's keep-alive (5 s) closes them, so a test
    // that computes for a while between two requests never sends on a connection being closed.
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .pool_idle_timeout(std::time::Duration::from_secs(2))
        .build()
        .unwrap();
    let mut app = TestApp { address, client, folder, admin_token: None, metrics_port, page_views, rollup };
    app.admin_token = Some(app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await);
    app
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    /// Signs in and answers the token; fails the test when sign-in fails.
    pub async fn sign_in(&self, email: &str, password: &str) -> String {
        let (status, body) = self
            .anonymous()
            .post_json("/api/auth/login", &serde_json::json!({"email": email, "password": password}))
            .await;
        assert_eq!(status, 200, "sign-in failed: {body}");
        body["token"].as_str().expect("a token").to_owned()
    }

    /// Requests with a given bearer token.
    pub fn with_token(&self, token: &str) -> Caller<'_> {
        Caller { app: self, token: Some(token.to_owned()) }
    }

    /// Creates an account of `role` (its email `{role}@atelier.test`, its password
    /// `{role}-password-123`) and answers its token.
    pub async fn role_token(&self, role: &str) -> String {
        let (email, password) = (format!("{role}@atelier.test"), format!("{role}-password-123"));
        let body = serde_json::json!({"name": role, "email": email, "password": password, "role": role});
        let (status, answer) = self.admin().post_json("/api/auth/register", &body).await;
        assert_eq!(status, 201, "{answer}");
        self.sign_in(&email, &password).await
    }

    /// A challenge from `GET /api/challenge`, solved as a browser solves it: the `proofOfWork` of a
    /// public form.
    pub async fn proof_of_work(&self) -> Value {
        let (status, challenge) = self.get_json("/api/challenge").await;
        assert_eq!(status, 200, "{challenge}");
        solve(&challenge)
    }

    /// [`TestApp::proof_of_work`] asked for as the client `address` forwarded by a trusted proxy
    /// (a server that trusts loopback's): each client may ask for 30 challenges within 10 minutes.
    pub async fn proof_of_work_for(&self, address: &str) -> Value {
        let response = self
            .anonymous()
            .request(reqwest::Method::GET, "/api/challenge")
            .header("x-forwarded-for", address)
            .send()
            .await
            .expect("answered");
        let (status, challenge) = json_of(response).await;
        assert_eq!(status, 200, "{challenge}");
        solve(&challenge)
    }

    /// Requests as an anonymous visitor.
    pub fn anonymous(&self) -> Caller<'_> {
        Caller { app: self, token: None }
    }

    /// Requests as the signed-in administrator.
    pub fn admin(&self) -> Caller<'_> {
        Caller { app: self, token: self.admin_token.clone() }
    }

    /// An anonymous GET.
    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.anonymous().request(reqwest::Method::GET, path).send().await.expect("the request is answered")
    }

    /// An anonymous GET of JSON.
    pub async fn get_json(&self, path: &str) -> (u16, Value) {
        self.anonymous().get_json(path).await
    }
}

/// Requests made as one caller.
pub struct Caller<'a> {
    app: &'a TestApp,
    token: Option<String>,
}

impl Caller<'_> {
    pub fn request(&self, method: reqwest::Method, path: &str) -> reqwest::RequestBuilder {
        let request = self.app.client.request(method, self.app.url(path));
        match &self.token {
            Some(token) => request.bearer_auth(token),
            None => request,
        }
    }

    pub async fn get_json(&self, path: &str) -> (u16, Value) {
        json_of(self.request(reqwest::Method::GET, path).send().await.expect("answered")).await
    }

    pub async fn send_json(&self, method: reqwest::Method, path: &str, body: &Value) -> (u16, Value) {
        json_of(self.request(method, path).json(body).send().await.expect("answered")).await
    }

    /// A POST; one to a public form carries `proofOfWork` unless `body` names it (`null` included):
    /// a solved challenge when anonymous, as the site sends it, and `null` from an administrator,
    /// as the back office sends it. [`Caller::send_json`] sends a body as it is.
    pub async fn post_json(&self, path: &str, body: &Value) -> (u16, Value) {
        let mut body = body.clone();
        if GUARDED_FORMS.contains(&path)
            && let Value::Object(fields) = &mut body
            && !fields.contains_key("proofOfWork")
        {
            let proof = if self.token.is_none() { self.app.proof_of_work().await } else { Value::Null };
            fields.insert("proofOfWork".into(), proof);
        }
        self.send_json(reqwest::Method::POST, path, &body).await
    }

    /// A PUT as the back office sends it: with the `version` of the record as just read (unless
    /// `body` names one, or the record has none). [`Caller::send_json`] sends a body as it is.
    pub async fn put_json(&self, path: &str, body: &Value) -> (u16, Value) {
        let body = self.with_current_version(path, body).await;
        self.send_json(reqwest::Method::PUT, path, &body).await
    }

    /// A PATCH as the back office sends it, like [`Caller::put_json`].
    pub async fn patch_json(&self, path: &str, body: &Value) -> (u16, Value) {
        let body = self.with_current_version(path, body).await;
        self.send_json(reqwest::Method::PATCH, path, &body).await
    }

    /// `body` with the `version` of the record an update of `path` changes, read now (the record's
    /// own path: `…/status` and `/settings/services` change the record at their parent path; a
    /// category or a tag is read from its list). A record that cannot be read (none has the id) gets
    /// version 1, so the answer is the one about the record.
    pub async fn with_current_version(&self, path: &str, body: &Value) -> Value {
        let Value::Object(fields) = body else { return body.clone() };
        if fields.contains_key("version") {
            return body.clone();
        }
        let read = if path == "/api/settings/services" { "/api/settings" } else { path };
        let read = read.strip_suffix("/status").unwrap_or(read);
        let mut record = self.lenient_json(read).await;
        if record.get("version").is_none()
            && record.pointer("/data/version").is_none()
            && read.matches('/').count() >= 3
            && let Some((list, id)) = read.rsplit_once('/')
        {
            let listed = self.lenient_json(&format!("{list}?limit=1000")).await;
            let items = listed.as_array().or_else(|| listed["data"].as_array()).or_else(|| listed["items"].as_array());
            record = items.into_iter().flatten().find(|item| item["_id"] == id).cloned().unwrap_or_default();
        }
        let version = record.get("version").or_else(|| record.pointer("/data/version")).cloned();
        let mut fields = fields.clone();
        fields.insert("version".into(), version.unwrap_or_else(|| Value::from(1)));
        Value::Object(fields)
    }

    /// The JSON a GET answers, `null` when it answers something else.
    async fn lenient_json(&self, path: &str) -> Value {
        let response = self.request(reqwest::Method::GET, path).send().await.expect("answered");
        if !response.status().is_success() {
            return Value::Null;
        }
        serde_json::from_str(&response.text().await.unwrap_or_default()).unwrap_or(Value::Null)
    }

    pub async fn delete(&self, path: &str) -> (u16, Value) {
        json_of(self.request(reqwest::Method::DELETE, path).send().await.expect("answered")).await
    }

    pub async fn send_raw(&self, method: reqwest::Method, path: &str, content_type: &str, body: &str) -> (u16, Value) {
        let request = self.request(method, path).header("content-type", content_type).body(body.to_owned());
        json_of(request.send().await.expect("answered")).await
    }
}

#[path = "../support/proof_of_work.rs"]
mod proof_of_work;
pub use proof_of_work::solve;

/// The status and JSON body of a response; a non-JSON body fails the test.
pub async fn json_of(response: reqwest::Response) -> (u16, Value) {
    let status = response.status().as_u16();
    let content_type = response.headers().get("content-type").and_then(|v| v.to_str().ok()).unwrap_or("").to_owned();
    let text = response.text().await.unwrap();
    if text.is_empty() {
        return (status, Value::Null);
    }
    assert!(content_type.starts_with("application/json"), "expected JSON, got {content_type}: {text}");
    (status, serde_json::from_str(&text).unwrap_or_else(|e| panic!("invalid JSON ({e}): {text}")))
}

/// A loopback port nothing listens on (yet).
pub fn closed_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// Mail sent in plain SMTP to `port` on loopback, from the studio's notifications address.
pub fn mail_through(port: u16) -> SmtpConfig {
    SmtpConfig {
        host: "127.0.0.1".into(),
        port,
        tls: SmtpTls::None,
        user: None,
        password: None,
        from: "Atelier <notifications@studio.test>".into(),
    }
}
