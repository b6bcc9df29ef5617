//! The in-memory newsletter list.

use atelier_domain::subscriber::Subscriber;
use atelier_domain::user::Email;
use atelier_domain::{Page, PageRequest};

use super::ports::{SubscriberFilter, SubscriberRepository, SubscriberSaveError};
use crate::fake::{FakeRecord, InMemoryStore, Tables, matches, paged};

impl FakeRecord for Subscriber {
    /// The database's unique indexes: one row per address and per token.
    fn check(tables: &Tables, record: &Self) -> Result<(), SubscriberSaveError> {
        let clash = tables
            .rows::<Subscriber>()
            .iter()
            .any(|other| other.id != record.id && (other.email == record.email || other.token == record.token));
        if clash { Err(SubscriberSaveError::DuplicateEmail) } else { Ok(()) }
    }
}

impl SubscriberRepository for InMemoryStore {
    async fn list_subscribers(&self, filter: &SubscriberFilter, page: PageRequest) -> anyhow::Result<Page<Subscriber>> {
        self.with(|tables| {
            let mut found: Vec<_> = tables
                .rows::<Subscriber>()
                .iter()
                .filter(|subscriber| filter.status.is_none_or(|status| subscriber.status == status))
                .filter(|subscriber| matches(filter.search.as_deref(), &[subscriber.email.as_str()]))
                .cloned()
                .collect();
            found.sort_by(|a, b| b.created_at.cmp(&a.created_at).then(b.id.cmp(&a.id)));
            Ok(paged(&found, page))
        })
    }

    async fn find_subscriber_by_email(&self, email: &Email) -> anyhow::Result<Option<Subscriber>> {
        self.with(|tables| {
            Ok(tables.rows::<Subscriber>().iter().find(|subscriber| &subscriber.email == email).cloned())
        })
    }

    async fn find_subscriber_by_token(&self, token: &str) -> anyhow::Result<Option<Subscriber>> {
        self.with(|tables| Ok(tables.rows::<Subscriber>().iter().find(|subscriber| subscriber.token == token).cloned()))
    }
}
