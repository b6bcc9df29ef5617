//! The in-memory contact details: a table of at most one row.

use atelier_domain::contact_details::ContactDetails;

use super::ports::ContactDetailsRepository;
use crate::fake::InMemoryStore;

impl ContactDetailsRepository for InMemoryStore {
    async fn load_contact_details(&self) -> anyhow::Result<Option<ContactDetails>> {
        self.with(|tables| Ok(tables.rows::<ContactDetails>().first().cloned()))
    }

    async fn save_contact_details(&self, details: &mut ContactDetails) -> anyhow::Result<()> {
        self.with(|tables| {
            let stored = tables.rows::<ContactDetails>().first().map(|stored| stored.meta.version);
            details.meta = crate::fake::saved_meta("contact-details", stored, &details.meta)?;
            *tables.rows_mut() = vec![details.clone()];
            Ok(())
        })
    }
}
