//! Who is calling: extractors over the principal the admin gate attached to the request.

use std::future::{Ready, ready};

use actix_web::dev::Payload;
use actix_web::http::StatusCode;
use actix_web::{FromRequest, HttpMessage, HttpRequest};
use atelier_application::Audience;
use atelier_application::accounts::{Client, Principal};
use atelier_application::revisions::Author;

use crate::error::ApiError;

/// The audience a request is answered for: the back office's (drafts too) for a signed-in account of
/// any role, the public otherwise.
#[derive(Debug, Clone, Copy)]
pub struct Caller(pub Audience);

impl FromRequest for Caller {
    type Error = ApiError;
    type Future = Ready<Result<Self, ApiError>>;

    fn from_request(request: &HttpRequest, _payload: &mut Payload) -> Self::Future {
        let signed_in = request.extensions().get::<Principal>().is_some();
        ready(Ok(Self(if signed_in { Audience::Admin } else { Audience::Public })))
    }
}

/// The signed-in account, for operations the gate protects.
#[derive(Debug, Clone)]
pub struct SignedIn(pub Principal);

impl SignedIn {
    /// The account as the author of a save (revision history).
    pub fn author(&self) -> Author {
        Author { id: self.0.user.id, name: self.0.user.name.clone() }
    }
}

impl FromRequest for SignedIn {
    type Error = ApiError;
    type Future = Ready<Result<Self, ApiError>>;

    fn from_request(request: &HttpRequest, _payload: &mut Payload) -> Self::Future {
        let principal = request.extensions().get::<Principal>().cloned();
        ready(principal.map(Self).ok_or_else(|| ApiError::client(StatusCode::UNAUTHORIZED, "Authentication required")))
    }
}

/// The signed-in account if a valid token came with the request, for public operations whose answer
/// depends on it.
#[derive(Debug, Clone)]
pub struct MaybeSignedIn(pub Option<Principal>);

impl FromRequest for MaybeSignedIn {
    type Error = ApiError;
    type Future = Ready<Result<Self, ApiError>>;

    fn from_request(request: &HttpRequest, _payload: &mut Payload) -> Self::Future {
        ready(Ok(Self(request.extensions().get::<Principal>().cloned())))
    }
}

/// Where a request comes from: its address (the peer's, or the client's behind a trusted proxy) and
/// the `User-Agent` header.
pub fn client_of(request: &HttpRequest) -> Client {
    let address = crate::proxies::client_ip(request).map(|address| address.to_string()).unwrap_or_default();
    let user_agent =
        request.headers().get(actix_web::http::header::USER_AGENT).and_then(|value| value.to_str().ok()).unwrap_or("");
    Client::new(&address, user_agent)
}
