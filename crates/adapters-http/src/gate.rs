//! The admin gate. Every `/api` request is matched against the OpenAPI document's path templates:
//! an operation listed in [`crate::access::PUBLIC_OPERATIONS`] is open to everyone (a valid token
//! still makes the caller an administrator); every other documented operation — and any method a
//! documented path does not list — needs a valid administrator token: 401 without a valid one, 403
//! for another role. Handlers never check this themselves.

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ResourceDef, ServiceRequest, ServiceResponse};
use actix_web::http::{StatusCode, header};
use actix_web::middleware::Next;
use actix_web::{Error, HttpMessage, ResponseError, web};
use atelier_application::accounts::{AuthError, Principal};
use utoipa::openapi::OpenApi;

use crate::access;
use crate::error::ApiError;
use crate::ports::{AccountService, Ports};

/// The documented routes and which of their methods are public.
#[derive(Debug)]
pub struct AccessPolicy {
    routes: Vec<DocumentedPath>,
}

#[derive(Debug)]
struct DocumentedPath {
    template: String,
    pattern: ResourceDef,
    /// How many `{…}` segments the template has; the most literal match wins.
    dynamic_segments: usize,
}

/// What a request needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Access {
    /// Not an API operation (web apps, docs, unknown paths answered 404).
    Unguarded,
    Public,
    AdminOnly,
}

impl AccessPolicy {
    pub fn from_document(document: &OpenApi) -> Self {
        let mut routes: Vec<_> = document
            .paths
            .paths
            .keys()
            .map(|template| DocumentedPath {
                template: template.clone(),
                pattern: ResourceDef::new(format!("/api{template}")),
                dynamic_segments: template.matches('{').count(),
            })
            .collect();
        routes.sort_by_key(|route| route.dynamic_segments);
        Self { routes }
    }

    fn access(&self, method: &str, path: &str) -> Access {
        match self.routes.iter().find(|route| route.pattern.is_match(path)) {
            None => Access::Unguarded,
            Some(route) if access::is_public(method, &route.template) => Access::Public,
            Some(_) => Access::AdminOnly,
        }
    }
}

fn bearer_token(request: &ServiceRequest) -> Option<String> {
    let value = request.headers().get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim().to_owned()).filter(|token| !token.is_empty())
}

fn refuse(request: ServiceRequest, error: &ApiError) -> ServiceResponse<BoxBody> {
    let mut response = request.into_response(error.error_response());
    if error.status_code() == StatusCode::UNAUTHORIZED {
        response.headers_mut().insert(header::WWW_AUTHENTICATE, header::HeaderValue::from_static("Bearer"));
    }
    response
}

/// The gate middleware.
pub async fn gate<P: Ports>(
    request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, Error> {
    let policy = request.app_data::<web::Data<AccessPolicy>>().expect("the access policy is registered").clone();
    let access = policy.access(request.method().as_str(), request.path());
    if access == Access::Unguarded {
        return Ok(next.call(request).await?.map_into_boxed_body());
    }
    let accounts =
        request.app_data::<web::Data<AccountService<P>>>().expect("the account service is registered").clone();
    let token = bearer_token(&request);
    let principal = match &token {
        None => None,
        Some(token) => match accounts.authenticate(token).await {
            Ok(principal) => Some(principal),
            Err(AuthError::Invalid) => None,
            Err(AuthError::Unexpected(error)) => return Ok(refuse(request, &ApiError::Unexpected(error))),
        },
    };
    if access == Access::AdminOnly {
        match &principal {
            None if token.is_some() => {
                return Ok(refuse(request, &ApiError::client(StatusCode::UNAUTHORIZED, "Invalid or expired token")));
            }
            None => return Ok(refuse(request, &ApiError::client(StatusCode::UNAUTHORIZED, "Authentication required"))),
            Some(principal) if !principal.is_admin() => {
                return Ok(refuse(request, &ApiError::client(StatusCode::FORBIDDEN, "Admin privileges required")));
            }
            Some(_) => {}
        }
    }
    if let Some(principal) = principal {
        request.extensions_mut().insert::<Principal>(principal);
    }
    Ok(next.call(request).await?.map_into_boxed_body())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn policy() -> AccessPolicy {
        AccessPolicy::from_document(&crate::openapi())
    }

    #[test]
    fn public_reads_are_public_and_writes_are_admin_only() {
        let policy = policy();
        assert_eq!(policy.access("GET", "/api/services"), Access::Public);
        assert_eq!(policy.access("GET", "/api/services/featured"), Access::Public);
        assert_eq!(policy.access("GET", "/api/services/65f1c2a9b4e8d70012345678"), Access::Public);
        assert_eq!(policy.access("POST", "/api/services"), Access::AdminOnly);
        assert_eq!(policy.access("DELETE", "/api/services/anything"), Access::AdminOnly);
        assert_eq!(policy.access("PUT", "/api/settings"), Access::AdminOnly);
    }

    #[test]
    fn methods_a_documented_path_does_not_list_are_admin_only() {
        assert_eq!(policy().access("PATCH", "/api/services"), Access::AdminOnly);
        assert_eq!(policy().access("DELETE", "/api/settings"), Access::AdminOnly);
    }

    #[test]
    fn paths_outside_the_document_are_left_to_the_router() {
        let policy = policy();
        for path in ["/", "/portfolio", "/api/docs/", "/api/openapi.json", "/api/nope", "/admin/login"] {
            assert_eq!(policy.access("GET", path), Access::Unguarded, "{path}");
        }
    }
}
