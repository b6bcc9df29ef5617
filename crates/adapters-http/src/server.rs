//! The HTTP server: the API under `/api`, its document and Swagger UI, and the two web apps.

use std::net::TcpListener;

use actix_web::dev::Server;
use actix_web::middleware::{Compress, from_fn};
use actix_web::{App, HttpResponse, HttpServer, http::header, web};
use atelier_application::blog::BlogCatalog;
use atelier_application::categories::CategoryCatalog;
use atelier_application::contact_details::ContactInfo;
use atelier_application::contacts::ContactInbox;
use atelier_application::content::Content;
use atelier_application::faqs::Faqs;
use atelier_application::health::Readiness;
use atelier_application::portfolio::Portfolio;
use atelier_application::project_requests::SalesPipeline;
use atelier_application::services::ServiceCatalog;
use atelier_application::settings::SiteSettings;
use atelier_application::store::Store;
use atelier_application::tags::TagCatalog;
use atelier_application::team::Team;
use atelier_application::technologies::TechnologyCatalog;
use atelier_application::testimonials::Testimonials;
use tracing_actix_web::TracingLogger;
use utoipa_swagger_ui::SwaggerUi;

use crate::auth::{AccessPolicy, AccountService};
use crate::submissions::SubmissionLimiter;
use crate::web::WebAssets;
use crate::{api, auth, extract, middleware, openapi};

/// How long in-flight requests may take to finish after a stop signal.
const SHUTDOWN_TIMEOUT_SECS: u64 = 10;

/// Starts serving on `listener`. The returned server stops gracefully on SIGTERM or Ctrl-C.
///
/// # Errors
/// When the listener cannot be used.
pub fn serve<S: Store>(
    listener: TcpListener,
    store: S,
    accounts: AccountService<S>,
    assets: WebAssets,
) -> std::io::Result<Server> {
    let accounts = web::Data::new(accounts);
    let catalog = web::Data::new(ServiceCatalog::new(store.clone()));
    let settings = web::Data::new(SiteSettings::new(store.clone()));
    let inbox = web::Data::new(ContactInbox::new(store.clone()));
    let pipeline = web::Data::new(SalesPipeline::new(store.clone()));
    let limiter = web::Data::new(SubmissionLimiter::default());
    let blog = web::Data::new(BlogCatalog::new(store.clone()));
    let categories = web::Data::new(CategoryCatalog::new(store.clone()));
    let tags = web::Data::new(TagCatalog::new(store.clone()));
    let testimonials = web::Data::new(Testimonials::new(store.clone()));
    let team = web::Data::new(Team::new(store.clone()));
    let faqs = web::Data::new(Faqs::new(store.clone()));
    let content = web::Data::new(Content::new(store.clone()));
    let contact_info = web::Data::new(ContactInfo::new(store.clone()));
    let technologies = web::Data::new(TechnologyCatalog::new(store.clone()));
    let portfolio = web::Data::new(Portfolio::new(store.clone()));
    let readiness = web::Data::new(Readiness::new(store));
    let document = openapi::openapi();
    let policy = web::Data::new(AccessPolicy::from_document(&document));
    let server = HttpServer::new(move || {
        App::new()
            .wrap(from_fn(auth::gate::<S>))
            .wrap(from_fn(middleware::finalize))
            .wrap(Compress::default())
            .wrap(TracingLogger::<middleware::RequestSpan>::new())
            .app_data(policy.clone())
            .app_data(accounts.clone())
            .app_data(catalog.clone())
            .app_data(settings.clone())
            .app_data(inbox.clone())
            .app_data(pipeline.clone())
            .app_data(limiter.clone())
            .app_data(blog.clone())
            .app_data(categories.clone())
            .app_data(tags.clone())
            .app_data(testimonials.clone())
            .app_data(team.clone())
            .app_data(faqs.clone())
            .app_data(content.clone())
            .app_data(contact_info.clone())
            .app_data(technologies.clone())
            .app_data(portfolio.clone())
            .app_data(readiness.clone())
            .configure(extract::configure)
            .service(SwaggerUi::new("/api/docs/{_:.*}").url("/api/openapi.json", document.clone()))
            .route("/api/docs", web::get().to(docs_redirect))
            .service(web::scope("/api").configure(api::routes::<S>).default_service(web::to(api::not_found)))
            .configure(|config| crate::web::routes(config, assets.clone()))
    })
    .listen(listener)?
    .shutdown_timeout(SHUTDOWN_TIMEOUT_SECS)
    .run();
    Ok(server)
}

async fn docs_redirect() -> HttpResponse {
    HttpResponse::PermanentRedirect().insert_header((header::LOCATION, "/api/docs/")).finish()
}
