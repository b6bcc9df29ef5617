//! The ports: what the use cases need from the outside world. Adapters implement them; the SeaORM
//! adapter implements all of them on one store type.

use std::future::Future;

use atelier_domain::contact_details::ContactDetails;
use atelier_domain::content::{ContentPage, PageType};
use atelier_domain::faq::{Faq, FaqCategory, FaqStats, FaqStatus};
use atelier_domain::ordering::Placement;
use atelier_domain::service::{Service, ServiceStatus};
use atelier_domain::settings::Settings;
use atelier_domain::team::{TeamMember, TeamMemberStatus};
use atelier_domain::testimonial::{Testimonial, TestimonialStatus};
use atelier_domain::{EntityId, Page, PageRequest};

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

/// Everything the application needs from its storage: the bound the HTTP layer and the wiring use.
pub trait Store:
    ServiceRepository
    + SettingsRepository
    + TestimonialRepository
    + TeamRepository
    + FaqRepository
    + ContentRepository
    + ContactDetailsRepository
    + StoreStatus
    + Clone
{
}

impl<
    T: ServiceRepository
        + SettingsRepository
        + TestimonialRepository
        + TeamRepository
        + FaqRepository
        + ContentRepository
        + ContactDetailsRepository
        + StoreStatus
        + Clone,
> Store for T
{
}
