//! The two lists: the operations anonymous callers may use ([`PUBLIC_OPERATIONS`]) and who may
//! call each protected one ([`PERMISSIONS`]), one line an operation.

use atelier_domain::user::Role;

use super::{Permission, PublicOperation};

pub(super) const fn get(path: &'static str) -> PublicOperation {
    PublicOperation { method: "GET", path }
}

pub(super) const fn post(path: &'static str) -> PublicOperation {
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

pub(super) const OWNER: &[Role] = &[Role::Owner];
pub(super) const ADMINISTRATORS: &[Role] = &[Role::Owner, Role::Administrator];
pub(super) const EDITORS: &[Role] = &[Role::Owner, Role::Administrator, Role::Editor];
pub(super) const AUTHORS: &[Role] = &[Role::Owner, Role::Administrator, Role::Editor, Role::Author];
pub(super) const WRITERS: &[Role] = &[Role::Owner, Role::Administrator, Role::Editor, Role::Author, Role::Contributor];
pub(super) const SALES: &[Role] = &[Role::Owner, Role::Administrator, Role::Sales];
pub(super) const NEWSLETTER: &[Role] = &[Role::Owner, Role::Administrator, Role::Editor, Role::Sales];
/// The site's statistics: those who write its content and those who work its leads.
pub(super) const INSIGHTS: &[Role] = &[Role::Owner, Role::Administrator, Role::Editor, Role::Sales];
pub(super) const EVERYONE: &[Role] = &Role::ALL;
/// Authors' own records.
pub(super) const AUTHOR_OWN: &[Role] = &[Role::Author];
/// Authors' and Contributors' own posts.
pub(super) const WRITER_OWN: &[Role] = &[Role::Author, Role::Contributor];

pub(super) const fn may(method: &'static str, path: &'static str, roles: &'static [Role]) -> Permission {
    Permission { method, path, roles, own: &[] }
}

pub(super) const fn own(
    method: &'static str,
    path: &'static str,
    roles: &'static [Role],
    own: &'static [Role],
) -> Permission {
    Permission { method, path, roles, own }
}

/// The permission table. The Owner may call everything; Administrators everything but handing
/// ownership over; Editors all content (posts, projects, pages, the home page, services, the
/// catalogue, media, the newsletter list), publishing included, but no accounts, settings, audit
/// log or exports; Authors create posts and projects and upload media, and change only their own;
/// Contributors write drafts of posts; Sales work the contact messages, the project requests and
/// the newsletter list, their notes and exports, and read content; Administrators, Editors and Sales read the
/// site's statistics. Every account manages its own
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
    may("POST", "/import", ADMINISTRATORS),
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
    // Translations: who may edit a record may write its translations (Authors their own posts and
    // projects, Contributors their own posts: the gate asks by the path's kind).
    may("GET", "/translations/{kind}/{id}", EVERYONE),
    may("GET", "/translations/{kind}/{id}/{lang}", EVERYONE),
    own("PUT", "/translations/{kind}/{id}", EDITORS, WRITER_OWN),
    own("PUT", "/translations/{kind}/{id}/{lang}", EDITORS, WRITER_OWN),
    own("DELETE", "/translations/{kind}/{id}/{lang}", EDITORS, WRITER_OWN),
    may("GET", "/translations/{kind}/{id}/{lang}/revisions", EVERYONE),
    may("GET", "/translations/{kind}/{id}/{lang}/revisions/{revisionId}", EVERYONE),
    own("POST", "/translations/{kind}/{id}/{lang}/revisions/{revisionId}/restore", EDITORS, WRITER_OWN),
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
    // The site's own statistics.
    may("GET", "/insights", INSIGHTS),
    may("GET", "/insights/export", INSIGHTS),
    may("GET", "/insights/posts", INSIGHTS),
    may("GET", "/insights/posts/{id}", INSIGHTS),
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
