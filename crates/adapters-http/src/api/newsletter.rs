//! `/newsletter`: the addresses left in the site header's newsletter box. Visitors sign up, confirm
//! and unsubscribe (the last two with the token their links carry); administrators list and delete
//! addresses.
//!
//! Besides the API, the links mailed to an address are pages of the site (`/newsletter/confirm`,
//! `/newsletter/unsubscribe`, with `?token=`): a GET shows the page with one button, whose form
//! POSTs to the same address, answered here by [`link_routes`] with a redirect (303) to the page
//! saying what happened. Nothing changes on a GET, so a mail scanner that opens links confirms and
//! removes nothing; the POST to the unsubscribe address is also RFC 8058's one-click unsubscribe.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use atelier_application::Audience;
use atelier_application::newsletter::{Newsletter, SignUp, SubscriberQuery};
use atelier_application::ports::SharedClock;
use atelier_application::spam::Evidence;
use atelier_application::store::Store;
use atelier_domain::Page;
use atelier_domain::subscriber::{Subscriber, SubscriberStatus};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use crate::api::challenge::ProofOfWorkDto;
use crate::caller::Caller;
use crate::contract::Rules;
use crate::error::ApiError;
use crate::extract::JsonBody;
use crate::hosts::HostPolicy;
use crate::ports::Ports;
use crate::responses::{Deleted, NotFound, TooManyRequests};
use crate::submissions::SubmissionLimiter;

/// The page a confirmed address is sent to.
pub const CONFIRMED_PAGE: &str = "/newsletter/confirmed";
/// The page a removed address is sent to.
pub const UNSUBSCRIBED_PAGE: &str = "/newsletter/unsubscribed";
/// The page for a confirmation link whose address is no longer on the list.
pub const INVALID_LINK_PAGE: &str = "/newsletter/invalid-link";

/// The sign-up limit: 5 per client address within 10 minutes, like the contact forms, but counted
/// apart from them, so a visitor who wrote to the agency can still sign up.
#[derive(Debug)]
pub struct NewsletterLimiter<S>(pub SubmissionLimiter<S>);

/// Where an address stands.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = SubscriberStatus)]
pub enum SubscriberStatusDto {
    /// A confirmation link was mailed and not yet followed.
    Pending,
    /// Its owner followed the confirmation link.
    Confirmed,
    /// Signed up while no mail server was configured: never confirmed.
    Unconfirmed,
}

impl From<SubscriberStatus> for SubscriberStatusDto {
    fn from(status: SubscriberStatus) -> Self {
        match status {
            SubscriberStatus::Pending => Self::Pending,
            SubscriberStatus::Confirmed => Self::Confirmed,
            SubscriberStatus::Unconfirmed => Self::Unconfirmed,
        }
    }
}

impl From<SubscriberStatusDto> for SubscriberStatus {
    fn from(status: SubscriberStatusDto) -> Self {
        match status {
            SubscriberStatusDto::Pending => Self::Pending,
            SubscriberStatusDto::Confirmed => Self::Confirmed,
            SubscriberStatusDto::Unconfirmed => Self::Unconfirmed,
        }
    }
}

/// A stored newsletter address.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Subscriber)]
pub struct SubscriberDto {
    #[serde(rename = "_id")]
    pub id: String,
    /// Lowercased.
    pub email: String,
    pub status: SubscriberStatusDto,
    pub created_at: DateTime<Utc>,
    pub confirmed_at: Option<DateTime<Utc>>,
    /// The address's own unsubscribe link, on the site's address: put it in every mail sent to it.
    pub unsubscribe_url: String,
}

impl SubscriberDto {
    pub(crate) fn of(subscriber: &Subscriber, base: &str) -> Self {
        Self {
            id: subscriber.id.to_string(),
            unsubscribe_url: subscriber.unsubscribe_link(base),
            email: subscriber.email.to_string(),
            status: subscriber.status.into(),
            created_at: subscriber.created_at,
            confirmed_at: subscriber.confirmed_at,
        }
    }
}

/// One page of addresses.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SubscriberList)]
pub struct SubscriberListDto {
    /// Newest first.
    pub subscribers: Vec<SubscriberDto>,
    pub total_items: u64,
    pub total_pages: u64,
    pub current_page: u64,
}

impl SubscriberListDto {
    fn of(page: &Page<Subscriber>, base: &str) -> Self {
        Self {
            subscribers: page.items.iter().map(|subscriber| SubscriberDto::of(subscriber, base)).collect(),
            total_items: page.total_items,
            total_pages: page.total_pages,
            current_page: page.current_page,
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SubscriberListParams {
    /// Only addresses with this status.
    pub status: Option<SubscriberStatusDto>,
    /// Matched case-insensitively anywhere in the address.
    pub search: Option<String>,
    /// Page size: 1 to 1000; 20 by default.
    pub limit: Option<i64>,
    /// Page number from 1.
    pub page: Option<i64>,
}

/// A sign-up from the newsletter box.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(as = NewsletterSignUp)]
pub struct SignUpDto {
    /// Required: a valid address of at most 254 characters; trimmed and lowercased.
    pub email: Option<String>,
    /// Leave empty. A hidden field people never see: a sign-up that fills it is answered as usual
    /// but not stored.
    pub website: Option<String>,
    /// The answer to a challenge from `GET /challenge`, required of anonymous visitors (a missing,
    /// invalid, expired or already used one is refused with a 422 naming `proofOfWork`, and nothing
    /// is stored); administrators send `null`.
    #[serde(rename = "proofOfWork", default, deserialize_with = "crate::extract::present")]
    #[schema(nullable, value_type = Option<ProofOfWorkDto>)]
    pub proof_of_work: Option<Option<ProofOfWorkDto>>,
}

/// What a sign-up answers, the same whether the address was new, already stored or dropped.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = NewsletterSignUpResult)]
pub struct SignUpResultDto {
    /// Whether a new address must be confirmed through a link mailed to it (a mail server is
    /// configured); otherwise it is kept as not confirmed.
    pub confirmation_required: bool,
}

impl From<SignUp> for SignUpResultDto {
    fn from(sign_up: SignUp) -> Self {
        Self { confirmation_required: sign_up.confirmation_required }
    }
}

/// The token of an address's links.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(as = NewsletterToken)]
pub struct TokenDto {
    /// Required: the `token` of the link, 64 hexadecimal digits.
    pub token: Option<String>,
}

impl TokenDto {
    fn token(&self) -> Result<&str, ApiError> {
        match self.token.as_deref().map(str::trim) {
            Some(token) if !token.is_empty() => Ok(token),
            _ => Err(ApiError::invalid_field("token", "Token is required")),
        }
    }
}

/// Sign up to the newsletter
///
/// The newsletter box. The address is stored once whatever its case; the same address again is
/// accepted quietly, and the answer never tells whether it was already there. With a mail server
/// configured, a new address gets a confirmation link (again on a later sign-up while it waits, at
/// most once a day). An anonymous sign-up carries a solved challenge from `GET /challenge` as `proofOfWork`
/// (without a valid, unexpired, unused one: 422 and nothing stored). At most 5 anonymous sign-ups
/// per client address within 10 minutes; a sign-up that fills the hidden `website` field is
/// answered as usual but not stored.
#[utoipa::path(
    post, path = "/newsletter/subscribers", tag = "newsletter", operation_id = "subscribeToNewsletter",
    request_body = SignUpDto,
    responses(
        (status = 202, description = "The sign-up is taken", body = SignUpResultDto),
        TooManyRequests,
    )
)]
pub async fn subscribe<S: Store>(
    newsletter: web::Data<Newsletter<S, SharedClock>>,
    limiter: web::Data<NewsletterLimiter<S>>,
    hosts: web::Data<HostPolicy>,
    caller: Caller,
    request: HttpRequest,
    body: JsonBody<SignUpDto>,
) -> Result<HttpResponse, ApiError> {
    if caller.0 == Audience::Public {
        limiter.0.admit(crate::proxies::client_ip(&request)).await?;
    }
    let base = hosts.address(&request);
    let SignUpDto { email, website, proof_of_work } = body.0;
    let proof = ProofOfWorkDto::sent(proof_of_work)?;
    let evidence = Evidence { honeypot: website.as_deref(), proof: proof.as_ref() };
    let sign_up = newsletter.subscribe(caller.0, email.as_deref(), evidence, &base).await?;
    Ok(HttpResponse::Accepted().json(SignUpResultDto::from(sign_up)))
}

/// Confirm a newsletter address
///
/// With the token of the confirmation link mailed to the address; confirming twice changes nothing.
#[utoipa::path(
    post, path = "/newsletter/confirm", tag = "newsletter", operation_id = "confirmNewsletterSubscription",
    request_body = TokenDto,
    responses((status = 200, description = "The address is confirmed", body = SubscriberStatusDto), NotFound)
)]
pub async fn confirm<S: Store>(
    newsletter: web::Data<Newsletter<S, SharedClock>>,
    body: JsonBody<TokenDto>,
) -> Result<web::Json<SubscriberStatusDto>, ApiError> {
    let subscriber = newsletter.confirm(body.0.token()?).await?;
    Ok(web::Json(subscriber.status.into()))
}

/// Unsubscribe from the newsletter
///
/// With the token of the address's unsubscribe link: the address is deleted. An unknown token (an
/// address already removed) is answered the same, so the link can be followed twice.
#[utoipa::path(
    post, path = "/newsletter/unsubscribe", tag = "newsletter", operation_id = "unsubscribeFromNewsletter",
    request_body = TokenDto,
    responses(Deleted)
)]
pub async fn unsubscribe<S: Store>(
    newsletter: web::Data<Newsletter<S, SharedClock>>,
    body: JsonBody<TokenDto>,
) -> Result<HttpResponse, ApiError> {
    newsletter.unsubscribe(body.0.token()?).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// List newsletter subscribers
///
/// Newest first, one page of them, with the total matching the search and status.
#[utoipa::path(
    get, path = "/newsletter/subscribers", tag = "newsletter", operation_id = "listNewsletterSubscribers",
    params(SubscriberListParams),
    responses((status = 200, description = "One page of addresses", body = SubscriberListDto))
)]
pub async fn list_subscribers<S: Store>(
    newsletter: web::Data<Newsletter<S, SharedClock>>,
    hosts: web::Data<HostPolicy>,
    request: HttpRequest,
    params: web::Query<SubscriberListParams>,
) -> Result<web::Json<SubscriberListDto>, ApiError> {
    let params = params.into_inner();
    let query = SubscriberQuery {
        status: params.status.map(SubscriberStatus::from),
        search: params.search,
        page: params.page,
        limit: params.limit,
    };
    let page = newsletter.list(query).await?;
    Ok(web::Json(SubscriberListDto::of(&page, &hosts.address(&request))))
}

/// Delete a newsletter subscriber
///
/// Removes the address for good; a later sign-up stores it again with new links.
#[utoipa::path(
    delete, path = "/newsletter/subscribers/{id}", tag = "newsletter", operation_id = "deleteNewsletterSubscriber",
    params(("id" = String, Path, description = "The subscriber's `_id`")),
    responses(Deleted)
)]
pub async fn delete_subscriber<S: Store>(
    newsletter: web::Data<Newsletter<S, SharedClock>>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    newsletter.delete(&id).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// The operations of this resource, documented: nested into the API document by [`super::documents`].
#[derive(Debug, OpenApi)]
#[openapi(
    paths(subscribe, confirm, unsubscribe, list_subscribers, delete_subscriber),
    tags((name = "newsletter", description = "The newsletter's addresses: sign-up, confirmation, unsubscribing and the list")),
)]
pub struct Doc;

/// The rules of the bodies and parameters this resource takes, from the domain's limits
/// ([`crate::contract`]): collected by [`super::rules`].
pub fn rules() -> Rules {
    use crate::contract::{body, email, given, token};

    Rules::bodies(vec![
        body::<SignUpDto>(vec![("email", email().required()), ("proofOfWork", given().required_or_null())]),
        body::<TokenDto>(vec![("token", token().required())]),
    ])
}

/// The use case (`Newsletter`) is registered by the server, which knows whether mail can be sent.
pub fn routes<P: Ports>(config: &mut crate::api::Routes, _store: &P::Store, _clock: &SharedClock) {
    config
        .service(
            super::resource("/newsletter/subscribers").get(list_subscribers::<P::Store>).post(subscribe::<P::Store>),
        )
        .service(super::resource("/newsletter/subscribers/{id}").delete(delete_subscriber::<P::Store>))
        .service(super::resource("/newsletter/confirm").post(confirm::<P::Store>))
        .service(super::resource("/newsletter/unsubscribe").post(unsubscribe::<P::Store>));
}

/// The token in a link's address.
#[derive(Debug, Deserialize)]
pub struct LinkParams {
    #[serde(default)]
    token: String,
}

fn see_other(page: &str) -> HttpResponse {
    HttpResponse::SeeOther().insert_header((header::LOCATION, page.to_owned())).finish()
}

/// The confirm page's button: confirms, then shows the confirmed page (or the invalid link's).
async fn confirm_link<S: Store>(
    newsletter: web::Data<Newsletter<S, SharedClock>>,
    params: web::Query<LinkParams>,
) -> HttpResponse {
    match newsletter.confirm(&params.token).await {
        Ok(_) => see_other(CONFIRMED_PAGE),
        Err(atelier_application::records::LookupError::NotFound(_)) => see_other(INVALID_LINK_PAGE),
        Err(atelier_application::records::LookupError::Unexpected(error)) => failed(&error),
    }
}

/// The unsubscribe page's button, and RFC 8058's one-click POST (whatever its body): removes, then
/// shows the unsubscribed page, also for an address already gone.
async fn unsubscribe_link<S: Store>(
    newsletter: web::Data<Newsletter<S, SharedClock>>,
    params: web::Query<LinkParams>,
) -> HttpResponse {
    match newsletter.unsubscribe(&params.token).await {
        Ok(_) => see_other(UNSUBSCRIBED_PAGE),
        Err(error) => failed(&error),
    }
}

fn failed(error: &anyhow::Error) -> HttpResponse {
    tracing::error!(error = format!("{error:#}"), "a newsletter link could not be followed");
    HttpResponse::InternalServerError().content_type("text/plain; charset=utf-8").body("Internal server error")
}

/// The POSTs of the links' pages (outside `/api`); their GETs are the site's pages.
pub fn link_routes<P: Ports>(config: &mut web::ServiceConfig) {
    use atelier_domain::subscriber::{CONFIRM_PATH, UNSUBSCRIBE_PATH};
    config
        .route(CONFIRM_PATH, web::post().to(confirm_link::<P::Store>))
        .route(UNSUBSCRIBE_PATH, web::post().to(unsubscribe_link::<P::Store>));
}
