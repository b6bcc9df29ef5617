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

mod document;
mod table;

use atelier_domain::presence::RecordKind;
use atelier_domain::user::Role;

pub use self::document::*;
pub use self::table::*;

/// An operation anonymous callers may use: a method and the documented path template (relative to
/// `/api`, as in the OpenAPI document).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PublicOperation {
    pub method: &'static str,
    pub path: &'static str,
}

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

/// What a translation's path (`/translations/{kind}/{id}…`, relative to `/api`) says of whose record
/// it is, for a role allowed its own records only.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TranslatedRecord {
    /// A kind of record whose own records `role` may edit (Authors their posts and projects,
    /// Contributors their posts): the record's creator decides.
    Owned(RecordKind),
    /// A kind only the roles allowed on every record may translate.
    NotOwned,
    /// No kind of record that is translated: no such record (the handler answers 404).
    Unknown,
}

/// Whose record a translation's path names, for `role`.
pub fn translated_record(path: &str, role: Role) -> TranslatedRecord {
    let segment = path.split('/').nth(2).unwrap_or_default();
    if atelier_domain::translation::TranslationKind::parse(segment).is_err() {
        return TranslatedRecord::Unknown;
    }
    match (segment, role) {
        ("post", Role::Author | Role::Contributor) => TranslatedRecord::Owned(RecordKind::Post),
        ("project", Role::Author) => TranslatedRecord::Owned(RecordKind::Project),
        _ => TranslatedRecord::NotOwned,
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every operation of the document as (method, path template), with whether it is public.
    fn documented() -> Vec<(&'static str, String)> {
        let document = crate::openapi::document();
        let mut found = Vec::new();
        for (path, item) in crate::openapi::paths_of(&document) {
            for (method, _) in crate::openapi::operations_of(item) {
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
            let translation = entry.path.starts_with("/translations/{kind}/{id}");
            assert!(owned_kind(entry.path).is_some() || translation, "{} {}", entry.method, entry.path);
            assert!(entry.path.contains("{id}"), "{} {}", entry.method, entry.path);
        }
        assert_eq!(owned_kind("/blog/posts/{id}/revisions/{revisionId}/restore"), Some(RecordKind::Post));
        assert_eq!(owned_kind("/blog/postsx/{id}"), None);
        let owned = |kind| TranslatedRecord::Owned(kind);
        assert_eq!(translated_record("/translations/post/x/de", Role::Contributor), owned(RecordKind::Post));
        assert_eq!(translated_record("/translations/project/x", Role::Author), owned(RecordKind::Project));
        assert_eq!(translated_record("/translations/project/x", Role::Contributor), TranslatedRecord::NotOwned);
        assert_eq!(translated_record("/translations/faq/x", Role::Author), TranslatedRecord::NotOwned);
        assert_eq!(translated_record("/translations/media/x", Role::Author), TranslatedRecord::Unknown);
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
