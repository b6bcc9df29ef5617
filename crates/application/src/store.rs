//! The store as a whole: its health, and [`Store`], the one bound for "every storage port" that the
//! HTTP layer and the wiring use.

use std::future::Future;

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

/// Writes [`Store`] and its blanket implementation from one list of ports.
macro_rules! store {
    ($($port:path),+ $(,)?) => {
        /// Everything the application needs from its storage. Implemented by every type that
        /// implements all the storage ports; a new entity adds its port to the list below.
        pub trait Store: $($port +)+ StoreStatus + Clone {}

        impl<T> Store for T where T: $($port +)+ StoreStatus + Clone {}
    };
}

store![
    crate::accounts::ports::UserRepository,
    crate::accounts::ports::SessionRepository,
    crate::accounts::ports::InvitationRepository,
    crate::accounts::ports::TwoFactorRepository,
    crate::accounts::ports::SignInChallengeRepository,
    crate::audit::ports::AuditRepository,
    crate::blog::ports::PostRepository,
    crate::categories::ports::CategoryRepository,
    crate::contact_details::ports::ContactDetailsRepository,
    crate::contacts::ports::ContactRepository,
    crate::content::ports::ContentRepository,
    crate::faqs::ports::FaqRepository,
    crate::freshness::ports::GenerationRepository,
    crate::home_page::ports::HomePageRepository,
    crate::insights::ports::PageViewRepository,
    crate::insights::ports::InsightsRepository,
    crate::media::ports::MediaRepository,
    crate::newsletter::ports::SubscriberRepository,
    crate::notifications::ports::OutboxRepository,
    crate::portfolio::ports::ProjectRepository,
    crate::project_requests::ports::ProjectRequestRepository,
    crate::redirects::ports::RedirectRepository,
    crate::revisions::ports::RevisionRepository<atelier_domain::post::Post>,
    crate::revisions::ports::RevisionRepository<atelier_domain::portfolio::Project>,
    crate::revisions::ports::RevisionRepository<atelier_domain::content::ContentPage>,
    crate::revisions::ports::RevisionRepository<atelier_domain::home_page::HomePage>,
    crate::services::ports::ServiceRepository,
    crate::settings::ports::SettingsRepository,
    crate::spam::ports::SpamRepository,
    crate::spam::ports::UsedChallengeRepository,
    crate::limits::ports::AttemptLog,
    crate::presence::ports::PresenceRepository,
    crate::tags::ports::TagRepository,
    crate::webhooks::ports::WebhookRepository,
    crate::team::ports::TeamRepository,
    crate::technologies::ports::TechnologyRepository,
    crate::visitors::ports::VisitorSaltRepository,
    crate::testimonials::ports::TestimonialRepository,
    crate::translations::ports::TranslationRepository,
    crate::translations::ports::TranslationRevisionRepository,
    crate::translations::ports::SiteLanguages,
];
