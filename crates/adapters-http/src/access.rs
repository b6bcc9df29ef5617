//! Who may call what: the one list of operations anonymous callers may use
//! ([`PUBLIC_OPERATIONS`]) and the one permission table of the others ([`PERMISSIONS`]): which roles
//! may call each protected operation. Every other `/api` operation needs a signed-in account's
//! token; a new route is therefore protected unless it is added to the public list, and open to
//! the Owner and Administrators only until the table names it ([`permission`]). The OpenAPI
//! document marks exactly the operations not public as needing a bearer token and states each one's
//! roles ([`SecurityMarkers`]), and the signed-in account's read shape lists the operations it may
//! call ([`permitted_operations`]), all from these two lists.
//!
//! Some roles may call an operation on their own records only (Authors change their own posts,
//! projects and media items, Contributors their own posts): the gate then asks who created the
//! record the path's `{id}` names ([`owned_kind`]) and lets the call through when it is the caller.
//! "Own" means the record's `createdBy`; a record from before authorship was kept belongs to the
//! Owner, so it is refused to them ([`Permission::own_refusal`]).

use std::collections::BTreeMap;
use std::sync::OnceLock;

use atelier_domain::presence::RecordKind;
use atelier_domain::user::Role;
use utoipa::Modify;
use utoipa::openapi::OpenApi;
use utoipa::openapi::extensions::Extensions;
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
    // The proof-of-work challenge those forms and the newsletter box solve.
    get("/challenge"),
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
    // The public pages' beacon: one page view each.
    post("/views"),
];

/// Who may call one protected operation: a method and the documented path template (relative to
/// `/api`), the roles that may call it on any record, and those that may call it on their own
/// records only (those whose `createdBy` is the caller; see [`owned_kind`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Permission {
    pub method: &'static str,
    pub path: &'static str,
    pub roles: &'static [Role],
    pub own: &'static [Role],
}

const OWNER: &[Role] = &[Role::Owner];
const ADMINISTRATORS: &[Role] = &[Role::Owner, Role::Administrator];
const EDITORS: &[Role] = &[Role::Owner, Role::Administrator, Role::Editor];
const AUTHORS: &[Role] = &[Role::Owner, Role::Administrator, Role::Editor, Role::Author];
const WRITERS: &[Role] = &[Role::Owner, Role::Administrator, Role::Editor, Role::Author, Role::Contributor];
const SALES: &[Role] = &[Role::Owner, Role::Administrator, Role::Sales];
const NEWSLETTER: &[Role] = &[Role::Owner, Role::Administrator, Role::Editor, Role::Sales];
const EVERYONE: &[Role] = &Role::ALL;
/// Authors' own records.
const AUTHOR_OWN: &[Role] = &[Role::Author];
/// Authors' and Contributors' own posts.
const WRITER_OWN: &[Role] = &[Role::Author, Role::Contributor];

const fn may(method: &'static str, path: &'static str, roles: &'static [Role]) -> Permission {
    Permission { method, path, roles, own: &[] }
}

const fn own(method: &'static str, path: &'static str, roles: &'static [Role], own: &'static [Role]) -> Permission {
    Permission { method, path, roles, own }
}

/// The permission table. The Owner may call everything; Administrators everything but handing
/// ownership over; Editors all content (posts, projects, pages, the home page, services, the
/// catalogue, media, the newsletter list), publishing included, but no accounts, settings, audit
/// log or exports; Authors create posts and projects and upload media, and change only their own;
/// Contributors write drafts of posts; Sales work the contact messages, the project requests and
/// the newsletter list, their notes and exports, and read content. Every account manages its own
/// sign-in (session, password, two-factor, sessions) and reads the content the back office lists.
pub const PERMISSIONS: &[Permission] = &[
    // One's own account.
    may("GET", "/auth/verify", EVERYONE),
    may("POST", "/auth/logout", EVERYONE),
    may("PUT", "/auth/change-password", EVERYONE),
    may("PUT", "/auth/profile", EVERYONE),
    may("GET", "/auth/sessions", EVERYONE),
    may("POST", "/auth/sessions/sign-out-others", EVERYONE),
    may("DELETE", "/auth/sessions/{id}", EVERYONE),
    may("GET", "/auth/two-factor", EVERYONE),
    may("POST", "/auth/two-factor/setup", EVERYONE),
    may("POST", "/auth/two-factor/confirm", EVERYONE),
    may("POST", "/auth/two-factor/disable", EVERYONE),
    // The team's accounts.
    may("GET", "/admins", ADMINISTRATORS),
    may("GET", "/admins/invitations", ADMINISTRATORS),
    may("POST", "/admins/invitations", ADMINISTRATORS),
    may("DELETE", "/admins/invitations/{id}", ADMINISTRATORS),
    may("DELETE", "/admins/{id}", ADMINISTRATORS),
    may("PUT", "/admins/{id}/role", ADMINISTRATORS),
    may("POST", "/admins/{id}/ownership", OWNER),
    // The whole site's archive.
    may("GET", "/export", ADMINISTRATORS),
    may("GET", "/audit", ADMINISTRATORS),
    may("GET", "/audit/actors", ADMINISTRATORS),
    // Settings.
    may("PUT", "/settings", ADMINISTRATORS),
    may("PUT", "/settings/services", ADMINISTRATORS),
    may("POST", "/contact-details", ADMINISTRATORS),
    may("PUT", "/contact-details", ADMINISTRATORS),
    // Posts: Contributors create drafts only (the handler refuses them a published post).
    may("GET", "/blog/posts", EVERYONE),
    may("GET", "/blog/posts/{id}", EVERYONE),
    may("POST", "/blog/posts", WRITERS),
    own("PUT", "/blog/posts/{id}", EDITORS, WRITER_OWN),
    own("DELETE", "/blog/posts/{id}", EDITORS, WRITER_OWN),
    // Review: writers submit their own drafts; Editors publish them or send them back.
    own("POST", "/blog/posts/{id}/submission", EDITORS, WRITER_OWN),
    may("POST", "/blog/posts/{id}/review", EDITORS),
    may("GET", "/blog/posts/{id}/revisions", EVERYONE),
    may("GET", "/blog/posts/{id}/revisions/{revisionId}", EVERYONE),
    own("POST", "/blog/posts/{id}/revisions/{revisionId}/restore", EDITORS, WRITER_OWN),
    may("POST", "/markdown/preview", EVERYONE),
    may("POST", "/blog/categories", EDITORS),
    may("PUT", "/blog/categories/{id}", EDITORS),
    may("DELETE", "/blog/categories/{id}", EDITORS),
    // Projects.
    may("POST", "/portfolio", AUTHORS),
    own("PUT", "/portfolio/{id}", EDITORS, AUTHOR_OWN),
    own("DELETE", "/portfolio/{id}", EDITORS, AUTHOR_OWN),
    may("GET", "/portfolio/{id}/revisions", EVERYONE),
    may("GET", "/portfolio/{id}/revisions/{revisionId}", EVERYONE),
    own("POST", "/portfolio/{id}/revisions/{revisionId}/restore", EDITORS, AUTHOR_OWN),
    // Media.
    may("GET", "/media", EVERYONE),
    may("GET", "/media/tags", EVERYONE),
    may("GET", "/media/{id}", EVERYONE),
    may("POST", "/media", AUTHORS),
    own("PUT", "/media/{id}", EDITORS, AUTHOR_OWN),
    own("DELETE", "/media/{id}", EDITORS, AUTHOR_OWN),
    // Pages and the home page.
    may("GET", "/content", EVERYONE),
    may("GET", "/content/stats", EVERYONE),
    may("POST", "/content", EDITORS),
    may("PUT", "/content/{type}", EDITORS),
    may("DELETE", "/content/{type}", EDITORS),
    may("PATCH", "/content/{type}/status", EDITORS),
    may("GET", "/content/{type}/revisions", EVERYONE),
    may("GET", "/content/{type}/revisions/{revisionId}", EVERYONE),
    may("POST", "/content/{type}/revisions/{revisionId}/restore", EDITORS),
    may("PUT", "/home-page", EDITORS),
    may("GET", "/home-page/revisions", EVERYONE),
    may("GET", "/home-page/revisions/{revisionId}", EVERYONE),
    may("POST", "/home-page/revisions/{revisionId}/restore", EDITORS),
    // Redirects of the site's old addresses.
    may("GET", "/redirects", EDITORS),
    may("GET", "/redirects/{id}", EDITORS),
    may("POST", "/redirects", EDITORS),
    may("PUT", "/redirects/{id}", EDITORS),
    may("DELETE", "/redirects/{id}", EDITORS),
    // Services and the catalogue.
    may("POST", "/services", EDITORS),
    may("PUT", "/services/{id}", EDITORS),
    may("DELETE", "/services/{id}", EDITORS),
    may("POST", "/tags", EDITORS),
    may("PUT", "/tags/{id}", EDITORS),
    may("DELETE", "/tags/{id}", EDITORS),
    may("POST", "/technologies", EDITORS),
    may("PUT", "/technologies/{id}", EDITORS),
    may("DELETE", "/technologies/{id}", EDITORS),
    may("POST", "/team", EDITORS),
    may("PUT", "/team/{id}", EDITORS),
    may("DELETE", "/team/{id}", EDITORS),
    may("PATCH", "/team/{id}/order", EDITORS),
    may("POST", "/testimonials", EDITORS),
    may("PUT", "/testimonials/{id}", EDITORS),
    may("DELETE", "/testimonials/{id}", EDITORS),
    may("GET", "/faqs/stats", EVERYONE),
    may("POST", "/faqs", EDITORS),
    may("PUT", "/faqs/{id}", EDITORS),
    may("DELETE", "/faqs/{id}", EDITORS),
    may("PATCH", "/faqs/{id}/order", EDITORS),
    may("PATCH", "/faqs/{id}/status", EDITORS),
    // Who else has a record open: every role, for the kinds it may read (the handler checks the kind).
    may("PUT", "/presence/{kind}/{id}", EVERYONE),
    may("DELETE", "/presence/{kind}/{id}", EVERYONE),
    // The newsletter list.
    may("GET", "/newsletter/subscribers", NEWSLETTER),
    may("DELETE", "/newsletter/subscribers/{id}", NEWSLETTER),
    may("GET", "/newsletter/subscribers/export", SALES),
    // Contact messages and project requests, their notes and exports.
    may("GET", "/contacts", SALES),
    may("GET", "/contacts/export", SALES),
    may("GET", "/contacts/{id}", SALES),
    may("PUT", "/contacts/{id}", SALES),
    may("PATCH", "/contacts/{id}/status", SALES),
    may("DELETE", "/contacts/{id}", SALES),
    may("GET", "/project-requests", SALES),
    may("GET", "/project-requests/export", SALES),
    may("GET", "/project-requests/stats", SALES),
    may("GET", "/project-requests/{id}", SALES),
    may("PUT", "/project-requests/{id}", SALES),
    may("PATCH", "/project-requests/{id}/status", SALES),
    may("DELETE", "/project-requests/{id}", SALES),
    // Webhooks: their secrets sign what the site tells other systems.
    may("GET", "/webhooks", ADMINISTRATORS),
    may("POST", "/webhooks", ADMINISTRATORS),
    may("GET", "/webhooks/{id}", ADMINISTRATORS),
    may("PUT", "/webhooks/{id}", ADMINISTRATORS),
    may("DELETE", "/webhooks/{id}", ADMINISTRATORS),
    may("POST", "/webhooks/{id}/secret", ADMINISTRATORS),
    may("POST", "/webhooks/{id}/test", ADMINISTRATORS),
    may("GET", "/webhooks/{id}/deliveries", ADMINISTRATORS),
    may("POST", "/webhooks/{id}/deliveries/{deliveryId}/redeliver", ADMINISTRATORS),
];

/// Who may call an operation the table does not name: the Owner and Administrators.
pub const UNLISTED: Permission = Permission { method: "", path: "", roles: ADMINISTRATORS, own: &[] };

/// The table's entry for `method path` (a documented path template), or [`UNLISTED`].
pub fn permission(method: &str, path_template: &str) -> Permission {
    PERMISSIONS
        .iter()
        .find(|entry| entry.method.eq_ignore_ascii_case(method) && entry.path == path_template)
        .copied()
        .unwrap_or(UNLISTED)
}

/// What the table says of one role and one operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Allowed,
    /// Only on the role's own records: those it created.
    OwnOnly,
    Denied,
}

impl Permission {
    pub fn verdict(&self, role: Role) -> Verdict {
        if self.roles.contains(&role) {
            Verdict::Allowed
        } else if self.own.contains(&role) {
            Verdict::OwnOnly
        } else {
            Verdict::Denied
        }
    }

    /// The 403 message for a role the operation refuses: who may, then what, e.g. "Editor or
    /// higher role required to update a post". `what` is the operation's summary.
    pub fn refusal(&self, what: &str) -> String {
        format!("{} role required to {}", who_may(self.roles), lowercase_first(what))
    }

    /// The 403 message for a role allowed its own records only, called on another's (or on one
    /// from before authorship was kept): who may, then what of another person's, e.g. "Editor or
    /// higher role required to update another person's post".
    pub fn own_refusal(&self, what: &str) -> String {
        let what = lowercase_first(what);
        let what = match what.split_once(" a ").or_else(|| what.split_once(" an ")) {
            Some((verb, rest)) => format!("{verb} another person's {rest}"),
            None => format!("{what} of another person"),
        };
        format!("{} role required to {what}", who_may(self.roles))
    }
}

/// The kind of record an operation allowed on one's own records acts on, from its path template
/// (the record is the one its `{id}` names): posts, projects and media items.
pub fn owned_kind(path_template: &str) -> Option<RecordKind> {
    [
        ("/blog/posts/{id}", RecordKind::Post),
        ("/portfolio/{id}", RecordKind::Project),
        ("/media/{id}", RecordKind::Media),
    ]
    .into_iter()
    .find(|(prefix, _)| path_template.strip_prefix(prefix).is_some_and(|rest| rest.is_empty() || rest.starts_with('/')))
    .map(|(_, kind)| kind)
}

/// The `{id}` segment of `path` (relative to `/api`) matched against `path_template`.
pub fn record_id<'a>(path_template: &str, path: &'a str) -> Option<&'a str> {
    let index = path_template.split('/').position(|segment| segment == "{id}")?;
    path.split('/').nth(index).filter(|id| !id.is_empty())
}

/// The roles of content, from the most to the least they may do (Sales stands apart).
const LADDER: [Role; 5] = [Role::Owner, Role::Administrator, Role::Editor, Role::Author, Role::Contributor];

/// `roles` in words: "Owner", "Editor or higher" for a top part of the ladder, else each named
/// ("Owner, Administrator or Sales").
pub fn who_may(roles: &[Role]) -> String {
    let ladder = LADDER.iter().take_while(|role| roles.contains(role)).count();
    if roles.len() == 1 {
        return roles[0].label().to_owned();
    }
    if ladder == roles.len() {
        return format!("{} or higher", LADDER[ladder - 1].label());
    }
    let labels: Vec<&str> = roles.iter().map(|role| role.label()).collect();
    match labels.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => labels.join(""),
    }
}

fn lowercase_first(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|first| first.to_lowercase().chain(chars).collect()).unwrap_or_default()
}

/// The 403 message for a Contributor's post that asks to be published.
pub const PUBLISH_REFUSED: &str = "Author or higher role required to publish posts";

/// The operations (their `operationId`s) each role may call on any record: every public one and
/// the protected ones the table allows it; and those it may call on its own records only.
#[derive(Debug, Clone, Default)]
pub struct RolePermissions {
    pub any: Vec<String>,
    pub own: Vec<String>,
}

/// [`RolePermissions`] of every role, worked out once from the API document.
pub fn permitted_operations(role: Role) -> &'static RolePermissions {
    static TABLE: OnceLock<BTreeMap<Role, RolePermissions>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let document = crate::openapi();
        let mut table: BTreeMap<Role, RolePermissions> = BTreeMap::new();
        for (path, item) in &document.paths.paths {
            for (method, operation) in documented_operations(item) {
                let Some(id) = operation.operation_id.clone() else { continue };
                for role in Role::ALL {
                    let entry = table.entry(role).or_default();
                    if is_public(method, path) {
                        entry.any.push(id.clone());
                        continue;
                    }
                    match permission(method, path).verdict(role) {
                        Verdict::Allowed => entry.any.push(id.clone()),
                        Verdict::OwnOnly => entry.own.push(id.clone()),
                        Verdict::Denied => {}
                    }
                }
            }
        }
        for permissions in table.values_mut() {
            permissions.any.sort();
            permissions.own.sort();
        }
        table
    });
    table.get(&role).expect("every role has its permissions")
}

/// Public reads whose answers are never stored by the response cache: the probes, which must tell
/// the state of the process and its database at the moment they are asked, and the proof-of-work
/// challenge, new at each call.
pub const UNCACHED_PUBLIC_READS: &[&str] = &["/health", "/ready", "/challenge"];

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

/// Marks every operation not in [`PUBLIC_OPERATIONS`] as needing a bearer token, so Swagger UI's
/// Authorize button applies to exactly the protected operations, and states the roles that may call
/// each of them from [`PERMISSIONS`]: a line at the end of its description and the extensions
/// `x-atelier-roles` (the roles that may call it) and, where some roles may call it on their own
/// records only, `x-atelier-own-roles`.
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
                    mark_roles(operation, &permission(method, path));
                }
            }
        }
    }
}

fn mark_roles(operation: &mut Operation, permission: &Permission) {
    let names = |roles: &[Role]| serde_json::Value::from(roles.iter().map(|role| role.as_str()).collect::<Vec<_>>());
    let mut line = format!("Roles: {}.", roles_in_words(permission.roles));
    if !permission.own.is_empty() {
        line = format!(
            "Roles: {}; {} on the records they created only.",
            roles_in_words(permission.roles),
            roles_in_words(permission.own),
        );
    }
    operation.description = Some(match operation.description.take() {
        Some(description) if !description.is_empty() => format!("{description}\n\n{line}"),
        _ => line,
    });
    let extensions = operation.extensions.get_or_insert_with(Extensions::default);
    extensions.insert("x-atelier-roles".to_owned(), names(permission.roles));
    if !permission.own.is_empty() {
        extensions.insert("x-atelier-own-roles".to_owned(), names(permission.own));
    }
}

/// Every role of `roles` by name: "Owner, Administrator and Editor".
fn roles_in_words(roles: &[Role]) -> String {
    let labels: Vec<&str> = roles.iter().map(|role| role.label()).collect();
    match labels.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => labels.join(""),
    }
}

/// The operations a path documents, each with its method.
pub fn documented_operations(item: &PathItem) -> impl Iterator<Item = (&'static str, &Operation)> {
    [
        ("GET", item.get.as_ref()),
        ("POST", item.post.as_ref()),
        ("PUT", item.put.as_ref()),
        ("PATCH", item.patch.as_ref()),
        ("DELETE", item.delete.as_ref()),
    ]
    .into_iter()
    .filter_map(|(method, operation)| operation.map(|operation| (method, operation)))
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every operation of the document as (method, path template), with whether it is public.
    fn documented() -> Vec<(&'static str, String)> {
        let document = crate::openapi();
        let mut found = Vec::new();
        for (path, item) in &document.paths.paths {
            for (method, _) in documented_operations(item) {
                found.push((method, path.clone()));
            }
        }
        found
    }

    #[test]
    fn every_protected_operation_of_the_document_has_its_roles_in_the_table() {
        let missing: Vec<String> = documented()
            .into_iter()
            .filter(|(method, path)| !is_public(method, path))
            .filter(|(method, path)| {
                !PERMISSIONS.iter().any(|entry| entry.method == *method && entry.path == path.as_str())
            })
            .map(|(method, path)| format!("{method} {path}"))
            .collect();
        assert!(missing.is_empty(), "protected operations without an entry in PERMISSIONS: {missing:?}");
    }

    #[test]
    fn every_entry_of_the_table_is_a_protected_operation_of_the_document_named_once() {
        let documented = documented();
        for (index, entry) in PERMISSIONS.iter().enumerate() {
            let operation = format!("{} {}", entry.method, entry.path);
            assert!(
                documented.iter().any(|(method, path)| *method == entry.method && path == entry.path),
                "{operation} is not in the API document"
            );
            assert!(!is_public(entry.method, entry.path), "{operation} is public");
            assert!(!entry.roles.is_empty(), "{operation} names no role");
            assert!(entry.roles.contains(&Role::Owner), "the Owner may call everything: {operation}");
            assert!(
                !PERMISSIONS[index + 1..].iter().any(|other| other.method == entry.method && other.path == entry.path),
                "{operation} is listed twice"
            );
        }
    }

    #[test]
    fn administrators_may_call_everything_but_handing_ownership_over() {
        for entry in PERMISSIONS {
            let handover = entry.path == "/admins/{id}/ownership";
            assert_eq!(entry.verdict(Role::Administrator) == Verdict::Allowed, !handover, "{}", entry.path);
        }
    }

    #[test]
    fn an_operation_missing_from_the_table_is_the_owners_and_administrators_only() {
        let unlisted = permission("GET", "/not/in/the/table");
        assert_eq!(unlisted.roles, [Role::Owner, Role::Administrator]);
        for role in [Role::Editor, Role::Author, Role::Contributor, Role::Sales] {
            assert_eq!(unlisted.verdict(role), Verdict::Denied);
        }
    }

    #[test]
    fn refusals_name_the_roles_required_in_one_way() {
        assert_eq!(who_may(OWNER), "Owner");
        assert_eq!(who_may(ADMINISTRATORS), "Administrator or higher");
        assert_eq!(who_may(EDITORS), "Editor or higher");
        assert_eq!(who_may(AUTHORS), "Author or higher");
        assert_eq!(who_may(SALES), "Owner, Administrator or Sales");
        assert_eq!(who_may(NEWSLETTER), "Owner, Administrator, Editor or Sales");
        let permission = permission("POST", "/services");
        assert_eq!(permission.refusal("Create a service"), "Editor or higher role required to create a service");
        assert_eq!(PUBLISH_REFUSED, format!("{} role required to publish posts", who_may(AUTHORS)));
    }

    #[test]
    fn refusals_of_anothers_record_name_the_roles_required() {
        let update = permission("PUT", "/blog/posts/{id}");
        assert_eq!(
            update.own_refusal("Update a post"),
            "Editor or higher role required to update another person's post"
        );
        let restore = permission("POST", "/portfolio/{id}/revisions/{revisionId}/restore");
        assert_eq!(
            restore.own_refusal("Restore a project's revision"),
            "Editor or higher role required to restore another person's project's revision"
        );
        let delete = permission("DELETE", "/media/{id}");
        assert_eq!(
            delete.own_refusal("Delete a media item"),
            "Editor or higher role required to delete another person's media item"
        );
    }

    #[test]
    fn every_own_entry_names_a_record_the_gate_can_ask_the_creator_of() {
        for entry in PERMISSIONS.iter().filter(|entry| !entry.own.is_empty()) {
            assert!(owned_kind(entry.path).is_some(), "{} {}", entry.method, entry.path);
            assert!(entry.path.contains("{id}"), "{} {}", entry.method, entry.path);
        }
        assert_eq!(owned_kind("/blog/posts/{id}/revisions/{revisionId}/restore"), Some(RecordKind::Post));
        assert_eq!(owned_kind("/blog/postsx/{id}"), None);
        assert_eq!(
            record_id("/portfolio/{id}/revisions/{revisionId}/restore", "/portfolio/abc/revisions/d/restore"),
            Some("abc")
        );
        assert_eq!(record_id("/media/{id}", "/media/"), None);
    }

    #[test]
    fn the_sales_role_reads_content_and_changes_none() {
        for entry in PERMISSIONS {
            let content = ["/blog", "/portfolio", "/media", "/content", "/home-page", "/services", "/tags"]
                .iter()
                .any(|prefix| entry.path.starts_with(prefix));
            if content && entry.method != "GET" {
                assert_eq!(entry.verdict(Role::Sales), Verdict::Denied, "{} {}", entry.method, entry.path);
            }
        }
    }

    #[test]
    fn the_document_states_the_roles_of_every_protected_operation() {
        let document = serde_json::to_value(crate::openapi()).unwrap();
        for (path, item) in document["paths"].as_object().unwrap() {
            for (method, operation) in item.as_object().unwrap() {
                let method = method.to_uppercase();
                if is_public(&method, path) {
                    assert!(operation.get("x-atelier-roles").is_none(), "{method} {path}");
                    continue;
                }
                let permission = permission(&method, path);
                let roles: Vec<&str> = permission.roles.iter().map(|role| role.as_str()).collect();
                assert_eq!(operation["x-atelier-roles"], serde_json::json!(roles), "{method} {path}");
                let description = operation["description"].as_str().unwrap_or_default();
                assert!(description.contains("Roles: Owner"), "{method} {path}: {description}");
            }
        }
        let update = &document["paths"]["/blog/posts/{id}"]["put"];
        assert_eq!(update["x-atelier-own-roles"], serde_json::json!(["author", "contributor"]));
    }

    #[test]
    fn each_role_is_told_the_operations_it_may_call() {
        let editor = permitted_operations(Role::Editor);
        assert!(editor.any.iter().any(|id| id == "updateBlogPost"));
        assert!(!editor.any.iter().any(|id| id == "listContacts" || id == "exportNewsletterSubscribers"));
        let author = permitted_operations(Role::Author);
        assert!(author.any.iter().any(|id| id == "createBlogPost"));
        assert!(author.own.iter().any(|id| id == "updateBlogPost"));
        assert!(!author.any.iter().any(|id| id == "updateBlogPost"));
        let sales = permitted_operations(Role::Sales);
        assert!(sales.any.iter().any(|id| id == "listContacts"), "{:?}", sales.any);
        assert!(sales.any.iter().any(|id| id == "listServices"), "public reads are listed too");
        assert!(!sales.any.iter().any(|id| id == "createService"));
        assert!(permitted_operations(Role::Owner).any.iter().any(|id| id == "handOverOwnership"));
        assert!(!permitted_operations(Role::Administrator).any.iter().any(|id| id == "handOverOwnership"));
    }
}
