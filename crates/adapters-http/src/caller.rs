//! Who is calling: the audience a request is answered for.

use std::future::{Ready, ready};

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest};
use atelier_application::Audience;

use crate::error::ApiError;

/// The audience of the current request. Every caller is answered as the public audience until
/// sign-in exists; then a valid administrator token makes the caller an administrator.
#[derive(Debug, Clone, Copy)]
pub struct Caller(pub Audience);

impl FromRequest for Caller {
    type Error = ApiError;
    type Future = Ready<Result<Self, ApiError>>;

    fn from_request(_request: &HttpRequest, _payload: &mut Payload) -> Self::Future {
        ready(Ok(Self(Audience::Public)))
    }
}
