//! The one error type every handler answers with: JSON `{"message": ..., "errors": {...}}`.
//!
//! Business errors map to 4xx with a message meant for people. Unexpected errors log their whole cause
//! chain and answer 500 with a generic message; the middleware adds the request id.

use std::collections::BTreeMap;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use atelier_application::records::{LookupError, WriteError};
use atelier_application::submissions::AdmitError;
use atelier_domain::FieldErrors;
use serde::Serialize;
use utoipa::ToSchema;

use crate::versions::StaleBody;

/// The body of every error response.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = ErrorBody)]
pub struct ErrorBody {
    /// What went wrong, for people.
    pub message: String,
    /// Field name → message, when fields failed validation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub errors: Option<BTreeMap<String, String>>,
    /// The request's id, on server faults, to find the log lines.
    #[serde(rename = "requestId", skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
}

/// The body of a 422: every failed field with its message.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = FieldErrorsBody)]
pub struct FieldErrorsBody {
    /// `Validation failed`, or what was wrong with the body as a whole.
    pub message: String,
    /// Field name (a dotted path for nested fields; `body` for the body as a whole) → message.
    pub errors: BTreeMap<String, String>,
}

/// An error answered to a client.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// A 4xx answer with a message for the client.
    #[error("{message}")]
    Client { status: StatusCode, message: String, errors: Option<BTreeMap<String, String>> },
    /// 429: too many attempts; the client may retry after `retry_after_seconds`.
    #[error("{message}")]
    Throttled { message: String, retry_after_seconds: u64 },
    /// 409: the update started from a version the record has since left (see [`crate::versions`]).
    #[error("{}", crate::versions::STALE_MESSAGE)]
    Stale(Box<StaleBody>),
    /// A fault of the server; the cause is logged, never sent.
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// The message of a 422 answer.
pub const VALIDATION_FAILED: &str = "Validation failed";
/// The message of a 500 answer.
pub const INTERNAL_ERROR: &str = "Internal server error";

impl ApiError {
    /// Whether this is a stale update, whether or not it carries the current record yet: the
    /// store's [`atelier_application::records::Stale`] arrives inside an infrastructure error.
    pub fn is_stale(&self) -> bool {
        match self {
            Self::Stale(_) => true,
            Self::Unexpected(error) => atelier_application::records::is_stale(error),
            _ => false,
        }
    }

    pub fn client(status: StatusCode, message: impl Into<String>) -> Self {
        Self::Client { status, message: message.into(), errors: None }
    }

    /// 429 with the limit's wait in `Retry-After`.
    pub fn throttled(message: impl Into<String>, wait: atelier_domain::limits::RetryAfter) -> Self {
        Self::Throttled { message: message.into(), retry_after_seconds: wait.seconds() }
    }

    pub fn not_found(message: impl Into<String>) -> Self {
        Self::client(StatusCode::NOT_FOUND, message)
    }

    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::client(StatusCode::BAD_REQUEST, message)
    }

    /// 422 with one message per failed field.
    pub fn invalid(errors: &FieldErrors) -> Self {
        let errors = errors.iter().map(|(field, message)| (field.to_owned(), message.to_owned())).collect();
        Self::Client {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            message: VALIDATION_FAILED.into(),
            errors: Some(errors),
        }
    }

    /// 422 for one field (`body` for the body as a whole).
    pub fn invalid_field(field: &str, message: impl Into<String>) -> Self {
        let message = message.into();
        Self::Client {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            errors: Some(BTreeMap::from([(field.to_owned(), message.clone())])),
            message,
        }
    }
}

/// 404 naming the kind of record ("Service not found").
impl From<LookupError> for ApiError {
    fn from(error: LookupError) -> Self {
        match error {
            LookupError::NotFound(_) => Self::not_found(error.to_string()),
            LookupError::Unexpected(error) => Self::Unexpected(error),
        }
    }
}

impl From<AdmitError> for ApiError {
    fn from(error: AdmitError) -> Self {
        match error {
            AdmitError::Throttled(wait) => Self::throttled(error.to_string(), wait),
            AdmitError::Unexpected(error) => Self::Unexpected(error),
        }
    }
}

impl From<WriteError> for ApiError {
    fn from(error: WriteError) -> Self {
        match error {
            WriteError::NotFound(_) => Self::not_found(error.to_string()),
            WriteError::Invalid(errors) => Self::invalid(&errors),
            WriteError::Unexpected(error) => Self::Unexpected(error),
        }
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match self {
            Self::Client { status, .. } => *status,
            Self::Throttled { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::Stale(_) => StatusCode::CONFLICT,
            Self::Unexpected(_) if self.is_stale() => StatusCode::CONFLICT,
            Self::Unexpected(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        match self {
            Self::Client { status, message, errors } => HttpResponse::build(*status).json(ErrorBody {
                message: message.clone(),
                errors: errors.clone(),
                request_id: None,
            }),
            Self::Throttled { message, retry_after_seconds } => HttpResponse::TooManyRequests()
                .insert_header((actix_web::http::header::RETRY_AFTER, retry_after_seconds.to_string()))
                .json(ErrorBody { message: message.clone(), errors: None, request_id: None }),
            Self::Stale(body) => HttpResponse::Conflict().json(body),
            // A stale update whose handler did not add the current record.
            Self::Unexpected(_) if self.is_stale() => HttpResponse::Conflict().json(StaleBody::of(None)),
            Self::Unexpected(error) => {
                tracing::error!(error = format!("{error:#}"), "request failed unexpectedly");
                HttpResponse::InternalServerError().json(ErrorBody {
                    message: INTERNAL_ERROR.into(),
                    errors: None,
                    request_id: None,
                })
            }
        }
    }
}
