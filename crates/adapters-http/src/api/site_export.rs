//! `GET /export`: the whole site's archive as a download (docs/export.md), for the Owner and
//! Administrators. The archive is written while it is sent: a task reads the snapshot and the media
//! files and passes the compressed bytes on through a small channel, so the server holds a few
//! chunks at a time whatever the site's size. Recorded in the audit log before the first byte.

use actix_web::http::header::{self, ContentEncoding};
use actix_web::web::Bytes;
use actix_web::{HttpResponse, web};
use atelier_application::ports::SharedClock;
use atelier_application::site_archive::{ChunkSink, SiteExport};
use utoipa::OpenApi;

use crate::contract::Rules;
use crate::error::ApiError;
use crate::ports::{MediaService, Ports};

/// The archive's chunks in flight between the writer and the download.
const CHUNKS_IN_FLIGHT: usize = 4;

/// Passes the archive's bytes to the download.
struct ChannelSink(tokio::sync::mpsc::Sender<Result<Bytes, std::io::Error>>);

impl ChunkSink for ChannelSink {
    async fn send(&mut self, chunk: Vec<u8>) -> anyhow::Result<()> {
        self.0.send(Ok(Bytes::from(chunk))).await.map_err(|_| anyhow::anyhow!("the download was closed"))
    }
}

/// The archive's bytes: a gzip-compressed tar.
#[derive(Debug, utoipa::ToSchema)]
#[schema(value_type = String, format = Binary)]
pub struct ArchiveFile(pub Vec<u8>);

/// Export the whole site
///
/// Every record, revision and media file of the site in one archive (a gzip-compressed tar with a
/// `manifest.json`, one JSON-lines file per table and the media files; no accounts, secrets or
/// sessions), streamed as a download named `atelier-export-YYYY-MM-DD.tar.gz`. `atelier import
/// atelier FILE` reads it into an empty instance on SQLite or PostgreSQL. Recorded in the audit log.
#[utoipa::path(
    get, path = "/export", tag = "export", operation_id = "exportSite",
    responses((
        status = 200,
        description = "The archive, as an attachment",
        content_type = "application/gzip",
        body = ArchiveFile,
        headers(("Content-Disposition" = String, description = "`attachment; filename=\"atelier-export-YYYY-MM-DD.tar.gz\"`"))
    ))
)]
pub async fn export_site<P: Ports>(
    export: web::Data<SiteExport<P::Store, SharedClock>>,
    media: web::Data<MediaService<P>>,
) -> Result<HttpResponse, ApiError> {
    export.record().await.map_err(ApiError::Unexpected)?;
    let (sender, mut receiver) = tokio::sync::mpsc::channel(CHUNKS_IN_FLIGHT);
    let name = format!("atelier-export-{}.tar.gz", export.today().format("%Y-%m-%d"));
    let export = export.into_inner();
    let blobs = media.blobs().clone();
    actix_web::rt::spawn(async move {
        let mut sink = ChannelSink(sender.clone());
        if let Err(error) = export.write(&blobs, &mut sink).await {
            tracing::error!(error = %format!("{error:#}"), "the site export stopped");
            // Ends the download as failed rather than complete: a cut archive is never taken for whole.
            let _ = sender.send(Err(std::io::Error::other("the export failed"))).await;
        }
    });
    let body = futures_util::stream::poll_fn(move |context| receiver.poll_recv(context));
    Ok(HttpResponse::Ok()
        .content_type("application/gzip")
        .insert_header(ContentEncoding::Identity)
        .insert_header((header::CONTENT_DISPOSITION, format!("attachment; filename=\"{name}\"")))
        .streaming(body))
}

/// The export's part of the document.
#[derive(Debug, OpenApi)]
#[openapi(paths(export_site), tags((name = "export", description = "The whole site in one archive")))]
pub struct Doc;

/// No body, no parameters.
pub fn rules() -> Rules {
    Rules::none()
}

pub fn routes<P: Ports>(config: &mut crate::api::Routes, store: &P::Store, clock: &SharedClock) {
    config
        .app_data(web::Data::new(SiteExport::new(store.clone(), clock.clone())))
        .service(super::resource("/export").get(export_site::<P>));
}
