//! Who else is editing a record: a form open for editing sends a heartbeat every few seconds
//! ([`Presences::heartbeat`]) and is answered with the other people present there (seen within
//! the domain's 30 s window, `atelier_domain::presence`); leaving removes the entry at once
//! ([`Presences::leave`]), and an entry nobody refreshes is gone 30 s after its last heartbeat.
//! Entries live in the store, so every instance on one database sees the same people.

pub mod ports;

#[cfg(test)]
mod fake;

use atelier_domain::EntityId;
use atelier_domain::presence::{RecordRef, forget_before, others_present};
use chrono::{DateTime, Utc};

use crate::accounts::ports::UserRepository;
use crate::ports::Clock;
use ports::PresenceRepository;

/// Another person with the record open.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Editor {
    pub account: EntityId,
    pub name: String,
    /// When they opened it.
    pub since: DateTime<Utc>,
}

/// The presence use cases.
#[derive(Debug, Clone)]
pub struct Presences<S, C> {
    store: S,
    clock: C,
}

impl<S: PresenceRepository + UserRepository, C: Clock> Presences<S, C> {
    pub const fn new(store: S, clock: C) -> Self {
        Self { store, clock }
    }

    /// Marks `account` present at `record` now and answers who else is there, the longest there
    /// first (accounts removed meanwhile are left out).
    ///
    /// # Errors
    /// Only infrastructure faults.
    pub async fn heartbeat(&self, account: EntityId, record: &RecordRef) -> anyhow::Result<Vec<Editor>> {
        let now = self.clock.now();
        self.store.touch_presence(record, account, now, forget_before(now)).await?;
        let entries = self.store.presence_at(record).await?;
        let mut editors = Vec::new();
        for entry in others_present(&entries, account, now) {
            if let Some(user) = self.store.find_user(entry.account).await? {
                editors.push(Editor { account: entry.account, name: user.name, since: entry.since });
            }
        }
        Ok(editors)
    }

    /// Removes `account` from `record` at once.
    ///
    /// # Errors
    /// Only infrastructure faults.
    pub async fn leave(&self, account: EntityId, record: &RecordRef) -> anyhow::Result<()> {
        self.store.leave_presence(record, account).await
    }
}

#[cfg(test)]
mod tests {
    use atelier_domain::user::{Email, PasswordHash, Role, User};
    use chrono::Duration;

    use super::*;
    use crate::fake::{FakeClock, InMemoryStore};

    async fn account(store: &InMemoryStore, clock: &FakeClock, name: &str) -> EntityId {
        let id = clock.new_id();
        let user = User {
            id,
            email: Email::parse(&format!("{}@example.com", name.to_lowercase())).unwrap(),
            name: name.to_owned(),
            role: Role::Editor,
            password_hash: PasswordHash::new("x".into()),
            must_change_password: false,
            created_at: clock.now(),
            updated_at: clock.now(),
        };
        let _ = store.insert_user(&user).await.unwrap();
        id
    }

    #[tokio::test]
    async fn each_sees_the_others_until_they_leave_or_stop_for_thirty_seconds() {
        let (store, clock) = (InMemoryStore::default(), FakeClock::default());
        let presences = Presences::new(store.clone(), clock.clone());
        let (ana, ben) = (account(&store, &clock, "Ana").await, account(&store, &clock, "Ben").await);
        let post = RecordRef::parse("post", "65f1c2a9b4e8d70012345678").unwrap();
        let other = RecordRef::parse("post", "65f1c2a9b4e8d70012345679").unwrap();

        assert!(presences.heartbeat(ana, &post).await.unwrap().is_empty(), "alone");
        let opened = clock.now();
        clock.advance(Duration::seconds(5));
        let seen = presences.heartbeat(ben, &post).await.unwrap();
        assert_eq!(seen, [Editor { account: ana, name: "Ana".into(), since: opened }]);
        assert!(presences.heartbeat(ben, &other).await.unwrap().is_empty(), "another record");

        clock.advance(Duration::seconds(10));
        let seen = presences.heartbeat(ana, &post).await.unwrap();
        assert_eq!(seen.iter().map(|editor| editor.name.as_str()).collect::<Vec<_>>(), ["Ben"]);
        assert_eq!(presences.heartbeat(ben, &post).await.unwrap()[0].since, opened, "since is kept");

        presences.leave(ana, &post).await.unwrap();
        assert!(presences.heartbeat(ben, &post).await.unwrap().is_empty(), "Ana left");

        presences.heartbeat(ana, &post).await.unwrap();
        clock.advance(Duration::seconds(30));
        assert!(presences.heartbeat(ben, &post).await.unwrap().is_empty(), "Ana stopped 30 s ago");
        let back = clock.now();
        assert_eq!(presences.heartbeat(ana, &post).await.unwrap().len(), 1);
        clock.advance(Duration::seconds(1));
        let seen = presences.heartbeat(ben, &post).await.unwrap();
        assert_eq!(seen[0].since, back, "a return after going is a new stay");
    }
}
