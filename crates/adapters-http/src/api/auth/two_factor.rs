//! Two-factor sign-in: the code step of a sign-in (`/auth/login/two-factor`), and setting up,
//! checking and turning off the signed-in administrator's authenticator (`/auth/two-factor`).

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, web};
use atelier_application::accounts::two_factor::{
    CodeChallenge, CodeStepError, Enrolment, TwoFactorError, TwoFactorStatus,
};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{AuthSessionDto, MessageDto, sign_in_throttled};
use crate::caller::{SignedIn, client_of};
use crate::error::ApiError;
use crate::extract::JsonBody;
use crate::ports::{AccountService, Ports};
use crate::responses::{Conflict, NotFound, TooManyRequests, Unauthorized};

/// The password step passed for an account with two-factor sign-in; send `challenge` with a code
/// to `POST /auth/login/two-factor` before `expiresAt`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = TwoFactorChallenge)]
pub struct TwoFactorChallengeDto {
    /// Always `true`: tells this answer from a signed-in one.
    pub two_factor_required: bool,
    /// Single-use and short-lived; not a bearer token.
    pub challenge: String,
    pub expires_at: DateTime<Utc>,
}

impl From<CodeChallenge> for TwoFactorChallengeDto {
    fn from(challenge: CodeChallenge) -> Self {
        Self { two_factor_required: true, challenge: challenge.token, expires_at: challenge.expires_at }
    }
}

/// The code step of a sign-in.
#[derive(Deserialize, ToSchema)]
#[schema(as = TwoFactorSignInInput)]
pub struct TwoFactorSignInInputDto {
    /// The `challenge` the password step answered.
    pub challenge: Option<String>,
    /// The 6-digit code the authenticator app shows, or one of the recovery codes.
    #[schema(example = "123456")]
    pub code: Option<String>,
}

impl std::fmt::Debug for TwoFactorSignInInputDto {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TwoFactorSignInInput(***)")
    }
}

/// The signed-in administrator's two-factor sign-in.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = TwoFactorStatus)]
pub struct TwoFactorStatusDto {
    pub enabled: bool,
    pub enabled_at: Option<DateTime<Utc>>,
    /// Recovery codes not used yet (0 while it is off).
    pub recovery_codes_left: u64,
    /// The site requires it of every administrator.
    pub required: bool,
}

impl From<TwoFactorStatus> for TwoFactorStatusDto {
    fn from(status: TwoFactorStatus) -> Self {
        Self {
            enabled: status.enabled,
            enabled_at: status.enabled_at,
            recovery_codes_left: status.recovery_codes_left,
            required: status.required,
        }
    }
}

/// What an authenticator app needs: the address to show as a QR code, and the key to type by hand.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = TwoFactorSetup)]
pub struct TwoFactorSetupDto {
    #[schema(
        example = "otpauth://totp/Atelier:admin%40atelier.example?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Atelier"
    )]
    pub otpauth_uri: String,
    /// The secret in base32, in groups of four characters.
    #[schema(example = "JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP")]
    pub manual_key: String,
}

impl std::fmt::Debug for TwoFactorSetupDto {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TwoFactorSetup(***)")
    }
}

impl From<Enrolment> for TwoFactorSetupDto {
    fn from(enrolment: Enrolment) -> Self {
        Self { otpauth_uri: enrolment.otpauth_uri, manual_key: enrolment.manual_key }
    }
}

/// A first code from the authenticator app.
#[derive(Deserialize, ToSchema)]
#[schema(as = TwoFactorConfirmInput)]
pub struct TwoFactorConfirmInputDto {
    #[schema(example = "123456")]
    pub code: Option<String>,
}

impl std::fmt::Debug for TwoFactorConfirmInputDto {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TwoFactorConfirmInput(***)")
    }
}

/// The recovery codes, shown this once.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = RecoveryCodes)]
pub struct RecoveryCodesDto {
    /// Ten codes, each signing in once instead of a code from the app.
    #[schema(example = json!(["7k2m-9q4x-hv3c-1bnd"]))]
    pub recovery_codes: Vec<String>,
}

impl std::fmt::Debug for RecoveryCodesDto {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("RecoveryCodes(***)")
    }
}

/// The password and a current code (or a recovery code).
#[derive(Deserialize, ToSchema)]
#[schema(as = TwoFactorDisableInput)]
pub struct TwoFactorDisableInputDto {
    pub password: Option<String>,
    /// A 6-digit code from the authenticator app, or one of the recovery codes.
    pub code: Option<String>,
}

impl std::fmt::Debug for TwoFactorDisableInputDto {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TwoFactorDisableInput(***)")
    }
}

impl From<TwoFactorError> for ApiError {
    fn from(error: TwoFactorError) -> Self {
        match error {
            TwoFactorError::AlreadyEnabled | TwoFactorError::NotEnabled | TwoFactorError::NotPending => {
                Self::client(StatusCode::CONFLICT, error.to_string())
            }
            TwoFactorError::Invalid(errors) => Self::invalid(&errors),
            TwoFactorError::Throttled { wait } => sign_in_throttled(wait),
            TwoFactorError::Unexpected(error) => Self::Unexpected(error),
        }
    }
}

/// Sign in: the code step
///
/// Completes a sign-in whose password step answered a challenge: with the code the authenticator
/// app shows, or one of the recovery codes (each works once). A code is accepted once: a right code
/// of a time step already used (the one that just confirmed the set-up) answers 401 "This code has
/// already been used. Each code works once: wait for the next code in your authenticator app and
/// enter it.", a wrong one 401 "Invalid authentication code". Wrong and reused codes
/// count as failed sign-ins for the account and the address (429 as for the password step); a
/// challenge is refused (404) once used, after five minutes or after five wrong codes.
#[utoipa::path(
    post, path = "/auth/login/two-factor", tag = "auth", operation_id = "completeTwoFactorSignIn",
    request_body = TwoFactorSignInInputDto,
    responses(
        (status = 200, description = "Signed in", body = AuthSessionDto),
        Unauthorized, NotFound, TooManyRequests,
    )
)]
pub async fn complete_sign_in<P: Ports>(
    accounts: web::Data<AccountService<P>>,
    request: HttpRequest,
    body: JsonBody<TwoFactorSignInInputDto>,
) -> Result<web::Json<AuthSessionDto>, ApiError> {
    let challenge = body.0.challenge.unwrap_or_default();
    let code = body.0.code.unwrap_or_default();
    match accounts.complete_sign_in(&challenge, &code, &client_of(&request)).await {
        Ok(signed_in) => Ok(web::Json(signed_in.into())),
        Err(error @ CodeStepError::ChallengeExpired) => Err(ApiError::not_found(error.to_string())),
        Err(error @ (CodeStepError::InvalidCode | CodeStepError::UsedCode)) => {
            Err(ApiError::client(StatusCode::UNAUTHORIZED, error.to_string()))
        }
        Err(CodeStepError::Throttled { wait }) => Err(sign_in_throttled(wait)),
        Err(CodeStepError::Unexpected(error)) => Err(ApiError::Unexpected(error)),
    }
}

/// Two-factor sign-in status
///
/// Whether the signed-in administrator's two-factor sign-in is on, how many recovery codes are
/// left, and whether the site requires it.
#[utoipa::path(
    get, path = "/auth/two-factor", tag = "auth", operation_id = "getTwoFactorStatus",
    responses((status = 200, description = "The status", body = TwoFactorStatusDto))
)]
pub async fn two_factor_status<P: Ports>(
    accounts: web::Data<AccountService<P>>,
    signed_in: SignedIn,
) -> Result<web::Json<TwoFactorStatusDto>, ApiError> {
    Ok(web::Json(accounts.two_factor_status(&signed_in.0).await?.into()))
}

/// Begin setting up two-factor sign-in
///
/// Makes a new secret for an authenticator app (kept encrypted; a set-up begun again replaces it)
/// and answers its `otpauth://` address, to show as a QR code, and the key to type by hand. It is
/// not on until a first code confirms it. 409 while it is on.
#[utoipa::path(
    post, path = "/auth/two-factor/setup", tag = "auth", operation_id = "beginTwoFactorSetup",
    responses(
        (status = 200, description = "The secret for the app", body = TwoFactorSetupDto),
        Conflict,
    )
)]
pub async fn begin_two_factor<P: Ports>(
    accounts: web::Data<AccountService<P>>,
    signed_in: SignedIn,
) -> Result<web::Json<TwoFactorSetupDto>, ApiError> {
    Ok(web::Json(accounts.begin_two_factor(&signed_in.0).await?.into()))
}

/// Confirm two-factor sign-in
///
/// Turns two-factor sign-in on with a first code from the app, signs out every other session of
/// the account, and answers ten recovery codes: they are shown this once (only their hashes are
/// kept). 409 without a set-up begun; 422 for a wrong code.
#[utoipa::path(
    post, path = "/auth/two-factor/confirm", tag = "auth", operation_id = "confirmTwoFactorSetup",
    request_body = TwoFactorConfirmInputDto,
    responses(
        (status = 200, description = "On; the recovery codes", body = RecoveryCodesDto),
        Conflict,
    )
)]
pub async fn confirm_two_factor<P: Ports>(
    accounts: web::Data<AccountService<P>>,
    signed_in: SignedIn,
    body: JsonBody<TwoFactorConfirmInputDto>,
) -> Result<web::Json<RecoveryCodesDto>, ApiError> {
    let code = body.0.code.unwrap_or_default();
    let codes = accounts.confirm_two_factor(&signed_in.0, &code).await?;
    Ok(web::Json(RecoveryCodesDto { recovery_codes: codes.iter().map(|code| code.expose().to_owned()).collect() }))
}

/// Turn two-factor sign-in off
///
/// Needs the account's password and a current code from the app (or a recovery code). Failures
/// count as failed sign-ins and are throttled alike (429). 409 when it is off; 422 for a wrong
/// password or code.
#[utoipa::path(
    post, path = "/auth/two-factor/disable", tag = "auth", operation_id = "disableTwoFactor",
    request_body = TwoFactorDisableInputDto,
    responses(
        (status = 200, description = "Off", body = MessageDto),
        Conflict, TooManyRequests,
    )
)]
pub async fn disable_two_factor<P: Ports>(
    accounts: web::Data<AccountService<P>>,
    signed_in: SignedIn,
    request: HttpRequest,
    body: JsonBody<TwoFactorDisableInputDto>,
) -> Result<web::Json<MessageDto>, ApiError> {
    let password = body.0.password.unwrap_or_default();
    let code = body.0.code.unwrap_or_default();
    accounts.disable_two_factor(&signed_in.0, &password, &code, &client_of(&request)).await?;
    Ok(web::Json(MessageDto { message: "Two-factor sign-in is off".into() }))
}
