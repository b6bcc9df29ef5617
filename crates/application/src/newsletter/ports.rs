//! What the newsletter needs from storage.

use std::future::Future;

use atelier_domain::subscriber::{Subscriber, SubscriberStatus};
use atelier_domain::user::Email;
use atelier_domain::{Page, PageRequest};

use crate::records::{Record, RecordRepository};

impl Record for Subscriber {
    const LABEL: &'static str = "Subscriber";
    type SaveError = SubscriberSaveError;
    type DeleteError = anyhow::Error;

    crate::records::record_fields!();

    fn title(&self) -> String {
        self.email.as_str().to_owned()
    }
}

/// Why an address could not be stored.
#[derive(Debug, thiserror::Error)]
pub enum SubscriberSaveError {
    /// The address is already stored (another sign-up of it landed first).
    #[error("this address is already subscribed")]
    DuplicateEmail,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// Which addresses a list call wants.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SubscriberFilter {
    pub status: Option<SubscriberStatus>,
    /// Matched case-insensitively anywhere in the address.
    pub search: Option<String>,
}

/// Stored newsletter addresses; each address at most once (the store enforces it).
pub trait SubscriberRepository: RecordRepository<Subscriber> {
    /// Addresses matching `filter`, newest first, one page of them with the total that matched.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn list_subscribers(
        &self,
        filter: &SubscriberFilter,
        page: PageRequest,
    ) -> impl Future<Output = anyhow::Result<Page<Subscriber>>> + Send;

    /// The subscriber with this address, if any.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_subscriber_by_email(
        &self,
        email: &Email,
    ) -> impl Future<Output = anyhow::Result<Option<Subscriber>>> + Send;

    /// The subscriber whose links carry this token, if any.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn find_subscriber_by_token(&self, token: &str) -> impl Future<Output = anyhow::Result<Option<Subscriber>>> + Send;
}
