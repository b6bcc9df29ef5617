//! The in-memory contact inbox.

use atelier_domain::contact::{ContactMessage, unread_count};
use atelier_domain::{Page, PageRequest};

use super::ports::{ContactFilter, ContactRepository};
use crate::fake::{FakeRecord, InMemoryStore, matches, paged};

impl FakeRecord for ContactMessage {}

impl ContactRepository for InMemoryStore {
    async fn list_contacts(&self, filter: &ContactFilter, page: PageRequest) -> anyhow::Result<Page<ContactMessage>> {
        self.with(|tables| {
            let mut found: Vec<_> = tables
                .rows::<ContactMessage>()
                .iter()
                .filter(|message| message.spam == filter.spam)
                .filter(|message| filter.status.is_none_or(|status| message.status == status))
                .filter(|message| matches(filter.search.as_deref(), &[&message.name, &message.email, &message.subject]))
                .cloned()
                .collect();
            found.sort_by(|a, b| b.created_at.cmp(&a.created_at).then(b.id.cmp(&a.id)));
            Ok(paged(&found, page))
        })
    }

    async fn count_unread_contacts(&self) -> anyhow::Result<u64> {
        self.with(|tables| {
            Ok(unread_count(
                tables.rows::<ContactMessage>().iter().filter(|message| !message.spam).map(|message| message.status),
            ))
        })
    }
}
