//! The HTTP server: the API under `/api`, its document and Swagger UI, and the two web apps.

use std::net::TcpListener;

use actix_web::dev::Server;
use actix_web::middleware::{Compress, Condition, from_fn};
use actix_web::web::Bytes;
use actix_web::{App, HttpResponse, HttpServer, http::header, web};
use atelier_application::backups::BackupSchedule;
use atelier_application::backups::status::BackupMonitor;
use atelier_application::blog::BlogCatalog;
use atelier_application::blog::review::PostReviews;
use atelier_application::contacts::ContactInbox;
use atelier_application::freshness::GenerationSync;
use atelier_application::insights::{Insights, PageViews};
use atelier_application::newsletter::Newsletter;
use atelier_application::notifications::Notifications;
use atelier_application::ownership::Ownership;
use atelier_application::ports::SharedClock;
use atelier_application::project_requests::SalesPipeline;
use atelier_application::redirects::served::RedirectTable;
use atelier_application::spam::{Challenges, ProofSettings};
use atelier_application::submissions::Submissions;
use atelier_application::webhooks::Webhooks;
use tracing_actix_web::TracingLogger;
use utoipa_swagger_ui::{Config as SwaggerConfig, SwaggerUi};

use crate::cache::ResponseCache;
use crate::gate::{AccessPolicy, gate, head_as_get};
use crate::hosts::HostPolicy;
use crate::metrics::Metrics;
use crate::ports::{AccountService, MediaService, Ports};
use crate::proxies::TrustedProxies;
use crate::security::SecurityHeaders;
use crate::site::SitePages;
use crate::submissions::SubmissionLimiter;
use crate::{api, cache, extract, middleware, openapi};

/// How long in-flight requests may take to finish after a stop signal.
const SHUTDOWN_TIMEOUT_SECS: u64 = 10;

/// What the server is built from: the wiring's adapters, use cases and settings.
pub struct ServerParts<P: Ports> {
    /// The webhook endpoints' use cases, with the sealer of their secrets.
    pub webhooks: Webhooks<P::Store, SharedClock>,
    pub store: P::Store,
    /// The clock every use case goes by: the wiring chooses it, this crate never names one.
    pub clock: SharedClock,
    pub accounts: AccountService<P>,
    pub media: MediaService<P>,
    /// The web apps' files and the public pages with their heads.
    pub pages: SitePages<P::Store>,
    /// How new messages and requests from the public forms are notified.
    pub notifications: Notifications,
    /// Which headers every answer carries.
    pub security: SecurityHeaders,
    /// The content generation public reads are cached under; the caller keeps it in step with the
    /// store in the background.
    pub freshness: GenerationSync<P::Store, SharedClock>,
    /// The proxies whose `X-Forwarded-For` names the client (none by default).
    pub trusted_proxies: TrustedProxies,
    /// The hosts answered for and the site's address.
    pub hosts: HostPolicy,
    /// The redirects answered from memory where the site has no page; the caller stores their hits
    /// in the background.
    pub redirects: RedirectTable<P::Store, SharedClock>,
    /// The key and difficulty of the proof of work the public forms carry.
    pub proofs: ProofSettings,
    /// Prometheus metrics: `None` records nothing (neither a metrics address nor a token is set).
    pub metrics: Option<web::Data<Metrics>>,
    /// The page views of the public pages' beacon, held in memory; the caller stores them in
    /// batches in the background.
    pub page_views: PageViews<P::Store, SharedClock>,
    /// The scheduled backups' schedule, shown by `/api/health`; `None` when they are off.
    pub backups: Option<BackupSchedule>,
    /// The most the response cache's answers may take, in bytes ([`cache::DEFAULT_BUDGET_BYTES`]).
    pub response_cache_bytes: usize,
    /// Run after each request that changed the content ([`middleware::AfterChanges`]): the wiring
    /// returns the memory the change freed to the system.
    pub after_changes: fn(),
}

impl<P: Ports> std::fmt::Debug for ServerParts<P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ServerParts")
            .field("notifications", &self.notifications)
            .field("security", &self.security)
            .finish_non_exhaustive()
    }
}

/// Starts serving on `listener`. The returned server stops gracefully on SIGTERM or Ctrl-C.
///
/// # Errors
/// When the listener cannot be used.
pub fn serve<P: Ports>(listener: TcpListener, parts: ServerParts<P>) -> std::io::Result<Server> {
    let ServerParts {
        webhooks,
        store,
        clock,
        accounts,
        media,
        pages,
        notifications,
        security,
        freshness,
        trusted_proxies,
        hosts,
        redirects,
        proofs,
        metrics,
        page_views,
        backups,
        response_cache_bytes,
        after_changes,
    } = parts;
    let after_changes = web::Data::new(middleware::AfterChanges(after_changes));
    let backups: web::Data<api::health::Backups<P::Store>> =
        web::Data::new(backups.map(|schedule| BackupMonitor::new(store.clone(), clock.clone(), schedule)));
    let redirects = web::Data::new(redirects);
    let page_views = web::Data::new(page_views);
    let trusted_proxies = web::Data::new(trusted_proxies);
    let hosts = web::Data::new(hosts);
    // Shared by every worker: the sign-in gate's use cases and the submission limits.
    let accounts = web::Data::new(accounts);
    let ownership = web::Data::new(Ownership::new(store.clone()));
    // One for every worker: the days of page views it keeps summed are read once for the server.
    let insights = web::Data::new(Insights::new(store.clone(), clock.clone()));
    let media = web::Data::new(media);
    let imports = web::Data::new(api::import::ImportLock::default());
    let webhooks = web::Data::new(webhooks);
    let forms = Forms::new(&store, &clock, notifications, proofs);
    // The public pages with their heads, shared by the web app's routes and `GET /api/site/head`.
    let assets = pages.assets().clone();
    let pages = web::Data::new(pages);
    let generation = web::Data::new(freshness.generation().clone());
    let freshness = web::Data::new(freshness);
    // The blog's use cases, keeping the categories' names per generation for every worker's reads.
    let blog = web::Data::new(BlogCatalog::new(store.clone(), clock.clone()).remembering(generation.get_ref().clone()));
    // The visitors' posts in list order, kept per generation for every worker's list pages.
    let post_orders = web::Data::new(atelier_application::blog::PostOrders::new());
    // The site's languages, kept per generation for every worker's reads with `?lang=`.
    let kept_languages = web::Data::new(atelier_application::translations::KeptLanguages::new());
    let responses = web::Data::new(ResponseCache::with_budget(clock.clone(), response_cache_bytes));
    if let Some(metrics) = &metrics {
        metrics.register(Box::new(responses.lookups()));
    }
    // The gate's policy is read at start from the document built into the binary, which is also
    // what is served: the code that builds the document never runs in the server.
    let policy = web::Data::new(AccessPolicy::from_document(&openapi::committed()));
    let security = web::Data::new(security);
    let server = HttpServer::new(move || {
        App::new()
            .wrap(from_fn(middleware::after_changes))
            .wrap(from_fn(gate::<P>))
            .wrap(from_fn(head_as_get))
            .wrap(Compress::default())
            .wrap(from_fn(cache::respond::<P>))
            .wrap(from_fn(middleware::admit))
            .wrap(from_fn(middleware::finalize))
            .wrap(TracingLogger::<middleware::RequestSpan>::new())
            .wrap(Condition::new(metrics.is_some(), from_fn(crate::metrics::record)))
            .app_data(policy.clone())
            .app_data(backups.clone())
            .app_data(security.clone())
            .app_data(trusted_proxies.clone())
            .app_data(hosts.clone())
            .app_data(accounts.clone())
            .app_data(ownership.clone())
            .app_data(media.clone())
            .app_data(imports.clone())
            .app_data(webhooks.clone())
            .configure(|config| forms.register(config))
            .app_data(pages.clone())
            .app_data(generation.clone())
            .app_data(blog.clone())
            .app_data(after_changes.clone())
            .app_data(freshness.clone())
            .app_data(responses.clone())
            .app_data(post_orders.clone())
            .app_data(insights.clone())
            .app_data(kept_languages.clone())
            .app_data(redirects.clone())
            .app_data(page_views.clone())
            .configure(extract::configure)
            .configure(|config| crate::metrics::routes(config, metrics.as_ref()))
            .route(DOCUMENT_PATH, web::get().to(serve_document))
            .service(SwaggerUi::new("/api/docs/{_:.*}").config(SwaggerConfig::new([DOCUMENT_PATH])))
            .route("/api/docs", web::get().to(docs_redirect))
            .service(
                web::scope("/api")
                    .configure(|config| api::routes::<P>(config, &store, &clock))
                    .default_service(web::to(api::not_found)),
            )
            .configure(api::media::file_routes::<P>)
            .configure(api::newsletter::link_routes::<P>)
            .configure(|config| crate::web::routes(config, assets.clone()))
            .configure(crate::site::routes::<P::Store>)
    })
    .listen(listener)?
    .shutdown_timeout(SHUTDOWN_TIMEOUT_SECS)
    .run();
    Ok(server)
}

/// The use cases behind the public forms and the review of posts, shared by every worker: the two
/// forms (with the wiring's notifications), the newsletter box with its own sign-up limit, and the
/// proof-of-work challenges all three ask anonymous senders to solve.
#[derive(Clone)]
struct Forms<S> {
    limiter: web::Data<SubmissionLimiter<S>>,
    inbox: web::Data<ContactInbox<S, SharedClock>>,
    pipeline: web::Data<SalesPipeline<S, SharedClock>>,
    challenges: web::Data<Challenges<S, SharedClock>>,
    // Review of blog posts, mailing the Editors each submitted post when mail is on.
    reviews: web::Data<PostReviews<S, SharedClock>>,
    newsletter: web::Data<Newsletter<S, SharedClock>>,
    newsletter_limiter: web::Data<api::newsletter::NewsletterLimiter<S>>,
}

impl<S: atelier_application::store::Store> Forms<S> {
    fn new(store: &S, clock: &SharedClock, notifications: Notifications, proofs: ProofSettings) -> Self {
        let (store, clock) = (store.clone(), clock.clone());
        let submissions = || Submissions::new(store.clone(), clock.clone());
        Self {
            limiter: web::Data::new(SubmissionLimiter::new(submissions())),
            inbox: web::Data::new(
                ContactInbox::new(store.clone(), clock.clone())
                    .notifying(notifications.clone())
                    .guarded(proofs.clone()),
            ),
            pipeline: web::Data::new(
                SalesPipeline::new(store.clone(), clock.clone())
                    .notifying(notifications.clone())
                    .guarded(proofs.clone()),
            ),
            challenges: web::Data::new(Challenges::new(store.clone(), clock.clone(), proofs.clone())),
            reviews: web::Data::new(PostReviews::new(store.clone(), clock.clone()).notifying(notifications.clone())),
            newsletter: web::Data::new(
                Newsletter::new(store.clone(), clock.clone()).notifying(notifications).guarded(proofs),
            ),
            newsletter_limiter: web::Data::new(api::newsletter::NewsletterLimiter(
                SubmissionLimiter::new(submissions()).scoped("newsletter"),
            )),
        }
    }

    fn register(&self, config: &mut web::ServiceConfig) {
        config
            .app_data(self.limiter.clone())
            .app_data(self.inbox.clone())
            .app_data(self.pipeline.clone())
            .app_data(self.challenges.clone())
            .app_data(self.reviews.clone())
            .app_data(self.newsletter.clone())
            .app_data(self.newsletter_limiter.clone());
    }
}

/// Where the OpenAPI document is served.
const DOCUMENT_PATH: &str = "/api/openapi.json";

/// The OpenAPI document as served: the one built into the binary, sent from its static data.
async fn serve_document() -> HttpResponse {
    HttpResponse::Ok()
        .content_type(header::ContentType::json())
        .body(Bytes::from_static(openapi::COMMITTED_JSON.as_bytes()))
}

async fn docs_redirect() -> HttpResponse {
    HttpResponse::PermanentRedirect().insert_header((header::LOCATION, "/api/docs/")).finish()
}
