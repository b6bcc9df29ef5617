//! The agency's contact details: read by everyone, saved whole by administrators.

#[cfg(test)]
mod fake;
pub mod ports;

use atelier_domain::FieldErrors;
use atelier_domain::contact_details::{ContactDetails, ContactDetailsInput};

use self::ports::ContactDetailsRepository;
use crate::ports::Clock;
use crate::records::LookupError;

/// Saving the contact details failed.
#[derive(Debug, thiserror::Error)]
pub enum ContactDetailsSaveError {
    #[error("Validation failed")]
    Invalid(FieldErrors),
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// The contact details use cases.
#[derive(Debug, Clone)]
pub struct ContactInfo<S, C> {
    store: S,
    clock: C,
}

impl<S: ContactDetailsRepository, C: Clock> ContactInfo<S, C> {
    pub fn new(store: S, clock: C) -> Self {
        Self { store, clock }
    }

    /// The stored record; not found until one is saved (the site then shows its fallback).
    pub async fn get(&self) -> Result<ContactDetails, LookupError> {
        self.store.load_contact_details().await?.ok_or(LookupError::NotFound("Contact details"))
    }

    /// Replaces the whole record.
    pub async fn save(&self, input: ContactDetailsInput) -> Result<ContactDetails, ContactDetailsSaveError> {
        let mut details = ContactDetails::parse(input, self.clock.now()).map_err(ContactDetailsSaveError::Invalid)?;
        // The new record replaces the stored one from the version it has.
        details.meta = self.store.load_contact_details().await?.map(|stored| stored.meta).unwrap_or_default();
        self.store.save_contact_details(&mut details).await?;
        Ok(details)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fake::{FakeClock, InMemoryStore};

    #[tokio::test]
    async fn details_are_not_found_until_saved_and_invalid_ones_are_not_stored() {
        let info = ContactInfo::new(InMemoryStore::default(), FakeClock::default());
        assert!(matches!(info.get().await, Err(LookupError::NotFound(_))));
        let bad = ContactDetailsInput { email: Some("x@y.io".into()), ..ContactDetailsInput::default() };
        assert!(matches!(info.save(bad).await, Err(ContactDetailsSaveError::Invalid(_))));
        assert!(info.get().await.is_err());
        let good = ContactDetailsInput {
            email: Some("x@y.io".into()),
            phone: Some("+1 555".into()),
            address: Some("Here".into()),
            ..ContactDetailsInput::default()
        };
        let saved = info.save(good).await.unwrap();
        assert_eq!(info.get().await.unwrap(), saved);
    }
}
