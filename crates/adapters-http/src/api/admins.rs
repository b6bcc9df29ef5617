//! `/admins`: the back office's team — listing its accounts and their roles, inviting someone with a
//! role by a one-time link, withdrawing an invitation, changing an account's role, handing ownership
//! over, removing an account (never the Owner's). Accepting an invitation is public and lives with
//! sign-in ([`super::auth`]).

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use atelier_application::accounts::admins::{InvitationError, Invited, RemoveAccountError, RoleError};
use atelier_application::ports::SharedClock;
use atelier_domain::invitation::Invitation;
use atelier_domain::user::User;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use super::auth::RoleDto;
use crate::caller::SignedIn;
use crate::contract::Rules;
use crate::error::ApiError;
use crate::extract::JsonBody;
use crate::ports::{AccountService, Ports};
use crate::responses::{Conflict, Deleted, TooManyRequests};

/// An account of the team, with its role and the operations that role may call.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Administrator)]
pub struct AdminDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub email: String,
    pub role: RoleDto,
    /// The `operationId`s this account's role may call (public ones included).
    pub permissions: Vec<String>,
    /// The `operationId`s its role may call on its own records only (those whose `createdBy` is
    /// this account).
    pub own_permissions: Vec<String>,
    pub created_at: DateTime<Utc>,
    /// Whether this is the account making the request.
    pub is_you: bool,
}

impl AdminDto {
    fn new(user: User, you: &User) -> Self {
        Self {
            is_you: user.id == you.id,
            id: user.id.to_string(),
            name: user.name,
            email: user.email.as_str().to_owned(),
            role: user.role.into(),
            permissions: crate::access::permitted_operations(user.role).any.clone(),
            own_permissions: crate::access::permitted_operations(user.role).own.clone(),
            created_at: user.created_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = AdministratorList)]
pub struct AdminListDto {
    /// Every account of the team, whatever its role, oldest first.
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
    /// The role the account is created with.
    pub role: RoleDto,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
}

impl From<Invitation> for InvitationDto {
    fn from(invitation: Invitation) -> Self {
        Self {
            id: invitation.id.to_string(),
            email: invitation.email.as_str().to_owned(),
            invited_by: invitation.invited_by.to_string(),
            role: invitation.role.into(),
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

/// Whom to invite, with which role.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(as = InvitationInput)]
pub struct InvitationInputDto {
    #[schema(example = "grace@studio.example")]
    pub email: Option<String>,
    /// Any role but `owner`; `administrator` when left out.
    #[schema(example = "editor")]
    pub role: Option<String>,
}

/// The role to give an account.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(as = RoleChangeInput)]
pub struct RoleChangeInputDto {
    /// Any role but `owner` (which only a handover gives).
    #[schema(example = "editor")]
    pub role: Option<String>,
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

impl From<RemoveAccountError> for ApiError {
    fn from(error: RemoveAccountError) -> Self {
        match error {
            RemoveAccountError::NotFound => Self::not_found(error.to_string()),
            RemoveAccountError::Owner => Self::client(StatusCode::CONFLICT, error.to_string()),
            RemoveAccountError::Unexpected(error) => Self::Unexpected(error),
        }
    }
}

impl From<RoleError> for ApiError {
    fn from(error: RoleError) -> Self {
        match error {
            RoleError::NotFound => Self::not_found(error.to_string()),
            RoleError::Invalid(errors) => Self::invalid(&errors),
            RoleError::Owner | RoleError::NotOwner => Self::client(StatusCode::CONFLICT, error.to_string()),
            RoleError::Unexpected(error) => Self::Unexpected(error),
        }
    }
}

/// List the team
///
/// Every account that may sign in to the back office, whatever its role, oldest first; `isYou`
/// marks the caller.
#[utoipa::path(
    get, path = "/admins", tag = "administrators", operation_id = "listAdministrators",
    responses((status = 200, description = "Every account, oldest first", body = AdminListDto))
)]
pub async fn list_admins<P: Ports>(
    accounts: web::Data<AccountService<P>>,
    signed_in: SignedIn,
) -> Result<web::Json<AdminListDto>, ApiError> {
    let you = &signed_in.0.user;
    let administrators = accounts.team().await?.into_iter().map(|user| AdminDto::new(user, you)).collect();
    Ok(web::Json(AdminListDto { administrators }))
}

/// Remove an account
///
/// Deletes the account and ends its sessions at once. The Owner's account cannot be removed (409):
/// hand ownership over first. Removing yourself signs you out.
#[utoipa::path(
    delete, path = "/admins/{id}", tag = "administrators", operation_id = "removeAdministrator",
    params(("id" = String, Path, description = "The account's `_id`")),
    responses(Deleted, Conflict)
)]
pub async fn remove_admin<P: Ports>(
    accounts: web::Data<AccountService<P>>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    accounts.remove_account(&id).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// Change an account's role
///
/// Gives the account any role but `owner`; it applies from the account's next request. The Owner's
/// role changes only by handing ownership over (409). The audit log records the change, with the
/// role before and after.
#[utoipa::path(
    put, path = "/admins/{id}/role", tag = "administrators", operation_id = "changeAccountRole",
    params(("id" = String, Path, description = "The account's `_id`")),
    request_body = RoleChangeInputDto,
    responses((status = 200, description = "The account with its new role", body = AdminDto), Conflict)
)]
pub async fn change_role<P: Ports>(
    accounts: web::Data<AccountService<P>>,
    signed_in: SignedIn,
    id: web::Path<String>,
    body: JsonBody<RoleChangeInputDto>,
) -> Result<web::Json<AdminDto>, ApiError> {
    let user = accounts.change_role(&id, body.0.role.as_deref()).await?;
    Ok(web::Json(AdminDto::new(user, &signed_in.0.user)))
}

/// Hand ownership over
///
/// Makes the account the Owner and the caller, the Owner until now, an Administrator, in one step:
/// the site always has exactly one Owner. Only the Owner may (409 when the caller has stopped being
/// the Owner meanwhile, or names their own account). The audit log records it.
#[utoipa::path(
    post, path = "/admins/{id}/ownership", tag = "administrators", operation_id = "handOverOwnership",
    params(("id" = String, Path, description = "The `_id` of the account to become the Owner")),
    responses((status = 200, description = "The new Owner's account", body = AdminDto), Conflict)
)]
pub async fn hand_over_ownership<P: Ports>(
    accounts: web::Data<AccountService<P>>,
    signed_in: SignedIn,
    id: web::Path<String>,
) -> Result<web::Json<AdminDto>, ApiError> {
    let user = accounts.hand_over_ownership(&signed_in.0, &id).await?;
    Ok(web::Json(AdminDto::new(user, &signed_in.0.user)))
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

/// Invite someone
///
/// Makes a one-time link, valid for 72 hours, that lets the person invited choose a name and a
/// password and signs them in with the role chosen (an Administrator when none is; never the
/// Owner). The link is answered only now; with mail
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
    let body = body.0;
    let invited =
        accounts.invite(&signed_in.0, body.email.as_deref().unwrap_or_default(), body.role.as_deref()).await?;
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
    paths(list_admins, remove_admin, change_role, hand_over_ownership, list_invitations, invite, withdraw_invitation),
    tags((name = "administrators", description = "The back office's team: accounts, their roles, and invitations to join")),
)]
pub struct Doc;

/// The rules of the bodies and parameters this resource takes, from the domain's limits
/// ([`crate::contract`]): collected by [`super::rules`].
pub fn rules() -> Rules {
    use crate::contract::{body, email, given_role};

    Rules::bodies(vec![
        body::<InvitationInputDto>(vec![("email", email().required()), ("role", given_role())]),
        body::<RoleChangeInputDto>(vec![("role", given_role().required())]),
    ])
}

pub fn routes<P: Ports>(config: &mut crate::api::Routes, _store: &P::Store, _clock: &SharedClock) {
    config
        .service(super::resource("/admins").get(list_admins::<P>))
        .service(super::resource("/admins/invitations").get(list_invitations::<P>).post(invite::<P>))
        .service(super::resource("/admins/invitations/{id}").delete(withdraw_invitation::<P>))
        .service(super::resource("/admins/{id}").delete(remove_admin::<P>))
        .service(super::resource("/admins/{id}/role").put(change_role::<P>))
        .service(super::resource("/admins/{id}/ownership").post(hand_over_ownership::<P>));
}
