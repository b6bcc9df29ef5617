//! `/views`: the public pages' beacon. Each page a visitor opens (the server-rendered load and each
//! navigation inside the site) sends one small request here with `navigator.sendBeacon`; the
//! server adds who the visitor is (a hash under the day's salt: [`atelier_application::visitors`])
//! and their device class, and holds the view in memory until the next batch is stored
//! ([`atelier_application::insights::PageViews`]). Nothing is stored for a browser that asks not to
//! be tracked (`DNT: 1`, `Sec-GPC: 1`), for robots and for a browser that runs headless.

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex, OnceLock, PoisonError};

use actix_web::http::header::{self, HeaderName};
use actix_web::{HttpRequest, HttpResponse, web};
use atelier_application::insights::PageViews;
use atelier_application::ports::SharedClock;
use atelier_application::store::Store;
use atelier_domain::page_view::{Attribution, AttributionInput, Beacon, BeaconInput, DeviceClass};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::contract::Rules;
use crate::error::ApiError;
use crate::extract::JsonBody;
use crate::ports::Ports;

const DNT: HeaderName = HeaderName::from_static("dnt");
const SEC_GPC: HeaderName = HeaderName::from_static("sec-gpc");

/// What a page's beacon sends.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = PageViewBeacon)]
pub struct BeaconDto {
    /// Required: the page's path on this site (`location.pathname`), starting with one `/`, at most
    /// 512 characters, without spaces, backslashes or control characters; a query or fragment is
    /// cut off.
    pub path: Option<String>,
    /// The domain of the site the visitor came from (`document.referrer`'s host, not the whole
    /// address), for a visit from another site; at most 253 characters.
    pub referrer: Option<String>,
    /// `utm_source` of the page's address, at most 100 characters.
    pub utm_source: Option<String>,
    /// `utm_medium` of the page's address, at most 100 characters.
    pub utm_medium: Option<String>,
    /// `utm_campaign` of the page's address, at most 100 characters.
    pub utm_campaign: Option<String>,
    /// The browser's language (`navigator.language`), such as `en-GB`; at most 35 characters.
    pub language: Option<String>,
}

impl BeaconDto {
    fn into_input(self) -> BeaconInput {
        BeaconInput {
            path: self.path,
            referrer: self.referrer,
            utm_source: self.utm_source,
            utm_medium: self.utm_medium,
            utm_campaign: self.utm_campaign,
            language: self.language,
        }
    }
}

/// Where a lead came from: the first page of the visit that sent it and that visit's source, as the
/// page-view beacon saw them first in the visitor's session.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Attribution)]
pub struct AttributionDto {
    /// The visit's first page on this site.
    pub landing_page: String,
    /// The domain of the site the visit came from; `null` for a direct visit.
    pub referrer: Option<String>,
    pub utm_source: Option<String>,
    pub utm_medium: Option<String>,
    pub utm_campaign: Option<String>,
}

impl From<Attribution> for AttributionDto {
    fn from(attribution: Attribution) -> Self {
        Self {
            landing_page: attribution.landing_page.as_str().to_owned(),
            referrer: attribution.referrer.map(|referrer| referrer.as_str().to_owned()),
            utm_source: attribution.campaign.source,
            utm_medium: attribution.campaign.medium,
            utm_campaign: attribution.campaign.campaign,
        }
    }
}

/// Where a lead came from, as a public form sends it: what the page-view beacon saw first in the
/// visitor's session. Kept with the message as sent on creation; never changed afterwards.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AttributionInput)]
pub struct AttributionInputDto {
    /// Required: the visit's first page, a path of this site (as the beacon's `path`).
    pub landing_page: Option<String>,
    /// The referring site's domain (as the beacon's `referrer`).
    pub referrer: Option<String>,
    /// At most 100 characters.
    pub utm_source: Option<String>,
    /// At most 100 characters.
    pub utm_medium: Option<String>,
    /// At most 100 characters.
    pub utm_campaign: Option<String>,
}

impl AttributionInputDto {
    pub fn into_domain(self) -> AttributionInput {
        AttributionInput {
            landing_page: self.landing_page,
            referrer: self.referrer,
            utm_source: self.utm_source,
            utm_medium: self.utm_medium,
            utm_campaign: self.utm_campaign,
        }
    }
}

/// Whether the browser asks not to be tracked: `DNT: 1` or `Sec-GPC: 1`.
fn declines(request: &HttpRequest) -> bool {
    [DNT, SEC_GPC]
        .iter()
        .any(|name| request.headers().get(name).is_some_and(|value| value.as_bytes().trim_ascii() == b"1"))
}

/// How many browsers' device classes are remembered ([`remembered_device_class`]), and the longest
/// `User-Agent` remembered: at most 256 × 512 bytes.
const REMEMBERED_AGENTS: usize = 256;
const REMEMBERED_AGENT_LEN: usize = 512;

/// [`device_class`], remembered for the browsers seen lately: parsing a `User-Agent` is most of a
/// beacon's work (docs/performance.md, "Recording's cost"), and a site's visitors send few distinct
/// ones. The memory is bounded: the map is emptied when full, and a longer text is not kept.
fn remembered_device_class(user_agent: &str) -> Option<DeviceClass> {
    static SEEN: LazyLock<Mutex<HashMap<Box<str>, Option<DeviceClass>>>> = LazyLock::new(Mutex::default);
    if let Some(class) = SEEN.lock().unwrap_or_else(PoisonError::into_inner).get(user_agent) {
        return *class;
    }
    let class = device_class(user_agent);
    if user_agent.len() <= REMEMBERED_AGENT_LEN {
        let mut seen = SEEN.lock().unwrap_or_else(PoisonError::into_inner);
        if seen.len() >= REMEMBERED_AGENTS {
            seen.clear();
        }
        seen.insert(user_agent.into(), class);
    }
    class
}

/// The device class of a browser by its `User-Agent` (Woothee's categories), or `None` for what is
/// not a person's browser: a crawler, a feed reader, an HTTP library, a headless browser, or no
/// `User-Agent` at all.
pub fn device_class(user_agent: &str) -> Option<DeviceClass> {
    static PARSER: OnceLock<woothee::parser::Parser> = OnceLock::new();
    if user_agent.trim().is_empty() || user_agent.contains("Headless") || user_agent.contains("Lighthouse") {
        return None;
    }
    let parsed = PARSER.get_or_init(woothee::parser::Parser::new).parse(user_agent)?;
    match parsed.category {
        "crawler" | "misc" => None,
        "pc" => Some(DeviceClass::Desktop),
        "smartphone" if parsed.os == "iPad" || (parsed.os == "Android" && !user_agent.contains("Mobile")) => {
            Some(DeviceClass::Tablet)
        }
        "smartphone" | "mobilephone" => Some(DeviceClass::Mobile),
        _ => Some(DeviceClass::Other),
    }
}

/// Record a page view
///
/// The public pages' beacon: one per page a visitor opens. Answers 204 at once; the view is stored
/// within a second, with the visitor as a hash of their address and browser under a secret salt
/// that changes every day (never the address, never a cookie), and the device class read from the
/// `User-Agent`. Nothing is stored, and 204 answered all the same, when the browser sends `DNT: 1`
/// or `Sec-GPC: 1`, or is a robot, a feed reader, an HTTP library or a headless browser. A blog
/// post's page view also counts towards the post's view count (once per visitor and hour).
#[utoipa::path(
    post, path = "/views", tag = "insights", operation_id = "recordPageView",
    request_body = BeaconDto,
    responses((status = 204, description = "The view is taken (or, for a browser that declines tracking or a robot, ignored)"))
)]
pub async fn record_page_view<S: Store>(
    views: web::Data<PageViews<S, SharedClock>>,
    request: HttpRequest,
    body: JsonBody<BeaconDto>,
) -> Result<HttpResponse, ApiError> {
    let beacon = Beacon::parse(&body.0.into_input()).map_err(|errors| ApiError::invalid(&errors))?;
    let user_agent = request.headers().get(header::USER_AGENT).and_then(|agent| agent.to_str().ok()).unwrap_or("");
    if !declines(&request)
        && let Some(device) = remembered_device_class(user_agent)
    {
        let address = crate::proxies::client_ip(&request).map(|address| address.to_string()).unwrap_or_default();
        views.record(beacon, &address, user_agent, device).await?;
    }
    Ok(HttpResponse::NoContent().finish())
}

/// The operations of this resource, documented: nested into the API document by [`super::documents`].
#[derive(Debug, OpenApi)]
#[openapi(
    paths(record_page_view),
    tags((name = "insights", description = "The site's own visitor statistics: the public pages' beacon")),
)]
pub struct Doc;

/// The rules of the beacon's body, from the domain's limits ([`crate::contract`]).
pub fn rules() -> Rules {
    use atelier_domain::page_view::{MAX_DOMAIN_LEN, MAX_LANGUAGE_LEN, MAX_UTM_LEN};

    use crate::contract::{body, page_path, text};

    Rules::bodies(vec![
        body::<BeaconDto>(vec![
            ("path", page_path().required()),
            ("referrer", text(MAX_DOMAIN_LEN)),
            ("utmSource", text(MAX_UTM_LEN)),
            ("utmMedium", text(MAX_UTM_LEN)),
            ("utmCampaign", text(MAX_UTM_LEN)),
            ("language", text(MAX_LANGUAGE_LEN)),
        ]),
        body::<AttributionInputDto>(vec![
            ("landingPage", page_path().required()),
            ("referrer", text(MAX_DOMAIN_LEN)),
            ("utmSource", text(MAX_UTM_LEN)),
            ("utmMedium", text(MAX_UTM_LEN)),
            ("utmCampaign", text(MAX_UTM_LEN)),
        ]),
    ])
}

/// The use case (`PageViews`) is registered by the server, which shares it with the worker that
/// stores the views.
pub fn routes<P: Ports>(config: &mut crate::api::Routes, _store: &P::Store, _clock: &SharedClock) {
    config.service(super::resource("/views").post(record_page_view::<P::Store>));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn browsers_get_their_device_class_and_robots_none() {
        let cases = [
            ("Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", Some(DeviceClass::Desktop)),
            (
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
                Some(DeviceClass::Desktop),
            ),
            (
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
                Some(DeviceClass::Mobile),
            ),
            (
                "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
                Some(DeviceClass::Mobile),
            ),
            (
                "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
                Some(DeviceClass::Tablet),
            ),
            (
                "Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
                Some(DeviceClass::Tablet),
            ),
            ("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", None),
            ("Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", None),
            ("curl/8.5.0", None),
            ("Wget/1.21.4", None),
            (
                "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
                None,
            ),
            ("", None),
        ];
        for (user_agent, class) in cases {
            assert_eq!(device_class(user_agent), class, "{user_agent}");
            assert_eq!(remembered_device_class(user_agent), class, "{user_agent}, first seen");
            assert_eq!(remembered_device_class(user_agent), class, "{user_agent}, remembered");
        }
    }

    #[test]
    fn many_browsers_seen_keep_the_remembered_classes_bounded_and_right() {
        for build in 0..REMEMBERED_AGENTS * 3 {
            let desktop = format!("Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0.{build}");
            assert_eq!(remembered_device_class(&desktop), Some(DeviceClass::Desktop));
        }
        let long =
            format!("Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0 {}", "x".repeat(600));
        assert_eq!(remembered_device_class(&long), device_class(&long));
        assert!(remembered_device_class("curl/8.5.0").is_none());
    }
}
