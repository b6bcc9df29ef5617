//! The HTTP server: the API under `/api`, its document and Swagger UI, and the two web apps.

use std::net::TcpListener;

use actix_web::dev::Server;
use actix_web::middleware::{Compress, from_fn};
use actix_web::{App, HttpResponse, HttpServer, http::header, web};
use atelier_application::health::Readiness;
use atelier_application::portfolio::Portfolio;
use atelier_application::ports::Store;
use atelier_application::services::ServiceCatalog;
use atelier_application::settings::SiteSettings;
use atelier_application::technologies::TechnologyCatalog;
use tracing_actix_web::TracingLogger;
use utoipa_swagger_ui::SwaggerUi;

use crate::web::WebAssets;
use crate::{api, extract, middleware, openapi};

/// How long in-flight requests may take to finish after a stop signal.
const SHUTDOWN_TIMEOUT_SECS: u64 = 10;

/// Starts serving on `listener`. The returned server stops gracefully on SIGTERM or Ctrl-C.
///
/// # Errors
/// When the listener cannot be used.
pub fn serve<S: Store>(listener: TcpListener, store: S, assets: WebAssets) -> std::io::Result<Server> {
    let catalog = web::Data::new(ServiceCatalog::new(store.clone()));
    let settings = web::Data::new(SiteSettings::new(store.clone()));
    let technologies = web::Data::new(TechnologyCatalog::new(store.clone()));
    let portfolio = web::Data::new(Portfolio::new(store.clone()));
    let readiness = web::Data::new(Readiness::new(store));
    let document = openapi::openapi();
    let server = HttpServer::new(move || {
        App::new()
            .wrap(from_fn(middleware::finalize))
            .wrap(Compress::default())
            .wrap(TracingLogger::<middleware::RequestSpan>::new())
            .app_data(catalog.clone())
            .app_data(settings.clone())
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
