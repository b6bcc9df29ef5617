//! `/auth/invitations`: what an invitation link offers, and accepting it. Both are public: the token
//! in the body is the credential. It travels in the body, never in the address, so it is never logged.

use actix_web::{HttpRequest, HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::AuthSessionDto;
use crate::caller::client_of;
use crate::error::ApiError;
use crate::extract::JsonBody;
use crate::ports::{AccountService, Ports};
use crate::responses::{Conflict, NotFound};

/// An invitation link's token.
#[derive(Deserialize, ToSchema)]
#[schema(as = InvitationToken)]
pub struct InvitationTokenDto {
    /// The part of the link after `#`.
    pub token: Option<String>,
}

impl std::fmt::Debug for InvitationTokenDto {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("InvitationToken(***)")
    }
}

/// What an open invitation offers.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = InvitationOffer)]
pub struct InvitationOfferDto {
    /// The email the new account signs in with.
    pub email: String,
    /// The role it is created with.
    pub role: super::RoleDto,
    pub expires_at: DateTime<Utc>,
}

/// Accepting an invitation: the token, and the new account's name and password.
#[derive(Deserialize, ToSchema)]
#[schema(as = AcceptInvitationInput)]
pub struct AcceptInvitationDto {
    pub token: Option<String>,
    pub name: Option<String>,
    /// At least 12 characters.
    pub password: Option<String>,
}

impl std::fmt::Debug for AcceptInvitationDto {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AcceptInvitationInput").field("name", &self.name).finish_non_exhaustive()
    }
}

/// Read an invitation
///
/// The email an invitation link was sent for, while it may still be accepted.
#[utoipa::path(
    post, path = "/auth/invitations/inspect", tag = "auth", operation_id = "inspectInvitation",
    request_body = InvitationTokenDto,
    responses(
        (status = 200, description = "The invitation is open", body = InvitationOfferDto),
        NotFound,
    )
)]
pub async fn inspect_invitation<P: Ports>(
    accounts: web::Data<AccountService<P>>,
    body: JsonBody<InvitationTokenDto>,
) -> Result<web::Json<InvitationOfferDto>, ApiError> {
    let invitation = accounts.inspect_invitation(body.0.token.as_deref().unwrap_or_default()).await?;
    Ok(web::Json(InvitationOfferDto {
        email: invitation.email.as_str().to_owned(),
        role: invitation.role.into(),
        expires_at: invitation.expires_at,
    }))
}

/// Accept an invitation
///
/// Creates the account with the invitation's role and the name and password chosen, uses the link
/// up, and signs them in.
#[utoipa::path(
    post, path = "/auth/invitations/accept", tag = "auth", operation_id = "acceptInvitation",
    request_body = AcceptInvitationDto,
    responses(
        (status = 201, description = "The new administrator, signed in", body = AuthSessionDto),
        NotFound,
        Conflict,
    )
)]
pub async fn accept_invitation<P: Ports>(
    accounts: web::Data<AccountService<P>>,
    request: HttpRequest,
    body: JsonBody<AcceptInvitationDto>,
) -> Result<HttpResponse, ApiError> {
    let AcceptInvitationDto { token, name, password } = body.0;
    let signed_in =
        accounts.accept_invitation(token.as_deref().unwrap_or_default(), name, password, &client_of(&request)).await?;
    Ok(HttpResponse::Created().json(AuthSessionDto::from(signed_in)))
}
