//! The lists as the API document states them: the bearer token and the roles on every protected
//! operation ([`SecurityMarkers`]), and the operations each role may call, read back from the
//! document ([`permitted_operations`]).

use std::collections::BTreeMap;
use std::sync::OnceLock;

use atelier_domain::user::Role;
use utoipa::Modify;
use utoipa::openapi::OpenApi;
use utoipa::openapi::extensions::Extensions;
use utoipa::openapi::path::{Operation, PathItem};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityRequirement, SecurityScheme};

use super::{Permission, Verdict, is_public, permission};

/// The operations (their `operationId`s) each role may call on any record: every public one and
/// the protected ones the table allows it; and those it may call on its own records only.
#[derive(Debug, Clone, Default)]
pub struct RolePermissions {
    pub any: Vec<String>,
    pub own: Vec<String>,
}

/// [`RolePermissions`] of every role, worked out once from the API document built into the binary.
pub fn permitted_operations(role: Role) -> &'static RolePermissions {
    static TABLE: OnceLock<BTreeMap<Role, RolePermissions>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let document = crate::openapi::committed();
        let mut table: BTreeMap<Role, RolePermissions> = BTreeMap::new();
        for (path, item) in crate::openapi::paths_of(&document) {
            for (method, operation) in crate::openapi::operations_of(item) {
                let Some(id) = operation.get("operationId").and_then(serde_json::Value::as_str) else { continue };
                let id = id.to_owned();
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

pub(super) fn mark_roles(operation: &mut Operation, permission: &Permission) {
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
pub(super) fn roles_in_words(roles: &[Role]) -> String {
    let labels: Vec<&str> = roles.iter().map(|role| role.label()).collect();
    match labels.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => labels.join(""),
    }
}

pub(super) fn operations(item: &mut PathItem) -> impl Iterator<Item = (&'static str, &mut Operation)> {
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
