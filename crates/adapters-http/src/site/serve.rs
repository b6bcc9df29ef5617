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

use super::{SitePages, feeds};
use crate::web::{Asked, WebApp, WebAssets, serve_file, serve_index};

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
