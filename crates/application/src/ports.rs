//! The ports: what the use cases need from the outside world. Adapters implement them; the SeaORM
//! adapter implements all of them on one store type.

use std::collections::HashMap;
use std::future::Future;

use atelier_domain::category::{Category, CategoryStatus};
use atelier_domain::contact::{ContactMessage, ContactStatus};
use atelier_domain::contact_details::ContactDetails;
use atelier_domain::content::{ContentPage, PageType};
use atelier_domain::faq::{Faq, FaqCategory, FaqStats, FaqStatus};
use atelier_domain::ordering::Placement;
use atelier_domain::portfolio::{Project, ProjectSort, ProjectStatus};
use atelier_domain::post::{Post, PostStatus};
use atelier_domain::project_request::{ProjectPriority, ProjectRequest, ProjectRequestStats, ProjectRequestStatus};
use atelier_domain::service::{Service, ServiceStatus};
use atelier_domain::settings::Settings;
use atelier_domain::slug::Slug;
use atelier_domain::tag::{Tag, TagType};
use atelier_domain::team::{TeamMember, TeamMemberStatus};
use atelier_domain::technology::{Technology, TechnologyCategory, TechnologyStatus};
use atelier_domain::testimonial::{Testimonial, TestimonialStatus};
use atelier_domain::user::{Email, Password, PasswordHash, User};
use atelier_domain::{EntityId, Page, PageRequest};
use chrono::{DateTime, Utc};

/// Which services a list call wants.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ServiceFilter {
    pub status: Option<ServiceStatus>,
    pub featured: Option<bool>,
}

/// Stored services.
pub trait ServiceRepository: Send + Sync + 'static {
    /// Services matching `filter`, ascending by display order then creation time, one page of them.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn list_services(
        &self,
        filter: ServiceFilter,
        page: PageRequest,
    ) -> impl Future<Output = anyhow::Result<Vec<Service>>> + Send;

    /// The service with this id, if any.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_service(&self, id: EntityId) -> impl Future<Output = anyhow::Result<Option<Service>>> + Send;

    /// Stores a new service.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn insert_service(&self, service: &Service) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// Replaces a stored service; `false` when no service has its id.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn update_service(&self, service: &Service) -> impl Future<Output = anyhow::Result<bool>> + Send;

    /// Deletes a service; `false` when none had this id.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn delete_service(&self, id: EntityId) -> impl Future<Output = anyhow::Result<bool>> + Send;
}

/// The one settings record.
pub trait SettingsRepository: Send + Sync + 'static {
    /// The stored settings, or `None` before anything was saved.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn load_settings(&self) -> impl Future<Output = anyhow::Result<Option<Settings>>> + Send;

    /// Stores the settings, replacing any stored before.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn save_settings(&self, settings: &Settings) -> impl Future<Output = anyhow::Result<()>> + Send;
}

/// Which contact messages a list call wants.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ContactFilter {
    pub status: Option<ContactStatus>,
    /// Matched case-insensitively anywhere in the name, email or subject.
    pub search: Option<String>,
}

/// Stored contact messages.
pub trait ContactRepository: Send + Sync + 'static {
    /// Messages matching `filter`, newest first, one page of them with the total that matched.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn list_contacts(
        &self,
        filter: &ContactFilter,
        page: PageRequest,
    ) -> impl Future<Output = anyhow::Result<Page<ContactMessage>>> + Send;

    /// How many stored messages have status `new`, across the whole inbox.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn count_unread_contacts(&self) -> impl Future<Output = anyhow::Result<u64>> + Send;

    /// The message with this id, if any.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_contact(&self, id: EntityId) -> impl Future<Output = anyhow::Result<Option<ContactMessage>>> + Send;

    /// Stores a new message.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn insert_contact(&self, message: &ContactMessage) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// Replaces a stored message; `false` when no message has its id.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn update_contact(&self, message: &ContactMessage) -> impl Future<Output = anyhow::Result<bool>> + Send;

    /// Deletes a message; `false` when none had this id.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn delete_contact(&self, id: EntityId) -> impl Future<Output = anyhow::Result<bool>> + Send;
}

/// Which project requests a list call wants.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProjectRequestFilter {
    pub status: Option<ProjectRequestStatus>,
    pub priority: Option<ProjectPriority>,
    /// Matched case-insensitively anywhere in the client name, company name, email or description.
    pub search: Option<String>,
}

/// Stored project requests.
pub trait ProjectRequestRepository: Send + Sync + 'static {
    /// Requests matching `filter`, newest first, one page of them with the total that matched.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn list_project_requests(
        &self,
        filter: &ProjectRequestFilter,
        page: PageRequest,
    ) -> impl Future<Output = anyhow::Result<Page<ProjectRequest>>> + Send;

    /// How many requests there are per status and per priority (grouped counts, zeros included).
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn project_request_stats(&self) -> impl Future<Output = anyhow::Result<ProjectRequestStats>> + Send;

    /// The request with this id, if any.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_project_request(&self, id: EntityId)
    -> impl Future<Output = anyhow::Result<Option<ProjectRequest>>> + Send;

    /// Stores a new request.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn insert_project_request(&self, request: &ProjectRequest) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// Replaces a stored request; `false` when no request has its id.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn update_project_request(&self, request: &ProjectRequest) -> impl Future<Output = anyhow::Result<bool>> + Send;

    /// Deletes a request; `false` when none had this id.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn delete_project_request(&self, id: EntityId) -> impl Future<Output = anyhow::Result<bool>> + Send;
}

/// Why a record could not be saved.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// Another record of the same kind already has this slug.
    #[error("slug already in use")]
    DuplicateSlug,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// Why a record could not be deleted.
#[derive(Debug, thiserror::Error)]
pub enum RemoveError {
    /// Other records still refer to it.
    #[error("still in use")]
    InUse,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// Which categories a list call wants.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CategoryFilter {
    pub status: Option<CategoryStatus>,
}

/// Stored blog categories.
pub trait CategoryRepository: Send + Sync + 'static {
    /// Categories matching `filter`, ascending by display order, then name.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn list_categories(&self, filter: CategoryFilter) -> impl Future<Output = anyhow::Result<Vec<Category>>> + Send;

    /// The category with this id, if any.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_category(&self, id: EntityId) -> impl Future<Output = anyhow::Result<Option<Category>>> + Send;

    /// The categories with these ids (unknown ids are skipped), in one query.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_categories(&self, ids: &[EntityId]) -> impl Future<Output = anyhow::Result<Vec<Category>>> + Send;

    /// The categories with these slugs (unknown slugs are skipped), in one query.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_categories_by_slugs(&self, slugs: &[Slug]) -> impl Future<Output = anyhow::Result<Vec<Category>>> + Send;

    /// Stores a new category.
    ///
    /// # Errors
    /// [`SaveError::DuplicateSlug`] when another category has its slug.
    fn insert_category(&self, category: &Category) -> impl Future<Output = Result<(), SaveError>> + Send;

    /// Replaces a stored category; `false` when no category has its id.
    ///
    /// # Errors
    /// [`SaveError::DuplicateSlug`] when another category has its slug.
    fn update_category(&self, category: &Category) -> impl Future<Output = Result<bool, SaveError>> + Send;

    /// Deletes a category; `false` when none had this id.
    ///
    /// # Errors
    /// [`RemoveError::InUse`] when posts still refer to it.
    fn delete_category(&self, id: EntityId) -> impl Future<Output = Result<bool, RemoveError>> + Send;
}

/// Which tags a list call wants.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TagFilter {
    /// Only tags of one of these types; `None` for every type.
    pub types: Option<Vec<TagType>>,
}

/// Stored tags.
pub trait TagRepository: Send + Sync + 'static {
    /// Tags matching `filter`, ascending by name.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn list_tags(&self, filter: TagFilter) -> impl Future<Output = anyhow::Result<Vec<Tag>>> + Send;

    /// The tag with this id, if any.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_tag(&self, id: EntityId) -> impl Future<Output = anyhow::Result<Option<Tag>>> + Send;

    /// The tags with these ids (unknown ids are skipped), in one query.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_tags(&self, ids: &[EntityId]) -> impl Future<Output = anyhow::Result<Vec<Tag>>> + Send;

    /// The tag with this slug, if any.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_tag_by_slug(&self, slug: &Slug) -> impl Future<Output = anyhow::Result<Option<Tag>>> + Send;

    /// How many records use each of these tags, in one query; tags nobody uses are absent.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn tag_usage_counts(&self, ids: &[EntityId])
    -> impl Future<Output = anyhow::Result<HashMap<EntityId, u64>>> + Send;

    /// Stores a new tag.
    ///
    /// # Errors
    /// [`SaveError::DuplicateSlug`] when another tag has its slug.
    fn insert_tag(&self, tag: &Tag) -> impl Future<Output = Result<(), SaveError>> + Send;

    /// Replaces a stored tag; `false` when no tag has its id.
    ///
    /// # Errors
    /// [`SaveError::DuplicateSlug`] when another tag has its slug.
    fn update_tag(&self, tag: &Tag) -> impl Future<Output = Result<bool, SaveError>> + Send;

    /// Deletes a tag; `false` when none had this id.
    ///
    /// # Errors
    /// [`RemoveError::InUse`] when records still refer to it.
    fn delete_tag(&self, id: EntityId) -> impl Future<Output = Result<bool, RemoveError>> + Send;
}

/// Which posts a list call wants.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PostFilter {
    pub status: Option<PostStatus>,
    pub featured: Option<bool>,
    /// Only posts in one of these categories; `None` for any category.
    pub categories: Option<Vec<EntityId>>,
    /// Matches title, excerpt or author name, ignoring case.
    pub search: Option<String>,
}

/// Stored blog posts.
pub trait PostRepository: Send + Sync + 'static {
    /// Posts matching `filter`, newest first, one page of them with the total.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn list_posts(
        &self,
        filter: &PostFilter,
        page: PageRequest,
    ) -> impl Future<Output = anyhow::Result<Page<Post>>> + Send;

    /// The post with this id, if any.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_post(&self, id: EntityId) -> impl Future<Output = anyhow::Result<Option<Post>>> + Send;

    /// The post with this slug, if any.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_post_by_slug(&self, slug: &Slug) -> impl Future<Output = anyhow::Result<Option<Post>>> + Send;

    /// How many posts are filed under each of these categories, in one query; categories without
    /// posts are absent.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn count_posts_by_category(
        &self,
        ids: &[EntityId],
    ) -> impl Future<Output = anyhow::Result<HashMap<EntityId, u64>>> + Send;

    /// Adds one view to the published post with this slug, atomically; its new view count, or `None`
    /// when no published post has this slug.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn record_post_view(&self, slug: &Slug) -> impl Future<Output = anyhow::Result<Option<u64>>> + Send;

    /// Stores a new post.
    ///
    /// # Errors
    /// [`SaveError::DuplicateSlug`] when another post has its slug.
    fn insert_post(&self, post: &Post) -> impl Future<Output = Result<(), SaveError>> + Send;

    /// Replaces a stored post (its view count excepted); `false` when no post has its id.
    ///
    /// # Errors
    /// [`SaveError::DuplicateSlug`] when another post has its slug.
    fn update_post(&self, post: &Post) -> impl Future<Output = Result<bool, SaveError>> + Send;

    /// Deletes a post; `false` when none had this id.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn delete_post(&self, id: EntityId) -> impl Future<Output = anyhow::Result<bool>> + Send;
}

/// Which testimonials a list call wants.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TestimonialFilter {
    pub status: Option<TestimonialStatus>,
    pub featured: Option<bool>,
    /// Case-insensitive search over name, company and content.
    pub search: Option<String>,
}

/// Stored testimonials.
pub trait TestimonialRepository: Send + Sync + 'static {
    /// Testimonials matching `filter`, newest first, one page of them with the total.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn list_testimonials(
        &self,
        filter: TestimonialFilter,
        page: PageRequest,
    ) -> impl Future<Output = anyhow::Result<Page<Testimonial>>> + Send;

    /// The testimonial with this id, if any.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_testimonial(&self, id: EntityId) -> impl Future<Output = anyhow::Result<Option<Testimonial>>> + Send;

    /// Stores a new testimonial.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn insert_testimonial(&self, testimonial: &Testimonial) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// Replaces a stored testimonial; `false` when none has its id.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn update_testimonial(&self, testimonial: &Testimonial) -> impl Future<Output = anyhow::Result<bool>> + Send;

    /// Deletes a testimonial; `false` when none had this id.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn delete_testimonial(&self, id: EntityId) -> impl Future<Output = anyhow::Result<bool>> + Send;
}

/// Which team members a list call wants.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TeamFilter {
    pub status: Option<TeamMemberStatus>,
    /// Exact department name.
    pub department: Option<String>,
    /// Case-insensitive search over name, position, email and department.
    pub search: Option<String>,
}

/// Stored team members. Every write that changes display orders takes the placements to write and
/// applies them with the record in one transaction, so orders stay 1..n.
pub trait TeamRepository: Send + Sync + 'static {
    /// Members matching `filter`, ascending by display order, one page of them with the total.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn list_team_members(
        &self,
        filter: TeamFilter,
        page: PageRequest,
    ) -> impl Future<Output = anyhow::Result<Page<TeamMember>>> + Send;

    /// Every member's placement, ascending by display order (ties by creation time).
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn team_placements(&self) -> impl Future<Output = anyhow::Result<Vec<Placement>>> + Send;

    /// The member with this id, if any.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_team_member(&self, id: EntityId) -> impl Future<Output = anyhow::Result<Option<TeamMember>>> + Send;

    /// Stores a new member and writes `placements` (other members shifted), in one transaction.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn insert_team_member(
        &self,
        member: &TeamMember,
        placements: &[Placement],
    ) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// Replaces a stored member and writes `placements`, in one transaction; `false` (and nothing
    /// written) when no member has its id.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn update_team_member(
        &self,
        member: &TeamMember,
        placements: &[Placement],
    ) -> impl Future<Output = anyhow::Result<bool>> + Send;

    /// Deletes a member and writes `placements` (the gap closed), in one transaction; `false` (and
    /// nothing written) when none had this id.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn delete_team_member(
        &self,
        id: EntityId,
        placements: &[Placement],
    ) -> impl Future<Output = anyhow::Result<bool>> + Send;

    /// Writes the display orders of the affected members, in one transaction.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn reorder_team_members(&self, placements: &[Placement]) -> impl Future<Output = anyhow::Result<()>> + Send;
}

/// Which FAQs a list call wants.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FaqFilter {
    pub status: Option<FaqStatus>,
    pub category: Option<FaqCategory>,
    /// Case-insensitive search over question, answer and tags.
    pub search: Option<String>,
}

/// Stored FAQs.
pub trait FaqRepository: Send + Sync + 'static {
    /// FAQs matching `filter`, by order then creation time, one page of them with the total.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn list_faqs(&self, filter: FaqFilter, page: PageRequest)
    -> impl Future<Output = anyhow::Result<Page<Faq>>> + Send;

    /// Every FAQ's placement, by order then creation time.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn faq_placements(&self) -> impl Future<Output = anyhow::Result<Vec<Placement>>> + Send;

    /// The FAQ with this id, if any.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_faq(&self, id: EntityId) -> impl Future<Output = anyhow::Result<Option<Faq>>> + Send;

    /// Stores a new FAQ.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn insert_faq(&self, faq: &Faq) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// Replaces a stored FAQ; `false` when none has its id.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn update_faq(&self, faq: &Faq) -> impl Future<Output = anyhow::Result<bool>> + Send;

    /// Deletes an FAQ; `false` when none had this id.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn delete_faq(&self, id: EntityId) -> impl Future<Output = anyhow::Result<bool>> + Send;

    /// Writes the order values of the affected FAQs, in one transaction.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn reorder_faqs(&self, placements: &[Placement]) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// Counts by status and category.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn faq_stats(&self) -> impl Future<Output = anyhow::Result<FaqStats>> + Send;
}

/// A page type is already taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("a page of this type exists")]
pub struct DuplicatePageType;

/// Stored content pages, one per type.
pub trait ContentRepository: Send + Sync + 'static {
    /// Every page, ascending by type.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn list_content_pages(&self) -> impl Future<Output = anyhow::Result<Vec<ContentPage>>> + Send;

    /// The page of this type, if any.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_content_page(
        &self,
        page_type: &PageType,
    ) -> impl Future<Output = anyhow::Result<Option<ContentPage>>> + Send;

    /// Stores a new page; `Ok(Err(DuplicatePageType))` when its type is taken.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn insert_content_page(
        &self,
        page: &ContentPage,
    ) -> impl Future<Output = anyhow::Result<Result<(), DuplicatePageType>>> + Send;

    /// Replaces the stored page of the same type; `false` when none exists.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn update_content_page(&self, page: &ContentPage) -> impl Future<Output = anyhow::Result<bool>> + Send;

    /// Deletes the page of this type; `false` when none existed.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn delete_content_page(&self, page_type: &PageType) -> impl Future<Output = anyhow::Result<bool>> + Send;
}

/// The one contact details record.
pub trait ContactDetailsRepository: Send + Sync + 'static {
    /// The stored record, or `None` before anything was saved.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn load_contact_details(&self) -> impl Future<Output = anyhow::Result<Option<ContactDetails>>> + Send;

    /// Stores the record, replacing any stored before.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn save_contact_details(&self, details: &ContactDetails) -> impl Future<Output = anyhow::Result<()>> + Send;
}

/// Which technologies a list call wants.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TechnologyFilter {
    pub status: Option<TechnologyStatus>,
    pub category: Option<TechnologyCategory>,
    pub featured: Option<bool>,
    /// Matches name or description, ignoring case.
    pub search: Option<String>,
}

/// Why a technology could not be saved.
#[derive(Debug, thiserror::Error)]
pub enum TechnologySaveError {
    /// Another technology has the same name, ignoring case.
    #[error("a technology with this name already exists")]
    DuplicateName,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// What deleting a technology did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TechnologyDeletion {
    Deleted,
    NotFound,
    /// Projects still list it; nothing was deleted.
    InUse,
}

/// Stored technologies.
pub trait TechnologyRepository: Send + Sync + 'static {
    /// Technologies matching `filter`, ascending by display order then name (ignoring case), one page
    /// of them.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn list_technologies(
        &self,
        filter: TechnologyFilter,
        page: PageRequest,
    ) -> impl Future<Output = anyhow::Result<Vec<Technology>>> + Send;

    /// How many technologies with `status` (any status when `None`) each category holds; categories
    /// without any are left out.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn count_technologies_by_category(
        &self,
        status: Option<TechnologyStatus>,
    ) -> impl Future<Output = anyhow::Result<HashMap<TechnologyCategory, u64>>> + Send;

    /// The technology with this id, if any.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_technology(&self, id: EntityId) -> impl Future<Output = anyhow::Result<Option<Technology>>> + Send;

    /// Which of `ids` name stored technologies.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn existing_technologies(&self, ids: &[EntityId]) -> impl Future<Output = anyhow::Result<Vec<EntityId>>> + Send;

    /// How many projects (with `status`, or any status when `None`) list each of `ids`, in one
    /// query; technologies no such project lists are left out.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn technology_usage(
        &self,
        ids: &[EntityId],
        status: Option<ProjectStatus>,
    ) -> impl Future<Output = anyhow::Result<HashMap<EntityId, u64>>> + Send;

    /// Stores a new technology.
    ///
    /// # Errors
    /// [`TechnologySaveError::DuplicateName`] when the name is taken, ignoring case.
    fn insert_technology(
        &self,
        technology: &Technology,
    ) -> impl Future<Output = Result<(), TechnologySaveError>> + Send;

    /// Replaces a stored technology; `false` when no technology has its id.
    ///
    /// # Errors
    /// [`TechnologySaveError::DuplicateName`] when another technology has the name, ignoring case.
    fn update_technology(
        &self,
        technology: &Technology,
    ) -> impl Future<Output = Result<bool, TechnologySaveError>> + Send;

    /// Deletes a technology unless a project lists it.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn delete_technology(&self, id: EntityId) -> impl Future<Output = anyhow::Result<TechnologyDeletion>> + Send;
}

/// Which projects a list call wants.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProjectFilter {
    pub status: Option<ProjectStatus>,
    pub featured: Option<bool>,
    /// Matches the category name exactly, ignoring case.
    pub category: Option<String>,
    /// Matches title, client, short description or description, ignoring case.
    pub search: Option<String>,
}

/// Why a project could not be saved.
#[derive(Debug, thiserror::Error)]
pub enum ProjectSaveError {
    /// Another project has the slug.
    #[error("a project with this slug already exists")]
    DuplicateSlug,
    /// A listed technology no longer exists (deleted meanwhile).
    #[error("a listed technology does not exist")]
    UnknownTechnology,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// Stored portfolio projects.
pub trait ProjectRepository: Send + Sync + 'static {
    /// One page of the projects matching `filter`, in `sort` order, with the total count.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn list_projects(
        &self,
        filter: ProjectFilter,
        sort: ProjectSort,
        page: PageRequest,
    ) -> impl Future<Output = anyhow::Result<Page<Project>>> + Send;

    /// The project with this id, if any.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_project(&self, id: EntityId) -> impl Future<Output = anyhow::Result<Option<Project>>> + Send;

    /// The project with this slug, if any.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_project_by_slug(&self, slug: &Slug) -> impl Future<Output = anyhow::Result<Option<Project>>> + Send;

    /// Whether a project other than `except` has this slug.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn project_slug_taken(
        &self,
        slug: &Slug,
        except: Option<EntityId>,
    ) -> impl Future<Output = anyhow::Result<bool>> + Send;

    /// Stores a new project.
    ///
    /// # Errors
    /// [`ProjectSaveError::DuplicateSlug`] when the slug is taken; [`ProjectSaveError::UnknownTechnology`]
    /// when a listed technology does not exist.
    fn insert_project(&self, project: &Project) -> impl Future<Output = Result<(), ProjectSaveError>> + Send;

    /// Replaces a stored project; `false` when no project has its id.
    ///
    /// # Errors
    /// As [`ProjectRepository::insert_project`].
    fn update_project(&self, project: &Project) -> impl Future<Output = Result<bool, ProjectSaveError>> + Send;

    /// Deletes a project; `false` when none had this id.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn delete_project(&self, id: EntityId) -> impl Future<Output = anyhow::Result<bool>> + Send;
}

/// The store as a whole.
pub trait StoreStatus: Send + Sync + 'static {
    /// Succeeds when the store answers a trivial query.
    ///
    /// # Errors
    /// When the store cannot be reached.
    fn ping(&self) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// Whether no content at all has been stored yet (the condition for seeding demo content).
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn is_empty(&self) -> impl Future<Output = anyhow::Result<bool>> + Send;
}

/// What saving a record with a unique field came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SaveOutcome {
    Saved,
    /// Another record already holds the unique value.
    Conflict,
    NotFound,
}

/// Stored accounts. Emails are unique.
pub trait UserRepository: Send + Sync + 'static {
    /// # Errors
    /// Only infrastructure faults.
    fn count_users(&self) -> impl Future<Output = anyhow::Result<u64>> + Send;

    /// # Errors
    /// Only infrastructure faults.
    fn find_user(&self, id: EntityId) -> impl Future<Output = anyhow::Result<Option<User>>> + Send;

    /// # Errors
    /// Only infrastructure faults.
    fn find_user_by_email(&self, email: &Email) -> impl Future<Output = anyhow::Result<Option<User>>> + Send;

    /// Stores a new account; [`SaveOutcome::Conflict`] when its email is taken.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn insert_user(&self, user: &User) -> impl Future<Output = anyhow::Result<SaveOutcome>> + Send;

    /// Replaces a stored account; [`SaveOutcome::Conflict`] when its new email is taken.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn update_user(&self, user: &User) -> impl Future<Output = anyhow::Result<SaveOutcome>> + Send;
}

/// A signed-in session: the server-side record behind one token, so a token can be revoked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    /// The token's `jti`.
    pub id: EntityId,
    pub user_id: EntityId,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    pub revoked_at: Option<DateTime<Utc>>,
}

/// Stored sessions.
pub trait SessionRepository: Send + Sync + 'static {
    /// # Errors
    /// Only infrastructure faults.
    fn insert_session(&self, session: &Session) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// # Errors
    /// Only infrastructure faults.
    fn find_session(&self, id: EntityId) -> impl Future<Output = anyhow::Result<Option<Session>>> + Send;

    /// Revokes one session (a no-op when already revoked).
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn revoke_session(&self, id: EntityId, at: DateTime<Utc>) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// Revokes every live session of a user but `keep`.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn revoke_other_sessions(
        &self,
        user_id: EntityId,
        keep: EntityId,
        at: DateTime<Utc>,
    ) -> impl Future<Output = anyhow::Result<()>> + Send;
}

/// The times of recent sign-in failures, oldest first.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RecentFailures {
    pub by_email: Vec<DateTime<Utc>>,
    pub by_address: Vec<DateTime<Utc>>,
}

/// Failed sign-in attempts, kept in the database so the limits hold across restarts and instances.
pub trait LoginAttemptRepository: Send + Sync + 'static {
    /// Records a failure for an email (as typed, lowercased) from an address.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn record_login_failure(
        &self,
        email: &str,
        address: &str,
        at: DateTime<Utc>,
    ) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// The failure times since `since`, oldest first: for the email, and from the address.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn login_failures_since(
        &self,
        email: &str,
        address: &str,
        since: DateTime<Utc>,
    ) -> impl Future<Output = anyhow::Result<RecentFailures>> + Send;

    /// Forgets an email's failures (after a successful sign-in).
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn clear_login_failures(&self, email: &str) -> impl Future<Output = anyhow::Result<()>> + Send;
}

/// Password hashing, done off the request threads.
pub trait PasswordHasher: Send + Sync + 'static {
    /// # Errors
    /// Only faults of the hashing itself.
    fn hash(&self, password: &Password) -> impl Future<Output = anyhow::Result<PasswordHash>> + Send;

    /// Whether `password` matches `hash`. With `None` it checks against a fixed hash and answers
    /// `false`, taking as long as a real check, so an unknown account cannot be told from a wrong
    /// password by timing.
    ///
    /// # Errors
    /// Only faults of the hashing itself.
    fn verify(&self, password: &str, hash: Option<&PasswordHash>) -> impl Future<Output = anyhow::Result<bool>> + Send;
}

/// What a token says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenClaims {
    pub session_id: EntityId,
    pub user_id: EntityId,
    pub issued_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
}

/// A token that is malformed, forged, of another algorithm, or expired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("invalid or expired token")]
pub struct InvalidToken;

/// Signs and checks bearer tokens.
pub trait TokenIssuer: Send + Sync + 'static {
    /// # Errors
    /// Only faults of the signing itself.
    fn issue(&self, claims: &TokenClaims) -> anyhow::Result<String>;

    /// # Errors
    /// [`InvalidToken`] for anything but a well-signed, unexpired token.
    fn decode(&self, token: &str) -> Result<TokenClaims, InvalidToken>;
}

/// Everything the application needs from its storage: the bound the HTTP layer and the wiring use.
pub trait Store:
    ServiceRepository
    + SettingsRepository
    + ContactRepository
    + ProjectRequestRepository
    + CategoryRepository
    + TagRepository
    + PostRepository
    + TestimonialRepository
    + TeamRepository
    + FaqRepository
    + ContentRepository
    + ContactDetailsRepository
    + TechnologyRepository
    + ProjectRepository
    + UserRepository
    + SessionRepository
    + LoginAttemptRepository
    + StoreStatus
    + Clone
{
}

impl<T> Store for T where
    T: ServiceRepository
        + SettingsRepository
        + ContactRepository
        + ProjectRequestRepository
        + CategoryRepository
        + TagRepository
        + PostRepository
        + TestimonialRepository
        + TeamRepository
        + FaqRepository
        + ContentRepository
        + ContactDetailsRepository
        + TechnologyRepository
        + ProjectRepository
        + UserRepository
        + SessionRepository
        + LoginAttemptRepository
        + StoreStatus
        + Clone
{
}
