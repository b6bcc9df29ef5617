//! The in-memory contact details: a table of at most one row.

use atelier_domain::contact_details::ContactDetails;

use super::ports::ContactDetailsRepository;
use crate::fake::InMemoryStore;

impl ContactDetailsRepository for InMemoryStore {
    async fn load_contact_details(&self) -> anyhow::Result<Option<ContactDetails>> {
        self.with(|tables| Ok(tables.rows::<ContactDetails>().first().cloned()))
    }

    async fn save_contact_details(&self, details: &ContactDetails) -> anyhow::Result<()> {
        self.with(|tables| *tables.rows_mut() = vec![details.clone()]);
        Ok(())
    }
}
