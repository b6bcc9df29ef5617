//! `/auth/sessions`: the signed-in administrator's own sessions — where each was opened, when it was
//! last used — and signing one or all the others out.

use actix_web::{HttpResponse, web};
use atelier_application::accounts::ports::Session;
use atelier_domain::session::describe_device;
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use crate::caller::SignedIn;
use crate::error::ApiError;
use crate::ports::{AccountService, Ports};
use crate::responses::Deleted;

/// One signed-in session of the caller's.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SignedInSession)]
pub struct SessionDto {
    #[serde(rename = "_id")]
    pub id: String,
    /// The browser and system it was opened from, for people: "Firefox on Linux".
    #[schema(example = "Firefox on Linux")]
    pub device: String,
    /// The browser's `User-Agent` text as sent.
    pub user_agent: String,
    /// The address it was opened from.
    #[schema(example = "203.0.113.7")]
    pub address: String,
    pub created_at: DateTime<Utc>,
    /// When a request last used it, to within a minute.
    pub last_used_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    /// Whether this is the session making the request.
    pub current: bool,
}

impl SessionDto {
    fn new(session: Session, current: bool) -> Self {
        Self {
            id: session.id.to_string(),
            device: describe_device(&session.user_agent),
            user_agent: session.user_agent,
            address: session.address,
            created_at: session.created_at,
            last_used_at: session.last_used_at,
            expires_at: session.expires_at,
            current,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = SessionList)]
pub struct SessionListDto {
    /// Most recently used first.
    pub sessions: Vec<SessionDto>,
}

/// How many sessions were signed out.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SignedOutSessions)]
pub struct SignedOutDto {
    pub message: String,
    pub signed_out: u64,
}

/// List your sessions
///
/// The signed-in account's sessions that are neither signed out nor expired, most recently used
/// first; `current` marks the one making the request.
#[utoipa::path(
    get, path = "/auth/sessions", tag = "auth", operation_id = "listSessions",
    responses((status = 200, description = "Your live sessions", body = SessionListDto))
)]
pub async fn list_sessions<P: Ports>(
    accounts: web::Data<AccountService<P>>,
    signed_in: SignedIn,
) -> Result<web::Json<SessionListDto>, ApiError> {
    let current = signed_in.0.session_id;
    let sessions = accounts.sessions(&signed_in.0).await?;
    let sessions = sessions.into_iter().map(|session| SessionDto::new(session.clone(), session.id == current));
    Ok(web::Json(SessionListDto { sessions: sessions.collect() }))
}

/// Sign a session out
///
/// Ends one of your sessions at once: its token stops working. It may be the one making the request.
#[utoipa::path(
    delete, path = "/auth/sessions/{id}", tag = "auth", operation_id = "signOutSession",
    params(("id" = String, Path, description = "The session's `_id`")),
    responses(Deleted)
)]
pub async fn sign_out_session<P: Ports>(
    accounts: web::Data<AccountService<P>>,
    signed_in: SignedIn,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    accounts.sign_out_session(&signed_in.0, &id).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// Sign out everywhere else
///
/// Ends every session of yours but the one making the request.
#[utoipa::path(
    post, path = "/auth/sessions/sign-out-others", tag = "auth", operation_id = "signOutOtherSessions",
    responses((status = 200, description = "The other sessions are signed out", body = SignedOutDto))
)]
pub async fn sign_out_other_sessions<P: Ports>(
    accounts: web::Data<AccountService<P>>,
    signed_in: SignedIn,
) -> Result<web::Json<SignedOutDto>, ApiError> {
    let signed_out = accounts.sign_out_other_sessions(&signed_in.0).await?;
    let message = match signed_out {
        1 => "1 other session signed out".to_owned(),
        n => format!("{n} other sessions signed out"),
    };
    Ok(web::Json(SignedOutDto { message, signed_out }))
}
