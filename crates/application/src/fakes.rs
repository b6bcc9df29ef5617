//! In-memory fakes of the ports, for use-case tests.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use atelier_domain::category::Category;
use atelier_domain::contact::{ContactMessage, unread_count};
use atelier_domain::contact_details::ContactDetails;
use atelier_domain::content::{ContentPage, PageType};
use atelier_domain::faq::{Faq, FaqCategory, FaqStats, FaqStatus};
use atelier_domain::ordering::Placement;
use atelier_domain::portfolio::{Project, ProjectSort, ProjectStatus};
use atelier_domain::post::Post;
use atelier_domain::project_request::{ProjectRequest, ProjectRequestStats};
use atelier_domain::service::Service;
use atelier_domain::settings::Settings;
use atelier_domain::slug::Slug;
use atelier_domain::tag::Tag;
use atelier_domain::team::TeamMember;
use atelier_domain::technology::{Technology, TechnologyCategory, TechnologyStatus};
use atelier_domain::testimonial::Testimonial;
use atelier_domain::user::{Email, Password, PasswordHash, User};
use chrono::{DateTime, Utc};

use atelier_domain::{EntityId, Page, PageRequest};

// The fakes implement every port.
#[allow(clippy::wildcard_imports)]
use crate::ports::*;

#[derive(Debug, Default)]
struct State {
    services: Vec<Service>,
    settings: Option<Settings>,
    users: Vec<User>,
    sessions: Vec<Session>,
    login_failures: Vec<(String, String, DateTime<Utc>)>,
    contacts: Vec<ContactMessage>,
    project_requests: Vec<ProjectRequest>,
    categories: Vec<Category>,
    tags: Vec<Tag>,
    posts: Vec<Post>,
    testimonials: Vec<Testimonial>,
    team: Vec<TeamMember>,
    faqs: Vec<Faq>,
    pages: Vec<ContentPage>,
    contact_details: Option<ContactDetails>,
    technologies: Vec<Technology>,
    projects: Vec<Project>,
}

/// A store that keeps everything in memory, shared between clones.
#[derive(Debug, Clone, Default)]
pub struct InMemoryStore(Arc<Mutex<State>>);

impl InMemoryStore {
    fn with<T>(&self, f: impl FnOnce(&mut State) -> T) -> T {
        f(&mut self.0.lock().expect("the fake store's lock is never poisoned"))
    }
}

fn page_of<T: Clone>(items: &[T], page: PageRequest) -> Vec<T> {
    let offset = usize::try_from(page.offset()).unwrap_or(usize::MAX);
    let limit = usize::try_from(page.limit()).unwrap_or(usize::MAX);
    items.iter().skip(offset).take(limit).cloned().collect()
}

impl ServiceRepository for InMemoryStore {
    async fn list_services(&self, filter: ServiceFilter, page: PageRequest) -> anyhow::Result<Vec<Service>> {
        self.with(|state| {
            let mut services: Vec<_> = state
                .services
                .iter()
                .filter(|service| filter.status.is_none_or(|status| service.status == status))
                .filter(|service| filter.featured.is_none_or(|featured| service.featured == featured))
                .cloned()
                .collect();
            services.sort_by(|a, b| a.order.cmp(&b.order).then(a.created_at.cmp(&b.created_at)).then(a.id.cmp(&b.id)));
            Ok(page_of(&services, page))
        })
    }

    async fn find_service(&self, id: EntityId) -> anyhow::Result<Option<Service>> {
        self.with(|state| Ok(state.services.iter().find(|service| service.id == id).cloned()))
    }

    async fn insert_service(&self, service: &Service) -> anyhow::Result<()> {
        self.with(|state| state.services.push(service.clone()));
        Ok(())
    }

    async fn update_service(&self, service: &Service) -> anyhow::Result<bool> {
        self.with(|state| match state.services.iter_mut().find(|stored| stored.id == service.id) {
            Some(stored) => {
                *stored = service.clone();
                Ok(true)
            }
            None => Ok(false),
        })
    }

    async fn delete_service(&self, id: EntityId) -> anyhow::Result<bool> {
        self.with(|state| {
            let before = state.services.len();
            state.services.retain(|service| service.id != id);
            Ok(state.services.len() < before)
        })
    }
}

impl SettingsRepository for InMemoryStore {
    async fn load_settings(&self) -> anyhow::Result<Option<Settings>> {
        self.with(|state| Ok(state.settings.clone()))
    }

    async fn save_settings(&self, settings: &Settings) -> anyhow::Result<()> {
        self.with(|state| state.settings = Some(settings.clone()));
        Ok(())
    }
}

/// Whether any of `fields` contains `term`, ignoring case.
fn matches(term: Option<&str>, fields: &[&str]) -> bool {
    term.is_none_or(|term| {
        let term = term.to_lowercase();
        fields.iter().any(|field| field.to_lowercase().contains(&term))
    })
}

/// Replaces the item with the same id; `false` when there is none.
fn replace<T: Clone>(items: &mut [T], item: &T, same: impl Fn(&T) -> bool) -> bool {
    match items.iter_mut().find(|stored| same(stored)) {
        Some(stored) => {
            *stored = item.clone();
            true
        }
        None => false,
    }
}

/// Removes the items matching `same`; `true` when one was removed.
fn remove<T>(items: &mut Vec<T>, same: impl Fn(&T) -> bool) -> bool {
    let before = items.len();
    items.retain(|item| !same(item));
    items.len() < before
}

impl ContactRepository for InMemoryStore {
    async fn list_contacts(&self, filter: &ContactFilter, page: PageRequest) -> anyhow::Result<Page<ContactMessage>> {
        self.with(|state| {
            let mut found: Vec<_> = state
                .contacts
                .iter()
                .filter(|message| filter.status.is_none_or(|status| message.status == status))
                .filter(|message| matches(filter.search.as_deref(), &[&message.name, &message.email, &message.subject]))
                .cloned()
                .collect();
            found.sort_by(|a, b| b.created_at.cmp(&a.created_at).then(b.id.cmp(&a.id)));
            Ok(Page::new(page_of(&found, page), found.len() as u64, page))
        })
    }

    async fn count_unread_contacts(&self) -> anyhow::Result<u64> {
        self.with(|state| Ok(unread_count(state.contacts.iter().map(|message| message.status))))
    }

    async fn find_contact(&self, id: EntityId) -> anyhow::Result<Option<ContactMessage>> {
        self.with(|state| Ok(state.contacts.iter().find(|message| message.id == id).cloned()))
    }

    async fn insert_contact(&self, message: &ContactMessage) -> anyhow::Result<()> {
        self.with(|state| state.contacts.push(message.clone()));
        Ok(())
    }

    async fn update_contact(&self, message: &ContactMessage) -> anyhow::Result<bool> {
        self.with(|state| Ok(replace(&mut state.contacts, message, |stored| stored.id == message.id)))
    }

    async fn delete_contact(&self, id: EntityId) -> anyhow::Result<bool> {
        self.with(|state| Ok(remove(&mut state.contacts, |message| message.id == id)))
    }
}

impl ProjectRequestRepository for InMemoryStore {
    async fn list_project_requests(
        &self,
        filter: &ProjectRequestFilter,
        page: PageRequest,
    ) -> anyhow::Result<Page<ProjectRequest>> {
        self.with(|state| {
            let mut found: Vec<_> = state
                .project_requests
                .iter()
                .filter(|request| filter.status.is_none_or(|status| request.status == status))
                .filter(|request| filter.priority.is_none_or(|priority| request.priority == priority))
                .filter(|request| {
                    matches(
                        filter.search.as_deref(),
                        &[&request.client_name, &request.company_name, &request.email, &request.description],
                    )
                })
                .cloned()
                .collect();
            found.sort_by(|a, b| b.created_at.cmp(&a.created_at).then(b.id.cmp(&a.id)));
            Ok(Page::new(page_of(&found, page), found.len() as u64, page))
        })
    }

    async fn project_request_stats(&self) -> anyhow::Result<ProjectRequestStats> {
        self.with(|state| {
            let statuses: Vec<_> = state.project_requests.iter().map(|request| (request.status, 1)).collect();
            let priorities: Vec<_> = state.project_requests.iter().map(|request| (request.priority, 1)).collect();
            Ok(ProjectRequestStats::from_counts(&statuses, &priorities))
        })
    }

    async fn find_project_request(&self, id: EntityId) -> anyhow::Result<Option<ProjectRequest>> {
        self.with(|state| Ok(state.project_requests.iter().find(|request| request.id == id).cloned()))
    }

    async fn insert_project_request(&self, request: &ProjectRequest) -> anyhow::Result<()> {
        self.with(|state| state.project_requests.push(request.clone()));
        Ok(())
    }

    async fn update_project_request(&self, request: &ProjectRequest) -> anyhow::Result<bool> {
        self.with(|state| Ok(replace(&mut state.project_requests, request, |stored| stored.id == request.id)))
    }

    async fn delete_project_request(&self, id: EntityId) -> anyhow::Result<bool> {
        self.with(|state| Ok(remove(&mut state.project_requests, |request| request.id == id)))
    }
}

impl StoreStatus for InMemoryStore {
    async fn ping(&self) -> anyhow::Result<()> {
        Ok(())
    }

    async fn is_empty(&self) -> anyhow::Result<bool> {
        self.with(|state| {
            Ok(state.services.is_empty()
                && state.settings.is_none()
                && state.contacts.is_empty()
                && state.project_requests.is_empty()
                && state.categories.is_empty()
                && state.tags.is_empty()
                && state.posts.is_empty()
                && state.testimonials.is_empty()
                && state.team.is_empty()
                && state.faqs.is_empty()
                && state.pages.is_empty()
                && state.contact_details.is_none()
                && state.technologies.is_empty()
                && state.projects.is_empty())
        })
    }
}

impl UserRepository for InMemoryStore {
    async fn count_users(&self) -> anyhow::Result<u64> {
        self.with(|state| Ok(state.users.len() as u64))
    }

    async fn find_user(&self, id: EntityId) -> anyhow::Result<Option<User>> {
        self.with(|state| Ok(state.users.iter().find(|user| user.id == id).cloned()))
    }

    async fn find_user_by_email(&self, email: &Email) -> anyhow::Result<Option<User>> {
        self.with(|state| Ok(state.users.iter().find(|user| &user.email == email).cloned()))
    }

    async fn insert_user(&self, user: &User) -> anyhow::Result<SaveOutcome> {
        self.with(|state| {
            if state.users.iter().any(|other| other.email == user.email) {
                return Ok(SaveOutcome::Conflict);
            }
            state.users.push(user.clone());
            Ok(SaveOutcome::Saved)
        })
    }

    async fn update_user(&self, user: &User) -> anyhow::Result<SaveOutcome> {
        self.with(|state| {
            if state.users.iter().any(|other| other.email == user.email && other.id != user.id) {
                return Ok(SaveOutcome::Conflict);
            }
            match state.users.iter_mut().find(|stored| stored.id == user.id) {
                Some(stored) => {
                    *stored = user.clone();
                    Ok(SaveOutcome::Saved)
                }
                None => Ok(SaveOutcome::NotFound),
            }
        })
    }
}

impl SessionRepository for InMemoryStore {
    async fn insert_session(&self, session: &Session) -> anyhow::Result<()> {
        self.with(|state| state.sessions.push(session.clone()));
        Ok(())
    }

    async fn find_session(&self, id: EntityId) -> anyhow::Result<Option<Session>> {
        self.with(|state| Ok(state.sessions.iter().find(|session| session.id == id).cloned()))
    }

    async fn revoke_session(&self, id: EntityId, at: DateTime<Utc>) -> anyhow::Result<()> {
        self.with(|state| {
            for session in state.sessions.iter_mut().filter(|session| session.id == id && session.revoked_at.is_none())
            {
                session.revoked_at = Some(at);
            }
        });
        Ok(())
    }

    async fn revoke_other_sessions(&self, user_id: EntityId, keep: EntityId, at: DateTime<Utc>) -> anyhow::Result<()> {
        self.with(|state| {
            for session in
                state.sessions.iter_mut().filter(|s| s.user_id == user_id && s.id != keep && s.revoked_at.is_none())
            {
                session.revoked_at = Some(at);
            }
        });
        Ok(())
    }
}

impl LoginAttemptRepository for InMemoryStore {
    async fn record_login_failure(&self, email: &str, address: &str, at: DateTime<Utc>) -> anyhow::Result<()> {
        self.with(|state| state.login_failures.push((email.to_owned(), address.to_owned(), at)));
        Ok(())
    }

    async fn login_failures_since(
        &self,
        email: &str,
        address: &str,
        since: DateTime<Utc>,
    ) -> anyhow::Result<RecentFailures> {
        self.with(|state| {
            let recent = state.login_failures.iter().filter(|(_, _, at)| *at >= since);
            let by_email = recent.clone().filter(|(e, _, _)| e == email).map(|(_, _, at)| *at).collect();
            let by_address = recent.filter(|(_, a, _)| a == address).map(|(_, _, at)| *at).collect();
            Ok(RecentFailures { by_email, by_address })
        })
    }

    async fn clear_login_failures(&self, email: &str) -> anyhow::Result<()> {
        self.with(|state| state.login_failures.retain(|(e, _, _)| e != email));
        Ok(())
    }
}

/// "Hashes" by prefixing: enough to test the use cases without argon2's cost.
#[derive(Debug, Clone, Default)]
pub struct FakeHasher;

impl PasswordHasher for FakeHasher {
    async fn hash(&self, password: &Password) -> anyhow::Result<PasswordHash> {
        Ok(PasswordHash::new(format!("hashed:{}", password.expose())))
    }

    async fn verify(&self, password: &str, hash: Option<&PasswordHash>) -> anyhow::Result<bool> {
        Ok(hash.is_some_and(|hash| hash.as_str() == format!("hashed:{password}")))
    }
}

/// Tokens that are the claims in plain text: `session:user:expiry-seconds`.
#[derive(Debug, Clone, Default)]
pub struct FakeTokens;

impl TokenIssuer for FakeTokens {
    fn issue(&self, claims: &TokenClaims) -> anyhow::Result<String> {
        Ok(format!("{}:{}:{}", claims.session_id, claims.user_id, claims.expires_at.timestamp()))
    }

    fn decode(&self, token: &str) -> Result<TokenClaims, InvalidToken> {
        let mut parts = token.split(':');
        let session_id = parts.next().and_then(|p| EntityId::parse(p).ok()).ok_or(InvalidToken)?;
        let user_id = parts.next().and_then(|p| EntityId::parse(p).ok()).ok_or(InvalidToken)?;
        let expires_at = parts
            .next()
            .and_then(|p| p.parse().ok())
            .and_then(|s| DateTime::from_timestamp(s, 0))
            .ok_or(InvalidToken)?;
        if expires_at <= Utc::now() {
            return Err(InvalidToken);
        }
        Ok(TokenClaims { session_id, user_id, issued_at: Utc::now(), expires_at })
    }
}

/// Replaces the stored record with `record`'s id, unless another record has its slug.
fn replace_keeping_slugs_unique<T: Clone>(
    records: &mut [T],
    record: &T,
    same: impl Fn(&T, &T) -> bool,
    clashes: impl Fn(&T, &T) -> bool,
) -> Result<bool, SaveError> {
    if records.iter().any(|stored| !same(stored, record) && clashes(stored, record)) {
        return Err(SaveError::DuplicateSlug);
    }
    match records.iter_mut().find(|stored| same(stored, record)) {
        Some(stored) => {
            *stored = record.clone();
            Ok(true)
        }
        None => Ok(false),
    }
}

impl CategoryRepository for InMemoryStore {
    async fn list_categories(&self, filter: CategoryFilter) -> anyhow::Result<Vec<Category>> {
        self.with(|state| {
            let mut categories: Vec<_> = state
                .categories
                .iter()
                .filter(|category| filter.status.is_none_or(|status| category.status == status))
                .cloned()
                .collect();
            categories.sort_by(|a, b| a.order.cmp(&b.order).then_with(|| a.name.cmp(&b.name)));
            Ok(categories)
        })
    }

    async fn find_category(&self, id: EntityId) -> anyhow::Result<Option<Category>> {
        self.with(|state| Ok(state.categories.iter().find(|category| category.id == id).cloned()))
    }

    async fn find_categories(&self, ids: &[EntityId]) -> anyhow::Result<Vec<Category>> {
        self.with(|state| Ok(state.categories.iter().filter(|category| ids.contains(&category.id)).cloned().collect()))
    }

    async fn find_categories_by_slugs(&self, slugs: &[Slug]) -> anyhow::Result<Vec<Category>> {
        self.with(|state| {
            Ok(state.categories.iter().filter(|category| slugs.contains(&category.slug)).cloned().collect())
        })
    }

    async fn insert_category(&self, category: &Category) -> Result<(), SaveError> {
        self.with(|state| {
            if state.categories.iter().any(|stored| stored.slug == category.slug) {
                return Err(SaveError::DuplicateSlug);
            }
            state.categories.push(category.clone());
            Ok(())
        })
    }

    async fn update_category(&self, category: &Category) -> Result<bool, SaveError> {
        self.with(|state| {
            replace_keeping_slugs_unique(&mut state.categories, category, |a, b| a.id == b.id, |a, b| a.slug == b.slug)
        })
    }

    async fn delete_category(&self, id: EntityId) -> Result<bool, RemoveError> {
        self.with(|state| {
            if state.posts.iter().any(|post| post.category == Some(id)) {
                return Err(RemoveError::InUse);
            }
            let before = state.categories.len();
            state.categories.retain(|category| category.id != id);
            Ok(state.categories.len() < before)
        })
    }
}

impl TagRepository for InMemoryStore {
    async fn list_tags(&self, filter: TagFilter) -> anyhow::Result<Vec<Tag>> {
        self.with(|state| {
            let mut tags: Vec<_> = state
                .tags
                .iter()
                .filter(|tag| filter.types.as_ref().is_none_or(|types| types.contains(&tag.tag_type)))
                .cloned()
                .collect();
            tags.sort_by(|a, b| a.name.cmp(&b.name).then(a.id.cmp(&b.id)));
            Ok(tags)
        })
    }

    async fn find_tag(&self, id: EntityId) -> anyhow::Result<Option<Tag>> {
        self.with(|state| Ok(state.tags.iter().find(|tag| tag.id == id).cloned()))
    }

    async fn find_tags(&self, ids: &[EntityId]) -> anyhow::Result<Vec<Tag>> {
        self.with(|state| Ok(state.tags.iter().filter(|tag| ids.contains(&tag.id)).cloned().collect()))
    }

    async fn find_tag_by_slug(&self, slug: &Slug) -> anyhow::Result<Option<Tag>> {
        self.with(|state| Ok(state.tags.iter().find(|tag| &tag.slug == slug).cloned()))
    }

    async fn tag_usage_counts(&self, ids: &[EntityId]) -> anyhow::Result<HashMap<EntityId, u64>> {
        self.with(|state| {
            let mut counts = HashMap::new();
            let post_tags = state.posts.iter().flat_map(|post| post.tags.iter());
            let project_tags = state.projects.iter().flat_map(|project| project.tags.iter());
            for id in post_tags.chain(project_tags).filter(|id| ids.contains(id)) {
                *counts.entry(*id).or_insert(0) += 1;
            }
            Ok(counts)
        })
    }

    async fn insert_tag(&self, tag: &Tag) -> Result<(), SaveError> {
        self.with(|state| {
            if state.tags.iter().any(|stored| stored.slug == tag.slug) {
                return Err(SaveError::DuplicateSlug);
            }
            state.tags.push(tag.clone());
            Ok(())
        })
    }

    async fn update_tag(&self, tag: &Tag) -> Result<bool, SaveError> {
        self.with(|state| {
            replace_keeping_slugs_unique(&mut state.tags, tag, |a, b| a.id == b.id, |a, b| a.slug == b.slug)
        })
    }

    async fn delete_tag(&self, id: EntityId) -> Result<bool, RemoveError> {
        self.with(|state| {
            if state.posts.iter().any(|post| post.tags.contains(&id)) {
                return Err(RemoveError::InUse);
            }
            let before = state.tags.len();
            state.tags.retain(|tag| tag.id != id);
            Ok(state.tags.len() < before)
        })
    }
}

fn post_matches(post: &Post, filter: &PostFilter) -> bool {
    let search = filter.search.as_deref().map(str::to_lowercase);
    filter.status.is_none_or(|status| post.status == status)
        && filter.featured.is_none_or(|featured| post.featured == featured)
        && filter.categories.as_ref().is_none_or(|ids| post.category.is_some_and(|id| ids.contains(&id)))
        && search.is_none_or(|term| {
            [&post.title, &post.excerpt, &post.author_name].iter().any(|text| text.to_lowercase().contains(&term))
        })
}

impl PostRepository for InMemoryStore {
    async fn list_posts(&self, filter: &PostFilter, page: PageRequest) -> anyhow::Result<Page<Post>> {
        self.with(|state| {
            let mut posts: Vec<_> = state.posts.iter().filter(|post| post_matches(post, filter)).cloned().collect();
            posts.sort_by(|a, b| b.created_at.cmp(&a.created_at).then(b.id.cmp(&a.id)));
            Ok(Page::new(page_of(&posts, page), posts.len() as u64, page))
        })
    }

    async fn find_post(&self, id: EntityId) -> anyhow::Result<Option<Post>> {
        self.with(|state| Ok(state.posts.iter().find(|post| post.id == id).cloned()))
    }

    async fn find_post_by_slug(&self, slug: &Slug) -> anyhow::Result<Option<Post>> {
        self.with(|state| Ok(state.posts.iter().find(|post| &post.slug == slug).cloned()))
    }

    async fn count_posts_by_category(&self, ids: &[EntityId]) -> anyhow::Result<HashMap<EntityId, u64>> {
        self.with(|state| {
            let mut counts = HashMap::new();
            for id in state.posts.iter().filter_map(|post| post.category).filter(|id| ids.contains(id)) {
                *counts.entry(id).or_insert(0) += 1;
            }
            Ok(counts)
        })
    }

    async fn record_post_view(&self, slug: &Slug) -> anyhow::Result<Option<u64>> {
        self.with(|state| {
            Ok(state.posts.iter_mut().find(|post| &post.slug == slug && post.is_published()).map(|post| {
                post.views += 1;
                post.views
            }))
        })
    }

    async fn insert_post(&self, post: &Post) -> Result<(), SaveError> {
        self.with(|state| {
            if state.posts.iter().any(|stored| stored.slug == post.slug) {
                return Err(SaveError::DuplicateSlug);
            }
            state.posts.push(post.clone());
            Ok(())
        })
    }

    async fn update_post(&self, post: &Post) -> Result<bool, SaveError> {
        self.with(|state| {
            let views = state.posts.iter().find(|stored| stored.id == post.id).map(|stored| stored.views);
            let mut post = post.clone();
            post.views = views.unwrap_or(post.views);
            replace_keeping_slugs_unique(&mut state.posts, &post, |a, b| a.id == b.id, |a, b| a.slug == b.slug)
        })
    }

    async fn delete_post(&self, id: EntityId) -> anyhow::Result<bool> {
        self.with(|state| {
            let before = state.posts.len();
            state.posts.retain(|post| post.id != id);
            Ok(state.posts.len() < before)
        })
    }
}

fn matches_any(term: Option<&String>, texts: &[&str]) -> bool {
    term.is_none_or(|term| texts.iter().any(|text| text.to_lowercase().contains(&term.to_lowercase())))
}

fn paged<T: Clone>(items: &[T], page: PageRequest) -> Page<T> {
    Page::new(page_of(items, page), items.len() as u64, page)
}

fn apply_placements<T>(
    items: &mut [T],
    placements: &[Placement],
    id: impl Fn(&T) -> EntityId,
    order: impl Fn(&mut T) -> &mut u32,
) {
    for item in items {
        if let Some(placement) = placements.iter().find(|placement| placement.id == id(item)) {
            *order(item) = placement.order;
        }
    }
}

impl TestimonialRepository for InMemoryStore {
    async fn list_testimonials(
        &self,
        filter: TestimonialFilter,
        page: PageRequest,
    ) -> anyhow::Result<Page<Testimonial>> {
        self.with(|state| {
            let mut found: Vec<_> = state
                .testimonials
                .iter()
                .filter(|t| filter.status.is_none_or(|status| t.status == status))
                .filter(|t| filter.featured.is_none_or(|featured| t.featured == featured))
                .filter(|t| matches_any(filter.search.as_ref(), &[&t.name, &t.company, &t.content]))
                .cloned()
                .collect();
            found.sort_by(|a, b| b.created_at.cmp(&a.created_at).then(b.id.cmp(&a.id)));
            Ok(paged(&found, page))
        })
    }

    async fn find_testimonial(&self, id: EntityId) -> anyhow::Result<Option<Testimonial>> {
        self.with(|state| Ok(state.testimonials.iter().find(|t| t.id == id).cloned()))
    }

    async fn insert_testimonial(&self, testimonial: &Testimonial) -> anyhow::Result<()> {
        self.with(|state| state.testimonials.push(testimonial.clone()));
        Ok(())
    }

    async fn update_testimonial(&self, testimonial: &Testimonial) -> anyhow::Result<bool> {
        self.with(|state| match state.testimonials.iter_mut().find(|stored| stored.id == testimonial.id) {
            Some(stored) => {
                *stored = testimonial.clone();
                Ok(true)
            }
            None => Ok(false),
        })
    }

    async fn delete_testimonial(&self, id: EntityId) -> anyhow::Result<bool> {
        self.with(|state| {
            let before = state.testimonials.len();
            state.testimonials.retain(|t| t.id != id);
            Ok(state.testimonials.len() < before)
        })
    }
}

fn sorted_team(state: &State) -> Vec<TeamMember> {
    let mut team = state.team.clone();
    team.sort_by(|a, b| a.order.cmp(&b.order).then(a.created_at.cmp(&b.created_at)).then(a.id.cmp(&b.id)));
    team
}

impl TeamRepository for InMemoryStore {
    async fn list_team_members(&self, filter: TeamFilter, page: PageRequest) -> anyhow::Result<Page<TeamMember>> {
        self.with(|state| {
            let found: Vec<_> = sorted_team(state)
                .into_iter()
                .filter(|m| filter.status.is_none_or(|status| m.status == status))
                .filter(|m| filter.department.as_ref().is_none_or(|department| &m.department == department))
                .filter(|m| matches_any(filter.search.as_ref(), &[&m.name, &m.position, &m.email, &m.department]))
                .collect();
            Ok(paged(&found, page))
        })
    }

    async fn team_placements(&self) -> anyhow::Result<Vec<Placement>> {
        self.with(|state| Ok(sorted_team(state).iter().map(|m| Placement::new(m.id, m.order)).collect()))
    }

    async fn find_team_member(&self, id: EntityId) -> anyhow::Result<Option<TeamMember>> {
        self.with(|state| Ok(state.team.iter().find(|m| m.id == id).cloned()))
    }

    async fn insert_team_member(&self, member: &TeamMember, placements: &[Placement]) -> anyhow::Result<()> {
        self.with(|state| {
            apply_placements(&mut state.team, placements, |m| m.id, |m| &mut m.order);
            state.team.push(member.clone());
        });
        Ok(())
    }

    async fn update_team_member(&self, member: &TeamMember, placements: &[Placement]) -> anyhow::Result<bool> {
        self.with(|state| {
            let Some(stored) = state.team.iter_mut().find(|stored| stored.id == member.id) else { return Ok(false) };
            *stored = member.clone();
            apply_placements(&mut state.team, placements, |m| m.id, |m| &mut m.order);
            Ok(true)
        })
    }

    async fn delete_team_member(&self, id: EntityId, placements: &[Placement]) -> anyhow::Result<bool> {
        self.with(|state| {
            let before = state.team.len();
            state.team.retain(|m| m.id != id);
            if state.team.len() == before {
                return Ok(false);
            }
            apply_placements(&mut state.team, placements, |m| m.id, |m| &mut m.order);
            Ok(true)
        })
    }

    async fn reorder_team_members(&self, placements: &[Placement]) -> anyhow::Result<()> {
        self.with(|state| apply_placements(&mut state.team, placements, |m| m.id, |m| &mut m.order));
        Ok(())
    }
}

fn sorted_faqs(state: &State) -> Vec<Faq> {
    let mut faqs = state.faqs.clone();
    faqs.sort_by(|a, b| a.order.cmp(&b.order).then(a.created_at.cmp(&b.created_at)).then(a.id.cmp(&b.id)));
    faqs
}

impl FaqRepository for InMemoryStore {
    async fn list_faqs(&self, filter: FaqFilter, page: PageRequest) -> anyhow::Result<Page<Faq>> {
        self.with(|state| {
            let found: Vec<_> = sorted_faqs(state)
                .into_iter()
                .filter(|f| filter.status.is_none_or(|status| f.status == status))
                .filter(|f| filter.category.is_none_or(|category| f.category == category))
                .filter(|f| {
                    let tags = f.tags.join(" ");
                    matches_any(filter.search.as_ref(), &[&f.question, &f.answer, &tags])
                })
                .collect();
            Ok(paged(&found, page))
        })
    }

    async fn faq_placements(&self) -> anyhow::Result<Vec<Placement>> {
        self.with(|state| Ok(sorted_faqs(state).iter().map(|f| Placement::new(f.id, f.order)).collect()))
    }

    async fn find_faq(&self, id: EntityId) -> anyhow::Result<Option<Faq>> {
        self.with(|state| Ok(state.faqs.iter().find(|f| f.id == id).cloned()))
    }

    async fn insert_faq(&self, faq: &Faq) -> anyhow::Result<()> {
        self.with(|state| state.faqs.push(faq.clone()));
        Ok(())
    }

    async fn update_faq(&self, faq: &Faq) -> anyhow::Result<bool> {
        self.with(|state| match state.faqs.iter_mut().find(|stored| stored.id == faq.id) {
            Some(stored) => {
                *stored = faq.clone();
                Ok(true)
            }
            None => Ok(false),
        })
    }

    async fn delete_faq(&self, id: EntityId) -> anyhow::Result<bool> {
        self.with(|state| {
            let before = state.faqs.len();
            state.faqs.retain(|f| f.id != id);
            Ok(state.faqs.len() < before)
        })
    }

    async fn reorder_faqs(&self, placements: &[Placement]) -> anyhow::Result<()> {
        self.with(|state| apply_placements(&mut state.faqs, placements, |f| f.id, |f| &mut f.order));
        Ok(())
    }

    async fn faq_stats(&self) -> anyhow::Result<FaqStats> {
        self.with(|state| {
            let count = |status| state.faqs.iter().filter(|f| f.status == status).count() as u64;
            Ok(FaqStats {
                total: state.faqs.len() as u64,
                active: count(FaqStatus::Active),
                inactive: count(FaqStatus::Inactive),
                draft: count(FaqStatus::Draft),
                by_category: FaqCategory::ALL
                    .into_iter()
                    .map(|category| (category, state.faqs.iter().filter(|f| f.category == category).count() as u64))
                    .collect(),
            })
        })
    }
}

impl ContentRepository for InMemoryStore {
    async fn list_content_pages(&self) -> anyhow::Result<Vec<ContentPage>> {
        self.with(|state| {
            let mut pages = state.pages.clone();
            pages.sort_by(|a, b| a.page_type.cmp(&b.page_type));
            Ok(pages)
        })
    }

    async fn find_content_page(&self, page_type: &PageType) -> anyhow::Result<Option<ContentPage>> {
        self.with(|state| Ok(state.pages.iter().find(|page| &page.page_type == page_type).cloned()))
    }

    async fn insert_content_page(&self, page: &ContentPage) -> anyhow::Result<Result<(), DuplicatePageType>> {
        self.with(|state| {
            if state.pages.iter().any(|stored| stored.page_type == page.page_type) {
                return Ok(Err(DuplicatePageType));
            }
            state.pages.push(page.clone());
            Ok(Ok(()))
        })
    }

    async fn update_content_page(&self, page: &ContentPage) -> anyhow::Result<bool> {
        self.with(|state| match state.pages.iter_mut().find(|stored| stored.page_type == page.page_type) {
            Some(stored) => {
                *stored = page.clone();
                Ok(true)
            }
            None => Ok(false),
        })
    }

    async fn delete_content_page(&self, page_type: &PageType) -> anyhow::Result<bool> {
        self.with(|state| {
            let before = state.pages.len();
            state.pages.retain(|page| &page.page_type != page_type);
            Ok(state.pages.len() < before)
        })
    }
}

impl ContactDetailsRepository for InMemoryStore {
    async fn load_contact_details(&self) -> anyhow::Result<Option<ContactDetails>> {
        self.with(|state| Ok(state.contact_details.clone()))
    }

    async fn save_contact_details(&self, details: &ContactDetails) -> anyhow::Result<()> {
        self.with(|state| state.contact_details = Some(details.clone()));
        Ok(())
    }
}

fn contains_ignoring_case(text: &str, term: &str) -> bool {
    text.to_lowercase().contains(&term.to_lowercase())
}

impl State {
    fn usage(&self, id: EntityId, status: Option<ProjectStatus>) -> u64 {
        self.projects
            .iter()
            .filter(|project| status.is_none_or(|status| project.status == status))
            .filter(|project| project.technologies.contains(&id))
            .count() as u64
    }

    fn name_taken(&self, technology: &Technology) -> bool {
        self.technologies.iter().any(|other| other.id != technology.id && other.name_key() == technology.name_key())
    }

    fn check_project(&self, project: &Project) -> Result<(), ProjectSaveError> {
        if self.projects.iter().any(|other| other.id != project.id && other.slug == project.slug) {
            return Err(ProjectSaveError::DuplicateSlug);
        }
        let known = |id: &EntityId| self.technologies.iter().any(|technology| technology.id == *id);
        if project.technologies.iter().all(known) { Ok(()) } else { Err(ProjectSaveError::UnknownTechnology) }
    }
}

impl TechnologyRepository for InMemoryStore {
    async fn list_technologies(&self, filter: TechnologyFilter, page: PageRequest) -> anyhow::Result<Vec<Technology>> {
        self.with(|state| {
            let mut technologies: Vec<_> = state
                .technologies
                .iter()
                .filter(|technology| filter.status.is_none_or(|status| technology.status == status))
                .filter(|technology| filter.category.is_none_or(|category| technology.category == category))
                .filter(|technology| filter.featured.is_none_or(|featured| technology.featured == featured))
                .filter(|technology| {
                    filter.search.as_deref().is_none_or(|term| {
                        contains_ignoring_case(&technology.name, term)
                            || contains_ignoring_case(&technology.description, term)
                    })
                })
                .cloned()
                .collect();
            technologies.sort_by(|a, b| {
                a.order.cmp(&b.order).then(a.name.to_lowercase().cmp(&b.name.to_lowercase())).then(a.id.cmp(&b.id))
            });
            Ok(page_of(&technologies, page))
        })
    }

    async fn count_technologies_by_category(
        &self,
        status: Option<TechnologyStatus>,
    ) -> anyhow::Result<HashMap<TechnologyCategory, u64>> {
        self.with(|state| {
            let mut counts = HashMap::new();
            for technology in state.technologies.iter().filter(|t| status.is_none_or(|status| t.status == status)) {
                *counts.entry(technology.category).or_default() += 1;
            }
            Ok(counts)
        })
    }

    async fn find_technology(&self, id: EntityId) -> anyhow::Result<Option<Technology>> {
        self.with(|state| Ok(state.technologies.iter().find(|technology| technology.id == id).cloned()))
    }

    async fn existing_technologies(&self, ids: &[EntityId]) -> anyhow::Result<Vec<EntityId>> {
        self.with(|state| {
            Ok(state.technologies.iter().map(|technology| technology.id).filter(|id| ids.contains(id)).collect())
        })
    }

    async fn technology_usage(
        &self,
        ids: &[EntityId],
        status: Option<ProjectStatus>,
    ) -> anyhow::Result<HashMap<EntityId, u64>> {
        self.with(|state| {
            Ok(ids.iter().map(|id| (*id, state.usage(*id, status))).filter(|(_, count)| *count > 0).collect())
        })
    }

    async fn insert_technology(&self, technology: &Technology) -> Result<(), TechnologySaveError> {
        self.with(|state| {
            if state.name_taken(technology) {
                return Err(TechnologySaveError::DuplicateName);
            }
            state.technologies.push(technology.clone());
            Ok(())
        })
    }

    async fn update_technology(&self, technology: &Technology) -> Result<bool, TechnologySaveError> {
        self.with(|state| {
            if state.name_taken(technology) {
                return Err(TechnologySaveError::DuplicateName);
            }
            match state.technologies.iter_mut().find(|stored| stored.id == technology.id) {
                Some(stored) => {
                    *stored = technology.clone();
                    Ok(true)
                }
                None => Ok(false),
            }
        })
    }

    async fn delete_technology(&self, id: EntityId) -> anyhow::Result<TechnologyDeletion> {
        self.with(|state| {
            if state.usage(id, None) > 0 {
                return Ok(TechnologyDeletion::InUse);
            }
            let before = state.technologies.len();
            state.technologies.retain(|technology| technology.id != id);
            Ok(if state.technologies.len() < before {
                TechnologyDeletion::Deleted
            } else {
                TechnologyDeletion::NotFound
            })
        })
    }
}

impl ProjectRepository for InMemoryStore {
    async fn list_projects(
        &self,
        filter: ProjectFilter,
        sort: ProjectSort,
        page: PageRequest,
    ) -> anyhow::Result<Page<Project>> {
        self.with(|state| {
            let mut projects: Vec<_> = state
                .projects
                .iter()
                .filter(|project| filter.status.is_none_or(|status| project.status == status))
                .filter(|project| filter.featured.is_none_or(|featured| project.featured == featured))
                .filter(|project| {
                    filter
                        .category
                        .as_deref()
                        .is_none_or(|category| project.category.to_lowercase() == category.to_lowercase())
                })
                .filter(|project| {
                    filter.search.as_deref().is_none_or(|term| {
                        [&project.title, &project.client, &project.short_description, &project.description]
                            .into_iter()
                            .any(|text| contains_ignoring_case(text, term))
                    })
                })
                .cloned()
                .collect();
            projects.sort_by(|a, b| sort.compare(a, b));
            Ok(Page::new(page_of(&projects, page), projects.len() as u64, page))
        })
    }

    async fn find_project(&self, id: EntityId) -> anyhow::Result<Option<Project>> {
        self.with(|state| Ok(state.projects.iter().find(|project| project.id == id).cloned()))
    }

    async fn find_project_by_slug(&self, slug: &Slug) -> anyhow::Result<Option<Project>> {
        self.with(|state| Ok(state.projects.iter().find(|project| project.slug == *slug).cloned()))
    }

    async fn project_slug_taken(&self, slug: &Slug, except: Option<EntityId>) -> anyhow::Result<bool> {
        self.with(|state| Ok(state.projects.iter().any(|project| project.slug == *slug && Some(project.id) != except)))
    }

    async fn insert_project(&self, project: &Project) -> Result<(), ProjectSaveError> {
        self.with(|state| {
            state.check_project(project)?;
            state.projects.push(project.clone());
            Ok(())
        })
    }

    async fn update_project(&self, project: &Project) -> Result<bool, ProjectSaveError> {
        self.with(|state| {
            state.check_project(project)?;
            match state.projects.iter_mut().find(|stored| stored.id == project.id) {
                Some(stored) => {
                    *stored = project.clone();
                    Ok(true)
                }
                None => Ok(false),
            }
        })
    }

    async fn delete_project(&self, id: EntityId) -> anyhow::Result<bool> {
        self.with(|state| {
            let before = state.projects.len();
            state.projects.retain(|project| project.id != id);
            Ok(state.projects.len() < before)
        })
    }
}
