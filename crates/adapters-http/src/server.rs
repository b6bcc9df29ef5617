//! The HTTP server: the API under `/api`, its document and Swagger UI, and the two web apps.

use std::net::TcpListener;

use actix_web::dev::Server;
use actix_web::middleware::{Compress, from_fn};
use actix_web::{App, HttpResponse, HttpServer, http::header, web};
use atelier_application::contacts::ContactInbox;
use atelier_application::notifications::Notifications;
use atelier_application::project_requests::SalesPipeline;
use tracing_actix_web::TracingLogger;
use utoipa_swagger_ui::SwaggerUi;

use crate::gate::{AccessPolicy, gate};
use crate::ports::{AccountService, MediaService, Ports};
use crate::submissions::SubmissionLimiter;
use crate::web::WebAssets;
use crate::{api, extract, middleware, openapi};

/// How long in-flight requests may take to finish after a stop signal.
const SHUTDOWN_TIMEOUT_SECS: u64 = 10;

/// Starts serving on `listener`. The returned server stops gracefully on SIGTERM or Ctrl-C. New
/// messages and requests from the public forms are notified as `notifications` says.
///
/// # Errors
/// When the listener cannot be used.
pub fn serve<P: Ports>(
    listener: TcpListener,
    store: P::Store,
    accounts: AccountService<P>,
    media: MediaService<P>,
    assets: WebAssets,
    notifications: Notifications,
) -> std::io::Result<Server> {
    // Shared by every worker: the sign-in gate's use cases and the submission limits.
    let accounts = web::Data::new(accounts);
    let media = web::Data::new(media);
    let limiter = web::Data::new(SubmissionLimiter::default());
    // The two forms' use cases, with the wiring's notifications (their resources take them from here).
    let inbox = web::Data::new(ContactInbox::new(store.clone()).notifying(notifications.clone()));
    let pipeline = web::Data::new(SalesPipeline::new(store.clone()).notifying(notifications));
    let document = openapi::openapi();
    let policy = web::Data::new(AccessPolicy::from_document(&document));
    let server = HttpServer::new(move || {
        App::new()
            .wrap(from_fn(gate::<P>))
            .wrap(from_fn(middleware::finalize))
            .wrap(Compress::default())
            .wrap(TracingLogger::<middleware::RequestSpan>::new())
            .app_data(policy.clone())
            .app_data(accounts.clone())
            .app_data(media.clone())
            .app_data(limiter.clone())
            .app_data(inbox.clone())
            .app_data(pipeline.clone())
            .configure(extract::configure)
            .service(SwaggerUi::new("/api/docs/{_:.*}").url("/api/openapi.json", document.clone()))
            .route("/api/docs", web::get().to(docs_redirect))
            .service(
                web::scope("/api")
                    .configure(|config| api::routes::<P>(config, &store))
                    .default_service(web::to(api::not_found)),
            )
            .configure(api::media::file_routes::<P>)
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
