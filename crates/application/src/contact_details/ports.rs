//! What the contact details need from storage.

use std::future::Future;

use atelier_domain::contact_details::ContactDetails;

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
    fn save_contact_details(&self, details: &mut ContactDetails) -> impl Future<Output = anyhow::Result<()>> + Send;
}
