//! How the public site answers a path: a file of its build, a page with its head filled in, the
//! redirect of an address it has no page for, and the pieces of a language's page (its `<html>`
//! tag, the 301 to its tag's canonical case).

use actix_web::http::header::{self, HeaderValue};
use actix_web::http::{Method, StatusCode};
use actix_web::{HttpRequest, HttpResponse, web};
use atelier_application::ports::SharedClock;
use atelier_application::redirects::served::{Found, RedirectTable};
use atelier_application::store::Store;
use atelier_domain::language::{Direction, SiteLanguage};

use std::borrow::Cow;
use std::sync::Arc;

use actix_web::web::Bytes;
use atelier_application::freshness::ContentGeneration;

use super::address::{Address, Prefix, language_folder};
use super::template::Template;
use super::{PageHead, SitePages, feeds};
use crate::cache::ResponseCache;
use crate::security;
use crate::web::{Asked, NOT_FOUND_PAGE, WebApp, WebAssets, serve_file, serve_index};

/// Any path of the public site: a file of its build, or a page with its head filled in (the app's
/// `index.html` for a build without pre-rendered pages).
///
/// An address the site has no page or file for (404) answers with its redirect when it has one
/// (docs/redirects.md): the redirects are looked up in memory first, and the page is still made, so
/// a redirect never shadows a page that exists.
pub(super) async fn public_app<S: Store>(
    request: HttpRequest,
    assets: web::Data<WebAssets>,
    pages: web::Data<SitePages<S>>,
) -> HttpResponse {
    let redirect = match request.app_data::<web::Data<RedirectTable<S, SharedClock>>>() {
        Some(table) if request.method() == Method::GET => table.find(request.path()).await.map(|found| (table, found)),
        _ => None,
    };
    let response = match serve_file(&request, &assets, WebApp::Public) {
        Asked::File(response) => response,
        Asked::Page(path) => match pages.page(&request, &path).await {
            Some(page) => page,
            None => serve_index(&request, &assets, WebApp::Public),
        },
    };
    match redirect {
        Some((table, found)) if response.status() == StatusCode::NOT_FOUND => {
            table.hit(&found);
            redirected(&found).unwrap_or(response)
        }
        _ => response,
    }
}

impl<S: Store> SitePages<S> {
    /// The page at `path` (the request's, without its leading `/`) with its head filled in; `None`
    /// when the build has no pre-rendered pages. A page found is kept in the response cache while
    /// the content has not changed (docs/caching.md), so it is filled and compressed once; a missing
    /// page or one sent without its head is computed each time.
    pub async fn page(&self, request: &HttpRequest, path: &str) -> Option<HttpResponse> {
        let (mut address, mut file, mut bytes) = Address::resolve(&self.assets, path)?;
        // `/{tag}/…` of a language of the site's other than the default: looked for only where the
        // default language has no page, so its pages cost what they always did.
        let mut language: Option<SiteLanguage> = None;
        let mut folder = String::new();
        if address == Address::Missing && Prefix::possible(path) {
            let publisher = match self.shared().await {
                Ok((publisher, _)) => Some(publisher),
                Err(error) => {
                    tracing::error!(error = format!("{error:#}"), "the site's languages could not be read");
                    None
                }
            };
            if let Some(publisher) = publisher {
                match Prefix::of(&publisher.settings.languages, path) {
                    Prefix::Default => {}
                    Prefix::Recased(location) => return Some(recased(&location, request)),
                    Prefix::Language { language: found, rest } => {
                        folder = language_folder(&self.assets, found);
                        (address, file, bytes) = Address::resolve_in(&self.assets, &folder, rest)?;
                        language = Some(found.clone());
                    }
                }
            }
        }
        let base = self.base_url(request);
        let cache = request.app_data::<web::Data<ResponseCache>>();
        let generation = request.app_data::<web::Data<ContentGeneration>>();
        // Keyed by what the page is made from, not by the path as spelled (`/About`, `/about`).
        let record = match &address {
            Address::Post(slug) | Address::Project(slug) => slug.as_str(),
            Address::Page { .. } | Address::Missing => "",
        };
        // A language's page is keyed by its tag too (`de-AT` and `de` share the `de/` files); the
        // default language's key is as it always was.
        let key = match &language {
            None => format!("page {base} {file} {record}"),
            Some(language) => format!("page {base} {} {file} {record}", language.tag.as_str()),
        };
        if let (Some(cache), Some(generation)) = (cache, generation)
            && let Some(stored) = cache.get(&key, generation)
        {
            return Some(stored.respond(request.headers()));
        }
        // Taken before the content is read: a write meanwhile makes this page out of date.
        let stamp = generation.map(|generation| generation.stamp());
        let (status, file, bytes, head) = match self.head_in(&base, &address, true, &folder, language.as_ref()).await {
            Ok(head @ PageHead { found: true, .. }) => (StatusCode::OK, file, bytes, Some(head)),
            Ok(head) => {
                let not_found = format!("{folder}{NOT_FOUND_PAGE}");
                let (not_found, bytes) = if file == not_found {
                    (not_found, bytes)
                } else if let Some(bytes) = self.assets.file(WebApp::Public, &not_found) {
                    (not_found, bytes)
                } else if file == NOT_FOUND_PAGE {
                    (file, bytes)
                } else {
                    (NOT_FOUND_PAGE.to_owned(), self.assets.file(WebApp::Public, NOT_FOUND_PAGE)?)
                };
                (StatusCode::NOT_FOUND, not_found, bytes, Some(head))
            }
            Err(error) => {
                tracing::error!(error = format!("{error:#}"), "the page's head could not be read; sent without it");
                let status = if address == Address::Missing { StatusCode::NOT_FOUND } else { StatusCode::OK };
                (status, file, bytes, None)
            }
        };
        let template = match &bytes {
            Cow::Borrowed(_) => self.templates.get(file.as_str()).cloned(),
            Cow::Owned(_) => None,
        }
        .or_else(|| std::str::from_utf8(&bytes).ok().and_then(Template::parse).map(Arc::new));
        let filled = head.is_some();
        let body = match (template, head) {
            (Some(template), Some(page)) => {
                let head = page.head.to_html() + &page.data;
                template.fill_with_footer(&head, page.preview.as_deref(), page.footer.as_deref()).into_bytes()
            }
            _ => bytes.into_owned(),
        };
        let body = match &language {
            Some(language) => with_language(body, language),
            None => body,
        };
        let policy = security::page_policy(security::inline_scripts(&body));
        if status == StatusCode::OK
            && filled
            && let (Some(cache), Some(generation), Some(stamp)) = (cache, generation, stamp)
            && let Ok(policy) = HeaderValue::from_str(&policy)
        {
            let asked = crate::cache::page_key(&base, request.path());
            let stored = cache.put_page(&key, &asked, stamp, Bytes::from(body), policy, generation);
            return Some(stored.respond(request.headers()));
        }
        Some(
            HttpResponse::build(status)
                .insert_header((header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8")))
                .insert_header((header::CACHE_CONTROL, HeaderValue::from_static("no-cache")))
                .insert_header((security::CONTENT_SECURITY_POLICY, policy))
                .body(body),
        )
    }
}

/// The 301 from a language's tag in another case (`/DE/blog`) to the canonical one (`/de/blog`),
/// keeping the query.
pub(super) fn recased(location: &str, request: &HttpRequest) -> HttpResponse {
    let location = match request.query_string() {
        "" => location.to_owned(),
        query => format!("{location}?{query}"),
    };
    HttpResponse::MovedPermanently()
        .insert_header((header::LOCATION, location))
        .insert_header((header::CACHE_CONTROL, HeaderValue::from_static("no-cache")))
        .finish()
}

/// The page's `<html>` opening tag with the language's tag and direction (the build writes its
/// catalogue's tag: `de` for `de-AT` too).
pub(super) fn with_language(body: Vec<u8>, language: &SiteLanguage) -> Vec<u8> {
    let text = match String::from_utf8(body) {
        Ok(text) => text,
        // Not text: sent as it is rather than lost.
        Err(error) => return error.into_bytes(),
    };
    let Some(start) = text.find("<html") else { return text.into_bytes() };
    let Some(end) = text[start..].find('>').map(|end| start + end + 1) else { return text.into_bytes() };
    let dir = match language.direction {
        Direction::Rtl => " dir=\"rtl\"",
        Direction::Ltr => "",
    };
    let opening = format!("<html lang=\"{}\"{dir}>", language.tag.as_str());
    let mut filled = String::with_capacity(text.len() + 16);
    filled.push_str(&text[..start]);
    filled.push_str(&opening);
    filled.push_str(&text[end..]);
    filled.into_bytes()
}

/// The answer of a redirect: its status and `Location` as stored (a path of this site or an
/// absolute address, never anything taken from the request), no body. Not stored in the response
/// cache (the redirects are in memory already) and revalidated by browsers and shared caches, since
/// a page may appear at the address or the redirect change.
fn redirected(found: &Found) -> Option<HttpResponse> {
    let location = HeaderValue::from_str(&found.location).ok()?;
    let status = StatusCode::from_u16(found.status).ok().filter(StatusCode::is_redirection)?;
    Some(
        HttpResponse::build(status)
            .insert_header((header::LOCATION, location))
            .insert_header((header::CACHE_CONTROL, HeaderValue::from_static("no-cache")))
            .finish(),
    )
}

/// The public site's routes: the feeds and the sitemap, then every other path. Register last, after
/// [`crate::web::routes`] (which gives the apps' files); the pages' heads come from the
/// [`SitePages`] in the app data.
pub fn routes<S: Store>(config: &mut web::ServiceConfig) {
    config.configure(feeds::routes::<S>).default_service(web::to(public_app::<S>));
}

#[cfg(test)]
mod tests {
    use atelier_domain::language::{Languages, SiteLanguageInput};

    use super::*;

    #[test]
    fn a_languages_page_says_its_tag_and_direction() {
        let language = |tag: &str, direction: &str| SiteLanguageInput {
            tag: Some(tag.into()),
            name: Some(tag.into()),
            direction: Some(direction.into()),
        };
        let languages =
            Languages::parse(&[language("en", "ltr"), language("de-AT", "ltr"), language("ar", "rtl")], None).unwrap();
        let page = b"<!doctype html>\n<html lang=\"de\">\n<head></head></html>".to_vec();
        let austrian = with_language(page.clone(), languages.find("de-AT").unwrap());
        assert_eq!(
            String::from_utf8(austrian).unwrap(),
            "<!doctype html>\n<html lang=\"de-AT\">\n<head></head></html>"
        );
        let arabic = with_language(page, languages.find("ar").unwrap());
        assert_eq!(with_language(vec![0xff, 0xfe], languages.find("ar").unwrap()), vec![0xff, 0xfe], "not text: kept");
        assert_eq!(
            String::from_utf8(arabic).unwrap(),
            "<!doctype html>\n<html lang=\"ar\" dir=\"rtl\">\n<head></head></html>"
        );
    }
}
