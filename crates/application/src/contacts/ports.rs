//! What the contact inbox needs from storage.

use std::future::Future;

use atelier_domain::contact::{ContactMessage, ContactStatus};
use atelier_domain::{Page, PageRequest};

use crate::records::{Record, RecordRepository};

impl Record for ContactMessage {
    const LABEL: &'static str = "Contact message";
    type SaveError = anyhow::Error;
    type DeleteError = anyhow::Error;

    crate::records::record_fields!();

    fn title(&self) -> String {
        format!("{}: {}", self.name, self.subject)
    }
}

/// Which contact messages a list call wants.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ContactFilter {
    pub status: Option<ContactStatus>,
    /// Matched case-insensitively anywhere in the name, email or subject.
    pub search: Option<String>,
    /// Only messages kept as spam when true; only the others when false.
    pub spam: bool,
}

/// Stored contact messages.
pub trait ContactRepository: RecordRepository<ContactMessage> {
    /// Messages matching `filter`, newest first, one page of them with the total that matched.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn list_contacts(
        &self,
        filter: &ContactFilter,
        page: PageRequest,
    ) -> impl Future<Output = anyhow::Result<Page<ContactMessage>>> + Send;

    /// How many stored messages have status `new`, across the whole inbox, spam aside.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn count_unread_contacts(&self) -> impl Future<Output = anyhow::Result<u64>> + Send;
}
