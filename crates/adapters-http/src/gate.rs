//! The gate. Every `/api` request is matched against the OpenAPI document's path templates: a
//! method the path does not document answers 405 with `Allow` before anything else (HEAD counts as
//! the GET it mirrors); an operation listed in [`crate::access::PUBLIC_OPERATIONS`] is open to
//! everyone (a valid token still makes the caller a signed-in account, who reads drafts too); every
//! other documented operation needs a valid token (401 without one) of an account whose role the
//! permission table ([`crate::access::PERMISSIONS`]) allows it: 403 naming the role required
//! otherwise, before anything runs. The account is read from the store on every request, so a role
//! changed a moment ago applies to the next request on every instance. An account that must change
//! a generated password or set up two-factor sign-in first is refused everything else with 403,
//! except for the few operations that let them do it ([`crate::access::ACCOUNT_SETUP_OPERATIONS`]).
//! A role the table allows only its own records (an Author's posts, projects and media items) is let
//! through when the record the path's `{id}` names was created by the caller, or does not exist (the
//! handler answers 404); another's record, or one from before authorship was kept (the Owner's),
//! answers 403. Handlers never check this themselves (the one rule about a body, a Contributor's
//! post that asks to be published, is the post handlers').

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ResourceDef, ServiceRequest, ServiceResponse};
use actix_web::http::{Method, StatusCode, header};
use actix_web::middleware::Next;
use actix_web::{Error, HttpMessage, HttpResponse, ResponseError, web};
use anyhow::Context;
use atelier_application::accounts::{AuthError, Principal};
use atelier_application::audit;
use atelier_application::ownership::Ownership;
use atelier_application::store::Store;

use crate::access::{self, Permission, Verdict};
use crate::audit_scope;
use crate::error::ApiError;
use crate::openapi;
use crate::ports::{AccountService, Ports};

/// Put on a request by the gate when it is an anonymous read of public content, which may be
/// stored. Probes (`/health`, `/ready`) never are.
#[derive(Debug, Clone, Copy)]
pub struct Cacheable;

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
    /// Each documented method's summary, the words a refusal names the operation with.
    summaries: Vec<(&'static str, String)>,
}

/// What a request needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Access {
    /// Not an API operation (web apps, docs, unknown paths answered 404).
    Unguarded,
    /// A documented path called with a method it does not take: 405.
    Undeclared,
    /// Open to everyone; `cacheable` when an anonymous answer may be stored (a read of content).
    Public { cacheable: bool },
    /// Needs a signed-in account whose role the permission table allows; `setup` when it stays
    /// open while the account still has to be secured.
    Protected { permission: Permission, setup: bool },
}

impl AccessPolicy {
    /// The policy of the API document (its JSON): every path's methods, its reads' query
    /// parameters and its operations' summaries.
    pub fn from_document(document: &serde_json::Value) -> Self {
        let mut routes: Vec<_> = openapi::paths_of(document)
            .map(|(template, item)| DocumentedPath {
                template: template.clone(),
                pattern: ResourceDef::new(format!("/api{template}")),
                dynamic_segments: template.matches('{').count(),
                allow: allowed_methods(item),
                read_parameters: item
                    .get("get")
                    .and_then(|operation| operation.get("parameters"))
                    .and_then(serde_json::Value::as_array)
                    .into_iter()
                    .flatten()
                    .filter(|parameter| parameter.get("in").and_then(serde_json::Value::as_str) == Some("query"))
                    .filter_map(|parameter| Some(parameter.get("name")?.as_str()?.to_owned()))
                    .collect(),
                summaries: summaries(item),
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
            Some(route) => Access::Protected {
                permission: access::permission(method, &route.template),
                setup: access::is_account_setup(method, &route.template),
            },
        }
    }

    /// The summary of the operation `method` at `path` ("Update a post"), or its method and path.
    fn summary(&self, method: &str, path: &str) -> String {
        let method = if method == "HEAD" { "GET" } else { method };
        self.route(path)
            .and_then(|route| route.summaries.iter().find(|(documented, _)| *documented == method))
            .map_or_else(|| format!("call {method} {path}"), |(_, summary)| summary.clone())
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

fn summaries(item: &serde_json::Value) -> Vec<(&'static str, String)> {
    openapi::operations_of(item)
        .filter_map(|(method, operation)| Some((method, operation.get("summary")?.as_str()?.to_owned())))
        .collect()
}

fn allowed_methods(item: &serde_json::Value) -> String {
    let has = |key: &str| item.get(key).is_some_and(serde_json::Value::is_object);
    let methods = [
        ("GET", has("get")),
        ("HEAD", has("get") || has("head")),
        ("POST", has("post")),
        ("PUT", has("put")),
        ("PATCH", has("patch")),
        ("DELETE", has("delete")),
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
        Access::Public { .. } | Access::Protected { .. } => {}
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
    if let Access::Protected { permission, setup } = access {
        let principal = match &principal {
            Some(principal) => principal,
            None if token.is_some() => {
                return Ok(refuse(request, &ApiError::client(StatusCode::UNAUTHORIZED, "Invalid or expired token")));
            }
            None => return Ok(refuse(request, &ApiError::client(StatusCode::UNAUTHORIZED, "Authentication required"))),
        };
        match permission.verdict(principal.role()) {
            Verdict::Allowed => {}
            Verdict::Denied => {
                let what = policy.summary(request.method().as_str(), request.path());
                return Ok(refuse(request, &ApiError::client(StatusCode::FORBIDDEN, permission.refusal(&what))));
            }
            // Allowed on the caller's own records: the record's creator decides.
            Verdict::OwnOnly => match owns::<P::Store>(&request, template.as_deref(), principal).await {
                Ok(true) => {}
                Ok(false) => {
                    let what = policy.summary(request.method().as_str(), request.path());
                    let refusal = ApiError::client(StatusCode::FORBIDDEN, permission.own_refusal(&what));
                    return Ok(refuse(request, &refusal));
                }
                Err(error) => return Ok(refuse(request, &ApiError::Unexpected(error))),
            },
        }
        if principal.user.must_change_password && !setup {
            let refusal = ApiError::client(StatusCode::FORBIDDEN, access::PASSWORD_CHANGE_REQUIRED);
            return Ok(refuse(request, &refusal));
        }
        if principal.must_enrol_two_factor && !setup {
            let refusal = ApiError::client(StatusCode::FORBIDDEN, access::TWO_FACTOR_REQUIRED);
            return Ok(refuse(request, &refusal));
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
                matches!(access, Access::Protected { .. }),
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

/// Whether the record the path names is the caller's to change: they created it, or there is no
/// such record (the handler answers its 404). A record without a creator is the Owner's.
async fn owns<S: Store>(
    request: &ServiceRequest,
    template: Option<&str>,
    principal: &Principal,
) -> anyhow::Result<bool> {
    let template = template.context("an own-only operation is a documented one")?;
    let path = request.path().strip_prefix("/api").unwrap_or(request.path());
    let kind = if template.starts_with("/translations/{kind}/{id}") {
        // A translation is its record's: the kind comes from the path.
        match access::translated_record(path, principal.role()) {
            access::TranslatedRecord::Owned(kind) => kind,
            access::TranslatedRecord::NotOwned => return Ok(false),
            access::TranslatedRecord::Unknown => return Ok(true),
        }
    } else {
        access::owned_kind(template).with_context(|| format!("{template} names no owned record"))?
    };
    let Some(id) = access::record_id(template, path) else { return Ok(true) };
    let ownership = request.app_data::<web::Data<Ownership<S>>>().context("the ownership use case is registered")?;
    Ok(match ownership.creator_of(kind, id).await? {
        None => true,
        Some(creator) => creator == Some(principal.user.id),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn policy() -> AccessPolicy {
        AccessPolicy::from_document(&crate::openapi::document())
    }

    fn protected(method: &str, template: &str) -> Access {
        Access::Protected {
            permission: access::permission(method, template),
            setup: access::is_account_setup(method, template),
        }
    }

    fn is_protected(access: Access) -> bool {
        matches!(access, Access::Protected { .. })
    }

    #[test]
    fn public_reads_are_public_and_writes_are_protected() {
        let policy = policy();
        let cacheable = Access::Public { cacheable: true };
        assert_eq!(policy.access("GET", "/api/services"), cacheable);
        assert_eq!(policy.access("GET", "/api/services/featured"), cacheable);
        assert_eq!(policy.access("GET", "/api/services/65f1c2a9b4e8d70012345678"), cacheable);
        assert_eq!(policy.access("POST", "/api/services"), protected("POST", "/services"));
        assert_eq!(policy.access("DELETE", "/api/services/anything"), protected("DELETE", "/services/{id}"));
        assert_eq!(policy.access("PUT", "/api/settings"), protected("PUT", "/settings"));
        let setup = |access: Access| matches!(access, Access::Protected { setup: true, .. });
        assert!(setup(policy.access("PUT", "/api/auth/change-password")));
        assert!(setup(policy.access("GET", "/api/auth/verify")));
        assert!(setup(policy.access("POST", "/api/auth/two-factor/confirm")));
        assert!(!setup(policy.access("POST", "/api/auth/two-factor/disable")));
        assert!(is_protected(policy.access("POST", "/api/auth/two-factor/disable")));
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
        assert_eq!(policy.access("HEAD", "/api/contacts"), protected("GET", "/contacts"));
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
        assert_eq!(policy.read_parameters("/api/settings"), ["lang"], "the settings read in a language");
        assert!(policy.read_parameters("/api/health").is_empty());
        assert!(policy.read_parameters("/api/nope").is_empty());
    }

    #[test]
    fn a_refusal_names_the_role_required_and_the_operation() {
        let policy = policy();
        let what = policy.summary("PUT", "/api/services/65f1c2a9b4e8d70012345678");
        assert_eq!(
            access::permission("PUT", "/services/{id}").refusal(&what),
            "Editor or higher role required to update a service"
        );
        let what = policy.summary("HEAD", "/api/contacts");
        assert_eq!(
            access::permission("GET", "/contacts").refusal(&what),
            "Owner, Administrator or Sales role required to list contact messages"
        );
    }

    #[test]
    fn paths_outside_the_document_are_left_to_the_router() {
        let policy = policy();
        for path in ["/", "/portfolio", "/api/docs/", "/api/openapi.json", "/api/nope", "/admin/login"] {
            assert_eq!(policy.access("GET", path), Access::Unguarded, "{path}");
        }
    }
}
