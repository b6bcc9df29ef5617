//! The JSON API under `/api`: one module per resource, each with its DTOs, its documented handlers,
//! its `Doc` (the resource's part of the OpenAPI document), its `rules` (its request bodies' and
//! parameters' rules, from the domain's limits: [`crate::contract`]) and its `routes` (the routes with
//! the use case they call). A resource is declared as a module and registered, routes, documentation
//! and rules together, in [`resources!`]'s list.

pub mod admins;
pub mod audit;
pub mod auth;
pub mod blog;
pub mod categories;
pub mod challenge;
pub mod contact_details;
pub mod contacts;
pub mod content;
pub mod exports;
pub mod faqs;
pub mod health;
pub mod home_page;
pub mod import;
pub mod insights;
pub mod languages;
pub mod markdown;
pub mod media;
pub mod newsletter;
pub mod portfolio;
pub mod presence;
pub mod project_requests;
pub mod redirects;
mod revisions;
pub mod services;
pub mod settings;
pub mod site_export;
pub mod tags;
pub mod team;
pub mod technologies;
pub mod testimonials;
pub mod translations;
pub mod views;
pub mod webhooks;

use actix_web::{HttpRequest, HttpResponse, ResponseError, web};
use atelier_application::ports::SharedClock;
use utoipa::OpenApi;

use crate::contract;
use crate::error::ApiError;
use crate::gate::{self, AccessPolicy};
use crate::ports::Ports;

/// Registers each resource's routes, documentation and rules, in the order of the document's tags.
macro_rules! resources {
    ($($resource:ident),+ $(,)?) => {
        /// Every API route, relative to `/api`, with the use cases the handlers call, on the wiring's
        /// clock, and the site's own (`/site/head`), grouped by their first segment ([`Routes`]).
        pub fn routes<P: Ports>(config: &mut web::ServiceConfig, store: &P::Store, clock: &SharedClock) {
            let mut routes = Routes::new(config);
            $($resource::routes::<P>(&mut routes, store, clock);)+
            crate::site::api::routes::<P::Store>(&mut routes);
            routes.register();
        }

        /// Every resource's part of the OpenAPI document.
        pub fn documents() -> Vec<utoipa::openapi::OpenApi> {
            vec![$($resource::Doc::openapi()),+]
        }

        /// Every resource's request rules, written into the document's JSON by [`contract::apply`].
        pub fn rules() -> contract::Rules {
            contract::Rules::all([$($resource::rules()),+])
        }
    };
}

resources![
    auth,
    admins,
    audit,
    health,
    challenge,
    exports,
    site_export,
    import,
    contacts,
    project_requests,
    services,
    settings,
    blog,
    categories,
    tags,
    testimonials,
    team,
    faqs,
    content,
    home_page,
    redirects,
    contact_details,
    technologies,
    portfolio,
    media,
    presence,
    translations,
    newsletter,
    views,
    insights,
    webhooks,
    markdown,
];

/// A route at `path` (under `/api`) that answers 405 to the methods it does not take, carrying its
/// pattern for the metrics' route label ([`crate::metrics::RoutePattern`]). It is registered through
/// [`Routes`], in the scope of its first segment.
pub(crate) fn resource(path: &str) -> ApiResource {
    let (group, rest) = split_group(path);
    ApiResource {
        group: group.to_owned(),
        resource: web::resource(rest)
            .app_data(crate::metrics::RoutePattern::new(&format!("/api{path}")))
            .default_service(web::to(method_not_allowed)),
    }
}

/// A path's first segment (`/blog` of `/blog/posts/{id}`) and the rest (`/posts/{id}`, or nothing).
fn split_group(path: &str) -> (&str, &str) {
    let end = path.get(1..).and_then(|tail| tail.find('/')).map_or(path.len(), |slash| slash + 1);
    path.split_at(end)
}

/// An API route ([`resource`]) with the first segment of its path kept apart, so that [`Routes`]
/// registers it in that segment's scope.
pub(crate) struct ApiResource {
    group: String,
    resource: actix_web::Resource,
}

/// `ApiResource`'s methods that set a handler for one HTTP method, as actix's `Resource` has them.
macro_rules! method_handlers {
    ($($method:ident),+) => {
        impl ApiResource {
            $(
                #[doc = concat!("`handler` answers this route's `", stringify!($method), "` requests.")]
                pub(crate) fn $method<F, Args>(self, handler: F) -> Self
                where
                    F: actix_web::Handler<Args>,
                    Args: actix_web::FromRequest + 'static,
                    F::Output: actix_web::Responder + 'static,
                {
                    self.route(web::$method().to(handler))
                }
            )+
        }
    };
}

method_handlers!(get, post, put, patch, delete);

impl ApiResource {
    fn route(self, route: actix_web::Route) -> Self {
        Self { group: self.group, resource: self.resource.route(route) }
    }
}

/// The API's routes as the resources declare them, registered grouped by their paths' first segment:
/// one scope for `/api/blog`, one for `/api/auth`, and so on. actix tries a request's path against
/// each route in turn, and each route with a parameter costs a regular expression's run; grouped, a
/// request meets one comparison of text per group, then only its own group's routes. A call to
/// `POST /api/views` matched about 130 routes' expressions first (some 118,000 instructions, more
/// than the rest of the request: docs/performance.md, "Routing"). The order of the routes within a
/// group is the order they were declared in, and two groups never share a path.
pub struct Routes<'a> {
    config: &'a mut web::ServiceConfig,
    groups: Vec<(String, Vec<actix_web::Resource>)>,
}

impl std::fmt::Debug for Routes<'_> {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let groups: Vec<(&str, usize)> =
            self.groups.iter().map(|(group, routes)| (group.as_str(), routes.len())).collect();
        formatter.debug_struct("Routes").field("groups", &groups).finish_non_exhaustive()
    }
}

impl<'a> Routes<'a> {
    pub(crate) fn new(config: &'a mut web::ServiceConfig) -> Self {
        Self { config, groups: Vec::new() }
    }

    /// Adds a route, to its group.
    pub(crate) fn service(&mut self, route: ApiResource) -> &mut Self {
        match self.groups.iter_mut().find(|(group, _)| *group == route.group) {
            Some((_, routes)) => routes.push(route.resource),
            None => self.groups.push((route.group, vec![route.resource])),
        }
        self
    }

    /// Data for every API route (a use case its handlers take).
    pub(crate) fn app_data<U: 'static>(&mut self, data: U) -> &mut Self {
        self.config.app_data(data);
        self
    }

    /// Registers each group as a scope, whose unknown paths get the API's 404 (a nested scope would
    /// otherwise answer with the application's default: the site's).
    pub(crate) fn register(self) {
        for (group, routes) in self.groups {
            let scope = routes
                .into_iter()
                .fold(web::scope(&group).default_service(web::to(not_found)), actix_web::Scope::service);
            self.config.service(scope);
        }
    }
}

/// The answer for an `/api` path that names no route.
pub async fn not_found(request: HttpRequest) -> HttpResponse {
    ApiError::not_found(format!("No API route for {} {}", request.method(), request.path())).error_response()
}

/// The answer for a route called with a method it does not take (the gate answers first for the
/// documented paths), with the methods it does take.
pub async fn method_not_allowed(request: HttpRequest) -> HttpResponse {
    let policy = request.app_data::<web::Data<AccessPolicy>>();
    let allow = policy.and_then(|policy| policy.allowed_methods(request.path()));
    gate::method_not_allowed(request.method().as_str(), request.path(), allow)
}

#[cfg(test)]
mod tests {
    use super::split_group;

    #[test]
    fn a_route_is_grouped_by_its_first_segment() {
        assert_eq!(split_group("/views"), ("/views", ""));
        assert_eq!(split_group("/blog/posts/{id}"), ("/blog", "/posts/{id}"));
        assert_eq!(split_group("/blog/"), ("/blog", "/"));
        assert_eq!(split_group("/site/head"), ("/site", "/head"));
        assert_eq!(split_group("/"), ("/", ""));
        assert_eq!(split_group(""), ("", ""));
    }
}
