//! The admin gate. Every `/api` request is matched against the OpenAPI document's path templates:
//! a method the path does not document answers 405 with `Allow` before anything else (HEAD counts as
//! the GET it mirrors); an operation listed in [`crate::access::PUBLIC_OPERATIONS`] is open to
//! everyone (a valid token still makes the caller an administrator); every other documented
//! operation needs a valid administrator token: 401 without a valid one, 403 for another role, and
//! 403 for an administrator who must change a generated password or set up two-factor sign-in
//! first, except for the few operations that let them do it
//! ([`crate::access::ACCOUNT_SETUP_OPERATIONS`]).
//! Handlers never check this themselves.

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ResourceDef, ServiceRequest, ServiceResponse};
use actix_web::http::{Method, StatusCode, header};
use actix_web::middleware::Next;
use actix_web::{Error, HttpMessage, HttpResponse, ResponseError, web};
use atelier_application::accounts::{AuthError, Principal};
use atelier_application::audit;
use utoipa::openapi::path::{ParameterIn, PathItem};
use utoipa::openapi::{OpenApi, RefOr};

use crate::access;
use crate::audit_scope;
use crate::cache::Cacheable;
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
    /// The documented methods, as an `Allow` header lists them (HEAD beside GET).
    allow: String,
    /// The query parameters its GET operation documents, the only ones a read's answer depends on.
    read_parameters: Vec<String>,
}

/// What a request needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Access {
    /// Not an API operation (web apps, docs, unknown paths answered 404).
    Unguarded,
    /// A documented path called with a method it does not take: 405.
    Undeclared,
    /// Open to everyone; `cacheable` when an anonymous answer may be stored (a read of content).
    Public {
        cacheable: bool,
    },
    AdminOnly,
    /// Admin-only, and open too while the administrator still has to secure the account.
    AccountSetup,
}

impl AccessPolicy {
    pub fn from_document(document: &OpenApi) -> Self {
        let mut routes: Vec<_> = document
            .paths
            .paths
            .iter()
            .map(|(template, item)| DocumentedPath {
                template: template.clone(),
                pattern: ResourceDef::new(format!("/api{template}")),
                dynamic_segments: template.matches('{').count(),
                allow: allowed_methods(item),
                read_parameters: item
                    .get
                    .iter()
                    .flat_map(|operation| operation.parameters.iter().flatten())
                    .filter_map(|parameter| match parameter {
                        RefOr::T(parameter) if matches!(parameter.parameter_in, ParameterIn::Query) => {
                            Some(parameter.name.clone())
                        }
                        _ => None,
                    })
                    .collect(),
            })
            .collect();
        routes.sort_by_key(|route| route.dynamic_segments);
        Self { routes }
    }

    fn route(&self, path: &str) -> Option<&DocumentedPath> {
        self.routes.iter().find(|route| route.pattern.is_match(path))
    }

    fn access(&self, method: &str, path: &str) -> Access {
        let method = if method == "HEAD" { "GET" } else { method };
        match self.route(path) {
            None => Access::Unguarded,
            Some(route) if !route.allow.split(", ").any(|allowed| allowed == method) => Access::Undeclared,
            Some(route) if access::is_public(method, &route.template) => {
                Access::Public { cacheable: access::is_cacheable(method, &route.template) }
            }
            Some(route) if access::is_account_setup(method, &route.template) => Access::AccountSetup,
            Some(_) => Access::AdminOnly,
        }
    }

    /// The query parameters the read at `path` documents (none for a path outside the document).
    pub fn read_parameters(&self, path: &str) -> &[String] {
        self.route(path).map_or(&[], |route| route.read_parameters.as_slice())
    }

    /// The `Allow` header of a documented path: its methods, HEAD beside GET.
    pub fn allowed_methods(&self, path: &str) -> Option<&str> {
        self.route(path).map(|route| route.allow.as_str())
    }
}

fn allowed_methods(item: &PathItem) -> String {
    let methods = [
        ("GET", item.get.is_some()),
        ("HEAD", item.get.is_some() || item.head.is_some()),
        ("POST", item.post.is_some()),
        ("PUT", item.put.is_some()),
        ("PATCH", item.patch.is_some()),
        ("DELETE", item.delete.is_some()),
    ];
    methods.iter().filter(|(_, documented)| *documented).map(|(method, _)| *method).collect::<Vec<_>>().join(", ")
}

/// 405 for a method `path` does not take, with the `Allow` header listing those it does.
pub fn method_not_allowed(method: &str, path: &str, allow: Option<&str>) -> HttpResponse {
    let message = format!("{method} is not allowed on {path}");
    let mut response = ApiError::client(StatusCode::METHOD_NOT_ALLOWED, message).error_response();
    if let Some(allow) = allow.and_then(|allow| header::HeaderValue::from_str(allow).ok()) {
        response.headers_mut().insert(header::ALLOW, allow);
    }
    response
}

/// Marks a request that arrived as HEAD (its method now reads GET), for the handlers that can answer
/// it without reading a body (the media files: only their size).
#[derive(Debug, Clone, Copy)]
pub struct ArrivedAsHead;

/// Lets a HEAD request reach the GET route it mirrors; the server still sends no body, since it
/// decided that from the request line before any handler ran.
pub async fn head_as_get(
    mut request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    if request.method() == Method::HEAD {
        request.head_mut().method = Method::GET;
        request.extensions_mut().insert(ArrivedAsHead);
    }
    next.call(request).await
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
    let template = policy.route(request.path()).map(|route| route.template.clone());
    match access {
        Access::Unguarded => return Ok(next.call(request).await?.map_into_boxed_body()),
        Access::Undeclared => {
            let response =
                method_not_allowed(request.method().as_str(), request.path(), policy.allowed_methods(request.path()));
            return Ok(request.into_response(response));
        }
        Access::Public { .. } | Access::AdminOnly | Access::AccountSetup => {}
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
    if matches!(access, Access::AdminOnly | Access::AccountSetup) {
        match &principal {
            None if token.is_some() => {
                return Ok(refuse(request, &ApiError::client(StatusCode::UNAUTHORIZED, "Invalid or expired token")));
            }
            None => return Ok(refuse(request, &ApiError::client(StatusCode::UNAUTHORIZED, "Authentication required"))),
            Some(principal) if !principal.is_admin() => {
                return Ok(refuse(request, &ApiError::client(StatusCode::FORBIDDEN, "Admin privileges required")));
            }
            Some(principal) if principal.user.must_change_password && access != Access::AccountSetup => {
                let refusal = ApiError::client(StatusCode::FORBIDDEN, access::PASSWORD_CHANGE_REQUIRED);
                return Ok(refuse(request, &refusal));
            }
            Some(principal) if principal.must_enrol_two_factor && access != Access::AccountSetup => {
                let refusal = ApiError::client(StatusCode::FORBIDDEN, access::TWO_FACTOR_REQUIRED);
                return Ok(refuse(request, &refusal));
            }
            Some(_) => {}
        }
    }
    let mut request = request;
    // A write to record: run it in an audit scope (set after the token's check, whose own write, the
    // session's last use, is not a change anyone made).
    let audited = match &template {
        Some(template)
            if audit_scope::is_audited(
                request.method().as_str(),
                template,
                matches!(access, Access::AdminOnly | Access::AccountSetup),
            ) =>
        {
            match audit_scope::context(&mut request, template, principal.as_ref()).await? {
                Ok(context) => Some(context),
                Err(refusal) => return Ok(refuse(request, &refusal)),
            }
        }
        _ => None,
    };
    if let Some(principal) = principal {
        request.extensions_mut().insert::<Principal>(principal);
    } else if access == (Access::Public { cacheable: true }) {
        request.extensions_mut().insert(Cacheable);
    }
    let response = match audited {
        Some(context) => audit::scope(context, next.call(request)).await?,
        None => next.call(request).await?,
    };
    Ok(response.map_into_boxed_body())
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
        let cacheable = Access::Public { cacheable: true };
        assert_eq!(policy.access("GET", "/api/services"), cacheable);
        assert_eq!(policy.access("GET", "/api/services/featured"), cacheable);
        assert_eq!(policy.access("GET", "/api/services/65f1c2a9b4e8d70012345678"), cacheable);
        assert_eq!(policy.access("POST", "/api/services"), Access::AdminOnly);
        assert_eq!(policy.access("DELETE", "/api/services/anything"), Access::AdminOnly);
        assert_eq!(policy.access("PUT", "/api/settings"), Access::AdminOnly);
        assert_eq!(policy.access("PUT", "/api/auth/change-password"), Access::AccountSetup);
        assert_eq!(policy.access("GET", "/api/auth/verify"), Access::AccountSetup);
        assert_eq!(policy.access("POST", "/api/auth/two-factor/confirm"), Access::AccountSetup);
        assert_eq!(policy.access("POST", "/api/auth/two-factor/disable"), Access::AdminOnly);
        assert_eq!(policy.access("POST", "/api/auth/login/two-factor"), Access::Public { cacheable: false });
    }

    #[test]
    fn methods_a_documented_path_does_not_list_are_undeclared_whoever_calls() {
        let policy = policy();
        assert_eq!(policy.access("PATCH", "/api/services"), Access::Undeclared);
        assert_eq!(policy.access("DELETE", "/api/settings"), Access::Undeclared);
        assert_eq!(policy.access("TRACE", "/api/contacts/65f1c2a9b4e8d70012345678"), Access::Undeclared);
        assert_eq!(policy.allowed_methods("/api/services"), Some("GET, HEAD, POST"));
        assert_eq!(policy.allowed_methods("/api/auth/login"), Some("POST"));
        assert_eq!(policy.allowed_methods("/api/nope"), None);
    }

    #[test]
    fn head_is_the_get_it_mirrors() {
        let policy = policy();
        assert_eq!(policy.access("HEAD", "/api/services"), Access::Public { cacheable: true });
        assert_eq!(policy.access("HEAD", "/api/contacts"), Access::AdminOnly);
        assert_eq!(policy.access("HEAD", "/api/auth/login"), Access::Undeclared);
    }

    #[test]
    fn probes_and_public_writes_are_never_cacheable() {
        let policy = policy();
        assert_eq!(policy.access("GET", "/api/health"), Access::Public { cacheable: false });
        assert_eq!(policy.access("GET", "/api/ready"), Access::Public { cacheable: false });
        assert_eq!(policy.access("POST", "/api/contacts"), Access::Public { cacheable: false });
        assert_eq!(policy.access("POST", "/api/blog/public/posts/slug/a/view"), Access::Public { cacheable: false });
    }

    #[test]
    fn a_reads_parameters_are_the_ones_its_operation_documents() {
        let policy = policy();
        let parameters = policy.read_parameters("/api/blog/public/posts");
        assert!(parameters.iter().any(|name| name == "search"), "{parameters:?}");
        assert!(policy.read_parameters("/api/settings").is_empty());
        assert!(policy.read_parameters("/api/nope").is_empty());
    }

    #[test]
    fn paths_outside_the_document_are_left_to_the_router() {
        let policy = policy();
        for path in ["/", "/portfolio", "/api/docs/", "/api/openapi.json", "/api/nope", "/admin/login"] {
            assert_eq!(policy.access("GET", path), Access::Unguarded, "{path}");
        }
    }
}
