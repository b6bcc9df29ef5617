//! `/api/site/head`: the head the server writes into a public page, for the site to put in place
//! after navigating in the browser (the pages themselves arrive with it, see [`crate::site`]).
//!
//! The one API operation of the site's own: it lives with the pages it reads, and the server adds
//! it after the API's resources ([`crate::openapi::openapi`], [`crate::server`]), so the API's
//! modules never reach into the site's.

use std::collections::BTreeMap;

use actix_web::{HttpRequest, web};
use atelier_application::store::Store;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use super::{PageHead, SitePages};
use crate::error::ApiError;

/// One `<meta>` or `<link>` element of a page's head.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = HeadElement)]
pub struct HeadElementDto {
    /// `meta` or `link`.
    pub tag: String,
    /// Its attributes, by name.
    pub attributes: BTreeMap<String, String>,
}

/// A public page's head.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = PageHead)]
pub struct PageHeadDto {
    /// 200, or 404 when the address names no page (an unknown or draft post or project).
    pub status: u16,
    /// The document's title.
    pub title: String,
    /// The description, canonical link, feed link, link preview and robots elements, in order.
    pub elements: Vec<HeadElementDto>,
    /// The page's JSON-LD structured data, as the text of its `<script type="application/ld+json">`.
    pub structured_data: String,
}

impl From<PageHead> for PageHeadDto {
    fn from(page: PageHead) -> Self {
        let structured_data = page.head.structured_data_text();
        Self {
            status: if page.found { 200 } else { 404 },
            title: page.head.title,
            elements: page
                .head
                .elements
                .into_iter()
                .map(|element| HeadElementDto {
                    tag: element.tag.to_owned(),
                    attributes: element.attributes.into_iter().map(|(name, value)| (name.to_owned(), value)).collect(),
                })
                .collect(),
            structured_data,
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageHeadParams {
    /// The page's path as the address bar shows it, e.g. `/blog/designing-apis`.
    pub path: String,
}

/// Get a public page's head
///
/// The title, meta description, canonical link, link preview tags and JSON-LD the server writes into
/// the page at `path`; the site puts them in place after navigating without a reload.
#[utoipa::path(
    get, path = "/site/head", tag = "site", operation_id = "getPageHead",
    params(PageHeadParams),
    responses((status = 200, description = "The page's head; its `status` says whether the page exists", body = PageHeadDto))
)]
pub async fn get_page_head<S: Store>(
    pages: web::Data<SitePages<S>>,
    request: HttpRequest,
    params: web::Query<PageHeadParams>,
) -> Result<web::Json<PageHeadDto>, ApiError> {
    let base = pages.base_url(&request);
    Ok(web::Json(pages.head_of_path(&base, &params.path).await?.into()))
}

/// The operations of this resource, documented: merged into the API document after the API's own
/// ([`crate::openapi::openapi`]).
#[derive(Debug, OpenApi)]
#[openapi(
    paths(get_page_head),
    tags((name = "site", description = "What the public site's pages say about themselves to browsers and search engines")),
)]
pub struct Doc;

/// Its route, relative to `/api`. It has no request rules ([`crate::contract`]): it takes no body
/// and its parameter's schema says enough. The pages (`SitePages`) are registered by the server,
/// which knows the web build and the site's address.
pub fn routes<S: Store>(config: &mut crate::api::Routes) {
    config.service(crate::api::resource("/site/head").get(get_page_head::<S>));
}
