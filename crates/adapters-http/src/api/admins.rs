//! `/admins`: the back office's administrators — listing them, inviting another by a one-time link,
//! withdrawing an invitation, removing an administrator (never the last one). Accepting an invitation
//! is public and lives with sign-in ([`super::auth`]).

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use atelier_application::accounts::admins::{InvitationError, Invited, RemoveAdminError};
use atelier_domain::invitation::Invitation;
use atelier_domain::user::User;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::caller::SignedIn;
use crate::error::ApiError;
use crate::extract::JsonBody;
use crate::ports::{AccountService, Ports};
use crate::responses::{Conflict, Deleted, TooManyRequests};

/// An administrator.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Administrator)]
pub struct AdminDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub email: String,
    pub created_at: DateTime<Utc>,
    /// Whether this is the administrator making the request.
    pub is_you: bool,
}

impl AdminDto {
    fn new(user: User, you: &User) -> Self {
        Self {
            is_you: user.id == you.id,
            id: user.id.to_string(),
            name: user.name,
            email: user.email.as_str().to_owned(),
            created_at: user.created_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = AdministratorList)]
pub struct AdminListDto {
    /// Oldest first.
    pub administrators: Vec<AdminDto>,
}

/// An invitation that may still be accepted. Its link is shown only when it is made.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Invitation)]
pub struct InvitationDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub email: String,
    /// The `_id` of the administrator who sent it.
    pub invited_by: String,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
}

impl From<Invitation> for InvitationDto {
    fn from(invitation: Invitation) -> Self {
        Self {
            id: invitation.id.to_string(),
            email: invitation.email.as_str().to_owned(),
            invited_by: invitation.invited_by.to_string(),
            created_at: invitation.created_at,
            expires_at: invitation.expires_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = InvitationList)]
pub struct InvitationListDto {
    /// Newest first.
    pub invitations: Vec<InvitationDto>,
}

/// Whom to invite.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(as = InvitationInput)]
pub struct InvitationInputDto {
    #[schema(example = "grace@studio.example")]
    pub email: Option<String>,
}

/// A new invitation and its link, shown this once.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = NewInvitation)]
pub struct NewInvitationDto {
    pub invitation: InvitationDto,
    /// The one-time link to pass on; it carries the token in its fragment. A path from the site's
    /// root unless `ATELIER_PUBLIC_URL` is set.
    #[schema(example = "https://studio.example/admin/accept-invite#3f2a…")]
    pub link: String,
    /// Whether it was also queued as an email to the person invited (only with mail configured).
    pub mailed: bool,
}

impl From<Invited> for NewInvitationDto {
    fn from(invited: Invited) -> Self {
        Self { invitation: invited.invitation.into(), link: invited.link, mailed: invited.mailed }
    }
}

impl From<InvitationError> for ApiError {
    fn from(error: InvitationError) -> Self {
        match error {
            InvitationError::Invalid(errors) => Self::invalid(&errors),
            InvitationError::Unusable => Self::not_found(error.to_string()),
            InvitationError::EmailTaken => Self::client(StatusCode::CONFLICT, error.to_string()),
            InvitationError::Throttled(wait) => Self::throttled(error.to_string(), wait),
            InvitationError::Unexpected(error) => Self::Unexpected(error),
        }
    }
}

impl From<RemoveAdminError> for ApiError {
    fn from(error: RemoveAdminError) -> Self {
        match error {
            RemoveAdminError::NotFound => Self::not_found(error.to_string()),
            RemoveAdminError::LastAdmin => Self::client(StatusCode::CONFLICT, error.to_string()),
            RemoveAdminError::Unexpected(error) => Self::Unexpected(error),
        }
    }
}

/// List administrators
///
/// Everyone who may sign in to the back office, oldest first; `isYou` marks the caller.
#[utoipa::path(
    get, path = "/admins", tag = "administrators", operation_id = "listAdministrators",
    responses((status = 200, description = "Every administrator, oldest first", body = AdminListDto))
)]
pub async fn list_admins<P: Ports>(
    accounts: web::Data<AccountService<P>>,
    signed_in: SignedIn,
) -> Result<web::Json<AdminListDto>, ApiError> {
    let you = &signed_in.0.user;
    let administrators = accounts.administrators().await?.into_iter().map(|user| AdminDto::new(user, you)).collect();
    Ok(web::Json(AdminListDto { administrators }))
}

/// Remove an administrator
///
/// Deletes the account and ends its sessions at once. The last administrator cannot be removed;
/// removing yourself signs you out.
#[utoipa::path(
    delete, path = "/admins/{id}", tag = "administrators", operation_id = "removeAdministrator",
    params(("id" = String, Path, description = "The administrator's `_id`")),
    responses(Deleted, Conflict)
)]
pub async fn remove_admin<P: Ports>(
    accounts: web::Data<AccountService<P>>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    accounts.remove_admin(&id).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// List open invitations
///
/// Invitations neither accepted, withdrawn nor expired, newest first. Their links are never shown
/// again.
#[utoipa::path(
    get, path = "/admins/invitations", tag = "administrators", operation_id = "listInvitations",
    responses((status = 200, description = "Invitations not yet accepted nor expired, newest first", body = InvitationListDto))
)]
pub async fn list_invitations<P: Ports>(
    accounts: web::Data<AccountService<P>>,
) -> Result<web::Json<InvitationListDto>, ApiError> {
    let invitations = accounts.open_invitations().await?.into_iter().map(InvitationDto::from).collect();
    Ok(web::Json(InvitationListDto { invitations }))
}

/// Invite an administrator
///
/// Makes a one-time link, valid for 72 hours, that lets the person invited choose a name and a
/// password and signs them in as an administrator. The link is answered only now; with mail
/// configured it is also emailed to them. An administrator sends at most 20 an hour (429 after).
#[utoipa::path(
    post, path = "/admins/invitations", tag = "administrators", operation_id = "inviteAdministrator",
    request_body = InvitationInputDto,
    responses(
        (status = 201, description = "The invitation and its link", body = NewInvitationDto),
        Conflict,
        TooManyRequests,
    )
)]
pub async fn invite<P: Ports>(
    accounts: web::Data<AccountService<P>>,
    signed_in: SignedIn,
    body: JsonBody<InvitationInputDto>,
) -> Result<HttpResponse, ApiError> {
    let invited = accounts.invite(&signed_in.0, body.0.email.as_deref().unwrap_or_default()).await?;
    Ok(HttpResponse::Created().json(NewInvitationDto::from(invited)))
}

/// Withdraw an invitation
///
/// Its link stops working at once.
#[utoipa::path(
    delete, path = "/admins/invitations/{id}", tag = "administrators", operation_id = "withdrawInvitation",
    params(("id" = String, Path, description = "The invitation's `_id`")),
    responses(Deleted)
)]
pub async fn withdraw_invitation<P: Ports>(
    accounts: web::Data<AccountService<P>>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    accounts.revoke_invitation(&id).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// The operations of this resource, documented: nested into the API document by [`super::documents`].
#[derive(Debug, OpenApi)]
#[openapi(
    paths(list_admins, remove_admin, list_invitations, invite, withdraw_invitation),
    tags((name = "administrators", description = "The back office's administrators and invitations to join them")),
)]
pub struct Doc;

pub fn routes<P: Ports>(config: &mut web::ServiceConfig, _store: &P::Store) {
    config
        .service(super::resource("/admins").get(list_admins::<P>))
        .service(super::resource("/admins/invitations").get(list_invitations::<P>).post(invite::<P>))
        .service(super::resource("/admins/invitations/{id}").delete(withdraw_invitation::<P>))
        .service(super::resource("/admins/{id}").delete(remove_admin::<P>));
}
