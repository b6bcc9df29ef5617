//! `/auth`: signing in and out, the session check, accounts, one's own password and profile, and
//! one's signed-in sessions ([`sessions`]).

mod invitations;
mod sessions;
mod two_factor;

use actix_web::{HttpRequest, HttpResponse, web};
use atelier_application::accounts::{AccountError, LoginError, SignInStep, SignedIn as SignedInAccount};
use atelier_application::ports::SharedClock;
use atelier_domain::limits::RetryAfter;
use atelier_domain::user::{NewUserInput, ProfileChanges, Role, User};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::caller::{MaybeSignedIn, SignedIn, client_of};
use crate::contract::Rules;
use crate::error::ApiError;
use crate::extract::JsonBody;
use crate::ports::{AccountService, Ports};
use crate::responses::{Conflict, Forbidden, TooManyRequests, Unauthorized};

/// What an account may do in the back office: `owner` (everything; exactly one account), `administrator`
/// (everything but handing ownership over), `editor` (all content, publishing included; no accounts,
/// settings, audit log or exports), `author` (creates posts and projects and uploads media; changes
/// only their own), `contributor` (drafts of posts), `sales` (contact messages, project requests and
/// the newsletter list; reads content). Each protected operation of this document states the roles
/// that may call it (`x-atelier-roles`).
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = Role)]
pub enum RoleDto {
    Owner,
    Administrator,
    Editor,
    Author,
    Contributor,
    Sales,
}

impl From<Role> for RoleDto {
    fn from(role: Role) -> Self {
        match role {
            Role::Owner => Self::Owner,
            Role::Administrator => Self::Administrator,
            Role::Editor => Self::Editor,
            Role::Author => Self::Author,
            Role::Contributor => Self::Contributor,
            Role::Sales => Self::Sales,
        }
    }
}

/// An account as clients see it (never its password hash).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = User)]
pub struct UserDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub email: String,
    pub name: String,
    pub role: RoleDto,
    /// The `operationId`s the account's role may call (public ones included), from the server's
    /// permission table: the back office shows only what these allow.
    pub permissions: Vec<String>,
    /// The `operationId`s its role may call on its own records only (those whose `createdBy` is
    /// this account).
    pub own_permissions: Vec<String>,
    /// The password was generated at installation: every other call answers 403 until it is changed.
    pub must_change_password: bool,
    /// The site requires two-factor sign-in and this account has not set it up: every other
    /// call but setting it up answers 403 until they have.
    pub must_enrol_two_factor: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl UserDto {
    pub fn new(user: User, must_enrol_two_factor: bool) -> Self {
        Self {
            id: user.id.to_string(),
            email: user.email.as_str().to_owned(),
            name: user.name,
            role: user.role.into(),
            permissions: crate::access::permitted_operations(user.role).any.clone(),
            own_permissions: crate::access::permitted_operations(user.role).own.clone(),
            must_change_password: user.must_change_password,
            must_enrol_two_factor,
            created_at: user.created_at,
            updated_at: user.updated_at,
        }
    }
}

/// A bearer token and its account.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = AuthSession)]
pub struct AuthSessionDto {
    /// Send as `Authorization: Bearer <token>`; valid for 12 hours unless revoked.
    pub token: String,
    pub user: UserDto,
}

impl From<SignedInAccount> for AuthSessionDto {
    fn from(signed_in: SignedInAccount) -> Self {
        Self { token: signed_in.token, user: UserDto::new(signed_in.user, signed_in.must_enrol_two_factor) }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = UserEnvelope)]
pub struct UserEnvelopeDto {
    pub user: UserDto,
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Message)]
pub struct MessageDto {
    pub message: String,
}

/// Credentials.
#[derive(Deserialize, ToSchema)]
#[schema(as = LoginInput)]
pub struct LoginInputDto {
    #[schema(example = "admin@atelier.example")]
    pub email: Option<String>,
    pub password: Option<String>,
}

impl std::fmt::Debug for LoginInputDto {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LoginInput").field("email", &self.email).finish_non_exhaustive()
    }
}

/// A new account. The first account of an installation is always its Owner.
#[derive(Deserialize, ToSchema)]
#[schema(as = RegisterInput)]
pub struct RegisterInputDto {
    pub name: Option<String>,
    pub email: Option<String>,
    /// At least 12 characters.
    pub password: Option<String>,
    /// Any role but `owner` (the first account is the Owner whatever is sent); `contributor` when
    /// left out.
    pub role: Option<String>,
}

impl std::fmt::Debug for RegisterInputDto {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RegisterInput").field("email", &self.email).field("role", &self.role).finish_non_exhaustive()
    }
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ChangePasswordInput)]
pub struct ChangePasswordInputDto {
    pub current_password: Option<String>,
    /// At least 12 characters.
    pub new_password: Option<String>,
}

impl std::fmt::Debug for ChangePasswordInputDto {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ChangePasswordInput(***)")
    }
}

/// Profile fields to change; fields left out keep their values.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(as = ProfileInput)]
pub struct ProfileInputDto {
    pub name: Option<String>,
    pub email: Option<String>,
}

impl From<AccountError> for ApiError {
    fn from(error: AccountError) -> Self {
        use actix_web::http::StatusCode;
        match error {
            AccountError::Invalid(errors) => Self::invalid(&errors),
            AccountError::SignInRequired => Self::client(StatusCode::UNAUTHORIZED, error.to_string()),
            AccountError::Forbidden | AccountError::SetupRequired => {
                Self::client(StatusCode::FORBIDDEN, error.to_string())
            }
            AccountError::EmailTaken => Self::client(StatusCode::CONFLICT, error.to_string()),
            AccountError::Throttled(wait) => Self::throttled(error.to_string(), wait),
            AccountError::Unexpected(error) => Self::Unexpected(error),
        }
    }
}

/// The 429 of sign-in throttling, with the wait (counted on the account service's clock) in
/// `Retry-After`.
fn sign_in_throttled(wait: RetryAfter) -> ApiError {
    ApiError::Throttled {
        message: format!("Too many failed sign-in attempts. Try again in {} minutes.", wait.minutes()),
        retry_after_seconds: wait.seconds(),
    }
}

/// Sign in
///
/// Answers a bearer token and the account (200). For an account with two-factor sign-in the
/// password is only the first step: the answer is a challenge (202) that
/// `POST /auth/login/two-factor` completes with a code within five minutes. An unknown email and a
/// wrong password get the same 401. Five failures for one account from one address (wrong codes
/// included) within 15 minutes answer that address 429 until the window has room, whatever password
/// it sends; fifty an hour for one account from addresses it has not signed in from lately answer
/// those addresses 429 with waits doubling from 1 to 15 minutes. Attempts are counted before the
/// password is checked, so parallel requests get no more checked.
#[utoipa::path(
    post, path = "/auth/login", tag = "auth", operation_id = "login",
    request_body = LoginInputDto,
    responses(
        (status = 200, description = "Signed in", body = AuthSessionDto),
        (status = 202, description = "Password accepted; the account's authentication code must follow",
            body = two_factor::TwoFactorChallengeDto),
        Unauthorized, TooManyRequests,
    )
)]
pub async fn login<P: Ports>(
    accounts: web::Data<AccountService<P>>,
    request: HttpRequest,
    body: JsonBody<LoginInputDto>,
) -> Result<HttpResponse, ApiError> {
    let email = body.0.email.unwrap_or_default();
    let password = body.0.password.unwrap_or_default();
    match accounts.login(&email, &password, &client_of(&request)).await {
        Ok(SignInStep::SignedIn(signed_in)) => Ok(HttpResponse::Ok().json(AuthSessionDto::from(signed_in))),
        Ok(SignInStep::CodeRequired(challenge)) => {
            Ok(HttpResponse::Accepted().json(two_factor::TwoFactorChallengeDto::from(challenge)))
        }
        Err(LoginError::InvalidCredentials) => Err(ApiError::client(
            actix_web::http::StatusCode::UNAUTHORIZED,
            atelier_application::accounts::INVALID_CREDENTIALS,
        )),
        Err(LoginError::Throttled { wait }) => Err(sign_in_throttled(wait)),
        Err(LoginError::Unexpected(error)) => Err(ApiError::Unexpected(error)),
    }
}

/// Sign out
///
/// Revokes the token of this request: it stops working at once.
#[utoipa::path(
    post, path = "/auth/logout", tag = "auth", operation_id = "logout",
    responses((status = 200, description = "Signed out", body = MessageDto))
)]
pub async fn logout<P: Ports>(
    accounts: web::Data<AccountService<P>>,
    signed_in: SignedIn,
) -> Result<web::Json<MessageDto>, ApiError> {
    accounts.logout(&signed_in.0).await?;
    Ok(web::Json(MessageDto { message: "Signed out".into() }))
}

/// Check the session
///
/// Answers the account behind the token.
#[utoipa::path(
    get, path = "/auth/verify", tag = "auth", operation_id = "verifySession",
    responses((status = 200, description = "The signed-in account", body = UserEnvelopeDto))
)]
pub async fn verify(signed_in: SignedIn) -> web::Json<UserEnvelopeDto> {
    let principal = signed_in.0;
    web::Json(UserEnvelopeDto { user: UserDto::new(principal.user, principal.must_enrol_two_factor) })
}

/// Add an account
///
/// Open to anyone while no account exists (the first account is always the Owner); after that only
/// the Owner and Administrators may add accounts, with any role but `owner`. There is no open
/// sign-up.
#[utoipa::path(
    post, path = "/auth/register", tag = "auth", operation_id = "register",
    request_body = RegisterInputDto,
    responses(
        (status = 201, description = "The new account and a token for it", body = AuthSessionDto),
        Unauthorized, Forbidden, Conflict,
    )
)]
pub async fn register<P: Ports>(
    accounts: web::Data<AccountService<P>>,
    caller: MaybeSignedIn,
    request: HttpRequest,
    body: JsonBody<RegisterInputDto>,
) -> Result<HttpResponse, ApiError> {
    let input = NewUserInput { name: body.0.name, email: body.0.email, password: body.0.password, role: body.0.role };
    let signed_in = accounts.register(caller.0.as_ref(), input, &client_of(&request)).await?;
    Ok(HttpResponse::Created().json(AuthSessionDto::from(signed_in)))
}

/// Change the password
///
/// Checks the current password, sets the new one, and signs out every other session of the account.
/// Five wrong current passwords within 15 minutes answer 429 until the window has room, whatever
/// is sent.
#[utoipa::path(
    put, path = "/auth/change-password", tag = "auth", operation_id = "changePassword",
    request_body = ChangePasswordInputDto,
    responses((status = 200, description = "Changed", body = MessageDto), TooManyRequests)
)]
pub async fn change_password<P: Ports>(
    accounts: web::Data<AccountService<P>>,
    signed_in: SignedIn,
    body: JsonBody<ChangePasswordInputDto>,
) -> Result<web::Json<MessageDto>, ApiError> {
    let current = body.0.current_password.unwrap_or_default();
    let new = body.0.new_password.unwrap_or_default();
    accounts.change_password(&signed_in.0, &current, &new).await?;
    Ok(web::Json(MessageDto { message: "Password changed successfully".into() }))
}

/// Update the profile
///
/// Changes the signed-in account's name and email; fields left out keep their values.
#[utoipa::path(
    put, path = "/auth/profile", tag = "auth", operation_id = "updateProfile",
    request_body = ProfileInputDto,
    responses(
        (status = 200, description = "The updated account", body = UserEnvelopeDto),
        Conflict,
    )
)]
pub async fn update_profile<P: Ports>(
    accounts: web::Data<AccountService<P>>,
    signed_in: SignedIn,
    body: JsonBody<ProfileInputDto>,
) -> Result<web::Json<UserEnvelopeDto>, ApiError> {
    let changes =
        ProfileChanges::parse(body.0.name.as_deref(), body.0.email.as_deref()).map_err(|e| ApiError::invalid(&e))?;
    let user = accounts.update_profile(&signed_in.0, changes).await?;
    Ok(web::Json(UserEnvelopeDto { user: UserDto::new(user, signed_in.0.must_enrol_two_factor) }))
}

/// The operations of this resource, documented: nested into the API document by [`super::documents`].
#[derive(Debug, OpenApi)]
#[openapi(
    paths(
        login,
        logout,
        verify,
        register,
        change_password,
        update_profile,
        sessions::list_sessions,
        sessions::sign_out_session,
        sessions::sign_out_other_sessions,
        invitations::inspect_invitation,
        invitations::accept_invitation,
        two_factor::complete_sign_in,
        two_factor::two_factor_status,
        two_factor::begin_two_factor,
        two_factor::confirm_two_factor,
        two_factor::disable_two_factor,
    ),
    tags((name = "auth", description = "Signing in and out, accounts and sessions")),
)]
pub struct Doc;

/// The rules of the bodies and parameters this resource takes, from the domain's limits
/// ([`crate::contract`]): collected by [`super::rules`].
pub fn rules() -> Rules {
    use atelier_domain::user;

    use crate::contract::{body, email, filled, given, given_role, password, token};

    Rules::bodies(vec![
        body::<LoginInputDto>(vec![("email", given().required()), ("password", given().required())]),
        body::<RegisterInputDto>(vec![
            ("name", filled(user::MAX_NAME_LEN).required()),
            ("email", email().required()),
            ("password", password().required()),
            ("role", given_role()),
        ]),
        body::<ChangePasswordInputDto>(vec![
            ("currentPassword", given().required()),
            ("newPassword", password().required()),
        ]),
        body::<ProfileInputDto>(vec![("name", filled(user::MAX_NAME_LEN)), ("email", email())]),
        body::<invitations::InvitationTokenDto>(vec![("token", token().required())]),
        body::<invitations::AcceptInvitationDto>(vec![
            ("token", token().required()),
            ("name", filled(user::MAX_NAME_LEN).required()),
            ("password", password().required()),
        ]),
        body::<two_factor::TwoFactorConfirmInputDto>(vec![("code", given().required())]),
        body::<two_factor::TwoFactorDisableInputDto>(vec![
            ("password", given().required()),
            ("code", given().required()),
        ]),
        body::<two_factor::TwoFactorSignInInputDto>(vec![
            ("challenge", given().required()),
            ("code", given().required()),
        ]),
    ])
}

pub fn routes<P: Ports>(config: &mut crate::api::Routes, _store: &P::Store, _clock: &SharedClock) {
    config
        .service(super::resource("/auth/login").post(login::<P>))
        .service(super::resource("/auth/login/two-factor").post(two_factor::complete_sign_in::<P>))
        .service(super::resource("/auth/two-factor").get(two_factor::two_factor_status::<P>))
        .service(super::resource("/auth/two-factor/setup").post(two_factor::begin_two_factor::<P>))
        .service(super::resource("/auth/two-factor/confirm").post(two_factor::confirm_two_factor::<P>))
        .service(super::resource("/auth/two-factor/disable").post(two_factor::disable_two_factor::<P>))
        .service(super::resource("/auth/logout").post(logout::<P>))
        .service(super::resource("/auth/verify").get(verify))
        .service(super::resource("/auth/register").post(register::<P>))
        .service(super::resource("/auth/change-password").put(change_password::<P>))
        .service(super::resource("/auth/profile").put(update_profile::<P>))
        .service(super::resource("/auth/sessions").get(sessions::list_sessions::<P>))
        .service(super::resource("/auth/sessions/sign-out-others").post(sessions::sign_out_other_sessions::<P>))
        .service(super::resource("/auth/sessions/{id}").delete(sessions::sign_out_session::<P>))
        .service(super::resource("/auth/invitations/inspect").post(invitations::inspect_invitation::<P>))
        .service(super::resource("/auth/invitations/accept").post(invitations::accept_invitation::<P>));
}
