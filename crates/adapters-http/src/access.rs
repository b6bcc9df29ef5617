//! Who may call what: the one list of operations anonymous callers may use. Every other `/api`
//! operation needs an administrator's token; a new route is therefore protected unless it is added
//! here, and the OpenAPI document marks exactly the operations not listed here as needing a bearer
//! token.

use utoipa::Modify;
use utoipa::openapi::OpenApi;
use utoipa::openapi::path::{Operation, PathItem};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityRequirement, SecurityScheme};

/// An operation anonymous callers may use: a method and the documented path template (relative to
/// `/api`, as in the OpenAPI document).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PublicOperation {
    pub method: &'static str,
    pub path: &'static str,
}

const fn get(path: &'static str) -> PublicOperation {
    PublicOperation { method: "GET", path }
}

const fn post(path: &'static str) -> PublicOperation {
    PublicOperation { method: "POST", path }
}

/// Public reads of published content (and of the public pages' heads), the two public forms, the
/// newsletter box and its links, counting a blog post's views, signing in (and registering while no
/// account exists), and the system probes.
pub const PUBLIC_OPERATIONS: &[PublicOperation] = &[
    post("/auth/login"),
    // The challenge the password step answered is the credential.
    post("/auth/login/two-factor"),
    // Open while no account exists; the use case refuses it afterwards unless an admin calls.
    post("/auth/register"),
    // The invitation's token in the body is the credential.
    post("/auth/invitations/inspect"),
    post("/auth/invitations/accept"),
    get("/health"),
    get("/ready"),
    get("/services"),
    get("/services/featured"),
    get("/services/{id}"),
    get("/settings"),
    post("/contacts"),
    post("/project-requests"),
    get("/blog/public/posts"),
    get("/blog/public/posts/featured"),
    get("/blog/public/posts/slug/{slug}"),
    post("/blog/public/posts/slug/{slug}/view"),
    get("/blog/categories"),
    get("/blog/tags"),
    get("/tags"),
    get("/tags/popular"),
    get("/testimonials"),
    get("/testimonials/{id}"),
    get("/team"),
    get("/team/{id}"),
    get("/faqs"),
    get("/faqs/{id}"),
    get("/content/{type}"),
    get("/home-page"),
    get("/contact-details"),
    get("/technologies"),
    get("/technologies/featured"),
    get("/technologies/categories"),
    get("/technologies/{id}"),
    get("/portfolio"),
    get("/portfolio/{id}"),
    get("/portfolio/slug/{slug}"),
    get("/site/head"),
    // The newsletter box; confirming and unsubscribing carry the address's token as credential.
    post("/newsletter/subscribers"),
    post("/newsletter/confirm"),
    post("/newsletter/unsubscribe"),
];

/// Public reads whose answers are never stored by the response cache: the probes, which must tell
/// the state of the process and its database at the moment they are asked.
pub const UNCACHED_PUBLIC_READS: &[&str] = &["/health", "/ready"];

/// Whether an anonymous answer to `method path` (a documented path template) may be stored by the
/// response cache: a public read of content.
pub fn is_cacheable(method: &str, path_template: &str) -> bool {
    method.eq_ignore_ascii_case("GET")
        && is_public(method, path_template)
        && !UNCACHED_PUBLIC_READS.contains(&path_template)
}

/// What an administrator who still has to secure their account (a generated first password to
/// change, or two-factor sign-in to set up where the site requires it) may do: check and end their
/// session, change the password, and set up two-factor sign-in. Every other operation answers 403
/// until then.
pub const ACCOUNT_SETUP_OPERATIONS: &[PublicOperation] = &[
    get("/auth/verify"),
    post("/auth/logout"),
    PublicOperation { method: "PUT", path: "/auth/change-password" },
    get("/auth/two-factor"),
    post("/auth/two-factor/setup"),
    post("/auth/two-factor/confirm"),
];

/// The 403 message for any other operation while the password must be changed.
pub const PASSWORD_CHANGE_REQUIRED: &str = "Change your password to continue";

/// The 403 message for any other operation while two-factor sign-in must be set up.
pub const TWO_FACTOR_REQUIRED: &str = "Set up two-factor sign-in to continue";

/// Whether `method path` (a documented path template) stays open while an account is being secured.
pub fn is_account_setup(method: &str, path_template: &str) -> bool {
    ACCOUNT_SETUP_OPERATIONS
        .iter()
        .any(|operation| operation.method.eq_ignore_ascii_case(method) && operation.path == path_template)
}

/// Whether `method path` (a documented path template) is open to anonymous callers.
pub fn is_public(method: &str, path_template: &str) -> bool {
    PUBLIC_OPERATIONS
        .iter()
        .any(|operation| operation.method.eq_ignore_ascii_case(method) && operation.path == path_template)
}

/// The name of the bearer security scheme in the OpenAPI document.
pub const BEARER_SCHEME: &str = "bearerAuth";

/// Marks every operation not in [`PUBLIC_OPERATIONS`] as needing an administrator's bearer token, so
/// Swagger UI's Authorize button applies to exactly the protected operations.
#[derive(Debug)]
pub struct SecurityMarkers;

impl Modify for SecurityMarkers {
    fn modify(&self, document: &mut OpenApi) {
        let components = document.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            BEARER_SCHEME,
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).bearer_format("JWT").build()),
        );
        for (path, item) in &mut document.paths.paths {
            for (method, operation) in operations(item) {
                if !is_public(method, path) {
                    operation.security = Some(vec![SecurityRequirement::new(BEARER_SCHEME, Vec::<String>::new())]);
                }
            }
        }
    }
}

fn operations(item: &mut PathItem) -> impl Iterator<Item = (&'static str, &mut Operation)> {
    [
        ("GET", item.get.as_mut()),
        ("POST", item.post.as_mut()),
        ("PUT", item.put.as_mut()),
        ("PATCH", item.patch.as_mut()),
        ("DELETE", item.delete.as_mut()),
    ]
    .into_iter()
    .filter_map(|(method, operation)| operation.map(|operation| (method, operation)))
}
